//! Helpers shared by integration tests (`mod common;` in a test file).

use std::io::Write;
use std::sync::{Arc, Mutex};

/// An in-memory output that the test keeps a handle on: clone it, give
/// one copy to the protocol loop as its stdout, and read what was written
/// through the other.
#[derive(Clone, Default)]
pub struct Sink(pub Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

//! A printing subcommand whose reader goes away (`chuhe perft ... | head`)
//! stops quietly, as Unix tools do, instead of panicking on the broken
//! pipe.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

#[test]
fn perft_stops_quietly_when_its_reader_closes_the_pipe() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["perft", "--depth", "4", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chuhe starts");
    // close the read end before the first line (perft counts first)
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert_ne!(status.code(), Some(101), "a panic's exit code");
    // it either finished before writing (unlikely) or stopped by SIGPIPE
    assert!(
        status.success() || status.signal() == Some(libc::SIGPIPE),
        "status {status:?}, stderr: {stderr}"
    );
}

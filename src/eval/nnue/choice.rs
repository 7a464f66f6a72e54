//! The evaluator settings: `eval` (which evaluator plays) and `evalfile`
//! (which net the `net` evaluator uses: the embedded one unless a file is
//! loaded).

use super::file::NetFileError;
use super::network::Network;
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use thiserror::Error;

/// Which evaluator the search uses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// The five-part weighted evaluator (`--paper` and `profile=paper`
    /// always use it).
    Classic,
    /// The network: the default since it won its equal-time match
    /// against the five parts (issue 56).
    #[default]
    Net,
}

/// Choices of `eval`, as the option table lists them.
pub const EVAL_KINDS: &[&str] = &["classic", "net"];

impl FromStr for EvalKind {
    type Err = String;

    /// `classic` or `net` (case-insensitive).
    fn from_str(s: &str) -> Result<EvalKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "classic" => Ok(EvalKind::Classic),
            "net" => Ok(EvalKind::Net),
            _ => Err(format!(
                "unknown evaluator '{s}' (expected 'classic' or 'net')"
            )),
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EvalKind::Classic => "classic",
            EvalKind::Net => "net",
        })
    }
}

/// Why a net file could not be loaded.
#[derive(Debug, Error)]
pub enum NetLoadError {
    /// The file could not be read.
    #[error("cannot read net file '{path}': {source}")]
    Io {
        /// The path given.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a net of this build's architecture, or damaged.
    #[error("net file '{path}' refused: {source}")]
    Format {
        /// The path given.
        path: String,
        /// What was wrong.
        source: NetFileError,
    },
}

/// The net the `net` evaluator uses: the embedded one, or one loaded from
/// a file (`evalfile`). Options compare equal when they hold the same
/// loaded net.
#[derive(Clone, Default)]
pub struct NetChoice(Option<Arc<Network>>);

impl NetChoice {
    /// The embedded net.
    pub fn embedded() -> NetChoice {
        NetChoice(None)
    }

    /// The net in the file at `path` (read and checked now).
    pub fn load(path: &str) -> Result<NetChoice, NetLoadError> {
        let bytes = std::fs::read(Path::new(path)).map_err(|source| NetLoadError::Io {
            path: path.to_string(),
            source,
        })?;
        let net = Network::from_bytes(&bytes, path).map_err(|source| NetLoadError::Format {
            path: path.to_string(),
            source,
        })?;
        Ok(NetChoice(Some(Arc::new(net))))
    }

    /// The network to evaluate with.
    pub fn network(&self) -> Arc<Network> {
        match &self.0 {
            Some(net) => Arc::clone(net),
            None => super::embedded(),
        }
    }

    /// The loaded file's path, or empty for the embedded net (the
    /// `evalfile` option's value).
    pub fn path(&self) -> String {
        self.0
            .as_ref()
            .map(|n| n.source().to_string())
            .unwrap_or_default()
    }
}

impl PartialEq for NetChoice {
    fn eq(&self, other: &NetChoice) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl fmt::Debug for NetChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("NetChoice(embedded)"),
            Some(n) => write!(f, "NetChoice({})", n.source()),
        }
    }
}

//! Why a setting was refused: the one error type of the option table,
//! the switches and the tunables.

/// Why a setting was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No setting of that name.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// A number outside the setting's range.
    #[error("{key}={value} is out of range (from {min} to {max})")]
    OutOfRange {
        /// The setting.
        key: String,
        /// The value given.
        value: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A value of the wrong kind.
    #[error("{key}: {reason}")]
    Invalid {
        /// The setting.
        key: String,
        /// What was wrong.
        reason: String,
    },
}

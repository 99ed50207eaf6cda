//! Errors in designers' RON files, naming the file, line and column.

use std::fmt;

/// A configuration file that could not be used: where, and why. The previous good values
/// stay in force wherever such an error is reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file's name as the caller gave it (e.g. `config/search.ron`).
    pub file: String,
    /// 1-based line of the problem (0 when the whole file is concerned).
    pub line: usize,
    /// 1-based column of the problem (0 when the whole file is concerned).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ConfigError {
    /// A RON parse or type error at the position RON reports.
    pub fn from_ron(file: &str, error: &ron::error::SpannedError) -> ConfigError {
        ConfigError {
            file: file.to_string(),
            line: error.span.start.line,
            column: error.span.start.col,
            message: error.code.to_string(),
        }
    }

    /// A problem with a value that parsed, found by validation.
    pub fn invalid(file: &str, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for ConfigError {}

/// Parses a RON document into `T`, naming `file` in any error.
///
/// # Errors
/// [`ConfigError`] with the line and column RON reports.
pub fn parse_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, ConfigError> {
    ron::Options::default()
        .from_str(text)
        .map_err(|e| ConfigError::from_ron(file, &e))
}

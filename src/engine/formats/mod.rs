//! Text forms of positions and games: transcripts and OBF positions ([`notation`]) and GGF
//! game records ([`ggf`]); and binary files: the WTHOR game database's ([`wthor`]), with
//! [`ByteError`] for what is wrong where in a binary file (Edax's books use it too).

use std::fmt;

pub mod ggf;
pub mod notation;
pub mod wthor;

/// What is wrong with a binary file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteError {
    /// The byte offset in the file where it goes wrong.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ByteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ByteError {}

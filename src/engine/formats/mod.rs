//! Text forms of positions and games: transcripts and OBF positions ([`notation`]) and GGF
//! game records ([`ggf`]); and binary files: the WTHOR game database's ([`wthor`]), with
//! [`ByteError`] for what is wrong where in a binary file and [`ByteReader`] to read one
//! (Edax's books and the game database's index use them too).

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

/// A little-endian reader over a binary file's bytes that names the offset of what it
/// cannot read.
pub(crate) struct ByteReader<'a> {
    /// The file.
    pub bytes: &'a [u8],
    /// Where the next read starts.
    pub at: usize,
}

impl ByteReader<'_> {
    /// The next `n` bytes, or where the file ends inside `what`.
    pub fn take(&mut self, n: usize, what: &str) -> Result<&[u8], ByteError> {
        let end = self.at.saturating_add(n);
        let slice = self.bytes.get(self.at..end).ok_or_else(|| ByteError {
            offset: self.at,
            message: format!(
                "the file ends inside {what} ({} bytes left, {n} needed)",
                self.bytes.len() - self.at
            ),
        })?;
        self.at = end;
        Ok(slice)
    }

    /// A byte.
    pub fn u8(&mut self, what: &str) -> Result<u8, ByteError> {
        Ok(self.take(1, what)?[0])
    }

    /// A 16-bit number.
    pub fn u16(&mut self, what: &str) -> Result<u16, ByteError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    /// A 32-bit number.
    pub fn u32(&mut self, what: &str) -> Result<u32, ByteError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A 64-bit number.
    pub fn u64(&mut self, what: &str) -> Result<u64, ByteError> {
        let b = self.take(8, what)?;
        let mut word = [0u8; 8];
        word.copy_from_slice(b);
        Ok(u64::from_le_bytes(word))
    }
}

/// FNV-1a, 64 bits, of `bytes` after `hash` (start from [`FNV_OFFSET`]): the checksum of the
/// book's text and of the game database's index.
pub(crate) fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// FNV-1a's starting hash.
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

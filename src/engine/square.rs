//! Squares of the board, named `a1`..`h8`.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares: index `8 * row + column`, both from 0, so a1 = 0, h1 = 7, h8 = 63
/// (see the drawing in the engine's `bitboard` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index.
    ///
    /// # Panics
    /// When `index >= 64` (in debug builds; release builds keep the low 6 bits).
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// The square with this index, or `None` when it is 64 or more.
    pub const fn try_from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a .. 7 = h) and `row` (0 = row 1 .. 7 = row 8).
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// Index 0..64 (a1 = 0, h8 = 63).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Column 0..8 (a = 0).
    #[inline]
    pub const fn column(self) -> u8 {
        self.0 & 7
    }

    /// Row 0..8 (row 1 = 0).
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 >> 3
    }

    /// The one-square bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 64 squares, a1 first, row by row.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = [b'a' + self.column(), b'1' + self.row()];
        f.write_str(std::str::from_utf8(&name).map_err(|_| fmt::Error)?)
    }
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\": not a square")]
pub struct SquareParseError(pub String);

impl FromStr for Square {
    type Err = SquareParseError;

    /// Parses `a1`..`h8`, either case.
    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let err = || SquareParseError(s.to_string());
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let column = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let row = bytes[1].wrapping_sub(b'1');
        Square::from_coords(column, row).ok_or_else(err)
    }
}

/// Squares separated by spaces, as error messages list them.
pub(crate) fn square_list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
        assert_eq!("e4".parse::<Square>().map(Square::index), Ok(28));
    }

    #[test]
    fn bad_names() {
        for bad in ["c9", "i1", "a0", "a", "a10", "", "1a"] {
            assert_eq!(
                bad.parse::<Square>().unwrap_err().to_string(),
                format!("\"{bad}\": not a square")
            );
        }
    }
}

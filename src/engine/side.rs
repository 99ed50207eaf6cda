//! The two sides, Black and White (named `Side`, not `Color`, so that the game can use
//! Bevy's `Color` beside it).

use std::fmt;
use std::ops::Not;

/// A side: a player's colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The first player (`X` in OBF).
    Black,
    /// The second player (`O` in OBF).
    White,
}

impl Side {
    /// `X` for Black, `O` for White, as OBF writes them.
    pub const fn obf_char(self) -> char {
        match self {
            Side::Black => 'X',
            Side::White => 'O',
        }
    }

    /// +1 for Black, -1 for White: a score from Black's side times this is the same
    /// score from this colour's side (and back).
    pub const fn sign(self) -> i32 {
        match self {
            Side::Black => 1,
            Side::White => -1,
        }
    }
}

impl Not for Side {
    type Output = Side;

    fn not(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Black => "Black",
            Side::White => "White",
        })
    }
}

//! The two players' colours.

use std::fmt;
use std::ops::Not;

/// A player's colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Color {
    /// The first player (`X` in OBF).
    Black,
    /// The second player (`O` in OBF).
    White,
}

impl Color {
    /// `X` for Black, `O` for White, as OBF writes them.
    pub const fn obf_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// +1 for Black, -1 for White: a score from Black's side times this is the same
    /// score from this colour's side (and back).
    pub const fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

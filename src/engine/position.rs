//! A board with colours: whose discs are whose, and who moves.

use crate::engine::board::Board;
use crate::engine::color::Color;
use crate::engine::square::Square;

/// A [`Board`] together with the colour of the side to move, so that Black's and White's
/// discs can be told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs, from the side to move.
    pub board: Board,
    /// The colour of the side to move.
    pub side_to_move: Color,
}

impl Position {
    /// The standard start: Black on d5 and e4, White on d4 and e5, Black to move.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            side_to_move: Color::Black,
        }
    }

    /// The position with these Black and White discs (they must not overlap).
    pub const fn from_colors(black: u64, white: u64, side_to_move: Color) -> Position {
        let board = match side_to_move {
            Color::Black => Board::new(black, white),
            Color::White => Board::new(white, black),
        };
        Position {
            board,
            side_to_move,
        }
    }

    /// Black's discs.
    pub const fn black(&self) -> u64 {
        match self.side_to_move {
            Color::Black => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub const fn white(&self) -> u64 {
        match self.side_to_move {
            Color::Black => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// The colour of the disc on `sq`, if any.
    pub const fn disc(&self, sq: Square) -> Option<Color> {
        if self.black() & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white() & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The position after the side to move plays `sq`, which must be legal.
    pub fn play_unchecked(&self, sq: Square) -> Position {
        Position {
            board: self.board.play_unchecked(sq),
            side_to_move: !self.side_to_move,
        }
    }

    /// The position after a pass.
    pub const fn pass(&self) -> Position {
        Position {
            board: self.board.pass(),
            side_to_move: match self.side_to_move {
                Color::Black => Color::White,
                Color::White => Color::Black,
            },
        }
    }

    /// Black's discs minus White's at the end of the game, empties to the winner.
    pub const fn final_score_black(&self) -> i32 {
        match self.side_to_move {
            Color::Black => self.board.final_score(),
            Color::White => -self.board.final_score(),
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

//! A board with colours: whose discs are whose, and who moves.

use crate::engine::board::Board;
use crate::engine::side::Side;
use crate::engine::square::{Square, square_list};

/// The most empty squares a position can have: the four discs of the start never leave the
/// board. The engine's tables (evaluation phases, solver thresholds) cover 0..=60 empties.
pub const MAX_EMPTIES: u32 = 60;

/// Why discs given square by square are not a position the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A square holds both a Black and a White disc.
    #[error("square {0} holds both colours")]
    Overlap(Square),
    /// Fewer than four discs: more than [`MAX_EMPTIES`] empty squares.
    #[error("{0} empty squares, at most {MAX_EMPTIES} (a game never has fewer than 4 discs)")]
    TooManyEmpties(u32),
}

/// Why a position set up by hand (a board editor) cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not a position at all (overlapping discs, fewer than four).
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A centre square is empty: d4, e4, d5 and e5 hold discs from the first move on.
    #[error(
        "{} must hold a disc: the four centre squares are never empty in Othello",
        square_list(.0)
    )]
    EmptyCentre(Vec<Square>),
}

/// What can happen next in a set-up position that passed [`Position::check_setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupNext {
    /// The side to move has a move.
    Move,
    /// The side to move has none and passes; the other side has one.
    Pass,
    /// Neither side can move: the game is over.
    Over,
}

/// A [`Board`] together with the colour of the side to move, so that Black's and White's
/// discs can be told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs, from the side to move.
    pub board: Board,
    /// The colour of the side to move.
    pub side_to_move: Side,
}

impl Position {
    /// The standard start: Black on d5 and e4, White on d4 and e5, Black to move.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            side_to_move: Side::Black,
        }
    }

    /// The position with these Black and White discs, unchecked: they must not overlap, and
    /// [`Position::try_from_colors`] checks them (and the number of empties) for user input.
    pub const fn from_colors(black: u64, white: u64, side_to_move: Side) -> Position {
        let board = match side_to_move {
            Side::Black => Board::new(black, white),
            Side::White => Board::new(white, black),
        };
        Position {
            board,
            side_to_move,
        }
    }

    /// The position with these Black and White discs, checked: they must not overlap and
    /// there must be at least four of them (at most [`MAX_EMPTIES`] empties). User input goes
    /// through this door; [`Position::from_colors`] is for discs known to be valid.
    ///
    /// # Errors
    /// [`PositionError`] naming the first problem.
    pub fn try_from_colors(
        black: u64,
        white: u64,
        side_to_move: Side,
    ) -> Result<Position, PositionError> {
        if black & white != 0 {
            let sq = Square::from_index((black & white).trailing_zeros() as u8);
            return Err(PositionError::Overlap(sq));
        }
        let empties = 64 - (black | white).count_ones();
        if empties > MAX_EMPTIES {
            return Err(PositionError::TooManyEmpties(empties));
        }
        Ok(Position::from_colors(black, white, side_to_move))
    }

    /// Checks discs set up by hand: a position ([`Position::try_from_colors`]) whose four
    /// centre squares hold discs. It may be one where the side to move must pass, or where
    /// the game is over; the second value says which.
    ///
    /// # Errors
    /// [`SetupError`] naming the first problem.
    pub fn check_setup(
        black: u64,
        white: u64,
        side_to_move: Side,
    ) -> Result<(Position, SetupNext), SetupError> {
        let position = Position::try_from_colors(black, white, side_to_move)?;
        let empty_centre: Vec<Square> = ["d4", "e4", "d5", "e5"]
            .iter()
            .map(|s| s.parse::<Square>().expect("a square"))
            .filter(|sq| (black | white) & sq.bit() == 0)
            .collect();
        if !empty_centre.is_empty() {
            return Err(SetupError::EmptyCentre(empty_centre));
        }
        let next = if position.board.has_moves() {
            SetupNext::Move
        } else if position.board.pass().has_moves() {
            SetupNext::Pass
        } else {
            SetupNext::Over
        };
        Ok((position, next))
    }

    /// Black's discs.
    pub const fn black(&self) -> u64 {
        match self.side_to_move {
            Side::Black => self.board.player,
            Side::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub const fn white(&self) -> u64 {
        match self.side_to_move {
            Side::Black => self.board.opponent,
            Side::White => self.board.player,
        }
    }

    /// The colour of the disc on `sq`, if any.
    pub const fn disc(&self, sq: Square) -> Option<Side> {
        if self.black() & sq.bit() != 0 {
            Some(Side::Black)
        } else if self.white() & sq.bit() != 0 {
            Some(Side::White)
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
                Side::Black => Side::White,
                Side::White => Side::Black,
            },
        }
    }

    /// Black's discs minus White's at the end of the game, empties to the winner.
    pub const fn final_score_black(&self) -> i32 {
        match self.side_to_move {
            Side::Black => self.board.final_score(),
            Side::White => -self.board.final_score(),
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_up_positions_are_checked() {
        let bits = |squares: &str| -> u64 {
            squares
                .split_whitespace()
                .map(|s| s.parse::<Square>().unwrap().bit())
                .sum()
        };
        let start = Position::start();
        assert_eq!(
            Position::check_setup(start.black(), start.white(), Side::Black),
            Ok((start, SetupNext::Move))
        );
        // Three discs: too few.
        assert_eq!(
            Position::check_setup(bits("d4 e4"), bits("d5"), Side::Black)
                .unwrap_err()
                .to_string(),
            "61 empty squares, at most 60 (a game never has fewer than 4 discs)"
        );
        // Four discs, but not on the centre.
        assert_eq!(
            Position::check_setup(bits("a1 d4"), bits("b1 e5"), Side::White)
                .unwrap_err()
                .to_string(),
            "e4 d5 must hold a disc: the four centre squares are never empty in Othello"
        );
        // All White with one Black disc that cannot move: over.
        let centre = bits("d4 e4 d5 e5");
        assert_eq!(
            Position::check_setup(0, centre, Side::Black).map(|(_, next)| next),
            Ok(SetupNext::Over)
        );
        // Black to move without a move while White has one: a pass.
        let (black, white) = (bits("d4 e4 d5"), bits("e5"));
        assert_eq!(
            Position::check_setup(black, white, Side::White).map(|(_, n)| n),
            Ok(SetupNext::Move)
        );
        assert_eq!(
            Position::check_setup(bits("a1 b1 d4 e4 d5 e5"), bits("c1"), Side::White)
                .map(|(_, n)| n),
            Ok(SetupNext::Pass)
        );
    }

    #[test]
    fn checked_constructor_refuses_overlaps_and_near_empty_boards() {
        let start = Position::start();
        assert_eq!(
            Position::try_from_colors(start.black(), start.white(), Side::Black),
            Ok(start)
        );
        // Three discs: 61 empties.
        assert_eq!(
            Position::try_from_colors(0b11, 0b100, Side::White),
            Err(PositionError::TooManyEmpties(61))
        );
        assert_eq!(
            Position::try_from_colors(0, 0, Side::Black)
                .unwrap_err()
                .to_string(),
            "64 empty squares, at most 60 (a game never has fewer than 4 discs)"
        );
        assert_eq!(
            Position::try_from_colors(0b1111 << 8, 0b1 << 10, Side::Black),
            Err(PositionError::Overlap(Square::from_index(10)))
        );
    }
}

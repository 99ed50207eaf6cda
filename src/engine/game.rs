//! A game record: a start position, the plies played (passes explicit), undo and redo.

use std::fmt;

use crate::engine::bitboard::Squares;
use crate::engine::color::Color;
use crate::engine::position::Position;
use crate::engine::square::Square;

/// One ply of a game: a disc placed, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    /// A disc placed on a square.
    Move(Square),
    /// The side to move had no legal move.
    Pass,
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move(sq) => sq.fmt(f),
            Ply::Pass => f.write_str("pa"),
        }
    }
}

/// Why a ply cannot be played in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The square is occupied or turns nothing over.
    #[error(
        "{square} is not legal for {color} here (legal: {})",
        square_list(legal)
    )]
    IllegalMove {
        /// The square asked for.
        square: Square,
        /// Who was to move.
        color: Color,
        /// The legal moves there, a1 first.
        legal: Vec<Square>,
    },
    /// A pass while the side to move has a legal move.
    #[error("{color} cannot pass here (legal: {})", square_list(legal))]
    CannotPass {
        /// Who was to move.
        color: Color,
        /// The legal moves there, a1 first.
        legal: Vec<Square>,
    },
    /// Neither side can move any more.
    #[error("the game is over")]
    GameOver,
}

/// Squares separated by spaces, as error messages list them.
pub(crate) fn square_list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    names.join(" ")
}

/// A game from a start position: the plies recorded, and how many of them are in effect
/// (the rest can be redone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    plies: Vec<Ply>,
    /// `positions[i]` is the position before ply `i`; one more than `plies`.
    positions: Vec<Position>,
    cursor: usize,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from a set-up position.
    pub fn from_position(start: Position) -> Game {
        Game {
            plies: Vec::new(),
            positions: vec![start],
            cursor: 0,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The current position (after the plies in effect).
    pub fn position(&self) -> Position {
        self.positions[self.cursor]
    }

    /// The position after the first `n` plies of the record (`n` at most [`Game::len`]).
    pub fn position_at(&self, n: usize) -> Position {
        self.positions[n]
    }

    /// Who is to move now.
    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move
    }

    /// The plies in effect, from the start.
    pub fn plies(&self) -> &[Ply] {
        &self.plies[..self.cursor]
    }

    /// All recorded plies, including those undone and not yet redone.
    pub fn recorded_plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The number of plies in effect.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The number of plies recorded (in effect or undone).
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no ply has been recorded.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The legal moves now, a1 first.
    pub fn legal_moves(&self) -> Vec<Square> {
        Squares(self.position().board.moves()).collect()
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.position().board.is_game_over()
    }

    /// Whether the side to move must pass (no legal move, but the game goes on).
    pub fn must_pass(&self) -> bool {
        let b = self.position().board;
        !b.has_moves() && b.pass().has_moves()
    }

    /// Plays a ply. Redo history is kept when the ply is the one that would be redone and
    /// dropped otherwise.
    ///
    /// # Errors
    /// [`GameError`] when the ply is not allowed; the game is then unchanged.
    pub fn play(&mut self, ply: Ply) -> Result<(), GameError> {
        let pos = self.position();
        let moves = pos.board.moves();
        let legal = || Squares(moves).collect();
        let next = match ply {
            _ if pos.board.is_game_over() => return Err(GameError::GameOver),
            Ply::Move(sq) if moves & sq.bit() != 0 => pos.play_unchecked(sq),
            Ply::Move(square) => {
                return Err(GameError::IllegalMove {
                    square,
                    color: pos.side_to_move,
                    legal: legal(),
                });
            }
            Ply::Pass if moves == 0 => pos.pass(),
            Ply::Pass => {
                return Err(GameError::CannotPass {
                    color: pos.side_to_move,
                    legal: legal(),
                });
            }
        };
        if self.plies.get(self.cursor) != Some(&ply) {
            self.plies.truncate(self.cursor);
            self.positions.truncate(self.cursor + 1);
            self.plies.push(ply);
            self.positions.push(next);
        }
        self.cursor += 1;
        Ok(())
    }

    /// Plays a disc on `sq`. See [`Game::play`].
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_move(&mut self, sq: Square) -> Result<(), GameError> {
        self.play(Ply::Move(sq))
    }

    /// Steps back one ply; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Steps forward one undone ply; false when there is none.
    pub fn redo(&mut self) -> bool {
        if self.cursor == self.plies.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `n` plies from the start (clamped to the record), keeping the
    /// record, so that an earlier position can be viewed and play continued from it.
    pub fn go_to(&mut self, n: usize) {
        self.cursor = n.min(self.plies.len());
    }

    /// The plies in effect as a transcript without passes, e.g. `f5d6c3`.
    pub fn transcript(&self) -> String {
        self.plies()
            .iter()
            .filter_map(|p| match p {
                Ply::Move(sq) => Some(sq.to_string()),
                Ply::Pass => None,
            })
            .collect()
    }

    /// The plies in effect as a transcript with passes written `pa`.
    pub fn transcript_with_passes(&self) -> String {
        self.plies().iter().map(Ply::to_string).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn undo_redo_and_branching() {
        let mut g = Game::new();
        g.play_move(sq("f5")).unwrap();
        g.play_move(sq("d6")).unwrap();
        assert_eq!(g.transcript(), "f5d6");
        assert!(g.undo());
        assert_eq!(g.side_to_move(), Color::White);
        assert!(g.redo());
        assert!(!g.redo());
        g.undo();
        // Playing the ply that would be redone keeps the record.
        g.play_move(sq("d6")).unwrap();
        assert_eq!(g.len(), 2);
        g.undo();
        g.play_move(sq("f6")).unwrap();
        assert_eq!(g.transcript(), "f5f6");
        assert!(!g.redo());
        g.go_to(0);
        assert_eq!(g.position(), Position::start());
        assert_eq!(g.len(), 2);
    }

    #[test]
    fn illegal_move_and_pass_leave_the_game_unchanged() {
        let mut g = Game::new();
        let before = g.clone();
        assert_eq!(
            g.play_move(sq("a1")).unwrap_err().to_string(),
            "a1 is not legal for Black here (legal: d3 c4 f5 e6)"
        );
        assert_eq!(
            g.play(Ply::Pass).unwrap_err().to_string(),
            "Black cannot pass here (legal: d3 c4 f5 e6)"
        );
        assert_eq!(g, before);
    }
}

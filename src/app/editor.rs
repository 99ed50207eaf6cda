//! The board editor: a position set up square by square, then played or analysed from.
//!
//! While [`Setup`] is in the game ([`super::play::game::Match::setup`]) the board shows its discs,
//! a left click paints the chosen colour (or empties the square), a right click empties it,
//! and the engine neither moves nor scores. "Done" checks the position
//! ([`Position::check_setup`]) and starts a game from it; what is wrong is said plainly and
//! the editor stays open.

use crate::engine::{Position, PositionError, SetupError, SetupNext, Side, Square};
use crate::t;

use super::i18n::{Tr, side_id};

/// A position being set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Setup {
    /// Black's discs.
    pub black: u64,
    /// White's discs.
    pub white: u64,
    /// Who moves first from it.
    pub side: Side,
    /// What a left click puts on a square: a colour, or nothing (empties it).
    pub paint: Option<Side>,
}

/// A change asked of the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edit {
    /// Open the editor on the position shown.
    Start,
    /// A click on a square: paint it, or empty it (`erase`, a right click).
    Square {
        /// The square.
        square: Square,
        /// Empty it whatever the paint.
        erase: bool,
    },
    /// What left clicks put down.
    Paint(Option<Side>),
    /// Who moves first.
    SideToMove(Side),
    /// Empty the board.
    Clear,
    /// The standard start.
    Reset,
    /// Check the position and play from it.
    Done,
    /// Leave the editor; the game is as it was.
    Cancel,
}

impl Setup {
    /// The editor on `position`, painting the side to move's colour.
    pub(super) fn from_position(position: Position) -> Setup {
        Setup {
            black: position.black(),
            white: position.white(),
            side: position.side_to_move,
            paint: Some(position.side_to_move),
        }
    }

    /// The discs as a position, unchecked (for the board to draw; it may have fewer than
    /// four discs).
    pub(super) fn position(&self) -> Position {
        Position::from_colors(self.black, self.white, self.side)
    }

    /// The position checked, and what happens next in it.
    pub(super) fn check(&self) -> Result<(Position, SetupNext), SetupError> {
        Position::check_setup(self.black, self.white, self.side)
    }

    /// Applies an edit that changes the discs or the choices (not Start, Done or Cancel,
    /// which the game handles).
    pub(super) fn edit(&mut self, edit: Edit) {
        match edit {
            Edit::Square { square, erase } => {
                let bit = square.bit();
                self.black &= !bit;
                self.white &= !bit;
                match self.paint {
                    Some(Side::Black) if !erase => self.black |= bit,
                    Some(Side::White) if !erase => self.white |= bit,
                    _ => {}
                }
            }
            Edit::Paint(paint) => self.paint = paint,
            Edit::SideToMove(side) => self.side = side,
            Edit::Clear => {
                self.black = 0;
                self.white = 0;
            }
            Edit::Reset => {
                let start = Position::start();
                self.black = start.black();
                self.white = start.white();
                self.side = Side::Black;
            }
            Edit::Start | Edit::Done | Edit::Cancel => {}
        }
    }

    /// A line for the editor's panel: what is wrong, or what will happen when played.
    pub(super) fn verdict(&self, tr: &Tr) -> Result<String, String> {
        let (b, w) = (self.black.count_ones(), self.white.count_ones());
        let side = side_id(self.side);
        match self.check() {
            Err(e) => Err(t!(
                tr,
                "editor-not-playable",
                reason = setup_error_text(&e, tr)
            )),
            Ok((_, SetupNext::Move)) => Ok(t!(
                tr,
                "editor-to-move-verdict",
                black = b,
                white = w,
                side = side
            )),
            Ok((_, SetupNext::Pass)) => Ok(t!(
                tr,
                "editor-pass-verdict",
                black = b,
                white = w,
                side = side
            )),
            Ok((_, SetupNext::Over)) => Ok(t!(tr, "editor-over-verdict", black = b, white = w)),
        }
    }
}

/// Why a set-up position cannot be played, in the player's language.
pub(super) fn setup_error_text(e: &SetupError, tr: &Tr) -> String {
    match e {
        SetupError::Position(PositionError::Overlap(sq)) => {
            t!(tr, "setup-overlap", square = sq.to_string())
        }
        SetupError::Position(PositionError::TooManyEmpties(n)) => {
            t!(tr, "setup-too-many-empties", empties = *n)
        }
        SetupError::EmptyCentre(squares) => {
            let list: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
            t!(tr, "setup-empty-centre", squares = list.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn clicks_paint_erase_and_the_verdict_follows() {
        let mut setup = Setup::from_position(Position::start());
        assert_eq!(
            setup.verdict(&Tr::default()),
            Ok("Black 2, White 2: Black to move.".into())
        );
        setup.edit(Edit::Clear);
        assert_eq!(
            setup.verdict(&Tr::default()),
            Err(
                "Not playable yet: 64 empty squares, at most 60 (a game never has fewer than 4 \
                 discs)."
                    .into()
            )
        );
        for s in ["d4", "e4", "d5"] {
            setup.edit(Edit::Square {
                square: sq(s),
                erase: false,
            });
        }
        setup.edit(Edit::Paint(Some(Side::White)));
        setup.edit(Edit::Square {
            square: sq("a1"),
            erase: false,
        });
        assert_eq!(
            setup.verdict(&Tr::default()),
            Err(
                "Not playable yet: e5 must hold a disc: the four centre squares are never \
                 empty in Othello."
                    .into()
            )
        );
        // A right click empties whatever the paint; a left click with no paint too.
        setup.edit(Edit::Square {
            square: sq("a1"),
            erase: true,
        });
        setup.edit(Edit::Square {
            square: sq("e5"),
            erase: false,
        });
        assert_eq!((setup.black.count_ones(), setup.white.count_ones()), (3, 1));
        setup.edit(Edit::SideToMove(Side::White));
        assert_eq!(
            setup.verdict(&Tr::default()),
            Ok("Black 3, White 1: White to move.".into())
        );
        setup.edit(Edit::Paint(None));
        setup.edit(Edit::Square {
            square: sq("e5"),
            erase: false,
        });
        setup.edit(Edit::Paint(Some(Side::Black)));
        setup.edit(Edit::Square {
            square: sq("e5"),
            erase: false,
        });
        assert_eq!(
            setup.verdict(&Tr::default()),
            Ok("Black 4, White 0: neither side can move, so the game is over here.".into())
        );
        setup.edit(Edit::Reset);
        assert_eq!(
            setup,
            Setup {
                paint: Some(Side::Black),
                ..Setup::from_position(Position::start())
            }
        );
    }
}

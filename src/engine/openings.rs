//! The names of the openings (Tiger, Rose, Buffalo, Heath, ...), read from
//! `data/openings.txt` (compiled in) or any text in its format.
//!
//! Each name belongs to a position, not to a move order: a line that reaches the Tiger's
//! position by a transposition, or in any of its eight symmetric images, is a Tiger. Along a
//! game, the opening is the deepest named position its moves have reached, so that the name
//! stays once the game leaves the catalogue.
//!
//! ```text
//! # comment
//! f5d6c3d3c4        Tiger
//! f5d6c3d3c4b3      Aubrey (Tanaka)
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::engine::board::BookKey;
use crate::engine::formats::notation::TranscriptError;
use crate::engine::game::Game;

/// The shipped catalogue (`data/openings.txt`), compiled in.
pub const SHIPPED_OPENINGS: &str = include_str!("../../data/openings.txt");

/// A named opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its name as the catalogue writes it (other names in brackets).
    pub name: String,
    /// Its moves as the catalogue writes them, from the standard start.
    pub moves: String,
    /// The number of plies of `moves`.
    pub plies: usize,
}

/// A line of the catalogue that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    /// Moves that are not a legal line from the standard start.
    #[error("line {line}: {error}")]
    Moves {
        /// The line's number, from 1.
        line: usize,
        /// The bad move.
        error: TranscriptError,
    },
    /// Moves without a name after them.
    #[error("line {0}: no name after the moves")]
    NoName(usize),
    /// Two lines name the same position (in some orientation or move order).
    #[error("line {line}: the position of \"{moves}\" is already named on line {first}")]
    Duplicate {
        /// The line's number, from 1.
        line: usize,
        /// Its moves.
        moves: String,
        /// The line that named it first.
        first: usize,
    },
}

/// The catalogue of opening names, keyed by canonical position.
#[derive(Clone, Debug, Default)]
pub struct OpeningNames {
    openings: Vec<Opening>,
    by_key: HashMap<BookKey, usize>,
}

/// Where a game's opening was named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named<'a> {
    /// The opening.
    pub opening: &'a Opening,
    /// The ply (from 1) after which the game reached its position.
    pub ply: usize,
}

impl OpeningNames {
    /// Reads a catalogue (see the module docs).
    ///
    /// # Errors
    /// [`OpeningsError`] naming the first bad line.
    pub fn parse(text: &str) -> Result<OpeningNames, OpeningsError> {
        let mut names = OpeningNames::default();
        let mut lines_of = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (moves, name) = trimmed
                .split_once(char::is_whitespace)
                .map_or((trimmed, ""), |(m, n)| (m, n.trim()));
            if name.is_empty() {
                return Err(OpeningsError::NoName(line));
            }
            let game = Game::from_transcript(moves)
                .map_err(|error| OpeningsError::Moves { line, error })?;
            let key = BookKey::of(&game.position().board).0;
            if let Some(&first) = names.by_key.get(&key) {
                return Err(OpeningsError::Duplicate {
                    line,
                    moves: moves.to_string(),
                    first: lines_of[first],
                });
            }
            names.by_key.insert(key, names.openings.len());
            lines_of.push(line);
            names.openings.push(Opening {
                name: name.to_string(),
                moves: moves.to_string(),
                plies: game.len(),
            });
        }
        Ok(names)
    }

    /// The shipped catalogue, read once.
    ///
    /// # Panics
    /// Never in a build whose tests pass: a test reads the shipped catalogue.
    pub fn shipped() -> &'static OpeningNames {
        static SHIPPED: OnceLock<OpeningNames> = OnceLock::new();
        SHIPPED
            .get_or_init(|| OpeningNames::parse(SHIPPED_OPENINGS).expect("data/openings.txt reads"))
    }

    /// The number of named openings.
    pub fn len(&self) -> usize {
        self.openings.len()
    }

    /// Whether the catalogue names nothing.
    pub fn is_empty(&self) -> bool {
        self.openings.is_empty()
    }

    /// The openings in the catalogue's order.
    pub fn iter(&self) -> impl Iterator<Item = &Opening> {
        self.openings.iter()
    }

    /// The opening whose position `board` is (in any orientation).
    pub fn at(&self, board: &crate::engine::board::Board) -> Option<&Opening> {
        self.by_key
            .get(&BookKey::of(board).0)
            .map(|&i| &self.openings[i])
    }

    /// Every named position the game's record reaches (all recorded plies, also those
    /// undone), in order of play.
    pub fn along(&self, game: &Game) -> Vec<Named<'_>> {
        (1..=game.len())
            .filter_map(|ply| {
                self.at(&game.position_at(ply).board)
                    .map(|opening| Named { opening, ply })
            })
            .collect()
    }

    /// The game's opening at its cursor: the deepest named position of the plies in effect.
    pub fn of_game(&self, game: &Game) -> Option<Named<'_>> {
        (1..=game.cursor()).rev().find_map(|ply| {
            self.at(&game.position_at(ply).board)
                .map(|opening| Named { opening, ply })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_catalogue_reads() {
        let names = OpeningNames::shipped();
        assert_eq!(names.len(), 75);
        let tiger = names
            .at(&Game::from_transcript("f5d6c3d3c4")
                .unwrap()
                .position()
                .board)
            .unwrap();
        assert_eq!(tiger.name, "Tiger");
        assert_eq!(tiger.plies, 5);
    }

    use crate::engine::bitboard::Symmetry;
    use crate::engine::square::Square;

    /// `moves` with every square mapped by `sym`.
    fn oriented(moves: &str, sym: Symmetry) -> String {
        let game = Game::from_transcript(moves).unwrap();
        game.plies()
            .iter()
            .map(|ply| match ply {
                crate::engine::game::Ply::Move(sq) => {
                    let bit = sym.apply(sq.bit());
                    Square::from_index(bit.trailing_zeros() as u8).to_string()
                }
                crate::engine::game::Ply::Pass => String::new(),
            })
            .collect()
    }

    #[test]
    fn names_match_every_orientation_and_stay_after_the_catalogue_ends() {
        let names = OpeningNames::shipped();
        // The four symmetries that keep the standard start (the others swap its colours).
        let start = Game::new().position().board;
        let keep: Vec<_> = Symmetry::ALL
            .into_iter()
            .filter(|s| {
                s.apply(start.player) == start.player && s.apply(start.opponent) == start.opponent
            })
            .collect();
        assert_eq!(keep.len(), 4);
        for sym in keep {
            let moves = oriented("f5d6c3d3c4b3", sym);
            let mut game = Game::from_transcript(&moves).unwrap();
            assert_eq!(
                names.of_game(&game).unwrap().opening.name,
                "Aubrey (Tanaka)",
                "{moves}"
            );
            // A move no line names keeps the name and the ply it was reached at.
            let off = game
                .legal_moves()
                .into_iter()
                .find(|&sq| {
                    let mut g = game.clone();
                    g.play_move(sq).unwrap();
                    names.at(&g.position().board).is_none()
                })
                .unwrap();
            game.play_move(off).unwrap();
            let named = names.of_game(&game).unwrap();
            assert_eq!(
                (named.opening.name.as_str(), named.ply),
                ("Aubrey (Tanaka)", 6)
            );
            let along: Vec<_> = names
                .along(&game)
                .iter()
                .map(|n| (n.opening.name.as_str(), n.ply))
                .collect();
            assert_eq!(
                along,
                [("Perpendicular", 2), ("Tiger", 5), ("Aubrey (Tanaka)", 6)]
            );
            // Undone plies leave the opening of the cursor.
            game.go_to(3);
            assert_eq!(names.of_game(&game).unwrap().opening.name, "Perpendicular");
            game.go_to(1);
            assert_eq!(names.of_game(&game), None);
        }
    }

    #[test]
    fn a_transposition_reaches_the_same_name() {
        // The Tiger's black moves (f5 c3 c4) and white moves (d6 d3) in every other order
        // that is legal and reaches the Tiger's discs.
        let names = OpeningNames::shipped();
        let tiger = Game::from_transcript("f5d6c3d3c4")
            .unwrap()
            .position()
            .board;
        let mut transpositions = Vec::new();
        for b in [
            ["f5", "c4", "c3"],
            ["f5", "c3", "c4"],
            ["c3", "f5", "c4"],
            ["c4", "f5", "c3"],
        ] {
            for w in [["d6", "d3"], ["d3", "d6"]] {
                let moves = format!("{}{}{}{}{}", b[0], w[0], b[1], w[1], b[2]);
                if moves == "f5d6c3d3c4" {
                    continue;
                }
                if let Ok(game) = Game::from_transcript(&moves)
                    && game.position().board == tiger
                {
                    assert_eq!(names.of_game(&game).unwrap().opening.name, "Tiger");
                    transpositions.push(moves);
                }
            }
        }
        assert_eq!(transpositions, ["f5d6c4d3c3"]);
    }

    #[test]
    fn bad_catalogues_name_their_line() {
        let e = OpeningNames::parse("# names\nf5d6 Perpendicular\nf5d6c3d3c4\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3: no name after the moves");
        let e = OpeningNames::parse("f5d6 Perpendicular\nf5a1 Nonsense\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2: move 2 \"a1\": not legal"),
            "{e}"
        );
        // d3c5 is f5d6 transposed: the same position.
        let e = OpeningNames::parse("f5d6 Perpendicular\n\nd3c5 Again\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: the position of \"d3c5\" is already named on line 1"
        );
    }
}

//! XOT openings (issue 56): balanced starting positions that make games vary. Each is a few
//! plies of random play from the start (eight in the shipped set) whose deep value is within
//! a disc or two of even, so that neither side starts ahead and the book cannot play the
//! game for either. `data/xot/xot.txt` holds them, one a line: the transcript and its value
//! for the side to move, made by `reversi-engine xot` (the file's header gives the command).

use std::fmt;
use std::sync::OnceLock;

use crate::engine::board::BookKey;
use crate::engine::game::Game;

/// The shipped XOT openings (`data/xot/xot.txt`), compiled in.
pub const SHIPPED_XOT: &str = include_str!("../../data/xot/xot.txt");

/// One XOT opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XotOpening {
    /// Its moves from the start, e.g. `f5d6c3d3c4f4f6f3`.
    pub moves: String,
    /// Its value for the side to move, in discs, by the search that chose it.
    pub value: i32,
}

impl XotOpening {
    /// The opening as a game from the start (its moves recorded).
    pub fn game(&self) -> Game {
        Game::from_transcript(&self.moves).expect("checked when read")
    }

    /// Its line in the file: the moves, then the value with its sign.
    pub fn line(&self) -> String {
        format!("{} {:+}", self.moves, self.value)
    }
}

/// What is wrong with a line of an XOT file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XotError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for XotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for XotError {}

/// Reads XOT openings: one a line, the moves and the value (`f5d6c3d3c4f4f6f3 +1`), blank
/// lines and `#` comments skipped.
///
/// # Errors
/// [`XotError`] naming the line: moves that are not a legal game, a game already over, a
/// missing or unreadable value, or a position (up to symmetry) an earlier line reached.
pub fn parse_xot(text: &str) -> Result<Vec<XotOpening>, XotError> {
    let mut openings = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let err = |message: String| XotError {
            line: line_no,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let moves = fields.next().unwrap_or_default();
        let game =
            Game::from_transcript(moves).map_err(|e| err(format!("moves \"{moves}\": {e}")))?;
        if game.is_over() {
            return Err(err(format!("the game \"{moves}\" is already over")));
        }
        let value = match fields.next() {
            Some(v) => v
                .trim_start_matches('+')
                .parse::<i32>()
                .ok()
                .filter(|v| (-64..=64).contains(v))
                .ok_or_else(|| {
                    err(format!(
                        "value \"{v}\" is not a number of discs in -64..=64"
                    ))
                })?,
            None => return Err(err(format!("\"{moves}\" has no value after it"))),
        };
        let key = BookKey::of(&game.position().board).0;
        if let Some(first) = seen.insert(key, line_no) {
            return Err(err(format!(
                "\"{moves}\" reaches the position of line {first} (up to symmetry)"
            )));
        }
        openings.push(XotOpening {
            moves: moves.to_string(),
            value,
        });
    }
    Ok(openings)
}

/// The shipped openings, read once.
///
/// # Panics
/// Never in a build whose tests pass: a test reads the shipped file.
pub fn shipped_xot() -> &'static [XotOpening] {
    static SHIPPED: OnceLock<Vec<XotOpening>> = OnceLock::new();
    SHIPPED.get_or_init(|| parse_xot(SHIPPED_XOT).expect("data/xot/xot.txt reads"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_openings_are_eight_plies_distinct_and_balanced() {
        let openings = shipped_xot();
        let lines = SHIPPED_XOT
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(openings.len(), lines);
        assert!(openings.len() >= 1000, "{}", openings.len());
        for o in openings {
            assert_eq!(o.game().len(), 8, "{}", o.moves);
            assert!(o.value.abs() <= 2, "{}", o.line());
        }
    }

    #[test]
    fn bad_lines_are_refused_by_line() {
        let parse = |text: &str| parse_xot(text).unwrap_err().to_string();
        assert_eq!(
            parse("# c\nf5d6c3d3 +1\n\nf5d6c3z9 0"),
            "line 4: moves \"f5d6c3z9\": move 4 \"z9\": not a square"
        );
        assert_eq!(
            parse("f5d6c3d3"),
            "line 1: \"f5d6c3d3\" has no value after it"
        );
        assert_eq!(
            parse("f5d6c3d3 even"),
            "line 1: value \"even\" is not a number of discs in -64..=64"
        );
        // e6f4 is f5d6's mirror image.
        assert_eq!(
            parse("f5d6 0\ne6f4 0"),
            "line 2: \"e6f4\" reaches the position of line 1 (up to symmetry)"
        );
        let read = parse_xot("f5d6c3d3c4f4f6f3 +1\nf5f6e6f4 -2").unwrap();
        assert_eq!(
            read,
            [
                XotOpening {
                    moves: "f5d6c3d3c4f4f6f3".into(),
                    value: 1
                },
                XotOpening {
                    moves: "f5f6e6f4".into(),
                    value: -2
                }
            ]
        );
        assert_eq!(read[0].line(), "f5d6c3d3c4f4f6f3 +1");
        assert_eq!(read[1].line(), "f5f6e6f4 -2");
    }
}

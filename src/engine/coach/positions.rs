//! Practice positions as text, and the set the game ships.
//!
//! `reversi-engine practice` writes each position as two lines, a comment with where it came
//! from and its value, then an OBF line with the best move and the value:
//!
//! ```text
//! # data/corpus/selfplay-d6-p16-s5.txt.gz game 812: +1, depth 14
//! -------------------X-------XX-----OOO--------------------------- X; E6:+1;
//! ```
//!
//! ([`PracticePosition::lines`]); [`parse_positions`] reads them back. The game's set
//! (`data/practice/positions.txt`, [`shipped_positions`]) is such a file: positions at 16
//! to 36 empties, every value (see its header for the command that made it).

use std::sync::OnceLock;

use super::practice::{PracticePosition, ValuePrecision};
use crate::engine::formats::notation::ObfRecord;

/// The practice positions shipped with the game.
pub const SHIPPED_POSITIONS: &str = include_str!("../../../data/practice/positions.txt");

impl PracticePosition {
    /// The position as [`parse_positions`] reads it: a comment naming `source`, then the
    /// OBF line with the best move and the value.
    pub fn lines(&self, source: &str) -> String {
        format!(
            "# {source}: {:+}, {}\n{}; {}:{:+};\n",
            self.score,
            self.precision,
            self.position,
            self.best.to_string().to_uppercase(),
            self.score
        )
    }
}

/// What is wrong with a practice positions' text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PositionsError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads positions written by [`PracticePosition::lines`] (other comment lines and blank
/// lines are passed over). Each position's `game` is its number in the text, from 0.
///
/// # Errors
/// The first line that is not such a position: an OBF line with no comment before it, a
/// comment whose value does not read, an OBF line that does not parse, that does not give
/// exactly the best move and the comment's value, or whose move is not legal.
pub fn parse_positions(text: &str) -> Result<Vec<PracticePosition>, PositionsError> {
    let mut positions = Vec::new();
    // The comment just read.
    let mut pending: Option<Comment> = None;
    for (i, line) in text.lines().enumerate() {
        let error = |message: String| PositionsError {
            line: i + 1,
            message,
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let value = comment
                .rsplit_once(": ")
                .and_then(|(_, tail)| value_of(tail));
            pending = Some(Comment {
                line: i + 1,
                text: line,
                value,
            });
            continue;
        }
        let (score, precision) = match pending.take() {
            Some(Comment {
                value: Some(value), ..
            }) => value,
            Some(Comment { line, text, .. }) => {
                return Err(error(format!(
                    "the comment before it (line {line}, {text:?}) gives no value and \
                     precision such as \"+2, exact\", \"-1, depth 14\" or \"+0, selective 2.5\""
                )));
            }
            None => {
                return Err(error(
                    "a position with no \"# source: +N, depth D\" line before it".to_string(),
                ));
            }
        };
        let record: ObfRecord = line.parse().map_err(|e| error(format!("{e}")))?;
        let &[(best, value)] = record.move_scores.as_slice() else {
            return Err(error(
                "expected the best move and its value, once".to_string(),
            ));
        };
        if value != score {
            return Err(error(format!(
                "the value {value:+} differs from the comment's {score:+}"
            )));
        }
        if record.position.board.moves() & best.bit() == 0 {
            return Err(error(format!("{best} is not a legal move")));
        }
        positions.push(PracticePosition {
            position: record.position,
            best,
            score,
            precision,
            game: positions.len(),
        });
    }
    Ok(positions)
}

/// A comment line of a positions file, as the position after it reads it.
struct Comment<'a> {
    /// Its line number, from 1.
    line: usize,
    text: &'a str,
    /// Its value and precision, when they read.
    value: Option<(i32, ValuePrecision)>,
}

/// `+1, depth 14`, `-3, exact` or `+2, selective 2.5`: the value and its precision.
fn value_of(tail: &str) -> Option<(i32, ValuePrecision)> {
    let (score, how) = tail.split_once(", ")?;
    let score: i32 = score.trim_start_matches('+').parse().ok()?;
    Some((score, ValuePrecision::parse(how)?))
}

/// The practice positions the game ships, read once.
pub fn shipped_positions() -> &'static [PracticePosition] {
    static SHIPPED: OnceLock<Vec<PracticePosition>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        parse_positions(SHIPPED_POSITIONS).expect("data/practice/positions.txt reads")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Square;
    use crate::engine::game::Game;

    #[test]
    fn positions_read_back_what_they_wrote_and_bad_lines_are_named() {
        let game = Game::from_transcript("f5d6c3").unwrap();
        let mut p = PracticePosition {
            position: game.position(),
            best: "d3".parse::<Square>().unwrap(),
            score: -3,
            precision: ValuePrecision::Depth(14),
            game: 0,
        };
        let mut text = format!("# header\n\n{}", p.lines("corpus.txt.gz game 5"));
        assert_eq!(
            text.lines().nth(2),
            Some("# corpus.txt.gz game 5: -3, depth 14")
        );
        p.precision = ValuePrecision::Exact;
        p.game = 1;
        text.push_str(&p.lines("x: y"));
        p.precision = ValuePrecision::Selective(25);
        p.game = 2;
        text.push_str(&p.lines("z"));
        assert_eq!(text.lines().nth(6), Some("# z: -3, selective 2.5"));
        let read = parse_positions(&text).unwrap();
        assert_eq!(read.len(), 3);
        assert_eq!(
            (read[0].precision, read[0].game),
            (ValuePrecision::Depth(14), 0)
        );
        assert_eq!(read[1].precision, ValuePrecision::Exact);
        assert_eq!(read[2], p);
        // Precisions that do not read.
        for how in [
            "depth",
            "depth -1",
            "selective",
            "selective 2.55",
            "selective 0",
            "about",
        ] {
            assert_eq!(ValuePrecision::parse(how), None, "{how}");
        }
        assert_eq!(
            ValuePrecision::parse("selective 10"),
            Some(ValuePrecision::Selective(100))
        );
        // Damage, by line.
        let obf = text.lines().nth(3).unwrap();
        let bad = |text: &str| parse_positions(text).unwrap_err().to_string();
        assert_eq!(
            bad(&format!("{obf}\n")),
            "line 1: a position with no \"# source: +N, depth D\" line before it"
        );
        // A comment whose precision does not read is named, not taken for a missing one.
        assert_eq!(
            bad(&format!(
                "# a: -3, exact\n{obf}\n# b: -3, depth fourteen\n\n{obf}\n"
            )),
            "line 5: the comment before it (line 3, \"# b: -3, depth fourteen\") gives no \
             value and precision such as \"+2, exact\", \"-1, depth 14\" or \"+0, selective 2.5\""
        );
        let two = obf.replace("D3:-3;", "D3:-3; C4:-5;");
        assert_eq!(
            bad(&format!("# a: -3, exact\n{two}\n")),
            "line 2: expected the best move and its value, once"
        );
        assert_eq!(
            bad(&format!("# a: -2, exact\n{obf}\n")),
            "line 2: the value -3 differs from the comment's -2"
        );
        let illegal = obf.replace("D3:", "A1:");
        assert_eq!(
            bad(&format!("# a: -3, exact\n{illegal}\n")),
            "line 2: a1 is not a legal move"
        );
    }

    #[test]
    fn the_shipped_positions_read_and_cover_each_empties() {
        let shipped = shipped_positions();
        for empties in [16, 20, 24, 28, 32, 36] {
            let at: Vec<&PracticePosition> = shipped
                .iter()
                .filter(|p| p.position.board.empty_count() == empties)
                .collect();
            assert_eq!(at.len(), 300, "{empties} empties");
            // Exact at 28 empties or fewer (scripts/solve-practice-positions.sh solved those
            // at 28); at 32 a selective solve at 2.5 standard deviations
            // (`scripts/solve-practice-positions.sh 32 2 2.5`); at 36 a search to depth 24
            // with ProbCut 1.5
            // (`scripts/solve-practice-positions.sh 36 1 d24`).
            let allowed: &[ValuePrecision] = match empties {
                ..=28 => &[ValuePrecision::Exact],
                32 => &[ValuePrecision::Selective(25)],
                _ => &[ValuePrecision::Depth(24)],
            };
            for p in &at {
                assert!(allowed.contains(&p.precision), "{:?}", p.precision);
            }
        }
    }
}

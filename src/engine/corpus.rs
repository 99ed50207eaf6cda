//! The training corpus: self-play games kept as text, one game a line, from which the
//! evaluator's fit takes its labelled positions.
//!
//! ```text
//! # reversi corpus 1
//! f5d6c3d3c4f4f6f3e6e7... 14 20
//! ```
//!
//! A line is the game's transcript (moves without passes, from the standard start), the
//! number of plies at its start that were played at random (the opening, for variety), and
//! the number of empty squares from which both sides played perfectly (the solver's moves).
//! Lines starting with `#` are comments; the first line names the format version. The game
//! must be finished.
//!
//! Labels: a position from which both sides played perfectly is worth exactly the final
//! disc difference (from its side to move), so every position with at most the line's
//! perfect-play empties gets its exact value for free. Earlier positions after the random
//! opening get the game's result, the outcome of play by the engine that made the corpus.

use std::fmt;

use crate::engine::{Board, Game, TranscriptError};

/// The first line of a corpus file.
pub const CORPUS_HEADER: &str = "# reversi corpus 1";

/// One game of the corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusGame {
    /// The finished game.
    pub game: Game,
    /// Plies at the start played at random.
    pub random_plies: u8,
    /// Empties from which both sides played perfectly (0: the game has no perfect part).
    pub perfect_empties: u8,
}

/// A labelled position taken from a corpus game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labelled {
    /// The position, side to move first (it has a legal move).
    pub board: Board,
    /// The final disc difference from the side to move.
    pub label: i32,
    /// Whether the label is the exact minimax value (perfect play from here on).
    pub exact: bool,
}

/// What is wrong with a game line of a corpus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CorpusLineError {
    /// Not three fields.
    #[error("expected three fields: transcript, random plies, perfect-play empties")]
    Fields,
    /// The random plies are not 0..=60.
    #[error("random plies \"{0}\": expected 0..=60")]
    RandomPlies(String),
    /// The perfect-play empties are not 0..=60.
    #[error("perfect-play empties \"{0}\": expected 0..=60")]
    PerfectEmpties(String),
    /// The transcript does not parse.
    #[error(transparent)]
    Transcript(#[from] TranscriptError),
    /// The transcript stops before the end of the game.
    #[error("the game is not finished")]
    Unfinished,
}

/// A corpus text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CorpusError {
    /// The first line is not [`CORPUS_HEADER`].
    #[error("line 1: \"{0}\": expected \"{CORPUS_HEADER}\" (an unknown format or version)")]
    Header(String),
    /// No text at all.
    #[error("empty file: expected \"{CORPUS_HEADER}\"")]
    Empty,
    /// A bad game line (1-based).
    #[error("line {line}: {error}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        error: CorpusLineError,
    },
}

impl CorpusGame {
    /// Reads one game line (not a comment).
    ///
    /// # Errors
    /// What is wrong: a field missing, a bad number, an illegal or unfinished transcript.
    pub fn parse(line: &str) -> Result<CorpusGame, CorpusLineError> {
        let mut fields = line.split_whitespace();
        let (Some(moves), Some(random), Some(perfect), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(CorpusLineError::Fields);
        };
        let random_plies: u8 = random
            .parse()
            .ok()
            .filter(|&n| n <= 60)
            .ok_or_else(|| CorpusLineError::RandomPlies(random.to_string()))?;
        let perfect_empties: u8 = perfect
            .parse()
            .ok()
            .filter(|&n| n <= 60)
            .ok_or_else(|| CorpusLineError::PerfectEmpties(perfect.to_string()))?;
        let game = Game::from_transcript(moves)?;
        if !game.is_over() {
            return Err(CorpusLineError::Unfinished);
        }
        Ok(CorpusGame {
            game,
            random_plies,
            perfect_empties,
        })
    }

    /// Every position after the random opening where the side to move has a move, with its
    /// label (passes left out).
    pub fn labelled(&self) -> Vec<Labelled> {
        let black = self.game.position().final_score_black();
        (usize::from(self.random_plies)..self.game.len())
            .map(|n| self.game.position_at(n))
            .filter(|p| p.board.has_moves())
            .map(|p| Labelled {
                board: p.board,
                label: black * p.side_to_move.sign(),
                exact: p.board.empty_count() <= u32::from(self.perfect_empties),
            })
            .collect()
    }
}

impl fmt::Display for CorpusGame {
    /// The game's line, without a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.game.transcript(),
            self.random_plies,
            self.perfect_empties
        )
    }
}

/// Reads a corpus's text: its games, or the first bad line (1-based) and what is wrong.
///
/// # Errors
/// [`CorpusError`]: the first line that is not a comment and not a valid game, or a
/// missing or unknown version line.
pub fn parse_corpus(text: &str) -> Result<Vec<CorpusGame>, CorpusError> {
    let mut lines = text.lines();
    match lines.next().map(str::trim) {
        Some(CORPUS_HEADER) => {}
        Some(other) => return Err(CorpusError::Header(other.to_string())),
        None => return Err(CorpusError::Empty),
    }
    let mut games = Vec::new();
    for (n, line) in lines.enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        games.push(
            CorpusGame::parse(line).map_err(|error| CorpusError::Line { line: n + 2, error })?,
        );
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    // A finished game of the corpus (60 moves, no pass).
    const GAME: &str = "f5d6c5b6d3f4e6c4e3g5c6c7g6f3h5e7f2g3e8f7g4h4h3d7c3e2d8f6c8b4c2d2e1h6d1h2a6b1c1f1a5b5f8a4a3a7a8b2g2b3g8b8b7h8h7g1h1g7a1a2";

    #[test]
    fn lines_round_trip_and_labels_follow_the_result() {
        let g = CorpusGame::parse(&format!("{GAME} 6 14")).unwrap();
        assert_eq!(g.to_string(), format!("{GAME} 6 14"));
        let black = g.game.position().final_score_black();
        let labelled = g.labelled();
        // 60 moves, no passes: plies 6..60.
        assert_eq!(labelled.len(), 54);
        assert_eq!(labelled[0].board.empty_count(), 54);
        // Ply 6 is Black's move: its label is Black's result.
        assert_eq!(labelled[0].label, black);
        assert_eq!(labelled[1].label, -black);
        assert_eq!(labelled.iter().filter(|l| l.exact).count(), 14);
        assert!(labelled[40].exact && !labelled[39].exact);
    }

    #[test]
    fn bad_lines_are_named() {
        let text = format!("{CORPUS_HEADER}\n# comment\n{GAME} 6 14\nf5d6 1 2\n");
        assert_eq!(
            parse_corpus(&text).unwrap_err().to_string(),
            "line 4: the game is not finished"
        );
        assert_eq!(
            parse_corpus("# reversi corpus 9\n")
                .unwrap_err()
                .to_string(),
            "line 1: \"# reversi corpus 9\": expected \"# reversi corpus 1\" (an unknown format or version)"
        );
        assert_eq!(
            CorpusGame::parse(&format!("{GAME} 6"))
                .unwrap_err()
                .to_string(),
            "expected three fields: transcript, random plies, perfect-play empties"
        );
        assert_eq!(
            CorpusGame::parse(&format!("{GAME} 6 99"))
                .unwrap_err()
                .to_string(),
            "perfect-play empties \"99\": expected 0..=60"
        );
        assert_eq!(
            CorpusGame::parse("f5a1 0 0").unwrap_err().to_string(),
            "move 2 \"a1\": not legal for White here (legal: f4 d6 f6)"
        );
        // Cut in the middle of a move: the game is not finished.
        let cut = format!("{CORPUS_HEADER}\n{}", &GAME[..GAME.len() - 1]);
        assert_eq!(
            parse_corpus(&cut).unwrap_err().to_string(),
            "line 2: expected three fields: transcript, random plies, perfect-play empties"
        );
    }
}

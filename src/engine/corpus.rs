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
//! Lines starting with `#` are comments; the first line names the format version. In version
//! 1 the game must be finished.
//!
//! Version 2 (`# reversi corpus 2`) allows a fourth field: Black's final disc difference with
//! perfect play from the transcript's last position, which then need not end the game. Games
//! of the WTHOR database come this way (`thor corpus`): each file gives the score of perfect
//! play from 24 empties, and the transcript stops there.
//!
//! ```text
//! # reversi corpus 2
//! f5d6c3d3c4f4f6f3e6e7... 0 24 -6
//! ```
//!
//! Labels: a position from which both sides played perfectly is worth exactly the final
//! disc difference (from its side to move), so every position with at most the line's
//! perfect-play empties gets its exact value for free. Earlier positions after the random
//! opening get the game's result, the outcome of play by the engine that made the corpus
//! (or, in a WTHOR game, by the people who played it until the exact score takes over).

use std::fmt;

use crate::engine::formats::wthor::WthorGame;
use crate::engine::{Board, Game, Ply, TranscriptError};

/// The first line of a corpus file whose games are all finished.
pub const CORPUS_HEADER: &str = "# reversi corpus 1";
/// The first line of a corpus file whose games may stop at a position of known exact score.
pub const CORPUS_HEADER_2: &str = "# reversi corpus 2";

/// One game of the corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusGame {
    /// The finished game.
    pub game: Game,
    /// Plies at the start played at random.
    pub random_plies: u8,
    /// Empties from which both sides played perfectly (0: the game has no perfect part).
    pub perfect_empties: u8,
    /// Black's final disc difference with perfect play from the transcript's last position,
    /// when the line gives it (version 2); the transcript may then stop before the end.
    pub end_score: Option<i8>,
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
    /// Not three or four fields.
    #[error(
        "expected three or four fields: transcript, random plies, perfect-play empties[, Black's exact score at the end]"
    )]
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
    /// The transcript stops before the end of the game and no score says what it is worth.
    #[error("the game is not finished")]
    Unfinished,
    /// The exact score is not -64..=64.
    #[error("exact score \"{0}\": expected -64..=64")]
    Score(String),
    /// A finished game whose given score is not its final score.
    #[error("exact score {given}, but the game ends {actual:+}")]
    ScoreMismatch {
        /// The line's score.
        given: i8,
        /// The finished game's score for Black.
        actual: i32,
    },
}

/// A corpus text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CorpusError {
    /// The first line is neither [`CORPUS_HEADER`] nor [`CORPUS_HEADER_2`].
    #[error(
        "line 1: \"{0}\": expected \"{CORPUS_HEADER}\" or \"{CORPUS_HEADER_2}\" (an unknown format or version)"
    )]
    Header(String),
    /// A line with an exact score in a version 1 file.
    #[error("line {0}: an exact score (a fourth field) needs \"{CORPUS_HEADER_2}\" on line 1")]
    ScoreInVersion1(usize),
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
        let (Some(moves), Some(random), Some(perfect), score, None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
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
        let end_score: Option<i8> = score
            .map(|s| {
                s.parse()
                    .ok()
                    .filter(|n: &i8| (-64..=64).contains(n))
                    .ok_or_else(|| CorpusLineError::Score(s.to_string()))
            })
            .transpose()?;
        let game = Game::from_transcript(moves)?;
        match end_score {
            None if !game.is_over() => return Err(CorpusLineError::Unfinished),
            Some(given) if game.is_over() => {
                let actual = game.position().final_score_black();
                if actual != i32::from(given) {
                    return Err(CorpusLineError::ScoreMismatch { given, actual });
                }
            }
            _ => {}
        }
        Ok(CorpusGame {
            game,
            random_plies,
            perfect_empties,
            end_score,
        })
    }

    /// A WTHOR game as a corpus game: its moves up to the position with `depth` empties, the
    /// file's exact score there (`depth` is the file header's, from which its theoretical
    /// scores hold); a game that ends before, whole and finished, with its result and no
    /// perfect part. None for a game that stops unfinished before `depth` empties, has an
    /// illegal move or a theoretical score beyond 64 discs.
    pub fn from_wthor(g: &WthorGame, depth: u8) -> Option<CorpusGame> {
        let mut game = Game::new();
        let mut moves = g.moves.iter();
        while game.position().board.empty_count() > u32::from(depth) {
            if game.is_over() {
                return Some(CorpusGame {
                    game,
                    random_plies: 0,
                    perfect_empties: 0,
                    end_score: None,
                });
            }
            if game.must_pass() {
                game.play(Ply::Pass).ok()?;
                continue;
            }
            game.play_move(*moves.next()?).ok()?;
        }
        if g.theoretical > 64 {
            return None;
        }
        // Black's discs, the empties to the winner, as a difference.
        let end_score = (2 * i32::from(g.theoretical) - 64) as i8;
        if game.is_over() && game.position().final_score_black() != i32::from(end_score) {
            return None;
        }
        Some(CorpusGame {
            game,
            random_plies: 0,
            perfect_empties: depth,
            end_score: Some(end_score),
        })
    }

    /// Whether the fit holds the game out, one in `every` (by a hash of its line, FNV-1a, so
    /// independent of the order of files and games).
    pub fn held_out(&self, every: u64) -> bool {
        let hash = self
            .to_string()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
            });
        hash.is_multiple_of(every)
    }

    /// Black's final disc difference: the line's exact score, or the finished game's.
    pub fn black_score(&self) -> i32 {
        self.end_score
            .map_or_else(|| self.game.position().final_score_black(), i32::from)
    }

    /// Every position after the random opening where the side to move has a move, with its
    /// label (passes left out).
    pub fn labelled(&self) -> Vec<Labelled> {
        let black = self.black_score();
        // An unfinished game's last position is labelled too (the exact score's own).
        let end = self.game.len() + usize::from(!self.game.is_over());
        (usize::from(self.random_plies)..end)
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
        )?;
        match self.end_score {
            Some(score) => write!(f, " {score}"),
            None => Ok(()),
        }
    }
}

/// Reads a corpus's text: its games, or the first bad line (1-based) and what is wrong.
///
/// # Errors
/// [`CorpusError`]: the first line that is not a comment and not a valid game, or a
/// missing or unknown version line.
pub fn parse_corpus(text: &str) -> Result<Vec<CorpusGame>, CorpusError> {
    let mut lines = text.lines();
    let version_2 = match lines.next().map(str::trim) {
        Some(CORPUS_HEADER) => false,
        Some(CORPUS_HEADER_2) => true,
        Some(other) => return Err(CorpusError::Header(other.to_string())),
        None => return Err(CorpusError::Empty),
    };
    let mut games = Vec::new();
    for (n, line) in lines.enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game =
            CorpusGame::parse(line).map_err(|error| CorpusError::Line { line: n + 2, error })?;
        if game.end_score.is_some() && !version_2 {
            return Err(CorpusError::ScoreInVersion1(n + 2));
        }
        games.push(game);
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
            "line 1: \"# reversi corpus 9\": expected \"# reversi corpus 1\" or \"# reversi corpus 2\" (an unknown format or version)"
        );
        assert_eq!(
            CorpusGame::parse(&format!("{GAME} 6"))
                .unwrap_err()
                .to_string(),
            "expected three or four fields: transcript, random plies, perfect-play empties[, Black's exact score at the end]"
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
            "line 2: expected three or four fields: transcript, random plies, perfect-play empties[, Black's exact score at the end]"
        );
        assert_eq!(
            CorpusGame::parse(&format!("{GAME} 6 14 5 1"))
                .unwrap_err()
                .to_string(),
            "expected three or four fields: transcript, random plies, perfect-play empties[, Black's exact score at the end]"
        );
    }

    #[test]
    fn a_version_2_line_stops_at_its_exact_score() {
        // The first 36 plies: 24 empties, Black to move, worth -6 for Black.
        let moves = &GAME[..72];
        let text = format!("{CORPUS_HEADER_2}\n{moves} 2 24 -6\n{GAME} 6 14\n");
        let games = parse_corpus(&text).unwrap();
        assert_eq!(games[0].end_score, Some(-6));
        assert_eq!(games[0].to_string(), format!("{moves} 2 24 -6"));
        assert_eq!(games[1].end_score, None);
        let labelled = games[0].labelled();
        // Plies 2..=36: 35 positions, the last one at 24 empties and exact.
        assert_eq!(labelled.len(), 35);
        assert_eq!(labelled[34].board.empty_count(), 24);
        assert_eq!(labelled.iter().filter(|l| l.exact).count(), 1);
        assert!(labelled[34].exact);
        // Ply 36 is Black's: -6; ply 35 White's: +6; ply 2 Black's: -6.
        assert_eq!((labelled[34].label, labelled[33].label), (-6, 6));
        assert_eq!(labelled[0].label, -6);
    }

    #[test]
    fn bad_exact_scores_are_named() {
        let moves = &GAME[..72];
        assert_eq!(
            parse_corpus(&format!("{CORPUS_HEADER}\n{moves} 2 24 -6\n"))
                .unwrap_err()
                .to_string(),
            "line 2: an exact score (a fourth field) needs \"# reversi corpus 2\" on line 1"
        );
        assert_eq!(
            CorpusGame::parse(&format!("{moves} 2 24 70"))
                .unwrap_err()
                .to_string(),
            "exact score \"70\": expected -64..=64"
        );
        assert_eq!(
            CorpusGame::parse(&format!("{moves} 2 24 x"))
                .unwrap_err()
                .to_string(),
            "exact score \"x\": expected -64..=64"
        );
        let g = CorpusGame::parse(&format!("{GAME} 6 14")).unwrap();
        let wrong = g.black_score() + 2;
        assert_eq!(
            CorpusGame::parse(&format!("{GAME} 6 14 {wrong}"))
                .unwrap_err()
                .to_string(),
            format!(
                "exact score {wrong}, but the game ends {:+}",
                g.black_score()
            )
        );
        assert_eq!(
            CorpusGame::parse(&format!("{GAME} 6 14 {}", g.black_score()))
                .unwrap()
                .black_score(),
            g.black_score()
        );
    }
}

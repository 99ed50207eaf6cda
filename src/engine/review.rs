//! Game review: each move of a game against the best move of its position, searched to the
//! same depth (exactly once the solver reaches), and each player's losses in discs.
//!
//! For every move played (passes skipped) two searches run from its position: one among
//! the played move alone, one among every other move. The move's loss is how many discs
//! the best other move scores above it (0 when none does). Both searches start from a
//! cleared table, so a move's review does not depend on what was reviewed before it.

use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use crate::engine::control::{SearchLimits, start_clock};
use crate::engine::game::{Game, Ply};
use crate::engine::player::Searcher;
use crate::engine::side::Side;
use crate::engine::square::Square;

/// The thresholds that name a move's loss (discs): `config/review.ron`.
pub const DEFAULT_REVIEW_RON: &str = include_str!("../../config/review.ron");

/// How large a loss is a mistake and how large a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewThresholds {
    /// A move that loses at least this many discs is a mistake.
    pub mistake: i32,
    /// A move that loses at least this many discs is a blunder (not also a mistake).
    pub blunder: i32,
}

impl ReviewThresholds {
    /// Reads thresholds from RON text: `(mistake: 4, blunder: 10)`.
    ///
    /// # Errors
    /// The RON error with its line and column, or thresholds out of order.
    pub fn parse(text: &str) -> Result<ReviewThresholds, String> {
        let t: ReviewThresholds = ron::from_str(text).map_err(|e| e.to_string())?;
        if !(1..=128).contains(&t.mistake) || t.blunder < t.mistake || t.blunder > 128 {
            return Err(format!(
                "mistake {} and blunder {}: expected 1 <= mistake <= blunder <= 128",
                t.mistake, t.blunder
            ));
        }
        Ok(t)
    }

    /// The shipped thresholds, read once.
    ///
    /// # Panics
    /// Never in a build whose tests pass: a test reads the shipped file.
    pub fn shipped() -> ReviewThresholds {
        static SHIPPED: OnceLock<ReviewThresholds> = OnceLock::new();
        *SHIPPED.get_or_init(|| {
            ReviewThresholds::parse(DEFAULT_REVIEW_RON).expect("config/review.ron reads")
        })
    }

    /// What a loss of `loss` discs is.
    pub fn grade(&self, loss: i32) -> Grade {
        if loss >= self.blunder {
            Grade::Blunder
        } else if loss >= self.mistake {
            Grade::Mistake
        } else if loss > 0 {
            Grade::Inaccuracy
        } else {
            Grade::Best
        }
    }
}

/// A move's grade by its loss, in order (a blunder is worse than a mistake).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grade {
    /// No other move is better.
    Best,
    /// Loses fewer discs than a mistake.
    Inaccuracy,
    /// Loses at least [`ReviewThresholds::mistake`].
    Mistake,
    /// Loses at least [`ReviewThresholds::blunder`].
    Blunder,
}

/// One reviewed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// Its ply in the record, from 1 (passes count).
    pub ply: usize,
    /// The move played.
    pub played: Square,
    /// Who played it.
    pub color: Side,
    /// The played move's score, in discs for the side that played it.
    pub score: i32,
    /// The best move (the played one when no other is better).
    pub best: Square,
    /// The best move's score, in discs for the side that played.
    pub best_score: i32,
    /// `best_score - score`, never negative.
    pub loss: i32,
    /// Whether both scores are exact (the solver's).
    pub exact: bool,
}

/// Reviews the move `played` of the position before ply `ply` of `game`; `None` when
/// stopped.
fn review_move(
    searcher: &mut Searcher,
    game: &Game,
    ply: usize,
    played: Square,
    limits: &SearchLimits,
    stop: &AtomicBool,
) -> Option<MoveReview> {
    let position = game.position_at(ply - 1);
    let board = position.board;
    let clock = start_clock();
    searcher.clear();
    let mine = searcher.search_among(&board, played.bit(), limits, stop, &clock)?;
    if mine.stopped {
        return None;
    }
    let others = board.moves() & !played.bit();
    let mut review = MoveReview {
        ply,
        played,
        color: position.side_to_move,
        score: mine.info.score,
        best: played,
        best_score: mine.info.score,
        loss: 0,
        exact: mine.info.exact,
    };
    if others != 0 {
        searcher.clear();
        let other = searcher.search_among(&board, others, limits, stop, &clock)?;
        if other.stopped {
            return None;
        }
        review.exact &= other.info.exact;
        if other.info.score > review.score {
            review.best = other.info.best_move.expect("a searched move");
            review.best_score = other.info.score;
            review.loss = other.info.score - review.score;
        }
    }
    Some(review)
}

/// Reviews every move of `game`'s record (passes skipped), in order, handing each to
/// `each` as it is done; `None` when stopped (what was done was handed over).
pub fn review_game(
    game: &Game,
    searcher: &mut Searcher,
    limits: &SearchLimits,
    stop: &AtomicBool,
    each: &mut dyn FnMut(&MoveReview),
) -> Option<Vec<MoveReview>> {
    let mut out = Vec::new();
    for (i, ply) in game.recorded_plies().iter().enumerate() {
        let Ply::Move(sq) = *ply else {
            continue;
        };
        let review = review_move(searcher, game, i + 1, sq, limits, stop)?;
        each(&review);
        out.push(review);
    }
    Some(out)
}

/// One player's figures over a review.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves reviewed.
    pub moves: usize,
    /// Discs lost in all.
    pub loss: i32,
    /// Moves that lost nothing.
    pub best_moves: usize,
    /// Inaccuracies (a loss below a mistake's).
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
}

impl PlayerSummary {
    /// The share of moves that lost nothing, in percent (100 without moves).
    pub fn accuracy(&self) -> f64 {
        if self.moves == 0 {
            100.0
        } else {
            100.0 * self.best_moves as f64 / self.moves as f64
        }
    }
}

/// Each player's figures: `[Black, White]`.
pub fn summarize(reviews: &[MoveReview], thresholds: &ReviewThresholds) -> [PlayerSummary; 2] {
    let mut out = [PlayerSummary::default(); 2];
    for r in reviews {
        let s = &mut out[usize::from(r.color == Side::White)];
        s.moves += 1;
        s.loss += r.loss;
        match thresholds.grade(r.loss) {
            Grade::Best => s.best_moves += 1,
            Grade::Inaccuracy => s.inaccuracies += 1,
            Grade::Mistake => s.mistakes += 1,
            Grade::Blunder => s.blunders += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::engine::eval::SimpleEval;
    use crate::engine::search::{Othello, SearchConfig, negamax};
    use crate::engine::{Board, Squares};

    #[test]
    fn losses_equal_a_fresh_search_of_each_position() {
        let config = SearchConfig {
            tt_mib: 1,
            exact_empties: 0,
            wld_empties: 0,
            ..SearchConfig::default()
        };
        let eval = SimpleEval::default();
        let mut searcher = Searcher::with_evaluator(config.clone(), Arc::new(eval.clone()));
        let reference = Othello::new(&eval, &config);
        // Depth 3 everywhere: a move's score is minus the depth-2 value of its position.
        let value = |board: &Board, mv: Square| {
            let mut evals = 0;
            -negamax(
                &reference,
                &reference.node(&board.play_unchecked(mv)),
                2,
                &mut evals,
            )
        };
        let game = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5").unwrap();
        let stop = AtomicBool::new(false);
        let mut seen = 0;
        let reviews = review_game(
            &game,
            &mut searcher,
            &SearchLimits::depth(3),
            &stop,
            &mut |_| {
                seen += 1;
            },
        )
        .unwrap();
        assert_eq!((reviews.len(), seen), (20, 20));
        let mut losses = 0;
        for r in &reviews {
            let board = game.position_at(r.ply - 1).board;
            let played = value(&board, r.played);
            let best_other = Squares(board.moves() & !r.played.bit())
                .map(|mv| value(&board, mv))
                .max();
            assert_eq!(r.score, played, "ply {}", r.ply);
            assert_eq!(
                r.loss,
                best_other.map_or(0, |b| (b - played).max(0)),
                "ply {}",
                r.ply
            );
            assert_eq!(r.best_score, played + r.loss);
            assert_eq!(value(&board, r.best), r.best_score, "ply {}", r.ply);
            assert_eq!(r.best == r.played, r.loss == 0);
            assert!(!r.exact);
            losses += r.loss;
        }
        // Not every move of this line is the depth-3 choice.
        assert!(losses > 0);
        // A stop before the first move gives nothing.
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            review_game(
                &game,
                &mut searcher,
                &SearchLimits::depth(3),
                &stop,
                &mut |_| {}
            ),
            None
        );
    }

    #[test]
    fn the_shipped_thresholds_read_and_grade() {
        let t = ReviewThresholds::shipped();
        assert_eq!(
            t,
            ReviewThresholds {
                mistake: 4,
                blunder: 10
            }
        );
        let grades: Vec<Grade> = [0, 1, 3, 4, 9, 10, 64].map(|l| t.grade(l)).to_vec();
        assert_eq!(
            grades,
            [
                Grade::Best,
                Grade::Inaccuracy,
                Grade::Inaccuracy,
                Grade::Mistake,
                Grade::Mistake,
                Grade::Blunder,
                Grade::Blunder
            ]
        );
        assert_eq!(
            ReviewThresholds::parse("(mistake: 5, blunder: 3)").unwrap_err(),
            "mistake 5 and blunder 3: expected 1 <= mistake <= blunder <= 128"
        );
        assert!(
            ReviewThresholds::parse("(mistake: 5)")
                .unwrap_err()
                .contains("blunder"),
        );
    }

    #[test]
    fn summaries_count_each_players_moves() {
        let t = ReviewThresholds::shipped();
        let mv = |ply, color, loss| MoveReview {
            ply,
            played: Square::from_index(0),
            color,
            score: 0,
            best: Square::from_index(0),
            best_score: loss,
            loss,
            exact: false,
        };
        let reviews = [
            mv(1, Side::Black, 0),
            mv(2, Side::White, 2),
            mv(3, Side::Black, 12),
            mv(4, Side::White, 0),
            mv(5, Side::Black, 5),
        ];
        let [black, white] = summarize(&reviews, &t);
        assert_eq!(
            black,
            PlayerSummary {
                moves: 3,
                loss: 17,
                best_moves: 1,
                inaccuracies: 0,
                mistakes: 1,
                blunders: 1
            }
        );
        assert_eq!((white.moves, white.loss, white.inaccuracies), (2, 2, 1));
        assert!((black.accuracy() - 100.0 / 3.0).abs() < 1e-9);
        assert_eq!(white.accuracy(), 50.0);
    }
}

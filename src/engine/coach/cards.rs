//! Puzzles from a player's mistakes: the cards of a reviewed game.
//!
//! A game is reviewed ([`review_game`]); each move whose loss is a mistake or a blunder
//! (`config/review.ron`) becomes a [`Card`]: the position before it, every legal move's value
//! from a search of the position after it (exact when the searcher solves at that many
//! empties, else to the depth asked, which the card keeps), and the move played. The card's
//! own values decide: a move that the review graded a mistake but whose loss, scored again
//! move by move, falls under the threshold makes no card (both searches are selective above
//! the solver's empties; at or below it both are exact and agree).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::control::{SearchLimits, start_clock};
use crate::engine::game::{Game, Ply};
use crate::engine::player::Searcher;
use crate::engine::position::Position;
use crate::engine::review::{Grade, MoveReview, ReviewThresholds, review_game};
use crate::engine::side::Side;
use crate::engine::square::Square;

/// A position where a player went wrong, as a puzzle: find the best move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The position before the move; its side to move is the player who erred.
    pub position: Position,
    /// The ply of the game the move was (from 1, passes counted).
    pub ply: usize,
    /// The move played.
    pub played: Square,
    /// Every legal move with its value in discs for the side to move, best first (ties in
    /// square order).
    pub scores: Vec<(Square, i32)>,
    /// The depth the values come from (for exact values, the position's empties).
    pub depth: u32,
    /// Whether every value is the exact final disc difference.
    pub exact: bool,
}

impl Card {
    /// The best value.
    pub fn best_score(&self) -> i32 {
        self.scores.first().map_or(0, |&(_, s)| s)
    }

    /// Every move of the best value (a puzzle may have several answers).
    pub fn best_moves(&self) -> Vec<Square> {
        let best = self.best_score();
        self.scores
            .iter()
            .filter(|&&(_, s)| s == best)
            .map(|&(sq, _)| sq)
            .collect()
    }

    /// The value of the move played.
    pub fn played_score(&self) -> i32 {
        self.scores
            .iter()
            .find(|&&(sq, _)| sq == self.played)
            .map_or(self.best_score(), |&(_, s)| s)
    }

    /// How many discs the move played gave away against the best.
    pub fn loss(&self) -> i32 {
        self.best_score() - self.played_score()
    }

    /// The card as an OBF line, as the FFO suite writes its positions: the 64 squares, the
    /// side to move, then every move with its value, best first
    /// (`--XX...-- X; G8:+18; H1:+12;`). `reversi-engine solve` reads it back and checks
    /// the best value.
    pub fn obf_line(&self) -> String {
        let mut line = format!("{};", self.position);
        for &(sq, score) in &self.scores {
            line.push_str(&format!(" {}:{score:+};", sq.to_string().to_uppercase()));
        }
        line
    }
}

/// How far [`cards_from_game`] has got, handed to its `progress` after each step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardsProgress {
    /// Moves of the game reviewed, of `moves`.
    pub reviewed: usize,
    /// The moves of the game (passes skipped).
    pub moves: usize,
    /// Mistakes whose every move has been scored, of `mistakes` (known once the review
    /// is done).
    pub scored: usize,
    /// The moves the review graded a mistake or worse (of the side asked for).
    pub mistakes: usize,
}

/// Reviews `game` and makes a card of each move of `side` (`None`: both sides) graded
/// [`Grade::Mistake`] or worse by `thresholds`: the review searches to `limits`, the
/// cards' values too (each legal move searched after it is played). `searcher`'s
/// `exact_empties` decides where the values are exact. `progress` hears of each move
/// reviewed and each card scored. `None` when `stop` was raised.
pub fn cards_from_game(
    game: &Game,
    side: Option<Side>,
    searcher: &mut Searcher,
    limits: &SearchLimits,
    thresholds: &ReviewThresholds,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(CardsProgress),
) -> Option<Vec<Card>> {
    let mut state = CardsProgress {
        moves: game
            .recorded_plies()
            .iter()
            .filter(|p| matches!(p, Ply::Move(_)))
            .count(),
        ..CardsProgress::default()
    };
    let reviews = review_game(game, searcher, limits, stop, &mut |_| {
        state.reviewed += 1;
        progress(state);
    })?;
    cards_from_reviews(
        game,
        &reviews,
        side,
        searcher,
        limits,
        thresholds,
        stop,
        &mut |scored, mistakes| {
            state.scored = scored;
            state.mistakes = mistakes;
            progress(state);
        },
    )
}

/// The cards of a game already reviewed (`reviews`, from [`review_game`] or the game's own
/// review): each move of `side` (`None`: both) graded a mistake or worse is scored move by
/// move to `limits`, as [`cards_from_game`] does. `progress` hears `(scored, mistakes)`
/// after each. `None` when `stop` was raised.
#[expect(
    clippy::too_many_arguments,
    reason = "the game, its reviews, the side, and the search's parts as cards_from_game takes them"
)]
pub fn cards_from_reviews(
    game: &Game,
    reviews: &[MoveReview],
    side: Option<Side>,
    searcher: &mut Searcher,
    limits: &SearchLimits,
    thresholds: &ReviewThresholds,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Option<Vec<Card>> {
    let mistakes: Vec<&MoveReview> = reviews
        .iter()
        .filter(|r| side.is_none_or(|s| r.color == s) && graded_mistake(r, thresholds))
        .collect();
    let total = mistakes.len();
    let mut cards = Vec::new();
    for (n, review) in mistakes.into_iter().enumerate() {
        let position = game.position_at(review.ply - 1);
        searcher.clear();
        let clock = start_clock();
        let scored = searcher.score_moves_with(&position.board, limits, stop, &clock, &mut |_| {});
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut scores = scored.scores;
        // Best first; ties in square order (the sort is stable over square order).
        scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let card = Card {
            position,
            ply: review.ply,
            played: review.played,
            scores,
            depth: scored.depth,
            exact: scored.exact,
        };
        if thresholds.grade(card.loss()) >= Grade::Mistake {
            cards.push(card);
        }
        progress(n + 1, total);
    }
    Some(cards)
}

/// Whether the review graded the move a mistake or a blunder.
fn graded_mistake(review: &MoveReview, thresholds: &ReviewThresholds) -> bool {
    thresholds.grade(review.loss) >= Grade::Mistake
}

#[cfg(test)]
mod tests {
    use super::super::test_searcher as searcher;
    use super::*;
    use crate::engine::endgame::{SolveMode, Solver};
    use crate::engine::{ObfRecord, Squares};

    /// A whole game (60 moves, two passes) in which Black, a beginner, loses 7-57 against
    /// Casual: played in the Windows build under Wine by `scripts/windows-smoke.sh`.
    const LOST_GAME: &str = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";

    const THRESHOLDS: ReviewThresholds = ReviewThresholds {
        mistake: 4,
        blunder: 10,
    };

    #[test]
    fn exact_cards_agree_with_the_solver_move_by_move() {
        let game = Game::from_transcript(LOST_GAME).unwrap();
        let stop = AtomicBool::new(false);
        let mut steps = Vec::new();
        let cards = cards_from_game(
            &game,
            None,
            &mut searcher(14),
            &SearchLimits::depth(3),
            &THRESHOLDS,
            &stop,
            &mut |p| steps.push(p),
        )
        .unwrap();
        // Each of the 60 moves reviewed, then each mistake scored, in order.
        let last = *steps.last().unwrap();
        assert_eq!((last.reviewed, last.moves), (60, 60));
        assert_eq!(steps.len(), 60 + last.mistakes);
        assert_eq!(last.scored, last.mistakes);
        assert!(cards.len() <= last.mistakes);
        // One side's cards are that side's of both.
        let black = cards_from_game(
            &game,
            Some(Side::Black),
            &mut searcher(14),
            &SearchLimits::depth(3),
            &THRESHOLDS,
            &stop,
            &mut |_| {},
        )
        .unwrap();
        let blacks: Vec<Card> = cards
            .iter()
            .filter(|c| c.position.side_to_move == Side::Black)
            .cloned()
            .collect();
        assert_eq!(black, blacks);
        assert!(!black.is_empty() && black.len() < cards.len());
        let exact: Vec<&Card> = cards.iter().filter(|c| c.exact).collect();
        // At 14 empties or fewer both the review and the cards are exact, so which moves
        // make cards is the game's alone, whatever the evaluator: these plies.
        let plies: Vec<usize> = exact.iter().map(|c| c.ply).collect();
        assert_eq!(plies, EXACT_PLIES);
        let mut solver = Solver::new(1);
        // The same plies found by the solver alone: every move at 14 empties or fewer whose
        // exact loss is a mistake.
        let mut value = |board: &crate::engine::Board, sq: Square| {
            -solver
                .solve(&board.play_unchecked(sq), SolveMode::Exact, &stop)
                .unwrap()
                .score
        };
        let solved_plies: Vec<usize> = (1..=game.recorded_plies().len())
            .filter(|&ply| {
                let Ply::Move(played) = game.recorded_plies()[ply - 1] else {
                    return false;
                };
                let board = game.position_at(ply - 1).board;
                if board.empty_count() > 14 {
                    return false;
                }
                let best = Squares(board.moves()).map(|sq| value(&board, sq)).max();
                best.unwrap() - value(&board, played) >= THRESHOLDS.mistake
            })
            .collect();
        assert_eq!(solved_plies, EXACT_PLIES);
        let mut solver = Solver::new(1);
        for card in &cards {
            let board = card.position.board;
            assert_eq!(
                game.recorded_plies()[card.ply - 1],
                Ply::Move(card.played),
                "ply {}",
                card.ply
            );
            assert_eq!(card.position, game.position_at(card.ply - 1));
            let mut legal: Vec<Square> = Squares(board.moves()).collect();
            let mut listed: Vec<Square> = card.scores.iter().map(|&(sq, _)| sq).collect();
            legal.sort();
            listed.sort();
            assert_eq!(listed, legal, "ply {}: every legal move, once", card.ply);
            assert!(card.scores.windows(2).all(|w| w[0].1 >= w[1].1));
            assert!(card.loss() >= THRESHOLDS.mistake, "ply {}", card.ply);
            if !card.exact {
                assert!(board.empty_count() > 14);
                continue;
            }
            assert_eq!(card.depth, board.empty_count());
            let best = solver.solve(&board, SolveMode::Exact, &stop).unwrap();
            assert_eq!(card.best_score(), best.score, "ply {}", card.ply);
            for &(sq, value) in &card.scores {
                let after = solver
                    .solve(&board.play_unchecked(sq), SolveMode::Exact, &stop)
                    .unwrap();
                assert_eq!(value, -after.score, "ply {} move {sq}", card.ply);
            }
        }
    }

    /// The plies of [`LOST_GAME`] at 14 empties or fewer whose move lost 4 discs or more.
    const EXACT_PLIES: &[usize] = &[48, 50, 54, 55];

    #[test]
    fn a_card_is_written_as_the_ffo_suite_writes_a_position() {
        let obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let record: ObfRecord = obf.parse().unwrap();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let card = Card {
            position: record.position,
            ply: 47,
            played: sq("a2"),
            scores: vec![(sq("g8"), 18), (sq("h1"), 12), (sq("a2"), 6), (sq("h7"), 6)],
            depth: 14,
            exact: true,
        };
        assert_eq!(
            card.obf_line(),
            format!("{obf}; G8:+18; H1:+12; A2:+6; H7:+6;")
        );
        assert_eq!(
            (card.best_score(), card.played_score(), card.loss()),
            (18, 6, 12)
        );
        assert_eq!(card.best_moves(), [sq("g8")]);
        let back: ObfRecord = card.obf_line().parse().unwrap();
        assert_eq!(back.position, card.position);
        assert_eq!(back.move_scores, card.scores);
    }

    #[test]
    fn a_tie_for_best_gives_every_answer() {
        let card = Card {
            position: Game::new().position(),
            ply: 1,
            played: "c4".parse().unwrap(),
            scores: ["d3", "e6", "f5", "c4"]
                .iter()
                .zip([0, 0, 0, -4])
                .map(|(s, v)| (s.parse().unwrap(), v))
                .collect(),
            depth: 10,
            exact: false,
        };
        let answers: Vec<String> = card.best_moves().iter().map(|s| s.to_string()).collect();
        assert_eq!(answers, ["d3", "e6", "f5"]);
        assert_eq!(card.loss(), 4);
    }
}

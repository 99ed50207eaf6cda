//! The evaluation graph's data (issue 21): the score of each position of the game, in discs
//! from Black's side, as the engine's own searches, the hints and the review find it. Scores
//! belong to positions (the board after a move), so a record that branches keeps what is
//! known of both lines, and the deepest score of a position wins (an exact one over all).
//! The side panel draws it (`ui/panels/score_graph.rs`).

use std::collections::HashMap;

use bevy::prelude::*;

use crate::engine::{Board, Game, Side, Square};

use super::review::{GameReview, REVIEW_DEPTH};
use crate::app::engine_report::{Activity, EngineReport, MoveHints};
use crate::app::play::game::Match;

/// A position's score as known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Score {
    /// Discs, from Black's side.
    pub black: i32,
    /// Whether it is the exact final result.
    pub exact: bool,
    /// The depth of the search that gave it.
    pub depth: u32,
}

/// The scores of the positions seen, by board (after the move that reached it).
#[derive(Resource, Debug, Default)]
pub(crate) struct ScoreHistory {
    by_board: HashMap<Board, Score>,
}

impl ScoreHistory {
    /// The most positions kept; beyond it the history starts again.
    const LIMIT: usize = 100_000;

    /// Records that `mover`'s move `square` from `board` scores `score` discs for `mover`,
    /// unless a deeper (or exact) score of the position after it is known.
    pub(super) fn offer(
        &mut self,
        board: &Board,
        square: Square,
        mover: Side,
        score: i32,
        exact: bool,
        depth: u32,
    ) {
        if self.by_board.len() >= Self::LIMIT {
            self.by_board.clear();
        }
        let after = board.play_unchecked(square);
        let new = Score {
            black: score * mover.sign(),
            exact,
            depth,
        };
        let keep = self
            .by_board
            .get(&after)
            .is_some_and(|old| old.exact && !exact || (old.exact == exact && old.depth > depth));
        if !keep {
            self.by_board.insert(after, new);
        }
    }

    /// The known scores of the game's record: `(ply, score)` for each ply from 1 whose
    /// position has one.
    pub(crate) fn along(&self, game: &Game) -> Vec<(usize, Score)> {
        (1..=game.len())
            .filter_map(|ply| {
                self.by_board
                    .get(&game.position_at(ply).board)
                    .map(|s| (ply, *s))
            })
            .collect()
    }
}

/// The hints score every move of the position shown.
fn record_hints(m: Res<Match>, hints: Res<MoveHints>, mut history: ResMut<ScoreHistory>) {
    if !hints.is_changed() {
        return;
    }
    let Some(set) = hints.for_generation(m.generation) else {
        return;
    };
    let position = m.position();
    for &(square, score) in &set.scores {
        history.offer(
            &position.board,
            square,
            position.side_to_move,
            score,
            set.exact,
            set.depth,
        );
    }
}

/// The engine's own search scores the move it is about to play.
fn record_engine(m: Res<Match>, report: Res<EngineReport>, mut history: ResMut<ScoreHistory>) {
    if !report.is_changed() || report.activity != Activity::Thinking {
        return;
    }
    let position = m.position();
    if report.side != Some(position.side_to_move) {
        return;
    }
    if let Some(info) = &report.info
        && let Some(square) = info.best_move
        && position.board.moves() & square.bit() != 0
    {
        history.offer(
            &position.board,
            square,
            position.side_to_move,
            info.score,
            info.exact,
            info.depth,
        );
    }
}

/// The review scores every move of the record, each once: `seen` is the review in hand
/// (when it started) and how many of its moves were taken.
fn record_review(
    m: Res<Match>,
    review: Res<GameReview>,
    mut history: ResMut<ScoreHistory>,
    mut seen: Local<(Option<std::time::Instant>, usize)>,
) {
    if seen.0 != review.started() {
        *seen = (review.started(), 0);
    }
    if !review.exists() {
        return;
    }
    let new = review.moves_after(seen.1);
    seen.1 += new.len();
    for r in new {
        if r.ply > m.game.len() {
            continue;
        }
        let before = m.game.position_at(r.ply - 1);
        let depth = if r.exact { 60 } else { REVIEW_DEPTH };
        history.offer(&before.board, r.played, r.color, r.score, r.exact, depth);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ScoreHistory>().add_systems(
        Update,
        (record_hints, record_engine, record_review)
            .after(crate::app::schedule::GameSystems::Engine),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_and_exact_scores_win_and_points_follow_the_record() {
        let mut history = ScoreHistory::default();
        let game = Game::from_transcript("f5d6c3").unwrap();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let at = |n: usize| game.position_at(n).board;
        // White's d6 scores +2 for White at depth 4: -2 for Black.
        history.offer(&at(1), sq("d6"), Side::White, 2, false, 4);
        history.offer(&at(1), sq("d6"), Side::White, 5, false, 3);
        history.offer(&at(0), sq("f5"), Side::Black, 1, false, 10);
        let points: Vec<(usize, i32)> = history
            .along(&game)
            .iter()
            .map(|(ply, s)| (*ply, s.black))
            .collect();
        assert_eq!(points, [(1, 1), (2, -2)]);
        // An exact score replaces any depth, and is not replaced by a deeper search.
        history.offer(&at(1), sq("d6"), Side::White, 6, true, 58);
        history.offer(&at(1), sq("d6"), Side::White, 0, false, 30);
        assert_eq!(
            history.along(&game)[1].1,
            Score {
                black: -6,
                exact: true,
                depth: 58
            }
        );
        // Scores belong to boards as played: another record through them shares them, a
        // mirror image does not.
        assert_eq!(
            history.along(&Game::from_transcript("f5d6").unwrap()).len(),
            2
        );
        assert_eq!(
            history.along(&Game::from_transcript("c4e3").unwrap()).len(),
            0
        );
    }
}

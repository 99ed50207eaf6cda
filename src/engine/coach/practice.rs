//! Practice positions on demand: positions from real games whose value lies in a range the
//! player chose ("even": -2..+2; "convert the win": +6..+12), at a chosen number of empties.
//!
//! The positions come from games the engine played (the self-play corpus), past their
//! random opening moves, so that they look like games and not noise. Each candidate is
//! first searched shallow, and one whose value is far from the range is passed over; the
//! others are valued deep (exactly at the searcher's exact empties or fewer, else to the
//! depth asked) and kept when that value is in the range.

use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::engine::control::{SearchLimits, start_clock};
use crate::engine::corpus::CorpusGame;
use crate::engine::player::Searcher;
use crate::engine::position::Position;
use crate::engine::square::Square;

/// What a practice position must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PracticeSpec {
    /// Empty squares.
    pub empties: u32,
    /// The side to move's value, in discs.
    pub score: RangeInclusive<i32>,
}

/// A practice position with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PracticePosition {
    /// The position; its side to move has a legal move.
    pub position: Position,
    /// The best move found.
    pub best: Square,
    /// Its value in discs, for the side to move.
    pub score: i32,
    /// How sure the value is.
    pub precision: ValuePrecision,
    /// The game of the list it was taken from (its index).
    pub game: usize,
}

/// How sure a practice position's value is; its text (`exact`, `selective 2.5`, `depth 14`)
/// is what a positions file's comment gives ([`ValuePrecision::parse`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValuePrecision {
    /// Solved exactly.
    Exact,
    /// A selective solve to the end ([`crate::engine::Solver::solve_selective`]), sure to
    /// this many tenths of a standard deviation: at 25, 273 of the shipped 300 24-empty values
    /// were exact (most of the rest 2 discs off), and 20 of 25 at 28 empties.
    Selective(u8),
    /// A search to this depth.
    Depth(u32),
}

impl ValuePrecision {
    /// `exact`, `selective 2.5` or `depth 14`; `None` for anything else.
    pub fn parse(text: &str) -> Option<ValuePrecision> {
        let text = text.trim();
        if text == "exact" {
            return Some(ValuePrecision::Exact);
        }
        if let Some(depth) = text.strip_prefix("depth ") {
            return depth.parse().ok().map(ValuePrecision::Depth);
        }
        let t: f64 = text.strip_prefix("selective ")?.parse().ok()?;
        let tenths = (t * 10.0).round();
        ((1.0..=100.0).contains(&tenths) && (tenths / 10.0 - t).abs() < 1e-9)
            .then_some(ValuePrecision::Selective(tenths as u8))
    }

    /// How far inside a range's ends a value of this precision must lie to put its position
    /// in the range ([`ValuePrecision::places_in`]): a disc for a search's value, none for a
    /// solve's. A deeper search moves a depth-24 value at 36 empties by 0.64 discs on
    /// average, so one at an end of a range leaves it about one time in three (16 of 49): of
    /// the 137 depth-24 values in a practice range, 118 kept it at depth 28 (86%); of the 88
    /// a disc or more inside, 85 (97%) (issue 75, 2026-11-30). A selective solve's values
    /// kept their range when solved exactly 94-98% of the time at 24 empties without a
    /// margin.
    pub fn range_margin(self) -> i32 {
        match self {
            ValuePrecision::Depth(_) => 1,
            ValuePrecision::Exact | ValuePrecision::Selective(_) => 0,
        }
    }

    /// Whether `score`, a value of this precision, puts its position in the range
    /// `low..=high`: at least [`ValuePrecision::range_margin`] inside both ends.
    pub fn places_in(self, score: i32, low: i32, high: i32) -> bool {
        let margin = self.range_margin();
        (low + margin..=high - margin).contains(&score)
    }
}

impl std::fmt::Display for ValuePrecision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ValuePrecision::Exact => f.write_str("exact"),
            ValuePrecision::Selective(tenths) => {
                write!(f, "selective {}.{}", tenths / 10, tenths % 10)
            }
            ValuePrecision::Depth(depth) => write!(f, "depth {depth}"),
        }
    }
}

/// How far [`pick_practice`] has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PracticeProgress {
    /// Positions kept, of the count asked for.
    pub kept: usize,
    /// Candidates looked at.
    pub tried: usize,
    /// Candidates valued deep.
    pub deep: usize,
}

/// The position of `game` with `empties` empty squares, when the game passes through one
/// whose side to move has a legal move, after its random plies and two engine moves (so
/// that the position is one the engine chose to reach).
pub fn position_at_empties(game: &CorpusGame, empties: u32) -> Option<Position> {
    let plies = game.game.recorded_plies().len();
    (0..=plies)
        .map(|n| (n, game.game.position_at(n)))
        .find(|(_, p)| p.board.empty_count() == empties && p.board.moves() != 0)
        .filter(|&(n, _)| n >= usize::from(game.random_plies) + 2)
        .map(|(_, p)| p)
}

/// Picks up to `count` positions of `spec` from `games`, in an order shuffled by `seed`
/// (the same seed, games and searcher give the same positions), each position once (the
/// same board is not taken twice). A candidate whose value at depth `shallow` is more than
/// `margin` discs outside the range is passed over; the others are valued to `deep` (exact
/// at the searcher's exact empties or fewer). `progress` hears of each candidate. Fewer
/// than `count` come back when the games run out; `None` when `stop` was raised.
#[allow(clippy::too_many_arguments)]
pub fn pick_practice(
    games: &[CorpusGame],
    spec: &PracticeSpec,
    count: usize,
    seed: u64,
    searcher: &mut Searcher,
    (shallow, deep, margin): (u32, u32, i32),
    stop: &AtomicBool,
    progress: &mut dyn FnMut(PracticeProgress),
) -> Option<Vec<PracticePosition>> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.shuffle(&mut StdRng::seed_from_u64(seed));
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let mut state = PracticeProgress::default();
    let near = (spec.score.start() - margin)..=(spec.score.end() + margin);
    for index in order {
        if kept.len() >= count {
            break;
        }
        let Some(position) = position_at_empties(&games[index], spec.empties) else {
            continue;
        };
        if !seen.insert(position.board) {
            continue;
        }
        state.tried += 1;
        let clock = start_clock();
        // The position's value at a depth, from a cleared table; `None` when stopped.
        let mut value = |depth| {
            searcher.clear();
            let found = searcher.search(
                &position.board,
                &SearchLimits::depth(depth),
                stop,
                &clock,
                &mut |_| {},
            );
            (!found.stopped).then_some(found.info)
        };
        if near.contains(&value(shallow)?.score) {
            state.deep += 1;
            let info = value(deep)?;
            if spec.score.contains(&info.score) {
                kept.push(PracticePosition {
                    position,
                    best: info.best_move.expect("a position with a legal move"),
                    score: info.score,
                    precision: if info.exact {
                        ValuePrecision::Exact
                    } else {
                        ValuePrecision::Depth(info.depth)
                    },
                    game: index,
                });
            }
        }
        state.kept = kept.len();
        progress(state);
    }
    Some(kept)
}

#[cfg(test)]
mod tests {
    use super::super::test_searcher as searcher;
    use super::*;
    use crate::engine::endgame::{SolveMode, Solver};
    use crate::engine::game::Game;

    fn corpus_game(transcript: &str, random_plies: u8) -> CorpusGame {
        CorpusGame {
            game: Game::from_transcript(transcript).unwrap(),
            random_plies,
            perfect_empties: 0,
            end_score: None,
        }
    }

    /// Two whole games (the first from the coach's cards test, the second a corpus line).
    const GAMES: [&str; 2] = [
        "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7",
        "f5d6c5b4c7g5e6f6d3e7b6e3d7b5f4f3g6c4c3b3g4d8c8b8f7g3c6e8f8g8a5a4a3h4h5h6e2a6a7f1e1d1f2d2h3g1h7g2h2b7c1b1c2g7h1a2a1b2a8h8",
    ];

    #[test]
    fn a_game_gives_its_position_at_the_empties_past_its_random_plies() {
        let game = corpus_game(GAMES[1], 10);
        let at = |empties| position_at_empties(&game, empties);
        // No pass before: 30 empties is after ply 30.
        assert_eq!(at(30), Some(game.game.position_at(30)));
        // 49 empties is ply 11, one ply after the random ones: not yet the engine's.
        assert_eq!(at(49), None);
        assert_eq!(at(48), Some(game.game.position_at(12)));
        // The end of the game: no move.
        assert_eq!(at(0), None);
    }

    #[test]
    fn a_search_s_value_counts_a_disc_inside_a_range_a_solve_s_anywhere_in_it() {
        let (exact, selective, depth) = (
            ValuePrecision::Exact,
            ValuePrecision::Selective(25),
            ValuePrecision::Depth(24),
        );
        for p in [exact, selective] {
            assert!(p.places_in(-2, -2, 2) && p.places_in(2, -2, 2) && p.places_in(0, 0, 0));
            assert!(!p.places_in(3, -2, 2) && !p.places_in(-3, -2, 2));
        }
        assert!(!depth.places_in(-2, -2, 2) && !depth.places_in(2, -2, 2));
        assert!(depth.places_in(-1, -2, 2) && depth.places_in(1, -2, 2));
        assert!(depth.places_in(7, 6, 12) && depth.places_in(11, 6, 12));
        assert!(!depth.places_in(6, 6, 12) && !depth.places_in(12, 6, 12));
        // A range too narrow to hold a search's value a disc inside holds none.
        assert!(!depth.places_in(0, 0, 0) && !depth.places_in(0, -1, 0));
    }

    #[test]
    fn exact_practice_positions_have_the_solver_s_value_in_range() {
        let games: Vec<CorpusGame> = GAMES.iter().map(|g| corpus_game(g, 0)).collect();
        let mut searcher = searcher(14);
        let stop = AtomicBool::new(false);
        let mut solver = Solver::new(1);
        // Each game at 12 empties, its exact value from the solver.
        let values: Vec<i32> = games
            .iter()
            .map(|g| {
                let p = position_at_empties(g, 12).unwrap();
                solver
                    .solve(&p.board, SolveMode::Exact, &stop)
                    .unwrap()
                    .score
            })
            .collect();
        // A range holding the first game's value only, wide enough that no shallow search
        // passes it over (a margin of 64).
        let v = values[0];
        assert_ne!(v, values[1]);
        let spec = PracticeSpec {
            empties: 12,
            score: v..=v,
        };
        let mut steps = 0;
        let picked = pick_practice(
            &games,
            &spec,
            5,
            7,
            &mut searcher,
            (2, 8, 64),
            &stop,
            &mut |_| steps += 1,
        )
        .unwrap();
        assert_eq!(steps, 2);
        assert_eq!(picked.len(), 1);
        let p = &picked[0];
        assert_eq!(
            (p.game, p.score, p.precision),
            (0, v, ValuePrecision::Exact)
        );
        assert_eq!(p.position, position_at_empties(&games[0], 12).unwrap());
        let after = solver
            .solve(
                &p.position.board.play_unchecked(p.best),
                SolveMode::Exact,
                &stop,
            )
            .unwrap();
        assert_eq!(-after.score, v, "the best move keeps the value");
    }

    #[test]
    fn the_count_and_the_seed_decide_which_positions() {
        let games: Vec<CorpusGame> = GAMES.iter().map(|g| corpus_game(g, 0)).collect();
        let mut searcher = searcher(0);
        let stop = AtomicBool::new(false);
        let spec = PracticeSpec {
            empties: 40,
            score: -64..=64,
        };
        let mut pick = |count, seed| {
            pick_practice(
                &games,
                &spec,
                count,
                seed,
                &mut searcher,
                (1, 2, 0),
                &stop,
                &mut |_| {},
            )
            .unwrap()
            .iter()
            .map(|p| p.game)
            .collect::<Vec<usize>>()
        };
        assert_eq!(pick(1, 7).len(), 1);
        let both = pick(2, 7);
        let mut sorted = both.clone();
        sorted.sort();
        assert_eq!(sorted, [0, 1]);
        assert_eq!(pick(2, 7), both, "the same seed, the same order");
    }
}

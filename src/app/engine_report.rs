//! What the engine tells the rest of the game: the engine panel's report ([`EngineReport`],
//! what it is doing and its latest line) and the hints ([`MoveHints`]: the human's moves
//! scored, or a Monte Carlo level's win rates). The jobs of `engine_tasks.rs` fill them; the
//! panel, the board's markers, the graph and the screenshots read them.

use bevy::prelude::*;

use crate::engine::{Level, MctsInfo, MoveScores, SearchInfo, Side, Square};

/// What the engine is doing, as the panel shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Activity {
    /// Nothing.
    #[default]
    Idle,
    /// Choosing its move.
    Thinking,
    /// Thinking on the human's time.
    Pondering,
    /// Scoring the human's moves for the hints.
    Scoring,
}

/// What the engine panel shows.
#[derive(Resource, Debug, Default, Clone)]
pub(super) struct EngineReport {
    /// What the engine is doing.
    pub activity: Activity,
    /// The side to move in the position of `info` (the engine's when thinking, the human's
    /// when pondering on all replies).
    pub side: Option<Side>,
    /// The latest completed iteration (of the running search, or the last one).
    pub info: Option<SearchInfo>,
    /// The level playing.
    pub level: String,
    /// When the running search started (seconds of app time).
    pub since_s: f32,
    /// The move the engine expects its opponent to play next.
    pub expected_reply: Option<Square>,
    /// Pondering on a predicted move: the opponent's move assumed.
    pub ponder_guess: Option<Square>,
    /// Whether `info` is the opening book's move (no search).
    pub book: bool,
    /// The position `info`'s line starts from (the board drawing it checks it is the one
    /// shown, or one move after it).
    pub line_from: Option<crate::engine::Board>,
}

impl EngineReport {
    /// The report of a search starting now: what it does, for which side, at which level.
    pub(super) fn starting(
        activity: Activity,
        side: Side,
        level: &Level,
        since_s: f32,
    ) -> EngineReport {
        EngineReport {
            activity,
            side: Some(side),
            level: level.name.clone(),
            since_s,
            ..EngineReport::default()
        }
    }
}

/// The scores of the human's legal moves (the hints), from the background job.
#[derive(Resource, Debug, Default)]
pub(super) struct MoveHints {
    /// The [`Match::generation`](super::play::game::Match::generation) the scores are for.
    pub generation: u64,
    /// The [`EngineConfig::version`](super::engine_config::EngineConfig::version) they were found with.
    pub version: u64,
    /// The deepest complete set found so far (for a Monte Carlo level, the win rates in
    /// discs, as the score graph records them).
    pub scores: Option<MoveScores>,
    /// For a Monte Carlo level, what the board shows instead of `scores`.
    pub rates: Option<MoveRates>,
    /// Whether the scores are another program's (`play/other_engine.rs`): the board then
    /// shows them as they are, without our opening book's values.
    pub other: bool,
}

/// The hints of a Monte Carlo level: each move's win rate and share of the playouts.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct MoveRates {
    /// The playouts through the root so far (kept from earlier searches included).
    pub playouts: u64,
    /// The move the search would play: a proven win, else the most visited.
    pub best: Option<Square>,
    /// The legal moves tried so far, in square order.
    pub moves: Vec<MoveRate>,
}

/// One move of [`MoveRates`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct MoveRate {
    /// The move.
    pub square: Square,
    /// The mean result of its playouts for the side to move (win 1, draw 0.5, loss 0);
    /// for a proven move its proven result.
    pub win_rate: f64,
    /// Its share of the root's playouts (0..=1).
    pub share: f64,
    /// Whether the result is proven (solved to the end: a win, draw or loss for sure).
    pub proven: bool,
}

impl MoveRates {
    /// The rates of a Monte Carlo search's root moves; a pass (the only move when it is
    /// one) and moves without a playout or proof are left out.
    pub(super) fn of(info: &MctsInfo) -> MoveRates {
        let shares = info.visit_shares();
        let moves = info
            .root_moves
            .iter()
            .zip(shares)
            .filter(|(m, _)| m.visits > 0 || m.proven.is_some())
            .filter_map(|(m, share)| {
                Some(MoveRate {
                    square: m.square()?,
                    win_rate: m
                        .proven
                        .map_or(m.win_rate, |o| (f64::from(o.sign()) + 1.0) / 2.0),
                    share,
                    proven: m.proven.is_some(),
                })
            })
            .collect();
        MoveRates {
            playouts: info.root_visits,
            best: info.best_square(),
            moves,
        }
    }
}

impl MoveHints {
    /// The scores for the position of `generation`, if any have been found.
    pub(super) fn for_generation(&self, generation: u64) -> Option<&MoveScores> {
        self.scores
            .as_ref()
            .filter(|_| self.generation == generation)
    }

    /// The Monte Carlo rates for the position of `generation`, if any.
    pub(super) fn rates_for(&self, generation: u64) -> Option<&MoveRates> {
        self.rates
            .as_ref()
            .filter(|_| self.generation == generation)
    }

    /// Takes a new set unless it is shallower than the one shown for the same position
    /// (a restarted job begins again at depth 1).
    pub(super) fn offer(&mut self, generation: u64, version: u64, scores: MoveScores) {
        let same = self.generation == generation && self.version == version && self.rates.is_none();
        let deeper = self
            .scores
            .as_ref()
            .is_none_or(|old| scores.exact || (!old.exact && scores.depth >= old.depth));
        if !same || deeper {
            *self = MoveHints {
                generation,
                version,
                scores: Some(scores),
                rates: None,
                other: false,
            };
        }
    }

    /// Takes another program's scores for the position of `generation`.
    pub(super) fn offer_other(&mut self, generation: u64, version: u64, scores: MoveScores) {
        *self = MoveHints {
            generation,
            version,
            scores: Some(scores),
            rates: None,
            other: true,
        };
    }

    /// Takes a Monte Carlo search's latest standing (its tree only grows, and a restarted
    /// search keeps it).
    pub(super) fn offer_rates(
        &mut self,
        generation: u64,
        version: u64,
        info: &MctsInfo,
        scale: f64,
    ) {
        *self = MoveHints {
            generation,
            version,
            scores: Some(info.move_scores(scale)),
            rates: Some(MoveRates::of(info)),
            other: false,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_keep_the_deepest_set_for_a_position() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let set = |depth, exact, score| MoveScores {
            depth,
            exact,
            scores: vec![(sq("d3"), score)],
            line: Vec::new(),
            confidence_pct: None,
        };
        let mut hints = MoveHints::default();
        hints.offer(3, 0, set(5, false, 1));
        assert_eq!(hints.for_generation(3), Some(&set(5, false, 1)));
        assert_eq!(hints.for_generation(2), None);
        // A restarted job's shallow sets do not replace deeper ones ...
        hints.offer(3, 0, set(2, false, 4));
        assert_eq!(hints.for_generation(3), Some(&set(5, false, 1)));
        hints.offer(3, 0, set(6, false, 2));
        assert_eq!(hints.for_generation(3), Some(&set(6, false, 2)));
        hints.offer(3, 0, set(20, true, 0));
        hints.offer(3, 0, set(30, false, 9));
        assert_eq!(hints.for_generation(3), Some(&set(20, true, 0)));
        // ... but any set for a new position or new tables does.
        hints.offer(4, 0, set(1, false, -3));
        assert_eq!(hints.for_generation(4), Some(&set(1, false, -3)));
        hints.offer(4, 1, set(1, false, 7));
        assert_eq!(hints.for_generation(4), Some(&set(1, false, 7)));
    }

    /// A Monte Carlo root as a search reports it: c4 and d3 played out, e6 not yet, f5
    /// proven won, and the pass that is never legal beside moves.
    fn mcts_root() -> MctsInfo {
        use crate::engine::Outcome;
        use crate::engine::mcts::RootMove;
        let mv = |s: &str| s.parse::<Square>().unwrap().index();
        let root = |mv, visits, win_rate, proven| RootMove {
            mv,
            visits,
            win_rate,
            proven,
        };
        MctsInfo {
            best_move: Some(mv("f5")),
            root_moves: vec![
                root(mv("c4"), 300, 0.625, None),
                root(mv("d3"), 100, 0.25, None),
                root(mv("e6"), 0, 0.0, None),
                root(mv("f5"), 600, 0.875, Some(Outcome::Win)),
            ],
            playouts: 400,
            reused_visits: 601,
            root_visits: 1001,
            win_rate: 0.75,
            ..MctsInfo::default()
        }
    }

    #[test]
    fn monte_carlo_hints_give_each_moves_win_rate_and_share() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let rates = MoveRates::of(&mcts_root());
        assert_eq!(rates.playouts, 1001);
        assert_eq!(rates.best, Some(sq("f5")));
        let rate = |square, win_rate, share, proven| MoveRate {
            square: sq(square),
            win_rate,
            share,
            proven,
        };
        // e6 has no playout yet; f5's proof replaces its mean.
        assert_eq!(
            rates.moves,
            [
                rate("c4", 0.625, 0.3, false),
                rate("d3", 0.25, 0.1, false),
                rate("f5", 1.0, 0.6, true),
            ]
        );
        // A Monte Carlo set replaces alpha-beta scores for the same position, and the
        // other way round (the level changed kind); the discs are `move_scores`' own.
        let mut hints = MoveHints::default();
        hints.offer(
            5,
            0,
            MoveScores {
                depth: 30,
                exact: true,
                scores: vec![(sq("c4"), 4)],
                line: Vec::new(),
                confidence_pct: None,
            },
        );
        hints.offer_rates(5, 0, &mcts_root(), 8.0);
        assert_eq!(hints.rates_for(5), Some(&rates));
        assert_eq!(hints.rates_for(6), None);
        assert_eq!(hints.for_generation(5), Some(&mcts_root().move_scores(8.0)));
        let shallow = MoveScores {
            depth: 1,
            exact: false,
            scores: vec![(sq("d3"), -2)],
            line: Vec::new(),
            confidence_pct: None,
        };
        hints.offer(5, 0, shallow.clone());
        assert_eq!(hints.rates_for(5), None);
        assert_eq!(hints.for_generation(5), Some(&shallow));
    }
}

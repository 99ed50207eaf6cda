//! How a level searches one move: when it solves, and its limits (by depth, by its own time,
//! or on a game clock).

use crate::engine::control::SearchLimits;
use crate::engine::mcts::MctsLimits;
use crate::engine::player::time::{Budget, GameClock, solve_thresholds};
use crate::engine::search::{SearchConfig, TimeConfig};

use super::Level;

/// How a level searches one move: when it solves, and its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlan {
    /// Solve exactly at or below this many empties (0: never).
    pub exact_empties: u32,
    /// Prove win/loss/draw at or below this many empties (0: never).
    pub wld_empties: u32,
    /// The search's limits for this move.
    pub limits: SearchLimits,
}

impl Level {
    /// How this level searches a position with `empties` empty squares, with `time`'s
    /// time management (`search.ron`'s `time` section). A depth level searches to its depth
    /// and solves from its `exact_empties` (win/loss/draw from `wld_extra_empties` empties
    /// earlier). A time level also manages its time: it takes the budget of
    /// [`TimeConfig::move_budget_ms`], solves earlier when the solver is expected to finish
    /// within the soft budget ([`TimeConfig::expected_solve_ms`]), and later when an exact
    /// solve would overrun the hard limit (then proving win/loss/draw if that fits, else
    /// searching on).
    pub fn plan(&self, empties: u32, time: &TimeConfig) -> MovePlan {
        let exact = self.exact_empties;
        let wld = if exact == 0 {
            0
        } else {
            exact + time.wld_extra_empties
        };
        let Some(time_ms) = self.time_ms else {
            return MovePlan {
                exact_empties: exact,
                wld_empties: wld,
                limits: SearchLimits {
                    depth: self.depth,
                    ..SearchLimits::default()
                },
            };
        };
        let (soft_ms, hard_ms) = time.move_budget_ms(time_ms, empties);
        self.plan_within(empties, Budget { soft_ms, hard_ms }, time)
    }

    /// How this level searches a position with `empties` empty squares on a game clock
    /// with `clock` left ([`GameClock::budget`]): a time level within the clock's budget and
    /// its own (the smaller of each), a depth level to its depth but never past the clock's
    /// budget. Either solves as [`solve_thresholds`] says (a depth level never earlier than
    /// its own `exact_empties`).
    pub fn plan_on_clock(&self, empties: u32, clock: &GameClock, time: &TimeConfig) -> MovePlan {
        let mut budget = clock.budget(empties, self.exact_empties, time);
        if let Some(time_ms) = self.time_ms {
            let (soft, hard) = time.move_budget_ms(time_ms, empties);
            budget.soft_ms = budget.soft_ms.min(soft);
            budget.hard_ms = budget.hard_ms.min(hard);
        }
        self.plan_within(empties, budget, time)
    }

    /// The plan of a move within `budget`: the solve thresholds of [`solve_thresholds`]
    /// (earlier than the level's own only for a time level), the budget as the search's
    /// limits, and the level's depth.
    fn plan_within(&self, empties: u32, budget: Budget, time: &TimeConfig) -> MovePlan {
        let exact = self.exact_empties;
        let wld = if exact == 0 {
            0
        } else {
            exact + time.wld_extra_empties
        };
        let early = self.time_ms.is_some();
        let (exact, wld) = solve_thresholds((exact, wld), empties, budget, early, time);
        MovePlan {
            exact_empties: exact,
            wld_empties: wld,
            limits: SearchLimits {
                depth: self.depth,
                nodes: None,
                time_ms: Some(budget.hard_ms),
                soft_time_ms: Some(budget.soft_ms),
            },
        }
    }

    /// The search settings for a move planned as `plan`: `base` with the plan's solver
    /// thresholds and the level's ProbCut.
    pub fn search_config(&self, plan: &MovePlan, base: SearchConfig) -> SearchConfig {
        SearchConfig {
            exact_empties: plan.exact_empties,
            wld_empties: plan.wld_empties,
            probcut_t: self.probcut,
            ..base
        }
    }

    /// How the engine searches on the human's time for this level (pondering), so that
    /// pondering costs what the level needs and no more: it stops where the level's own
    /// search of its next move would. With `replies` the ponder searches the human's
    /// position (`target_empties`; every reply at once, [`crate::engine::PonderMode::AllReplies`]):
    /// the plan of the move after a reply, one ply deeper for a depth level. Otherwise the
    /// target is the engine's next position and the plan is the level's own there.
    pub fn ponder_plan(&self, target_empties: u32, replies: bool, time: &TimeConfig) -> MovePlan {
        let own = if replies {
            target_empties.saturating_sub(1)
        } else {
            target_empties
        };
        let mut plan = self.plan(own, time);
        if replies {
            plan.limits.depth = plan.limits.depth.map(|d| d + 1);
        }
        plan
    }

    /// An MCTS level's limits for a move at `empties` empty squares: its playouts, and for
    /// a level with `time_ms` the soft budget of [`TimeConfig::move_budget_ms`] (the
    /// phase's share of the average). Unlike an alpha-beta iteration, MCTS can stop between
    /// any two playouts, so it needs no hard limit beyond it, and `time_ms` stays the
    /// average time a move.
    pub fn mcts_limits(&self, empties: u32, time: &TimeConfig) -> MctsLimits {
        MctsLimits {
            playouts: self.playouts,
            time_ms: self.time_ms.map(|t| time.move_budget_ms(t, empties).0),
        }
    }
}

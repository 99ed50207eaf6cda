//! Time management: a move's budget from a game clock (the time left, the moves left before
//! the exact solve, the phase of the game), and when a move solves instead of searching.
//!
//! The planner spends a side's clock over its moves up to the exact solve, weighted by the
//! phase (`search.ron`'s `time.phase_weights`: more in the middle game, where games are
//! decided), keeping back what the solve is expected to take (`time.solve_ms_at_20` and its
//! growth) and a reserve. The search then starts no iteration it does not expect to finish
//! within the soft budget, stretches the budget while the best move or the score is
//! unstable, and a hard limit stops an iteration that runs over (the searcher's `iterate`).
//! The game's clocks, `match --a-clock` and the levels' nominal times all plan here.

use crate::engine::control::SearchLimits;
use crate::engine::search::TimeConfig;

/// A move's time budget, in milliseconds: no iteration is started that is expected to end
/// after `soft_ms`, and `hard_ms` stops the one running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The budget an iteration must be expected to fit.
    pub soft_ms: u64,
    /// The limit that stops the search.
    pub hard_ms: u64,
}

/// A side's game clock: the time it has left and what it gains after each move (Fischer
/// increment), in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// The time left.
    pub left_ms: u64,
    /// Added after each of the side's moves.
    pub increment_ms: u64,
}

impl GameClock {
    /// Reads `MS` or `MS+INC` (milliseconds for the game, and added after each move), as
    /// `match --a-clock` takes it.
    ///
    /// # Errors
    /// A message naming the text when it is not such a clock, or gives no time at all.
    pub fn parse(text: &str) -> Result<GameClock, String> {
        let bad = || {
            format!(
                "\"{text}\" is not a game clock: expected MS or MS+INC in milliseconds, e.g. 60000 or 30000+500"
            )
        };
        let (left, inc) = match text.split_once('+') {
            Some((l, i)) => (l, Some(i)),
            None => (text, None),
        };
        let left_ms: u64 = left.trim().parse().map_err(|_| bad())?;
        let increment_ms: u64 = match inc {
            Some(i) => i.trim().parse().map_err(|_| bad())?,
            None => 0,
        };
        if left_ms == 0 || left_ms > 86_400_000 || increment_ms > 3_600_000 {
            return Err(format!(
                "{}: the game's time must be 1..=86400000 ms and the increment at most 3600000",
                bad()
            ));
        }
        Ok(GameClock {
            left_ms,
            increment_ms,
        })
    }

    /// Takes a move's `used_ms` off the clock and adds the increment; `false` when the move
    /// took all the time left or more (the side lost on time; the clock then reads 0).
    pub fn spend(&mut self, used_ms: u64) -> bool {
        if used_ms >= self.left_ms {
            self.left_ms = 0;
            return false;
        }
        self.left_ms = self.left_ms - used_ms + self.increment_ms;
        true
    }

    /// The budget of a move with `empties` empty squares for a side that solves exactly
    /// from `exact_empties` (0: never), under `time`'s settings. The time left, less
    /// `time.clock_move_ms` for each of the side's moves from this one on, less a
    /// reserve (`time.clock_reserve` of it) and `time.clock_solve_margin` times what the
    /// exact solve is expected to take (solves vary), is
    /// spread over the side's moves before the solve by their phase weights; the increments
    /// still to come are spent as they come. The hard limit is `time.hard_factor` times the
    /// soft budget, at most a quarter of the time left; the soft budget is planned
    /// `time.clock_spend_factor` times larger than the move's share (searches end early),
    /// at most all that is left to spend. A move at or after the solve may
    /// take `time.clock_solve_share` of the time left.
    pub fn budget(&self, empties: u32, exact_empties: u32, time: &TimeConfig) -> Budget {
        // Every move of the side from this one on, however quick, keeps a few milliseconds
        // (a stopped search still takes its stop's latency): the clock cannot run out on
        // the last moves after solves cut short at their hard limits.
        let floor = time.clock_move_ms * f64::from(empties.div_ceil(2));
        let left = (self.left_ms as f64 - floor).max(0.0);
        let available = left * (1.0 - time.clock_reserve);
        let inc = self.increment_ms as f64;
        let solves_now = exact_empties == 0 || empties <= exact_empties;
        let before_solve = if exact_empties == 0 {
            empties.div_ceil(2)
        } else {
            empties.saturating_sub(exact_empties).div_ceil(2)
        };
        if solves_now && exact_empties > 0 {
            let hard = (available * time.clock_solve_share + inc * 0.8).max(1.0);
            return Budget {
                soft_ms: (hard / time.hard_factor).max(1.0) as u64,
                hard_ms: hard as u64,
            };
        }
        let solve = if exact_empties == 0 {
            0.0
        } else {
            let expected = time.expected_solve_ms(exact_empties, false) as f64;
            (expected * time.clock_solve_margin).min(available * 0.5)
        };
        let spend = (available - solve).max(0.0) + inc * f64::from(before_solve.saturating_sub(1));
        let weights: f64 = (0..before_solve)
            .map(|k| time.phase_weight(empties.saturating_sub(2 * k)))
            .sum();
        let share = spend * time.phase_weight(empties) / weights.max(1e-9);
        let soft = (share * time.clock_spend_factor).min(spend);
        let hard = (soft * time.hard_factor).min(available * 0.25).max(soft);
        Budget {
            soft_ms: soft.max(1.0) as u64,
            hard_ms: hard.max(1.0) as u64,
        }
    }
}

/// When a move with `empties` empty squares and `budget` solves: a side that solves exactly
/// from `exact` empties (win/loss/draw from `wld`; 0: never) solves earlier when the solve
/// is expected to fit the soft budget ([`TimeConfig::expected_solve_ms`]) and `early` is
/// set (a side that plays for time; a depth level keeps its own), and later when an exact
/// solve would overrun the hard limit (then proving win/loss/draw if that fits, else
/// searching on), as does a proof above the exact empties. Returns the thresholds
/// `(exact, wld)` for this move.
pub fn solve_thresholds(
    (exact, wld): (u32, u32),
    empties: u32,
    budget: Budget,
    early: bool,
    time: &TimeConfig,
) -> (u32, u32) {
    let (mut exact, mut wld) = (exact, wld);
    if exact > 0 && early {
        if empties > exact && time.expected_solve_ms(empties, false) <= budget.soft_ms {
            exact = empties;
        }
        if empties > wld && time.expected_solve_ms(empties, true) <= budget.soft_ms {
            wld = empties;
        }
    }
    if empties <= exact && time.expected_solve_ms(empties, false) > budget.hard_ms {
        exact = 0;
        wld = if time.expected_solve_ms(empties, true) <= budget.hard_ms {
            empties
        } else {
            0
        };
    } else if empties > exact
        && empties <= wld
        && time.expected_solve_ms(empties, true) > budget.hard_ms
    {
        // A proof that would overrun the hard limit is not started either: cut off, it
        // would leave only the short search before it (depth 8 under a time limit).
        wld = exact;
    }
    (exact, wld.max(exact))
}

/// The time policy `search.ron`'s `time` section parameterises (its fields and range checks
/// are the section's own, in `search/config.rs`).
impl TimeConfig {
    /// The expected time in milliseconds of an exact solve (or, with `wld`, a
    /// win/loss/draw proof) with `empties` empty squares, one thread:
    /// `solve_ms_at_20 * solve_growth_per_empty^(empties - 20)`, divided by `wld_speedup`
    /// for a proof.
    pub fn expected_solve_ms(&self, empties: u32, wld: bool) -> u64 {
        let exact =
            self.solve_ms_at_20 * self.solve_growth_per_empty.powf(f64::from(empties) - 20.0);
        let ms = if wld { exact / self.wld_speedup } else { exact };
        // Far beyond any budget from 50 empties on: held there.
        ms.ceil().min(1e12) as u64
    }

    /// A timed level's budget for one move, `(soft, hard)` in milliseconds, given its
    /// nominal time per move and the empties: the soft budget (no iteration is started that
    /// is expected to end after it) weighted by the phase, the hard limit `hard_factor`
    /// times it.
    pub fn move_budget_ms(&self, time_ms: u64, empties: u32) -> (u64, u64) {
        let weight = self.phase_weight(empties);
        let soft = ((time_ms as f64) * weight).round().max(1.0) as u64;
        let hard = (soft as f64 * self.hard_factor).round() as u64;
        (soft, hard.max(soft))
    }

    /// The hints' limits at a position with `empties` empty squares: `hints_ms` budgeted
    /// as a timed level's move ([`TimeConfig::move_budget_ms`]), so that the hints stop
    /// where the strongest level's search would instead of running until the move.
    pub fn hints_limits(&self, empties: u32) -> SearchLimits {
        let (soft, hard) = self.move_budget_ms(self.hints_ms, empties);
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(hard),
            soft_time_ms: Some(soft),
        }
    }

    /// The weight of a move with `empties` empty squares: that of the first
    /// `phase_weights` pair the position has at least that many empties for.
    pub fn phase_weight(&self, empties: u32) -> f64 {
        self.phase_weights
            .iter()
            .find(|&&(from, _)| empties >= from)
            .map_or(1.0, |&(_, w)| w)
    }

    /// Whether another iteration is expected to end within `budget_ms`, given when the
    /// previous ones ended (`ended_ms[0]` is the start) and the time now.
    pub fn iteration_fits(&self, ended_ms: &[u64], now_ms: u64, budget_ms: u64) -> bool {
        let n = ended_ms.len();
        let last = ended_ms[n - 1] - ended_ms[n - 2];
        let growth = if n >= 3 {
            let before = ended_ms[n - 2] - ended_ms[n - 3];
            if before == 0 {
                self.growth_first
            } else {
                (last as f64 / before as f64).clamp(self.growth_min, self.growth_max)
            }
        } else {
            self.growth_first
        };
        now_ms as f64 + (last.max(1) as f64) * growth <= budget_ms as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::SearchConfig;

    fn time() -> TimeConfig {
        SearchConfig::shipped().time
    }

    #[test]
    fn clocks_parse_and_name_bad_text() {
        assert_eq!(
            GameClock::parse("4500+100"),
            Ok(GameClock {
                left_ms: 4500,
                increment_ms: 100
            })
        );
        assert_eq!(GameClock::parse("60000").map(|c| c.increment_ms), Ok(0));
        for bad in ["", "abc", "10+", "+5", "0", "-5", "1.5"] {
            let e = GameClock::parse(bad).unwrap_err();
            assert!(e.contains(&format!("\"{bad}\"")), "{bad}: {e}");
        }
    }

    #[test]
    fn spending_adds_the_increment_and_flags() {
        let mut c = GameClock::parse("1000+50").unwrap();
        assert!(c.spend(300));
        assert_eq!(c.left_ms, 750);
        assert!(c.spend(749));
        assert_eq!(c.left_ms, 51);
        // Reaching zero loses, as a chess clock's flag falls.
        assert!(!c.spend(51));
        assert_eq!(c.left_ms, 0);
    }

    #[test]
    fn the_clock_is_spread_by_phase_before_the_solve() {
        let t = time();
        let clock = GameClock::parse("60000").unwrap();
        // 40 empties, exact from 20: ten moves of ours before the solve, at 40, 38, ... 22.
        let b = clock.budget(40, 20, &t);
        // Less 3 ms for each of the side's 20 moves from this one on.
        let available = (60000.0 - 20.0 * t.clock_move_ms) * (1.0 - t.clock_reserve);
        let spend = available - t.clock_solve_margin * t.expected_solve_ms(20, false) as f64;
        let weights: f64 = (0..10).map(|k| t.phase_weight(40 - 2 * k)).sum();
        let share = spend * t.phase_weight(40) / weights;
        let soft = (share * t.clock_spend_factor).min(spend);
        assert_eq!(b.soft_ms, soft as u64);
        assert_eq!(
            b.hard_ms,
            (soft * t.hard_factor).min(available * 0.25) as u64
        );
        // The opening gets less than the middle game.
        assert!(clock.budget(56, 20, &t).soft_ms < clock.budget(34, 20, &t).soft_ms);
        // At the solve, most of what is left.
        let solve = clock.budget(20, 20, &t);
        let at_solve = (60000.0 - 10.0 * t.clock_move_ms) * (1.0 - t.clock_reserve);
        assert_eq!(solve.hard_ms, (at_solve * t.clock_solve_share) as u64);
        // A whole game that spends each soft budget keeps the reserve and the solve's
        // time for the solve: 19 moves from 58 empties down to 22.
        let mut game = clock;
        for e in (22..=58).rev().step_by(2) {
            let b = game.budget(e, 20, &t);
            assert!(
                b.soft_ms <= b.hard_ms && b.hard_ms < game.left_ms,
                "{e}: {b:?}"
            );
            assert!(game.spend(b.soft_ms));
        }
        let solve = t.clock_solve_margin * t.expected_solve_ms(20, false) as f64;
        let kept = solve / (1.0 - t.clock_reserve);
        assert!(
            game.left_ms as f64 >= kept,
            "{} left, {kept} to keep",
            game.left_ms
        );
        assert!(
            game.left_ms as f64 <= kept + 1000.0,
            "{} left unspent",
            game.left_ms
        );
        // The solve may take its share of that (with the shipped margin of 1, 60% of its
        // expected time when every move before spent its whole soft budget; searches that
        // end early leave it more, and a solve that would not fit proves win/loss/draw or
        // searches instead: see solve_thresholds).
        let b = game.budget(20, 20, &t);
        let kept_for_solve =
            t.clock_solve_share * t.clock_solve_margin * t.expected_solve_ms(20, false) as f64;
        assert!(b.hard_ms as f64 >= kept_for_solve - 1.0, "{b:?}");
    }

    #[test]
    fn a_side_whose_every_move_overruns_its_hard_limit_still_ends_the_game_in_time() {
        // On a short clock every move spends its whole hard limit and 2 ms more (a stop's
        // latency, a busy machine): searches to the solve, then solves cut short at their
        // hard limits every move to the end. The clock must not run out.
        let t = time();
        assert_eq!(t.clock_move_ms, 3.0);
        for ms in ["300", "1300", "60000"] {
            let mut clock = GameClock::parse(ms).unwrap();
            for e in (1..=59).rev().step_by(2) {
                let b = clock.budget(e, 20, &t);
                assert!(
                    clock.spend(b.hard_ms + 2),
                    "{ms}: out of time at {e} empties"
                );
            }
            assert!(clock.left_ms > 0, "{ms}");
        }
        // Without the milliseconds kept a move, the last moves run out.
        let bare = TimeConfig {
            clock_move_ms: 0.0,
            ..time()
        };
        let mut clock = GameClock::parse("1300").unwrap();
        let ran_out = (1..=59)
            .rev()
            .step_by(2)
            .any(|e| !clock.spend(clock.budget(e, 20, &bare).hard_ms + 2));
        assert!(ran_out);
    }

    #[test]
    fn a_move_plans_more_than_its_share_when_told_and_never_more_than_it_may_spend() {
        let once = TimeConfig {
            clock_spend_factor: 1.0,
            ..time()
        };
        let t = TimeConfig {
            clock_spend_factor: 2.0,
            ..time()
        };
        let clock = GameClock::parse("60000").unwrap();
        let share = clock.budget(40, 20, &once).soft_ms;
        assert!(clock.budget(40, 20, &t).soft_ms.abs_diff(share * 2) <= 2);
        // The last move before the solve may spend what is left less the solve's time and
        // the reserve: its share is all of it, and the factor adds nothing.
        let available = (60000.0 - 11.0 * t.clock_move_ms) * (1.0 - t.clock_reserve);
        let spend = available - t.clock_solve_margin * t.expected_solve_ms(20, false) as f64;
        assert_eq!(clock.budget(22, 20, &t).soft_ms, spend as u64);
        assert_eq!(clock.budget(22, 20, &once).soft_ms, spend as u64);
    }

    #[test]
    fn a_move_solves_early_when_the_solve_fits() {
        let t = time();
        let generous = Budget {
            soft_ms: 100_000,
            hard_ms: 200_000,
        };
        assert_eq!(solve_thresholds((20, 22), 24, generous, true, &t), (24, 24));
        // A depth level keeps its own thresholds when time is plentiful.
        assert_eq!(
            solve_thresholds((20, 22), 24, generous, false, &t),
            (20, 22)
        );
        let tight = Budget {
            soft_ms: 1,
            hard_ms: 2,
        };
        // Too tight even for a proof: search on.
        assert_eq!(solve_thresholds((20, 22), 20, tight, false, &t), (0, 0));
        let middling = Budget {
            soft_ms: 100,
            hard_ms: t.expected_solve_ms(20, true) + 1,
        };
        assert_eq!(solve_thresholds((20, 22), 20, middling, true, &t), (0, 20));
        // Above the exact solve, a proof that would overrun the hard limit is not started.
        let proof_22 = t.expected_solve_ms(22, true);
        let short = Budget {
            soft_ms: 1,
            hard_ms: proof_22 - 1,
        };
        assert_eq!(solve_thresholds((20, 22), 22, short, false, &t), (20, 20));
        let enough = Budget {
            soft_ms: 1,
            hard_ms: proof_22,
        };
        assert_eq!(solve_thresholds((20, 22), 22, enough, false, &t), (20, 22));
    }
}

//! Difficulty levels: how long the engine thinks, when it solves exactly, and how it errs.
//!
//! Levels are data (`config/levels.ron`, a RON list of [`Level`]s). A level that errs
//! scores every legal move and picks one with a softmax over the scores: the probability of
//! a move is proportional to `exp((score - best) / temperature)`, scores and temperature in
//! discs, so a move that loses little is often chosen and a blunder rarely.
//!
//! A level of [`LevelKind::Mcts`] plays Monte Carlo tree search instead
//! ([`Searcher::mcts_search`]), limited by its `playouts` or its `time_ms`; it always plays
//! its most visited move, and keeps its tree from move to move.

use std::sync::atomic::AtomicBool;

use rand::Rng;

use crate::engine::board::Board;
use crate::engine::book::{Book, BookMove};
use crate::engine::config::error::{ConfigError, locate_key, parse_ron};
use crate::engine::mcts::MctsLimits;
use crate::engine::search::{Clock, SearchConfig, SearchInfo, SearchLimits, Searcher, TimeConfig};
use crate::engine::square::Square;
use crate::engine::time::{Budget, GameClock, solve_thresholds};

/// The levels shipped with the game (`config/levels.ron`), compiled in.
pub const DEFAULT_LEVELS_RON: &str = include_str!("../../config/levels.ron");

/// One difficulty level.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The name players see, e.g. "Beginner".
    pub name: String,
    /// One sentence on how the level plays.
    pub description: String,
    /// Which search the level plays with (`AlphaBeta` when left out).
    #[serde(default)]
    pub kind: LevelKind,
    /// The deepest search in plies, if the level is limited by depth (with `time_ms` too,
    /// whichever limit comes first).
    #[serde(default)]
    pub depth: Option<u32>,
    /// The average thinking time per move in milliseconds, if the level is limited by time
    /// (see [`Level::plan`]).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// An MCTS level's playouts per move, if it is limited by playouts (with `time_ms` too,
    /// whichever limit comes first). Alpha-beta levels have none.
    #[serde(default)]
    pub playouts: Option<u64>,
    /// With at most this many empty squares the level solves the game exactly (0: never).
    #[serde(default)]
    pub exact_empties: u32,
    /// How much the level errs, in discs: 0 always plays the best move found; at `t` a move
    /// `t` discs worse than the best is chosen `e` (2.7) times less often than the best.
    #[serde(default)]
    pub temperature: f64,
    /// Selective search: ProbCut's confidence in standard deviations (0, the default, searches
    /// every line to the full depth). With ProbCut the search skips lines that a shallow
    /// search shows to be far outside its window, so it reaches several plies deeper in the
    /// same time; the smaller the number, the more it skips (1.5 is a usual choice).
    #[serde(default)]
    pub probcut: f64,
    /// How the level plays from the opening book (`Off` when left out).
    #[serde(default)]
    pub book: BookUse,
}

/// Which search a level plays with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LevelKind {
    /// The alpha-beta [`Searcher`] (iterative deepening, the exact solver near the end):
    /// `depth`, `time_ms`, `exact_empties`, `temperature` and `probcut` apply.
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search ([`crate::engine::Mcts`], `config/mcts.ron`): `playouts`
    /// and `time_ms` apply; it solves from `mcts.ron`'s `solver_empties` and plays its most
    /// visited move.
    Mcts,
}

/// How a level plays from the opening book: while the position is in the book, a move is
/// taken from it without a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BookUse {
    /// Searches every move.
    #[default]
    Off,
    /// Plays the book's best move (one of them at random when several are worth the same).
    Best,
    /// Plays any book move worth at most this many discs less than the best, each as likely:
    /// games vary, and the level gives away little.
    Within(u32),
}

impl Level {
    /// Whether the level picks among scored moves rather than playing the best one.
    pub fn errs(&self) -> bool {
        self.temperature > 0.0
    }

    /// Picks a move from `(move, score in discs)` pairs with the level's softmax; the best
    /// move when the temperature is 0. `None` only when `scores` is empty.
    pub fn choose<R: Rng + ?Sized>(&self, scores: &[(Square, i32)], rng: &mut R) -> Option<Square> {
        let best = scores.iter().max_by_key(|&&(_, s)| s)?;
        if !self.errs() {
            return Some(best.0);
        }
        let weights: Vec<f64> = scores
            .iter()
            .map(|&(_, s)| (f64::from(s - best.1) / self.temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = rng.random::<f64>() * total;
        for (&(sq, _), w) in scores.iter().zip(&weights) {
            if pick < *w {
                return Some(sq);
            }
            pick -= w;
        }
        Some(best.0)
    }
}

impl BookUse {
    /// The book move to play on `board` this way, if any (see [`BookUse`]): `None` when
    /// `Off` or when the book knows no move of the position.
    pub fn choose<R: Rng + ?Sized>(
        self,
        book: &Book,
        board: &Board,
        rng: &mut R,
    ) -> Option<BookMove> {
        let tolerance = match self {
            BookUse::Off => return None,
            BookUse::Best => 0,
            BookUse::Within(discs) => discs as i32,
        };
        let moves = book.moves(board);
        let best = moves.first()?.value;
        let good: Vec<BookMove> = moves
            .into_iter()
            .filter(|m| m.value >= best - tolerance)
            .collect();
        Some(good[rng.random_range(0..good.len())])
    }
}

impl Level {
    /// The book move this level plays on `board`, if it uses the book and the book knows
    /// the position's moves (see [`BookUse`]).
    pub fn book_move<R: Rng + ?Sized>(
        &self,
        book: &Book,
        board: &Board,
        rng: &mut R,
    ) -> Option<BookMove> {
        self.book.choose(book, board, rng)
    }
}

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

    /// Chooses a move on `board` as this level plays, reporting each completed iteration to
    /// `progress`: a level that errs scores every move and picks one with its softmax
    /// ([`Level::choose`]); the others play the search's best move. Sets `searcher`'s
    /// solver thresholds for the move (its table is kept). `None` when there is no move.
    ///
    /// An MCTS level ([`LevelKind::Mcts`]) plays an only legal move at once and otherwise
    /// runs [`Searcher::mcts_search`] within [`Level::mcts_limits`], its tree kept in
    /// `searcher` for the next move; `rng` seeds its playouts, so that a seeded `rng`
    /// replays the same move.
    pub fn play<R: Rng + ?Sized>(
        &self,
        searcher: &mut Searcher,
        board: &Board,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
        rng: &mut R,
    ) -> (Option<Square>, SearchInfo) {
        self.play_on_clock(None, searcher, board, stop, clock, progress, rng)
    }

    /// [`Level::play`], the move planned on a game clock with `left` on it when there is one
    /// ([`Level::plan_on_clock`]); an MCTS level plays as [`Level::play`] does.
    #[expect(
        clippy::too_many_arguments,
        reason = "Level::play's arguments and the clock"
    )]
    pub fn play_on_clock<R: Rng + ?Sized>(
        &self,
        left: Option<&GameClock>,
        searcher: &mut Searcher,
        board: &Board,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
        rng: &mut R,
    ) -> (Option<Square>, SearchInfo) {
        if self.kind == LevelKind::Mcts {
            return self.play_mcts(searcher, board, stop, clock, progress, rng);
        }
        let (empties, time) = (board.empty_count(), &searcher.config().time);
        let plan = match left {
            Some(left) => self.plan_on_clock(empties, left, time),
            None => self.plan(empties, time),
        };
        let config = self.search_config(&plan, searcher.config().clone());
        if *searcher.config() != config {
            searcher.set_config(config);
        }
        if !self.errs() {
            let result = searcher.search(board, &plan.limits, stop, clock, progress);
            return (result.info.best_move, result.info);
        }
        let scored = searcher.score_moves_with(board, &plan.limits, stop, clock, &mut |_| {});
        let square = self.choose(&scored.scores, rng);
        let score = scored
            .scores
            .iter()
            .find(|&&(sq, _)| Some(sq) == square)
            .map_or(0, |&(_, s)| s);
        let info = SearchInfo {
            depth: scored.depth,
            score,
            exact: scored.exact,
            wld: None,
            best_move: square,
            pv: square.into_iter().collect(),
            nodes: 0,
            elapsed_ms: clock.elapsed_ms(),
            win_permille: None,
            confidence_pct: None,
        };
        progress(&info);
        (square, info)
    }

    /// [`Level::play`] for an MCTS level.
    fn play_mcts<R: Rng + ?Sized>(
        &self,
        searcher: &mut Searcher,
        board: &Board,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
        rng: &mut R,
    ) -> (Option<Square>, SearchInfo) {
        let moves = board.moves();
        if moves.count_ones() <= 1 {
            let square = (moves != 0).then(|| Square::from_index(moves.trailing_zeros() as u8));
            let info = SearchInfo {
                best_move: square,
                pv: square.into_iter().collect(),
                elapsed_ms: clock.elapsed_ms(),
                ..SearchInfo::default()
            };
            if square.is_some() {
                progress(&info);
            }
            return (square, info);
        }
        searcher.reseed_mcts(rng.random());
        let limits = self.mcts_limits(board.empty_count(), &searcher.config().time);
        let result = searcher.mcts_search(board, &limits, stop, clock, progress);
        (result.info.best_move, result.info)
    }
}

/// Parses a RON list of levels, weakest first, and checks that each can be played; `file`
/// names the text in errors.
///
/// # Errors
/// [`ConfigError`] for RON that does not parse (with its line and column), an empty list, a
/// level that [`Level::check`] refuses (an alpha-beta level with neither `depth` nor
/// `time_ms`, an MCTS level with neither `playouts` nor `time_ms` or with an alpha-beta
/// key, a value out of its range), or two levels with the same name.
pub fn parse_levels(file: &str, text: &str) -> Result<Vec<Level>, ConfigError> {
    let levels: Vec<Level> = parse_ron(file, text)?;
    if levels.is_empty() {
        return Err(ConfigError::invalid(file, "the list of levels is empty"));
    }
    for (i, level) in levels.iter().enumerate() {
        let name = &level.name;
        let problem = level.check().err().or_else(|| {
            levels[..i]
                .iter()
                .any(|l| l.name == *name)
                .then(|| format!("two levels are named \"{name}\""))
        });
        if let Some(message) = problem {
            // The level's own line: where its `name` is written.
            let (line, column) = locate_key(text, "name", i);
            return Err(ConfigError {
                file: file.to_string(),
                line,
                column,
                message: format!("level {} \"{name}\": {message}", i + 1),
            });
        }
    }
    Ok(levels)
}

/// The deepest search a level may ask for, in plies: deeper would take hours a move.
pub const MAX_LEVEL_DEPTH: u32 = 30;

/// The most empties a level may solve exactly from: each further empty multiplies the time
/// by about 2.55 (see [`TimeConfig::expected_solve_ms`]); 30 empties already take about 40 minutes.
pub const MAX_LEVEL_EXACT_EMPTIES: u32 = 30;

/// The longest average thinking time a level may ask for, in milliseconds (10 minutes).
pub const MAX_LEVEL_TIME_MS: u64 = 600_000;

impl Level {
    /// Checks that the level can be played: a depth or a time (an MCTS level: playouts or
    /// a time, and no `depth`, `exact_empties`, `probcut` or `temperature`), every value
    /// within its range. The one place where a level's values are range-checked.
    ///
    /// # Errors
    /// A message naming the value and its range.
    pub fn check(&self) -> Result<(), String> {
        match self.kind {
            LevelKind::AlphaBeta => {
                if self.depth.is_none() && self.time_ms.is_none() {
                    return Err("has neither depth nor time_ms".into());
                }
                if self.playouts.is_some() {
                    return Err("playouts is for MCTS levels (kind: Mcts); an alpha-beta \
                                level is limited by depth or time_ms"
                        .into());
                }
            }
            LevelKind::Mcts => self.check_mcts()?,
        }
        if let Some(d) = self.depth.filter(|d| !(1..=MAX_LEVEL_DEPTH).contains(d)) {
            return Err(format!(
                "depth {d} is not in 1..={MAX_LEVEL_DEPTH} plies (deeper takes hours a move)"
            ));
        }
        if let Some(t) = self
            .time_ms
            .filter(|t| !(1..=MAX_LEVEL_TIME_MS).contains(t))
        {
            return Err(format!(
                "time_ms {t} is not in 1..={MAX_LEVEL_TIME_MS} milliseconds"
            ));
        }
        if self.exact_empties > MAX_LEVEL_EXACT_EMPTIES {
            return Err(format!(
                "exact_empties {} is not in 0..={MAX_LEVEL_EXACT_EMPTIES} (more takes hours \
                 a move)",
                self.exact_empties
            ));
        }
        if !(0.0..=10.0).contains(&self.probcut) {
            return Err(format!(
                "probcut {} is not a number of standard deviations in 0..=10",
                self.probcut
            ));
        }
        if let BookUse::Within(discs) = self.book
            && discs > 64
        {
            return Err(format!(
                "book Within({discs}) is not a number of discs in 0..=64"
            ));
        }
        if !(0.0..=64.0).contains(&self.temperature) {
            return Err(format!(
                "temperature {} is not a number of discs in 0..=64",
                self.temperature
            ));
        }
        Ok(())
    }

    /// The rules of an MCTS level: playouts or a time, and none of the alpha-beta keys.
    fn check_mcts(&self) -> Result<(), String> {
        if self.playouts.is_none() && self.time_ms.is_none() {
            return Err("an MCTS level (kind: Mcts) needs playouts or time_ms".into());
        }
        if let Some(p) = self
            .playouts
            .filter(|p| !(1..=MAX_LEVEL_PLAYOUTS).contains(p))
        {
            return Err(format!("playouts {p} is not in 1..={MAX_LEVEL_PLAYOUTS}"));
        }
        let alpha_beta_only = [
            ("depth", self.depth.is_some()),
            ("exact_empties", self.exact_empties != 0),
            ("probcut", self.probcut != 0.0),
            ("temperature", self.temperature != 0.0),
        ];
        if let Some((key, _)) = alpha_beta_only.iter().find(|(_, set)| *set) {
            return Err(format!(
                "{key} is for alpha-beta levels; an MCTS level (kind: Mcts) is limited by \
                 playouts or time_ms, solves from mcts.ron's solver_empties and always plays \
                 its most visited move"
            ));
        }
        Ok(())
    }
}

/// The most playouts a move an MCTS level may ask for: about half an hour a move here.
pub const MAX_LEVEL_PLAYOUTS: u64 = 1_000_000_000;

/// The levels shipped with the game.
///
/// # Panics
/// Never for the shipped file: a test parses it.
pub fn default_levels() -> Vec<Level> {
    parse_levels("config/levels.ron", DEFAULT_LEVELS_RON).expect("config/levels.ron parses")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped time management.
    fn time() -> TimeConfig {
        SearchConfig::shipped().time
    }
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn shipped_levels_parse() {
        let levels = default_levels();
        let names: Vec<&str> = levels.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Beginner",
                "Novice",
                "Monte Carlo",
                "Casual",
                "Club",
                "Intermediate",
                "Advanced",
                "Expert",
                "Master",
                "Grandmaster",
                "Strongest"
            ]
        );
        assert!(levels[0].errs());
        assert!(!levels.last().unwrap().errs());
        let kinds: Vec<LevelKind> = levels.iter().map(|l| l.kind).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == LevelKind::Mcts).count(), 1);
        assert_eq!(kinds[2], LevelKind::Mcts);
        assert_eq!((levels[2].time_ms, levels[2].playouts), (Some(1000), None));
    }

    #[test]
    fn errors_name_line_and_column() {
        let parse = |text| parse_levels("l.ron", text).unwrap_err();
        let e = parse("[\n  (name: \"A\", description: \"x\", depth: Some(2)),\n  (name: 3)\n]");
        assert_eq!((e.file.as_str(), e.line, e.column), ("l.ron", 3, 9));
        let e = parse("[(name: \"A\", description: \"x\")]");
        assert_eq!(
            e.to_string(),
            "l.ron:1:3: level 1 \"A\": has neither depth nor time_ms"
        );
        assert_eq!(
            parse("[]").to_string(),
            "l.ron: the list of levels is empty"
        );
        let e = parse(concat!(
            "[(name: \"A\", description: \"\", depth: Some(1)),",
            " (name: \"A\", description: \"\", depth: Some(2))]"
        ));
        assert_eq!(
            e.to_string(),
            "l.ron:1:49: level 2 \"A\": two levels are named \"A\""
        );
        // Issue 17: these were accepted, then hung (or overflowed `exact_empties + 2`).
        let e = parse(concat!(
            "[(name: \"A\", description: \"\", depth: Some(1)),\n",
            " (name: \"B\", description: \"\", depth: Some(1000))]"
        ));
        assert_eq!(
            e.to_string(),
            "l.ron:2:3: level 2 \"B\": depth 1000 is not in 1..=30 plies (deeper takes hours a move)"
        );
        let e =
            parse("[(name: \"A\", description: \"\", depth: Some(2), exact_empties: 4294967295)]");
        assert_eq!(
            e.to_string(),
            "l.ron:1:3: level 1 \"A\": exact_empties 4294967295 is not in 0..=30 (more takes hours a move)"
        );
        let e = parse("[(name: \"A\", description: \"\", time_ms: Some(0))]");
        assert_eq!(
            e.to_string(),
            "l.ron:1:3: level 1 \"A\": time_ms 0 is not in 1..=600000 milliseconds"
        );
        let e = parse("[(name: \"A\", description: \"\", depth: Some(1), temperature: inf)]");
        assert_eq!(
            e.to_string(),
            "l.ron:1:3: level 1 \"A\": temperature inf is not a number of discs in 0..=64"
        );
        let e = parse("[(name: \"A\", description: \"\", depth: Some(1), probcut: 11.0)]");
        assert_eq!(
            e.to_string(),
            "l.ron:1:3: level 1 \"A\": probcut 11 is not a number of standard deviations in 0..=10"
        );
    }

    #[test]
    fn a_level_sets_its_probcut_and_solver_thresholds() {
        let levels = default_levels();
        let strongest = levels.iter().find(|l| l.name == "Strongest").unwrap();
        let base = SearchConfig::default();
        let plan = strongest.plan(40, &time());
        let config = strongest.search_config(&plan, base.clone());
        assert_eq!(config.probcut_t, strongest.probcut);
        assert!(
            strongest.probcut > 0.0,
            "the strongest level searches selectively"
        );
        assert_eq!(
            (config.exact_empties, config.wld_empties),
            (plan.exact_empties, plan.wld_empties)
        );
        assert_eq!(config.tt_mib, base.tt_mib);
        // The levels below keep the full-width search the calibration measured.
        assert!(
            levels
                .iter()
                .filter(|l| l.name != "Strongest")
                .all(|l| l.probcut == 0.0)
        );
    }

    fn timed(time_ms: u64, exact_empties: u32) -> Level {
        Level {
            name: "T".into(),
            description: String::new(),
            kind: LevelKind::AlphaBeta,
            depth: None,
            time_ms: Some(time_ms),
            playouts: None,
            exact_empties,
            temperature: 0.0,
            probcut: 0.0,
            book: BookUse::Off,
        }
    }

    #[test]
    fn budgets_follow_the_phase() {
        assert_eq!(time().move_budget_ms(1000, 56), (400, 800));
        assert_eq!(time().move_budget_ms(1000, 46), (800, 1600));
        assert_eq!(time().move_budget_ms(1000, 36), (1300, 2600));
        assert_eq!(time().move_budget_ms(1000, 24), (1000, 2000));
        assert_eq!(time().move_budget_ms(1, 60), (1, 2));
        assert_eq!(time().expected_solve_ms(20, false), 225);
        assert_eq!(time().expected_solve_ms(22, false), 1464);
        assert_eq!(time().expected_solve_ms(22, true), 210);
        assert!(time().expected_solve_ms(30, false) > time().expected_solve_ms(29, false));
        assert_eq!(
            time().expected_solve_ms(64, false),
            time().expected_solve_ms(60, false)
        );
    }

    #[test]
    fn plans_solve_when_the_solver_fits_the_budget() {
        // A depth level: its depth, its thresholds, no clock.
        let depth = Level {
            depth: Some(6),
            time_ms: None,
            ..timed(0, 12)
        };
        let plan = depth.plan(30, &time());
        assert_eq!((plan.exact_empties, plan.wld_empties), (12, 14));
        assert_eq!(plan.limits, SearchLimits::depth(6));
        // A 5 s level in the middle game: the phase's budget, thresholds as set.
        let strong = timed(5000, 20);
        let plan = strong.plan(36, &time());
        assert_eq!((plan.exact_empties, plan.wld_empties), (20, 22));
        let limits = plan.limits;
        assert_eq!(
            (limits.soft_time_ms, limits.time_ms),
            (Some(6500), Some(13000))
        );
        // At 23 empties an exact solve (about 3.7 s) fits the 5 s budget: solve now.
        assert_eq!(strong.plan(23, &time()).exact_empties, 23);
        // At 24 (about 9.5 s) it does not, but a win/loss/draw proof (1.4 s) does; at 26
        // (8.8 s) not even that.
        let plan = strong.plan(24, &time());
        assert_eq!((plan.exact_empties, plan.wld_empties), (20, 24));
        let plan = strong.plan(26, &time());
        assert_eq!((plan.exact_empties, plan.wld_empties), (20, 22));
        // A designer's 0.5 s level that asks for exact play from 30 empties: too slow for
        // the clock, so it searches on until the solve fits.
        let eager = timed(500, 30);
        let plan = eager.plan(30, &time());
        assert_eq!((plan.exact_empties, plan.wld_empties), (0, 0));
        let plan = eager.plan(20, &time());
        assert_eq!((plan.exact_empties, plan.wld_empties), (30, 32));
        // A level that never solves never starts early either.
        assert_eq!(timed(5000, 0).plan(14, &time()).exact_empties, 0);
    }

    #[test]
    fn on_a_clock_levels_plan_within_its_budget() {
        let t = time();
        let clock = GameClock {
            left_ms: 300_000,
            increment_ms: 0,
        };
        let budget = clock.budget(30, 12, &t);
        // A depth level: its depth and its own solve thresholds however much time is left,
        // the clock's budget as its limits.
        let depth = Level {
            depth: Some(6),
            time_ms: None,
            ..timed(0, 12)
        };
        let plan = depth.plan_on_clock(30, &clock, &t);
        assert_eq!((plan.exact_empties, plan.wld_empties), (12, 14));
        assert_eq!(
            (
                plan.limits.depth,
                plan.limits.soft_time_ms,
                plan.limits.time_ms
            ),
            (Some(6), Some(budget.soft_ms), Some(budget.hard_ms))
        );
        assert_eq!(depth.plan_on_clock(24, &clock, &t).exact_empties, 12);
        // A time level takes the smaller of its own budget and the clock's ...
        let strong = timed(5000, 20);
        let own = strong.plan(36, &t).limits;
        let plan = strong.plan_on_clock(36, &clock, &t);
        let on_clock = clock.budget(36, 20, &t);
        assert_eq!(
            (plan.limits.soft_time_ms, plan.limits.time_ms),
            (
                Some(on_clock.soft_ms.min(own.soft_time_ms.unwrap())),
                Some(on_clock.hard_ms.min(own.time_ms.unwrap()))
            )
        );
        // ... and a short clock is the smaller one: 2 s for the whole game.
        let short = GameClock {
            left_ms: 2000,
            increment_ms: 0,
        };
        let plan = strong.plan_on_clock(36, &short, &t);
        assert_eq!(
            plan.limits.soft_time_ms,
            Some(short.budget(36, 20, &t).soft_ms)
        );
        assert!(plan.limits.soft_time_ms.unwrap() < 300);
    }

    #[test]
    fn levels_play_legal_moves_and_repeat_with_the_seed() {
        use crate::engine::search::{SearchConfig, Searcher};
        let mut searcher = Searcher::new(SearchConfig {
            tt_mib: 1,
            ..SearchConfig::shipped()
        });
        let board = Board::start().play("f5".parse().unwrap());
        let stop = AtomicBool::new(false);
        let clock = std::time::Instant::now();
        let erring = Level {
            depth: Some(2),
            time_ms: None,
            temperature: 6.0,
            probcut: 0.0,
            book: BookUse::Off,
            ..timed(0, 0)
        };
        let picks: Vec<Square> = (0..2)
            .flat_map(|_| {
                let mut rng = StdRng::seed_from_u64(3);
                (0..20)
                    .map(|_| {
                        let (sq, info) = erring.play(
                            &mut searcher,
                            &board,
                            &stop,
                            &clock,
                            &mut |_| {},
                            &mut rng,
                        );
                        let sq = sq.unwrap();
                        assert_ne!(board.moves() & sq.bit(), 0);
                        assert_eq!((info.best_move, info.depth), (Some(sq), 2));
                        sq
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(picks[..20], picks[20..]);
        // At 6 discs of temperature all three replies to f5 come up in 20 tries.
        let mut distinct = picks.clone();
        distinct.sort_by_key(|s| s.index());
        distinct.dedup();
        assert_eq!(distinct.len(), 3);
        // A time level stops on the flag and still has a move: the first of the search's
        // ordering (fastest first) among the replies to f5, d6 f4 f6.
        let raised = AtomicBool::new(true);
        let (sq, _) = timed(60_000, 20).play(
            &mut searcher,
            &board,
            &raised,
            &clock,
            &mut |_| {},
            &mut StdRng::seed_from_u64(1),
        );
        assert_eq!(sq.map(|sq| sq.to_string()), Some("f4".to_string()));
    }

    #[test]
    fn levels_take_book_moves_as_their_setting_says() {
        use crate::engine::game::Game;
        let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
        // After f5, the book has f4 (+3 for White, in the book), the leaf d6 (+1) and f6
        // (-2, in the book).
        let mut book = Book::new();
        book.set_leaf(&at("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&at("f5f4"), Some("e3".parse().unwrap()), -3, 12);
        book.set_leaf(&at("f5f6"), Some("e6".parse().unwrap()), 2, 12);
        let mut level = default_levels()[0].clone();
        let mut rng = StdRng::seed_from_u64(5);
        let mut picks = |level: &Level, line: &str| {
            let mut seen: Vec<String> = (0..60)
                .filter_map(|_| level.book_move(&book, &at(line), &mut rng))
                .map(|m| format!("{}{:+}", m.square, m.value))
                .collect();
            seen.sort();
            seen.dedup();
            seen
        };
        level.book = BookUse::Off;
        assert_eq!(picks(&level, "f5"), Vec::<String>::new());
        level.book = BookUse::Best;
        assert_eq!(picks(&level, "f5"), ["f4+3"]);
        level.book = BookUse::Within(2);
        assert_eq!(picks(&level, "f5"), ["d6+1", "f4+3"]);
        level.book = BookUse::Within(5);
        assert_eq!(picks(&level, "f5"), ["d6+1", "f4+3", "f6-2"]);
        // Out of the book: no move.
        assert_eq!(picks(&level, "f5d6"), Vec::<String>::new());
        level.book = BookUse::Within(65);
        assert_eq!(
            level.check(),
            Err("book Within(65) is not a number of discs in 0..=64".to_string())
        );
    }

    fn mcts_level(playouts: Option<u64>, time_ms: Option<u64>) -> Level {
        Level {
            kind: LevelKind::Mcts,
            depth: None,
            time_ms,
            playouts,
            ..timed(0, 0)
        }
    }

    #[test]
    fn mcts_levels_are_checked_for_their_own_keys() {
        let parse = |text: &str| parse_levels("l.ron", text).unwrap_err().to_string();
        let levels = parse_levels(
            "l.ron",
            concat!(
                "[(name: \"A\", description: \"\", kind: Mcts, playouts: Some(500)),\n",
                " (name: \"B\", description: \"\", kind: Mcts, time_ms: Some(1000),",
                " playouts: Some(9), book: Best)]"
            ),
        )
        .unwrap();
        let a = Level {
            name: "A".into(),
            ..mcts_level(Some(500), None)
        };
        assert_eq!(levels[0], a);
        assert_eq!(
            (levels[1].kind, levels[1].time_ms, levels[1].playouts),
            (LevelKind::Mcts, Some(1000), Some(9))
        );
        assert_eq!(
            parse("[(name: \"A\", description: \"\", kind: Mcts)]"),
            "l.ron:1:3: level 1 \"A\": an MCTS level (kind: Mcts) needs playouts or time_ms"
        );
        let refused = |key: &str| {
            parse(&format!(
                "[(name: \"A\", description: \"\", kind: Mcts, time_ms: Some(9), {key})]"
            ))
        };
        for (key, name) in [
            ("depth: Some(3)", "depth"),
            ("exact_empties: 12", "exact_empties"),
            ("probcut: 1.5", "probcut"),
            ("temperature: 2.0", "temperature"),
        ] {
            assert_eq!(
                refused(key),
                format!(
                    "l.ron:1:3: level 1 \"A\": {name} is for alpha-beta levels; an MCTS level \
                     (kind: Mcts) is limited by playouts or time_ms, solves from mcts.ron's \
                     solver_empties and always plays its most visited move"
                )
            );
        }
        assert_eq!(
            parse("[(name: \"A\", description: \"\", kind: Mcts, playouts: Some(0))]"),
            "l.ron:1:3: level 1 \"A\": playouts 0 is not in 1..=1000000000"
        );
        assert_eq!(
            parse("[(name: \"A\", description: \"\", depth: Some(2), playouts: Some(5))]"),
            "l.ron:1:3: level 1 \"A\": playouts is for MCTS levels (kind: Mcts); an \
             alpha-beta level is limited by depth or time_ms"
        );
        assert_eq!(
            parse("[(name: \"A\", description: \"\", kind: Monte, playouts: Some(5))]"),
            "l.ron:1:37: Unexpected variant named `Monte` in enum `LevelKind`, expected either \
             `AlphaBeta` or `Mcts` instead"
        );
    }

    #[test]
    fn mcts_levels_take_the_phase_budget_or_their_playouts() {
        // The soft budget of the phase: 0.4, 1.3 and 1.0 of the average.
        let level = mcts_level(Some(50_000), Some(1000));
        let limits = |empties| level.mcts_limits(empties, &time());
        assert_eq!(
            limits(56),
            MctsLimits {
                playouts: Some(50_000),
                time_ms: Some(400)
            }
        );
        assert_eq!(limits(36).time_ms, Some(1300));
        assert_eq!(limits(20).time_ms, Some(1000));
        assert_eq!(
            mcts_level(Some(7), None).mcts_limits(40, &time()),
            MctsLimits {
                playouts: Some(7),
                time_ms: None
            }
        );
    }

    #[test]
    fn mcts_levels_play_their_playouts_and_repeat_with_the_seed() {
        let level = mcts_level(Some(400), None);
        let board = Board::start().play("f5".parse().unwrap());
        let stop = AtomicBool::new(false);
        let clock = std::time::Instant::now();
        let play = |searcher: &mut Searcher, board: &Board, seed| {
            let mut reports = 0;
            let played = level.play(
                searcher,
                board,
                &stop,
                &clock,
                &mut |_| reports += 1,
                &mut StdRng::seed_from_u64(seed),
            );
            (played, reports)
        };
        let searcher = || {
            Searcher::new(SearchConfig {
                tt_mib: 1,
                ..SearchConfig::shipped()
            })
        };
        let (mut a, mut b) = (searcher(), searcher());
        let ((square, info), _) = play(&mut a, &board, 3);
        let square = square.unwrap();
        assert_ne!(board.moves() & square.bit(), 0);
        assert_eq!((info.best_move, info.nodes), (Some(square), 400));
        assert_eq!(square.to_string(), "f6");
        assert_eq!(info.pv[0], square);
        assert!(!info.exact);
        // The same seed grows the same tree in a fresh searcher.
        let ((again, mut info_again), _) = play(&mut b, &board, 3);
        info_again.elapsed_ms = info.elapsed_ms;
        assert_eq!((again, info_again), (Some(square), info.clone()));
        // A stopped search still has a move.
        let raised = AtomicBool::new(true);
        let (stopped, _) = level.play(
            &mut searcher(),
            &board,
            &raised,
            &clock,
            &mut |_| {},
            &mut StdRng::seed_from_u64(3),
        );
        assert!(stopped.is_some());
        // An only move is played at once, reported once; no move, no report.
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let only = Board::new(sq("a1").bit(), sq("b1").bit());
        let ((square, info), reports) = play(&mut a, &only, 1);
        assert_eq!(square.map(|s| s.to_string()), Some("c1".to_string()));
        assert_eq!((info.nodes, info.pv.len(), reports), (0, 1, 1));
        let over = Board::new(u64::MAX, 0);
        let ((square, info), reports) = play(&mut a, &over, 1);
        assert_eq!((square, info.best_move, reports), (None, None, 0));
    }

    #[test]
    fn softmax_prefers_better_moves() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let scores = [(sq("a1"), 10), (sq("b1"), 6), (sq("c1"), -20)];
        let strong = Level {
            name: "S".into(),
            description: String::new(),
            kind: LevelKind::AlphaBeta,
            depth: Some(1),
            time_ms: None,
            playouts: None,
            exact_empties: 0,
            temperature: 0.0,
            probcut: 0.0,
            book: BookUse::Off,
        };
        let mut rng = StdRng::seed_from_u64(7);
        assert_eq!(strong.choose(&scores, &mut rng), Some(sq("a1")));
        let weak = Level {
            temperature: 4.0,
            probcut: 0.0,
            book: BookUse::Off,
            ..strong
        };
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            let m = weak.choose(&scores, &mut rng).unwrap();
            counts[scores.iter().position(|&(s, _)| s == m).unwrap()] += 1;
        }
        // Weights 1 : e^-1 : e^-7.5, so about 73%, 27% and 0.04%.
        assert!((7_000..7_600).contains(&counts[0]), "{counts:?}");
        assert!((2_400..3_000).contains(&counts[1]), "{counts:?}");
        assert!(counts[2] < 20, "{counts:?}");
        assert_eq!(weak.choose(&[], &mut rng), None);
    }
}

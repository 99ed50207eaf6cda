//! Difficulty levels: how long the engine thinks, when it solves exactly, and how it errs.
//!
//! Levels are data (`config/levels.ron`, a RON list of [`Level`]s). A level that errs
//! scores every legal move and picks one with a softmax over the scores: the probability of
//! a move is proportional to `exp((score - best) / temperature)`, scores and temperature in
//! discs, so a move that loses little is often chosen and a blunder rarely.
//!
//! A level of [`LevelKind::Mcts`] plays Monte Carlo tree search instead
//! ([`crate::engine::Searcher::mcts_search`]), limited by its `playouts` or its `time_ms`; it always plays
//! its most visited move, and keeps its tree from move to move.

use rand::Rng;

use crate::engine::board::Board;
use crate::engine::book::{Book, BookMove};
use crate::engine::config::error::{ConfigError, locate_key, parse_ron};
use crate::engine::square::Square;

mod adaptive;
mod people;
mod plan;
mod play;
mod rating;

pub use adaptive::{
    ADAPTIVE, ADAPTIVE_START, ADAPTIVE_STEP, adaptive_after_game, adaptive_level, adaptive_parts,
};
pub use people::{PEOPLE_CLASSES, PeopleBand, PeopleElo, PeopleErrors, SHIPPED_PEOPLE_RON};
pub use plan::MovePlan;
pub use rating::{
    LevelPoint, LossStats, RatingEstimate, RatingModel, SHIPPED_RATING_RON, phase_of,
};

/// The levels shipped with the game (`config/levels.ron`), compiled in.
pub const DEFAULT_LEVELS_RON: &str = include_str!("../../../../config/levels.ron");

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
    /// How much the level errs by the game's phase, instead of one temperature: the mean
    /// loss per move in discs it aims at in the opening (more than 40 empties), the middle
    /// game (21 to 40) and the endgame (20 or fewer). It scores every move and picks one
    /// with a softmax whose temperature is set, move by move, so that the expected loss
    /// among the scored moves is the phase's (all moves alike when even that falls short).
    /// The Adaptive level plays this way; `None`, the default, errs by `temperature` alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase_loss: Option<(f64, f64, f64)>,
    /// Errs as the tournament players of this rating did (Elo on the WTHOR database's
    /// scale, `thor ratings`; `people.ron`'s band of that rating, or weights between the two
    /// bands around it): it scores every move and chooses one with the weights of their
    /// losses' classes in the game's phase ([`PeopleErrors::choose`]). `None`, the default,
    /// errs by `temperature` or `phase_loss`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plays_like: Option<u32>,
    /// The people's table a `plays_like` level chooses by: a designer's `people.ron` read
    /// beside `levels.ron` ([`with_people`]); `None`, the shipped `config/people.ron`. Not
    /// a key of `levels.ron`.
    #[serde(skip)]
    pub people: Option<std::sync::Arc<PeopleErrors>>,
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
    /// The alpha-beta [`Searcher`](crate::engine::Searcher) (iterative deepening, the exact solver near the end):
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
            || self.plays_like.is_some()
            || self
                .phase_loss
                .is_some_and(|(o, m, e)| o > 0.0 || m > 0.0 || e > 0.0)
    }

    /// Picks a move from `(move, score in discs)` pairs with the level's softmax; the best
    /// move when the temperature is 0. `None` only when `scores` is empty. A level with a
    /// [`Level::phase_loss`] errs as [`Level::choose_at`] does in the middle game.
    pub fn choose<R: Rng + ?Sized>(&self, scores: &[(Square, i32)], rng: &mut R) -> Option<Square> {
        self.choose_at(scores, 30, rng)
    }

    /// [`Level::choose`] on a board with `empties` empty squares: the temperature is the
    /// level's, or the one that makes the expected loss its [`Level::phase_loss`] for the
    /// phase (`temperature_for_loss`).
    pub fn choose_at<R: Rng + ?Sized>(
        &self,
        scores: &[(Square, i32)],
        empties: u32,
        rng: &mut R,
    ) -> Option<Square> {
        if let Some(rating) = self.plays_like {
            let people = self.people.as_deref().unwrap_or(PeopleErrors::shipped());
            return people.choose(rating, scores, empties, rng);
        }
        let best = scores.iter().max_by_key(|&&(_, s)| s)?;
        let temperature = match self.phase_loss {
            Some(loss) => {
                let target = [loss.0, loss.1, loss.2][rating::phase_of(empties)];
                let losses: Vec<f64> = scores.iter().map(|&(_, s)| f64::from(best.1 - s)).collect();
                temperature_for_loss(&losses, target)
            }
            None => self.temperature,
        };
        if temperature <= 0.0 {
            return Some(best.0);
        }
        let weights: Vec<f64> = scores
            .iter()
            .map(|&(_, s)| {
                if temperature.is_infinite() {
                    1.0
                } else {
                    (f64::from(s - best.1) / temperature).exp()
                }
            })
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

/// The softmax temperature at which a choice among moves that lose `losses` discs each
/// (the best 0) loses `target` discs on average: 0 when the target is 0 or no move loses
/// anything, infinite (every move alike) when even an even choice loses less than the
/// target. The expected loss rises with the temperature, so it is found by halving.
pub fn temperature_for_loss(losses: &[f64], target: f64) -> f64 {
    let expected = |t: f64| {
        let (mut sum, mut weights) = (0.0, 0.0);
        for &l in losses {
            let w = (-l / t).exp();
            sum += w * l;
            weights += w;
        }
        sum / weights
    };
    let even = losses.iter().sum::<f64>() / losses.len().max(1) as f64;
    if target <= 0.0 || even <= 0.0 {
        return 0.0;
    }
    if even <= target {
        return f64::INFINITY;
    }
    // In the logarithm of the temperature, from 1/100 disc to 10,000 discs.
    let (mut lo, mut hi) = (-4.6_f64, 9.2_f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if expected(mid.exp()) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (0.5 * (lo + hi)).exp()
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

/// `levels` choosing by `people` where they play like people ([`Level::people`]): a
/// designer's table, shared; `None` leaves them on the shipped one.
pub fn with_people(mut levels: Vec<Level>, people: Option<PeopleErrors>) -> Vec<Level> {
    let people = people.map(std::sync::Arc::new);
    for level in &mut levels {
        level.people.clone_from(&people);
    }
    levels
}

/// The deepest search a level may ask for, in plies: deeper would take hours a move.
pub const MAX_LEVEL_DEPTH: u32 = 30;

/// The most empties a level may solve exactly from: each further empty multiplies the time
/// by about 2.4 (see [`TimeConfig::expected_solve_ms`]); 30 empties already take about a quarter
/// of an hour.
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
        if let Some((o, m, e)) = self.phase_loss {
            if let Some(bad) = [o, m, e].into_iter().find(|l| !(0.0..=64.0).contains(l)) {
                return Err(format!(
                    "phase_loss {bad} is not a number of discs in 0..=64"
                ));
            }
            if self.temperature != 0.0 {
                return Err(
                    "has both temperature and phase_loss; a level errs by one of \
                            them"
                        .into(),
                );
            }
        }
        if let Some(rating) = self.plays_like {
            if !(MIN_PLAYS_LIKE..=MAX_PLAYS_LIKE).contains(&rating) {
                return Err(format!(
                    "plays_like {rating} is not an Elo in {MIN_PLAYS_LIKE}..={MAX_PLAYS_LIKE}"
                ));
            }
            if self.temperature != 0.0 || self.phase_loss.is_some() {
                return Err(
                    "has plays_like and also temperature or phase_loss; a level \
                            errs by one of them"
                        .into(),
                );
            }
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
            ("phase_loss", self.phase_loss.is_some()),
            ("plays_like", self.plays_like.is_some()),
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

/// The lowest and highest ratings a level may play like: the WTHOR database's players lie
/// between.
pub const MIN_PLAYS_LIKE: u32 = 500;
/// See [`MIN_PLAYS_LIKE`].
pub const MAX_PLAYS_LIKE: u32 = 3000;

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
mod tests;

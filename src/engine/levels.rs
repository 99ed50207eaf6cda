//! Difficulty levels: how long the engine thinks, when it solves exactly, and how it errs.
//!
//! Levels are data (`config/levels.ron`, a RON list of [`Level`]s). A level that errs
//! scores every legal move and picks one with a softmax over the scores: the probability of
//! a move is proportional to `exp((score - best) / temperature)`, scores and temperature in
//! discs, so a move that loses little is often chosen and a blunder rarely.

use rand::Rng;

use crate::engine::config_error::{ConfigError, parse_ron};
use crate::engine::square::Square;

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
    /// The deepest search in plies, if the level is limited by depth.
    #[serde(default)]
    pub depth: Option<u32>,
    /// The thinking time per move in milliseconds, if the level is limited by time.
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// With at most this many empty squares the level solves the game exactly (0: never).
    #[serde(default)]
    pub exact_empties: u32,
    /// How much the level errs, in discs: 0 always plays the best move found; at `t` a move
    /// `t` discs worse than the best is chosen `e` (2.7) times less often than the best.
    #[serde(default)]
    pub temperature: f64,
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

/// Parses a RON list of levels, weakest first, and checks that each can be played; `file`
/// names the text in errors.
///
/// # Errors
/// [`ConfigError`] for RON that does not parse (with its line and column), an empty list, a
/// level with neither `depth` nor `time_ms`, a negative temperature, or two levels with the
/// same name.
pub fn parse_levels(file: &str, text: &str) -> Result<Vec<Level>, ConfigError> {
    let levels: Vec<Level> = parse_ron(file, text)?;
    let error = |message: String| ConfigError::invalid(file, message);
    if levels.is_empty() {
        return Err(error("the list of levels is empty".into()));
    }
    for (i, level) in levels.iter().enumerate() {
        let name = &level.name;
        if level.depth.is_none() && level.time_ms.is_none() {
            return Err(error(format!(
                "level {} \"{name}\" has neither depth nor time_ms",
                i + 1
            )));
        }
        if level.depth == Some(0) || level.time_ms == Some(0) {
            return Err(error(format!(
                "level {} \"{name}\": depth and time_ms must be at least 1",
                i + 1
            )));
        }
        if !(level.temperature >= 0.0 && level.temperature.is_finite()) {
            return Err(error(format!(
                "level {} \"{name}\": temperature {} is not a number of discs >= 0",
                i + 1,
                level.temperature
            )));
        }
        if levels[..i].iter().any(|l| l.name == *name) {
            return Err(error(format!("two levels are named \"{name}\"")));
        }
    }
    Ok(levels)
}

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
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn shipped_levels_parse() {
        let levels = default_levels();
        assert!(levels.len() >= 10);
        assert!(levels[0].errs());
        assert!(!levels.last().unwrap().errs());
    }

    #[test]
    fn errors_name_line_and_column() {
        let parse = |text| parse_levels("l.ron", text).unwrap_err();
        let e = parse("[\n  (name: \"A\", description: \"x\", depth: Some(2)),\n  (name: 3)\n]");
        assert_eq!((e.file.as_str(), e.line, e.column), ("l.ron", 3, 9));
        let e = parse("[(name: \"A\", description: \"x\")]");
        assert_eq!(
            e.to_string(),
            "l.ron: level 1 \"A\" has neither depth nor time_ms"
        );
        assert_eq!(
            parse("[]").to_string(),
            "l.ron: the list of levels is empty"
        );
        let e = parse(concat!(
            "[(name: \"A\", description: \"\", depth: Some(1)),",
            " (name: \"A\", description: \"\", depth: Some(2))]"
        ));
        assert_eq!(e.to_string(), "l.ron: two levels are named \"A\"");
    }

    #[test]
    fn softmax_prefers_better_moves() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let scores = [(sq("a1"), 10), (sq("b1"), 6), (sq("c1"), -20)];
        let strong = Level {
            name: "S".into(),
            description: String::new(),
            depth: Some(1),
            time_ms: None,
            exact_empties: 0,
            temperature: 0.0,
        };
        let mut rng = StdRng::seed_from_u64(7);
        assert_eq!(strong.choose(&scores, &mut rng), Some(sq("a1")));
        let weak = Level {
            temperature: 4.0,
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

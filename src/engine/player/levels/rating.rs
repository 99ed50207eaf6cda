//! A player's strength from the discs they lose per move.
//!
//! Each level of the ladder has a rating (Elo, its steps measured level against level:
//! `config/README.md`, Calibration; Beginner anchored at 400) and a mean loss per move,
//! measured by reviewing its own games as the game reviews a player's (`reversi-engine
//! rating calibrate`). Both live in `config/rating.ron` ([`RatingModel`]). A player's
//! reviewed moves give a mean loss; the rating is read off the levels' curve (linear in the
//! logarithm of the loss, between the two levels around it; clamped at the ends), and its
//! error from the mean's standard error ([`RatingModel::estimate`]).

use serde::{Deserialize, Serialize};

use crate::engine::config::error::{ConfigError, parse_ron};

/// The shipped model.
pub const SHIPPED_RATING_RON: &str = include_str!("../../../../config/rating.ron");

/// A level's point on the curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelPoint {
    /// The level's name.
    pub name: String,
    /// Its rating on the ladder.
    pub rating: f64,
    /// Its mean loss per move, in discs, as the game's review measures it.
    pub mean_loss: f64,
    /// Its mean loss in the opening (more than 40 empties), the middle game (21 to 40) and
    /// the endgame (20 or fewer).
    pub by_phase: (f64, f64, f64),
    /// The moves the figures come from.
    pub moves: usize,
}

/// The levels' ratings and losses: the curve a player's loss is read against.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingModel {
    /// The depth of the review that measured the losses (the game's review depth).
    pub review_depth: u32,
    /// The levels, weakest first.
    pub levels: Vec<LevelPoint>,
    /// How much of the loss the Adaptive level asks for in each phase (opening, middle game,
    /// endgame) its games show, as a fraction: where few moves differ (the endgame) a choice
    /// cannot always lose what is asked. It asks for the loss divided by this. Measured by
    /// `reversi-engine rating calibrate --adaptive`; 1 when left out.
    #[serde(default = "no_shortfall")]
    pub adaptive_reach: (f64, f64, f64),
    /// The levels that play like people (`plays_like` in `levels.ron`) placed on the ladder:
    /// the people's Elo each plays like and the rating its matches against the ladder's
    /// levels measured (`config/README.md`, The Tournament levels), ratings rising. Between
    /// the first rating and the last, the Adaptive level plays like people of the Elo read
    /// off these points ([`RatingModel::people_elo_at`]). Left out: it never does.
    #[serde(default)]
    pub people: Vec<PeoplePoint>,
}

/// A level that plays like people, on the ladder ([`RatingModel::people`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeoplePoint {
    /// The Elo of the people it plays like (`plays_like`).
    pub elo: u32,
    /// Its rating on the ladder, measured.
    pub rating: f64,
}

/// The Adaptive level's reach before it is measured: every loss asked for is had.
fn no_shortfall() -> (f64, f64, f64) {
    (1.0, 1.0, 1.0)
}

/// A player's estimated rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingEstimate {
    /// The rating read off the curve at the player's mean loss.
    pub rating: f64,
    /// The ratings at the ends of the mean's 95% interval (lower, upper).
    pub interval: (f64, f64),
    /// The player's mean loss per move, in discs.
    pub mean_loss: f64,
    /// The moves it comes from.
    pub moves: usize,
}

/// The sum and spread of a player's losses per move, which pool over games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossStats {
    /// Moves.
    pub moves: u64,
    /// The sum of their losses, in discs.
    pub sum: i64,
    /// The sum of their squares.
    pub sum_sq: i64,
}

impl LossStats {
    /// The figures of these losses.
    pub fn of(losses: &[i32]) -> LossStats {
        losses.iter().fold(LossStats::default(), |s, &l| LossStats {
            moves: s.moves + 1,
            sum: s.sum + i64::from(l),
            sum_sq: s.sum_sq + i64::from(l) * i64::from(l),
        })
    }

    /// Both pooled.
    pub fn plus(self, other: LossStats) -> LossStats {
        LossStats {
            moves: self.moves + other.moves,
            sum: self.sum + other.sum,
            sum_sq: self.sum_sq + other.sum_sq,
        }
    }
}

/// The game's phase of a position with `empties` empty squares: 0 the opening (more than
/// 40), 1 the middle game (21 to 40), 2 the endgame (20 or fewer).
pub fn phase_of(empties: u32) -> usize {
    match empties {
        41.. => 0,
        21..=40 => 1,
        _ => 2,
    }
}

impl RatingModel {
    /// The shipped model (`config/rating.ron`), read once.
    ///
    /// # Panics
    /// When the shipped file does not read (a test guards it).
    pub fn shipped() -> &'static RatingModel {
        static SHIPPED: std::sync::OnceLock<RatingModel> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| {
            RatingModel::parse("config/rating.ron", SHIPPED_RATING_RON)
                .expect("config/rating.ron reads")
        })
    }

    /// Reads a model; `file` names the text in errors.
    ///
    /// # Errors
    /// RON that does not parse (line and column), fewer than two levels, a loss that is not
    /// positive, or levels whose losses do not fall as their ratings rise.
    pub fn parse(file: &str, text: &str) -> Result<RatingModel, ConfigError> {
        let model: RatingModel = parse_ron(file, text)?;
        let bad = |message: String| ConfigError::invalid(file, message);
        if model.levels.len() < 2 {
            return Err(bad("at least two levels are needed".to_string()));
        }
        for l in &model.levels {
            if !(l.mean_loss > 0.0 && l.mean_loss.is_finite()) {
                return Err(bad(format!(
                    "level \"{}\": mean_loss {} must be above 0",
                    l.name, l.mean_loss
                )));
            }
        }
        let (o, m, e) = model.adaptive_reach;
        if let Some(r) = [o, m, e].into_iter().find(|r| !(0.1..=10.0).contains(r)) {
            return Err(bad(format!(
                "adaptive_reach {r} is not a fraction in 0.1..=10"
            )));
        }
        for pair in model.people.windows(2) {
            if pair[1].rating <= pair[0].rating || pair[1].elo <= pair[0].elo {
                return Err(bad(format!(
                    "people: Elo {} must have a higher elo and rating than Elo {}",
                    pair[1].elo, pair[0].elo
                )));
            }
        }
        for pair in model.levels.windows(2) {
            if pair[1].rating <= pair[0].rating || pair[1].mean_loss >= pair[0].mean_loss {
                return Err(bad(format!(
                    "level \"{}\" must have a higher rating and a lower mean_loss than \"{}\"",
                    pair[1].name, pair[0].name
                )));
            }
        }
        Ok(model)
    }

    /// The model as `config/rating.ron` writes it: its header comment, then the RON.
    pub fn to_text(&self) -> String {
        let header: String = SHIPPED_RATING_RON
            .lines()
            .take_while(|l| l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        let ron = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a model is RON");
        format!("{header}{ron}\n")
    }

    /// The Elo of the people a player of `rating` on the ladder plays like, read linearly
    /// between the two [`RatingModel::people`] points around it and rounded; `None` outside
    /// the first and last points' ratings (and with fewer than two points).
    pub fn people_elo_at(&self, rating: f64) -> Option<u32> {
        let p = &self.people;
        if p.len() < 2 || rating < p[0].rating || rating > p[p.len() - 1].rating {
            return None;
        }
        let w = p.windows(2).find(|w| rating <= w[1].rating)?;
        let t = (rating - w[0].rating) / (w[1].rating - w[0].rating);
        let (low, high) = (f64::from(w[0].elo), f64::from(w[1].elo));
        Some((low + t * (high - low)).round() as u32)
    }

    /// The rating at a mean loss per move: linear in the logarithm of the loss between the
    /// two levels around it, the end levels' ratings beyond them.
    pub fn rating_at(&self, mean_loss: f64) -> f64 {
        let x = mean_loss.max(1e-3).ln();
        let first = &self.levels[0];
        let last = &self.levels[self.levels.len() - 1];
        if mean_loss >= first.mean_loss {
            return first.rating;
        }
        if mean_loss <= last.mean_loss {
            return last.rating;
        }
        let i = self
            .levels
            .windows(2)
            .position(|w| mean_loss <= w[0].mean_loss && mean_loss >= w[1].mean_loss)
            .expect("between the ends");
        let (a, b) = (&self.levels[i], &self.levels[i + 1]);
        let (xa, xb) = (a.mean_loss.ln(), b.mean_loss.ln());
        a.rating + (b.rating - a.rating) * (x - xa) / (xb - xa)
    }

    /// The mean loss per move in each phase (opening, middle game, endgame) of a player
    /// rated `rating`: each phase's loss read off the levels' by-phase losses, linear in its
    /// logarithm between the two levels around the rating (the end levels' beyond them).
    pub fn loss_at(&self, rating: f64) -> (f64, f64, f64) {
        let first = &self.levels[0];
        let last = &self.levels[self.levels.len() - 1];
        if rating <= first.rating {
            return first.by_phase;
        }
        if rating >= last.rating {
            return last.by_phase;
        }
        let i = self
            .levels
            .windows(2)
            .position(|w| rating >= w[0].rating && rating <= w[1].rating)
            .expect("between the ends");
        let (a, b) = (&self.levels[i], &self.levels[i + 1]);
        let f = (rating - a.rating) / (b.rating - a.rating);
        let mix = |x: f64, y: f64| {
            let (x, y) = (x.max(1e-3), y.max(1e-3));
            (x.ln() + (y.ln() - x.ln()) * f).exp()
        };
        (
            mix(a.by_phase.0, b.by_phase.0),
            mix(a.by_phase.1, b.by_phase.1),
            mix(a.by_phase.2, b.by_phase.2),
        )
    }

    /// The estimate from a player's losses per move (each reviewed move's, in discs);
    /// `None` with fewer than 10 moves.
    pub fn estimate(&self, losses: &[i32]) -> Option<RatingEstimate> {
        self.estimate_from(LossStats::of(losses))
    }

    /// [`RatingModel::estimate`] from the losses' figures (games pooled).
    pub fn estimate_from(&self, stats: LossStats) -> Option<RatingEstimate> {
        if stats.moves < 10 {
            return None;
        }
        let n = stats.moves as f64;
        let mean = stats.sum as f64 / n;
        let var = ((stats.sum_sq as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        let half = 1.96 * (var / n).sqrt();
        Some(RatingEstimate {
            rating: self.rating_at(mean),
            interval: (self.rating_at(mean + half), self.rating_at(mean - half)),
            mean_loss: mean,
            moves: stats.moves as usize,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> RatingModel {
        RatingModel::parse(
            "test",
            "(review_depth: 12, levels: [\
             (name: \"A\", rating: 400, mean_loss: 8.0, by_phase: (1, 9, 10), moves: 100),\
             (name: \"B\", rating: 1000, mean_loss: 2.0, by_phase: (1, 2, 2), moves: 100),\
             (name: \"C\", rating: 1600, mean_loss: 0.5, by_phase: (0, 1, 0), moves: 100)])",
        )
        .unwrap()
    }

    #[test]
    fn the_rating_is_read_off_the_levels_curve() {
        let m = model();
        assert_eq!(m.rating_at(8.0), 400.0);
        assert_eq!(m.rating_at(20.0), 400.0);
        assert_eq!(m.rating_at(0.1), 1600.0);
        // Halfway in the logarithm between A and B: 4 discs.
        assert!((m.rating_at(4.0) - 700.0).abs() < 1e-9);
        assert!((m.rating_at(1.0) - 1300.0).abs() < 1e-9);
        // Ten moves at least; the interval from the mean's spread.
        assert_eq!(m.estimate(&[1; 9]), None);
        let even = m.estimate(&[2; 20]).unwrap();
        assert_eq!(
            (even.rating, even.interval, even.moves),
            (1000.0, (1000.0, 1000.0), 20)
        );
        let mixed = m.estimate(&[0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4]).unwrap();
        assert!((mixed.rating - 1000.0).abs() < 1e-9);
        assert!(mixed.interval.0 < 1000.0 && mixed.interval.1 > 1000.0);
        // Pooled figures give the same as the losses together.
        let (a, b) = ([0, 4, 0, 4, 0, 4], [0, 4, 0, 4, 0, 4]);
        let pooled = m
            .estimate_from(LossStats::of(&a).plus(LossStats::of(&b)))
            .unwrap();
        assert_eq!(pooled, mixed);
        assert_eq!(
            LossStats::of(&[1, 2, 3]),
            LossStats {
                moves: 3,
                sum: 6,
                sum_sq: 14
            }
        );
    }

    #[test]
    fn a_model_out_of_order_is_refused_by_name() {
        let err = RatingModel::parse(
            "rating.ron",
            "(review_depth: 12, levels: [\
             (name: \"A\", rating: 400, mean_loss: 2.0, by_phase: (1, 1, 1), moves: 1),\
             (name: \"B\", rating: 1000, mean_loss: 3.0, by_phase: (1, 1, 1), moves: 1)])",
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("level \"B\" must have a higher rating and a lower mean_loss than \"A\""),
            "{err}"
        );
        let shipped = RatingModel::shipped();
        assert_eq!(shipped.review_depth, 12);
        // Written with its header, it reads back the same.
        let text = shipped.to_text();
        assert!(text.starts_with("// A player's rating"), "{text}");
        assert_eq!(RatingModel::parse("again", &text).as_ref(), Ok(shipped));
        // The Adaptive level's reach: 1 when left out, a fraction in 0.1..=10 when given.
        let two = "(name: \"A\", rating: 400, mean_loss: 3.0, by_phase: (1, 4, 4), moves: 1),\
                   (name: \"B\", rating: 1000, mean_loss: 1.0, by_phase: (1, 1, 1), moves: 1)";
        let plain = RatingModel::parse("r", &format!("(review_depth: 12, levels: [{two}])"));
        assert_eq!(plain.unwrap().adaptive_reach, (1.0, 1.0, 1.0));
        let err = RatingModel::parse(
            "r",
            &format!("(review_depth: 12, levels: [{two}], adaptive_reach: (1, 0.05, 1))"),
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("adaptive_reach 0.05 is not a fraction in 0.1..=10"),
            "{err}"
        );
    }

    #[test]
    fn the_people_points_give_the_elo_a_ladder_rating_plays_like_between_them() {
        let two = "(name: \"A\", rating: 400, mean_loss: 3.0, by_phase: (1, 4, 4), moves: 1),\
                   (name: \"B\", rating: 1000, mean_loss: 1.0, by_phase: (1, 1, 1), moves: 1)";
        let with = |people: &str| {
            RatingModel::parse(
                "r",
                &format!("(review_depth: 12, levels: [{two}], people: [{people}])"),
            )
        };
        let m =
            with("(elo: 1400, rating: 1200), (elo: 1800, rating: 1700), (elo: 2000, rating: 1900)")
                .unwrap();
        assert_eq!(m.people_elo_at(1200.0), Some(1400));
        assert_eq!(m.people_elo_at(1450.0), Some(1600));
        assert_eq!(m.people_elo_at(1700.0), Some(1800));
        assert_eq!(m.people_elo_at(1750.0), Some(1850));
        assert_eq!(m.people_elo_at(1900.0), Some(2000));
        assert_eq!(m.people_elo_at(1199.0), None);
        assert_eq!(m.people_elo_at(1901.0), None);
        // Left out, or one point: never.
        assert_eq!(model().people_elo_at(1000.0), None);
        assert_eq!(
            with("(elo: 1400, rating: 1200)")
                .unwrap()
                .people_elo_at(1200.0),
            None
        );
        let err = with("(elo: 1400, rating: 1200), (elo: 1800, rating: 1100)").unwrap_err();
        assert!(
            err.to_string()
                .contains("people: Elo 1800 must have a higher elo and rating than Elo 1400"),
            "{err}"
        );
    }

    #[test]
    fn a_ratings_loss_by_phase_lies_between_its_levels_in_the_logarithm() {
        let m = model();
        // Halfway from A (1, 9, 10) to B (1, 2, 2): the geometric means.
        let (o, mid, e) = m.loss_at(700.0);
        assert!((o - 1.0).abs() < 1e-9, "{o}");
        assert!((mid - 18f64.sqrt()).abs() < 1e-9, "{mid}");
        assert!((e - 20f64.sqrt()).abs() < 1e-9, "{e}");
        // Beyond the ends, the end levels'.
        assert_eq!(m.loss_at(0.0), (1.0, 9.0, 10.0));
        assert_eq!(m.loss_at(5000.0), (0.0, 1.0, 0.0));
    }
}

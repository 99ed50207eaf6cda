//! People's mistakes: how far from the best move the players of the WTHOR database played,
//! by their rating and the game's phase (`config/people.ron`, made by `reversi-engine thor
//! people` from the moves `thor losses` scored). A human-like level ([`Level::plays_like`])
//! chooses each move with its class of loss's weight for the band and phase, weights
//! fitted so that on positions those people played its choices lose as often and as much
//! as theirs did ([`PeopleErrors::fit_weights`]).
//!
//! [`Level::plays_like`]: super::Level::plays_like

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::rating::phase_of;
use crate::engine::config::error::{ConfigError, parse_ron};
use crate::engine::square::Square;

/// The shipped table.
pub const SHIPPED_PEOPLE_RON: &str = include_str!("../../../../config/people.ron");

/// People's losses per move by rating band and phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeopleErrors {
    /// Where the figures come from: the games, the scoring and the commands.
    pub source: String,
    /// The classes of losses, in discs: class `i` holds the losses from `classes[i]` up to
    /// the next class's start, the last every larger loss. Starts at 0, rising.
    pub classes: Vec<u32>,
    /// The bands, lowest rating first.
    pub bands: Vec<PeopleBand>,
}

/// The players of one rating band.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeopleBand {
    /// The band's centre, in the database's Elo (`thor ratings`: 1500 is a player of
    /// average results).
    pub rating: u32,
    /// The moves counted in the opening (more than 40 empties), the middle game (21 to 40)
    /// and the endgame (20 or fewer).
    pub moves: (u64, u64, u64),
    /// The mean loss per move by phase, in discs (to read, and for the Strength tab's
    /// scale; a level chooses by the weights).
    pub mean_loss: (f64, f64, f64),
    /// Each class's share of the opening's moves.
    pub opening: Vec<f64>,
    /// Each class's share of the middle game's moves.
    pub middle: Vec<f64>,
    /// Each class's share of the endgame's moves.
    pub endgame: Vec<f64>,
    /// Each class's weight in the opening's choices: a move is chosen with its class's
    /// weight over the sum of the weights of the position's moves ([`PeopleErrors::choose`]),
    /// fitted (`thor people --fit`) so that the classes of the moves chosen come out in the
    /// people's shares where the people played.
    pub opening_weights: Vec<f64>,
    /// Each class's weight in the middle game's choices.
    pub middle_weights: Vec<f64>,
    /// Each class's weight in the endgame's choices.
    pub endgame_weights: Vec<f64>,
}

/// Where a mean loss per move stands among the bands' players ([`PeopleErrors::elo_for_loss`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PeopleElo {
    /// About this Elo: between two bands' mean losses.
    About(f64),
    /// Loses more than the lowest band's players (its centre).
    Below(u32),
    /// Loses less than the highest band's players (its centre).
    Above(u32),
}

/// The class of `classes` (their starts, rising from 0) a loss of `loss` discs is in.
fn class_in(classes: &[u32], loss: i32) -> usize {
    classes.iter().rposition(|&c| loss >= c as i32).unwrap_or(0)
}

/// The classes `thor people` sorts losses into, in discs.
pub const PEOPLE_CLASSES: [u32; 10] = [0, 1, 2, 3, 5, 7, 10, 14, 20, 30];

impl PeopleBand {
    /// The weights of the classes in the phase of a board with `empties` empty squares.
    pub fn weights(&self, empties: u32) -> &[f64] {
        match phase_of(empties) {
            0 => &self.opening_weights,
            1 => &self.middle_weights,
            _ => &self.endgame_weights,
        }
    }

    /// [`PeopleBand::weights`] of `phase` (0 the opening, 1 the middle game, 2 the endgame),
    /// to change.
    pub fn weights_mut(&mut self, phase: usize) -> &mut Vec<f64> {
        match phase {
            0 => &mut self.opening_weights,
            1 => &mut self.middle_weights,
            _ => &mut self.endgame_weights,
        }
    }

    /// The mean loss per move over the three phases, each weighted by its moves.
    pub fn overall_loss(&self) -> f64 {
        let (n, m) = (self.moves, self.mean_loss);
        let total = (n.0 + n.1 + n.2).max(1) as f64;
        (m.0 * n.0 as f64 + m.1 * n.1 as f64 + m.2 * n.2 as f64) / total
    }

    /// The people's shares of the classes in `phase` (0 the opening, 1 the middle game, 2
    /// the endgame).
    pub fn shares(&self, phase: usize) -> &[f64] {
        match phase {
            0 => &self.opening,
            1 => &self.middle,
            _ => &self.endgame,
        }
    }
}

impl PeopleErrors {
    /// The shipped table (`config/people.ron`), read once.
    ///
    /// # Panics
    /// When the shipped file does not read (a test guards it).
    pub fn shipped() -> &'static PeopleErrors {
        static SHIPPED: std::sync::OnceLock<PeopleErrors> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| {
            PeopleErrors::parse("config/people.ron", SHIPPED_PEOPLE_RON)
                .expect("config/people.ron reads")
        })
    }

    /// Reads a table; `file` names the text in errors.
    ///
    /// # Errors
    /// RON that does not parse (line and column), classes that do not start at 0 and rise
    /// (to at most 64), no band, bands out of order, or a band whose shares are not one a
    /// class, not numbers of 0 or more, or all 0.
    pub fn parse(file: &str, text: &str) -> Result<PeopleErrors, ConfigError> {
        let table: PeopleErrors = parse_ron(file, text)?;
        let bad = |message: String| ConfigError::invalid(file, message);
        let c = &table.classes;
        if c.first() != Some(&0) || c.windows(2).any(|w| w[0] >= w[1]) || c[c.len() - 1] > 64 {
            return Err(bad(format!(
                "classes {c:?} must start at 0 and rise, to at most 64 discs"
            )));
        }
        if table.bands.is_empty() {
            return Err(bad("no band of players".to_string()));
        }
        if table.bands.windows(2).any(|w| w[0].rating >= w[1].rating) {
            return Err(bad(
                "the bands must be listed lowest rating first".to_string()
            ));
        }
        for band in &table.bands {
            for (phase, shares) in [
                ("opening", &band.opening),
                ("middle", &band.middle),
                ("endgame", &band.endgame),
                ("opening_weights", &band.opening_weights),
                ("middle_weights", &band.middle_weights),
                ("endgame_weights", &band.endgame_weights),
            ] {
                let problem = if shares.len() != c.len() {
                    Some(format!("{} shares for {} classes", shares.len(), c.len()))
                } else if shares.iter().any(|s| !(s.is_finite() && *s >= 0.0)) {
                    Some("a share below 0 or not a number".to_string())
                } else if shares.iter().sum::<f64>() <= 0.0 {
                    Some("every share is 0".to_string())
                } else if phase.ends_with("weights") && shares[0] <= 0.0 {
                    Some("the best moves' class needs a weight above 0".to_string())
                } else {
                    None
                };
                if let Some(p) = problem {
                    return Err(bad(format!("band {} {phase}: {p}", band.rating)));
                }
            }
        }
        Ok(table)
    }

    /// The class weights a player of `rating` chooses by on a board with `empties` empty
    /// squares: a band's own at its centre, between two bands' centres each weight read
    /// linearly between theirs (each band's weights scaled to a largest of 1 first), the end
    /// bands' beyond them.
    pub fn weights_at(&self, rating: u32, empties: u32) -> Vec<f64> {
        let scaled = |b: &PeopleBand| {
            let w = b.weights(empties);
            let top = w.iter().copied().fold(0.0, f64::max).max(f64::MIN_POSITIVE);
            w.iter().map(|x| x / top).collect::<Vec<f64>>()
        };
        let (first, last) = (&self.bands[0], &self.bands[self.bands.len() - 1]);
        if rating <= first.rating {
            return scaled(first);
        }
        if rating >= last.rating {
            return scaled(last);
        }
        let i = self
            .bands
            .windows(2)
            .position(|w| rating < w[1].rating)
            .expect("a rating between the end bands lies between two");
        let (low, high) = (&self.bands[i], &self.bands[i + 1]);
        let t = f64::from(rating - low.rating) / f64::from(high.rating - low.rating);
        scaled(low)
            .iter()
            .zip(scaled(high))
            .map(|(a, b)| a + t * (b - a))
            .collect()
    }

    /// The Elo on the bands' scale of a player who loses `mean_loss` discs a move (as the
    /// game's review measures it): read between the two bands whose overall mean losses
    /// ([`PeopleBand::overall_loss`]) enclose it, linear in the logarithm of the loss (as
    /// the ladder's levels are read, [`super::RatingModel`]); below the lowest band or above
    /// the highest, said so. Bands whose losses do not fall as their ratings rise are read
    /// in order, the first pair that encloses the loss.
    pub fn elo_for_loss(&self, mean_loss: f64) -> PeopleElo {
        let points: Vec<(f64, f64)> = self
            .bands
            .iter()
            .map(|b| (f64::from(b.rating), b.overall_loss().max(1e-3)))
            .collect();
        let loss = mean_loss.max(1e-3);
        let (first, last) = (points[0], points[points.len() - 1]);
        if loss > first.1 {
            return PeopleElo::Below(self.bands[0].rating);
        }
        for w in points.windows(2) {
            let ((r0, l0), (r1, l1)) = (w[0], w[1]);
            if loss <= l0 && loss >= l1 {
                let t = if l0 == l1 {
                    0.5
                } else {
                    (l0.ln() - loss.ln()) / (l0.ln() - l1.ln())
                };
                return PeopleElo::About(r0 + t * (r1 - r0));
            }
        }
        if loss < last.1 {
            return PeopleElo::Above(self.bands[self.bands.len() - 1].rating);
        }
        // Out of order bands that enclose nothing: the nearest band by loss.
        let nearest = points
            .iter()
            .min_by(|a, b| (a.1 - loss).abs().total_cmp(&(b.1 - loss).abs()))
            .expect("a band");
        PeopleElo::About(nearest.0)
    }

    /// The class of a loss of `loss` discs.
    pub fn class_of(&self, loss: i32) -> usize {
        class_in(&self.classes, loss)
    }

    /// A move as a player of `rating` might play it on a board with `empties` empty squares,
    /// from `(move, score in discs)` pairs: each move is chosen with the weight of its loss's
    /// class (against the best score) in the phase ([`PeopleErrors::weights_at`]), over the
    /// sum of all the moves' weights. `None` only when `scores` is empty.
    pub fn choose<R: Rng + ?Sized>(
        &self,
        rating: u32,
        scores: &[(Square, i32)],
        empties: u32,
        rng: &mut R,
    ) -> Option<Square> {
        let best = scores.iter().map(|&(_, s)| s).max()?;
        let weights = self.weights_at(rating, empties);
        let weight = |s: i32| weights[self.class_of(best - s)];
        let total: f64 = scores.iter().map(|&(_, s)| weight(s)).sum();
        let mut pick = rng.random::<f64>() * total;
        for &(sq, s) in scores {
            if pick < weight(s) {
                return Some(sq);
            }
            pick -= weight(s);
        }
        scores.iter().find(|&&(_, s)| s == best).map(|&(sq, _)| sq)
    }

    /// Fits `band`'s weights in `phase` so that choosing by them at `positions` (each the
    /// classes of its moves' losses) gives the classes in the phase's people's shares, as
    /// near as the positions allow: iterative proportional fitting, each weight scaled by its
    /// class's share over the share the weights give, 200 rounds; the largest weight 1 at
    /// the end. A class the people never played gets 0; one no position offers keeps its
    /// share.
    pub fn fit_weights(&self, band: &mut PeopleBand, phase: usize, positions: &[Vec<usize>]) {
        let target = band.shares(phase).to_vec();
        let classes = self.classes.len();
        let mut offered = vec![false; classes];
        for &c in positions.iter().flatten() {
            offered[c] = true;
        }
        // The people's shares among the classes the positions offer.
        let among: f64 = (0..classes)
            .filter(|&c| offered[c])
            .map(|c| target[c])
            .sum();
        if among <= 0.0 {
            // Nothing the people played is on offer there: nothing to fit.
            return;
        }
        let mut w = target.clone();
        w[0] = w[0].max(1e-6);
        for _ in 0..200 {
            let mut model = vec![0.0; classes];
            for moves in positions {
                let total: f64 = moves.iter().map(|&c| w[c]).sum();
                for &c in moves {
                    model[c] += w[c] / total;
                }
            }
            let n = positions.len().max(1) as f64;
            for c in (0..classes).filter(|&c| offered[c] && model[c] > 0.0) {
                w[c] *= target[c] / among / (model[c] / n);
            }
            // A class the positions offer too rarely for its share would grow without
            // end: at most ten times the best moves' weight.
            w[0] = w[0].max(1e-6);
            let cap = 10.0 * w[0];
            for x in &mut w[1..] {
                *x = x.min(cap);
            }
        }
        let top = w.iter().copied().fold(0.0, f64::max);
        *band.weights_mut(phase) = w.iter().map(|x| (x / top * 1e5).round() / 1e5).collect();
        let weights = band.weights_mut(phase);
        weights[0] = weights[0].max(1e-5);
    }

    /// A table from scored moves, each `(band index, empties before the move, loss in
    /// discs)`, for bands centred on `ratings`, with the classes of [`PEOPLE_CLASSES`]. A
    /// band or phase without moves gets every share 0 but the first (it plays its best).
    pub fn from_moves(
        source: String,
        ratings: &[u32],
        moves: impl IntoIterator<Item = (usize, u32, i32)>,
    ) -> PeopleErrors {
        let classes = PEOPLE_CLASSES.to_vec();
        let mut counts = vec![[[0u64; PEOPLE_CLASSES.len()]; 3]; ratings.len()];
        let mut sums = vec![[0i64; 3]; ratings.len()];
        for (band, empties, loss) in moves {
            let loss = loss.max(0);
            let class = class_in(&classes, loss);
            let phase = phase_of(empties);
            counts[band][phase][class] += 1;
            sums[band][phase] += i64::from(loss);
        }
        let bands = ratings
            .iter()
            .enumerate()
            .map(|(b, &rating)| {
                let n = |p: usize| counts[b][p].iter().sum::<u64>();
                let shares = |p: usize| -> Vec<f64> {
                    let total = n(p);
                    if total == 0 {
                        let mut s = vec![0.0; classes.len()];
                        s[0] = 1.0;
                        return s;
                    }
                    counts[b][p]
                        .iter()
                        .map(|&c| (c as f64 / total as f64 * 1e5).round() / 1e5)
                        .collect()
                };
                let mean =
                    |p: usize| (sums[b][p] as f64 / n(p).max(1) as f64 * 1000.0).round() / 1000.0;
                let weights = |p: usize| {
                    let mut w = shares(p);
                    w[0] = w[0].max(1e-5);
                    w
                };
                PeopleBand {
                    rating,
                    moves: (n(0), n(1), n(2)),
                    mean_loss: (mean(0), mean(1), mean(2)),
                    opening: shares(0),
                    middle: shares(1),
                    endgame: shares(2),
                    opening_weights: weights(0),
                    middle_weights: weights(1),
                    endgame_weights: weights(2),
                }
            })
            .collect();
        PeopleErrors {
            source,
            classes,
            bands,
        }
    }

    /// The table as RON, as `config/people.ron` holds it.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .separate_tuple_members(false)
            .compact_arrays(true);
        ron::ser::to_string_pretty(self, config).expect("a table serializes")
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn the_table_counts_each_loss_in_its_class_and_phase() {
        // Band 0: three opening moves (losses 0, 0, 6), one endgame move (25).
        // Band 1: one middle-game move (loss 1), one negative loss read as 0.
        let moves = [
            (0, 60, 0),
            (0, 45, 0),
            (0, 41, 6),
            (0, 20, 25),
            (1, 40, 1),
            (1, 21, -2),
        ];
        let t = PeopleErrors::from_moves("test".into(), &[1400, 1800], moves);
        assert_eq!(t.classes, PEOPLE_CLASSES.to_vec());
        let b = &t.bands[0];
        assert_eq!(b.moves, (3, 0, 1));
        assert_eq!(b.mean_loss, (2.0, 0.0, 25.0));
        assert_eq!(
            b.opening,
            vec![0.66667, 0.0, 0.0, 0.0, 0.33333, 0.0, 0.0, 0.0, 0.0, 0.0],
            "6 is in the class from 5 to 7"
        );
        assert_eq!(b.middle[0], 1.0, "no moves: plays its best");
        assert_eq!(b.endgame[8], 1.0, "25 is in the class from 20");
        let b = &t.bands[1];
        assert_eq!(b.moves, (0, 2, 0));
        assert_eq!(b.middle[..3], [0.5, 0.5, 0.0]);
        let again = PeopleErrors::parse("t.ron", &t.to_ron()).unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn a_move_is_chosen_with_its_class_weight() {
        let t = PeopleErrors::from_moves(
            "test".into(),
            &[1400],
            // In the middle game: half the moves best, half lose 7 to 9 discs.
            [(0, 30, 0), (0, 30, 8)],
        );
        // One band: every rating chooses by its weights.
        let band = 1500;
        // Best +4; c3 loses 1, d3 loses 8, e3 loses 30.
        let scores = [
            (sq("c3"), 3),
            (sq("d3"), -4),
            (sq("e3"), -26),
            (sq("f4"), 4),
        ];
        let mut rng = StdRng::seed_from_u64(5);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..2000 {
            let m = t.choose(band, &scores, 30, &mut rng).unwrap();
            *counts.entry(m.to_string()).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 2, "{counts:?}");
        assert!((900..1100).contains(&counts["f4"]), "{counts:?}");
        assert!((900..1100).contains(&counts["d3"]), "{counts:?}");
        // Without a move in the class of 7 to 9, only the best has a weight.
        let scores = [(sq("c3"), 3), (sq("e3"), -26), (sq("f4"), 4)];
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            seen.insert(t.choose(band, &scores, 30, &mut rng).unwrap().to_string());
        }
        assert_eq!(seen, ["f4"].map(String::from).into());
        assert_eq!(t.choose(band, &[], 30, &mut rng), None);
    }

    #[test]
    fn the_fit_gives_the_people_shares_where_the_positions_allow() {
        // People: 3 in 4 moves best, 1 in 4 a loss of 2. Half the positions offer only the
        // best move: the other half must lose 2 half the time, so both weights are alike.
        let mut t = PeopleErrors::from_moves(
            "test".into(),
            &[1400],
            [(0, 30, 0), (0, 30, 0), (0, 30, 0), (0, 30, 2)],
        );
        assert_eq!(t.bands[0].middle_weights[..3], [0.75, 0.0, 0.25]);
        let positions = vec![vec![0, 2], vec![0]];
        let mut band = t.bands[0].clone();
        t.fit_weights(&mut band, 1, &positions);
        assert_eq!(band.middle_weights[..3], [1.0, 0.0, 1.0]);
        // A class that no position offers keeps its share; the other phases are untouched.
        let positions = vec![vec![0, 1], vec![0]];
        let mut other = t.bands[0].clone();
        t.fit_weights(&mut other, 1, &positions);
        assert_eq!(other.middle_weights[..3], [1.0, 0.0, 0.33333]);
        assert_eq!(other.opening_weights, t.bands[0].opening_weights);
        t.bands[0] = band;
        assert_eq!(PeopleErrors::parse("t", &t.to_ron()).unwrap(), t);
    }

    #[test]
    fn a_rating_between_two_bands_chooses_by_weights_between_theirs() {
        // Middle game. Band 1400: a loss of 1 as often as the best (weights 1, 1). Band 1800:
        // the best three times as often (weights 1, 1/3).
        let mut moves = vec![(0, 30, 0), (0, 30, 1)];
        moves.extend([(1, 30, 0), (1, 30, 0), (1, 30, 0), (1, 30, 1)]);
        let t = PeopleErrors::from_moves("test".into(), &[1400, 1800], moves);
        let two = |r: u32| {
            let w = t.weights_at(r, 30);
            ((w[0] * 1e6).round() / 1e6, (w[1] * 1e6).round() / 1e6)
        };
        assert_eq!(two(1400), (1.0, 1.0));
        assert_eq!(two(1800), (1.0, 0.333333));
        assert_eq!(two(1600), (1.0, 0.666667));
        assert_eq!(two(1700), (1.0, 0.5));
        // Beyond the end bands: theirs.
        assert_eq!(two(900), (1.0, 1.0));
        assert_eq!(two(2600), (1.0, 0.333333));
        // The opening has no moves: the best only, at every rating.
        assert_eq!(t.weights_at(1600, 50)[..2], [1.0, 0.0]);
    }

    #[test]
    fn a_mean_loss_reads_as_an_elo_between_the_bands_that_enclose_it() {
        // Band 1400: losses 4 (30 moves) and 2 (10 moves): 3.5 overall. Band 1800: 1.
        let mut moves = vec![(0, 30, 4); 30];
        moves.extend(vec![(0, 50, 2); 10]);
        moves.extend(vec![(1, 30, 1); 10]);
        let t = PeopleErrors::from_moves("test".into(), &[1400, 1800], moves);
        assert_eq!(t.bands[0].overall_loss(), 3.5);
        assert_eq!(t.elo_for_loss(3.5), PeopleElo::About(1400.0));
        assert_eq!(t.elo_for_loss(1.0), PeopleElo::About(1800.0));
        // Halfway in the logarithm: the geometric mean of 3.5 and 1.
        let PeopleElo::About(mid) = t.elo_for_loss(3.5f64.sqrt()) else {
            panic!("between the bands")
        };
        assert!((mid - 1600.0).abs() < 1e-9, "{mid}");
        assert_eq!(t.elo_for_loss(5.0), PeopleElo::Below(1400));
        assert_eq!(t.elo_for_loss(0.5), PeopleElo::Above(1800));
    }

    #[test]
    fn a_broken_table_is_refused_naming_what_is_wrong() {
        let t = PeopleErrors::from_moves("test".into(), &[1400, 1800], [(0, 30, 0)]);
        let text = t.to_ron();
        let err = |from: &str, to: &str| {
            let broken = text.replacen(from, to, 1);
            assert_ne!(broken, text, "{from}");
            PeopleErrors::parse("p.ron", &broken)
                .unwrap_err()
                .to_string()
        };
        assert!(err("classes: [0,", "classes: [1,").contains("must start at 0"));
        assert!(err("rating: 1800", "rating: 1400").contains("lowest rating first"));
        assert!(err("opening: [1.0,", "opening: [-1.0,").contains("band 1400 opening"));
        assert!(err("opening: [1.0,", "opening: [").contains("9 shares for 10 classes"));
        assert!(err("source:", "sauce:").contains("p.ron"));
        assert!(PeopleErrors::parse("config/people.ron", SHIPPED_PEOPLE_RON).is_ok());
    }
}

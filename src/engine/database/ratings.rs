//! Players' ratings from their games' results (issue 75): a Bradley-Terry model on the Elo
//! scale, `P(Black scores) = 1 / (1 + 10^(-(r_black + a - r_white) / 400))` with `a` the
//! first move's advantage, a draw counted as half a win and half a loss, each rating drawn
//! from a normal prior about 0 (so that a player of few games stays near the mean, as
//! BayesElo's virtual draws keep one). Fitted by damped Newton steps on every coordinate at
//! once, from the whole gradient (a sweep over the games each); each rating's error is the
//! posterior's standard deviation, `1 / sqrt(information)`.

/// One game: the players' numbers and Black's score (1 a win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedGame {
    /// Black's number.
    pub black: usize,
    /// White's number.
    pub white: usize,
    /// Black's score.
    pub score: f64,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingFit {
    /// Each player's rating, Elo about the prior's mean 0.
    pub ratings: Vec<f64>,
    /// Each rating's standard error, in Elo.
    pub errors: Vec<f64>,
    /// Each player's games.
    pub games: Vec<usize>,
    /// The first move's advantage, in Elo (Black's).
    pub black_advantage: f64,
    /// The sweeps the fit took.
    pub sweeps: usize,
}

/// Natural log of 10, over 400: the logistic's slope per Elo.
const K: f64 = std::f64::consts::LN_10 / 400.0;
/// The most sweeps a fit takes.
const MAX_SWEEPS: usize = 5000;
/// The share of each coordinate's Newton step taken in a sweep.
const DAMPING: f64 = 0.5;
/// A fit stops once no rating moves by more than this many Elo in a sweep.
const TOLERANCE: f64 = 1e-3;

/// Black's expected score at rating difference `diff` (Black's rating, with the advantage,
/// minus White's).
pub fn expected_score(diff: f64) -> f64 {
    1.0 / (1.0 + (-K * diff).exp())
}

/// Fits `players` ratings to `games` with a normal prior of standard deviation `prior_sd`
/// Elo about 0.
pub fn fit_ratings(players: usize, games: &[RatedGame], prior_sd: f64) -> RatingFit {
    let mut ratings = vec![0.0; players];
    let mut advantage = 0.0;
    let precision = 1.0 / (prior_sd * prior_sd);
    let mut counts = vec![0usize; players];
    for g in games {
        counts[g.black] += 1;
        counts[g.white] += 1;
    }
    let mut information = vec![precision; players];
    let mut sweeps = 0;
    while sweeps < MAX_SWEEPS {
        sweeps += 1;
        // The log-likelihood's gradient and its (negated) second derivative, per rating.
        let mut gradient: Vec<f64> = ratings.iter().map(|r| -r * precision).collect();
        information.iter_mut().for_each(|h| *h = precision);
        let (mut grad_a, mut info_a) = (0.0, 0.0);
        for g in games {
            let p = expected_score(ratings[g.black] + advantage - ratings[g.white]);
            let d = K * (g.score - p);
            let w = K * K * p * (1.0 - p);
            gradient[g.black] += d;
            gradient[g.white] -= d;
            information[g.black] += w;
            information[g.white] += w;
            grad_a += d;
            info_a += w;
        }
        // Half a Newton step on every coordinate at once: the opponents' steps count too,
        // and a full step on each would overshoot (two players alone would swing by twice
        // the gap).
        let mut moved: f64 = 0.0;
        for i in 0..players {
            let step = DAMPING * gradient[i] / information[i];
            ratings[i] += step;
            moved = moved.max(step.abs());
        }
        if info_a > 0.0 {
            let step = DAMPING * grad_a / info_a;
            advantage += step;
            moved = moved.max(step.abs());
        }
        if moved < TOLERANCE {
            break;
        }
    }
    RatingFit {
        errors: information.iter().map(|h| 1.0 / h.sqrt()).collect(),
        ratings,
        games: counts,
        black_advantage: advantage,
        sweeps,
    }
}

impl RatingFit {
    /// Black's expected score in `game` by this fit.
    pub fn predict(&self, game: &RatedGame) -> f64 {
        expected_score(self.ratings[game.black] + self.black_advantage - self.ratings[game.white])
    }
}

/// The mean log-loss (natural log) of predicting each game's score with `predict`: lower is
/// better; a draw costs `-ln p/2 - ln(1-p)/2`.
pub fn log_loss(games: &[RatedGame], predict: impl Fn(&RatedGame) -> f64) -> f64 {
    let total: f64 = games
        .iter()
        .map(|g| {
            let p = predict(g).clamp(1e-9, 1.0 - 1e-9);
            -(g.score * p.ln() + (1.0 - g.score) * (1.0 - p).ln())
        })
        .sum();
    total / games.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` games of `a` against `b`, `a` Black in half of them, `a` scoring `wins` of each
    /// half.
    fn series(a: usize, b: usize, per_colour: usize, wins: usize) -> Vec<RatedGame> {
        let mut games = Vec::new();
        for i in 0..per_colour {
            let a_scores = if i < wins { 1.0 } else { 0.0 };
            games.push(RatedGame {
                black: a,
                white: b,
                score: a_scores,
            });
            games.push(RatedGame {
                black: b,
                white: a,
                score: 1.0 - a_scores,
            });
        }
        games
    }

    #[test]
    fn a_three_to_one_score_is_191_elo_and_the_colours_even() {
        // Without a prior worth the name, 75% is 400 log10(3) = 190.85 Elo.
        let fit = fit_ratings(2, &series(0, 1, 20, 15), 1e6);
        let diff = fit.ratings[0] - fit.ratings[1];
        assert!((diff - 190.85).abs() < 0.01, "{diff}");
        assert!(fit.black_advantage.abs() < 0.01, "{}", fit.black_advantage);
        assert_eq!(fit.games, [40, 40]);
        assert!(fit.sweeps < MAX_SWEEPS);
    }

    #[test]
    fn the_prior_keeps_a_player_of_one_game_near_the_mean_and_says_how_unsure() {
        let mut games = series(0, 1, 50, 25);
        games.push(RatedGame {
            black: 2,
            white: 0,
            score: 1.0,
        });
        let fit = fit_ratings(3, &games, 200.0);
        // One win over an average player: above the mean, far below what a perfect score
        // would be without the prior, and much less sure than the players of 100 games.
        assert!(
            fit.ratings[2] > 20.0 && fit.ratings[2] < 100.0,
            "{}",
            fit.ratings[2]
        );
        assert!(fit.errors[2] > 150.0, "{}", fit.errors[2]);
        assert!(fit.errors[0] < 50.0, "{}", fit.errors[0]);
    }

    #[test]
    fn black_s_advantage_is_fitted_and_the_fit_predicts_better_than_a_constant() {
        // Black scores 3 of 4 between equals: the advantage is 191 Elo.
        let mut games = Vec::new();
        for i in 0..40 {
            let (black, white) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
            games.push(RatedGame {
                black,
                white,
                // Each player as Black scores 3 of every 4.
                score: if (i / 2) % 4 < 3 { 1.0 } else { 0.0 },
            });
        }
        let fit = fit_ratings(2, &games, 1e6);
        assert!(
            (fit.black_advantage - 190.85).abs() < 0.5,
            "{}",
            fit.black_advantage
        );
        let strong = series(0, 1, 30, 24);
        let fit = fit_ratings(2, &strong, 400.0);
        let model = log_loss(&strong, |g| fit.predict(g));
        let constant = log_loss(&strong, |_| 0.5);
        assert!(model < constant - 0.1, "{model} against {constant}");
        assert!((constant - std::f64::consts::LN_2).abs() < 1e-12);
    }
}

//! The Adaptive level: a strength on the ladder's rating scale that moves after each game
//! to keep the player near an even score.
//!
//! Each move is played by one of the two ladder levels around the rating (their ratings from
//! `config/rating.ron`, [`RatingModel`]): the stronger with the probability of how far the
//! rating lies from the weaker toward it. So its mistakes are the levels' own (their
//! searches' depths and temperatures, which err more in the middle game than in the book
//! or the solved endgame), in between their sizes. After each game the rating moves by
//! [`ADAPTIVE_STEP`] times the player's score less one half: up when the player wins, down
//! when the player loses ([`adaptive_after_game`]).

use rand::Rng;

use super::Level;
use crate::engine::coach::RatingModel;

/// The name the settings give the Adaptive level.
pub const ADAPTIVE: &str = "Adaptive";

/// The rating a new player's Adaptive level starts at (between Novice and Casual).
pub const ADAPTIVE_START: f64 = 1000.0;

/// How far one game moves the rating: a win moves it up by half this, a loss down by half.
pub const ADAPTIVE_STEP: f64 = 120.0;

/// The level that plays the next move at `rating`: one of the two ladder levels around it
/// (those of `levels` the model rates), the stronger with probability `(rating - lower) /
/// (upper - lower)`; the end levels beyond the ends.
///
/// # Panics
/// When none of `levels` is in the model (the shipped ones all are).
pub fn adaptive_level<'a, R: Rng + ?Sized>(
    levels: &'a [Level],
    model: &RatingModel,
    rating: f64,
    rng: &mut R,
) -> &'a Level {
    let rated: Vec<(&Level, f64)> = model
        .levels
        .iter()
        .filter_map(|p| {
            levels
                .iter()
                .find(|l| l.name == p.name)
                .map(|l| (l, p.rating))
        })
        .collect();
    let (first, last) = (
        rated.first().expect("a rated level"),
        rated[rated.len() - 1],
    );
    if rating <= first.1 {
        return first.0;
    }
    if rating >= last.1 {
        return last.0;
    }
    let upper = rated
        .iter()
        .position(|&(_, r)| r > rating)
        .expect("below the top");
    let ((weak, lo), (strong, hi)) = (rated[upper - 1], rated[upper]);
    if rng.random::<f64>() < (rating - lo) / (hi - lo) {
        strong
    } else {
        weak
    }
}

/// The rating after a game the player scored `player_discs` in (their discs less the
/// engine's): up [`ADAPTIVE_STEP`] / 2 for a win, down as much for a loss, the same for a
/// draw; kept within the model's ladder.
pub fn adaptive_after_game(model: &RatingModel, rating: f64, player_discs: i32) -> f64 {
    let score = match player_discs.signum() {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    };
    let low = model.levels[0].rating;
    let high = model.levels[model.levels.len() - 1].rating;
    (rating + ADAPTIVE_STEP * (score - 0.5)).clamp(low, high)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;
    use crate::engine::levels::default_levels;

    #[test]
    fn the_adaptive_level_mixes_the_two_levels_around_its_rating() {
        let levels = default_levels();
        let model = RatingModel::shipped().clone();
        let rating_of = |name: &str| model.levels.iter().find(|l| l.name == name).unwrap().rating;
        let (casual, club) = (rating_of("Casual"), rating_of("Club"));
        let mut rng = StdRng::seed_from_u64(5);
        // A quarter of the way from Casual to Club: Club a quarter of the time.
        let rating = casual + (club - casual) / 4.0;
        let mut counts = std::collections::HashMap::new();
        for _ in 0..4000 {
            let level = adaptive_level(&levels, &model, rating, &mut rng);
            *counts.entry(level.name.clone()).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 2, "{counts:?}");
        let club_share = f64::from(counts["Club"]) / 4000.0;
        assert!((club_share - 0.25).abs() < 0.03, "{club_share}");
        // At a level's own rating, that level; beyond the ends, the end levels.
        assert_eq!(adaptive_level(&levels, &model, club, &mut rng).name, "Club");
        assert_eq!(
            adaptive_level(&levels, &model, 0.0, &mut rng).name,
            "Beginner"
        );
        assert_eq!(
            adaptive_level(&levels, &model, 9999.0, &mut rng).name,
            "Grandmaster"
        );
    }

    #[test]
    fn a_win_raises_the_rating_and_a_loss_lowers_it_within_the_ladder() {
        let model = RatingModel::shipped().clone();
        assert_eq!(adaptive_after_game(&model, 1000.0, 8), 1060.0);
        assert_eq!(adaptive_after_game(&model, 1000.0, -2), 940.0);
        assert_eq!(adaptive_after_game(&model, 1000.0, 0), 1000.0);
        assert_eq!(adaptive_after_game(&model, 420.0, -30), 400.0);
        // The top of the curve: Grandmaster (Strongest is not on it).
        assert_eq!(adaptive_after_game(&model, 2780.0, 30), 2783.0);
    }
}

//! The Adaptive level: a strength on the ladder's rating scale that moves after each game
//! to keep the player near an even score.
//!
//! Between the ratings of the levels that play like the WTHOR database's players
//! ([`RatingModel::people`]: Tournament 1400 to 2000, about 1232 to 1863 on the ladder) it is
//! one of them: it reads the board as they do and chooses as people of the Elo read off
//! those points ([`Level::plays_like`]). Elsewhere it errs by the game's phase as the
//! ladder's levels there do: its mistakes'
//! mean size in the opening, the middle game and the endgame is read off the levels'
//! measured losses by phase (`config/rating.ron`, [`RatingModel::loss_at`]). It reads the
//! board as the first level at or above the rating that always plays its best move (one of
//! Advanced, Expert, Master, Grandmaster), scores every move, and gives away on average
//! what that reading does not already lose ([`Level::phase_loss`], asked for as much more
//! as its games fall short: `adaptive_reach`); it takes the book as
//! the level below the rating does. After each game the rating moves by
//! [`ADAPTIVE_STEP`] times the player's score less one half: up when the player wins, down
//! when the player loses ([`adaptive_after_game`]).

use super::rating::{LevelPoint, RatingModel};
use super::{Level, LevelKind};

/// The name the settings give the Adaptive level.
pub const ADAPTIVE: &str = "Adaptive";

/// The rating a new player's Adaptive level starts at (between Novice and Casual).
pub const ADAPTIVE_START: f64 = 1000.0;

/// How far one game moves the rating: a win moves it up by half this, a loss down by half.
pub const ADAPTIVE_STEP: f64 = 120.0;

/// The level the Adaptive level plays as at `rating`. Where [`RatingModel::people_elo_at`]
/// gives an Elo and `levels` has a level that plays like people (an alpha-beta one with
/// [`Level::plays_like`]), that level playing like people of that Elo. Elsewhere: the search of the first of `levels`
/// at or above the rating that plays its best move (temperature 0; the strongest rated
/// level beyond it), the book of the last at or below it, and a [`Level::phase_loss`] of
/// the rating's loss by phase less the reading level's own ([`RatingModel::loss_at`]),
/// never below 0, divided by the model's `adaptive_reach`. Only the levels the model rates
/// count.
///
/// # Panics
/// When none of `levels` is in the model (the shipped ones all are).
pub fn adaptive_level(levels: &[Level], model: &RatingModel, rating: f64) -> Level {
    let like_people = levels
        .iter()
        .find(|l| l.plays_like.is_some() && l.kind == LevelKind::AlphaBeta);
    if let (Some(elo), Some(like)) = (model.people_elo_at(rating), like_people) {
        return Level {
            name: ADAPTIVE.to_string(),
            description: format!(
                "Plays at about {rating:.0}: reads as {} does and errs as the WTHOR database's \
                 players of about {elo} Elo did.",
                like.name
            ),
            plays_like: Some(elo),
            ..like.clone()
        };
    }
    let (reader, read, booked) = adaptive_parts(levels, model, rating);
    let aim = model.loss_at(rating);
    let reach = model.adaptive_reach;
    let over =
        |aim: f64, own: f64, reach: f64| ((aim - own).max(0.0) / reach * 1000.0).round() / 1000.0;
    Level {
        name: ADAPTIVE.to_string(),
        description: format!(
            "Plays at about {rating:.0}: reads as {} does and errs as a player of that rating.",
            reader.name
        ),
        book: booked.book,
        temperature: 0.0,
        phase_loss: Some((
            over(aim.0, read.by_phase.0, reach.0),
            over(aim.1, read.by_phase.1, reach.1),
            over(aim.2, read.by_phase.2, reach.2),
        )),
        ..reader.clone()
    }
}

/// The levels the Adaptive level at `rating` is made of: the one it reads as (with its point
/// on the model's curve: its own losses) and the one whose book it takes
/// ([`adaptive_level`]).
///
/// # Panics
/// When none of `levels` is in the model.
pub fn adaptive_parts<'a>(
    levels: &'a [Level],
    model: &'a RatingModel,
    rating: f64,
) -> (&'a Level, &'a LevelPoint, &'a Level) {
    let rated: Vec<(&Level, &LevelPoint)> = model
        .levels
        .iter()
        .filter_map(|p| levels.iter().find(|l| l.name == p.name).map(|l| (l, p)))
        .filter(|(l, _)| l.kind == LevelKind::AlphaBeta)
        .collect();
    let last = *rated.last().expect("a rated level");
    let (reader, read) = rated
        .iter()
        .find(|(l, p)| p.rating >= rating && l.temperature == 0.0 && l.phase_loss.is_none())
        .copied()
        .unwrap_or(last);
    let (booked, _) = rated
        .iter()
        .rev()
        .find(|(_, p)| p.rating <= rating)
        .copied()
        .unwrap_or(rated[0]);
    (reader, read, booked)
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
    use super::*;
    use crate::engine::player::levels::default_levels;

    #[test]
    fn the_adaptive_level_reads_as_the_next_best_playing_level_and_errs_by_phase() {
        let levels = default_levels();
        // Without the people's points: the ladder's levels all the way.
        let model = &RatingModel {
            people: Vec::new(),
            ..RatingModel::shipped().clone()
        };
        let point = |name: &str| model.levels.iter().find(|l| l.name == name).unwrap();
        let level = |name: &str| levels.iter().find(|l| l.name == name).unwrap();
        // A quarter of the way from Casual to Club: Advanced's search, Casual's book, and the
        // loss by phase a quarter of the way (in the logarithm) less Advanced's own.
        let (casual, club, advanced) = (point("Casual"), point("Club"), point("Advanced"));
        let rating = casual.rating + (club.rating - casual.rating) / 4.0;
        let adaptive = adaptive_level(&levels, model, rating);
        assert_eq!(adaptive.name, ADAPTIVE);
        assert_eq!(adaptive.depth, level("Advanced").depth);
        assert_eq!(adaptive.exact_empties, level("Advanced").exact_empties);
        assert_eq!(adaptive.book, level("Casual").book);
        assert_eq!(adaptive.temperature, 0.0);
        let at = |a: f64, b: f64| (a.ln() + (b.ln() - a.ln()) / 4.0).exp();
        let reach = model.adaptive_reach;
        let expected = (
            (at(casual.by_phase.0, club.by_phase.0) - advanced.by_phase.0) / reach.0,
            (at(casual.by_phase.1, club.by_phase.1) - advanced.by_phase.1) / reach.1,
            (at(casual.by_phase.2, club.by_phase.2) - advanced.by_phase.2) / reach.2,
        );
        let got = adaptive.phase_loss.unwrap();
        for (g, e) in [
            (got.0, expected.0),
            (got.1, expected.1),
            (got.2, expected.2),
        ] {
            assert!((g - e).abs() < 1e-3, "{got:?} against {expected:?}");
        }
        assert!(adaptive.errs());
        assert_eq!(adaptive.check(), Ok(()));
        // At Expert's own rating it plays as Expert: nothing to give away on top.
        let expert = adaptive_level(&levels, model, point("Expert").rating);
        assert_eq!(expert.depth, level("Expert").depth);
        assert_eq!(expert.phase_loss, Some((0.0, 0.0, 0.0)));
        assert!(!expert.errs());
        // Between Expert and Master: Master's reading, a little given away.
        let between = (point("Expert").rating + point("Master").rating) / 2.0;
        let above = adaptive_level(&levels, model, between);
        assert_eq!(above.depth, level("Master").depth);
        assert!(above.phase_loss.unwrap().1 > 0.0);
        // Beyond the ends: Beginner's losses read by Advanced, Grandmaster as itself.
        let low = adaptive_level(&levels, model, 0.0);
        let b = point("Beginner").by_phase;
        let a = advanced.by_phase;
        let l = low.phase_loss.unwrap();
        assert!((l.0 - (b.0 - a.0) / reach.0).abs() < 1e-3);
        assert!((l.2 - (b.2 - a.2) / reach.2).abs() < 1e-3);
        assert_eq!(low.book, level("Beginner").book);
        let high = adaptive_level(&levels, model, 9999.0);
        assert_eq!(high.depth, level("Grandmaster").depth);
        assert!(!high.errs());
    }

    #[test]
    fn between_the_tournament_levels_the_adaptive_level_plays_like_people() {
        let levels = default_levels();
        let model = RatingModel::shipped();
        let tournament = levels.iter().find(|l| l.plays_like.is_some()).unwrap();
        let people = |rating: f64| adaptive_level(&levels, model, rating);
        let points = &model.people;
        let (first, last) = (points[0], points[points.len() - 1]);
        // Halfway between Tournament 1400 and 1800 on the ladder: like people of 1600.
        let halfway = (points[0].rating + points[1].rating) / 2.0;
        let mid = people(halfway);
        assert_eq!(mid.name, ADAPTIVE);
        assert_eq!(mid.plays_like, Some(1600));
        assert_eq!(
            (mid.depth, mid.exact_empties, mid.book, mid.phase_loss),
            (
                tournament.depth,
                tournament.exact_empties,
                tournament.book,
                None
            )
        );
        assert!(mid.errs());
        assert_eq!(mid.check(), Ok(()));
        assert_eq!(people(first.rating).plays_like, Some(first.elo));
        assert_eq!(people(last.rating).plays_like, Some(last.elo));
        let three_quarters = (points[1].rating + 3.0 * points[2].rating) / 4.0;
        assert_eq!(people(three_quarters).plays_like, Some(1950));
        // Outside: the ladder's way, by phase.
        for rating in [first.rating - 1.0, last.rating + 1.0] {
            let ladder = people(rating);
            assert_eq!(ladder.plays_like, None);
            assert!(ladder.phase_loss.is_some());
        }
        // Levels without one that plays like people: the ladder's way.
        let plain: Vec<Level> = levels
            .iter()
            .filter(|l| l.plays_like.is_none())
            .cloned()
            .collect();
        assert_eq!(adaptive_level(&plain, model, halfway).plays_like, None);
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

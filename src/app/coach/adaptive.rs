//! The Adaptive level after each game (issue 55): a game played to its end against it moves
//! its rating (`adaptive_after_game`: up when the player won, down when the player lost),
//! kept in the settings, and a toast says where it went.

use bevy::prelude::*;

use crate::engine::{ADAPTIVE, Ply, Position, RatingModel, Side, adaptive_after_game};
use crate::t;

use crate::app::files::settings::{Mode, Settings};
use crate::app::i18n::Tr;
use crate::app::notices::Toasts;
use crate::app::play::game::Match;

/// The record of the game being played against the Adaptive level, last seen unfinished.
#[derive(Default)]
struct Playing(Option<(Position, Vec<Ply>)>);

/// Moves the Adaptive level's rating once a game against it ends: a game seen unfinished
/// and then over by the moves played on from there (not a finished game loaded or pasted,
/// not one lost on time).
fn follow_adaptive_games(
    m: Res<Match>,
    mut settings: ResMut<Settings>,
    mut toasts: ResMut<Toasts>,
    tr: Res<Tr>,
    mut playing: Local<Playing>,
) {
    if settings.level != ADAPTIVE || settings.mode != Mode::HumanVsEngine {
        playing.0 = None;
        return;
    }
    if !m.is_changed() || m.game.cursor() < m.game.len() {
        return;
    }
    let game = &m.game;
    if !game.is_over() {
        playing.0 = Some((game.start(), game.recorded_plies().to_vec()));
        return;
    }
    let Some((start, plies)) = playing.0.take() else {
        return;
    };
    if start != game.start() || !game.recorded_plies().starts_with(&plies) || m.flagged().is_some()
    {
        return;
    }
    let black = game.position().final_score_black();
    let player = if settings.human_color == Side::Black {
        black
    } else {
        -black
    };
    let before = settings.adaptive_rating;
    let after = adaptive_after_game(RatingModel::shipped(), before, player);
    settings.adaptive_rating = after;
    toasts.push(t!(
        tr,
        "adaptive-moved",
        before = format!("{:.0}", before),
        after = format!("{:.0}", after)
    ));
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Toasts>()
        .init_resource::<Tr>()
        .init_resource::<Settings>()
        .add_systems(
            Update,
            follow_adaptive_games.after(crate::app::schedule::GameSystems::Logic),
        );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    #[test]
    fn a_game_played_out_against_the_adaptive_level_moves_its_rating() {
        // Black (the player) loses 7-57.
        let moves = "d3c5b6f3d6c3g2e3b3f2f4g4f5e2e1d1f1g1d2b4a3c4h3g5h5h4c1b1b2c2g3h6g6c6b7f7g7e7h7a4e8c7f8a8a2a1b8c8d8f6e6h1b5a7h2a5a6h8g8d7";
        let whole = Game::from_transcript(moves).unwrap();
        let unfinished = Game::from_transcript(&moves[..moves.len() - 2]).unwrap();
        assert!(!unfinished.is_over());
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Match::new(unfinished))
            .insert_resource(Settings {
                level: ADAPTIVE.into(),
                adaptive_rating: 1354.0,
                ..Settings::default()
            })
            .add_plugins(plugin);
        app.update();
        assert_eq!(app.world().resource::<Settings>().adaptive_rating, 1354.0);
        // The last move is played: the player lost, the level comes down.
        app.world_mut().resource_mut::<Match>().game = whole.clone();
        app.update();
        assert_eq!(app.world().resource::<Settings>().adaptive_rating, 1294.0);
        assert_eq!(
            app.world().resource::<Toasts>().texts(),
            ["The Adaptive level now plays at about 1294 (it was 1354)."]
        );
        // The same finished game again (loaded, say) counts nothing.
        app.world_mut().resource_mut::<Match>().game = whole;
        app.update();
        assert_eq!(app.world().resource::<Settings>().adaptive_rating, 1294.0);
    }
}

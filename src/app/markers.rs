//! Marks on the board: legal-move hints for a human to move (toggled with H), the marker
//! on the last move, and the highlight of a playable square under the pointer.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use crate::engine::{Color as Side, Ply, Square};

use super::GameSystems;
use super::board::depth;
use super::discs::Animation;
use super::game::Match;
use super::layout::BoardLayout;
use super::settings::Settings;
use super::theme::{Paint, Palette, Shapes};

/// The hint dot on one square.
#[derive(Component)]
struct Hint(Square);

/// The marker on the last move.
#[derive(Component)]
struct LastMoveMarker;

/// The highlight under the pointer.
#[derive(Component)]
struct HoverHighlight;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_markers).add_systems(
        Update,
        (show_hints, show_last_move, show_hover).in_set(GameSystems::Visuals),
    );
}

fn spawn_markers(mut commands: Commands, palette: Res<Palette>, shapes: Res<Shapes>) {
    for sq in Square::all() {
        commands.spawn((
            Hint(sq),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(palette.get(Paint::HintBlack)),
            Transform::default(),
            Visibility::Hidden,
        ));
    }
    commands.spawn((
        LastMoveMarker,
        Mesh2d(shapes.circle.clone()),
        MeshMaterial2d(palette.get(Paint::LastMove)),
        Transform::default(),
        Visibility::Hidden,
    ));
    commands.spawn((
        HoverHighlight,
        Mesh2d(shapes.square.clone()),
        MeshMaterial2d(palette.get(Paint::Hover)),
        Transform::default(),
        Visibility::Hidden,
    ));
}

/// Shows a dot on each legal square when hints are on and a human is to move.
fn show_hints(
    m: Res<Match>,
    settings: Res<Settings>,
    animation: Res<Animation>,
    layout: Res<BoardLayout>,
    palette: Res<Palette>,
    mut hints: Query<(
        &Hint,
        &mut Transform,
        &mut Visibility,
        &mut MeshMaterial2d<ColorMaterial>,
    )>,
) {
    if !(m.is_changed() || settings.is_changed() || animation.is_changed() || layout.is_changed()) {
        return;
    }
    let position = m.position();
    let side = position.side_to_move;
    let show = settings.hints
        && !animation.busy()
        && !m.game.is_over()
        && !Match::engine_plays(&settings, side);
    let moves = if show { position.board.moves() } else { 0 };
    let paint = palette.get(match side {
        Side::Black => Paint::HintBlack,
        Side::White => Paint::HintWhite,
    });
    for (hint, mut transform, mut visibility, mut material) in &mut hints {
        let on = moves & hint.0.bit() != 0;
        visibility.set_if_neq(if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if on {
            *transform = Transform::from_translation(layout.center(hint.0).extend(depth::HINT))
                .with_scale(Vec3::new(layout.square * 0.26, layout.square * 0.26, 1.0));
            if material.0 != paint {
                material.0 = paint.clone();
            }
        }
    }
}

/// Puts a small mark on the disc played last.
fn show_last_move(
    m: Res<Match>,
    layout: Res<BoardLayout>,
    animation: Res<Animation>,
    mut marker: Single<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    if !(m.is_changed() || layout.is_changed() || animation.is_changed()) {
        return;
    }
    let last = m.game.plies().iter().rev().find_map(|p| match p {
        Ply::Move(sq) => Some(*sq),
        Ply::Pass => None,
    });
    let (transform, visibility) = &mut *marker;
    match last {
        Some(sq) => {
            **transform = Transform::from_translation(layout.center(sq).extend(depth::MARKER))
                .with_scale(Vec3::new(layout.square * 0.16, layout.square * 0.16, 1.0));
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Highlights the square under the pointer when a human may play there.
fn show_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    egui: Res<EguiWantsInput>,
    m: Res<Match>,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    mut highlight: Single<(&mut Transform, &mut Visibility), With<HoverHighlight>>,
) {
    let position = m.position();
    let square = window
        .cursor_position()
        .filter(|_| !egui.wants_pointer_input())
        .map(|p| Vec2::new(p.x - window.width() / 2.0, window.height() / 2.0 - p.y))
        .and_then(|world| layout.square_at(world))
        .filter(|sq| {
            position.board.moves() & sq.bit() != 0
                && !Match::engine_plays(&settings, position.side_to_move)
        });
    let (transform, visibility) = &mut *highlight;
    match square {
        Some(sq) => {
            let new = Transform::from_translation(layout.center(sq).extend(depth::HINT - 0.5))
                .with_scale(Vec3::new(layout.square, layout.square, 1.0));
            transform.set_if_neq(new);
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

//! The board itself: camera, frame, playing surface, grid, the four star points and the
//! coordinates a-h / 1-8.

use bevy::prelude::*;
use bevy::text::FontSize;

use super::layout::{AnchorSize, BoardAnchor, FRAME};
use super::theme::{Paint, Palette, Shapes, label_color};
use crate::app::files::settings::Settings;

/// Depths of the board's layers; discs and markers go above `GRID`.
pub(super) mod depth {
    /// The frame.
    pub const FRAME: f32 = 0.0;
    /// The playing surface.
    pub const FELT: f32 = 1.0;
    /// Grid lines and star points.
    pub const GRID: f32 = 2.0;
    /// Hints and the hover highlight.
    pub const HINT: f32 = 3.0;
    /// Discs (their parts add small offsets).
    pub const DISC: f32 = 10.0;
    /// The last-move marker.
    pub const MARKER: f32 = 20.0;
}

/// A coordinate label (a-h, 1-8); recoloured with the theme.
#[derive(Component)]
pub(super) struct CoordinateLabel;

pub(super) fn plugin(app: &mut App) {
    // The camera comes first so that bevy_egui finds it when it sets up its context.
    app.add_systems(
        PreStartup,
        spawn_camera.before(bevy_egui::EguiStartupSet::InitContexts),
    )
    .add_systems(Startup, spawn_board)
    .add_systems(
        Update,
        recolor_labels.in_set(crate::app::schedule::GameSystems::Visuals),
    );
}

/// Spawns the 2D camera (egui's UI draws through it too).
fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// Spawns the board's static parts.
fn spawn_board(
    mut commands: Commands,
    palette: Res<Palette>,
    shapes: Res<Shapes>,
    settings: Res<Settings>,
) {
    let mesh = |paint: Paint, circle: bool| {
        (
            Mesh2d(if circle {
                shapes.circle.clone()
            } else {
                shapes.square.clone()
            }),
            MeshMaterial2d(palette.get(paint)),
        )
    };
    let extent = 8.0 + 2.0 * FRAME;
    commands.spawn((
        Name::new("Frame"),
        mesh(Paint::Frame, false),
        BoardAnchor {
            at: Vec2::splat(4.0),
            z: depth::FRAME,
            size: AnchorSize::Squares(Vec2::splat(extent)),
        },
        Transform::default(),
    ));
    commands.spawn((
        Name::new("Felt"),
        mesh(Paint::Felt, false),
        BoardAnchor {
            at: Vec2::splat(4.0),
            z: depth::FELT,
            size: AnchorSize::Squares(Vec2::splat(8.0)),
        },
        Transform::default(),
    ));
    for i in 0..=8 {
        let at = i as f32;
        let px = if i == 0 || i == 8 { 3.0 } else { 1.5 };
        for horizontal in [true, false] {
            let centre = if horizontal {
                Vec2::new(4.0, at)
            } else {
                Vec2::new(at, 4.0)
            };
            commands.spawn((
                mesh(Paint::Grid, false),
                BoardAnchor {
                    at: centre,
                    z: depth::GRID,
                    size: AnchorSize::Line {
                        length: 8.0,
                        horizontal,
                        px,
                    },
                },
                Transform::default(),
            ));
        }
    }
    for (x, y) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
        commands.spawn((
            Name::new("Star point"),
            mesh(Paint::Grid, true),
            BoardAnchor {
                at: Vec2::new(x, y),
                z: depth::GRID + 0.1,
                size: AnchorSize::Squares(Vec2::splat(0.13)),
            },
            Transform::default(),
        ));
    }
    let color = TextColor(label_color(settings.theme));
    let label_at = -FRAME / 2.0;
    for i in 0..8u8 {
        let middle = f32::from(i) + 0.5;
        let letter = char::from(b'a' + i).to_string();
        let number = char::from(b'1' + i).to_string();
        for (text, at) in [
            (letter.clone(), Vec2::new(middle, label_at)),
            (letter, Vec2::new(middle, 8.0 - label_at)),
            (number.clone(), Vec2::new(label_at, middle)),
            (number, Vec2::new(8.0 - label_at, middle)),
        ] {
            commands.spawn((
                CoordinateLabel,
                Text2d::new(text),
                TextFont::from_font_size(FontSize::Px(14.0)),
                color,
                BoardAnchor {
                    at,
                    z: depth::GRID,
                    size: AnchorSize::Text(0.3),
                },
                Transform::default(),
            ));
        }
    }
}

/// Recolours the coordinates when the theme changes.
fn recolor_labels(
    settings: Res<Settings>,
    mut labels: Query<&mut TextColor, With<CoordinateLabel>>,
) {
    if !settings.is_changed() {
        return;
    }
    let color = label_color(settings.theme);
    for mut c in &mut labels {
        if c.0 != color {
            c.0 = color;
        }
    }
}

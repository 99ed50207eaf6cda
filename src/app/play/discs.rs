//! The discs: drawn with a shadow, a rim, a face and a highlight, and turned over in a
//! ripple outward from the disc just placed.
//!
//! Each square has one disc entity, hidden while the square is empty. A disc keeps the colour
//! it shows; a move starts animations from [`MovePlayed`], and whatever is not animating is
//! brought in line with the game's position every frame, so undo, load and new game need no
//! special care beyond ending the running animations ([`PositionJumped`]). The game waits
//! for the discs through [`DiscsMoving`], which this file keeps up to date; it never calls
//! the animation.

use bevy::prelude::*;

use crate::engine::{Side, Square};

use super::board::depth;
use super::game::Match;
use super::layout::BoardLayout;
use super::theme::{Paint, Palette, Shapes};
use crate::app::files::settings::Settings;
use crate::app::messages::{MovePlayed, PositionJumped};
use crate::app::schedule::GameSystems;
use crate::app::settled::DiscsMoving;

/// The disc on one square, the colour it shows (`None`: the square looks empty) and its
/// running animations.
#[derive(Component, Debug)]
pub(crate) struct Disc {
    /// Its square.
    pub square: Square,
    /// The colour shown now.
    pub shown: Option<Side>,
    /// The colour its parts are painted in.
    painted: Option<Side>,
    /// Turning over, if it is.
    flip: Option<Flip>,
    /// Being placed, if it is.
    drop: Option<Drop>,
}

/// The parts of a disc whose material depends on its colour.
#[derive(Component, Debug)]
struct DiscParts {
    rim: Entity,
    face: Entity,
    shine: Entity,
}

/// A disc turning over to `to`, from `start` (seconds of app time) for `duration` seconds.
#[derive(Debug, Clone, Copy)]
struct Flip {
    to: Side,
    start: f32,
    duration: f32,
}

/// A disc being placed: it drops in over `duration` seconds from `start`.
#[derive(Debug, Clone, Copy)]
struct Drop {
    start: f32,
    duration: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DiscsMoving>()
        .add_systems(Startup, spawn_discs)
        .add_systems(Update, animate_discs.in_set(GameSystems::Visuals));
}

/// Spawns one hidden disc per square.
fn spawn_discs(mut commands: Commands, palette: Res<Palette>, shapes: Res<Shapes>) {
    for sq in Square::all() {
        let mut part = |paint: Paint, diameter: f32, at: Vec2, z: f32| {
            commands
                .spawn((
                    Mesh2d(shapes.circle.clone()),
                    MeshMaterial2d(palette.get(paint)),
                    Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(diameter)),
                ))
                .id()
        };
        let shadow = part(Paint::Shadow, 0.86, Vec2::new(0.03, -0.05), 0.0);
        let rim = part(Paint::BlackRim, 0.84, Vec2::ZERO, 0.1);
        let face = part(Paint::BlackFace, 0.74, Vec2::new(-0.008, 0.012), 0.2);
        let shine = part(Paint::BlackShine, 0.34, Vec2::new(-0.13, 0.14), 0.3);
        commands
            .spawn((
                Name::new(format!("Disc {sq}")),
                Disc {
                    square: sq,
                    shown: None,
                    painted: None,
                    flip: None,
                    drop: None,
                },
                DiscParts { rim, face, shine },
                Transform::default(),
                Visibility::Hidden,
            ))
            .add_children(&[shadow, rim, face, shine]);
    }
}

/// Starts animations for moves played, advances them, and shows every other disc as the
/// position has it. A move or a jump of the position first ends every running animation.
#[allow(clippy::too_many_arguments)] // a system: each argument is one resource or query
fn animate_discs(
    mut played: MessageReader<MovePlayed>,
    mut jumped: MessageReader<PositionJumped>,
    mut moving: ResMut<DiscsMoving>,
    time: Res<Time>,
    settings: Res<Settings>,
    m: Res<Match>,
    layout: Res<BoardLayout>,
    palette: Res<Palette>,
    mut discs: Query<(&mut Disc, &DiscParts, &mut Transform, &mut Visibility)>,
    mut materials: Query<&mut MeshMaterial2d<ColorMaterial>>,
) {
    let now = time.elapsed_secs();
    let skip = !played.is_empty() || !jumped.is_empty();
    jumped.clear();
    let mut starts: Vec<(Square, Option<Flip>, Option<Drop>, Side)> = Vec::new();
    for mv in played.read() {
        let Some(flip_s) = settings.animation.flip_s() else {
            continue;
        };
        starts.push((
            mv.square,
            None,
            Some(Drop {
                start: now,
                duration: flip_s * 0.6,
            }),
            mv.side,
        ));
        for sq in crate::engine::Squares(mv.flips) {
            let delay = mv.flip_delay_s(sq, flip_s);
            starts.push((
                sq,
                Some(Flip {
                    to: mv.side,
                    start: now + delay,
                    duration: flip_s,
                }),
                None,
                !mv.side,
            ));
        }
    }
    let position = m.position();
    let mut busy = false;
    for (mut disc, parts, mut transform, mut visibility) in &mut discs {
        let (mut flip, mut drop) = (disc.flip, disc.drop);
        if skip {
            flip = None;
            drop = None;
        }
        if let Some(&(_, f, d, from)) = starts.iter().rev().find(|s| s.0 == disc.square) {
            flip = f;
            drop = d;
            disc.shown = Some(from);
        }
        // Advance: a flip shows the old colour for its first half, the new one after.
        let mut scale = Vec2::ONE;
        if let Some(f) = flip {
            let t = ((now - f.start) / f.duration).clamp(0.0, 1.0);
            if t >= 1.0 {
                flip = None;
            } else {
                if t >= 0.5 {
                    disc.shown = Some(f.to);
                }
                let turn = (t * std::f32::consts::PI).cos().abs().max(0.04);
                let lift = 1.0 + 0.12 * (t * std::f32::consts::PI).sin();
                scale = Vec2::new(turn * lift, lift);
            }
        }
        if let Some(d) = drop {
            let t = ((now - d.start) / d.duration).clamp(0.0, 1.0);
            if t >= 1.0 {
                drop = None;
            } else {
                // Falls from 1.25 times its size onto the board.
                scale = Vec2::splat(1.0 + 0.25 * (1.0 - t) * (1.0 - t));
            }
        }
        if flip.is_none() && drop.is_none() {
            disc.shown = position.disc(disc.square);
        }
        busy |= flip.is_some() || drop.is_some();
        disc.flip = flip;
        disc.drop = drop;

        let wanted = if disc.shown.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        visibility.set_if_neq(wanted);
        let at = layout
            .center(disc.square)
            .extend(depth::DISC + if drop.is_some() { 1.0 } else { 0.0 });
        let new = Transform::from_translation(at).with_scale((scale * layout.square).extend(1.0));
        transform.set_if_neq(new);
        if let Some(side) = disc.shown
            && disc.painted != Some(side)
        {
            disc.painted = Some(side);
            let (rim, face, shine) = match side {
                Side::Black => (Paint::BlackRim, Paint::BlackFace, Paint::BlackShine),
                Side::White => (Paint::WhiteRim, Paint::WhiteFace, Paint::WhiteShine),
            };
            for (part, paint) in [(parts.rim, rim), (parts.face, face), (parts.shine, shine)] {
                if let Ok(mut material) = materials.get_mut(part) {
                    material.0 = palette.get(paint);
                }
            }
        }
    }
    moving.set_if_neq(DiscsMoving(busy));
}

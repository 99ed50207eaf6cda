//! Where the board sits in the window: the largest square that fits beside the egui panels,
//! snapped to whole physical pixels so lines stay crisp at any size and DPI.
//!
//! Board units: `(0, 0)` is the top-left corner of a1, x grows to the right (a to h) and y
//! downwards (row 1 to row 8), one unit per square. The frame with the coordinates is
//! [`FRAME`] units wide around the 8 x 8 squares.

use bevy::prelude::*;
use bevy::text::FontSize;
use bevy::window::PrimaryWindow;

use crate::engine::Square;

use crate::app::schedule::GameSystems;

/// The width of the frame around the squares, in squares.
pub(super) const FRAME: f32 = 0.55;

/// The part of the window that egui leaves free, in logical pixels from the window's
/// top-left corner; `None` before the UI has been laid out once.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub(crate) struct BoardArea(pub Option<Rect>);

/// The board's place in world coordinates (the 2D camera's: origin at the window centre,
/// y up, one unit per logical pixel).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub(super) struct BoardLayout {
    /// World position of the top-left corner of a1.
    pub origin: Vec2,
    /// The side of a square in logical pixels.
    pub square: f32,
    /// Physical pixels per logical pixel.
    pub scale_factor: f32,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout {
            origin: Vec2::new(-240.0, 240.0),
            square: 60.0,
            scale_factor: 1.0,
        }
    }
}

impl BoardLayout {
    /// World position of a point in board units.
    pub(super) fn world(&self, board: Vec2) -> Vec2 {
        self.origin + Vec2::new(board.x, -board.y) * self.square
    }

    /// World position of a square's centre.
    pub(super) fn center(&self, sq: Square) -> Vec2 {
        self.world(Vec2::new(
            f32::from(sq.column()) + 0.5,
            f32::from(sq.row()) + 0.5,
        ))
    }

    /// The square under a world position, if any.
    pub(super) fn square_at(&self, world: Vec2) -> Option<Square> {
        let b = (world - self.origin) / self.square;
        let (col, row) = (b.x.floor(), (-b.y).floor());
        if (0.0..8.0).contains(&col) && (0.0..8.0).contains(&row) {
            Square::from_coords(col as u8, row as u8)
        } else {
            None
        }
    }
}

/// How an entity on the board is sized when the layout changes.
#[derive(Clone, Copy, Debug)]
pub(super) enum AnchorSize {
    /// Scaled to this many squares (for unit meshes).
    Squares(Vec2),
    /// A line this many squares long and `px` physical pixels thick (at least 1).
    Line {
        /// Length in squares.
        length: f32,
        /// Whether the line runs along x.
        horizontal: bool,
        /// Thickness in physical pixels per 60 logical pixels of square, at least 1.
        px: f32,
    },
    /// A text label whose font size is this many squares.
    Text(f32),
}

/// Something drawn at a fixed place on the board: its centre in board units, its depth and
/// how it scales.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct BoardAnchor {
    /// Centre in board units.
    pub at: Vec2,
    /// Depth (higher is nearer).
    pub z: f32,
    /// How it scales with the board.
    pub size: AnchorSize,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardArea>()
        .init_resource::<BoardLayout>()
        .add_systems(
            Update,
            (update_layout, place_anchors)
                .chain()
                .in_set(GameSystems::Input),
        );
}

/// Fits the board into the free area of the window, in whole physical pixels.
fn update_layout(
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<BoardArea>,
    mut layout: ResMut<BoardLayout>,
) {
    let size = window.size();
    if size.x <= 0.0 || size.y <= 0.0 {
        return;
    }
    let sf = window.scale_factor();
    let free = area
        .0
        .unwrap_or(Rect::from_corners(Vec2::ZERO, size))
        .intersect(Rect::from_corners(Vec2::ZERO, size));
    let extent = 8.0 + 2.0 * FRAME;
    let fit = (free.width().min(free.height()) * 0.96).max(90.0);
    let square = ((fit / extent) * sf).floor().max(8.0) / sf;
    let board = square * 8.0;
    // Top-left of a1 in logical pixels from the window's top-left, on a physical pixel.
    let corner = free.center() - Vec2::splat(board / 2.0);
    let corner = (corner * sf).round() / sf;
    let origin = Vec2::new(corner.x - size.x / 2.0, size.y / 2.0 - corner.y);
    // Keep the window centre on a pixel too: an odd physical size puts it half-way.
    let half_px = Vec2::new(
        (window.physical_width() % 2) as f32,
        (window.physical_height() % 2) as f32,
    ) * 0.5
        / sf;
    let new = BoardLayout {
        origin: origin + Vec2::new(-half_px.x, half_px.y),
        square,
        scale_factor: sf,
    };
    if *layout != new {
        *layout = new;
    }
}

/// Moves and sizes every anchored entity when the layout changes.
fn place_anchors(
    layout: Res<BoardLayout>,
    mut anchored: Query<(Ref<BoardAnchor>, &mut Transform, Option<&mut TextFont>)>,
) {
    for (anchor, mut transform, font) in &mut anchored {
        if !layout.is_changed() && !anchor.is_changed() {
            continue;
        }
        let at = layout.world(anchor.at);
        transform.translation = at.extend(anchor.z);
        match anchor.size {
            AnchorSize::Squares(s) => transform.scale = (s * layout.square).extend(1.0),
            AnchorSize::Line {
                length,
                horizontal,
                px,
            } => {
                let thick = (px * layout.square / 60.0 * layout.scale_factor)
                    .round()
                    .max(1.0)
                    / layout.scale_factor;
                let long = length * layout.square + thick;
                transform.scale = if horizontal {
                    Vec3::new(long, thick, 1.0)
                } else {
                    Vec3::new(thick, long, 1.0)
                };
                // An odd number of physical pixels is centred on a pixel's middle.
                let odd = (thick * layout.scale_factor) as u32 % 2 == 1;
                let shift = if odd { 0.5 / layout.scale_factor } else { 0.0 };
                transform.translation += Vec3::new(shift, -shift, 0.0);
            }
            AnchorSize::Text(size) => {
                if let Some(mut font) = font {
                    font.font_size = FontSize::Px((size * layout.square).max(6.0));
                }
            }
        }
    }
}

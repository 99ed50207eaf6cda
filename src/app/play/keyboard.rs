//! Playing from the keyboard: a cursor on the board that the arrow keys move, Tab and
//! Shift+Tab jump along the legal moves, and Enter or Space plays (the keys are read with
//! the other shortcuts in `ui/shortcuts.rs`, where egui tells whether a widget has them).
//! The cursor is a frame around its square, shown from the first key until a left click.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::engine::Square;

use super::board::depth;
use super::game::Match;
use super::layout::BoardLayout;
use super::theme::{Paint, Palette};
use crate::app::schedule::GameSystems;

/// Where the keyboard's cursor is; `None` while hidden.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoardCursor(pub Option<Square>);

/// A key that moves the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CursorKey {
    Left,
    Right,
    Up,
    Down,
    /// Tab: the next legal move in board order (a1, b1, ... h8), round to the first.
    NextMove,
    /// Shift+Tab: the previous legal move.
    PreviousMove,
}

/// The moves Tab walks: the legal moves of the position shown, none in the board editor.
pub(crate) fn cursor_moves(m: &Match) -> u64 {
    if m.setup.is_some() {
        0
    } else {
        m.position().board.moves()
    }
}

/// Where the cursor goes from `from` (`None`: hidden) for `key`, with `legal` the legal
/// moves' bits. A hidden cursor appears on the first legal move (d3 or c4 at the start), or
/// on d4 when there is none; arrows stop at the edges; Tab with no legal move stays.
pub(crate) fn step(from: Option<Square>, key: CursorKey, legal: u64) -> Option<Square> {
    let Some(at) = from else {
        let index = if legal == 0 {
            27
        } else {
            legal.trailing_zeros()
        };
        return Some(Square::from_index(index as u8));
    };
    let (column, row) = (at.column(), at.row());
    let moved = match key {
        CursorKey::Left => Square::from_coords(column.saturating_sub(1), row),
        CursorKey::Right => Square::from_coords((column + 1).min(7), row),
        CursorKey::Up => Square::from_coords(column, row.saturating_sub(1)),
        CursorKey::Down => Square::from_coords(column, (row + 1).min(7)),
        CursorKey::NextMove => {
            let after = legal & !(u64::MAX >> (63 - at.index()));
            let next = if after != 0 { after } else { legal };
            (next != 0).then(|| Square::from_index(next.trailing_zeros() as u8))
        }
        CursorKey::PreviousMove => {
            let before = legal & ((1u64 << at.index()) - 1);
            let previous = if before != 0 { before } else { legal };
            (previous != 0).then(|| Square::from_index(63 - previous.leading_zeros() as u8))
        }
    };
    moved.or(Some(at))
}

/// The frame drawn around the cursor's square.
#[derive(Component)]
struct CursorFrame;

/// A square frame of outer side 1 and this width, centred on the origin.
fn square_frame(width: f32) -> Mesh {
    let (outer, inner) = (0.5, 0.5 - width);
    let corners = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]];
    let positions: Vec<[f32; 3]> = [outer, inner]
        .iter()
        .flat_map(|&r| corners.map(|[x, y]| [x * r, y * r, 0.0]))
        .collect();
    // Each side is a quad between outer corners k, k+1 and inner ones (4 + k), counter-
    // clockwise like the other 2D meshes.
    let indices: Vec<u32> = (0..4u32)
        .flat_map(|k| {
            let n = (k + 1) % 4;
            [k, n, 4 + n, k, 4 + n, 4 + k]
        })
        .collect();
    let uvs: Vec<[f32; 2]> = positions.iter().map(|p| [p[0] + 0.5, 0.5 - p[1]]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; 8])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

fn spawn_cursor(mut commands: Commands, palette: Res<Palette>, mut meshes: ResMut<Assets<Mesh>>) {
    commands.spawn((
        CursorFrame,
        Mesh2d(meshes.add(square_frame(0.07))),
        MeshMaterial2d(palette.get(Paint::Cursor)),
        Transform::default(),
        Visibility::Hidden,
    ));
}

/// Puts the frame on the cursor's square, or hides it.
fn show_cursor(
    cursor: Res<BoardCursor>,
    layout: Res<BoardLayout>,
    mut frame: Single<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    if !(cursor.is_changed() || layout.is_changed()) {
        return;
    }
    let (transform, visibility) = &mut *frame;
    match cursor.0 {
        Some(square) => {
            let new = Transform::from_translation(layout.center(square).extend(depth::HINT + 0.6))
                .with_scale(Vec3::new(layout.square, layout.square, 1.0));
            transform.set_if_neq(new);
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// A click on the board hides the cursor: the mouse has taken over.
fn hide_on_click(buttons: Res<ButtonInput<MouseButton>>, mut cursor: ResMut<BoardCursor>) {
    if buttons.just_pressed(MouseButton::Left) && cursor.0.is_some() {
        cursor.0 = None;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(Startup, spawn_cursor)
        .add_systems(Update, hide_on_click.in_set(GameSystems::Input))
        .add_systems(Update, show_cursor.in_set(GameSystems::Visuals));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Board;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// Each `(from, key, to)` with the moves `legal`: the cursor at `from` goes to `to`.
    fn check(legal: u64, cases: &[(&str, CursorKey, &str)]) {
        for &(from, key, to) in cases {
            assert_eq!(
                step(Some(sq(from)), key, legal),
                Some(sq(to)),
                "{from} {key:?}"
            );
        }
    }

    #[test]
    fn a_hidden_cursor_appears_on_the_first_legal_move() {
        let legal = Board::start().moves();
        for key in [CursorKey::Left, CursorKey::NextMove, CursorKey::Down] {
            assert_eq!(step(None, key, legal), Some(sq("d3")), "{key:?}");
        }
        // No legal move (a pass): the middle of the board.
        assert_eq!(step(None, CursorKey::Up, 0), Some(sq("d4")));
    }

    #[test]
    fn arrows_move_one_square_and_stop_at_the_edges() {
        use CursorKey::*;
        check(
            0,
            &[
                ("d4", Left, "c4"),
                ("d4", Right, "e4"),
                ("d4", Up, "d3"),
                ("d4", Down, "d5"),
                ("a1", Left, "a1"),
                ("a1", Up, "a1"),
                ("h8", Right, "h8"),
                ("h8", Down, "h8"),
            ],
        );
    }

    #[test]
    fn tab_walks_the_legal_moves_in_board_order_and_wraps() {
        use CursorKey::*;
        // The start: d3, c4, f5, e6 in board order.
        check(
            Board::start().moves(),
            &[
                ("d3", NextMove, "c4"),
                ("c4", NextMove, "f5"),
                ("f5", NextMove, "e6"),
                ("e6", NextMove, "d3"),
                // Shift+Tab walks back, round from the first to the last.
                ("d3", PreviousMove, "e6"),
                ("f5", PreviousMove, "c4"),
                // From a square that is not a move: the next move after it.
                ("a4", NextMove, "c4"),
                // From h8 round to the first; from a1 back to the last.
                ("h8", NextMove, "d3"),
                ("a1", PreviousMove, "e6"),
            ],
        );
        // No legal move: Tab leaves the cursor where it is.
        check(0, &[("b2", NextMove, "b2"), ("b2", PreviousMove, "b2")]);
    }

    #[test]
    fn the_frame_mesh_is_eight_corners_and_eight_triangles() {
        let mesh = square_frame(0.1);
        assert_eq!(mesh.count_vertices(), 8);
        let Some(Indices::U32(indices)) = mesh.indices() else {
            panic!("u32 indices");
        };
        assert_eq!(indices.len(), 24);
        // Every triangle counter-clockwise (positive area).
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        for t in indices.chunks(3) {
            let [a, b, c] = [p[t[0] as usize], p[t[1] as usize], p[t[2] as usize]];
            let area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
            assert!(area > 0.0, "{t:?}: {area}");
        }
    }
}

//! The best line on the board (issue 74): the engine's principal variation from the position
//! shown (the hints' best move's line when they score this position, else the line of its own
//! thinking or of its pondering),
//! drawn as numbered discs of the mover's colour, the first [`LINE_PLIES`] plies, passes
//! skipped over. B or Settings > Best line on the board turns it on and off (kept in the
//! settings). Against the engine with the hints off it shows nothing, as the engine panel
//! hides the line then.

use bevy::prelude::*;
use bevy::text::FontSize;

use crate::engine::{Board, Position, Side, Square};

use super::board::depth;
use super::game::Match;
use super::layout::{AnchorSize, BoardAnchor};
use super::theme::{Paint, Palette, Shapes};
use crate::app::engine_report::{EngineReport, MoveHints};
use crate::app::files::settings::{Hints, Mode, Settings};
use crate::app::schedule::GameSystems;

/// The plies of the line drawn.
pub(crate) const LINE_PLIES: usize = 10;

/// A numbered disc of the line on one square.
#[derive(Component)]
struct LineDisc(Square);

/// Its number.
#[derive(Component)]
struct LineNumber(Square);

/// The line from `shown`: each move with its mover, at most [`LINE_PLIES`], ending before a
/// move that is not legal. `from` is the position the engine's line starts at and `pv` the
/// line; when `from` is one move after `shown` (a ponder search on the move it expects,
/// `guess`), that move leads the line. Empty when the line is of another position.
pub(crate) fn line_on_board(
    shown: Position,
    from: Board,
    pv: &[Square],
    guess: Option<Square>,
) -> Vec<(Square, Side)> {
    let leading: Vec<Square> = if shown.board == from {
        Vec::new()
    } else {
        match guess {
            Some(g)
                if shown.board.moves() & g.bit() != 0 && shown.play_unchecked(g).board == from =>
            {
                vec![g]
            }
            _ => return Vec::new(),
        }
    };
    let mut position = shown;
    let mut line = Vec::new();
    for &sq in leading.iter().chain(pv).take(LINE_PLIES) {
        if !position.board.has_moves() {
            position = position.pass();
        }
        if position.board.moves() & sq.bit() == 0 {
            break;
        }
        line.push((sq, position.side_to_move));
        position = position.play_unchecked(sq);
    }
    line
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_line)
        .add_systems(Update, show_line.in_set(GameSystems::Visuals));
}

/// One disc and one number a square, hidden.
fn spawn_line(mut commands: Commands, palette: Res<Palette>, shapes: Res<Shapes>) {
    for sq in Square::all() {
        let at = Vec2::new(f32::from(sq.column()) + 0.5, f32::from(sq.row()) + 0.5);
        commands.spawn((
            LineDisc(sq),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(palette.get(Paint::BlackFace)),
            BoardAnchor {
                at,
                z: depth::HINT + 0.6,
                size: AnchorSize::Squares(Vec2::splat(0.66)),
            },
            Transform::default(),
            Visibility::Hidden,
        ));
        commands.spawn((
            LineNumber(sq),
            Text2d::new(""),
            TextFont::from_font_size(FontSize::Px(20.0)),
            TextColor(Color::WHITE),
            BoardAnchor {
                at,
                z: depth::HINT + 0.7,
                size: AnchorSize::Text(0.34),
            },
            Transform::default(),
            Visibility::Hidden,
        ));
    }
}

/// Draws the line when it is on and one is known for the position shown.
#[allow(clippy::type_complexity)]
fn show_line(
    m: Res<Match>,
    settings: Res<Settings>,
    report: Res<EngineReport>,
    hints: Res<MoveHints>,
    palette: Res<Palette>,
    mut discs: Query<(
        &LineDisc,
        &mut MeshMaterial2d<ColorMaterial>,
        &mut Visibility,
    )>,
    mut numbers: Query<
        (&LineNumber, &mut Text2d, &mut TextColor, &mut Visibility),
        Without<LineDisc>,
    >,
) {
    if !(m.is_changed() || settings.is_changed() || report.is_changed() || hints.is_changed()) {
        return;
    }
    let secret = settings.mode == Mode::HumanVsEngine && settings.hints() == Hints::Off;
    let shown = m.position();
    // The hints' line for the position shown, else the engine's own.
    let scored = hints
        .scores
        .as_ref()
        .filter(|s| hints.generation == m.generation && !s.line.is_empty());
    let line = match (scored, &report.info, report.line_from) {
        _ if !settings.show_line || secret || m.setup.is_some() => Vec::new(),
        (Some(scores), _, _) => line_on_board(shown, shown.board, &scores.line, None),
        (None, Some(info), Some(from)) => line_on_board(shown, from, &info.pv, report.ponder_guess),
        _ => Vec::new(),
    };
    let at = |sq: Square| line.iter().position(|(s, _)| *s == sq);
    for (disc, mut material, mut visibility) in &mut discs {
        match at(disc.0) {
            Some(i) => {
                // Opaque: a hint's score under it does not show through.
                let paint = match line[i].1 {
                    Side::Black => Paint::BlackFace,
                    Side::White => Paint::WhiteFace,
                };
                material.0 = palette.get(paint);
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
    for (number, mut text, mut color, mut visibility) in &mut numbers {
        match at(number.0) {
            Some(i) => {
                text.0 = (i + 1).to_string();
                color.0 = match line[i].1 {
                    Side::Black => Color::WHITE,
                    Side::White => Color::BLACK,
                };
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    fn squares(text: &str) -> Vec<Square> {
        text.split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect()
    }

    #[test]
    fn the_line_is_numbered_from_the_position_shown_with_its_movers() {
        let shown = Game::from_transcript("f5").unwrap().position();
        let line = line_on_board(shown, shown.board, &squares("d6 c3 d3 c4"), None);
        let sides: Vec<(String, Side)> = line.iter().map(|(s, c)| (s.to_string(), *c)).collect();
        assert_eq!(
            sides,
            [
                ("d6".to_string(), Side::White),
                ("c3".to_string(), Side::Black),
                ("d3".to_string(), Side::White),
                ("c4".to_string(), Side::Black)
            ]
        );
        // A ponder search from after the expected move: that move leads.
        let after = shown.play_unchecked("d6".parse().unwrap()).board;
        let guess = Some("d6".parse().unwrap());
        let line = line_on_board(shown, after, &squares("c3 d3"), guess);
        assert_eq!(line.len(), 3);
        assert_eq!(line[0].0.to_string(), "d6");
        // Another position's line, and a line that turns illegal, stop.
        let start = Position::start();
        assert!(line_on_board(start, shown.board, &squares("d6"), None).is_empty());
        let cut = line_on_board(shown, shown.board, &squares("d6 a1 c3"), None);
        assert_eq!(cut.len(), 1);
        // At most LINE_PLIES.
        let long = "d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6 c5";
        assert_eq!(
            line_on_board(shown, shown.board, &squares(long), None).len(),
            LINE_PLIES
        );
    }
}

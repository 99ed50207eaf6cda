//! Marks on the board: hints for a human to move (dots on the legal moves, or each move's
//! score in discs with the best ringed; against a Monte Carlo level each move's win rate
//! over its share of the playouts; H cycles them), the marker on the last move, and the
//! highlight of a playable square under the pointer.

use bevy::prelude::*;
use bevy::text::FontSize;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use crate::engine::book::{Book, BookMove};
use crate::engine::{Board, MoveScores, Ply, Side, Square};

use super::board::depth;
use super::game::Match;
use super::layout::{AnchorSize, BoardAnchor, BoardLayout};
use super::theme::{Paint, Palette, Shapes, book_color, score_color};
use crate::app::engine_report::{MoveHints, MoveRates};
use crate::app::files::settings::{Hints, Settings};
use crate::app::highlight::{Focus, Heat};
use crate::app::library::book::OpeningBook;
use crate::app::schedule::GameSystems;
use crate::app::settled::DiscsMoving;
use crate::app::study::review::GameReview;

/// The hint on one square: a dot, or the disc behind a score.
#[derive(Component)]
struct Hint(Square);

/// A move's score on one square: one of its lines.
#[derive(Component)]
struct ScoreLabel(Square, Line);

/// Which text of a hint a [`ScoreLabel`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// The score in discs, centred.
    Score,
    /// A Monte Carlo level's win rate, above the centre.
    Rate,
    /// A Monte Carlo level's share of the playouts, below it, smaller.
    Share,
}

/// The ring around a best move's score.
#[derive(Component)]
struct BestRing(Square);

/// A score as the board shows it, in discs: "+4", "-2", "0".
pub(super) fn score_text(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

/// What one legal square shows when hints show scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ScoreMark {
    /// The move.
    pub square: Square,
    /// Its score, as [`score_text`] writes it.
    pub text: String,
    /// Whether the score is exact (the game solved to its end).
    pub exact: bool,
    /// Whether no move scores more.
    pub best: bool,
    /// Whether the score is the opening book's.
    pub book: bool,
    /// For a Monte Carlo level: `text` is the win rate, and this the share of the playouts.
    pub share: Option<String>,
}

/// A share as the hints write it, in whole percent: "62%".
fn percent(share: f64) -> String {
    format!("{:.0}%", share * 100.0)
}

/// The marks of a Monte Carlo level's hints: each move tried, its win rate for the player
/// to move (held within 1-99% until it is proven, so that 100% and 0% mean certain) and its
/// share of the playouts; the move the search would play is ringed.
pub(super) fn rate_marks(rates: &MoveRates) -> Vec<ScoreMark> {
    rates
        .moves
        .iter()
        .map(|m| ScoreMark {
            square: m.square,
            text: percent(if m.proven {
                m.win_rate
            } else {
                m.win_rate.clamp(0.01, 0.99)
            }),
            exact: m.proven,
            best: rates.best == Some(m.square),
            book: false,
            share: Some(percent(m.share)),
        })
        .collect()
}

/// The marks for a set of move scores: every move with its text, the best one(s) flagged.
pub(super) fn score_marks(scores: &MoveScores) -> Vec<ScoreMark> {
    let best = scores.scores.iter().map(|&(_, s)| s).max();
    scores
        .scores
        .iter()
        .map(|&(square, score)| ScoreMark {
            square,
            text: score_text(score),
            exact: scores.exact,
            best: Some(score) == best,
            book: false,
            share: None,
        })
        .collect()
}

/// The hints' marks when the opening book knows the position: its moves with the book's
/// values (the best ringed) and, under a move that leads into the book, the book's lines
/// through it; then the searched scores of the other moves, not ringed.
pub(super) fn with_book(marks: Vec<ScoreMark>, book: &[(BookMove, u64)]) -> Vec<ScoreMark> {
    if book.is_empty() {
        return marks;
    }
    let best = book.iter().map(|(m, _)| m.value).max();
    let mut out: Vec<ScoreMark> = book
        .iter()
        .map(|&(m, lines)| ScoreMark {
            square: m.square,
            text: score_text(m.value),
            exact: false,
            best: Some(m.value) == best,
            book: true,
            share: (lines > 0).then(|| lines.to_string()),
        })
        .collect();
    out.extend(
        marks
            .into_iter()
            .filter(|k| book.iter().all(|(m, _)| m.square != k.square))
            .map(|k| ScoreMark { best: false, ..k }),
    );
    out
}

/// The book's moves at `board`, each with the book's lines through it (0 out of the book).
pub(super) fn book_moves_with_lines(book: &Book, board: &Board) -> Vec<(BookMove, u64)> {
    book.moves(board)
        .into_iter()
        .map(|m| {
            let lines = if m.in_book {
                book.lines(&board.play_unchecked(m.square))
            } else {
                0
            };
            (m, lines)
        })
        .collect()
}

/// The colour of a Monte Carlo hint's share of the playouts: dimmer than the win rate
/// above it.
pub(super) const SHARE_COLOR: Color = Color::srgb(0.72, 0.78, 0.84);

/// The marker on the last move.
#[derive(Component)]
struct LastMoveMarker;

/// The highlight under the pointer.
#[derive(Component)]
struct HoverHighlight;

/// The ring on the best move when the position of a reviewed move that lost discs is shown.
#[derive(Component)]
struct ReviewBestRing;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focus>()
        .init_resource::<Heat>()
        .add_systems(Startup, spawn_markers)
        .add_systems(
            Update,
            (
                show_hints,
                show_last_move,
                show_hover,
                show_review_best,
                show_focus,
                show_heat,
            )
                .in_set(GameSystems::Visuals),
        );
}

/// A square's colour in the designer's heatmap ([`Heat`]), with a material of its own.
#[derive(Component, Debug)]
struct HeatMark(Square, Handle<ColorMaterial>);

/// The heatmap's colour for a share of the evaluation: blue for the side to move, red
/// against, stronger with the size (full at 2 discs).
fn heat_color(centidiscs: f32) -> Color {
    let strength = (centidiscs.abs() / 200.0).min(1.0) * 0.8;
    if centidiscs >= 0.0 {
        Color::srgba(0.15, 0.45, 1.0, strength)
    } else {
        Color::srgba(1.0, 0.15, 0.1, strength)
    }
}

/// Colours each square by its share of the evaluation while the designer asks for it.
fn show_heat(
    heat: Res<Heat>,
    layout: Res<BoardLayout>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut marks: Query<(&HeatMark, &mut Transform, &mut Visibility)>,
) {
    if !(heat.is_changed() || layout.is_changed()) {
        return;
    }
    for (mark, mut transform, mut visibility) in &mut marks {
        let Some(values) = heat.0 else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        if let Some(mut material) = materials.get_mut(&mark.1) {
            material.color = heat_color(values[mark.0.index() as usize]);
        }
        let new = Transform::from_translation(layout.center(mark.0).extend(depth::HINT - 0.45))
            .with_scale(Vec3::new(layout.square, layout.square, 1.0));
        transform.set_if_neq(new);
        visibility.set_if_neq(Visibility::Inherited);
    }
}

/// A square's mark for the designer's focus ([`Focus`]).
#[derive(Component, Debug)]
struct FocusMark(Square);

/// Marks the squares of [`Focus`].
fn show_focus(
    focus: Res<Focus>,
    layout: Res<BoardLayout>,
    mut marks: Query<(&FocusMark, &mut Transform, &mut Visibility)>,
) {
    if !(focus.is_changed() || layout.is_changed()) {
        return;
    }
    for (mark, mut transform, mut visibility) in &mut marks {
        if focus.0 & mark.0.bit() == 0 {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        let new = Transform::from_translation(layout.center(mark.0).extend(depth::HINT - 0.4))
            .with_scale(Vec3::new(layout.square * 0.94, layout.square * 0.94, 1.0));
        transform.set_if_neq(new);
        visibility.set_if_neq(Visibility::Inherited);
    }
}

fn spawn_markers(
    mut commands: Commands,
    palette: Res<Palette>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for sq in Square::all() {
        let material = materials.add(ColorMaterial::from_color(heat_color(0.0)));
        commands.spawn((
            HeatMark(sq, material.clone()),
            Mesh2d(shapes.square.clone()),
            MeshMaterial2d(material),
            Transform::default(),
            Visibility::Hidden,
        ));
        commands.spawn((
            FocusMark(sq),
            Mesh2d(shapes.square.clone()),
            MeshMaterial2d(palette.get(Paint::Focus)),
            Transform::default(),
            Visibility::Hidden,
        ));
        commands.spawn((
            Hint(sq),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(palette.get(Paint::HintBlack)),
            Transform::default(),
            Visibility::Hidden,
        ));
        let at = Vec2::new(f32::from(sq.column()) + 0.5, f32::from(sq.row()) + 0.5);
        commands.spawn((
            BestRing(sq),
            Mesh2d(shapes.ring.clone()),
            MeshMaterial2d(palette.get(Paint::BestMove)),
            BoardAnchor {
                at,
                z: depth::HINT + 0.2,
                size: AnchorSize::Squares(Vec2::splat(0.8)),
            },
            Transform::default(),
            Visibility::Hidden,
        ));
        // The score in discs; a Monte Carlo level's win rate above its share of playouts.
        for (line, offset, size) in [
            (Line::Score, 0.0, 0.34),
            (Line::Rate, -0.07, 0.25),
            (Line::Share, 0.16, 0.17),
        ] {
            commands.spawn((
                ScoreLabel(sq, line),
                Text2d::new(""),
                TextFont::from_font_size(FontSize::Px(20.0)),
                TextColor(Color::WHITE),
                BoardAnchor {
                    at: at + Vec2::new(0.0, offset),
                    z: depth::HINT + 0.4,
                    size: AnchorSize::Text(size),
                },
                Transform::default(),
                Visibility::Hidden,
            ));
        }
    }
    commands.spawn((
        LastMoveMarker,
        Mesh2d(shapes.circle.clone()),
        MeshMaterial2d(palette.get(Paint::LastMove)),
        Transform::default(),
        Visibility::Hidden,
    ));
    commands.spawn((
        ReviewBestRing,
        Mesh2d(shapes.ring.clone()),
        MeshMaterial2d(palette.get(Paint::ReviewBest)),
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

/// Shows the hints for a human to move: a dot on each legal square, or (with scores, once
/// the first depth is in) the score on a dark disc, the best move(s) ringed.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn show_hints(
    m: Res<Match>,
    settings: Res<Settings>,
    moving: Res<DiscsMoving>,
    layout: Res<BoardLayout>,
    palette: Res<Palette>,
    move_hints: Res<MoveHints>,
    opening: Res<OpeningBook>,
    mut hints: Query<(
        &Hint,
        &mut Transform,
        &mut Visibility,
        &mut MeshMaterial2d<ColorMaterial>,
    )>,
    mut labels: Query<
        (&ScoreLabel, &mut Text2d, &mut TextColor, &mut Visibility),
        (Without<Hint>, Without<BestRing>),
    >,
    mut rings: Query<(&BestRing, &mut Visibility), (Without<Hint>, Without<ScoreLabel>)>,
) {
    if !(m.is_changed()
        || settings.is_changed()
        || moving.is_changed()
        || layout.is_changed()
        || move_hints.is_changed())
    {
        return;
    }
    let position = m.position();
    let side = position.side_to_move;
    let show = settings.hints() != Hints::Off
        && m.setup.is_none()
        && !moving.0
        && !m.game.is_over()
        && !Match::engine_plays(&settings, side);
    let moves = if show { position.board.moves() } else { 0 };
    let scores_shown = show && settings.hints() == Hints::Scores;
    let marks = if scores_shown {
        board_marks(&m, &move_hints, &opening.book)
    } else {
        Vec::new()
    };
    let mark = |sq: Square| marks.iter().find(|k| k.square == sq);
    let (paint, size) = if marks.is_empty() {
        let paint = match side {
            Side::Black => Paint::HintBlack,
            Side::White => Paint::HintWhite,
        };
        (paint, 0.26)
    } else {
        (Paint::ScoreBackdrop, 0.66)
    };
    let paint = palette.get(paint);
    for (hint, mut transform, mut visibility, mut material) in &mut hints {
        let on = moves & hint.0.bit() != 0;
        visibility.set_if_neq(if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if on {
            *transform = Transform::from_translation(layout.center(hint.0).extend(depth::HINT))
                .with_scale(Vec3::new(layout.square * size, layout.square * size, 1.0));
            if material.0 != paint {
                material.0 = paint.clone();
            }
        }
    }
    for (label, mut text, mut color, mut visibility) in &mut labels {
        let shown = mark(label.0).and_then(|k| match (label.1, &k.share) {
            (Line::Score, None) | (Line::Rate, Some(_)) => Some((k, &k.text)),
            (Line::Share, Some(share)) => Some((k, share)),
            _ => None,
        });
        match shown {
            Some((k, shown)) => {
                if text.0 != *shown {
                    text.0.clone_from(shown);
                }
                color.set_if_neq(TextColor(if k.book {
                    book_color(settings.theme)
                } else if label.1 == Line::Share {
                    SHARE_COLOR
                } else {
                    score_color(settings.theme, k.exact)
                }));
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
    for (ring, mut visibility) in &mut rings {
        let best = mark(ring.0).is_some_and(|k| k.best);
        visibility.set_if_neq(if best {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// The scores the hints show on the board for the position on show (the book's values
/// where it knows the position, a Monte Carlo level's win rates; another program's scores
/// as they are); empty before the first
/// depth is in, when the hints show dots.
pub(super) fn board_marks(m: &Match, move_hints: &MoveHints, book: &Book) -> Vec<ScoreMark> {
    if let Some(rates) = move_hints.rates_for(m.generation) {
        // A Monte Carlo level's rates are not mixed with the book's values in discs.
        return rate_marks(rates);
    }
    let scores = move_hints.for_generation(m.generation);
    if move_hints.other {
        return scores.map(score_marks).unwrap_or_default();
    }
    with_book(
        scores.map(score_marks).unwrap_or_default(),
        &book_moves_with_lines(book, &m.position().board),
    )
}

/// The last move played up to the position on show; none while the board is set up.
pub(super) fn last_move(m: &Match) -> Option<Square> {
    if m.setup.is_some() {
        return None;
    }
    m.game.plies().iter().rev().find_map(|p| match p {
        Ply::Move(sq) => Some(*sq),
        Ply::Pass => None,
    })
}

/// Puts a small mark on the disc played last.
fn show_last_move(
    m: Res<Match>,
    layout: Res<BoardLayout>,
    moving: Res<DiscsMoving>,
    mut marker: Single<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    if !(m.is_changed() || layout.is_changed() || moving.is_changed()) {
        return;
    }
    let (transform, visibility) = &mut *marker;
    match last_move(&m) {
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

/// Rings the best move when the position shown is that of a reviewed move that lost discs.
fn show_review_best(
    m: Res<Match>,
    review: Res<GameReview>,
    layout: Res<BoardLayout>,
    mut ring: Single<(&mut Transform, &mut Visibility), With<ReviewBestRing>>,
) {
    let (transform, visibility) = &mut *ring;
    match review.mistake_here(&m.game).filter(|_| m.setup.is_none()) {
        Some(r) => {
            let new = Transform::from_translation(layout.center(r.best).extend(depth::HINT + 0.3))
                .with_scale(Vec3::new(layout.square * 0.92, layout.square * 0.92, 1.0));
            transform.set_if_neq(new);
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Highlights the square under the pointer when a human may play there (any square in the
/// board editor).
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
            // In the board editor every square takes a click.
            m.setup.is_some()
                || (position.board.moves() & sq.bit() != 0
                    && !Match::engine_plays(&settings, position.side_to_move))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_signed_discs() {
        assert_eq!(score_text(4), "+4");
        assert_eq!(score_text(-2), "-2");
        assert_eq!(score_text(0), "0");
        assert_eq!(score_text(64), "+64");
    }

    #[test]
    fn marks_flag_every_best_move() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let scores = MoveScores {
            depth: 9,
            exact: false,
            scores: vec![(sq("c4"), 2), (sq("d3"), -6), (sq("e6"), 2)],
            line: Vec::new(),
            confidence_pct: None,
        };
        let marks = score_marks(&scores);
        let summary: Vec<(String, &str, bool, bool)> = marks
            .iter()
            .map(|k| (k.square.to_string(), k.text.as_str(), k.exact, k.best))
            .collect();
        assert_eq!(
            summary,
            [
                ("c4".to_string(), "+2", false, true),
                ("d3".to_string(), "-6", false, false),
                ("e6".to_string(), "+2", false, true),
            ]
        );
        let exact = MoveScores {
            exact: true,
            ..scores
        };
        assert!(score_marks(&exact).iter().all(|k| k.exact));
        assert!(score_marks(&MoveScores::default()).is_empty());
    }

    #[test]
    fn monte_carlo_marks_read_as_win_rate_over_share() {
        use crate::app::engine_report::MoveRate;
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let rate = |square, win_rate, share, proven| MoveRate {
            square: sq(square),
            win_rate,
            share,
            proven,
        };
        let rates = MoveRates {
            playouts: 5000,
            best: Some(sq("e6")),
            moves: vec![
                rate("c4", 0.624, 0.306, false),
                rate("d3", 0.999, 0.004, false),
                rate("e6", 1.0, 0.69, true),
                rate("f5", 0.001, 0.0, false),
                rate("f4", 0.0, 0.0, true),
            ],
        };
        let summary: Vec<(String, String, Option<String>, bool, bool)> = rate_marks(&rates)
            .into_iter()
            .map(|k| (k.square.to_string(), k.text, k.share, k.exact, k.best))
            .collect();
        let mark = |sq: &str, text: &str, share: &str, exact, best| {
            (
                sq.to_string(),
                text.to_string(),
                Some(share.to_string()),
                exact,
                best,
            )
        };
        // Only a proof reads 100% or 0%; the search's choice is ringed.
        assert_eq!(
            summary,
            [
                mark("c4", "62%", "31%", false, false),
                mark("d3", "99%", "0%", false, false),
                mark("e6", "100%", "69%", true, true),
                mark("f5", "1%", "0%", false, false),
                mark("f4", "0%", "0%", true, false),
            ]
        );
    }

    #[test]
    fn book_moves_show_the_books_values_and_ring() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let scores = MoveScores {
            depth: 9,
            exact: false,
            scores: vec![(sq("c4"), 2), (sq("d3"), -6), (sq("e6"), 3)],
            line: Vec::new(),
            confidence_pct: None,
        };
        let book = [
            BookMove {
                square: sq("c4"),
                value: 1,
                in_book: true,
            },
            BookMove {
                square: sq("d3"),
                value: -1,
                in_book: false,
            },
        ];
        let book = [(book[0], 246), (book[1], 0)];
        let summary: Vec<(String, String, Option<String>, bool, bool)> =
            with_book(score_marks(&scores), &book)
                .into_iter()
                .map(|k| (k.square.to_string(), k.text, k.share, k.best, k.book))
                .collect();
        // The book's move into the book shows its lines under its value.
        assert_eq!(
            summary,
            [
                (
                    "c4".to_string(),
                    "+1".to_string(),
                    Some("246".to_string()),
                    true,
                    true
                ),
                ("d3".to_string(), "-1".to_string(), None, false, true),
                ("e6".to_string(), "+3".to_string(), None, false, false),
            ]
        );
        assert_eq!(with_book(score_marks(&scores), &[]), score_marks(&scores));
    }
}

//! The move list: the game's moves in columns, the review's marks, variations, click to view.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::{MoveReview, Named, Ply, ReviewThresholds, Side};

use super::marks::{VARIATION, review_mark};
use crate::app::i18n::{Tr, ply_text};
use crate::app::messages::Command;
use crate::app::play::game::Match;
use crate::app::ui::view::Requests;
use crate::t;

/// The space between two rows of the move list.
pub(super) const ROW_GAP: f32 = 2.0;

/// The height of a row of the move list: a button's.
pub(super) fn row_height(ui: &egui::Ui) -> f32 {
    let text = ui.text_style_height(&egui::TextStyle::Monospace);
    (text + 2.0 * ui.spacing().button_padding.y).max(ui.spacing().interact_size.y)
}

/// Takes the space of `rows` rows, `pitch` apart, of the move list in a scroll area whose
/// visible part is `viewport` (its content's coordinates), and says which of them can be
/// seen and where to draw those: only they are laid out, so a long game costs no more a
/// frame than a short one.
pub(super) fn visible_rows(
    ui: &mut egui::Ui,
    viewport: egui::Rect,
    rows: usize,
    pitch: f32,
) -> (std::ops::Range<usize>, egui::Rect) {
    let height = (rows as f32 * pitch - ROW_GAP).max(0.0);
    let (space, _) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), height),
        egui::Sense::hover(),
    );
    // The content's top is the scroll area's inner top.
    let top = ui.max_rect().top();
    let seen = (viewport.min.y + top, viewport.max.y + top);
    let first = (((seen.0 - space.top()) / pitch).floor().max(0.0) as usize).min(rows);
    let last = (((seen.1 - space.top()) / pitch).ceil().max(0.0) as usize).clamp(first, rows);
    let place = egui::Rect::from_min_max(
        egui::pos2(space.left(), space.top() + first as f32 * pitch),
        space.max,
    );
    (first..last, place)
}

/// Where each column of the move list starts, and its width: the move number, then
/// Black's and White's plies, wide enough for a move with a review mark ("f5??") or a pass.
pub(super) fn move_columns(ui: &egui::Ui, tr: &Tr) -> [(f32, f32); 3] {
    const NUMBER: f32 = 34.0;
    const GAP: f32 = 10.0;
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let char_width = ui.ctx().fonts_mut(|f| f.glyph_width(&font, '0'));
    let chars = t!(tr, "ply-pass").chars().count().max(4) as f32;
    let ply = (chars * char_width + 2.0 * ui.spacing().button_padding.x).max(NUMBER);
    [
        (0.0, NUMBER),
        (NUMBER + GAP, ply),
        (NUMBER + 2.0 * GAP + ply, ply),
    ]
}

/// The plies of the line shown, numbered in pairs; click one to view the position after it.
/// The name of each named opening the record reaches follows the row of the move that
/// reached it, and the other recorded moves at a position (variations, or the main line
/// when a variation is shown) follow the row of that position's move, to click and follow.
pub(super) fn move_list(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    named: &[Named<'_>],
    reviewed: &[MoveReview],
    requests: &mut Requests,
) {
    let thresholds = ReviewThresholds::shipped();
    let plies = m.game.recorded_plies();
    let start_side = m.game.start().side_to_move;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show_viewport(ui, |ui, viewport| {
            if ui
                .selectable_label(m.game.cursor() == 0, t!(tr, "moves-start"))
                .clicked()
            {
                requests.commands.push(Command::GoTo(0));
            }
            // Row n holds Black's and White's ply; a game started by White begins with an
            // empty Black cell. The rows run in grids of fixed column widths, so that the name
            // of an opening can sit between two of them, under the move that reached it.
            let offset = usize::from(start_side == Side::White);
            let rows = (plies.len() + offset).div_ceil(2);
            let pitch = row_height(ui) + ROW_GAP;
            // Laid out by hand in fixed columns rather than in egui Grids: a new grid makes
            // egui lay out the whole UI twice in its first frame.
            let columns = move_columns(ui, tr);
            let mut row = 0;
            while row < rows {
                // The rows up to the next one whose plies reach a named position.
                let plies_of = |r: usize| {
                    (r * 2).saturating_sub(offset) + 1..=(r * 2 + 2).saturating_sub(offset)
                };
                // Ply index i has alternatives when the position before it has another
                // recorded continuation.
                let branches = |r: usize| -> Vec<usize> {
                    plies_of(r)
                        .map(|ply| ply - 1)
                        .filter(|&i| i < plies.len() && m.game.continuations(i).len() > 1)
                        .collect()
                };
                let end = (row..rows)
                    .find(|&r| {
                        named.iter().any(|n| plies_of(r).contains(&n.ply))
                            || !branches(r).is_empty()
                    })
                    .map_or(rows, |r| r + 1);
                let (shown, place) = visible_rows(ui, viewport, end - row, pitch);
                for (k, row) in (row + shown.start..row + shown.end).enumerate() {
                    let top = place.top() + k as f32 * pitch;
                    let rect = |col: usize| {
                        let (x, width) = columns[col];
                        egui::Rect::from_min_size(
                            egui::pos2(place.left() + x, top),
                            egui::vec2(width, pitch - ROW_GAP),
                        )
                    };
                    let cell_ui = |ui: &mut egui::Ui, col: usize, id: usize| {
                        ui.new_child(
                            egui::UiBuilder::new()
                                .id_salt(("move-cell", id))
                                .max_rect(rect(col))
                                .layout(egui::Layout::left_to_right(egui::Align::Center)),
                        )
                    };
                    cell_ui(ui, 0, 2 * rows + row)
                        .label(egui::RichText::new(format!("{}.", row + 1)).weak());
                    for col in 0..2 {
                        let cell = row * 2 + col;
                        if cell < offset || cell - offset >= plies.len() {
                            continue;
                        }
                        let mut cell_ui = cell_ui(ui, col + 1, cell);
                        let index = cell - offset;
                        ply_cell(&mut cell_ui, tr, m, index, &thresholds, reviewed, requests);
                    }
                }
                for i in branches(end - 1) {
                    other_lines(ui, tr, m, i, offset, requests);
                }
                for n in named.iter().filter(|n| plies_of(end - 1).contains(&n.ply)) {
                    opening_name(ui, m, n);
                }
                row = end;
            }
        });
}

/// The cell of ply `index`: the move with its review mark and colour (a variation's first
/// move in its own), weak when not in effect; click it to view the position after it.
fn ply_cell(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    index: usize,
    thresholds: &ReviewThresholds,
    reviewed: &[MoveReview],
    requests: &mut Requests,
) {
    let review = reviewed
        .iter()
        .find(|r| r.ply == index + 1)
        .map(|r| review_mark(r, thresholds, tr));
    let mark = review.as_ref().map_or("", |r| r.0);
    let text = match m.game.recorded_plies()[index] {
        Ply::Move(sq) => format!("{sq}{mark}"),
        Ply::Pass => t!(tr, "ply-pass"),
    };
    let in_effect = index < m.game.cursor();
    let mut text = if in_effect {
        egui::RichText::new(text).monospace()
    } else {
        egui::RichText::new(text).monospace().weak()
    };
    if let Some(color) = review.as_ref().and_then(|r| r.1) {
        text = text.color(color);
    } else if m.game.starts_variation(index) {
        text = text.color(VARIATION);
    }
    let current = index + 1 == m.game.cursor();
    let label = ui.selectable_label(current, text);
    let label = match &review {
        Some((_, _, hover)) => label.on_hover_text(hover),
        None => label,
    };
    if label.clicked() {
        requests.commands.push(Command::GoTo(index + 1));
    }
}

/// The row after ply `i`'s: the other moves recorded at its position (variations, or the
/// main line when a variation is shown), to click and follow.
fn other_lines(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    i: usize,
    offset: usize,
    requests: &mut Requests,
) {
    let shown = m.game.recorded_plies()[i];
    ui.horizontal_wrapped(|ui| {
        ui.add_space(44.0);
        let (number, white) = ((i + offset) / 2 + 1, (i + offset) % 2 == 1);
        let white = if white { "yes" } else { "no" };
        ui.label(egui::RichText::new(t!(tr, "moves-also", number = number, white = white)).weak());
        for ply in m.game.continuations(i) {
            if ply == shown {
                continue;
            }
            let text = egui::RichText::new(ply_text(ply, tr))
                .monospace()
                .color(VARIATION);
            if ui
                .selectable_label(false, text)
                .on_hover_text(t!(tr, "follow-line"))
                .clicked()
            {
                requests.commands.push(Command::Choose { at: i, ply });
            }
        }
    });
}

/// The name of an opening the record reaches, under the row of the move that reached it;
/// weak until the game shown reaches it.
fn opening_name(ui: &mut egui::Ui, m: &Match, n: &Named<'_>) {
    let text = egui::RichText::new(&n.opening.name).italics();
    let text = if n.ply <= m.game.cursor() {
        text
    } else {
        text.weak()
    };
    ui.horizontal(|ui| {
        ui.add_space(44.0);
        ui.label(text);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `add` in a fresh window's central panel, once laid out.
    fn in_a_panel<R>(add: impl Fn(&mut egui::Ui) -> R) -> R {
        let ctx = egui::Context::default();
        let mut out = None;
        for _ in 0..2 {
            ctx.begin_pass(egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(400.0, 600.0),
                )),
                ..egui::RawInput::default()
            });
            let mut root = crate::app::ui::panels::root_ui(&ctx);
            egui::CentralPanel::default().show(&mut root, |ui| out = Some(add(ui)));
            ctx.end_pass().textures_delta.clear();
        }
        out.expect("the panel ran")
    }

    #[test]
    fn only_the_rows_in_view_are_laid_out() {
        // 100 rows 20 apart, the view showing 200..400 of the content: rows 10 to 19.
        let (rows, place, top) = in_a_panel(|ui| {
            let top = ui.max_rect().top();
            let viewport =
                egui::Rect::from_min_max(egui::pos2(0.0, 200.0), egui::pos2(300.0, 400.0));
            let (rows, place) = visible_rows(ui, viewport, 100, 20.0);
            (rows, place, top)
        });
        assert_eq!(rows, 10..20);
        assert_eq!(place.top(), top + 200.0);
        // Scrolled past the end: nothing to draw; before the start: the first rows.
        let (past, _, _) = in_a_panel(|ui| {
            let viewport =
                egui::Rect::from_min_max(egui::pos2(0.0, 5000.0), egui::pos2(300.0, 5200.0));
            let (rows, place) = visible_rows(ui, viewport, 100, 20.0);
            (rows, place, 0.0)
        });
        assert_eq!(past, 100..100);
        let (first, _, _) = in_a_panel(|ui| {
            let viewport = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(300.0, 50.0));
            let (rows, place) = visible_rows(ui, viewport, 100, 20.0);
            (rows, place, 0.0)
        });
        assert_eq!(first, 0..3);
    }

    #[test]
    fn the_columns_fit_a_marked_move_and_follow_each_other() {
        let tr = Tr::default();
        let [number, black, white] = in_a_panel(|ui| move_columns(ui, &tr));
        assert_eq!(number, (0.0, 34.0));
        // Black's column starts after the number and a gap; White's after Black's.
        assert_eq!(black.0, 44.0);
        assert_eq!(white.0, black.0 + black.1 + 10.0);
        assert_eq!(black.1, white.1);
        assert!(black.1 >= 34.0);
    }
}

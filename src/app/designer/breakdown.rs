//! "Why this score": every term of the evaluation of the position shown, with the file and
//! line of each table entry, the heatmap of the terms' squares, and the edits made there.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::t;

use crate::engine::{Board, Breakdown, Square};

use super::edit::{edit_entry, edit_feature, table_text, undo_edit};
use super::watch::DesignerFolder;
use crate::app::highlight::{Focus, Heat};
use crate::app::i18n::{Tr, side_id};
use crate::app::notices::{Notice, Toasts};
use crate::app::play::game::Match;

/// The breakdown of the position shown, with where each term lives, kept until the
/// position or the tables change.
#[derive(Default)]
pub(super) struct Shown {
    board: Option<Board>,
    /// The tables it was computed with (their address: a reload makes new ones).
    tables: usize,
    breakdown: Option<Breakdown>,
    /// The same position with the shipped tables, to show what the folder changes.
    shipped: Option<Breakdown>,
    /// The pattern terms by size, with `file:line` (or "not listed").
    rows: Vec<(usize, String)>,
    /// The term being edited (an index into the breakdown's patterns) and the value typed.
    editing: Option<(usize, f32)>,
    /// The feature being edited (an index into the breakdown's features) and the weight
    /// typed.
    editing_feature: Option<(usize, f32)>,
    /// Whether the board shows the heatmap.
    heatmap: bool,
    /// The families' entry lines read so far for these tables.
    lines: Vec<(&'static str, EntryLines)>,
}

/// Where a pattern file writes each entry: its name and the line of each configuration
/// (by canonical index), read once.
#[derive(Default)]
pub(super) struct EntryLines {
    name: String,
    lines: std::collections::HashMap<usize, usize>,
    family: Option<crate::engine::eval::pattern::PatternFamily>,
}

impl EntryLines {
    /// Indexes the folder's file of `family`, or the shipped one.
    fn read(dir: &Path, family: &str) -> EntryLines {
        let (name, text) = table_text(dir, &format!("patterns/{family}.ron"));
        let family = crate::engine::eval::params::family(family);
        let mut lines = std::collections::HashMap::new();
        if let Some(f) = &family {
            for (n, line) in text.lines().enumerate() {
                let mut quoted = line.split('"');
                if let (Some(_), Some(key)) = (quoted.next(), quoted.next())
                    && let Ok(index) = f.parse_index(key)
                {
                    lines.entry(f.canonical(index)).or_insert(n + 1);
                }
            }
        }
        EntryLines {
            name,
            lines,
            family,
        }
    }

    /// `file:line` of a configuration's entry (its key in the files' notation), or the file.
    fn at(&self, key: &str) -> String {
        let line = self.family.as_ref().and_then(|f| {
            let index = f.canonical(f.parse_index(key).ok()?);
            self.lines.get(&index)
        });
        match line {
            Some(line) => format!("{}:{line}", self.name),
            None => self.name.clone(),
        }
    }
}

/// Each square's share of the pattern terms: every instance's value spread evenly over its
/// squares, hundredths of a disc.
pub(super) fn square_shares(x: &Breakdown) -> [f32; 64] {
    let mut shares = [0.0f32; 64];
    for p in &x.patterns {
        let each = p.centidiscs as f32 / p.squares.len() as f32;
        for s in &p.squares {
            shares[s.index() as usize] += each;
        }
    }
    shares
}

/// How many pattern terms the window lists.
pub(super) const TERMS_SHOWN: usize = 16;

impl Shown {
    /// Computes the breakdown of `board` with the folder's tables (`tables`, their address)
    /// and the shipped ones, and where its largest pattern terms are written; an edit in
    /// hand stays while the position does.
    fn refresh(&mut self, board: Board, tables: usize, folder: &DesignerFolder, tr: &Tr) {
        let breakdown = folder.set.eval.explain(&board);
        let mut order: Vec<usize> = (0..breakdown.patterns.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&breakdown.patterns[a], &breakdown.patterns[b]);
            b.centidiscs.abs().total_cmp(&a.centidiscs.abs())
        });
        order.truncate(TERMS_SHOWN);
        // Where each family's entries are written: indexed once per family and set of
        // tables, so that a new position costs only the breakdown.
        if self.tables != tables {
            self.lines.clear();
        }
        let rows = order
            .into_iter()
            .map(|i| {
                let p = &breakdown.patterns[i];
                if !p.listed {
                    return (i, t!(tr, "designer-not-listed"));
                }
                if !self.lines.iter().any(|(f, _)| *f == p.family) {
                    let index = EntryLines::read(&folder.dir, p.family);
                    self.lines.push((p.family, index));
                }
                let (_, index) = self
                    .lines
                    .iter()
                    .find(|(f, _)| *f == p.family)
                    .expect("indexed above");
                (i, index.at(&p.key))
            })
            .collect();
        let editing = self.editing.filter(|_| self.board == Some(board));
        let editing_feature = self.editing_feature.filter(|_| self.board == Some(board));
        let heatmap = self.heatmap;
        let lines = std::mem::take(&mut self.lines);
        *self = Shown {
            board: Some(board),
            tables,
            breakdown: Some(breakdown),
            shipped: Some(crate::engine::PatternEval::shipped_shared().explain(&board)),
            rows,
            editing,
            editing_feature,
            heatmap,
            lines,
        };
    }
}

/// A value in hundredths of a disc, written in discs with its sign: `+1.25`.
fn discs(cd: f64) -> String {
    format!("{:+.2}", cd / 100.0)
}

/// The colour of a value the folder's tables change from the shipped ones.
const CHANGED: egui::Color32 = egui::Color32::from_rgb(255, 190, 110);

/// "Why this score": every term of the evaluation of the position shown (the designer's
/// tables in force), the largest first, with the file and line of each table entry; the
/// pointer on a term marks its squares on the board.
pub(super) fn show_breakdown(
    mut contexts: EguiContexts,
    mut folder: ResMut<DesignerFolder>,
    m: Res<Match>,
    (mut focus, mut heat): (ResMut<Focus>, ResMut<Heat>),
    mut toasts: ResMut<Toasts>,
    mut shown: Local<Shown>,
    tr: Res<Tr>,
) -> Result {
    let tr = &*tr;
    let board = m.position().board;
    let tables = std::sync::Arc::as_ptr(&folder.set.eval) as usize;
    if shown.board != Some(board) || shown.tables != tables {
        shown.refresh(board, tables, &folder, tr);
    }
    let shown = &mut *shown;
    let Some(x) = &shown.breakdown else {
        return Ok(());
    };
    let mut edit: Option<(usize, f32)> = None;
    let mut edit_feature_to: Option<(usize, f32)> = None;
    let mut undo = false;
    // The keyframe nearer the position's empties: the one an edit changes.
    let phases = &folder.set.eval.file().phases;
    let (ki, kj, t) = crate::engine::eval::params::interpolation(phases, x.empties.min(60));
    let nearest = if t >= 0.5 { kj } else { ki };
    let nearest_empties = phases[nearest];
    let ctx = contexts.ctx_mut()?;
    let mut pointed = 0u64;
    egui::Window::new(t!(tr, "designer-why-title"))
        .id(egui::Id::new("designer_why"))
        .collapsible(true)
        .default_open(true)
        .resizable(true)
        .default_pos(egui::pos2(12.0, 36.0))
        .default_width(430.0)
        .show(ctx, |ui| {
            let side = m.position().side_to_move;
            let shipped = shown.shipped.as_ref();
            summary(ui, tr, side, x, shipped, &mut shown.heatmap);
            egui::Grid::new("breakdown")
                .num_columns(4)
                .striped(true)
                .show(ui, |ui| {
                    let editing = (&mut shown.editing, &mut shown.editing_feature);
                    feature_rows(ui, tr, x, &folder, nearest, editing);
                    let editing = (&mut shown.editing, &mut shown.editing_feature);
                    pointed = pattern_rows(ui, tr, x, &shown.rows, shipped, editing);
                });
            if let Some((i, value)) = shown.editing.as_mut() {
                edit = entry_editor(ui, tr, x, *i, value);
                pointed = x.patterns[*i]
                    .squares
                    .iter()
                    .map(|s: &Square| s.bit())
                    .sum();
            }
            if let Some((fi, value)) = shown.editing_feature.as_mut() {
                edit_feature_to = feature_editor(ui, tr, x, *fi, value, nearest_empties);
            }
            if !folder.undo.is_empty()
                && ui
                    .button(t!(tr, "designer-undo", edits = folder.undo.len()))
                    .clicked()
            {
                undo = true;
            }
        });
    if let Some((i, value)) = edit {
        apply_entry_edit(&mut folder, x, i, value, &mut toasts, tr);
    }
    if let Some((fi, value)) = edit_feature_to {
        let name = x.features[fi].name;
        let current = folder.set.eval.file().weights()[fi].clone();
        let edited = edit_feature(&folder.dir, name, nearest, value, &current);
        keep_edit(&mut folder, edited, &mut toasts, tr);
    }
    if undo && let Some((path, before)) = folder.undo.pop() {
        match undo_edit(&path, before.as_deref()) {
            Ok(()) => toasts.push(t!(tr, "designer-undone", path = path.display().to_string())),
            Err(e) => toasts.push(t!(tr, "designer-undo-failed", error = e)),
        }
    }
    focus.set_if_neq(Focus(pointed));
    heat.set_if_neq(Heat(shown.heatmap.then(|| square_shares(x))));
    Ok(())
}

/// The window's head: the side to move, the empties and the totals; the heatmap's switch;
/// what the shipped tables say when the folder's differ; how to read the terms.
fn summary(
    ui: &mut egui::Ui,
    tr: &Tr,
    side: crate::engine::Side,
    x: &Breakdown,
    shipped: Option<&Breakdown>,
    heatmap: &mut bool,
) {
    ui.label(t!(
        tr,
        "designer-summary",
        side = side_id(side),
        empties = x.empties,
        total = discs(f64::from(x.total)),
        features = discs(f64::from(x.features_total())),
        patterns = discs(x.patterns_total() + x.rounding)
    ));
    ui.checkbox(heatmap, t!(tr, "designer-heatmap"))
        .on_hover_text(t!(tr, "designer-heatmap-hover"));
    if let Some(y) = shipped.filter(|y| y.total != x.total) {
        ui.label(
            egui::RichText::new(t!(
                tr,
                "designer-shipped-say",
                total = discs(f64::from(y.total))
            ))
            .color(CHANGED),
        );
    }
    ui.label(egui::RichText::new(t!(tr, "designer-help")).weak().small());
}

/// The term being edited (a pattern entry's, a feature's) and the value typed, as
/// [`Shown`] keeps them.
type Editing<'a> = (&'a mut Option<(usize, f32)>, &'a mut Option<(usize, f32)>);

/// The grid's rows of the features that count here, each with its button to edit its
/// weight at the keyframe `nearest`.
fn feature_rows(
    ui: &mut egui::Ui,
    tr: &Tr,
    x: &Breakdown,
    folder: &DesignerFolder,
    nearest: usize,
    (editing, editing_feature): Editing<'_>,
) {
    for (fi, f) in x.features.iter().enumerate() {
        if f.centidiscs == 0 {
            continue;
        }
        ui.label(egui::RichText::new(discs(f64::from(f.centidiscs))).monospace());
        ui.label(f.name);
        ui.label(format!("{:+} x {}", f.value, discs(f64::from(f.weight))));
        ui.label(egui::RichText::new("eval.ron").weak());
        let selected = editing_feature.is_some_and(|(e, _)| e == fi);
        if ui
            .selectable_label(selected, t!(tr, "designer-edit"))
            .on_hover_text(t!(tr, "designer-edit-feature-hover"))
            .clicked()
        {
            let row = folder.set.eval.file().weights()[fi];
            *editing_feature = Some((fi, row[nearest]));
            *editing = None;
        }
        ui.end_row();
    }
}

/// The grid's rows of the largest pattern terms (`rows`: the term and where its entry is
/// written), the shipped tables' value beside a changed one, each with its button to edit
/// the entry; returns the squares of the term the pointer is on (0: none).
fn pattern_rows(
    ui: &mut egui::Ui,
    tr: &Tr,
    x: &Breakdown,
    rows: &[(usize, String)],
    shipped: Option<&Breakdown>,
    (editing, editing_feature): Editing<'_>,
) -> u64 {
    let mut pointed = 0;
    for (i, at) in rows {
        let p = &x.patterns[*i];
        let squares: u64 = p.squares.iter().map(|s: &Square| s.bit()).sum();
        let before = shipped
            .and_then(|y| {
                y.patterns
                    .iter()
                    .find(|q| q.family == p.family && q.squares == p.squares)
            })
            .map_or(0.0, |q| q.centidiscs);
        let value = if (before - p.centidiscs).abs() > 1e-9 {
            egui::RichText::new(format!("{} ({})", discs(p.centidiscs), discs(before)))
                .color(CHANGED)
        } else {
            egui::RichText::new(discs(p.centidiscs))
        };
        let cells = [
            ui.label(value.monospace()),
            ui.label(p.family),
            ui.label(egui::RichText::new(&p.key).monospace()),
            ui.label(egui::RichText::new(at).weak()),
        ];
        let selected = editing.is_some_and(|(e, _)| e == *i);
        let button = ui
            .selectable_label(selected, t!(tr, "designer-edit"))
            .on_hover_text(t!(tr, "designer-edit-entry-hover"));
        if button.clicked() {
            let k = usize::from(x.blend >= 0.5);
            *editing = Some((*i, p.keyframes[k].1 as f32 / 100.0));
            *editing_feature = None;
        }
        if cells.iter().any(egui::Response::hovered) || button.hovered() {
            pointed = squares;
        }
        ui.end_row();
    }
    pointed
}

/// The editor of pattern term `i`'s entry at its nearer keyframe: the value typed and
/// its Apply button; the edit asked for when it is clicked.
fn entry_editor(
    ui: &mut egui::Ui,
    tr: &Tr,
    x: &Breakdown,
    i: usize,
    value: &mut f32,
) -> Option<(usize, f32)> {
    let p = &x.patterns[i];
    let k = usize::from(x.blend >= 0.5);
    let mut edit = None;
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.label(t!(
            tr,
            "designer-entry-at",
            family = p.family,
            key = p.key.as_str(),
            empties = p.keyframes[k].0
        ));
        ui.add(
            egui::DragValue::new(value)
                .speed(0.05)
                .range(-64.0..=64.0)
                .suffix(t!(tr, "designer-discs-suffix")),
        );
        if ui
            .button(t!(tr, "designer-apply"))
            .on_hover_text(t!(tr, "designer-apply-entry-hover"))
            .clicked()
        {
            edit = Some((i, *value));
        }
    });
    edit
}

/// The editor of feature `fi`'s weight at the keyframe of `empties`: the weight typed and
/// its Apply button; the edit asked for when it is clicked.
fn feature_editor(
    ui: &mut egui::Ui,
    tr: &Tr,
    x: &Breakdown,
    fi: usize,
    value: &mut f32,
    empties: u32,
) -> Option<(usize, f32)> {
    let mut edit = None;
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.label(t!(
            tr,
            "designer-feature-at",
            name = x.features[fi].name,
            empties = empties
        ));
        ui.add(
            egui::DragValue::new(value)
                .speed(0.05)
                .range(-64.0..=64.0)
                .suffix(t!(tr, "designer-discs-unit-suffix")),
        );
        if ui
            .button(t!(tr, "designer-apply"))
            .on_hover_text(t!(tr, "designer-apply-feature-hover"))
            .clicked()
        {
            edit = Some((fi, *value));
        }
    });
    edit
}

/// Sets pattern term `i`'s entry at its nearer keyframe to `value` discs in the folder's
/// file.
fn apply_entry_edit(
    folder: &mut DesignerFolder,
    x: &Breakdown,
    i: usize,
    value: f32,
    toasts: &mut Toasts,
    tr: &Tr,
) {
    let p = &x.patterns[i];
    let k = usize::from(x.blend >= 0.5);
    let phases = &folder.set.eval.file().phases;
    let keyframe = phases
        .iter()
        .position(|&e| e == p.keyframes[k].0)
        .unwrap_or(0);
    let index = crate::engine::eval::params::family(p.family)
        .map(|f| f.canonical(f.parse_index(&p.key).unwrap_or(0)));
    let current = folder
        .set
        .eval
        .tables()
        .find(|(f, _)| f.name == p.family)
        .and_then(|(_, entries)| entries.iter().find(|(c, _)| Some(*c) == index))
        .map_or_else(|| vec![0.0; phases.len()], |(_, v)| v.clone());
    let edited = edit_entry(&folder.dir, p.family, &p.key, keyframe, value, &current);
    keep_edit(folder, edited, toasts, tr);
}

/// Keeps an edit made in the folder's file to undo, and says what it did or why it failed.
fn keep_edit(
    folder: &mut DesignerFolder,
    edited: Result<(PathBuf, Option<String>, Notice), String>,
    toasts: &mut Toasts,
    tr: &Tr,
) {
    match edited {
        Ok((path, before, message)) => {
            folder.undo.push((path, before));
            toasts.push(message.text(tr));
        }
        Err(e) => toasts.push(t!(tr, "designer-edit-failed", error = e)),
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::app::temp_dir::TempDir;

    use crate::engine::eval::shipped_pattern_text;

    #[test]
    fn the_breakdown_reads_the_folder_s_table_or_the_shipped_one() {
        let dir = TempDir::new("designer-table-text");
        fs::create_dir_all(dir.0.join("patterns")).unwrap();
        fs::write(dir.0.join("patterns/edge.ron"), "edited").unwrap();
        let (name, text) = table_text(&dir.0, "patterns/edge.ron");
        assert_eq!(
            (name, text),
            (
                dir.0.join("patterns/edge.ron").display().to_string(),
                "edited".to_string()
            )
        );
        let (name, text) = table_text(&dir.0, "patterns/line2.ron");
        assert_eq!(name, "config/patterns/line2.ron");
        assert_eq!(text, shipped_pattern_text("line2").unwrap());
    }

    #[test]
    fn the_heatmap_spreads_each_term_over_its_squares() {
        let eval = crate::engine::PatternEval::shipped_shared();
        let x = eval.explain(&Board::start());
        let shares = square_shares(&x);
        // All the pattern terms are on the board: the shares add up to their sum.
        let total: f32 = shares.iter().sum();
        assert!((f64::from(total) - x.patterns_total()).abs() < 0.01);
        // The start is symmetric under a half turn: a1 and h8 get the same share.
        assert!((shares[0] - shares[63]).abs() < 1e-3);
    }

    #[test]
    fn entry_lines_are_indexed_once_per_file() {
        let dir = TempDir::new("designer-lines");
        let edge = EntryLines::read(&dir.0, "edge");
        assert_eq!(edge.at("-------- --"), "config/patterns/edge.ron:8");
        // A mirror image finds the same entry.
        let key = "X------- --";
        let mirror = EDGE_MIRROR_OF_X;
        assert_eq!(edge.at(key), edge.at(mirror));
        assert_eq!(edge.lines.len(), 24_736);
    }

    /// The edge configuration `X------- --` seen from the other corner.
    const EDGE_MIRROR_OF_X: &str = "-------X --";
}

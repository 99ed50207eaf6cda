//! "Why this score": every term of the evaluation of the position shown, with the file and
//! line of each table entry, the heatmap of the terms' squares, and the edits made there.

use std::path::Path;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::t;

use crate::engine::{Board, Breakdown, Square};

use super::super::game::Match;
use super::super::highlight::{Focus, Heat};
use super::super::i18n::{Tr, side_id};
use super::super::notices::Toasts;
use super::edit::{edit_entry, edit_feature, table_text, undo_edit};
use super::watch::DesignerFolder;

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
        let breakdown = folder.set.eval.explain(&board);
        let mut order: Vec<usize> = (0..breakdown.patterns.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&breakdown.patterns[a], &breakdown.patterns[b]);
            b.centidiscs.abs().total_cmp(&a.centidiscs.abs())
        });
        order.truncate(TERMS_SHOWN);
        // Where each family's entries are written: indexed once per family and set of
        // tables, so that a new position costs only the breakdown.
        if shown.tables != tables {
            shown.lines.clear();
        }
        let rows = order
            .into_iter()
            .map(|i| {
                let p = &breakdown.patterns[i];
                if !p.listed {
                    return (i, t!(tr, "designer-not-listed"));
                }
                if !shown.lines.iter().any(|(f, _)| *f == p.family) {
                    let index = EntryLines::read(&folder.dir, p.family);
                    shown.lines.push((p.family, index));
                }
                let (_, index) = shown
                    .lines
                    .iter()
                    .find(|(f, _)| *f == p.family)
                    .expect("indexed above");
                (i, index.at(&p.key))
            })
            .collect();
        let editing = shown.editing.filter(|_| shown.board == Some(board));
        let editing_feature = shown.editing_feature.filter(|_| shown.board == Some(board));
        let heatmap = shown.heatmap;
        let lines = std::mem::take(&mut shown.lines);
        *shown = Shown {
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
    let discs = |cd: f64| format!("{:+.2}", cd / 100.0);
    let mut pointed = 0u64;
    egui::Window::new(t!(tr, "designer-why-title"))
        .id(egui::Id::new("designer_why"))
        .collapsible(true)
        .default_open(true)
        .resizable(true)
        .default_pos(egui::pos2(12.0, 36.0))
        .default_width(430.0)
        .show(ctx, |ui| {
            ui.label(t!(
                tr,
                "designer-summary",
                side = side_id(m.position().side_to_move),
                empties = x.empties,
                total = discs(f64::from(x.total)),
                features = discs(f64::from(x.features_total())),
                patterns = discs(x.patterns_total() + x.rounding)
            ));
            ui.checkbox(&mut shown.heatmap, t!(tr, "designer-heatmap"))
                .on_hover_text(t!(tr, "designer-heatmap-hover"));
            let shipped = shown.shipped.as_ref();
            if let Some(y) = shipped.filter(|y| y.total != x.total) {
                ui.label(
                    egui::RichText::new(t!(
                        tr,
                        "designer-shipped-say",
                        total = discs(f64::from(y.total))
                    ))
                    .color(egui::Color32::from_rgb(255, 190, 110)),
                );
            }
            ui.label(egui::RichText::new(t!(tr, "designer-help")).weak().small());
            egui::Grid::new("breakdown")
                .num_columns(4)
                .striped(true)
                .show(ui, |ui| {
                    for (fi, f) in x.features.iter().enumerate() {
                        if f.centidiscs == 0 {
                            continue;
                        }
                        ui.label(egui::RichText::new(discs(f64::from(f.centidiscs))).monospace());
                        ui.label(f.name);
                        ui.label(format!("{:+} x {}", f.value, discs(f64::from(f.weight))));
                        ui.label(egui::RichText::new("eval.ron").weak());
                        let selected = shown.editing_feature.is_some_and(|(e, _)| e == fi);
                        if ui
                            .selectable_label(selected, t!(tr, "designer-edit"))
                            .on_hover_text(t!(tr, "designer-edit-feature-hover"))
                            .clicked()
                        {
                            let row = folder.set.eval.file().weights()[fi];
                            shown.editing_feature = Some((fi, row[nearest]));
                            shown.editing = None;
                        }
                        ui.end_row();
                    }
                    for (i, at) in &shown.rows {
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
                            egui::RichText::new(format!(
                                "{} ({})",
                                discs(p.centidiscs),
                                discs(before)
                            ))
                            .color(egui::Color32::from_rgb(255, 190, 110))
                        } else {
                            egui::RichText::new(discs(p.centidiscs))
                        };
                        let cells = [
                            ui.label(value.monospace()),
                            ui.label(p.family),
                            ui.label(egui::RichText::new(&p.key).monospace()),
                            ui.label(egui::RichText::new(at).weak()),
                        ];
                        let selected = shown.editing.is_some_and(|(e, _)| e == *i);
                        let button = ui
                            .selectable_label(selected, t!(tr, "designer-edit"))
                            .on_hover_text(t!(tr, "designer-edit-entry-hover"));
                        if button.clicked() {
                            let k = usize::from(x.blend >= 0.5);
                            shown.editing = Some((*i, p.keyframes[k].1 as f32 / 100.0));
                            shown.editing_feature = None;
                        }
                        if cells.iter().any(egui::Response::hovered) || button.hovered() {
                            pointed = squares;
                        }
                        ui.end_row();
                    }
                });
            if let Some((i, value)) = shown.editing.as_mut() {
                let p = &x.patterns[*i];
                let k = usize::from(x.blend >= 0.5);
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
                        edit = Some((*i, *value));
                    }
                });
                pointed = p.squares.iter().map(|s: &Square| s.bit()).sum();
            }
            if let Some((fi, value)) = shown.editing_feature.as_mut() {
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    ui.label(t!(
                        tr,
                        "designer-feature-at",
                        name = x.features[*fi].name,
                        empties = nearest_empties
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
                        edit_feature_to = Some((*fi, *value));
                    }
                });
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
        match edit_entry(&folder.dir, p.family, &p.key, keyframe, value, &current) {
            Ok((path, before, message)) => {
                folder.undo.push((path, before));
                toasts.push(message.text(tr));
            }
            Err(e) => toasts.push(t!(tr, "designer-edit-failed", error = e)),
        }
    }
    if let Some((fi, value)) = edit_feature_to {
        let name = x.features[fi].name;
        let current = folder.set.eval.file().weights()[fi].clone();
        match edit_feature(&folder.dir, name, nearest, value, &current) {
            Ok((path, before, message)) => {
                folder.undo.push((path, before));
                toasts.push(message.text(tr));
            }
            Err(e) => toasts.push(t!(tr, "designer-edit-failed", error = e)),
        }
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

#[cfg(test)]
mod tests {
    use std::fs;

    use super::super::super::temp_dir::TempDir;
    use super::*;

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

//! The designers' loop: `reversi --config <dir>` plays with a designer's folder
//! (`search.ron`, `eval.ron`, `patterns/*.ron`, `levels.ron`; missing files come from the
//! shipped set) and reloads a file within a second of it being saved.
//!
//! The folder is polled: a few times a second the files' modification times are read and
//! compared with the last ones (a handful of `stat` calls, no watcher thread). A changed
//! part is loaded whole or not at all ([`ConfigSet::reload`]): a broken file is listed in a
//! panel with its line and message until it is fixed, and the last good tables and levels
//! stay in force meanwhile. A toast says what was reloaded.
//!
//! This file keeps its own copy of the tables in force and hands new ones to the engine as
//! a [`TablesReloaded`] message; it touches no resource of the engine's.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::t;

use crate::engine::eval::explain::entry_line;
use crate::engine::eval::shipped_file_text;
use crate::engine::{
    Board, Breakdown, ConfigError, ConfigSet, Level, Square, default_levels, parse_levels,
};

use super::engine_config::TablesReloaded;
use super::game::Match;
use super::highlight::{Focus, Heat};
use super::i18n::{Tr, side_id};
use super::notices::{Notice, Toasts};
use super::settings::Settings;
use super::{GameSystems, RunOptions};

/// Seconds between two looks at the folder.
const POLL_S: f32 = 0.3;

/// The files of a folder the game reads besides `patterns/*.ron`.
const TOP_FILES: [&str; 3] = ["search.ron", "eval.ron", "levels.ron"];

/// The modification time of each file the game reads from a folder, by its path relative
/// to the folder (`eval.ron`, `patterns/edge.ron`); missing files are absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Stamps(BTreeMap<String, SystemTime>);

/// Reads the modification times of the folder's files.
pub(super) fn scan(dir: &Path) -> Stamps {
    let mut stamps = BTreeMap::new();
    let mut note = |rel: String| {
        if let Ok(modified) = fs::metadata(dir.join(&rel)).and_then(|m| m.modified()) {
            stamps.insert(rel, modified);
        }
    };
    for name in TOP_FILES {
        note(name.to_string());
    }
    if let Ok(entries) = fs::read_dir(dir.join("patterns")) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ron") {
                note(format!("patterns/{name}"));
            }
        }
    }
    Stamps(stamps)
}

/// The files added, removed or modified between two scans, in path order.
pub(super) fn changed_files(old: &Stamps, new: &Stamps) -> Vec<String> {
    let mut changed: Vec<String> = new
        .0
        .iter()
        .filter(|(rel, time)| old.0.get(*rel) != Some(*time))
        .map(|(rel, _)| rel.clone())
        .chain(
            old.0
                .keys()
                .filter(|rel| !new.0.contains_key(*rel))
                .cloned(),
        )
        .collect();
    changed.sort();
    changed
}

/// The part of the configuration a file belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Search,
    Eval,
    Levels,
}

fn part_of(rel: &str) -> Part {
    match rel {
        "search.ron" => Part::Search,
        "levels.ron" => Part::Levels,
        _ => Part::Eval,
    }
}

/// What a reload changed and found wrong.
#[derive(Debug, Default)]
pub(super) struct Reload {
    /// The search settings were replaced.
    pub search: bool,
    /// The evaluator was replaced.
    pub eval: bool,
    /// The new list of levels, when `levels.ron` changed and is valid.
    pub levels: Option<Vec<Level>>,
    /// What to tell the player, e.g. "Reloaded eval.ron".
    pub messages: Vec<Notice>,
    /// Every problem with the folder's files as they are now (shown until fixed).
    pub errors: Vec<ConfigError>,
}

/// Reads the folder again after `changed` files changed (see [`changed_files`]): the parts
/// those files belong to replace the ones in `set` when all their files are valid. Errors
/// are collected for every file, changed or not, so that a broken file stays listed until
/// it is fixed.
pub(super) fn reload(dir: &Path, changed: &[String], set: &mut ConfigSet) -> Reload {
    let mut io_errors = Vec::new();
    let mut read = |rel: &str| -> Option<(String, String)> {
        let path: PathBuf = dir.join(rel);
        match fs::read_to_string(&path) {
            Ok(text) => Some((path.display().to_string(), text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => {
                io_errors.push(ConfigError::invalid(
                    &path.display().to_string(),
                    e.to_string(),
                ));
                None
            }
        }
    };
    let mut fresh = set.clone();
    let errors = fresh.reload(&mut read).err().unwrap_or_default();
    let levels = match read("levels.ron") {
        Some((name, text)) => parse_levels(&name, &text),
        None => Ok(default_levels()),
    };
    let mut reload = Reload::default();
    let failed = |part: Part| {
        errors.iter().any(|e| {
            let search = e.file.ends_with("search.ron");
            search == (part == Part::Search)
        })
    };
    let touched = |part: Part| changed.iter().any(|rel| part_of(rel) == part);
    if touched(Part::Search) && !failed(Part::Search) {
        reload.search = fresh.search != set.search;
        set.search = fresh.search.clone();
    }
    if touched(Part::Eval) && !failed(Part::Eval) {
        reload.eval = true;
        set.eval = fresh.eval.clone();
    }
    let levels_ok = levels.is_ok();
    if touched(Part::Levels)
        && let Ok(list) = &levels
    {
        reload.levels = Some(list.clone());
    }
    for rel in changed {
        let ok = match part_of(rel) {
            Part::Levels => levels_ok,
            part => !failed(part),
        };
        if !ok {
            continue;
        }
        reload.messages.push(if dir.join(rel).exists() {
            Notice::new("designer-reloaded").arg("file", rel)
        } else {
            Notice::new("designer-removed").arg("file", rel)
        });
    }
    reload.errors = errors;
    reload.errors.extend(levels.err());
    reload.errors.extend(io_errors);
    reload
}

/// The level to switch to when the selected one is gone from a new list (the first), and
/// what to tell the player; `None` when the selected level is still there.
pub(super) fn level_fallback(levels: &[Level], selected: &str) -> Option<(String, Notice)> {
    if levels.iter().any(|l| l.name == selected) {
        return None;
    }
    let first = levels.first()?.name.clone();
    let message = Notice::new("designer-level-gone")
        .arg("level", selected)
        .arg("first", &first);
    Some((first, message))
}

/// The folder watched, its last scan, the tables read from it and the problems found in it.
#[derive(Resource, Debug)]
struct DesignerFolder {
    dir: PathBuf,
    stamps: Stamps,
    timer: Timer,
    /// The tables in force: the last good part of each kind (the engine has the same).
    set: ConfigSet,
    errors: Vec<ConfigError>,
    /// The edits made from the game, latest last: each file's path and its text before
    /// (`None`: the folder did not have it), for "Undo last edit".
    undo: Vec<(PathBuf, Option<String>)>,
}

impl DesignerFolder {
    /// The folder, before its first load.
    fn new(dir: PathBuf) -> DesignerFolder {
        DesignerFolder {
            dir,
            stamps: Stamps::default(),
            timer: Timer::from_seconds(POLL_S, TimerMode::Repeating),
            set: ConfigSet::shipped(),
            errors: Vec::new(),
            undo: Vec::new(),
        }
    }
}

/// The player's own designer folder, for the Settings switch: beside the settings with
/// `--settings-dir`, else in the OS data folder; `None` for a scripted run.
fn own_folder(options: &RunOptions) -> Option<PathBuf> {
    if options.scripted() {
        return None;
    }
    match &options.settings_dir {
        Some(dir) => Some(dir.join("designer")),
        None => {
            directories::ProjectDirs::from("", "", "reversi").map(|d| d.data_dir().join("designer"))
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<RunOptions>().clone();
    app.init_resource::<Tr>();
    if let Some(dir) = options.config_dir.clone() {
        app.insert_resource(DesignerFolder::new(dir))
            .add_systems(Startup, load_folder);
    }
    let present = resource_exists::<DesignerFolder>;
    app.add_systems(
        Update,
        (
            follow_setting.run_if(move || options.config_dir.is_none()),
            watch_folder.run_if(present),
        )
            .chain()
            .in_set(GameSystems::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (show_errors, show_breakdown)
            .run_if(present)
            .in_set(GameSystems::Ui),
    );
}

/// Settings > Designer's view, without `--config`: on, the player's own designer folder is
/// created if need be and played with (read at once, then watched like `--config`'s); off,
/// the shipped tables and levels come back.
fn follow_setting(
    mut commands: Commands,
    options: Res<RunOptions>,
    folder: Option<ResMut<DesignerFolder>>,
    mut outputs: ReloadOutputs,
) {
    match (outputs.settings.designer, folder) {
        (true, None) => {
            let Some(dir) = own_folder(&options) else {
                return;
            };
            if let Err(e) = fs::create_dir_all(dir.join("patterns")) {
                outputs.settings.designer = false;
                let text = t!(
                    outputs.tr,
                    "designer-folder-error",
                    dir = dir.display().to_string(),
                    error = e.to_string()
                );
                outputs.toasts.push(text);
                return;
            }
            let mut folder = DesignerFolder::new(dir);
            folder.stamps = scan(&folder.dir);
            let all: Vec<String> = folder.stamps.0.keys().cloned().collect();
            let mut reloaded = reload(&folder.dir, &all, &mut folder.set);
            reloaded.messages = vec![Notice::new("designer-on").path("dir", &folder.dir)];
            apply(&mut folder, reloaded, &all, &mut outputs);
            commands.insert_resource(folder);
        }
        (false, Some(_)) => {
            commands.remove_resource::<DesignerFolder>();
            outputs.tables.write(TablesReloaded {
                set: Some(ConfigSet::shipped()),
                levels: Some(default_levels()),
            });
            let text = t!(outputs.tr, "designer-off");
            outputs.toasts.push(text);
        }
        _ => {}
    }
}

/// The breakdown of the position shown, with where each term lives, kept until the
/// position or the tables change.
#[derive(Default)]
struct Shown {
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
struct EntryLines {
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
fn square_shares(x: &Breakdown) -> [f32; 64] {
    let mut shares = [0.0f32; 64];
    for p in &x.patterns {
        let each = p.centidiscs as f32 / p.squares.len() as f32;
        for s in &p.squares {
            shares[s.index() as usize] += each;
        }
    }
    shares
}

/// Changes the folder's file `rel` (the shipped one copied in first when the folder lacks
/// it) by `change`, written atomically; returns the path and the text it replaced (`None`:
/// there was no file). The folder watcher then reloads it like any save.
fn write_edit(
    dir: &Path,
    rel: &str,
    shipped: &str,
    change: impl FnOnce(&str) -> Result<String, String>,
) -> Result<(PathBuf, Option<String>, String), String> {
    let path = dir.join(rel);
    let before = fs::read_to_string(&path).ok();
    let text = change(before.as_deref().unwrap_or(shipped))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    let tmp = path.with_extension("ron.tmp");
    fs::write(&tmp, &text)
        .and_then(|()| fs::rename(&tmp, &path))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, before, text))
}

/// Sets one keyframe of a feature's weights in the folder's `eval.ron`; returns as
/// [`edit_entry`].
fn edit_feature(
    dir: &Path,
    name: &str,
    keyframe: usize,
    value: f32,
    current: &[f32],
) -> Result<(PathBuf, Option<String>, Notice), String> {
    let mut values = current.to_vec();
    values[keyframe] = value;
    let shipped = crate::engine::eval::shipped_eval_text();
    let (path, before, text) = write_edit(dir, "eval.ron", shipped, |t| {
        crate::engine::eval::explain::with_feature_values(t, name, &values)
    })?;
    let line = crate::engine::eval::explain::feature_line(&text, name);
    Ok((
        path,
        before,
        Notice::new("designer-edited-feature")
            .arg("line", line)
            .arg("name", name)
            .arg("value", format!("{value:.2}"))
            .arg("keyframe", keyframe),
    ))
}

/// Sets one keyframe of a pattern entry in the folder's table file (copying the shipped
/// file into the folder first when it lacks it), written atomically; returns the path, the
/// text it replaced (`None`: there was no file) and what was done, for the toast. The
/// folder watcher then reloads the table like any save.
fn edit_entry(
    dir: &Path,
    family_name: &str,
    key: &str,
    keyframe: usize,
    value: f32,
    current: &[f32],
) -> Result<(PathBuf, Option<String>, Notice), String> {
    let family = crate::engine::eval::params::family(family_name)
        .ok_or_else(|| format!("no table {family_name}"))?;
    let index = family.parse_index(key).map_err(|e| e.to_string())?;
    let mirror = family.index_to_string(family.mirror_index(index));
    let rel = format!("patterns/{family_name}.ron");
    let shipped = shipped_file_text(&rel).unwrap_or("");
    let mut values = current.to_vec();
    values[keyframe] = value;
    let (path, before, text) = write_edit(dir, &rel, shipped, |t| {
        crate::engine::eval::explain::with_entry_values(t, key, &mirror, &values)
    })?;
    let line = entry_line(&text, key, &mirror).unwrap_or(0);
    Ok((
        path,
        before,
        Notice::new("designer-edited-entry")
            .arg("file", rel)
            .arg("line", line)
            .arg("key", key)
            .arg("value", format!("{value:.2}"))
            .arg("keyframe", keyframe),
    ))
}

/// Puts back the file of the last edit (or removes it when the edit created it).
fn undo_edit(path: &Path, before: Option<&str>) -> Result<(), String> {
    let done = match before {
        Some(text) => fs::write(path, text),
        None => fs::remove_file(path),
    };
    done.map_err(|e| format!("{}: {e}", path.display()))
}

/// How many pattern terms the window lists.
const TERMS_SHOWN: usize = 16;

/// The folder's text of `rel`, or the shipped one.
fn table_text(dir: &Path, rel: &str) -> (String, String) {
    let path = dir.join(rel);
    if let Ok(text) = fs::read_to_string(&path) {
        return (path.display().to_string(), text);
    }
    (
        format!("config/{rel}"),
        shipped_file_text(rel).unwrap_or("").to_string(),
    )
}

/// "Why this score": every term of the evaluation of the position shown (the designer's
/// tables in force), the largest first, with the file and line of each table entry; the
/// pointer on a term marks its squares on the board.
fn show_breakdown(
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

/// Where a reload's results go: the engine (tables and levels), the level setting when the
/// selected level is gone, and the toasts.
#[derive(SystemParam)]
struct ReloadOutputs<'w> {
    tables: MessageWriter<'w, TablesReloaded>,
    settings: ResMut<'w, Settings>,
    toasts: ResMut<'w, Toasts>,
    tr: Res<'w, Tr>,
}

/// Reads the whole folder at start-up: the first load is applied like any later one, with
/// every file new.
fn load_folder(mut folder: ResMut<DesignerFolder>, mut outputs: ReloadOutputs) {
    let folder = &mut *folder;
    folder.stamps = scan(&folder.dir);
    let all: Vec<String> = folder.stamps.0.keys().cloned().collect();
    let mut reloaded = reload(&folder.dir, &all, &mut folder.set);
    reloaded.messages = vec![Notice::new("designer-playing").path("dir", &folder.dir)];
    apply(folder, reloaded, &all, &mut outputs);
}

/// Looks at the folder's files a few times a second and reloads what changed.
fn watch_folder(time: Res<Time>, mut folder: ResMut<DesignerFolder>, mut outputs: ReloadOutputs) {
    let folder = &mut *folder;
    if !folder.timer.tick(time.delta()).just_finished() {
        return;
    }
    let stamps = scan(&folder.dir);
    let changed = changed_files(&folder.stamps, &stamps);
    if changed.is_empty() {
        return;
    }
    folder.stamps = stamps;
    let reloaded = reload(&folder.dir, &changed, &mut folder.set);
    apply(folder, reloaded, &changed, &mut outputs);
}

/// Hands a reload's results to the engine, the level setting, the errors panel and the
/// toasts.
fn apply(
    folder: &mut DesignerFolder,
    reloaded: Reload,
    changed: &[String],
    outputs: &mut ReloadOutputs,
) {
    for e in &reloaded.errors {
        warn!("{e}");
    }
    folder.errors = reloaded.errors;
    let mut messages = reloaded.messages;
    if let Some(list) = &reloaded.levels
        && let Some((first, message)) = level_fallback(list, &outputs.settings.level)
    {
        outputs.settings.level = first;
        messages.push(message);
    }
    if reloaded.search || reloaded.eval || reloaded.levels.is_some() {
        outputs.tables.write(TablesReloaded {
            set: (reloaded.search || reloaded.eval).then(|| folder.set.clone()),
            levels: reloaded.levels,
        });
    }
    if !changed.is_empty() {
        info!("designer folder: changed {}", changed.join(", "));
    }
    for m in messages {
        outputs.toasts.push(m.text(&outputs.tr));
    }
}

/// Lists the folder's broken files while there are any.
fn show_errors(mut contexts: EguiContexts, folder: Res<DesignerFolder>, tr: Res<Tr>) -> Result {
    if folder.errors.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(t!(tr, "designer-files-title"))
        .id(egui::Id::new("designer_files"))
        .collapsible(true)
        .resizable(true)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -36.0))
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(t!(
                    tr,
                    "designer-files-broken",
                    count = folder.errors.len(),
                    dir = folder.dir.display().to_string()
                ))
                .color(egui::Color32::from_rgb(255, 170, 90)),
            );
            for e in &folder.errors {
                let at = if e.line == 0 {
                    e.file.clone()
                } else {
                    t!(
                        tr,
                        "designer-error-at",
                        file = e.file.as_str(),
                        line = e.line,
                        column = e.column
                    )
                };
                ui.label(egui::RichText::new(at).monospace().strong());
                ui.label(e.message.as_str());
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::notices::Toasts;
    use super::super::temp_dir::TempDir;
    use super::*;
    use crate::engine::eval::explain::{changed_lines, listed_row, row_with};
    use crate::engine::eval::shipped_pattern_text;
    use bevy::ecs::message::MessageCursor;

    /// Reload messages as the player reads them in English.
    fn texts(messages: &[Notice]) -> Vec<String> {
        let tr = Tr::default();
        messages.iter().map(|m| m.text(&tr)).collect()
    }

    const LEVELS: &str = "[(name: \"One\", description: \"\", depth: Some(1)), \
                          (name: \"Two\", description: \"\", depth: Some(2))]";

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
    fn an_edit_from_the_game_changes_one_line_and_undoes() {
        let dir = TempDir::new("designer-edit");
        let shipped = shipped_pattern_text("edge").unwrap();
        let (line, current) = listed_row(shipped, "\"-------- --\"");
        let mut edited_row = current.clone();
        edited_row[1] = 2.5;
        // The folder has no edge table: the shipped one is copied with the one entry changed.
        let (path, before, message) =
            edit_entry(&dir.0, "edge", "-------- --", 1, 2.5, &current).unwrap();
        assert_eq!(
            (path.clone(), before.clone()),
            (dir.0.join("patterns/edge.ron"), None)
        );
        assert_eq!(
            message.text(&Tr::default()),
            "Edited patterns/edge.ron line 8: \"-------- --\" = 2.50 discs at keyframe 1"
        );
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            changed_lines(shipped, &text),
            [(line, row_with(line, &edited_row).as_str())]
        );
        // The folder's edited table loads.
        let mut set = ConfigSet::shipped();
        let reloaded = reload(&dir.0, &["patterns/edge.ron".to_string()], &mut set);
        assert!(reloaded.errors.is_empty() && reloaded.eval);
        // A second edit of the folder's file, then both undone in turn.
        let (_, before2, _) = edit_entry(&dir.0, "edge", "-------- --", 0, -1.0, &current).unwrap();
        assert_eq!(before2.as_deref(), Some(text.as_str()));
        undo_edit(&path, before2.as_deref()).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        undo_edit(&path, before.as_deref()).unwrap();
        assert!(!path.exists());
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
    fn a_feature_weight_edited_from_the_game_changes_one_line() {
        let dir = TempDir::new("designer-edit-feature");
        let shipped = crate::engine::eval::shipped_eval_text();
        let (line, current) = listed_row(shipped, "corners");
        let mut edited_row = current.clone();
        edited_row[1] = 30.0;
        let (path, before, message) = edit_feature(&dir.0, "corners", 1, 30.0, &current).unwrap();
        assert_eq!((path.clone(), before), (dir.0.join("eval.ron"), None));
        assert_eq!(
            message.text(&Tr::default()),
            "Edited eval.ron line 8: corners = 30.00 discs at keyframe 1"
        );
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            changed_lines(shipped, &text),
            [(line, row_with(line, &edited_row).as_str())]
        );
        let mut set = ConfigSet::shipped();
        let reloaded = reload(&dir.0, &["eval.ron".to_string()], &mut set);
        assert!(reloaded.errors.is_empty() && reloaded.eval);
        assert_eq!(set.eval.file().corners[1], 30.0);
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

    #[test]
    fn scans_see_added_modified_and_removed_files() {
        let dir = TempDir::new("designer-scan");
        let empty = scan(&dir.0);
        assert_eq!(empty, Stamps::default());
        dir.write("search.ron", "()", 100);
        dir.write("patterns/edge.ron", "()", 100);
        dir.write("patterns/notes.txt", "not read", 100);
        dir.write("other.ron", "not read", 100);
        let first = scan(&dir.0);
        assert_eq!(
            changed_files(&empty, &first),
            ["patterns/edge.ron", "search.ron"]
        );
        assert!(changed_files(&first, &scan(&dir.0)).is_empty());
        dir.write("search.ron", "(tt_mib: 8)", 50);
        fs::remove_file(dir.0.join("patterns/edge.ron")).unwrap();
        dir.write("levels.ron", LEVELS, 50);
        let second = scan(&dir.0);
        assert_eq!(
            changed_files(&first, &second),
            ["levels.ron", "patterns/edge.ron", "search.ron"]
        );
    }

    #[test]
    fn a_valid_change_replaces_its_part_and_says_so() {
        let dir = TempDir::new("designer-valid");
        let mut set = ConfigSet::shipped();
        let eval = Arc::clone(&set.eval);
        dir.write("search.ron", "(exact_empties: 12)", 10);
        let r = reload(&dir.0, &["search.ron".into()], &mut set);
        assert!(r.search && !r.eval && r.levels.is_none());
        assert_eq!(texts(&r.messages), ["Reloaded search.ron"]);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(set.search.exact_empties, 12);
        // The evaluator is untouched (so the engine's table is kept).
        assert!(Arc::ptr_eq(&set.eval, &eval));
        dir.write("levels.ron", LEVELS, 10);
        let r = reload(&dir.0, &["levels.ron".into()], &mut set);
        let names: Vec<String> = r.levels.unwrap().into_iter().map(|l| l.name).collect();
        assert_eq!(names, ["One", "Two"]);
        assert_eq!(texts(&r.messages), ["Reloaded levels.ron"]);
        // A removed file gives the shipped part back.
        fs::remove_file(dir.0.join("search.ron")).unwrap();
        let r = reload(&dir.0, &["search.ron".into()], &mut set);
        assert!(r.search);
        assert_eq!(set.search, crate::engine::SearchConfig::shipped());
        assert_eq!(
            texts(&r.messages),
            ["search.ron removed: the shipped one is used"]
        );
        // A shipped evaluation table copied in is a new evaluator.
        dir.write("eval.ron", crate::engine::eval::shipped_eval_text(), 10);
        let r = reload(&dir.0, &["eval.ron".into()], &mut set);
        assert!(r.eval && !r.search, "{:?}", r.errors);
        assert!(!Arc::ptr_eq(&set.eval, &eval));
        assert_eq!(texts(&r.messages), ["Reloaded eval.ron"]);
    }

    #[test]
    fn a_broken_file_is_reported_until_fixed_and_the_last_good_part_stays() {
        let dir = TempDir::new("designer-broken");
        let mut set = ConfigSet::shipped();
        dir.write("search.ron", "(exact_empties: 14)", 30);
        reload(&dir.0, &["search.ron".into()], &mut set);
        dir.write(
            "search.ron",
            "(\n  exact_empties: 14,\n  tt_mib: \"big\",\n)",
            20,
        );
        let r = reload(&dir.0, &["search.ron".into()], &mut set);
        assert!(!r.search);
        assert!(r.messages.is_empty());
        assert_eq!(set.search.exact_empties, 14);
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert!(e.file.ends_with("search.ron"), "{e}");
        assert_eq!(e.line, 3, "{e}");
        // Another file's change leaves the error listed ...
        dir.write("levels.ron", "[(name: \"A\")]", 20);
        let r = reload(&dir.0, &["levels.ron".into()], &mut set);
        assert!(r.levels.is_none());
        assert!(r.messages.is_empty());
        let files: Vec<&str> = r
            .errors
            .iter()
            .map(|e| e.file.rsplit('/').next().unwrap())
            .collect();
        assert_eq!(files, ["search.ron", "levels.ron"]);
        // ... until both are fixed.
        dir.write("search.ron", "(exact_empties: 16)", 10);
        dir.write("levels.ron", LEVELS, 10);
        let r = reload(
            &dir.0,
            &["levels.ron".into(), "search.ron".into()],
            &mut set,
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(set.search.exact_empties, 16);
        assert_eq!(
            texts(&r.messages),
            ["Reloaded levels.ron", "Reloaded search.ron"]
        );
    }

    /// The designer's plugin alone, with the folder `dir`, playing the level `level`.
    fn designer_app(dir: &TempDir, level: &str) -> App {
        let mut app = App::new();
        app.insert_resource(RunOptions {
            config_dir: Some(dir.0.clone()),
            ..RunOptions::default()
        })
        .insert_resource(Settings {
            level: level.into(),
            ..Settings::default()
        })
        .init_resource::<Toasts>()
        .init_resource::<Time>()
        .add_message::<TablesReloaded>()
        .add_plugins(plugin);
        app
    }

    #[test]
    fn the_settings_switch_plays_with_the_player_s_own_folder_and_back() {
        let home = TempDir::new("designer-switch");
        let mut app = App::new();
        app.insert_resource(RunOptions {
            settings_dir: Some(home.0.clone()),
            ..RunOptions::default()
        })
        .insert_resource(Settings::default())
        .init_resource::<Toasts>()
        .init_resource::<Time>()
        .add_message::<TablesReloaded>()
        .add_plugins(plugin);
        let mut cursor = MessageCursor::<TablesReloaded>::default();
        app.update();
        assert!(app.world().get_resource::<DesignerFolder>().is_none());
        // On: the folder is made and read (empty: nothing to reload).
        app.world_mut().resource_mut::<Settings>().designer = true;
        app.update();
        let dir = home.0.join("designer");
        assert_eq!(app.world().resource::<DesignerFolder>().dir, dir);
        assert!(dir.join("patterns").is_dir());
        assert!(sent(&app, &mut cursor).is_empty());
        assert_eq!(
            app.world().resource::<Toasts>().texts(),
            [format!(
                "Designer's view: playing with the tables of {} (empty: the shipped ones)",
                dir.display()
            )
            .as_str()]
        );
        // Off: the shipped tables and levels go back to the engine.
        app.world_mut().resource_mut::<Settings>().designer = false;
        app.update();
        assert!(app.world().get_resource::<DesignerFolder>().is_none());
        let reloads = sent(&app, &mut cursor);
        assert_eq!(reloads.len(), 1);
        assert!(
            reloads[0].set.as_ref().is_some_and(|s| Arc::ptr_eq(
                &s.eval,
                &crate::engine::PatternEval::shipped_shared()
            ))
        );
        assert_eq!(
            reloads[0].levels.as_ref().map(Vec::len),
            Some(default_levels().len())
        );
    }

    /// The `TablesReloaded` sent since the cursor last looked.
    fn sent(app: &App, cursor: &mut MessageCursor<TablesReloaded>) -> Vec<TablesReloaded> {
        let messages = app.world().resource::<Messages<TablesReloaded>>();
        cursor.read(messages).cloned().collect()
    }

    #[test]
    fn the_folder_is_loaded_at_start_up_and_reloaded_as_it_changes() {
        let dir = TempDir::new("designer-systems");
        dir.write("search.ron", "(exact_empties: 12)", 30);
        dir.write("levels.ron", LEVELS, 30);
        let mut app = designer_app(&dir, "Casual");
        let mut cursor = MessageCursor::default();
        app.update();
        let first = sent(&app, &mut cursor);
        assert_eq!(first.len(), 1);
        let set = first[0].set.as_ref().expect("new search settings");
        assert_eq!(set.search.exact_empties, 12);
        let names: Vec<&str> = first[0]
            .levels
            .iter()
            .flatten()
            .map(|l| l.name.as_str())
            .collect();
        assert_eq!(names, ["One", "Two"]);
        assert_eq!(app.world().resource::<Settings>().level, "One");
        let playing = format!("Playing with the files of {}", dir.0.display());
        let fallback = "Level \"Casual\" is no longer in levels.ron: playing \"One\"";
        assert_eq!(
            app.world().resource::<Toasts>().texts(),
            [playing.as_str(), fallback]
        );
        // A broken file is listed and the engine is sent nothing; the poll waits its turn.
        dir.write("search.ron", "(exact_empties: \"many\")", 10);
        app.update();
        assert!(app.world().resource::<DesignerFolder>().errors.is_empty());
        app.world_mut()
            .resource_mut::<Time>()
            .advance_by(std::time::Duration::from_secs_f32(POLL_S));
        app.update();
        assert!(sent(&app, &mut cursor).is_empty());
        let folder = app.world().resource::<DesignerFolder>();
        assert_eq!(folder.errors.len(), 1);
        assert_eq!(folder.set.search.exact_empties, 12);
        // Fixed, it goes to the engine with the evaluator it had.
        dir.write("search.ron", "(exact_empties: 14)", 5);
        app.world_mut()
            .resource_mut::<Time>()
            .advance_by(std::time::Duration::from_secs_f32(POLL_S));
        app.update();
        let fixed = sent(&app, &mut cursor);
        assert_eq!(fixed.len(), 1);
        assert_eq!(fixed[0].set.as_ref().unwrap().search.exact_empties, 14);
        assert!(Arc::ptr_eq(&fixed[0].set.as_ref().unwrap().eval, &set.eval));
        assert!(fixed[0].levels.is_none());
        assert!(app.world().resource::<DesignerFolder>().errors.is_empty());
        assert_eq!(
            app.world().resource::<Toasts>().texts()[2],
            "Reloaded search.ron"
        );
    }

    #[test]
    fn a_vanished_level_falls_back_to_the_first() {
        let levels = parse_levels("l.ron", LEVELS).unwrap();
        assert_eq!(level_fallback(&levels, "Two"), None);
        let (first, message) = level_fallback(&levels, "Expert").unwrap();
        assert_eq!(first, "One");
        assert_eq!(
            message.text(&Tr::default()),
            "Level \"Expert\" is no longer in levels.ron: playing \"One\""
        );
    }
}

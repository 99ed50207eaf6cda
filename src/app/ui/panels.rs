//! The menu bar, the side panel (discs, turn, engine, move list) and the status line.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::engine::{Color as Side, MoveScores, Named, OpeningNames, Ply};

use super::super::engine_tasks::{Activity, EngineReport};
use super::super::game::{Command, Match, result_text};
use super::super::layout::BoardArea;
use super::super::settings::Mode;
use super::super::settings::{Hints, Settings};
use super::{Dialogs, GameView, Requests, UiOutputs, copy_transcript, match_label};

/// Builds the menu bar, the status line and the side panel, and records the area left for
/// the board.
pub(super) fn draw_panels(
    mut contexts: EguiContexts,
    view: GameView,
    mut settings: ResMut<Settings>,
    mut dialogs: ResMut<Dialogs>,
    mut area: ResMut<BoardArea>,
    mut outputs: UiOutputs,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut requests = Requests::default();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("menu_bar").show(&mut root, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            menu_bar(ui, &view.m, &mut settings, &mut dialogs, &mut requests);
        });
    });
    egui::Panel::bottom("status_line").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.label(view.status.text.as_str());
        });
    });
    egui::Panel::right("side_panel")
        .resizable(false)
        .exact_size(290.0)
        .show(&mut root, |ui| {
            side_panel(ui, &view, &settings, &mut requests);
        });
    let free = root.available_rect_before_wrap();
    let free = Rect::new(free.min.x, free.min.y, free.max.x, free.max.y);
    if area.0 != Some(free) {
        area.0 = Some(free);
    }
    outputs.apply(requests, &ctx);
    Ok(())
}

/// The menu bar: Game, Settings, Help.
fn menu_bar(
    ui: &mut egui::Ui,
    m: &Match,
    settings: &mut ResMut<Settings>,
    dialogs: &mut Dialogs,
    requests: &mut Requests,
) {
    ui.menu_button("Game", |ui| {
        let item = |ui: &mut egui::Ui, label: &str, shortcut: &str, enabled: bool| {
            let button = egui::Button::new(label).shortcut_text(shortcut);
            ui.add_enabled(enabled, button).clicked()
        };
        if item(ui, "New game", "Ctrl+N", true) {
            requests.commands.push(Command::NewGame);
        }
        ui.separator();
        if item(ui, "Undo", "Ctrl+Z", m.game.cursor() > 0) {
            requests.commands.push(Command::Undo);
        }
        if item(ui, "Redo", "Ctrl+Y", m.game.cursor() < m.game.len()) {
            requests.commands.push(Command::Redo);
        }
        ui.separator();
        if item(ui, "Copy transcript", "Ctrl+C", true) {
            requests.copy = Some(copy_transcript(m));
        }
        if item(ui, "Copy position (OBF)", "", true) {
            requests.copy = Some((
                m.position().to_string(),
                "Position copied to the clipboard (OBF).".into(),
            ));
        }
        if item(ui, "Paste transcript / position...", "Ctrl+V", true) {
            dialogs.paste = Some(String::new());
        }
        ui.separator();
        if item(ui, "Open game...", "", true) {
            requests.file = Some(false);
        }
        if item(ui, "Save game...", "", true) {
            requests.file = Some(true);
        }
        ui.separator();
        if item(ui, "Quit", "", true) {
            requests.quit = true;
        }
    });
    ui.menu_button("Settings", |ui| {
        for mode in Mode::ALL {
            if ui.radio(settings.mode == mode, mode.label()).clicked() && settings.mode != mode {
                settings.mode = mode;
            }
        }
        ui.separator();
        ui.label("Hints (H)");
        for hints in Hints::ALL {
            if ui.radio(settings.hints == hints, hints.label()).clicked() && settings.hints != hints
            {
                settings.hints = hints;
            }
        }
        ui.separator();
        if ui.button("All settings...").clicked() {
            dialogs.settings = true;
        }
    });
    ui.menu_button("Help", |ui| {
        if ui.button("Rules and shortcuts").clicked() {
            dialogs.help = true;
        }
        if ui.button("About Reversi").clicked() {
            dialogs.about = true;
        }
    });
}

/// A disc drawn in the panel.
fn disc_icon(ui: &mut egui::Ui, side: Side, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let (fill, stroke) = match side {
        Side::Black => (egui::Color32::from_gray(10), egui::Color32::from_gray(170)),
        Side::White => (egui::Color32::from_gray(240), egui::Color32::from_gray(90)),
    };
    ui.painter().circle(
        rect.center(),
        size * 0.45,
        fill,
        egui::Stroke::new(1.5, stroke),
    );
}

/// The side panel: score, turn, controls, engine and move list.
fn side_panel(ui: &mut egui::Ui, view: &GameView, settings: &Settings, requests: &mut Requests) {
    let m = &*view.m;
    let position = m.position();
    ui.add_space(4.0);
    ui.label(egui::RichText::new(match_label(settings)).small());
    ui.add_space(2.0);
    ui.horizontal(|ui| {
        for side in [Side::Black, Side::White] {
            disc_icon(ui, side, 26.0);
            let count = match side {
                Side::Black => position.black(),
                Side::White => position.white(),
            }
            .count_ones();
            let text = egui::RichText::new(format!("{count:>2}"))
                .size(24.0)
                .strong();
            let text = if !m.game.is_over() && position.side_to_move == side {
                text.underline()
            } else {
                text
            };
            ui.label(text);
            ui.add_space(14.0);
        }
    });
    let turn = if m.game.is_over() {
        result_text(&position)
    } else {
        let side = position.side_to_move;
        let who = if Match::engine_plays(settings, side) {
            "engine"
        } else if settings.mode == Mode::HumanVsEngine {
            "you"
        } else {
            "human"
        };
        format!("{side} to move ({who})")
    };
    ui.label(egui::RichText::new(turn).size(16.0));
    if m.viewing {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Viewing ply {} of {}.",
                m.game.cursor(),
                m.game.len()
            ));
            if Match::engine_plays(settings, position.side_to_move)
                && ui.button("Continue from here").clicked()
            {
                requests.commands.push(Command::Continue);
            }
            if ui.button("Back to latest").clicked() {
                requests.commands.push(Command::GoTo(m.game.len()));
            }
        });
    }
    ui.horizontal(|ui| {
        if ui
            .button("New")
            .on_hover_text("New game (Ctrl+N)")
            .clicked()
        {
            requests.commands.push(Command::NewGame);
        }
        if ui
            .add_enabled(m.game.cursor() > 0, egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            requests.commands.push(Command::Undo);
        }
        if ui
            .add_enabled(m.game.cursor() < m.game.len(), egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            requests.commands.push(Command::Redo);
        }
        if settings.mode == Mode::EngineVsEngine {
            let label = if m.paused { "Resume" } else { "Pause" };
            if ui.button(label).clicked() {
                requests.commands.push(Command::TogglePause);
            }
            if ui.button("Step").clicked() {
                requests.commands.push(Command::Step);
            }
        }
    });
    ui.separator();
    engine_panel(
        ui,
        &view.report,
        view.hints.for_generation(m.generation),
        settings,
        &view.time,
    );
    ui.separator();
    let names = OpeningNames::shipped();
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Moves").strong());
        if let Some(named) = names.of_game(&m.game) {
            ui.label(egui::RichText::new(&named.opening.name).italics())
                .on_hover_text(format!(
                    "The opening of the moves played: {} ({} moves; named openings are matched \
                     by position, in any orientation)",
                    named.opening.moves, named.opening.plies
                ));
        }
    });
    move_list(ui, m, &names.along(&m.game), requests);
}

/// What the engine is doing (thinking, pondering, scoring the hints), its depth, score,
/// expected reply, principal variation and speed, and the hints' depth.
fn engine_panel(
    ui: &mut egui::Ui,
    report: &EngineReport,
    hints: Option<&MoveScores>,
    settings: &Settings,
    time: &Time,
) {
    let elapsed = time.elapsed_secs() - report.since_s;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Engine").strong());
        match report.activity {
            Activity::Thinking => {
                ui.add(egui::Spinner::new());
                let side = report.side.map(|s| s.to_string()).unwrap_or_default();
                ui.label(format!("thinking for {side}, {elapsed:.1} s"));
            }
            Activity::Pondering => {
                ui.add(egui::Spinner::new());
                let on = match report.ponder_guess {
                    Some(sq) => format!("on {sq}"),
                    None => "on your replies".to_string(),
                };
                ui.label(format!("pondering {on}, {elapsed:.1} s"))
                    .on_hover_text("Thinking on your time: its next search starts warm");
            }
            Activity::Scoring => {
                ui.add(egui::Spinner::new());
                ui.label(format!("scoring your moves, {elapsed:.1} s"))
                    .on_hover_text(
                        "The hints' search (against the engine it is its pondering too)",
                    );
            }
            Activity::Idle if report.side.is_some() => {
                ui.label("idle");
            }
            Activity::Idle => {
                ui.label("not used yet");
            }
        }
    });
    egui::Grid::new("engine_grid")
        .num_columns(2)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            let info = report.info.as_ref();
            ui.label("Level");
            ui.label(if report.level.is_empty() {
                "-"
            } else {
                report.level.as_str()
            });
            ui.end_row();
            ui.label("Depth");
            ui.label(info.map_or("-".into(), |i| {
                if report.book {
                    "book move".to_string()
                } else if i.exact {
                    format!("{} (exact)", i.depth)
                } else {
                    i.depth.to_string()
                }
            }));
            ui.end_row();
            ui.label("Score");
            ui.label(info.map_or("-".into(), |i| {
                let side = report.side.map(|s| format!(" for {s}")).unwrap_or_default();
                match i.wld {
                    Some(1) => format!("win{side} (proved)"),
                    Some(-1) => format!("loss{side} (proved)"),
                    Some(_) => "draw (proved)".to_string(),
                    None if i.exact => format!("{:+} discs{side}, exact", i.score),
                    None => format!("{:+} discs{side}", i.score),
                }
            }))
            .on_hover_text("Disc difference expected at the end, from the side named");
            ui.end_row();
            ui.label("Expects");
            ui.label(
                report
                    .expected_reply
                    .map_or("-".into(), |sq| sq.to_string()),
            )
            .on_hover_text("The move the engine expects its opponent to play next");
            ui.end_row();
            ui.label("Best line");
            let pv: Vec<String> = info
                .map(|i| i.pv.iter().take(10).map(|s| s.to_string()).collect())
                .unwrap_or_default();
            ui.label(if pv.is_empty() {
                "-".to_string()
            } else {
                pv.join(" ")
            });
            ui.end_row();
            ui.label("Speed");
            ui.label(info.map_or("-".into(), |i| {
                if i.nodes == 0 {
                    "-".to_string()
                } else {
                    format!(
                        "{} nodes, {:.2} M nodes/s",
                        i.nodes,
                        i.nodes_per_second() as f64 / 1e6
                    )
                }
            }));
            ui.end_row();
            if settings.hints == Hints::Scores {
                ui.label("Hints");
                ui.label(hints.map_or("-".into(), |h| {
                    if h.exact {
                        "exact (gold): solved to the end".to_string()
                    } else {
                        format!("depth {}", h.depth)
                    }
                }))
                .on_hover_text("Each move's score in discs for the side to move; best ringed");
                ui.end_row();
            }
        });
}

/// The plies of the record, numbered in pairs; click one to view the position after it. The
/// name of each named opening the record reaches follows the row of the move that reached it.
fn move_list(ui: &mut egui::Ui, m: &Match, named: &[Named<'_>], requests: &mut Requests) {
    let plies = m.game.recorded_plies();
    let start_side = m.game.start().side_to_move;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if ui.selectable_label(m.game.cursor() == 0, "Start").clicked() {
                requests.commands.push(Command::GoTo(0));
            }
            // Row n holds Black's and White's ply; a game started by White begins with an
            // empty Black cell. The rows run in grids of fixed column widths, so that the name
            // of an opening can sit between two of them, under the move that reached it.
            let offset = usize::from(start_side == Side::White);
            let rows = (plies.len() + offset).div_ceil(2);
            let mut row = 0;
            let mut part = 0;
            while row < rows {
                // The rows up to the next one whose plies reach a named position.
                let plies_of = |r: usize| {
                    (r * 2).saturating_sub(offset) + 1..=(r * 2 + 2).saturating_sub(offset)
                };
                let end = (row..rows)
                    .find(|&r| named.iter().any(|n| plies_of(r).contains(&n.ply)))
                    .map_or(rows, |r| r + 1);
                egui::Grid::new(("moves", part))
                    .num_columns(3)
                    .min_col_width(34.0)
                    .spacing([10.0, 2.0])
                    .show(ui, |ui| {
                        for row in row..end {
                            ui.label(egui::RichText::new(format!("{}.", row + 1)).weak());
                            for col in 0..2 {
                                let cell = row * 2 + col;
                                if cell < offset || cell - offset >= plies.len() {
                                    ui.label("");
                                    continue;
                                }
                                let index = cell - offset;
                                let text = match plies[index] {
                                    Ply::Move(sq) => sq.to_string(),
                                    Ply::Pass => "pass".to_string(),
                                };
                                let in_effect = index < m.game.cursor();
                                let text = if in_effect {
                                    egui::RichText::new(text).monospace()
                                } else {
                                    egui::RichText::new(text).monospace().weak()
                                };
                                let current = index + 1 == m.game.cursor();
                                if ui.selectable_label(current, text).clicked() {
                                    requests.commands.push(Command::GoTo(index + 1));
                                }
                            }
                            ui.end_row();
                        }
                    });
                for n in named.iter().filter(|n| plies_of(end - 1).contains(&n.ply)) {
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
                row = end;
                part += 1;
            }
        });
}

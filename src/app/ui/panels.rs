//! The menu bar, the side panel (discs, turn, engine, move list) and the status line.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::engine::{
    Color as Side, Grade, MoveReview, MoveScores, Named, OpeningNames, Ply, ReviewThresholds,
    summarize,
};

use super::super::clock::clock_text;
use super::super::editor::{Edit, Setup};
use super::super::engine_report::{Activity, EngineReport, MoveRates};
use super::super::game::{Command, Match, result_text};
use super::super::graph::Score;
use super::super::i18n::{Tr, ply_text, side_id};
use super::super::layout::BoardArea;
use super::super::review::{GameReview, reviewable};
use super::super::settings::Mode;
use super::super::settings::{Hints, Settings};
use super::view::{Dialogs, GameView, Requests, UiOutputs};
use super::{copy_transcript, match_label};
use crate::t;

/// The whole window's background layer, on which the menu bar, the status line and the
/// side panel are laid out.
pub(super) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

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
    let mut root = root_ui(&ctx);
    egui::Panel::top("menu_bar").show(&mut root, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            menu_bar(
                ui,
                &view.tr,
                &view.m,
                view.review.running(),
                &mut settings,
                &mut dialogs,
                &mut requests,
            );
        });
    });
    egui::Panel::bottom("status_line").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            // A screen reader reads out each new status line: the moves, passes, refusals.
            let status = ui.label(view.status.text.as_str());
            live_region(ui.ctx(), status.id);
        });
    });
    egui::Panel::right("side_panel")
        .resizable(false)
        .exact_size(290.0)
        .show(&mut root, |ui| {
            side_panel(ui, &view, &settings, &mut requests);
        });
    // egui's points are logical pixels times its zoom (the text scale).
    let free = root.available_rect_before_wrap() * ctx.zoom_factor();
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
    tr: &Tr,
    m: &Match,
    reviewing: bool,
    settings: &mut ResMut<Settings>,
    dialogs: &mut Dialogs,
    requests: &mut Requests,
) {
    let game = ui.menu_button(t!(tr, "menu-game"), |ui| {
        let item = |ui: &mut egui::Ui, label: String, shortcut: &str, enabled: bool| {
            let button = egui::Button::new(label).shortcut_text(shortcut);
            let clicked = ui.add_enabled(enabled, button).clicked();
            // A click closes the menu by itself; Enter on a focused entry (F10) does not.
            if clicked {
                ui.close();
            }
            clicked
        };
        if item(ui, t!(tr, "menu-new-game"), "Ctrl+N", true) {
            requests.commands.push(Command::NewGame);
        }
        ui.separator();
        if item(ui, t!(tr, "menu-undo"), "Ctrl+Z", m.game.cursor() > 0) {
            requests.commands.push(Command::Undo);
        }
        if item(
            ui,
            t!(tr, "menu-redo"),
            "Ctrl+Y",
            m.game.cursor() < m.game.len(),
        ) {
            requests.commands.push(Command::Redo);
        }
        ui.separator();
        if item(
            ui,
            t!(tr, "menu-review"),
            "",
            !reviewing && reviewable(&m.game),
        ) {
            requests.review = true;
        }
        ui.separator();
        if item(ui, t!(tr, "menu-setup"), "", m.setup.is_none()) {
            requests.commands.push(Command::Edit(Edit::Start));
        }
        ui.separator();
        if item(ui, t!(tr, "menu-copy-transcript"), "Ctrl+C", true) {
            requests.copy = Some(copy_transcript(m, tr));
        }
        if item(ui, t!(tr, "menu-copy-obf"), "", true) {
            requests.copy = Some((m.position().to_string(), t!(tr, "copied-obf")));
        }
        if item(ui, t!(tr, "menu-paste"), "Ctrl+V", true) {
            dialogs.paste = Some(String::new());
        }
        ui.separator();
        if item(ui, t!(tr, "menu-open"), "", true) {
            requests.file = Some(false);
        }
        ui.add_enabled_ui(!settings.recent_files.is_empty(), |ui| {
            ui.menu_button(t!(tr, "menu-open-recent"), |ui| {
                for path in &settings.recent_files {
                    let name = path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into(),
                    );
                    if ui
                        .button(name)
                        .on_hover_text(path.display().to_string())
                        .clicked()
                    {
                        requests.open_path = Some(path.clone());
                    }
                }
                ui.separator();
                if ui.button(t!(tr, "menu-clear-recent")).clicked() {
                    settings.recent_files.clear();
                }
            });
        });
        if item(ui, t!(tr, "menu-save"), "", true) {
            requests.file = Some(true);
        }
        ui.separator();
        if item(ui, t!(tr, "menu-quit"), "", true) {
            requests.quit = true;
        }
    });
    if std::mem::take(&mut dialogs.focus_menu_bar) {
        game.response.request_focus();
    }
    ui.menu_button(t!(tr, "menu-settings"), |ui| {
        for mode in Mode::ALL {
            if ui
                .radio(settings.mode == mode, tr.plain(mode.key()))
                .clicked()
                && settings.mode != mode
            {
                settings.mode = mode;
            }
        }
        ui.separator();
        ui.label(t!(tr, "menu-hints"));
        for hints in Hints::ALL {
            if ui
                .radio(settings.hints() == hints, tr.plain(hints.key()))
                .clicked()
                && settings.hints() != hints
            {
                *settings.hints_mut() = hints;
            }
        }
        ui.separator();
        if ui.button(t!(tr, "menu-all-settings")).clicked() {
            dialogs.settings = true;
            ui.close();
        }
    });
    ui.menu_button(t!(tr, "menu-help"), |ui| {
        if ui.button(t!(tr, "menu-rules")).clicked() {
            dialogs.help = true;
            ui.close();
        }
        if ui.button(t!(tr, "menu-about")).clicked() {
            dialogs.about = true;
            ui.close();
        }
    });
}

/// Marks a widget as a polite live region: assistive technology reads its text out when it
/// changes (a no-op while no screen reader asked for AccessKit's tree).
fn live_region(ctx: &egui::Context, id: egui::Id) {
    ctx.accesskit_node_builder(id, |node| node.set_live(egui::accesskit::Live::Polite));
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
    let tr = &*view.tr;
    if let Some(setup) = &m.setup {
        editor_panel(ui, tr, setup, requests);
        return;
    }
    let position = m.position();
    ui.add_space(4.0);
    ui.label(egui::RichText::new(match_label(settings, tr)).small());
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
            let label = ui.label(text);
            // Read as "Black: 12 discs" rather than a bare number (a label's text is its
            // AccessKit value); written out only while a screen reader listens.
            ui.ctx().accesskit_node_builder(label.id, |node| {
                node.set_value(t!(tr, "a11y-discs", side = side_id(side), count = count));
            });
            ui.add_space(14.0);
        }
    });
    if let Some(clocks) = &m.clocks {
        ui.horizontal(|ui| {
            for side in [Side::Black, Side::White] {
                let running = m.flagged().is_none()
                    && !m.game.is_over()
                    && !m.viewing
                    && position.side_to_move == side;
                let text = egui::RichText::new(clock_text(clocks.left_ms(side)))
                    .monospace()
                    .size(18.0);
                let text = if m.flagged() == Some(side) {
                    text.color(egui::Color32::from_rgb(255, 110, 100))
                } else if running {
                    text.strong()
                } else {
                    text.weak()
                };
                disc_icon(ui, side, 16.0);
                ui.label(text).on_hover_text(t!(
                    tr,
                    "clock-hover",
                    side = side_id(side),
                    control = clocks.control.label(tr)
                ));
                ui.add_space(18.0);
            }
        });
    }
    let turn = if let Some(side) = m.flagged() {
        t!(tr, "turn-flagged", side = side_id(side))
    } else if m.game.is_over() {
        result_text(&position, tr)
    } else {
        let side = position.side_to_move;
        let who = if Match::engine_plays(settings, side) {
            "engine"
        } else if settings.mode == Mode::HumanVsEngine {
            "you"
        } else {
            "human"
        };
        t!(tr, "turn-to-move", side = side_id(side), who = who)
    };
    let turn = ui.label(egui::RichText::new(turn).size(16.0));
    live_region(ui.ctx(), turn.id);
    if let Some(square) = view.cursor.0 {
        // Where the keyboard's cursor is and what is there, read out as it moves.
        let what = match position.disc(square) {
            Some(Side::Black) => "black",
            Some(Side::White) => "white",
            None if position.board.moves() & square.bit() != 0 => "legal",
            None => "empty",
        };
        let text = t!(tr, "cursor-at", square = square.to_string(), what = what);
        let cursor = ui.label(egui::RichText::new(text).small().weak());
        live_region(ui.ctx(), cursor.id);
    }
    if m.viewing {
        ui.horizontal_wrapped(|ui| {
            ui.label(t!(
                tr,
                "viewing-ply",
                ply = m.game.cursor(),
                plies = m.game.len()
            ));
            if Match::engine_plays(settings, position.side_to_move)
                && ui.button(t!(tr, "continue-from-here")).clicked()
            {
                requests.commands.push(Command::Continue);
            }
            if ui.button(t!(tr, "back-to-latest")).clicked() {
                requests.commands.push(Command::GoTo(m.game.len()));
            }
        });
    }
    ui.horizontal(|ui| {
        if ui
            .button(t!(tr, "button-new"))
            .on_hover_text(t!(tr, "button-new-hover"))
            .clicked()
        {
            requests.commands.push(Command::NewGame);
        }
        if ui
            .add_enabled(
                m.game.cursor() > 0,
                egui::Button::new(t!(tr, "button-undo")),
            )
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            requests.commands.push(Command::Undo);
        }
        if ui
            .add_enabled(
                m.game.cursor() < m.game.len(),
                egui::Button::new(t!(tr, "button-redo")),
            )
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            requests.commands.push(Command::Redo);
        }
        if settings.mode == Mode::EngineVsEngine {
            let label = if m.paused {
                t!(tr, "button-resume")
            } else {
                t!(tr, "button-pause")
            };
            if ui.button(label).clicked() {
                requests.commands.push(Command::TogglePause);
            }
            if ui.button(t!(tr, "button-step")).clicked() {
                requests.commands.push(Command::Step);
            }
        }
    });
    ui.separator();
    engine_panel(
        ui,
        &view.report,
        view.hints.for_generation(m.generation),
        view.hints.rates_for(m.generation),
        settings,
        &view.time,
        tr,
    );
    ui.separator();
    let reviewed = view.review.moves();
    if view.review.exists() {
        review_panel(ui, tr, m, &view.review, &reviewed);
        ui.separator();
    }
    let points = view.scores.along(&m.game);
    if !points.is_empty() {
        score_graph(ui, tr, m, &points, &reviewed, requests);
        ui.separator();
    }
    // Every name the record reaches; the opening shown is the last one up to the cursor.
    let named = OpeningNames::shipped().along(&m.game);
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(t!(tr, "moves-heading")).strong());
        if let Some(n) = m.game.current_variation() {
            ui.label(egui::RichText::new(t!(tr, "variation")).color(VARIATION))
                .on_hover_text(t!(
                    tr,
                    "variation-hover",
                    number = n + 1,
                    ply = ply_text(m.game.recorded_plies()[n], tr)
                ));
            if ui
                .small_button(t!(tr, "promote"))
                .on_hover_text(t!(tr, "promote-hover"))
                .clicked()
            {
                requests.commands.push(Command::Promote);
            }
            if ui
                .small_button(t!(tr, "delete"))
                .on_hover_text(t!(tr, "delete-hover"))
                .clicked()
            {
                requests.commands.push(Command::DeleteVariation);
            }
        }
        if let Some(named) = named.iter().rev().find(|n| n.ply <= m.game.cursor()) {
            ui.label(egui::RichText::new(&named.opening.name).italics())
                .on_hover_text(t!(
                    tr,
                    "opening-hover",
                    moves = named.opening.moves.as_str(),
                    plies = named.opening.plies
                ));
        }
    });
    move_list(ui, tr, m, &named, &reviewed, requests);
}

/// The board editor's panel: what a click puts down, who moves, clear/reset, the check of the
/// position, the OBF to copy, and Done/Cancel.
fn editor_panel(ui: &mut egui::Ui, tr: &Tr, setup: &Setup, requests: &mut Requests) {
    let edit = |requests: &mut Requests, e: Edit| requests.commands.push(Command::Edit(e));
    ui.add_space(4.0);
    ui.label(
        egui::RichText::new(t!(tr, "editor-heading"))
            .size(18.0)
            .strong(),
    );
    ui.label(t!(tr, "editor-help"));
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(t!(tr, "editor-put-down"));
        for (paint, label) in [
            (Some(Side::Black), t!(tr, "editor-black")),
            (Some(Side::White), t!(tr, "editor-white")),
            (None, t!(tr, "editor-empty")),
        ] {
            if ui.radio(setup.paint == paint, label).clicked() && setup.paint != paint {
                edit(requests, Edit::Paint(paint));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(t!(tr, "editor-to-move"));
        for (side, label) in [
            (Side::Black, t!(tr, "editor-black")),
            (Side::White, t!(tr, "editor-white")),
        ] {
            if ui.radio(setup.side == side, label).clicked() && setup.side != side {
                edit(requests, Edit::SideToMove(side));
            }
        }
    });
    ui.horizontal(|ui| {
        if ui
            .button(t!(tr, "editor-clear"))
            .on_hover_text(t!(tr, "editor-clear-hover"))
            .clicked()
        {
            edit(requests, Edit::Clear);
        }
        if ui
            .button(t!(tr, "editor-start"))
            .on_hover_text(t!(tr, "editor-start-hover"))
            .clicked()
        {
            edit(requests, Edit::Reset);
        }
        if ui
            .button(t!(tr, "editor-copy-obf"))
            .on_hover_text(t!(tr, "editor-copy-obf-hover"))
            .clicked()
        {
            requests.copy = Some((setup.position().to_string(), t!(tr, "copied-obf")));
        }
    });
    ui.add_space(6.0);
    let verdict = setup.verdict(tr);
    match &verdict {
        Ok(text) => ui.label(text.as_str()),
        Err(text) => ui.colored_label(egui::Color32::from_rgb(255, 140, 110), text.as_str()),
    };
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(verdict.is_ok(), egui::Button::new(t!(tr, "editor-done")))
            .on_hover_text(t!(tr, "editor-done-hover"))
            .clicked()
        {
            edit(requests, Edit::Done);
        }
        if ui
            .button(t!(tr, "editor-cancel"))
            .on_hover_text(t!(tr, "editor-cancel-hover"))
            .clicked()
        {
            edit(requests, Edit::Cancel);
        }
    });
}

/// The evaluation graph: each position's score (discs, Black's side) by ply, exact ones in
/// gold, the reviewed mistakes (orange) and blunders (red), the position shown marked; a
/// click views the position of the nearest ply.
fn score_graph(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    points: &[(usize, Score)],
    reviewed: &[MoveReview],
    requests: &mut Requests,
) {
    use egui_plot::{Line, MarkerShape, Plot, PlotPoints, Points, VLine};
    let line: Vec<[f64; 2]> = points
        .iter()
        .map(|(ply, s)| [*ply as f64, f64::from(s.black)])
        .collect();
    let exact: Vec<[f64; 2]> = points
        .iter()
        .filter(|(_, s)| s.exact)
        .map(|(ply, s)| [*ply as f64, f64::from(s.black)])
        .collect();
    let thresholds = ReviewThresholds::shipped();
    let graded = |grade: Grade| -> Vec<[f64; 2]> {
        reviewed
            .iter()
            .filter(|r| thresholds.grade(r.loss) == grade)
            .map(|r| [r.ply as f64, f64::from(r.score * r.color.sign())])
            .collect()
    };
    let (mistakes, blunders) = (graded(Grade::Mistake), graded(Grade::Blunder));
    let len = m.game.len();
    let response = Plot::new("score_graph")
        .height(110.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .include_x(0.0)
        .include_x(len.max(20) as f64)
        .include_y(-10.0)
        .include_y(10.0)
        .y_axis_min_width(18.0)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            // Plies: a label every 10 or 20 of them.
            let step = if input.bounds.1 - input.bounds.0 > 40.0 {
                20.0
            } else {
                10.0
            };
            [step, step, step]
        }))
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            // About three labelled steps over whatever range the scores span (the plot is
            // 110 px high: egui_plot's own steps left only 0 labelled on a wide range).
            let span = input.bounds.1 - input.bounds.0;
            let step = [5.0, 10.0, 20.0, 30.0, 40.0, 50.0]
                .into_iter()
                .find(|&s| s * 3.0 >= span)
                .unwrap_or(64.0);
            [step, step, step]
        }))
        .label_formatter(|pos| match pos {
            egui_plot::HoverPosition::NearDataPoint { position, .. } => Some(t!(
                tr,
                "graph-point",
                ply = position.x.round(),
                score = Tr::signed(position.y.round() as i32)
            )),
            egui_plot::HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            plot.hline(egui_plot::HLine::new("even", 0.0).color(egui::Color32::from_gray(90)));
            plot.vline(
                VLine::new("shown", m.game.cursor() as f64)
                    .color(egui::Color32::from_rgb(0x40, 0x90, 0xe0)),
            );
            plot.line(
                Line::new("score", PlotPoints::from(line)).color(egui::Color32::from_gray(220)),
            );
            plot.points(
                Points::new("exact", PlotPoints::from(exact))
                    .shape(MarkerShape::Circle)
                    .radius(2.5)
                    .color(egui::Color32::from_rgb(255, 204, 64)),
            );
            for (name, marks, color) in [
                ("mistakes", mistakes, MISTAKE_COLOR),
                ("blunders", blunders, BLUNDER_COLOR),
            ] {
                plot.points(
                    Points::new(name, PlotPoints::from(marks))
                        .shape(MarkerShape::Diamond)
                        .radius(3.5)
                        .color(color),
                );
            }
            plot.pointer_coordinate()
        });
    if response.response.clicked()
        && let Some(p) = response.inner
    {
        requests
            .commands
            .push(Command::GoTo((p.x.round().max(0.0) as usize).min(len)));
    }
    response.response.on_hover_text(t!(tr, "graph-hover"));
}

/// The review's progress, then each player's figures.
fn review_panel(ui: &mut egui::Ui, tr: &Tr, m: &Match, review: &GameReview, moves: &[MoveReview]) {
    ui.label(egui::RichText::new(t!(tr, "review-heading")).strong());
    if let Some(r) = review.mistake_here(&m.game) {
        ui.label(
            egui::RichText::new(t!(
                tr,
                "review-here",
                side = side_id(r.color),
                played = r.played.to_string(),
                score = Tr::signed(r.score),
                loss = r.loss,
                best = r.best.to_string(),
                best_score = Tr::signed(r.best_score)
            ))
            .color(egui::Color32::from_rgb(0x4a, 0xa8, 0xff)),
        );
    }
    if review.running() {
        let done = moves.len();
        let text = match review.seconds_left(done) {
            Some(s) => t!(
                tr,
                "review-progress-left",
                done = done,
                total = review.total,
                seconds = s.round()
            ),
            None => t!(tr, "review-progress", done = done, total = review.total),
        };
        ui.add(egui::ProgressBar::new(done as f32 / review.total.max(1) as f32).text(text));
        return;
    }
    let thresholds = ReviewThresholds::shipped();
    let summaries = summarize(moves, &thresholds);
    for (side, s) in [(Side::Black, summaries[0]), (Side::White, summaries[1])] {
        ui.label(t!(
            tr,
            "review-summary",
            side = side_id(side),
            lost = s.loss,
            mistakes = s.mistakes,
            blunders = s.blunders,
            best_percent = s.accuracy().round()
        ))
        .on_hover_text(t!(
            tr,
            "review-summary-hover",
            moves = s.moves,
            best = s.best_moves,
            inaccuracies = s.inaccuracies,
            mistake = thresholds.mistake,
            mistakes = s.mistakes,
            blunders = s.blunders,
            blunder = thresholds.blunder
        ));
    }
    if let Some(t) = review.took_s {
        ui.label(
            egui::RichText::new(t!(tr, "review-took", seconds = t.round()))
                .weak()
                .small(),
        );
    }
}

/// The colour of a mistake in the move list and on the graph.
const MISTAKE_COLOR: egui::Color32 = egui::Color32::from_rgb(0xe8, 0xa0, 0x30);
/// The colour of a blunder.
const BLUNDER_COLOR: egui::Color32 = egui::Color32::from_rgb(0xe8, 0x50, 0x40);

/// A reviewed move's mark in the move list, its colour, and what its hover says.
fn review_mark(
    r: &MoveReview,
    thresholds: &ReviewThresholds,
    tr: &Tr,
) -> (&'static str, Option<egui::Color32>, String) {
    let (mark, color) = match thresholds.grade(r.loss) {
        Grade::Best | Grade::Inaccuracy => ("", None),
        Grade::Mistake => ("?", Some(MISTAKE_COLOR)),
        Grade::Blunder => ("??", Some(BLUNDER_COLOR)),
    };
    let (played, score) = (r.played.to_string(), Tr::signed(r.score));
    let hover = match (r.loss, r.exact) {
        (0, false) => t!(tr, "review-best-move", played = played, score = score),
        (0, true) => t!(tr, "review-best-move-exact", played = played, score = score),
        (loss, exact) => {
            let (best, best_score) = (r.best.to_string(), Tr::signed(r.best_score));
            if exact {
                t!(
                    tr,
                    "review-loses-exact",
                    played = played,
                    score = score,
                    loss = loss,
                    best = best,
                    best_score = best_score
                )
            } else {
                t!(
                    tr,
                    "review-loses",
                    played = played,
                    score = score,
                    loss = loss,
                    best = best,
                    best_score = best_score
                )
            }
        }
    };
    (mark, color, hover)
}

/// What the engine is doing (thinking, pondering, scoring the hints), its depth, score,
/// expected reply, principal variation and speed, and the hints' depth.
fn engine_panel(
    ui: &mut egui::Ui,
    report: &EngineReport,
    hints: Option<&MoveScores>,
    rates: Option<&MoveRates>,
    settings: &Settings,
    time: &Time,
    tr: &Tr,
) {
    let elapsed = Tr::decimal(f64::from(time.elapsed_secs() - report.since_s), 1);
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(t!(tr, "engine-heading")).strong());
        match report.activity {
            Activity::Thinking => {
                ui.add(egui::Spinner::new());
                let side = report.side.map_or("none", side_id);
                ui.label(t!(tr, "engine-thinking", side = side, seconds = elapsed));
            }
            Activity::Pondering => {
                ui.add(egui::Spinner::new());
                let text = match report.ponder_guess {
                    Some(sq) => t!(
                        tr,
                        "engine-pondering-on",
                        square = sq.to_string(),
                        seconds = elapsed
                    ),
                    None => t!(tr, "engine-pondering-replies", seconds = elapsed),
                };
                ui.label(text)
                    .on_hover_text(t!(tr, "engine-pondering-hover"));
            }
            Activity::Scoring => {
                ui.add(egui::Spinner::new());
                ui.label(t!(tr, "engine-scoring", seconds = elapsed))
                    .on_hover_text(t!(tr, "engine-scoring-hover"));
            }
            Activity::Idle if report.side.is_some() => {
                ui.label(t!(tr, "engine-idle"));
            }
            Activity::Idle => {
                ui.label(t!(tr, "engine-unused"));
            }
        }
    });
    egui::Grid::new("engine_grid")
        .num_columns(2)
        .spacing([12.0, 2.0])
        // Longer words (Polish, Ukrainian) wrap instead of running off the panel.
        .max_col_width(165.0)
        .show(ui, |ui| {
            let info = report.info.as_ref();
            ui.label(t!(tr, "engine-level"));
            ui.label(if report.level.is_empty() {
                "-".to_string()
            } else {
                tr.level_name(&report.level)
            });
            ui.end_row();
            ui.label(t!(tr, "engine-depth"));
            ui.label(info.map_or("-".into(), |i| {
                if report.book {
                    t!(tr, "engine-book-move")
                } else if i.exact {
                    t!(tr, "engine-depth-exact", depth = i.depth)
                } else {
                    // A selective iteration with its confidence: "18@87%".
                    i.depth_label()
                }
            }));
            ui.end_row();
            // Against the engine with the hints off, what it thinks of the player's moves
            // would give the game away.
            let secret = settings.mode == Mode::HumanVsEngine && settings.hints() == Hints::Off;
            let hidden = |ui: &mut egui::Ui| {
                ui.label(egui::RichText::new(t!(tr, "engine-hidden")).weak())
                    .on_hover_text(t!(tr, "engine-hidden-hover"));
            };
            ui.label(t!(tr, "engine-score"));
            if secret {
                hidden(ui);
                ui.end_row();
                ui.label(t!(tr, "engine-expects"));
                hidden(ui);
                ui.end_row();
                ui.label(t!(tr, "engine-best-line"));
                hidden(ui);
            } else {
                ui.label(info.map_or("-".into(), |i| {
                    let side = report.side.map_or("none", side_id);
                    let score = Tr::signed(i.score);
                    match i.wld {
                        Some(1) => t!(tr, "engine-win", side = side),
                        Some(-1) => t!(tr, "engine-loss", side = side),
                        Some(_) => t!(tr, "engine-draw"),
                        None if i.exact => t!(tr, "engine-discs-exact", side = side, score = score),
                        None => match i.win_permille {
                            Some(p) => t!(
                                tr,
                                "engine-win-rate",
                                side = side,
                                percent = Tr::decimal(f64::from(p) / 10.0, 1)
                            ),
                            None => t!(tr, "engine-discs", side = side, score = score),
                        },
                    }
                }))
                .on_hover_text(t!(tr, "engine-score-hover"));
                ui.end_row();
                ui.label(t!(tr, "engine-expects"));
                ui.label(
                    report
                        .expected_reply
                        .map_or("-".into(), |sq| sq.to_string()),
                )
                .on_hover_text(t!(tr, "engine-expects-hover"));
                ui.end_row();
                ui.label(t!(tr, "engine-best-line"));
                let pv: Vec<String> = info
                    .map(|i| i.pv.iter().take(10).map(|s| s.to_string()).collect())
                    .unwrap_or_default();
                ui.label(if pv.is_empty() {
                    "-".to_string()
                } else {
                    pv.join(" ")
                });
            }
            ui.end_row();
            ui.label(t!(tr, "engine-speed"));
            ui.label(info.map_or("-".into(), |i| {
                if i.nodes == 0 {
                    "-".to_string()
                } else if i.win_permille.is_some() {
                    // Monte Carlo's nodes are playouts.
                    t!(
                        tr,
                        "engine-playouts",
                        playouts = i.nodes,
                        kps = Tr::decimal(i.nodes_per_second() as f64 / 1e3, 0)
                    )
                } else {
                    t!(
                        tr,
                        "engine-nodes",
                        nodes = i.nodes,
                        mnps = Tr::decimal(i.nodes_per_second() as f64 / 1e6, 2)
                    )
                }
            }));
            ui.end_row();
            if settings.hints() == Hints::Scores
                && let Some(rates) = rates
            {
                ui.label(t!(tr, "engine-hints"));
                ui.label(t!(tr, "engine-hints-playouts", playouts = rates.playouts))
                    .on_hover_text(t!(tr, "engine-hints-rates-hover"));
                ui.end_row();
            } else if settings.hints() == Hints::Scores {
                ui.label(t!(tr, "engine-hints"));
                ui.label(hints.map_or("-".into(), |h| {
                    if h.exact {
                        t!(tr, "engine-hints-exact")
                    } else {
                        t!(tr, "engine-hints-depth", depth = h.depth)
                    }
                }))
                .on_hover_text(t!(tr, "engine-hints-hover"));
                ui.end_row();
            }
        });
}

/// The colour of a move that starts a variation, and of the variations offered.
const VARIATION: egui::Color32 = egui::Color32::from_rgb(90, 190, 200);

/// The space between two rows of the move list.
const ROW_GAP: f32 = 2.0;

/// The height of a row of the move list: a button's.
fn row_height(ui: &egui::Ui) -> f32 {
    let text = ui.text_style_height(&egui::TextStyle::Monospace);
    (text + 2.0 * ui.spacing().button_padding.y).max(ui.spacing().interact_size.y)
}

/// Takes the space of `rows` rows, `pitch` apart, of the move list in a scroll area whose
/// visible part is `viewport` (its content's coordinates), and says which of them can be
/// seen and where to draw those: only they are laid out, so a long game costs no more a
/// frame than a short one.
fn visible_rows(
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
fn move_columns(ui: &egui::Ui, tr: &Tr) -> [(f32, f32); 3] {
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
fn move_list(
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
                        let review = reviewed
                            .iter()
                            .find(|r| r.ply == index + 1)
                            .map(|r| review_mark(r, &thresholds, tr));
                        let mark = review.as_ref().map_or("", |r| r.0);
                        let text = match plies[index] {
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
                        let label = cell_ui.selectable_label(current, text);
                        let label = match &review {
                            Some((_, _, hover)) => label.on_hover_text(hover),
                            None => label,
                        };
                        if label.clicked() {
                            requests.commands.push(Command::GoTo(index + 1));
                        }
                    }
                }
                for i in branches(end - 1) {
                    let shown = plies[i];
                    ui.horizontal_wrapped(|ui| {
                        ui.add_space(44.0);
                        let (number, white) = ((i + offset) / 2 + 1, (i + offset) % 2 == 1);
                        let white = if white { "yes" } else { "no" };
                        ui.label(
                            egui::RichText::new(t!(
                                tr,
                                "moves-also",
                                number = number,
                                white = white
                            ))
                            .weak(),
                        );
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
            }
        });
}

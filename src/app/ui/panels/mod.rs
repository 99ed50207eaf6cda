//! The menu bar, the side panel (discs, turn, engine, move list) and the status line: the
//! panel itself here, each of its parts in a file of its own.

mod editor_panel;
mod engine_panel;
mod marks;
mod menu_bar;
mod move_list;
mod review_panel;
mod score_graph;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::engine::{Named, OpeningNames, Side, Square};

use super::match_label;
use super::view::{Dialogs, GameView, Requests, UiOutputs};
use crate::app::clock::{Clocks, clock_text};
use crate::app::files::settings::Mode;
use crate::app::files::settings::Settings;
use crate::app::i18n::{Tr, ply_text, side_id};
use crate::app::messages::Command;
use crate::app::play::game::{Match, result_text};
use crate::app::play::layout::BoardArea;
use crate::t;
use editor_panel::editor_panel;
use engine_panel::engine_panel;
use marks::VARIATION;
use menu_bar::menu_bar;
use move_list::move_list;
use review_panel::review_panel;
use score_graph::score_graph;

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
    ui.horizontal_wrapped(|ui| {
        let level = view.practice.level_in_force(settings, &m.game.start());
        ui.label(egui::RichText::new(match_label(settings, level, tr)).small());
        if settings.mode == crate::app::files::settings::Mode::HumanVsEngine {
            let (key, hover) = if m.help.rated() {
                ("match-rated", "match-rated-hover")
            } else {
                ("match-unrated", "match-unrated-hover")
            };
            ui.label(egui::RichText::new(tr.plain(key)).small().weak())
                .on_hover_text(tr.plain(hover));
        }
    });
    ui.add_space(2.0);
    disc_counts(ui, tr, m);
    if let Some(clocks) = &m.clocks {
        clock_row(ui, tr, m, clocks);
    }
    turn_lines(ui, tr, m, settings, view.cursor.0);
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
    game_buttons(ui, tr, m, settings, requests);
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
        let making = view.practice.making().is_some();
        review_panel(
            ui,
            tr,
            m,
            (&view.review, &view.explanations),
            &reviewed,
            making,
            requests,
        );
        ui.separator();
    }
    let points = view.scores.along(&m.game);
    if !points.is_empty() {
        score_graph(ui, tr, m, &points, &reviewed, requests);
        ui.separator();
    }
    // Every name the record reaches; the opening shown is the last one up to the cursor.
    let named = OpeningNames::shipped().along(&m.game);
    moves_heading(ui, tr, m, &named, requests);
    move_list(ui, tr, m, &named, &reviewed, requests);
}

/// The disc counts, the side to move's underlined while the game goes on.
fn disc_counts(ui: &mut egui::Ui, tr: &Tr, m: &Match) {
    let position = m.position();
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
}

/// The two game clocks: the running one strong, a fallen one red.
fn clock_row(ui: &mut egui::Ui, tr: &Tr, m: &Match, clocks: &Clocks) {
    let position = m.position();
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

/// Whose turn it is (or the result), read out as it changes, and where the keyboard's
/// cursor is.
fn turn_lines(ui: &mut egui::Ui, tr: &Tr, m: &Match, settings: &Settings, cursor: Option<Square>) {
    let position = m.position();
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
    if let Some(square) = cursor {
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
}

/// New game, undo, redo and, when the engine plays both sides, pause and step.
fn game_buttons(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    settings: &Settings,
    requests: &mut Requests,
) {
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
}

/// The move list's heading: the variation shown (to promote or delete) and the opening's
/// name at the cursor.
fn moves_heading(
    ui: &mut egui::Ui,
    tr: &Tr,
    m: &Match,
    named: &[Named<'_>],
    requests: &mut Requests,
) {
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
}

//! The engine panel: what the engine is doing, its depth, score, expected reply and line.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::{MoveScores, SearchInfo};

use crate::app::engine_report::{Activity, EngineReport, MoveRates};
use crate::app::files::settings::Mode;
use crate::app::files::settings::{Hints, Settings};
use crate::app::i18n::{Tr, side_id};
use crate::t;

/// What the engine is doing (thinking, pondering, scoring the hints), its depth, score,
/// expected reply, principal variation and speed, and the hints' depth.
pub(super) fn engine_panel(
    ui: &mut egui::Ui,
    report: &EngineReport,
    hints: Option<&MoveScores>,
    rates: Option<&MoveRates>,
    settings: &Settings,
    time: &Time,
    tr: &Tr,
) {
    activity(ui, report, time, tr);
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
                ui.label(info.map_or("-".into(), |i| score_text(report, i, tr)))
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
            ui.label(info.map_or("-".into(), |i| speed_text(i, tr)));
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
                        t!(tr, "engine-hints-depth", depth = h.depth_label())
                    }
                }))
                .on_hover_text(t!(tr, "engine-hints-hover"));
                ui.end_row();
            }
            // Another program in the game (Settings > Other engine): what it does.
            let other = &settings.other_engine;
            if other.in_use() {
                let name = other.shown_name();
                ui.label(t!(tr, "engine-other"));
                ui.label(match (other.plays, other.hints) {
                    (true, true) => t!(tr, "engine-other-both", name = name),
                    (true, false) => t!(tr, "engine-other-plays", name = name),
                    _ => t!(tr, "engine-other-hints", name = name),
                });
                ui.end_row();
            }
        });
}

/// The heading's line: what the engine is doing (thinking for a side, pondering, scoring
/// the moves for the hints, idle or unused) and for how long.
fn activity(ui: &mut egui::Ui, report: &EngineReport, time: &Time, tr: &Tr) {
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
}

/// The engine's score for the side it plays: a win, loss or draw, discs (exact or not) or,
/// for Monte Carlo, a win rate.
fn score_text(report: &EngineReport, i: &SearchInfo, tr: &Tr) -> String {
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
}

/// The search's speed: nodes (playouts for Monte Carlo) and their rate.
fn speed_text(i: &SearchInfo, tr: &Tr) -> String {
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
}

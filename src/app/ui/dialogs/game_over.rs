//! The game over window: the result and what to do next.

use bevy_egui::egui;

use crate::engine::{Side, ValuePrecision};

use crate::app::coach::practice::Practice;
use crate::app::files::settings::Mode;
use crate::app::files::settings::Settings;
use crate::app::i18n::Tr;
use crate::app::messages::Command;
use crate::app::play::game::{Match, result_heading};
use crate::app::ui::view::{Dialogs, Requests};
use crate::t;

/// The result, with New game and Close (which keeps it closed for this game).
pub(super) fn game_over_window(
    ctx: &egui::Context,
    tr: &Tr,
    m: &Match,
    settings: &Settings,
    practice: &Practice,
    dialogs: &mut Dialogs,
    requests: &mut Requests,
) {
    egui::Window::new(t!(tr, "game-over-title"))
        .id(egui::Id::new("game_over_window"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-145.0, 0.0))
        .show(ctx, |ui| {
            let position = m.position();
            ui.heading(result_heading(&position, tr));
            if settings.mode == Mode::HumanVsEngine {
                let score = position.final_score_black();
                let mine = if settings.human_color == Side::Black {
                    score
                } else {
                    -score
                };
                ui.label(match mine.signum() {
                    1 => t!(tr, "game-over-won"),
                    -1 => t!(tr, "game-over-lost"),
                    _ => t!(tr, "game-over-draw"),
                });
                // A practice position played out: the result against its value.
                if let Some(p) = practice.played_out(settings, &m.game.start()) {
                    let (how, depth, tenths) = match p.precision {
                        ValuePrecision::Exact => ("yes", 0, 0),
                        ValuePrecision::Selective(t) => ("selective", 0, t),
                        ValuePrecision::Depth(depth) => ("no", depth, 0),
                    };
                    ui.label(t!(
                        tr,
                        "practice-result",
                        result = Tr::signed(mine),
                        worth = Tr::signed(p.score),
                        exact = how,
                        depth = depth,
                        sure = Tr::decimal(f64::from(tenths) / 10.0, 1),
                        lost = (p.score - mine).max(0)
                    ));
                }
            }
            ui.horizontal(|ui| {
                let new_game = ui.button(t!(tr, "game-over-new"));
                if ui.memory(|m| m.focused().is_none()) {
                    new_game.request_focus();
                }
                if new_game.clicked() {
                    requests.commands.push(Command::NewGame);
                }
                if ui.button(t!(tr, "game-over-close")).clicked() {
                    dialogs.game_over_closed = Some(m.generation);
                }
            });
        });
}

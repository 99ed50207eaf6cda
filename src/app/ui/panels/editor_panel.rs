//! The side panel while the board is being set up: the pieces, the side to move, done and cancel.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::Side;

use crate::app::editor::{Edit, Setup};
use crate::app::i18n::Tr;
use crate::app::messages::Command;
use crate::app::ui::view::Requests;
use crate::t;

/// The board editor's panel: what a click puts down, who moves, clear/reset, the check of the
/// position, the OBF to copy, and Done/Cancel.
pub(super) fn editor_panel(ui: &mut egui::Ui, tr: &Tr, setup: &Setup, requests: &mut Requests) {
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

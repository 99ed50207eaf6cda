//! The quick menu that Esc opens: the Game menu's commands as big buttons.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::files::open_save::FileJob;
use crate::app::i18n::Tr;
use crate::app::messages::Command;
use crate::app::ui::view::{Dialogs, Requests};
use crate::t;

/// The quick menu opened with Esc; an entry that opens another window closes it.
pub(super) fn menu_window(
    ctx: &egui::Context,
    tr: &Tr,
    dialogs: &mut Dialogs,
    requests: &mut Requests,
) {
    let mut open = true;
    egui::Window::new(t!(tr, "quick-menu-title"))
        .id(egui::Id::new("quick_menu"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_min_width(200.0);
            let entry = |ui: &mut egui::Ui, label: String| {
                ui.add_sized([200.0, 28.0], egui::Button::new(label))
                    .clicked()
            };
            if entry(ui, t!(tr, "quick-new-game")) {
                requests.commands.push(Command::NewGame);
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-undo")) {
                requests.commands.push(Command::Undo);
            }
            if entry(ui, t!(tr, "quick-open")) {
                requests.file = Some(FileJob::OpenGame);
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-save")) {
                requests.file = Some(FileJob::SaveGame);
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-settings")) {
                dialogs.settings = true;
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-rules")) {
                dialogs.help = true;
                dialogs.menu = false;
            }
            if entry(ui, t!(tr, "quick-quit")) {
                requests.quit = true;
            }
            ui.label(egui::RichText::new(t!(tr, "quick-esc")).weak());
        });
    dialogs.menu &= open;
}

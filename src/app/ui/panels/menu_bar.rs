//! The menu bar: Game, Edit, View, Engine and Help.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::editor::Edit;
use crate::app::files::open_save::FileJob;
use crate::app::files::settings::Mode;
use crate::app::files::settings::{Hints, Settings};
use crate::app::i18n::Tr;
use crate::app::messages::Command;
use crate::app::play::game::Match;
use crate::app::study::review::reviewable;
use crate::app::ui::copy_transcript;
use crate::app::ui::view::{Dialogs, Requests};
use crate::t;

/// The menu bar: Game, Settings, Help.
pub(super) fn menu_bar(
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
        if item(ui, t!(tr, "menu-new-xot"), "", true) {
            requests.commands.push(Command::NewXot);
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
        if item(ui, t!(tr, "menu-practice"), "", true) {
            dialogs.practice = true;
        }
        if item(ui, t!(tr, "menu-book"), "", true) {
            dialogs.book = true;
        }
        if item(ui, t!(tr, "menu-database"), "", true) {
            dialogs.database = true;
        }
        if item(ui, t!(tr, "menu-library"), "Ctrl+L", true) {
            dialogs.library = true;
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
        if item(ui, t!(tr, "menu-board-image"), "", true) {
            dialogs.board_image = true;
        }
        if item(ui, t!(tr, "menu-paste"), "Ctrl+V", true) {
            dialogs.paste = Some(String::new());
        }
        ui.separator();
        if item(ui, t!(tr, "menu-open"), "", true) {
            requests.file = Some(FileJob::OpenGame);
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
            requests.file = Some(FileJob::SaveGame);
        }
        ui.separator();
        if item(ui, t!(tr, "menu-quit"), "", true) {
            requests.quit = true;
        }
    });
    if std::mem::take(&mut dialogs.focus_menu_bar) {
        game.response.request_focus();
    }
    settings_menu(ui, tr, settings, dialogs);
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

/// The Settings menu: the mode, the hints, the best line, and the whole window.
fn settings_menu(
    ui: &mut egui::Ui,
    tr: &Tr,
    settings: &mut ResMut<Settings>,
    dialogs: &mut Dialogs,
) {
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
        let mut show_line = settings.show_line;
        if ui
            .checkbox(&mut show_line, t!(tr, "menu-best-line"))
            .changed()
        {
            settings.show_line = show_line;
        }
        ui.separator();
        if ui.button(t!(tr, "menu-all-settings")).clicked() {
            dialogs.settings = true;
            ui.close();
        }
    });
}

//! The Help window: the rules in short and the keyboard shortcuts.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::i18n::Tr;
use crate::t;

/// Rules and keyboard shortcuts; false once closed.
pub(super) fn help_window(ctx: &egui::Context, tr: &Tr) -> bool {
    let mut open = true;
    egui::Window::new(t!(tr, "help-title"))
        .id(egui::Id::new("help_window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, |ui| help_text(ui, tr));
    open
}

/// The keys the help window lists, each with what it does: the key's name (a message id
/// where the name is a word) and the id of what it does.
pub(super) const SHORTCUTS: [(&str, &str); 17] = [
    ("Ctrl+N", "shortcut-new"),
    ("Ctrl+Z", "shortcut-undo"),
    ("Ctrl+Y", "shortcut-redo"),
    ("Ctrl+C", "shortcut-copy"),
    ("Ctrl+V", "shortcut-paste"),
    ("Ctrl+L", "shortcut-library"),
    ("H", "shortcut-hints"),
    ("B", "shortcut-best-line"),
    ("M", "shortcut-sound"),
    ("key-arrows", "shortcut-arrows"),
    ("Tab, Shift+Tab", "shortcut-tab"),
    ("key-enter-space", "shortcut-enter"),
    ("key-delete", "shortcut-delete"),
    ("F1", "shortcut-f1"),
    ("F10", "shortcut-f10"),
    ("Esc", "shortcut-esc"),
    ("Ctrl+Plus, Ctrl+Minus", "shortcut-zoom"),
];

/// The rules and the shortcuts, as the help window shows them.
pub(super) fn help_text(ui: &mut egui::Ui, tr: &Tr) {
    ui.heading(t!(tr, "help-rules"));
    ui.label(t!(tr, "help-rules-text"));
    ui.add_space(6.0);
    ui.heading(t!(tr, "help-playing"));
    ui.label(t!(tr, "help-playing-text"));
    ui.add_space(6.0);
    ui.heading(t!(tr, "help-shortcuts"));
    egui::Grid::new("shortcuts").num_columns(2).show(ui, |ui| {
        for (key, what) in SHORTCUTS {
            let key = if key.starts_with("key-") {
                tr.plain(key)
            } else {
                key.to_string()
            };
            ui.label(egui::RichText::new(key).monospace().strong());
            ui.label(tr.plain(what));
            ui.end_row();
        }
    });
}

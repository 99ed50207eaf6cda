//! The Paste window: a game or position typed or pasted as text.

use bevy::prelude::*;
use bevy_egui::{EguiClipboard, egui};

use crate::app::i18n::Tr;
use crate::app::messages::Command;
use crate::app::ui::view::Requests;
use crate::t;

/// The paste window with its `text`; the text to keep while it stays open, `None` once
/// closed or loaded.
pub(super) fn paste_window(
    ctx: &egui::Context,
    tr: &Tr,
    mut text: String,
    clipboard: &mut EguiClipboard,
    requests: &mut Requests,
) -> Option<String> {
    let mut open = true;
    let mut done = false;
    egui::Window::new(t!(tr, "paste-title"))
        .id(egui::Id::new("paste_window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label(t!(tr, "paste-intro"));
            ui.add(
                egui::TextEdit::multiline(&mut text)
                    .desired_rows(4)
                    .desired_width(f32::INFINITY)
                    .code_editor(),
            );
            ui.horizontal(|ui| {
                if ui.button(t!(tr, "paste-from-clipboard")).clicked()
                    && let Some(t) = clipboard.get_text()
                {
                    text = t;
                }
                if ui
                    .add_enabled(
                        !text.trim().is_empty(),
                        egui::Button::new(t!(tr, "paste-load")),
                    )
                    .clicked()
                {
                    requests.commands.push(Command::Paste(text.clone()));
                    done = true;
                }
            });
        });
    (open && !done).then_some(text)
}

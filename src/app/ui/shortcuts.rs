//! The keyboard shortcuts, read in egui's pass so that a text field with the keyboard keeps
//! its keys (mouse clicks on the board are read in `input.rs`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::super::game::{Command, Match};
use super::super::settings::Settings;
use super::{Dialogs, Requests, UiOutputs, copy_transcript};

/// Reads the shortcuts (unless a text field has the keyboard): Ctrl+N new game, Ctrl+Z
/// undo, Ctrl+Y redo, Ctrl+C copy the transcript, Ctrl+V paste a game, H hints, Esc menus.
pub(super) fn read_shortcuts(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    m: Res<Match>,
    mut outputs: UiOutputs,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut requests = Requests::default();
    let escape = ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if escape && !outputs.files.close() && !dialogs.close_one() {
        dialogs.menu = true;
    }
    if ctx.egui_wants_keyboard_input() {
        return Ok(());
    }
    let shortcut = |key| egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, key);
    ctx.input_mut(|i| {
        if i.consume_shortcut(&shortcut(egui::Key::N)) {
            requests.commands.push(Command::NewGame);
        }
        if i.consume_shortcut(&shortcut(egui::Key::Z)) {
            requests.commands.push(Command::Undo);
        }
        if i.consume_shortcut(&shortcut(egui::Key::Y)) {
            requests.commands.push(Command::Redo);
        }
        if i.consume_shortcut(&shortcut(egui::Key::C)) {
            requests.copy = Some(copy_transcript(&m));
        }
        if i.consume_shortcut(&shortcut(egui::Key::V)) {
            // bevy_egui delivers the clipboard's text with Ctrl+V as a text event (other
            // integrations use Paste); with no clipboard, the paste window lets the player
            // type or paste the text.
            let pasted = i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) | egui::Event::Text(text) => Some(text.clone()),
                _ => None,
            });
            match pasted {
                Some(text) if !text.trim().is_empty() => {
                    requests.commands.push(Command::Paste(text));
                }
                _ => dialogs.paste = Some(String::new()),
            }
        }
        if i.consume_key(egui::Modifiers::NONE, egui::Key::H) {
            settings.hints = settings.hints.next();
        }
    });
    outputs.apply(requests, ctx);
    Ok(())
}

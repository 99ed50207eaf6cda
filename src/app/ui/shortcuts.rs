//! The keyboard shortcuts, read in egui's pass so that a text field with the keyboard keeps
//! its keys (mouse clicks on the board are read in `input.rs`).

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiContexts, EguiInput, PrimaryEguiContext, egui};

use super::copy_transcript;
use super::view::{Dialogs, Requests, UiOutputs};
use crate::app::editor::Edit;
use crate::app::files::settings::Settings;
use crate::app::messages::Command;
use crate::app::notices::Notices;
use crate::app::play::game::Match;
use crate::app::play::keyboard::{BoardCursor, CursorKey, cursor_moves, step};
use crate::t;

/// Whether the board has the keyboard: no window shown and no widget with the focus.
fn board_has_keys(ctx: &egui::Context, dialogs: &Dialogs, notices: &Notices, m: &Match) -> bool {
    !dialogs.any_shown(notices, m) && ctx.memory(|mem| mem.focused().is_none())
}

/// Tab and Shift+Tab walk the board's legal moves while the board has the keyboard. egui
/// would move the focus to the menu bar with them, so they are taken out of its input
/// before its pass (`EguiPreUpdateSet::ProcessInput` .. `BeginPass`, where bevy_egui says
/// input may be changed). With a window open, or a widget focused (Esc's menu), Tab stays
/// egui's and moves between the widgets.
pub(super) fn take_board_tab(
    mut contexts: Query<(&mut EguiInput, &mut EguiContext), With<PrimaryEguiContext>>,
    dialogs: Res<Dialogs>,
    notices: Res<Notices>,
    m: Res<Match>,
    mut cursor: ResMut<BoardCursor>,
) {
    let Ok((mut input, mut context)) = contexts.single_mut() else {
        return;
    };
    if !board_has_keys(context.get_mut(), &dialogs, &notices, &m) {
        return;
    }
    let legal = cursor_moves(&m);
    input.0.events.retain(|event| match event {
        egui::Event::Key {
            key: egui::Key::Tab,
            pressed,
            modifiers,
            ..
        } => {
            if *pressed {
                let key = if modifiers.shift {
                    CursorKey::PreviousMove
                } else {
                    CursorKey::NextMove
                };
                cursor.0 = step(cursor.0, key, legal);
            }
            false
        }
        _ => true,
    });
}

/// Reads the shortcuts (unless a text field has the keyboard): Ctrl+N new game, Ctrl+Z
/// undo, Ctrl+Y redo, Ctrl+C copy the transcript, Ctrl+V paste a game, H hints, Esc menus,
/// F1 the help; and, while the board has the keyboard (no window open, no widget focused),
/// the board's cursor: arrows, Enter or Space to play (in the board editor: paint the
/// square; Delete empties it). Tab is taken earlier, by [`take_board_tab`].
pub(super) fn read_shortcuts(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    mut cursor: ResMut<BoardCursor>,
    mut notices: ResMut<Notices>,
    m: Res<Match>,
    mut outputs: UiOutputs,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut requests = Requests::default();
    // What H or M changed, for the status line.
    let mut said = None;
    // An open menu (or other popup) takes Esc itself and closes first.
    let escape = !egui::Popup::is_any_open(ctx)
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    // Esc closes what is on top: an open menu (egui's own handling), the file prompt, a
    // notice (the oldest, shown first), a window, the game-over window; with nothing open it
    // opens the menu.
    if escape && !outputs.files.close() {
        if !notices.0.is_empty() {
            notices.dismiss_oldest();
        } else if !dialogs.close_one() {
            if dialogs.game_over_open(&m) {
                dialogs.game_over_closed = Some(m.generation);
            } else {
                dialogs.menu = true;
            }
        }
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
        if i.consume_shortcut(&shortcut(egui::Key::L)) {
            dialogs.library = !dialogs.library;
        }
        if i.consume_shortcut(&shortcut(egui::Key::C)) {
            requests.copy = Some(copy_transcript(&m, &outputs.status.tr));
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
        let tr = &outputs.status.tr;
        if i.consume_key(egui::Modifiers::NONE, egui::Key::B) {
            settings.show_line = !settings.show_line;
        }
        if i.consume_key(egui::Modifiers::NONE, egui::Key::H) {
            *settings.hints_mut() = settings.hints().next();
            said = Some(t!(
                tr,
                "status-hints",
                hints = tr.plain(settings.hints().key())
            ));
        }
        if i.consume_key(egui::Modifiers::NONE, egui::Key::M) {
            settings.sound.on = !settings.sound.on;
            said = Some(if settings.sound.on {
                t!(tr, "status-sound-on")
            } else {
                t!(tr, "status-sound-off")
            });
        }
        if i.consume_key(egui::Modifiers::NONE, egui::Key::F1) {
            dialogs.help = true;
        }
        if i.consume_key(egui::Modifiers::NONE, egui::Key::F10) {
            dialogs.focus_menu_bar = true;
        }
    });
    // The board's keys, unless a window is open or a widget has the focus (egui then moves
    // the focus with Tab and presses the widget with Enter or Space).
    if board_has_keys(ctx, &dialogs, &notices, &m) {
        let legal = cursor_moves(&m);
        ctx.input_mut(|i| {
            let keys = [
                (egui::Modifiers::NONE, egui::Key::ArrowLeft, CursorKey::Left),
                (
                    egui::Modifiers::NONE,
                    egui::Key::ArrowRight,
                    CursorKey::Right,
                ),
                (egui::Modifiers::NONE, egui::Key::ArrowUp, CursorKey::Up),
                (egui::Modifiers::NONE, egui::Key::ArrowDown, CursorKey::Down),
            ];
            for (modifiers, key, step_key) in keys {
                if i.consume_key(modifiers, key) {
                    cursor.0 = step(cursor.0, step_key, legal);
                }
            }
            let play = i.consume_key(egui::Modifiers::NONE, egui::Key::Enter)
                | i.consume_key(egui::Modifiers::NONE, egui::Key::Space);
            let erase = i.consume_key(egui::Modifiers::NONE, egui::Key::Delete);
            match cursor.0 {
                Some(square) if m.setup.is_some() && (play || erase) => {
                    requests.commands.push(Command::Edit(Edit::Square {
                        square,
                        erase: erase && !play,
                    }));
                }
                Some(square) if play => requests.commands.push(Command::Play(square)),
                // The first Enter shows the cursor where Tab would put it.
                None if play => cursor.0 = step(None, CursorKey::NextMove, legal),
                _ => {}
            }
        });
    }
    if let Some(text) = said {
        outputs.status.say(text);
    }
    outputs.apply(requests, ctx);
    Ok(())
}

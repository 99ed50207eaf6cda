//! Clicks on the board. (Keyboard shortcuts are read in the UI pass, `ui/shortcuts.rs`,
//! where egui can tell whether a text field has them.)

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, egui};

use super::game::Match;
use super::layout::BoardLayout;
use crate::app::editor::Edit;
use crate::app::messages::{Command, CommandIssued};
use crate::app::schedule::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, click_square.in_set(GameSystems::Input));
}

/// Turns a left click on a square (not on an egui panel or window) into a move request; in
/// the board editor a left click paints the square and a right click empties it.
#[allow(clippy::too_many_arguments)] // a system: each argument is one resource or query
fn click_square(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    egui: Res<EguiWantsInput>,
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    m: Res<Match>,
    mut commands: MessageWriter<CommandIssued>,
) {
    let (left, right) = (
        buttons.just_pressed(MouseButton::Left),
        buttons.just_pressed(MouseButton::Right),
    );
    let editing = m.setup.is_some();
    if !(left || (right && editing)) || egui.wants_pointer_input() {
        return;
    }
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    // egui knows the pointer from the last frame; a tap (or a click right after a jump of
    // the pointer) arrives with its move in the same frame, so also ask whether one of
    // egui's windows or menus is where the click is now.
    if let Ok(ctx) = contexts.ctx_mut() {
        let at = egui::pos2(cursor.x, cursor.y) / ctx.zoom_factor();
        if ctx
            .layer_id_at(at)
            .is_some_and(|layer| layer.order != egui::Order::Background)
        {
            return;
        }
    }
    let world = Vec2::new(
        cursor.x - window.width() / 2.0,
        window.height() / 2.0 - cursor.y,
    );
    if let Some(square) = layout.square_at(world) {
        commands.write(CommandIssued(if editing {
            Command::Edit(Edit::Square {
                square,
                erase: !left,
            })
        } else {
            Command::Play(square)
        }));
    }
}

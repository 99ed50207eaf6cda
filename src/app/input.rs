//! Clicks on the board. (Keyboard shortcuts are read in the UI pass, `ui/shortcuts.rs`,
//! where egui can tell whether a text field has them.)

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::GameSystems;
use super::game::{Command, CommandIssued};
use super::layout::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, click_square.in_set(GameSystems::Input));
}

/// Turns a left click on a square (not on an egui panel or window) into a move request.
fn click_square(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    egui: Res<EguiWantsInput>,
    layout: Res<BoardLayout>,
    mut commands: MessageWriter<CommandIssued>,
) {
    if !buttons.just_pressed(MouseButton::Left) || egui.wants_pointer_input() {
        return;
    }
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let world = Vec2::new(
        cursor.x - window.width() / 2.0,
        window.height() / 2.0 - cursor.y,
    );
    if let Some(sq) = layout.square_at(world) {
        commands.write(CommandIssued(Command::Play(sq)));
    }
}

//! The order of the frame, declared once: every feature puts its `Update` systems in one of
//! the [`GameSystems`] sets, which run in this order on the main thread.

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// The order of our work in `Update`: read input, change the game, drive the engine, then
/// update what is drawn. The UI runs later, in egui's own pass.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum GameSystems {
    /// Window layout, mouse and keyboard.
    Input,
    /// Applying commands and moves to the game.
    Logic,
    /// Starting, stopping and polling searches.
    Engine,
    /// Discs, hints, markers and animations.
    Visuals,
    /// Windows drawn before the panels, so that they are placed on the whole window and
    /// not in the space the panels leave (the open/save prompt); in egui's pass schedule.
    Prompts,
    /// Building the egui interface (in egui's pass schedule, after `Update`).
    Ui,
}

/// Declares the order of the frame's work ([`GameSystems`]) and runs it on the main thread.
pub(super) fn order_frame(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSystems::Input,
            GameSystems::Logic,
            GameSystems::Engine,
            GameSystems::Visuals,
        )
            .chain(),
    )
    // Our frame work is a chain of small systems: run it on the main thread rather than
    // hand each system to a worker that the renderer and the engine compete for.
    .edit_schedule(Update, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    })
    .configure_sets(
        EguiPrimaryContextPass,
        (GameSystems::Prompts, GameSystems::Ui).chain(),
    )
    .edit_schedule(EguiPrimaryContextPass, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    });
}

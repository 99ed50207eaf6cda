//! Whether a window that may change the game is open (settings, the quick menu, paste):
//! shared vocabulary between the UI, which owns the windows, and the engine's jobs, which do
//! not start a search under such a window.

use bevy::prelude::*;

/// True while a window that may change the game is open. The UI creates it and sets it
/// each frame after the input and the game logic, before the engine decides its job.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct ModalOpen(pub(super) bool);

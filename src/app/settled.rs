//! Whether the discs have settled: shared vocabulary between `discs.rs`, which animates
//! them and says when they stop, and the features that wait for them (the game's forced
//! passes, the engine's move, the hints).

use bevy::prelude::*;

/// True while a disc is turning over or being placed. `discs.rs` sets it at the end of each
/// frame's animation step (in `GameSystems::Visuals`), so the game's and the engine's
/// systems, which run before it, see the previous frame's state.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct DiscsMoving(pub(super) bool);

/// A run condition: no disc is moving.
pub(super) fn discs_settled(moving: Res<DiscsMoving>) -> bool {
    !moving.0
}

//! Coaching the player: mistakes as puzzles that come back (`practice.rs`), opening drills
//! (`drill.rs`), the player's strength from reviewed games (`strength.rs`) and the Adaptive
//! level that follows it (`adaptive.rs`).
//!
//! Each file is a feature with its own `plugin`; [`plugin`] adds them (`PLUGINS`, in any
//! order).

mod adaptive;
pub(super) mod drill;
pub(super) mod practice;
pub(super) mod strength;

use bevy::prelude::*;

/// The features of this folder, each a plugin.
pub(super) const PLUGINS: [fn(&mut App); 4] = [
    practice::plugin,
    strength::plugin,
    adaptive::plugin,
    drill::plugin,
];

/// Adds the folder's features.
pub(super) fn plugin(app: &mut App) {
    for feature in PLUGINS {
        feature(app);
    }
}

//! The window and the scripted runs: the graphics device found before the renderer starts
//! (`graphics.rs`), the window's icon (`icon.rs`) and place (`window_place.rs`), and the
//! runs that end by themselves (`screenshot.rs`, `bench.rs`).
//!
//! Each file is a feature with its own `plugin`; [`plugin`] adds them (`PLUGINS`, in any
//! order).

mod bench;
pub(super) mod graphics;
mod icon;
mod screenshot;
mod window_place;

use bevy::prelude::*;

/// The features of this folder, each a plugin.
pub(super) const PLUGINS: [fn(&mut App); 4] = [
    icon::plugin,
    window_place::plugin,
    screenshot::plugin,
    bench::plugin,
];

/// Adds the folder's features.
pub(super) fn plugin(app: &mut App) {
    for feature in PLUGINS {
        feature(app);
    }
}

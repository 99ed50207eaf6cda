//! Files and settings: the player's settings and where the player's files live
//! (`settings.rs`, `paths.rs`), reading a versioned file of the player's (`player_file.rs`),
//! saving and opening games and book files through the system's dialog (`open_save.rs`),
//! and the game in progress kept after every move (`resume.rs`).
//!
//! Each file is a feature with its own `plugin`; [`plugin`] adds them (`PLUGINS`, in any
//! order).

pub(super) mod open_save;
pub(super) mod paths;
pub(super) mod player_file;
pub(super) mod resume;
pub(super) mod settings;

use bevy::prelude::*;

/// The features of this folder, each a plugin.
pub(super) const PLUGINS: [fn(&mut App); 3] = [settings::plugin, open_save::plugin, resume::plugin];

/// Adds the folder's features.
pub(super) fn plugin(app: &mut App) {
    for feature in PLUGINS {
        feature(app);
    }
}

//! Playing a game: the match and its commands (`game.rs`), the engine's moves, pondering and
//! hints on the task pool (`engine_tasks.rs`), and the board on screen: its place in the
//! window (`layout.rs`), colours (`theme.rs`), frame and grid (`board.rs`), discs
//! (`discs.rs`), marks (`markers.rs`), the board as a picture (`board_image.rs`), the engine's best line (`best_line.rs`), another program as the opponent or the hints (`other_engine.rs`), clicks (`input.rs`), the keyboard's cursor
//! (`keyboard.rs`) and the sounds (`sound/`).
//!
//! Each file is a feature with its own `plugin`; [`plugin`] adds them (`PLUGINS`, in any
//! order).

mod best_line;
mod board;
pub(crate) mod board_image;
pub(super) mod discs;
pub(super) mod engine_tasks;
pub(super) mod game;
mod input;
pub(super) mod keyboard;
pub(super) mod layout;
mod markers;
pub(crate) mod other_engine;
mod sound;
mod theme;

use bevy::prelude::*;

/// The features of this folder, each a plugin.
pub(super) const PLUGINS: [fn(&mut App); 12] = [
    theme::plugin,
    best_line::plugin,
    layout::plugin,
    board::plugin,
    discs::plugin,
    markers::plugin,
    game::plugin,
    engine_tasks::plugin,
    other_engine::plugin,
    input::plugin,
    keyboard::plugin,
    sound::plugin,
];

/// Adds the folder's features.
pub(super) fn plugin(app: &mut App) {
    for feature in PLUGINS {
        feature(app);
    }
}

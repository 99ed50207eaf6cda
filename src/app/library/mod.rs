//! The book and the database: the opening book, shipped and the player's own (`book.rs`),
//! editing it from the Book window (`book_edit.rs`), the WTHOR game database
//! (`database.rs`), and the games played, for the Library window (`played.rs`).
//!
//! Each file is a feature with its own `plugin`; [`plugin`] adds them (`PLUGINS`, in any
//! order).

pub(super) mod book;
pub(super) mod book_edit;
pub(super) mod database;
pub(super) mod played;

use bevy::prelude::*;

/// The features of this folder, each a plugin.
pub(super) const PLUGINS: [fn(&mut App); 4] = [
    book::plugin,
    book_edit::plugin,
    database::plugin,
    played::plugin,
];

/// Adds the folder's features.
pub(super) fn plugin(app: &mut App) {
    for feature in PLUGINS {
        feature(app);
    }
}

//! Studying a game: the review that searches every move (`review.rs`), why a move was a
//! mistake, in words (`explain.rs`), and the evaluation graph's scores (`graph.rs`).
//!
//! Each file is a feature with its own `plugin`; [`plugin`] adds them (`PLUGINS`, in any
//! order).

pub(super) mod explain;
pub(super) mod graph;
pub(super) mod review;

use bevy::prelude::*;

/// The features of this folder, each a plugin.
pub(super) const PLUGINS: [fn(&mut App); 3] = [review::plugin, explain::plugin, graph::plugin];

/// Adds the folder's features.
pub(super) fn plugin(app: &mut App) {
    for feature in PLUGINS {
        feature(app);
    }
}

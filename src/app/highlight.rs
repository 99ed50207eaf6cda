//! Squares another part of the game asks the board to mark: the designer's breakdown points
//! at the squares of the term under the pointer. Shared vocabulary: the designer writes it,
//! the markers draw it.

use bevy::prelude::*;

/// The squares to mark (a bitboard; 0 for none).
#[derive(Resource, Debug, Default, PartialEq, Eq)]
pub(super) struct Focus(pub u64);

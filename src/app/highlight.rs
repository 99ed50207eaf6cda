//! Squares another part of the game asks the board to mark: the designer's breakdown points
//! at the squares of the term under the pointer, and can colour every square by its share of
//! the evaluation. Shared vocabulary: the designer writes them, the markers draw them.

use bevy::prelude::*;

/// The squares to mark (a bitboard; 0 for none).
#[derive(Resource, Debug, Default, PartialEq, Eq)]
pub(super) struct Focus(pub u64);

/// Each square's share of the evaluation, hundredths of a disc for the side to move (each
/// pattern instance's value spread evenly over its squares); `None` for no heatmap.
#[derive(Resource, Debug, Default, PartialEq)]
pub(super) struct Heat(pub Option<[f32; 64]>);

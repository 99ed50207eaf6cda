//! A move's flips tried without generating the moves first: the solver's last plies walk
//! their empties and skip at once an empty that no opponent disc touches (Edax's
//! `NWS_shallow` and `board_solve_*`).

use crate::engine::bitboard::neighbours;
use crate::engine::board::flips;
use crate::engine::square::Square;

/// The squares around each square.
static NEIGHBOURS: [u64; 64] = build_neighbours();

const fn build_neighbours() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = neighbours(1 << sq);
        sq += 1;
    }
    out
}

/// The flips of `p` playing `x` against `o`, 0 when illegal; skips the ray work when no
/// opponent disc touches `x`.
#[inline(always)]
pub(crate) fn try_flips(p: u64, o: u64, x: u8) -> u64 {
    if NEIGHBOURS[x as usize] & o == 0 {
        0
    } else {
        flips(p, o, Square::from_index(x))
    }
}

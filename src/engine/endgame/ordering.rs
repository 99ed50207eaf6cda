//! Move ordering for the solver: parity (odd quadrants first, Edax's `QUADRANT_ID`),
//! fastest-first (fewest opponent replies first, Gatliff's "fastest first" as described by
//! Buro) with corner and stability bonuses, and an evaluator hook for shallow-search ordering
//! at many empties.

use crate::engine::bitboard::{CORNERS, QUADRANTS, neighbours};
use crate::engine::board::{Board, legal_moves};
use crate::engine::eval::{Evaluate, to_discs};

/// The quadrant of each square as one bit of a 4-bit parity word (a1-d4, e1-h4, a5-d8,
/// e5-h8).
pub(crate) static QUADRANT_ID: [u8; 64] = build_quadrant_id();

const fn build_quadrant_id() -> [u8; 64] {
    let mut out = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        out[sq] = 1 << ((c / 4) + 2 * (r / 4));
        sq += 1;
    }
    out
}

/// The squares of the quadrants named by a parity word.
#[inline]
pub(crate) fn parity_squares(parity: u8) -> u64 {
    let mut out = 0;
    for (i, q) in QUADRANTS.iter().enumerate() {
        if parity & (1 << i) != 0 {
            out |= q;
        }
    }
    out
}

/// Squares next to a corner (C and X squares): the worst to take while their corner is empty.
const NEAR_CORNERS: u64 = 0x42c3_0000_0000_c342;

/// The empties' visiting order below the table: corners, then the rest, then the squares
/// next to corners (each group in square order).
pub(crate) const SQUARE_CLASSES: [u64; 3] = [CORNERS, !(CORNERS | NEAR_CORNERS), NEAR_CORNERS];

/// A static worth of each square for ordering, in the spirit of Edax's `SQUARE_VALUE`:
/// corners best, X squares worst.
static SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18, //
];

/// Mobility counting corners twice.
#[inline]
pub(crate) fn weighted_mobility(p: u64, o: u64) -> u32 {
    let m = legal_moves(p, o);
    m.count_ones() + (m & CORNERS).count_ones()
}

/// Empty squares next to `o`'s discs: the mover's potential mobility.
#[inline]
pub(crate) fn potential_mobility(p: u64, o: u64) -> u32 {
    (neighbours(o) & !(p | o)).count_ones()
}

/// Discs of `p` next to an occupied corner on the edges: stable, cheaply found.
#[inline]
fn corner_stability(p: u64) -> u32 {
    let corners = p & CORNERS;
    // a1 -> b1, a2; h1 -> g1, h2; a8 -> b8, a7; h8 -> g8, h7.
    let near = ((corners << 1) & 0x0200_0000_0000_0002)
        | ((corners >> 1) & 0x4000_0000_0000_0040)
        | ((corners << 8) & 0x0000_0000_0000_8100)
        | ((corners >> 8) & 0x0081_0000_0000_0000);
    (corners | (near & p)).count_ones()
}

/// Fastest-first worth of the move on `sq` giving `next` (seen from the opponent), higher
/// first: few replies for the opponent weigh most, then our corner-anchored discs, then the
/// opponent's potential mobility, then the square and parity.
#[inline]
pub(crate) fn fastest_first_score(next: &Board, sq: u8, parity: u8, use_parity: bool) -> i32 {
    if next.player == 0 {
        // A wipe-out: nothing beats it.
        return 1 << 29;
    }
    let mut score = SQUARE_VALUE[sq as usize];
    if use_parity && parity & QUADRANT_ID[sq as usize] != 0 {
        score += 1 << 5;
    }
    score += (36 - weighted_mobility(next.player, next.opponent) as i32) << 15;
    score += (corner_stability(next.opponent) as i32) << 11;
    score += (36 - potential_mobility(next.player, next.opponent) as i32) << 6;
    score
}

/// An evaluator without tables for the solver's ordering (`reversi-engine solve --config
/// none`): mobility, potential mobility and corners, roughly one disc per move of mobility.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobilityEval;

impl Evaluate for MobilityEval {
    fn evaluate(&self, board: &Board) -> i32 {
        to_discs(self.evaluate_centidiscs(board))
    }

    fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let mobility = weighted_mobility(p, o) as i32 - weighted_mobility(o, p) as i32;
        let potential = potential_mobility(p, o) as i32 - potential_mobility(o, p) as i32;
        let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
        let stable = corner_stability(p) as i32 - corner_stability(o) as i32;
        100 * mobility + 25 * potential + 200 * corners + 100 * stable
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bitboard::parity_of;

    #[test]
    fn parity_words() {
        assert_eq!(QUADRANT_ID[0], 1);
        assert_eq!(QUADRANT_ID[7], 2);
        assert_eq!(QUADRANT_ID[56], 4);
        assert_eq!(QUADRANT_ID[63], 8);
        assert_eq!(QUADRANTS.iter().fold(0, |a, q| a | q), !0);
        // Three empties in a1's quadrant, two in h8's.
        let empties = 0b111 | (3 << 62);
        assert_eq!(parity_of(empties), 1);
        assert_eq!(parity_squares(0b1001), QUADRANTS[0] | QUADRANTS[3]);
        for (sq, &id) in QUADRANT_ID.iter().enumerate() {
            assert_ne!(parity_squares(id) & (1 << sq), 0);
        }
    }

    #[test]
    fn corner_neighbours() {
        assert_eq!(corner_stability(1 | 2 | 256), 3);
        assert_eq!(corner_stability(2 | 256), 0);
        assert_eq!(corner_stability(CORNERS | NEAR_CORNERS), 12);
    }
}

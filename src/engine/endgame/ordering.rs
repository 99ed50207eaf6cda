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

/// The squares of the quadrants named by each parity word.
static PARITY_SQUARES: [u64; 16] = build_parity_squares();

const fn build_parity_squares() -> [u64; 16] {
    let mut out = [0u64; 16];
    let mut parity = 0;
    while parity < 16 {
        let mut i = 0;
        while i < 4 {
            if parity & (1 << i) != 0 {
                out[parity] |= QUADRANTS[i];
            }
            i += 1;
        }
        parity += 1;
    }
    out
}

/// The squares of the quadrants named by a parity word.
#[inline(always)]
pub(crate) fn parity_squares(parity: u8) -> u64 {
    PARITY_SQUARES[(parity & 15) as usize]
}

/// Squares next to a corner (C and X squares): the worst to take while their corner is empty.
const NEAR_CORNERS: u64 = 0x42c3_0000_0000_c342;

/// The empties' visiting order below the table with `fine_square_order` off: corners, then
/// the rest, then the squares next to corners (each group in square order).
pub(crate) const SQUARE_CLASSES: [u64; 3] = [CORNERS, !(CORNERS | NEAR_CORNERS), NEAR_CORNERS];

/// A finer visiting order below the table, in the spirit of Edax's presorted squares: corners;
/// the squares around the centre (c4, d3...), then c3, c6, f3, f6; the edges' A-squares (a3,
/// c1...) and B-squares (a4, d1...); the second ring (b4, d2... then b3, c2...); C-squares;
/// X-squares. The centre's four squares are never empty.
pub(crate) const FINE_SQUARE_CLASSES: [u64; 9] = [
    CORNERS,
    0x0000_1824_2418_0000,
    0x0000_2400_0024_0000,
    0x2400_8100_0081_0024,
    0x1800_0081_8100_0018,
    0x0018_0042_4200_1800,
    0x0024_4200_0042_2400,
    0x4281_0000_0000_8142,
    0x0042_0000_0000_4200,
];

/// A visiting order of all 64 squares, class by class ([`SQUARE_CLASSES`] or
/// [`FINE_SQUARE_CLASSES`], each class in square order, then any square in no class): a
/// node's empties, each set as the bit of its rank, come out in that order by counting
/// trailing zeros, with no loop over the classes.
pub(crate) struct SquareOrder {
    /// The square of each rank.
    pub square: [u8; 64],
    /// The rank of each square.
    pub rank: [u8; 64],
}

const fn square_order(classes: &[u64]) -> SquareOrder {
    let mut order = SquareOrder {
        square: [0; 64],
        rank: [0; 64],
    };
    let mut placed = 0u64;
    let mut next = 0;
    let mut c = 0;
    while c <= classes.len() {
        let class = if c < classes.len() { classes[c] } else { !0 };
        let mut sq = 0;
        while sq < 64 {
            if class & !placed & (1 << sq) != 0 {
                placed |= 1 << sq;
                order.square[next] = sq as u8;
                order.rank[sq] = next as u8;
                next += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    order
}

/// [`SQUARE_CLASSES`] as a [`SquareOrder`].
pub(crate) static COARSE_ORDER: SquareOrder = square_order(&SQUARE_CLASSES);

/// [`FINE_SQUARE_CLASSES`] as a [`SquareOrder`] (the centre's squares last).
pub(crate) static FINE_ORDER: SquareOrder = square_order(&FINE_SQUARE_CLASSES);

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
    corner_weighted(legal_moves(p, o))
}

/// The number of `moves`, corners counted twice.
#[inline]
fn corner_weighted(moves: u64) -> u32 {
    moves.count_ones() + (moves & CORNERS).count_ones()
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
/// opponent's potential mobility, then the square and parity. `replies` are `next`'s legal
/// moves (the opponent's), which the caller may need again.
#[inline]
pub(crate) fn fastest_first_score(
    next: &Board,
    replies: u64,
    sq: u8,
    parity: u8,
    use_parity: bool,
) -> i32 {
    debug_assert_eq!(replies, next.moves());
    if next.player == 0 {
        // A wipe-out: nothing beats it.
        return 1 << 29;
    }
    let mut score = SQUARE_VALUE[sq as usize];
    if use_parity && parity & QUADRANT_ID[sq as usize] != 0 {
        score += 1 << 5;
    }
    score += (36 - corner_weighted(replies) as i32) << 15;
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

    /// The nine classes cover every square but the centre's four, each once, and keep the
    /// three classes' order: corners first, the squares next to corners last.
    #[test]
    fn the_fine_classes_split_the_board() {
        let centre = 0x0000_0018_1800_0000u64;
        let mut seen = 0u64;
        for class in FINE_SQUARE_CLASSES {
            assert_eq!(seen & class, 0);
            seen |= class;
        }
        assert_eq!(seen, !centre);
        assert_eq!(FINE_SQUARE_CLASSES[0], SQUARE_CLASSES[0]);
        assert_eq!(
            FINE_SQUARE_CLASSES[7] | FINE_SQUARE_CLASSES[8],
            SQUARE_CLASSES[2]
        );
        assert_eq!(
            FINE_SQUARE_CLASSES[1..7].iter().fold(centre, |a, c| a | c),
            SQUARE_CLASSES[1]
        );
        // a3 (an A-square) before a4 (a B-square) before b4.
        let class_of = |sq: u32| FINE_SQUARE_CLASSES.iter().position(|c| c & (1 << sq) != 0);
        assert_eq!([16, 24, 25].map(class_of), [Some(3), Some(4), Some(5)]);
    }

    /// The orders visit every square once, class by class, each class in square order.
    #[test]
    fn the_square_orders_follow_the_classes() {
        for (order, classes) in [
            (&COARSE_ORDER, &SQUARE_CLASSES[..]),
            (&FINE_ORDER, &FINE_SQUARE_CLASSES[..]),
        ] {
            let mut expected = Vec::new();
            let mut seen = 0u64;
            for class in classes.iter().copied().chain([!0]) {
                for sq in 0..64u8 {
                    if class & !seen & (1 << sq) != 0 {
                        seen |= 1 << sq;
                        expected.push(sq);
                    }
                }
            }
            assert_eq!(order.square.to_vec(), expected);
            for (rank, &sq) in order.square.iter().enumerate() {
                assert_eq!(order.rank[sq as usize] as usize, rank);
            }
        }
        // Fine: the corners first, g7 (the last X-square) just before the centre.
        assert_eq!(&FINE_ORDER.square[..4], &[0, 7, 56, 63]);
        assert_eq!(FINE_ORDER.square[59], 54);
        assert_eq!(FINE_ORDER.square[60..], [27, 28, 35, 36]);
    }

    #[test]
    fn corner_neighbours() {
        assert_eq!(corner_stability(1 | 2 | 256), 3);
        assert_eq!(corner_stability(2 | 256), 0);
        assert_eq!(corner_stability(CORNERS | NEAR_CORNERS), 12);
    }
}

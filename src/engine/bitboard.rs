//! Sets of squares as `u64` bitboards, and the 8 symmetries of the board.
//!
//! Bit order, used everywhere in the engine: bit 0 is a1, bit 7 is h1, bit 8 is a2 and bit 63
//! is h8, so a square's index is `8 * (row - 1) + column` with columns a-h = 0-7. Drawn with
//! row 1 at the top, as boards are printed:
//!
//! ```text
//!      a  b  c  d  e  f  g  h
//!   1  0  1  2  3  4  5  6  7
//!   2  8  9 10 11 12 13 14 15
//!   3 16 17 18 19 20 21 22 23
//!   4 24 25 26 27 28 29 30 31
//!   5 32 33 34 35 36 37 38 39
//!   6 40 41 42 43 44 45 46 47
//!   7 48 49 50 51 52 53 54 55
//!   8 56 57 58 59 60 61 62 63
//! ```

use crate::engine::square::Square;

/// Column a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Column h.
pub const FILE_H: u64 = FILE_A << 7;
/// Row 1.
pub const RANK_1: u64 = 0xff;
/// Row 8.
pub const RANK_8: u64 = 0xff << 56;
/// The 28 squares of the board's edges.
pub const EDGES: u64 = RANK_1 | RANK_8 | FILE_A | FILE_H;
/// The 36 squares on no edge (rows 2-7 of columns b-g).
pub const CENTRAL: u64 = !EDGES;
/// Every square but those of column a.
pub const NOT_A_FILE: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but those of column h.
pub const NOT_H_FILE: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// The four corners a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The four 4x4 quadrants, bit `i` of a parity word standing for `QUADRANTS[i]`: a1-d4,
/// e1-h4, a5-d8, e5-h8. Parity (who can expect the last move of a region) is counted
/// over them by the evaluator and the endgame solver.
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The quadrants holding an odd number of `empties`, as a parity word (bit `i` for
/// [`QUADRANTS`]`[i]`).
#[inline]
pub fn parity_of(empties: u64) -> u8 {
    let mut parity = 0;
    for (i, q) in QUADRANTS.iter().enumerate() {
        parity |= (((empties & q).count_ones() & 1) as u8) << i;
    }
    parity
}

/// The squares of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// The squares adjacent (in 8 directions) to any square of `b`.
#[inline]
pub const fn neighbours(b: u64) -> u64 {
    let horizontal = ((b << 1) & NOT_A_FILE) | ((b >> 1) & NOT_H_FILE);
    let row_band = b | horizontal;
    horizontal | (row_band << 8) | (row_band >> 8)
}

/// One of the 8 symmetries of the square board (the dihedral group of order 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// Mirrors rows: row 1 swaps with row 8.
    FlipVertical,
    /// Mirrors columns: column a swaps with column h.
    FlipHorizontal,
    /// Mirrors across the a1-h8 diagonal: (column, row) becomes (row, column).
    FlipDiagonal,
    /// Mirrors across the h1-a8 diagonal.
    FlipAntiDiagonal,
    /// A quarter turn: vertical flip after a diagonal flip.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns: horizontal flip after a diagonal flip.
    Rotate270,
}

impl Symmetry {
    /// All 8 symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipVertical,
        Symmetry::FlipHorizontal,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
    ];

    /// The image of a bitboard under this symmetry.
    #[inline]
    pub const fn apply(self, b: u64) -> u64 {
        match self {
            Symmetry::Identity => b,
            Symmetry::FlipVertical => flip_vertical(b),
            Symmetry::FlipHorizontal => flip_horizontal(b),
            Symmetry::FlipDiagonal => flip_diagonal(b),
            Symmetry::FlipAntiDiagonal => flip_anti_diagonal(b),
            Symmetry::Rotate90 => flip_vertical(flip_diagonal(b)),
            Symmetry::Rotate180 => b.reverse_bits(),
            Symmetry::Rotate270 => flip_horizontal(flip_diagonal(b)),
        }
    }

    /// The image of one square under this symmetry.
    #[inline]
    pub const fn apply_square(self, sq: Square) -> Square {
        let (c, r) = (sq.column(), sq.row());
        let (c, r) = match self {
            Symmetry::Identity => (c, r),
            Symmetry::FlipVertical => (c, 7 - r),
            Symmetry::FlipHorizontal => (7 - c, r),
            Symmetry::FlipDiagonal => (r, c),
            Symmetry::FlipAntiDiagonal => (7 - r, 7 - c),
            Symmetry::Rotate90 => (r, 7 - c),
            Symmetry::Rotate180 => (7 - c, 7 - r),
            Symmetry::Rotate270 => (7 - r, c),
        };
        Square::from_index(r * 8 + c)
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }
}

/// Row 1 swaps with row 8, row 2 with row 7, and so on.
#[inline]
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Column a swaps with column h, b with g, and so on.
#[inline]
pub const fn flip_horizontal(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Mirror across the a1-h8 diagonal (a transpose: b1 goes to a2).
#[inline]
pub const fn flip_diagonal(b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut b = b;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Mirror across the h1-a8 diagonal.
#[inline]
pub const fn flip_anti_diagonal(b: u64) -> u64 {
    flip_diagonal(b.reverse_bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_and_bitboard_images_agree() {
        for sym in Symmetry::ALL {
            for i in 0..64u8 {
                let sq = Square::from_index(i);
                assert_eq!(
                    sym.apply(1u64 << i),
                    1u64 << sym.apply_square(sq).index(),
                    "{sym:?} on {sq}"
                );
                assert_eq!(sym.inverse().apply_square(sym.apply_square(sq)), sq);
            }
        }
    }

    #[test]
    fn neighbours_of_a1_and_d4() {
        // a1 -> b1, a2, b2.
        assert_eq!(neighbours(1), (1 << 1) | (1 << 8) | (1 << 9));
        let d4 = 1u64 << 27;
        assert_eq!(neighbours(d4).count_ones(), 8);
        assert_eq!(neighbours(d4) & d4, 0);
    }
}

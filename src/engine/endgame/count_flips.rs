//! Counting the last move's flips without playing it: per-line lookup tables (Edax's
//! `count_last_flip`, Delorme 1998-2024).
//!
//! With one empty square `x` left, every other square belongs to the mover `p` or to the
//! opponent, so the opponent's discs are `!p` off `x` and a move's flips depend on `p` alone.
//! Each of the four lines through `x` (row, column, two diagonals) is gathered into an 8-bit
//! index, one bit per column (per row for the column), and a table gives the flips on that
//! line from `x`'s place in it.

/// `FLIP_COUNT[pos][line]`: discs turned over on one full line of 8 when the mover plays at
/// `pos` (0..8) and owns the squares of `line` (bit `i` = place `i`), the rest being the
/// opponent's. Places off the board (short diagonals) read as the opponent's, which never
/// adds flips: a run into them has no mover's disc beyond.
static FLIP_COUNT: [[u8; 256]; 8] = build_flip_count();

const fn build_flip_count() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards higher places.
            let mut i = pos + 1;
            while i < 8 && line & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - pos - 1;
            }
            // Towards lower places.
            let mut i = pos as i32 - 1;
            while i >= 0 && line & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += (pos as i32 - i - 1) as usize;
            }
            table[pos][line] = count as u8;
            line += 1;
        }
        pos += 1;
    }
    table
}

/// The a1-h8 diagonal through each square, and the h1-a8 one.
static DIAGONALS: [[u64; 2]; 64] = build_diagonals();

const fn build_diagonals() -> [[u64; 2]; 64] {
    let mut out = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (oc, or) = (other % 8, other / 8);
            if oc - c == or - r {
                out[sq][0] |= 1 << other;
            }
            if oc - c == r - or {
                out[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    out
}

/// Column a's squares.
const A_FILE: u64 = 0x0101_0101_0101_0101;

/// The number of discs the owner of `p` turns over by playing on `x`, where `x` is the only
/// empty square and every other square not in `p` is the opponent's. 0 means the move is
/// illegal. Equal to `flips(p, !p & !bit(x), x).count_ones()`, faster.
#[inline(always)]
pub(crate) fn count_last_flips(p: u64, x: u8) -> u32 {
    let (col, row) = ((x & 7) as usize, (x >> 3) as usize);
    let row_line = (p >> (8 * row)) as u8 as usize;
    let col_line = (((p >> col) & A_FILE).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let [d9, d7] = DIAGONALS[x as usize];
    let d9_line = ((p & d9).wrapping_mul(A_FILE) >> 56) as usize;
    let d7_line = ((p & d7).wrapping_mul(A_FILE) >> 56) as usize;
    let row_counts = &FLIP_COUNT[col];
    (row_counts[row_line] + FLIP_COUNT[row][col_line] + row_counts[d9_line] + row_counts[d7_line])
        as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::flips;
    use crate::engine::square::Square;

    /// Every square and many fillings against the general flips function.
    #[test]
    fn matches_flips_on_full_boards() {
        let mut state = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            // xorshift64*: enough spread for a test, no dependency.
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let p = state.wrapping_mul(0x2545_f491_4f6c_dd1d);
            for x in 0..64u8 {
                let bit = 1u64 << x;
                let mover = p & !bit;
                let expected = flips(mover, !mover & !bit, Square::from_index(x)).count_ones();
                assert_eq!(count_last_flips(mover, x), expected, "p {mover:#x} x {x}");
            }
        }
    }
}

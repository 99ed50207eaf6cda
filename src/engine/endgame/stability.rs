//! Stable discs, which no sequence of moves can turn over: exact on the four edges (a table
//! over every edge filling), then full lines and stable neighbours inward (Edax's
//! `get_stable`, Delorme). They bound the final score: a side keeping `s` stable discs
//! scores at least `2 * s - 64`.

use crate::engine::bitboard::{NOT_A_FILE, NOT_H_FILE};

/// `EDGE_STABLE[p * 256 + o]`: the squares of `p` on one edge of 8 (bit `i` = place `i`)
/// that stay `p`'s whatever is played on that edge, `o` being the other side's discs.
static EDGE_STABLE: [u8; 65536] = build_edge_stable();

/// The discs on an edge that no continuation changes, for every filling: each empty place
/// may get a disc of either colour (legal or not elsewhere, to stay on the safe side), and a
/// disc only turns over along the edge itself. Fillings are visited fullest first, so every
/// successor is known when a filling is reached: 3^8 fillings, 16 successors each.
const fn build_edge_stable() -> [u8; 65536] {
    // `unchanged[p * 256 + o]`: occupied places that keep their colour from here on.
    let mut unchanged = [0u8; 65536];
    let mut discs = 8;
    loop {
        let mut occ = 0usize;
        while occ < 256 {
            if (occ as u32).count_ones() == discs {
                // Every split of `occ` into p and o.
                let mut p = occ;
                loop {
                    let o = occ ^ p;
                    unchanged[p * 256 + o] = edge_unchanged(p, o, &unchanged);
                    if p == 0 {
                        break;
                    }
                    p = (p - 1) & occ;
                }
            }
            occ += 1;
        }
        if discs == 0 {
            break;
        }
        discs -= 1;
    }
    let mut stable = [0u8; 65536];
    let mut i = 0;
    while i < 65536 {
        stable[i] = unchanged[i] & (i >> 8) as u8;
        i += 1;
    }
    stable
}

/// The places of the filling `(p, o)` that no continuation changes, given the answer for
/// every fuller filling.
const fn edge_unchanged(p: usize, o: usize, unchanged: &[u8; 65536]) -> u8 {
    let occ = p | o;
    let mut keep = occ as u8;
    let mut x = 0;
    while x < 8 {
        if occ & (1 << x) == 0 {
            // The side to play is `me` against `them`, for both colours.
            let mut side = 0;
            while side < 2 {
                let (me, them) = if side == 0 { (p, o) } else { (o, p) };
                let flipped = edge_flips(me, them, x);
                let me2 = me | (1 << x) | flipped;
                let them2 = them & !flipped;
                let (p2, o2) = if side == 0 {
                    (me2, them2)
                } else {
                    (them2, me2)
                };
                keep &= unchanged[p2 * 256 + o2] & !(flipped as u8);
                side += 1;
            }
        }
        x += 1;
    }
    keep
}

/// Discs of `them` turned over on an edge of 8 when `me` plays at place `x`.
const fn edge_flips(me: usize, them: usize, x: usize) -> usize {
    let mut flipped = 0;
    let mut run = 0;
    let mut i = x + 1;
    while i < 8 && them & (1 << i) != 0 {
        run |= 1 << i;
        i += 1;
    }
    if i < 8 && me & (1 << i) != 0 {
        flipped |= run;
    }
    run = 0;
    let mut i = x as i32 - 1;
    while i >= 0 && them & (1 << i) != 0 {
        run |= 1 << i;
        i -= 1;
    }
    if i >= 0 && me & (1 << i) != 0 {
        flipped |= run;
    }
    flipped
}

/// Column a.
const A_FILE: u64 = 0x0101_0101_0101_0101;
/// Rows 2-7 of columns b-g: the squares that are on no edge.
const CENTRAL: u64 = 0x007e_7e7e_7e7e_7e00;

/// Column a as a byte, row 1 in bit 0.
#[inline(always)]
fn a_file_to_byte(b: u64) -> usize {
    ((b & A_FILE).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// `BYTE_TO_A_FILE[b]`: the byte `b` spread onto column a, bit 0 on a1.
static BYTE_TO_A_FILE: [u64; 256] = build_byte_to_a_file();

const fn build_byte_to_a_file() -> [u64; 256] {
    let mut out = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                out[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    out
}

/// A byte spread onto column a, bit 0 on a1.
#[inline(always)]
fn byte_to_a_file(b: u8) -> u64 {
    BYTE_TO_A_FILE[b as usize]
}

/// The stable discs of `p` on the four edges.
#[inline]
fn edge_stable(p: u64, o: u64) -> u64 {
    let row1 = EDGE_STABLE[(p as u8 as usize) << 8 | o as u8 as usize] as u64;
    let row8 = (EDGE_STABLE[((p >> 56) as usize) << 8 | (o >> 56) as usize] as u64) << 56;
    let col_a = EDGE_STABLE[a_file_to_byte(p) << 8 | a_file_to_byte(o)];
    let col_h = EDGE_STABLE[a_file_to_byte(p >> 7) << 8 | a_file_to_byte(o >> 7)];
    row1 | row8 | byte_to_a_file(col_a) | byte_to_a_file(col_h) << 7
}

/// The a1-h8 diagonals (step 9) and the h1-a8 ones (step 7) of 3 squares or more.
static DIAGONAL_LINES: [[u64; 11]; 2] = build_diagonal_lines();

const fn build_diagonal_lines() -> [[u64; 11]; 2] {
    let mut out = [[0u64; 11]; 2];
    let mut k = 0;
    while k < 11 {
        // Diagonal number k - 5: column - row is constant (step 9), column + row (step 7).
        let diff = k as i32 - 5;
        let sum = k as i32 + 2;
        let mut sq: i32 = 0;
        while sq < 64 {
            let (c, r) = (sq % 8, sq / 8);
            if c - r == diff {
                out[0][k] |= 1 << sq;
            }
            if c + r == sum {
                out[1][k] |= 1 << sq;
            }
            sq += 1;
        }
        k += 1;
    }
    out
}

/// The squares on full lines in each direction: `[rows, columns, a1-h8 diagonals, h1-a8
/// diagonals]` (squares of short diagonals, on the edges, count as full: the edge table
/// handles them).
#[inline]
fn full_lines(occ: u64) -> [u64; 4] {
    let mut t = occ & (occ >> 4);
    t &= t >> 2;
    t &= t >> 1;
    let rows = (t & A_FILE).wrapping_mul(0xff);
    let mut cols = occ & occ.rotate_right(8);
    cols &= cols.rotate_right(16);
    cols &= cols.rotate_right(32);
    let mut diag9 = !DIAGONAL_LINES[0].iter().fold(0, |a, &l| a | l);
    let mut diag7 = !DIAGONAL_LINES[1].iter().fold(0, |a, &l| a | l);
    for &l in &DIAGONAL_LINES[0] {
        if occ & l == l {
            diag9 |= l;
        }
    }
    for &l in &DIAGONAL_LINES[1] {
        if occ & l == l {
            diag7 |= l;
        }
    }
    [rows, cols, diag9, diag7]
}

/// The stable discs of `p` against `o` (a subset of the truly stable ones: exact on the
/// edges, then inner discs on full lines or next to stable discs in each direction).
pub(crate) fn stable_discs(p: u64, o: u64) -> u64 {
    let mut stable = edge_stable(p, o);
    let [rows, cols, diag9, diag7] = full_lines(p | o);
    let central = p & CENTRAL;
    stable |= central & rows & cols & diag9 & diag7;
    if stable == 0 {
        return 0;
    }
    loop {
        let old = stable;
        let h = ((stable >> 1) & NOT_H_FILE) | ((stable << 1) & NOT_A_FILE) | rows;
        let v = (stable >> 8) | (stable << 8) | cols;
        let d9 = (stable >> 9) | (stable << 9) | diag9;
        let d7 = (stable >> 7) | (stable << 7) | diag7;
        stable |= h & v & d9 & d7 & central;
        if stable == old {
            return stable;
        }
    }
}

/// How many discs of `p` are stable against `o`.
#[inline]
pub(crate) fn stable_count(p: u64, o: u64) -> u32 {
    stable_discs(p, o).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bitboard::Squares;
    use crate::engine::board::{Board, flips};

    #[test]
    fn byte_and_column_round_trip() {
        for b in 0..=255u8 {
            assert_eq!(a_file_to_byte(byte_to_a_file(b)) as u8, b);
            assert_eq!(byte_to_a_file(b) & !A_FILE, 0);
        }
    }

    #[test]
    fn corners_are_stable() {
        // a1 and h8 for p, h1 for o.
        let p = 1 | (1 << 63);
        let o = 1 << 7;
        assert_eq!(stable_discs(p, o), p);
        assert_eq!(stable_discs(o, p), o);
        // A lone b1 next to an empty a1 is not.
        assert_eq!(stable_discs(1 << 1, 0), 0);
    }

    /// Stable discs never change colour in the rest of random games.
    #[test]
    fn stable_discs_survive_random_games() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let mut checked = 0;
        for _ in 0..3000 {
            // (black, white) after each ply.
            let mut board = Board::start();
            let mut black_to_move = true;
            let mut history = Vec::new();
            loop {
                let colours = if black_to_move {
                    (board.player, board.opponent)
                } else {
                    (board.opponent, board.player)
                };
                history.push(colours);
                if board.is_game_over() {
                    break;
                }
                let moves = board.moves();
                board = if moves == 0 {
                    board.pass()
                } else {
                    let n = (next() % moves.count_ones() as u64) as usize;
                    let sq = Squares(moves).nth(n).unwrap();
                    board.play_flips(sq, flips(board.player, board.opponent, sq))
                };
                black_to_move = !black_to_move;
            }
            for (i, &(black, white)) in history.iter().enumerate() {
                let stable_black = stable_discs(black, white);
                let stable_white = stable_discs(white, black);
                checked += (stable_black | stable_white).count_ones();
                for &(later_black, later_white) in &history[i..] {
                    assert_eq!(stable_black & later_black, stable_black, "ply {i}");
                    assert_eq!(stable_white & later_white, stable_white, "ply {i}");
                }
            }
        }
        assert!(checked > 100_000, "only {checked} stable discs checked");
    }
}

//! Stable discs, which no sequence of moves can turn over, at two strengths over one
//! computation of the board's full lines:
//! - [`stable_discs`], the endgame solver's: exact on the four edges (a table over every
//!   edge filling), then full lines and stable neighbours inward (Edax's `get_stable`,
//!   Delorme). They bound the final score: a side keeping `s` stable discs scores at least
//!   `2 * s - 64`.
//! - [`anchored_discs`], the evaluator's `stable_discs` feature: grown from the corners
//!   along edges, full lines and stable neighbours, so an edge disc counts only once it is
//!   anchored (a smaller set, cheaper). The shipped tables were fitted on it; the solver's
//!   set as the feature fitted no better (test-set error 6.31 against 6.32 discs, issue 18),
//!   so the switch waits for the next fit.

use crate::engine::bitboard::{
    CENTRAL, CORNERS, EDGES, FILE_A, FILE_H, NOT_A_FILE, NOT_H_FILE, RANK_1, RANK_8,
};

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

/// Column a as a byte, row 1 in bit 0.
#[inline(always)]
fn a_file_to_byte(b: u64) -> usize {
    ((b & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
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

/// Files `from..=to` (0 is the a-file).
const fn files(from: u32, to: u32) -> u64 {
    let mut out = 0;
    let mut c = from;
    while c <= to {
        out |= FILE_A << c;
        c += 1;
    }
    out
}

/// Ranks `from..=to` (0 is the first rank).
const fn ranks(from: u32, to: u32) -> u64 {
    let mut out = 0;
    let mut r = from;
    while r <= to {
        out |= RANK_1 << (8 * r);
        r += 1;
    }
    out
}

/// [`ray_full`]'s `near_edge` for the diagonal direction towards the h-file (`east`) or the
/// a-file, and towards the eighth rank (`north`) or the first: the squares within 1, 2 and
/// 4 files or ranks of the edges the ray runs into.
const fn near_edge(east: bool, north: bool) -> [u64; 3] {
    let mut out = [0; 3];
    let mut k = 0;
    while k < 3 {
        let n = 1 << k;
        let f = if east {
            files(8 - n, 7)
        } else {
            files(0, n - 1)
        };
        let r = if north {
            ranks(8 - n, 7)
        } else {
            ranks(0, n - 1)
        };
        out[k] = f | r;
        k += 1;
    }
    out
}

/// Squares whose ray in one diagonal direction, from the square to the board's edge, is
/// all occupied. `step` is the direction as a square offset (9: towards h8, -9: towards a1,
/// 7: towards a8, -7: towards h1); `near_edge[k]` holds the squares with fewer than `2^k`
/// squares after them on the ray. Three doublings cover the longest ray (8 squares).
#[inline(always)]
fn ray_full(occupied: u64, step: i32, near_edge: [u64; 3]) -> u64 {
    let mut full = occupied;
    for (k, edge) in near_edge.into_iter().enumerate() {
        let n = step << k;
        let next = if n > 0 { full >> n } else { full << -n };
        full &= next | edge;
    }
    full
}

/// Squares whose line in each of the 4 directions is completely filled: [horizontal,
/// vertical, diagonal, anti-diagonal].
#[inline]
pub(crate) fn full_lines(occupied: u64) -> [u64; 4] {
    // A rank is full when its byte is: fold each byte onto its lowest bit.
    let mut rows = occupied;
    rows &= rows >> 4;
    rows &= rows >> 2;
    rows &= rows >> 1;
    let h = (rows & FILE_A).wrapping_mul(0xff);
    let mut columns = occupied;
    for shift in [8, 16, 32] {
        columns &= columns >> shift;
    }
    let v = (columns & 0xff).wrapping_mul(FILE_A);
    const TO_H8: [u64; 3] = near_edge(true, true);
    const TO_A1: [u64; 3] = near_edge(false, false);
    const TO_A8: [u64; 3] = near_edge(false, true);
    const TO_H1: [u64; 3] = near_edge(true, false);
    let d = ray_full(occupied, 9, TO_H8) & ray_full(occupied, -9, TO_A1);
    let a = ray_full(occupied, 7, TO_A8) & ray_full(occupied, -7, TO_H1);
    [h, v, d, a]
}

/// The stable discs of `p` against `o` (a subset of the truly stable ones: exact on the
/// edges, then inner discs on full lines or next to stable discs in each direction).
pub(crate) fn stable_discs(p: u64, o: u64) -> u64 {
    stable_discs_until(p, o, 0, u32::MAX)
}

/// [`stable_discs`], growing inward from `known` as well (discs of `p` already known to be
/// stable, as an earlier position's stable discs are in every position after it) and only
/// until `enough` are found: a subset of the stable discs, and all that the growth finds
/// when fewer than `enough` are stable. The solver's cutoff needs only to know that there
/// are enough.
#[inline]
pub(crate) fn stable_discs_until(p: u64, o: u64, known: u64, enough: u32) -> u64 {
    debug_assert_eq!(known & !p, 0, "known stable discs are the side's own");
    let mut stable = edge_stable(p, o) | known;
    let [rows, cols, diag9, diag7] = full_lines(p | o);
    let central = p & CENTRAL;
    stable |= central & rows & cols & diag9 & diag7;
    if stable == 0 || stable.count_ones() >= enough {
        return stable;
    }
    loop {
        let old = stable;
        let h = ((stable >> 1) & NOT_H_FILE) | ((stable << 1) & NOT_A_FILE) | rows;
        let v = (stable >> 8) | (stable << 8) | cols;
        let d9 = (stable >> 9) | (stable << 9) | diag9;
        let d7 = (stable >> 7) | (stable << 7) | diag7;
        stable |= h & v & d9 & d7 & central;
        if stable == old || stable.count_ones() >= enough {
            return stable;
        }
    }
}

/// How many discs of `p` are stable against `o`.
#[inline]
pub(crate) fn stable_count(p: u64, o: u64) -> u32 {
    stable_discs(p, o).count_ones()
}

/// The evaluator's stable discs of `p` (see the module docs), given the board's
/// [`full_lines`]: a disc is counted when, along each of the four lines through it, the
/// line is full or one neighbour on it is the board's edge or a counted disc of the same
/// colour. Grown from the corners until nothing changes; a lower bound of the true set.
pub(crate) fn anchored_discs(p: u64, full: &[u64; 4]) -> u64 {
    let [full_h, full_v, full_d, full_a] = *full;
    if p & CORNERS == 0 && full_h | full_v | full_d | full_a == 0 {
        // Nothing to anchor on: the first round would find nothing.
        return 0;
    }
    let mut stable = 0u64;
    loop {
        let h =
            full_h | FILE_A | FILE_H | ((stable << 1) & NOT_A_FILE) | ((stable >> 1) & NOT_H_FILE);
        let v = full_v | RANK_1 | RANK_8 | (stable << 8) | (stable >> 8);
        let d = full_d | EDGES | ((stable << 9) & NOT_A_FILE) | ((stable >> 9) & NOT_H_FILE);
        let a = full_a | EDGES | ((stable << 7) & NOT_H_FILE) | ((stable >> 7) & NOT_A_FILE);
        let next = stable | (p & h & v & d & a);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::engine::bitboard::Squares;
    use crate::engine::board::{Board, flips};

    fn board(obf: &str) -> Board {
        obf.parse::<Position>().unwrap().board
    }

    #[test]
    fn byte_and_column_round_trip() {
        for b in 0..=255u8 {
            assert_eq!(a_file_to_byte(byte_to_a_file(b)) as u8, b);
            assert_eq!(byte_to_a_file(b) & !FILE_A, 0);
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

    /// `(black, white)` after each ply of a random game, `next` giving the random numbers.
    fn random_game(next: &mut impl FnMut() -> u64) -> Vec<(u64, u64)> {
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
                return history;
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
    }

    /// A xorshift64* generator from `seed`: enough spread for a test, no dependency.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    /// Stable discs never change colour in the rest of random games.
    #[test]
    fn stable_discs_survive_random_games() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for _ in 0..3000 {
            let history = random_game(&mut next);
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

    /// Grown from the discs found stable at an earlier position of the game (as the
    /// solver's cutoff grows them from its grandparent's), the stable discs are the ones
    /// the growth from nothing finds: the head start saves rounds, never changes the set.
    /// Stopped at `enough`, the growth still gives a subset of them, of at least `enough`.
    #[test]
    fn stable_discs_grown_from_an_earlier_position_are_the_same() {
        let mut next = xorshift(0x5151_7676_0303_2929);
        let (mut checked, mut stopped_early) = (0, 0);
        for _ in 0..2000 {
            let history = random_game(&mut next);
            // Black's stable discs at the ply before.
            let mut known = 0;
            for (i, &(black, white)) in history.iter().enumerate() {
                let fresh = stable_discs(black, white);
                assert_eq!(
                    stable_discs_until(black, white, known, u32::MAX),
                    fresh,
                    "ply {i}"
                );
                let enough = fresh.count_ones().saturating_sub(2);
                let some = stable_discs_until(black, white, known, enough);
                assert_eq!(some & !fresh, 0, "ply {i}");
                assert!(some.count_ones() >= enough, "ply {i}");
                stopped_early += u32::from(some != fresh);
                checked += fresh.count_ones();
                known = fresh;
            }
        }
        assert!(checked > 100_000, "only {checked} stable discs checked");
        assert!(stopped_early > 1_000, "stopped early {stopped_early} times");
    }

    /// Stopping at `enough` gives a subset of the stable discs: all of them when fewer
    /// are stable, at least `enough` otherwise, so the solver's cutoff holds exactly when
    /// it held with every stable disc counted.
    #[test]
    fn stable_discs_until_enough_are_a_large_enough_subset() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(76);
        let (mut stopped_early, mut boards) = (0, 0);
        while boards < 20_000 {
            // Nearly full boards, as at the solver's nodes with few empties.
            let empty = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
            let p = rng.random::<u64>() & !empty;
            let o = !p & !empty;
            let all = stable_discs(p, o);
            if all.count_ones() < 2 {
                continue;
            }
            boards += 1;
            for enough in 0..=all.count_ones() + 1 {
                let some = stable_discs_until(p, o, 0, enough);
                assert_eq!(some & !all, 0, "{p:#x} {o:#x} {enough}");
                if some != all {
                    assert!(some.count_ones() >= enough, "{p:#x} {o:#x} {enough}");
                    stopped_early += 1;
                }
            }
            assert_eq!(stable_discs_until(p, o, 0, all.count_ones() + 1), all);
        }
        // The stop is taken, not only allowed.
        assert!(stopped_early > 1_000, "stopped early {stopped_early} times");
    }

    #[test]
    fn stability_of_an_edge_anchored_by_a_corner() {
        // Row 1: X X X O - - - -; X to move. a1, b1, c1 are stable for X; d1 is not stable
        // for O (it can be outflanked from e1).
        let anchored = |p: u64, o: u64| anchored_discs(p, &full_lines(p | o));
        let f = board("XXXO------------------------------------------------------------ X");
        assert_eq!(anchored(f.player, f.opponent), 0b111);
        assert_eq!(anchored(f.opponent, f.player), 0);
        // A full first row: every disc on it is stable.
        let f = board("XXXOOXOX-------------------------------------------------------- X");
        assert_eq!(anchored(f.player, f.opponent), 0b1010_0111);
        assert_eq!(anchored(f.opponent, f.player), 0b0101_1000);
    }

    /// [`full_lines`] square by square.
    fn full_lines_reference(occupied: u64) -> [u64; 4] {
        let at = |c: i32, r: i32| occupied >> (r * 8 + c) & 1 == 1;
        let mut out = [0u64; 4];
        for sq in 0..64 {
            let (c, r) = (sq % 8, sq / 8);
            for (k, (dc, dr)) in [(1, 0), (0, 1), (1, 1), (-1, 1)].into_iter().enumerate() {
                let mut full = true;
                for sign in [1, -1] {
                    let (mut x, mut y) = (c, r);
                    while (0..8).contains(&x) && (0..8).contains(&y) {
                        full &= at(x, y);
                        x += sign * dc;
                        y += sign * dr;
                    }
                }
                if full {
                    out[k] |= 1 << sq;
                }
            }
        }
        out
    }

    #[test]
    fn full_lines_match_the_square_by_square_reading() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for i in 0..20_000 {
            // Dense boards, so that lines fill (three random words ORed), and the extremes.
            let occupied = match i {
                0 => 0,
                1 => !0,
                _ => rng.random::<u64>() | rng.random::<u64>() | rng.random::<u64>(),
            };
            assert_eq!(
                full_lines(occupied),
                full_lines_reference(occupied),
                "{occupied:#x}"
            );
        }
    }
}

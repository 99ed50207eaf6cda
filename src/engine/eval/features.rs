//! The evaluation's features: small functions of the board from the side to move, most of
//! them "own minus opponent's".

use crate::engine::bitboard::{CORNERS, NOT_A_FILE, NOT_H_FILE, neighbours, parity_of};
use crate::engine::board::{Board, legal_moves};

/// The number of features.
pub const FEATURE_COUNT: usize = 8;

/// The features' names, as `config/eval.ron` spells its keys, in the order of
/// [`features`]' result.
pub const FEATURE_NAMES: [&str; FEATURE_COUNT] = [
    "mobility",
    "potential_mobility",
    "corners",
    "x_squares",
    "c_squares",
    "stable_discs",
    "parity",
    "disc_difference",
];

/// X-squares (b2, g2, b7, g7), each with the corner it touches.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];

/// C-squares (the edge squares next to a corner), in pairs with their corner.
const C_SQUARES: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1 << 0),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];

/// Every feature of `board`, from the side to move, in [`FEATURE_NAMES`] order:
///
/// - `mobility`: legal moves, own minus the opponent's;
/// - `potential_mobility`: empty squares next to an opponent disc minus empty squares next
///   to an own disc (frontier squares the opponent offers, minus those we offer);
/// - `corners`: corners held, own minus the opponent's;
/// - `x_squares`: own discs on an X-square (b2, g2, b7, g7) whose corner is empty, minus the
///   opponent's;
/// - `c_squares`: the same for C-squares (a2, b1, g1, h2, a7, b8, g8, h7);
/// - `stable_discs`: discs that can never be flipped (anchored on corners, edges or full
///   lines; a lower bound), own minus the opponent's;
/// - `parity`: quadrants with an odd number of empties (where the side to move can expect the
///   last move), 0..=4;
/// - `disc_difference`: discs, own minus the opponent's.
pub fn features(board: &Board) -> [i32; FEATURE_COUNT] {
    features_of(board, &[true; FEATURE_COUNT])
}

/// The features marked in `active`, the others 0 (an evaluator skips the features it
/// gives no weight).
#[inline]
pub fn features_of(board: &Board, active: &[bool; FEATURE_COUNT]) -> [i32; FEATURE_COUNT] {
    let (moves, replies) = if active[0] {
        (board.moves(), legal_moves(board.opponent, board.player))
    } else {
        (0, 0)
    };
    features_with_moves(board, active, moves, replies)
}

/// [`features_of`] given the legal moves of the side to move (`moves`) and of the opponent
/// (`replies`), which a search has at hand (mobility is the dearest feature).
#[inline]
pub fn features_with_moves(
    board: &Board,
    active: &[bool; FEATURE_COUNT],
    moves: u64,
    replies: u64,
) -> [i32; FEATURE_COUNT] {
    let (p, o) = (board.player, board.opponent);
    let empty = board.empties();
    let count = |b: u64| b.count_ones() as i32;
    let mut f = [0; FEATURE_COUNT];
    if active[0] {
        f[0] = count(moves) - count(replies);
    }
    if active[1] {
        f[1] = count(neighbours(o) & empty) - count(neighbours(p) & empty);
    }
    if active[2] {
        f[2] = count(p & CORNERS) - count(o & CORNERS);
    }
    if active[3] {
        f[3] =
            next_to_empty_corner(p, empty, &X_SQUARES) - next_to_empty_corner(o, empty, &X_SQUARES);
    }
    if active[4] {
        f[4] =
            next_to_empty_corner(p, empty, &C_SQUARES) - next_to_empty_corner(o, empty, &C_SQUARES);
    }
    if active[5] {
        let full = full_lines(p | o);
        f[5] = count(stable_with(p, &full)) - count(stable_with(o, &full));
    }
    if active[6] {
        f[6] = parity(empty);
    }
    if active[7] {
        f[7] = count(p) - count(o);
    }
    f
}

/// Discs of `discs` on the given squares whose corner is empty.
fn next_to_empty_corner(discs: u64, empty: u64, squares: &[(u64, u64); 4]) -> i32 {
    squares
        .iter()
        .filter(|(_, corner)| empty & corner != 0)
        .map(|(sq, _)| (discs & sq).count_ones() as i32)
        .sum()
}

/// Quadrants with an odd number of empty squares.
pub fn parity(empty: u64) -> i32 {
    parity_of(empty).count_ones() as i32
}

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const EDGES: u64 = RANK_1 | RANK_8 | FILE_A | FILE_H;

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
fn full_lines(occupied: u64) -> [u64; 4] {
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

/// Discs of `p` that can never be flipped: a disc is stable when, along each of the four
/// lines through it, the line is full or one neighbour on it is the board's edge or a
/// stable disc of the same colour. Grown from the corners until nothing changes; a lower
/// bound of the true set.
pub fn stable_discs(p: u64, o: u64) -> u64 {
    stable_with(p, &full_lines(p | o))
}

/// [`stable_discs`] of `p` given the board's [`full_lines`].
fn stable_with(p: u64, full: &[u64; 4]) -> u64 {
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

    fn board(obf: &str) -> Board {
        obf.parse::<Position>().unwrap().board
    }

    #[test]
    fn start_features() {
        // Start: 4 moves each, 2 discs each, the frontiers alike; each quadrant has 15
        // empties, so all four are odd.
        assert_eq!(features(&Board::start()), [0, 0, 0, 0, 0, 0, 4, 0]);
    }

    #[test]
    fn corner_x_and_c_squares() {
        // Black (to move) on a1 and b2 and g2; White on b1 and h2. h1 empty.
        let mut s = ['-'; 64];
        s[0] = 'X';
        s[9] = 'X';
        s[14] = 'X';
        s[1] = 'O';
        s[15] = 'O';
        let text: String = s.iter().collect();
        let f = features(&board(&format!("{text} X")));
        assert_eq!(f[2], 1, "corners");
        // b2's corner a1 is taken: only g2 counts.
        assert_eq!(f[3], 1, "x_squares");
        // White's b1 touches an occupied corner, h2 an empty one.
        assert_eq!(f[4], -1, "c_squares");
        assert_eq!(f[7], 3 - 2, "disc_difference");
    }

    #[test]
    fn stability_of_an_edge_anchored_by_a_corner() {
        // Row 1: X X X O - - - -; X to move. a1, b1, c1 are stable for X; d1 is not stable
        // for O (it can be outflanked from e1).
        let f = board("XXXO------------------------------------------------------------ X");
        assert_eq!(stable_discs(f.player, f.opponent), 0b111);
        assert_eq!(stable_discs(f.opponent, f.player), 0);
        // A full first row: every disc on it is stable.
        let f = board("XXXOOXOX-------------------------------------------------------- X");
        assert_eq!(stable_discs(f.player, f.opponent), 0b1010_0111);
        assert_eq!(stable_discs(f.opponent, f.player), 0b0101_1000);
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

    #[test]
    fn parity_counts_odd_quadrants() {
        assert_eq!(parity(0b1), 1);
        assert_eq!(parity(!0u64 ^ 1), 1);
        assert_eq!(parity(0b11 | 1 << 63), 1);
        assert_eq!(parity(0), 0);
    }
}

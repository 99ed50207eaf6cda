//! The evaluation's features: small functions of the board from the side to move, most of
//! them "own minus opponent's".

use crate::engine::bitboard::{CORNERS, neighbours, parity_of};
use crate::engine::board::{Board, legal_moves};
use crate::engine::stability::{anchored_discs, full_lines};

/// The number of features.
pub const FEATURE_COUNT: usize = 9;

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
    "odd_empties",
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
/// - `disc_difference`: discs, own minus the opponent's;
/// - `odd_empties`: +1 when the number of empty squares is odd (the side to move makes the
///   last move unless someone passes), -1 when it is even. Without it a fit cannot tell the
///   two apart, and the tables fitted before it (2026-11-25) overvalue a position with an
///   even number of empties by about a disc and undervalue one with an odd number by one to two.
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
        f[5] = count(anchored_discs(p, &full)) - count(anchored_discs(o, &full));
    }
    if active[6] {
        f[6] = parity(empty);
    }
    if active[7] {
        f[7] = count(p) - count(o);
    }
    if active[8] {
        f[8] = odd_empties(empty);
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

/// +1 when the number of empty squares is odd, -1 when it is even.
#[inline]
pub fn odd_empties(empty: u64) -> i32 {
    if empty.count_ones() % 2 == 1 { 1 } else { -1 }
}

/// Quadrants with an odd number of empty squares.
pub fn parity(empty: u64) -> i32 {
    parity_of(empty).count_ones() as i32
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
        // 60 empties: even.
        assert_eq!(features(&Board::start()), [0, 0, 0, 0, 0, 0, 4, 0, -1]);
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
        // 59 empties: odd.
        assert_eq!(f[8], 1, "odd_empties");
    }

    #[test]
    fn parity_counts_odd_quadrants() {
        assert_eq!(parity(0b1), 1);
        assert_eq!(parity(!0u64 ^ 1), 1);
        assert_eq!(parity(0b11 | 1 << 63), 1);
        assert_eq!(parity(0), 0);
    }
}

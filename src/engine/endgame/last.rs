//! The last four empties, hand-unrolled: no move generation (each empty is tried directly,
//! after a cheap neighbour test), parity order at four empties, and the very last move's
//! flips counted without playing it (Edax's `board_solve_*` / `search_solve_*`, Delorme).
//!
//! Every function is a fail-soft null-window search at `alpha` (is the score above
//! `alpha`?) of the board `(p, o)`, `p` to move, whose empties are exactly the squares
//! given. Scores are final disc differences from `p`'s side, empties to the winner.
//!
//! Nodes are counted as Egaroucid counts them: each position with two to four empties
//! searched is one, and a pass one more; the score after the last empty is counted from its
//! flips without making the position, and is not a node. (Until 2026-11-27 each such last
//! move counted as a node too: 31% of FFO #40-#49's nodes then.)

use crate::engine::bitboard::parity_of;
use crate::engine::endgame::count_flips::count_last_flips;
use crate::engine::endgame::nws::Nws;
use crate::engine::endgame::ordering::{QUADRANT_ID, parity_squares};
use crate::engine::endgame::try_flips::try_flips;
use crate::engine::score::NO_SCORE;

/// The final score of `(p, o)` with `empties` empties left to the winner.
#[inline(always)]
fn final_score(p: u64, o: u64, empties: i32) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// The exact score with one empty `x`, `p` to move (every other square occupied).
#[inline(always)]
pub(crate) fn solve_1(p: u64, x: u8) -> i32 {
    let n = p.count_ones() as i32;
    let f = count_last_flips(p, x) as i32;
    if f > 0 {
        return 2 * (n + f + 1) - 64;
    }
    let o = !p & !(1u64 << x);
    let g = count_last_flips(o, x) as i32;
    if g > 0 {
        return 2 * (n - g) - 64;
    }
    if n > 31 { 2 * n - 62 } else { 2 * n - 64 }
}

/// The `k`-th move tried with three empties, the move first and the two left after it: each
/// in turn first, the others in their order. Picked by a match rather than read from an array
/// of tuples: the compiler read such an array back two bytes at a time just after storing it
/// byte by byte, and the store could not be forwarded to the load (7% of the last empties'
/// time in the profile, issue 76).
#[inline(always)]
fn nth_of_three(k: usize, x1: u8, x2: u8, x3: u8) -> (u8, u8, u8) {
    match k {
        0 => (x1, x2, x3),
        1 => (x2, x1, x3),
        _ => (x3, x1, x2),
    }
}

/// [`nth_of_three`] with four empties.
#[inline(always)]
fn nth_of_four(k: usize, x1: u8, x2: u8, x3: u8, x4: u8) -> (u8, u8, u8, u8) {
    match k {
        0 => (x1, x2, x3, x4),
        1 => (x2, x1, x3, x4),
        2 => (x3, x1, x2, x4),
        _ => (x4, x1, x2, x3),
    }
}

impl Nws<'_> {
    /// Two empties `x1`, `x2`.
    #[inline(always)]
    pub(crate) fn solve_2(&mut self, p: u64, o: u64, alpha: i32, x1: u8, x2: u8) -> i32 {
        self.nodes += 1;
        let mut best = NO_SCORE;
        for k in 0..2 {
            let (x, y) = if k == 0 { (x1, x2) } else { (x2, x1) };
            let f = try_flips(p, o, x);
            if f != 0 {
                let s = -solve_1(o ^ f, y);
                if s > best {
                    if s > alpha {
                        return s;
                    }
                    best = s;
                }
            }
        }
        if best != NO_SCORE {
            return best;
        }
        // `p` passes: the opponent moves, and minimises `p`'s score.
        self.nodes += 1;
        let mut worst = -NO_SCORE;
        for k in 0..2 {
            let (x, y) = if k == 0 { (x1, x2) } else { (x2, x1) };
            let f = try_flips(o, p, x);
            if f != 0 {
                let s = solve_1(p ^ f, y);
                if s < worst {
                    if s <= alpha {
                        return s;
                    }
                    worst = s;
                }
            }
        }
        if worst == -NO_SCORE {
            final_score(p, o, 2)
        } else {
            worst
        }
    }

    /// Three empties `x1`, `x2`, `x3`, tried in that order, except that one alone in its
    /// quadrant while the two others share one goes first (parity).
    #[inline(always)]
    pub(crate) fn solve_3(&mut self, p: u64, o: u64, alpha: i32, x1: u8, x2: u8, x3: u8) -> i32 {
        let (q1, q2, q3) = (
            QUADRANT_ID[x1 as usize],
            QUADRANT_ID[x2 as usize],
            QUADRANT_ID[x3 as usize],
        );
        let (x1, x2, x3) = if q1 == q2 && q2 != q3 {
            (x3, x1, x2)
        } else if q1 == q3 && q1 != q2 {
            (x2, x1, x3)
        } else {
            (x1, x2, x3)
        };
        self.nodes += 1;
        let mut best = NO_SCORE;
        for k in 0..3 {
            let (x, y, z) = nth_of_three(k, x1, x2, x3);
            let f = try_flips(p, o, x);
            if f != 0 {
                let bit = 1u64 << x;
                let s = -self.solve_2(o ^ f, p ^ f ^ bit, -alpha - 1, y, z);
                if s > best {
                    if s > alpha {
                        return s;
                    }
                    best = s;
                }
            }
        }
        if best != NO_SCORE {
            return best;
        }
        // `p` passes.
        self.nodes += 1;
        let mut worst = -NO_SCORE;
        for k in 0..3 {
            let (x, y, z) = nth_of_three(k, x1, x2, x3);
            let f = try_flips(o, p, x);
            if f != 0 {
                let bit = 1u64 << x;
                let s = self.solve_2(p ^ f, o ^ f ^ bit, alpha, y, z);
                if s < worst {
                    if s <= alpha {
                        return s;
                    }
                    worst = s;
                }
            }
        }
        if worst == -NO_SCORE {
            final_score(p, o, 3)
        } else {
            worst
        }
    }

    /// Four empties: the squares of `empties` (exactly four), those in odd quadrants first
    /// (`parity` names them).
    #[inline]
    pub(crate) fn solve_4(&mut self, p: u64, o: u64, alpha: i32, empties: u64, parity: u8) -> i32 {
        debug_assert_eq!(empties.count_ones(), 4);
        debug_assert_eq!(parity, parity_of(empties));
        // Parity: a quadrant with 1 or 3 of the empties goes first (only the 1-1-2 split
        // reorders anything; the others are all odd or all even), each group in square
        // order.
        let odd = empties & parity_squares(parity);
        let mut xs = [0u8; 4];
        let mut i = 0;
        for half in [odd, empties & !odd] {
            let mut e = half;
            while e != 0 {
                xs[i] = e.trailing_zeros() as u8;
                i += 1;
                e &= e - 1;
            }
        }
        let [x1, x2, x3, x4] = xs;
        self.nodes += 1;
        let mut best = NO_SCORE;
        for k in 0..4 {
            let (x, a, b, c) = nth_of_four(k, x1, x2, x3, x4);
            let f = try_flips(p, o, x);
            if f != 0 {
                let bit = 1u64 << x;
                let s = -self.solve_3(o ^ f, p ^ f ^ bit, -alpha - 1, a, b, c);
                if s > best {
                    if s > alpha {
                        return s;
                    }
                    best = s;
                }
            }
        }
        if best != NO_SCORE {
            return best;
        }
        // `p` passes.
        self.nodes += 1;
        let mut worst = -NO_SCORE;
        for k in 0..4 {
            let (x, a, b, c) = nth_of_four(k, x1, x2, x3, x4);
            let f = try_flips(o, p, x);
            if f != 0 {
                let bit = 1u64 << x;
                let s = self.solve_3(p ^ f, o ^ f ^ bit, alpha, a, b, c);
                if s < worst {
                    if s <= alpha {
                        return s;
                    }
                    worst = s;
                }
            }
        }
        if worst == -NO_SCORE {
            final_score(p, o, 4)
        } else {
            worst
        }
    }

    /// Any of 1 to 4 empties (0 gives the final score), `parity` naming the quadrants with
    /// an odd number of them: dispatches on the count.
    #[inline]
    pub(crate) fn solve_small(&mut self, p: u64, o: u64, alpha: i32, parity: u8) -> i32 {
        let empties = !(p | o);
        match empties.count_ones() {
            0 => {
                self.nodes += 1;
                final_score(p, o, 0)
            }
            1 => {
                self.nodes += 1;
                solve_1(p, empties.trailing_zeros() as u8)
            }
            2 => {
                let x1 = empties.trailing_zeros() as u8;
                let x2 = 63 - empties.leading_zeros() as u8;
                self.solve_2(p, o, alpha, x1, x2)
            }
            3 => {
                let x1 = empties.trailing_zeros() as u8;
                let rest = empties & (empties - 1);
                let x2 = rest.trailing_zeros() as u8;
                let x3 = 63 - empties.leading_zeros() as u8;
                self.solve_3(p, o, alpha, x1, x2, x3)
            }
            _ => self.solve_4(p, o, alpha, empties, parity),
        }
    }
}

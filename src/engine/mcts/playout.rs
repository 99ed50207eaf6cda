//! Playouts: an Othello position played to its end by random or weighted moves, and the
//! generator behind them.
//!
//! The generator is xoshiro256** (Blackman and Vigna 2018) seeded through SplitMix64: a
//! few nanoseconds a number, and the same sequence on every platform and `rand` version, so
//! that a search with a fixed seed is reproducible in tests.

use crate::engine::bitboard::CORNERS;
use crate::engine::board::Board;
use crate::engine::mcts::config::HeavyWeights;
use crate::engine::square::Square;

/// xoshiro256**: the search's random numbers.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator from a seed (any value; SplitMix64 spreads it over the state).
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number in `0..n` (`n` at least 1), by Lemire's multiply-shift (its bias, under
    /// `n / 2^32`, does not matter here).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// A number in `0.0..1.0`.
    #[inline]
    pub fn unit_f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32)
    }
}

/// The `k`-th (from 0) set bit of `bits`, lowest first.
#[inline]
fn nth_bit(mut bits: u64, k: u32) -> u32 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}

/// The final score in discs for `board`'s side to move (`flipped`: the sides swapped an odd
/// number of times since the playout's start, so the score is negated) as half points.
#[inline]
fn half_points(end: &Board, flipped: bool) -> u32 {
    let score = if flipped {
        -end.final_score()
    } else {
        end.final_score()
    };
    match score {
        s if s > 0 => 2,
        0 => 1,
        _ => 0,
    }
}

/// The legal moves of `b`, after passing for its side to move when it has none (`flipped`
/// then turns: `b` is seen from the other side); `None`, `b` untouched, when the game is over.
fn moves_or_pass(b: &mut Board, flipped: &mut bool) -> Option<u64> {
    let moves = b.moves();
    if moves != 0 {
        return Some(moves);
    }
    let pass = b.pass();
    if !pass.has_moves() {
        return None;
    }
    *b = pass;
    *flipped = !*flipped;
    Some(b.moves())
}

/// Plays `board` to its end choosing each legal move as likely: the result for its side to
/// move in half points (win 2, draw 1, loss 0).
pub fn random_playout(board: &Board, rng: &mut Rng) -> u32 {
    let mut b = *board;
    let mut flipped = false;
    loop {
        let Some(moves) = moves_or_pass(&mut b, &mut flipped) else {
            return half_points(&b, flipped);
        };
        let sq = nth_bit(moves, rng.below(moves.count_ones()));
        b = b.play_unchecked(Square::from_index(sq as u8));
        flipped = !flipped;
    }
}

/// The class of a square for heavy playouts, given the empty squares.
#[inline]
fn square_weight(table: &HeavyTable, sq: u32, empties: u64) -> f32 {
    let bit = 1u64 << sq;
    if bit & CORNERS != 0 {
        return table.corner;
    }
    if bit & X_SQUARES != 0 && corner_of(sq) & empties != 0 {
        return table.x_square;
    }
    if bit & C_SQUARES != 0 && corner_of(sq) & empties != 0 {
        return table.c_square;
    }
    if bit & EDGES != 0 {
        return table.edge;
    }
    table.other
}

/// b2, g2, b7, g7.
const X_SQUARES: u64 = (1 << 9) | (1 << 14) | (1 << 49) | (1 << 54);
/// The edge neighbours of the corners: b1, a2, g1, h2, a7, b8, h7, g8.
const C_SQUARES: u64 =
    (1 << 1) | (1 << 8) | (1 << 6) | (1 << 15) | (1 << 48) | (1 << 57) | (1 << 55) | (1 << 62);
/// The border of the board.
const EDGES: u64 = 0xff81_8181_8181_81ff;

/// The corner next to an X- or C-square, as a bit.
#[inline]
const fn corner_of(sq: u32) -> u64 {
    let col = sq % 8;
    let row = sq / 8;
    let c = if col < 4 { 0 } else { 7 };
    let r = if row < 4 { 0 } else { 7 };
    1 << (r * 8 + c)
}

/// [`HeavyWeights`] made ready for playouts: `f32` weights and the mobility factor for every
/// number of replies.
#[derive(Clone, Debug)]
pub struct HeavyTable {
    corner: f32,
    x_square: f32,
    c_square: f32,
    edge: f32,
    other: f32,
    /// `mobility_base ^ -k` for `k` replies.
    mobility: [f32; 65],
}

impl HeavyTable {
    /// The table of `w`.
    pub fn new(w: &HeavyWeights) -> HeavyTable {
        let mut mobility = [0.0; 65];
        for (k, m) in mobility.iter_mut().enumerate() {
            *m = w.mobility_base.powi(-(k as i32)) as f32;
        }
        HeavyTable {
            corner: w.corner as f32,
            x_square: w.x_square as f32,
            c_square: w.c_square as f32,
            edge: w.edge as f32,
            other: w.other as f32,
            mobility,
        }
    }
}

/// Plays `board` to its end choosing each move with probability proportional to its weight
/// (see [`HeavyWeights`]): the result for its side to move in half points.
pub fn heavy_playout(board: &Board, table: &HeavyTable, rng: &mut Rng) -> u32 {
    let mut b = *board;
    let mut flipped = false;
    let mut squares = [0u8; 32];
    let mut weights = [0f32; 32];
    loop {
        let Some(moves) = moves_or_pass(&mut b, &mut flipped) else {
            return half_points(&b, flipped);
        };
        let empties = b.empties();
        let mut n = 0;
        let mut total = 0.0;
        let mut rest = moves;
        while rest != 0 && n < squares.len() {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let after = b.play_unchecked(Square::from_index(sq as u8));
            let replies = after.moves().count_ones() as usize;
            let w = square_weight(table, sq, empties) * table.mobility[replies];
            squares[n] = sq as u8;
            weights[n] = w;
            total += w;
            n += 1;
        }
        let mut pick = rng.unit_f32() * total;
        let mut chosen = squares[n - 1];
        for i in 0..n {
            if pick < weights[i] {
                chosen = squares[i];
                break;
            }
            pick -= weights[i];
        }
        b = b.play_unchecked(Square::from_index(chosen));
        flipped = !flipped;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..10_000 {
            seen[rng.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (1800..2200).contains(&c)), "{seen:?}");
    }

    #[test]
    fn the_generator_is_xoshiro256starstar() {
        // Reference: the state [1, 2, 3, 4] gives 11520, 0, 1509978240, 1215971899390074240.
        let mut rng = Rng { s: [1, 2, 3, 4] };
        let got: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert_eq!(got, [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240]);
    }

    #[test]
    fn nth_bit_counts_from_the_lowest() {
        assert_eq!(nth_bit(0b1011_0000, 0), 4);
        assert_eq!(nth_bit(0b1011_0000, 1), 5);
        assert_eq!(nth_bit(0b1011_0000, 2), 7);
    }

    #[test]
    fn a_lost_position_always_loses_its_playouts() {
        // The side to move has no disc, the opponent 63 and h8 is empty: the game is over,
        // lost 0-63 (empties to the winner: -64), and won from the other side.
        let board = Board::new(0, !(1 << 63));
        let mut rng = Rng::new(1);
        let table = HeavyTable::new(&HeavyWeights::default());
        for _ in 0..10 {
            assert_eq!(random_playout(&board, &mut rng), 0);
            assert_eq!(heavy_playout(&board, &table, &mut rng), 0);
            assert_eq!(random_playout(&board.pass(), &mut rng), 2);
        }
    }

    #[test]
    fn squares_classes() {
        let t = HeavyTable::new(&HeavyWeights::default());
        let all = !0u64;
        assert_eq!(square_weight(&t, 0, all), t.corner);
        assert_eq!(square_weight(&t, 9, all), t.x_square);
        assert_eq!(square_weight(&t, 9, all & !1), t.other);
        assert_eq!(square_weight(&t, 62, all), t.c_square);
        assert_eq!(square_weight(&t, 62, all & !(1 << 63)), t.edge);
        assert_eq!(square_weight(&t, 3, all), t.edge);
        assert_eq!(square_weight(&t, 27, all), t.other);
    }
}

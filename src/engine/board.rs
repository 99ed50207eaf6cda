//! The position as two bitboards relative to the side to move, the rules on it, and its key
//! under the eight symmetries ([`BookKey`]: the book, the openings and the database use it).
//!
//! Move generation shifts the whole board in the 4 line directions at once (a Kogge-Stone
//! fill, as in Edax's `get_moves`); flips use per-square ray masks and the carry trick for
//! rays that go up the bit order and a leading-zero count for rays that go down, so neither
//! loops over squares. The x86-64-v3 build (`cpu_build`) does both with AVX2, four
//! directions to a register; the other builds one direction after another. The two agree on
//! every square (a test compares them where the CPU has AVX2).

use crate::engine::bitboard::{Squares, Symmetry};
use crate::engine::square::Square;

/// A position from the side to move: `player` holds the discs of the side to move and
/// `opponent` the other side's. A pass swaps them; colour lives in [`crate::engine::Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the side not to move.
    pub opponent: u64,
}

/// A move that the rules do not allow on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalMove(pub Square);

impl Board {
    /// The board with these discs; they must not overlap.
    #[inline]
    pub const fn new(player: u64, opponent: u64) -> Board {
        debug_assert!(player & opponent == 0);
        Board { player, opponent }
    }

    /// The standard start, Black to move: Black on d5 and e4, White on d4 and e5.
    pub const fn start() -> Board {
        Board::new((1 << 35) | (1 << 28), (1 << 27) | (1 << 36))
    }

    /// The squares where the side to move may play.
    #[inline]
    pub fn moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// Whether the side to move has a legal move.
    #[inline]
    pub fn has_moves(&self) -> bool {
        self.moves() != 0
    }

    /// The opponent discs that a move on `sq` turns over; 0 when the move is illegal (or the
    /// square is not empty: callers check that).
    #[inline]
    pub fn flips(&self, sq: Square) -> u64 {
        flips(self.player, self.opponent, sq)
    }

    /// The board after the side to move plays `sq`, seen from the new side to move.
    ///
    /// # Panics
    /// When the move is illegal. See [`Board::try_play`] for user input and
    /// [`Board::play_unchecked`] for search.
    pub fn play(&self, sq: Square) -> Board {
        match self.try_play(sq) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        }
    }

    /// The board after the side to move plays `sq`, or why it cannot.
    ///
    /// # Errors
    /// [`IllegalMove`] when `sq` is occupied or turns nothing over. See [`Board::play`] and
    /// [`Board::play_unchecked`].
    pub fn try_play(&self, sq: Square) -> Result<Board, IllegalMove> {
        if self.moves() & sq.bit() == 0 {
            return Err(IllegalMove(sq));
        }
        Ok(self.play_unchecked(sq))
    }

    /// The board after a move the caller knows is legal (search code). An illegal move gives
    /// a board that breaks the rules. See [`Board::play`] and [`Board::try_play`].
    #[inline]
    pub fn play_unchecked(&self, sq: Square) -> Board {
        let f = self.flips(sq);
        debug_assert!(f != 0 && (self.player | self.opponent) & sq.bit() == 0);
        self.play_flips(sq, f)
    }

    /// The board after playing `sq` with its flips `f` already computed.
    #[inline]
    pub fn play_flips(&self, sq: Square, f: u64) -> Board {
        Board {
            player: self.opponent ^ f,
            opponent: self.player ^ f ^ sq.bit(),
        }
    }

    /// The board after a pass: the sides swap.
    #[inline]
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Whether neither side can move.
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// The empty squares.
    #[inline]
    pub const fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The number of empty squares.
    #[inline]
    pub const fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Discs of the side to move.
    #[inline]
    pub const fn player_count(&self) -> u32 {
        self.player.count_ones()
    }

    /// Discs of the side not to move.
    #[inline]
    pub const fn opponent_count(&self) -> u32 {
        self.opponent.count_ones()
    }

    /// The final score in discs from the side to move, empties going to the winner (the
    /// tournament rule): `+64` is a wipe-out, `0` a draw.
    #[inline]
    pub const fn final_score(&self) -> i32 {
        let p = self.player_count() as i32;
        let o = self.opponent_count() as i32;
        let e = 64 - p - o;
        if p > o {
            p - o + e
        } else if p < o {
            p - o - e
        } else {
            0
        }
    }

    /// A 64-bit hash of the position (the side to move is implied by the board being
    /// relative). Two rounds of a 64-bit finaliser (MurmurHash3's `fmix64`): about as cheap as
    /// an incremental Zobrist update and well spread for table indexing.
    #[inline]
    pub const fn hash(&self) -> u64 {
        fmix64(self.player ^ fmix64(self.opponent ^ 0x9e37_79b9_7f4a_7c15))
    }

    /// The image of the board under a symmetry.
    #[inline]
    pub const fn transform(&self, sym: Symmetry) -> Board {
        Board {
            player: sym.apply(self.player),
            opponent: sym.apply(self.opponent),
        }
    }

    /// The legal moves as squares, a1 first.
    pub fn move_squares(&self) -> Squares {
        Squares(self.moves())
    }
}

/// A board under the symmetry that makes it canonical: the smallest `(player, opponent)`
/// pair over the eight images. Every symmetric image of a position has the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BookKey {
    /// The side to move's discs, in the canonical orientation.
    pub player: u64,
    /// The other side's discs, in the canonical orientation.
    pub opponent: u64,
}

impl BookKey {
    /// The canonical key of `board`, and the symmetry that takes `board` to it.
    pub fn of(board: &Board) -> (BookKey, Symmetry) {
        let mut best = (
            BookKey {
                player: board.player,
                opponent: board.opponent,
            },
            Symmetry::Identity,
        );
        for sym in Symmetry::ALL.into_iter().skip(1) {
            let key = BookKey {
                player: sym.apply(board.player),
                opponent: sym.apply(board.opponent),
            };
            if key < best.0 {
                best = (key, sym);
            }
        }
        best
    }

    /// The canonical board itself.
    pub fn board(self) -> Board {
        Board {
            player: self.player,
            opponent: self.opponent,
        }
    }
}

/// MurmurHash3's 64-bit finaliser.
#[inline]
const fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

/// Discs of `p` that bracket runs of `o` in one direction: shifts by `dir` (left and right
/// at once), `mask` keeping the runs from wrapping around the board's edge.
#[inline(always)]
fn moves_in_direction(p: u64, mask: u64, dir: u32) -> u64 {
    let dir2 = dir * 2;
    let mut left = mask & (p << dir);
    let mut right = mask & (p >> dir);
    left |= mask & (left << dir);
    right |= mask & (right >> dir);
    let mask_left = mask & (mask << dir);
    let mask_right = mask & (mask >> dir);
    left |= mask_left & (left << dir2);
    right |= mask_right & (right >> dir2);
    left |= mask_left & (left << dir2);
    right |= mask_right & (right >> dir2);
    (left << dir) | (right >> dir)
}

/// The legal moves of the side owning `p` against `o`.
#[inline]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: this build is compiled for AVX2, which every CPU running it has.
        unsafe { legal_moves_avx2(p, o) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        legal_moves_scalar(p, o)
    }
}

/// [`legal_moves`] one direction after another, in general-purpose registers.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
#[inline]
fn legal_moves_scalar(p: u64, o: u64) -> u64 {
    let inner = o & 0x7e7e_7e7e_7e7e_7e7e;
    (moves_in_direction(p, inner, 1)
        | moves_in_direction(p, o, 8)
        | moves_in_direction(p, inner, 7)
        | moves_in_direction(p, inner, 9))
        & !(p | o)
}

/// Ray masks: for each square, the squares strictly beyond it in each direction. Directions
/// 0..4 go up the bit order (+1 east, +8 south, +7 south-west, +9 south-east), 4..8 go down
/// (-1, -8, -7, -9).
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    const STEPS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (-1, 1),
        (1, 1),
        (-1, 0),
        (0, -1),
        (1, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = STEPS[d];
            let mut c = (sq % 8) as i32 + dc;
            let mut r = (sq / 8) as i32 + dr;
            let mut mask = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                mask |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Flips along a ray that goes up the bit order: the carry of `+1` runs through every bit
/// off the ray and every opponent disc on it, stopping at the first other square.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
#[inline(always)]
fn flips_up(p: u64, o: u64, ray: u64) -> u64 {
    let outflank = (o | !ray).wrapping_add(1) & ray & p;
    outflank.wrapping_sub((outflank != 0) as u64) & ray
}

/// Flips along a ray that goes down the bit order: the highest square of the ray that is
/// not an opponent disc must be the player's.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
#[inline(always)]
fn flips_down(p: u64, o: u64, ray: u64) -> u64 {
    let stop = !o & ray;
    let outflank = (0x8000_0000_0000_0000u64 >> (stop | 1).leading_zeros()) & ray & p;
    outflank.wrapping_neg().wrapping_shl(1) & ray
}

/// The discs of `o` that the side owning `p` turns over by playing on `sq` (0 if none).
#[inline]
pub fn flips(p: u64, o: u64, sq: Square) -> u64 {
    // The x86-64-v3 build (see `cpu_build`) has AVX2 everywhere it runs.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: this build is compiled for AVX2, which every CPU running it has.
        unsafe { flips_avx2(p, o, sq) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        flips_scalar(p, o, sq)
    }
}

/// [`flips`] one ray after another, in general-purpose registers.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
#[inline]
fn flips_scalar(p: u64, o: u64, sq: Square) -> u64 {
    let r = &RAYS[sq.index() as usize];
    flips_up(p, o, r[0])
        | flips_up(p, o, r[1])
        | flips_up(p, o, r[2])
        | flips_up(p, o, r[3])
        | flips_down(p, o, r[4])
        | flips_down(p, o, r[5])
        | flips_down(p, o, r[6])
        | flips_down(p, o, r[7])
}

/// [`flips`] with the four rays up the bit order in one AVX2 register and the four down in
/// another. Up a ray, the lowest square that is not an opponent disc is isolated (`x & -x`);
/// down a ray, the squares below the highest one are filled in by shifts of one, two and four
/// steps along the ray (AVX2 has no per-lane leading-zero count). Either way the move turns
/// the opponent discs before that square when it is the player's.
#[cfg(target_arch = "x86_64")]
// Other builds only test it.
#[cfg_attr(not(target_feature = "avx2"), allow(dead_code))]
#[target_feature(enable = "avx2")]
#[inline]
fn flips_avx2(p: u64, o: u64, sq: Square) -> u64 {
    use std::arch::x86_64::*;
    let rays = &RAYS[sq.index() as usize];
    // SAFETY: each half of the ray array is four u64 (32 bytes), read unaligned.
    let (up, down) = unsafe {
        (
            _mm256_loadu_si256(rays.as_ptr().cast()),
            _mm256_loadu_si256(rays.as_ptr().add(4).cast()),
        )
    };
    let (pp, oo) = (_mm256_set1_epi64x(p as i64), _mm256_set1_epi64x(o as i64));
    let zero = _mm256_setzero_si256();
    // Up: the lowest non-opponent square of each ray, kept when it is the player's.
    let x = _mm256_andnot_si256(oo, up);
    let hit = _mm256_and_si256(_mm256_and_si256(x, _mm256_sub_epi64(zero, x)), pp);
    let below = _mm256_and_si256(_mm256_add_epi64(hit, _mm256_cmpeq_epi64(zero, zero)), up);
    let up_flips = _mm256_andnot_si256(_mm256_cmpeq_epi64(hit, zero), below);
    // Down (steps 1, 8, 7, 9 as RAYS orders them): `t` gets every square of the ray below
    // its highest non-opponent square, so `down & !t` is the opponent run and that square.
    let step = _mm256_set_epi64x(9, 7, 8, 1);
    let x = _mm256_andnot_si256(oo, down);
    let mut t = _mm256_srlv_epi64(x, step);
    t = _mm256_or_si256(t, _mm256_srlv_epi64(t, step));
    t = _mm256_or_si256(t, _mm256_srlv_epi64(t, _mm256_slli_epi64::<1>(step)));
    t = _mm256_or_si256(t, _mm256_srlv_epi64(t, _mm256_slli_epi64::<2>(step)));
    let reach = _mm256_andnot_si256(t, down);
    let hit = _mm256_and_si256(reach, pp);
    let down_flips =
        _mm256_andnot_si256(_mm256_cmpeq_epi64(hit, zero), _mm256_and_si256(reach, oo));
    let all = _mm256_or_si256(up_flips, down_flips);
    let half = _mm_or_si128(
        _mm256_castsi256_si128(all),
        _mm256_extracti128_si256::<1>(all),
    );
    (_mm_cvtsi128_si64(half) | _mm_extract_epi64::<1>(half)) as u64
}

/// [`legal_moves`] with the four directions in the four lanes of one AVX2 register (shifts
/// by 1, 8, 7 and 9 both ways, the same fill as [`moves_in_direction`]).
#[cfg(target_arch = "x86_64")]
// Other builds only test it.
#[cfg_attr(not(target_feature = "avx2"), allow(dead_code))]
#[target_feature(enable = "avx2")]
#[inline]
fn legal_moves_avx2(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    const INNER: i64 = 0x7e7e_7e7e_7e7e_7e7e;
    let step = _mm256_set_epi64x(9, 7, 8, 1);
    let step2 = _mm256_slli_epi64::<1>(step);
    let pp = _mm256_set1_epi64x(p as i64);
    // The vertical direction needs no guard against wrapping round the edges.
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(INNER, INNER, -1, INNER),
    );
    let mut left = _mm256_and_si256(mask, _mm256_sllv_epi64(pp, step));
    let mut right = _mm256_and_si256(mask, _mm256_srlv_epi64(pp, step));
    left = _mm256_or_si256(left, _mm256_and_si256(mask, _mm256_sllv_epi64(left, step)));
    right = _mm256_or_si256(
        right,
        _mm256_and_si256(mask, _mm256_srlv_epi64(right, step)),
    );
    let mask_left = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, step));
    let mask_right = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, step));
    for _ in 0..2 {
        left = _mm256_or_si256(
            left,
            _mm256_and_si256(mask_left, _mm256_sllv_epi64(left, step2)),
        );
        right = _mm256_or_si256(
            right,
            _mm256_and_si256(mask_right, _mm256_srlv_epi64(right, step2)),
        );
    }
    let all = _mm256_or_si256(
        _mm256_sllv_epi64(left, step),
        _mm256_srlv_epi64(right, step),
    );
    let half = _mm_or_si128(
        _mm256_castsi256_si128(all),
        _mm256_extracti128_si256::<1>(all),
    );
    (_mm_cvtsi128_si64(half) | _mm_extract_epi64::<1>(half)) as u64 & !(p | o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    fn after(transcript: &str) -> Board {
        Game::from_transcript(transcript).unwrap().position().board
    }

    #[test]
    fn the_eight_images_of_a_position_share_one_key() {
        let board = after("f5d6c3d3c4");
        let (key, sym) = BookKey::of(&board);
        assert_eq!(
            (sym.apply(board.player), sym.apply(board.opponent)),
            (key.player, key.opponent)
        );
        let mut images = Vec::new();
        for s in Symmetry::ALL {
            let image = Board {
                player: s.apply(board.player),
                opponent: s.apply(board.opponent),
            };
            assert_eq!(BookKey::of(&image).0, key, "{s:?}");
            images.push((image.player, image.opponent));
        }
        // The key is the smallest image, and this position has eight different ones.
        assert_eq!(images.iter().min(), Some(&(key.player, key.opponent)));
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        // The four first moves are one position.
        let first = ["f5", "d3", "c4", "e6"].map(|m| BookKey::of(&after(m)).0);
        assert!(first.iter().all(|&k| k == first[0]));
    }

    /// The AVX2 flips and legal moves equal the scalar ones (on every empty square) on
    /// random boards, where the CPU running the tests has AVX2 (the x86-64-v3 build uses
    /// them for every move).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_flips_and_moves_equal_the_scalar_ones() {
        use rand::{Rng, SeedableRng};
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut turned = 0u64;
        for _ in 0..20_000 {
            // Dense boards have long runs to turn; sparse ones many empty squares.
            let occupied: u64 = rng.random::<u64>() | rng.random::<u64>();
            let p = occupied & rng.random::<u64>();
            let o = occupied & !p;
            for sq in Squares(!occupied) {
                let scalar = flips_scalar(p, o, sq);
                // SAFETY: the CPU has AVX2 (checked above).
                let fast = unsafe { flips_avx2(p, o, sq) };
                assert_eq!(fast, scalar, "p {p:#x} o {o:#x} at {sq}");
                turned += u64::from(scalar.count_ones());
            }
            // SAFETY: as above.
            let fast = unsafe { legal_moves_avx2(p, o) };
            assert_eq!(fast, legal_moves_scalar(p, o), "p {p:#x} o {o:#x}");
            assert_eq!(
                fast,
                Squares(!occupied)
                    .filter(|&sq| flips_scalar(p, o, sq) != 0)
                    .fold(0, |m, sq| m | sq.bit())
            );
        }
        // The boards turn discs, not only nothing (the seed's exact total).
        assert_eq!(turned, 457_279);
    }

    #[test]
    fn start_has_four_moves() {
        let b = Board::start();
        let names: Vec<String> = b.move_squares().map(|s| s.to_string()).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    }

    #[test]
    fn f5_flips_e5() {
        let b = Board::start();
        let f5: Square = "f5".parse().unwrap();
        assert_eq!(b.flips(f5), "e5".parse::<Square>().unwrap().bit());
        let after = b.play(f5);
        assert_eq!(after.opponent_count(), 4);
        assert_eq!(after.player_count(), 1);
    }

    #[test]
    fn final_score_gives_empties_to_winner() {
        assert_eq!(Board::new(0b111, 0b1000).final_score(), 3 - 1 + 60);
        assert_eq!(Board::new(0b1, 0b110).final_score(), -(2 - 1 + 61));
        assert_eq!(Board::new(0b1, 0b10).final_score(), 0);
    }
}

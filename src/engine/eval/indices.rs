//! Pattern indices kept up to date move by move, so that a search's evaluation reads its
//! tables without computing an index (issue 18: computing the 46 indices from the discs is
//! most of an evaluation's time).
//!
//! An instance's index is linear in the squares' contents: base-3 digits, 1 for a disc of
//! the side to move and 2 for the opponent's, each worth a fixed power of 3 (see
//! [`super::pattern`]). So each square has a weight in every instance (zero where the
//! instance does not hold it), read once from the from-scratch index functions, and a move
//! changes an index by a sum of weights: the placed disc and the flipped ones. The indices are
//! kept from both sides' view, so that after the move the opponent's view is at hand and is
//! the new side to move's.
//!
//! Every family of [`FAMILIES`] has its slots, in that order and in the order of
//! [`PatternFamily::each_index`], whatever families an evaluator uses.

use std::sync::LazyLock;

use crate::engine::board::Board;
use crate::engine::eval::pattern::{FAMILIES, PatternFamily, Planes};

/// Slots for the instances of every family (46 used; two spare keep whole vectors).
pub const SLOTS: usize = 48;

/// Each square's weight in every slot, and each family's first slot and instance count.
struct Layout {
    weights: [[u16; SLOTS]; 64],
    families: [(usize, usize); FAMILIES.len()],
}

static LAYOUT: LazyLock<Layout> = LazyLock::new(|| {
    let mut families = [(0, 0); FAMILIES.len()];
    let mut next = 0;
    for (k, family) in FAMILIES.iter().enumerate() {
        let mut count = 0;
        family.each_index(&Planes::new(&Board::new(0, 0)), |_| count += 1);
        families[k] = (next, count);
        next += count;
    }
    assert!(next <= SLOTS, "{next} pattern instances for {SLOTS} slots");
    let mut weights = [[0u16; SLOTS]; 64];
    for (sq, row) in weights.iter_mut().enumerate() {
        *row = from_scratch(&Board::new(1 << sq, 0));
    }
    Layout { weights, families }
});

/// The indices of `board` from its side to move, computed from the discs.
fn from_scratch(board: &Board) -> [u16; SLOTS] {
    let planes = Planes::new(board);
    let mut out = [0u16; SLOTS];
    let mut n = 0;
    for family in &FAMILIES {
        family.each_index(&planes, |i| {
            out[n] = i as u16;
            n += 1;
        });
    }
    out
}

/// The first slot of `family` and its number of instances.
pub fn slots_of(family: &PatternFamily) -> (usize, usize) {
    let k = FAMILIES
        .iter()
        .position(|f| f.name == family.name)
        .expect("a family of FAMILIES");
    LAYOUT.families[k]
}

/// Every pattern instance's index from the side to move, and from the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternIndices {
    own: [u16; SLOTS],
    other: [u16; SLOTS],
}

impl PatternIndices {
    /// Indices of nothing: what a search holds for an evaluator that does not read them.
    pub const UNKEPT: PatternIndices = PatternIndices {
        own: [0; SLOTS],
        other: [0; SLOTS],
    };

    /// The indices of `board`, computed from its discs.
    pub fn new(board: &Board) -> PatternIndices {
        PatternIndices {
            own: from_scratch(board),
            other: from_scratch(&board.pass()),
        }
    }

    /// The indices from the side to move, slot by slot.
    #[inline]
    pub fn own(&self) -> &[u16; SLOTS] {
        &self.own
    }

    /// The indices after the side to move plays `square` (0..64) and turns `flipped`; the
    /// new side to move is the opponent.
    #[inline]
    pub fn play(&self, square: u32, flipped: u64) -> PatternIndices {
        let w = &LAYOUT.weights;
        // The mover's view: the placed square 0 -> 1, each flipped one 2 -> 1. The
        // opponent's: 0 -> 2 and 1 -> 2.
        let mut mover = self.own;
        let mut opponent = self.other;
        let placed = &w[square as usize];
        for k in 0..SLOTS {
            mover[k] = mover[k].wrapping_add(placed[k]);
            opponent[k] = opponent[k].wrapping_add(placed[k].wrapping_mul(2));
        }
        let mut f = flipped;
        while f != 0 {
            let one = &w[f.trailing_zeros() as usize];
            f &= f - 1;
            for k in 0..SLOTS {
                mover[k] = mover[k].wrapping_sub(one[k]);
                opponent[k] = opponent[k].wrapping_add(one[k]);
            }
        }
        PatternIndices {
            own: opponent,
            other: mover,
        }
    }

    /// The indices after a pass: the two views change places.
    #[inline]
    pub fn pass(&self) -> PatternIndices {
        PatternIndices {
            own: self.other,
            other: self.own,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Squares;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_family_has_its_slots_in_order() {
        let counts: Vec<(usize, usize)> = FAMILIES.iter().map(slots_of).collect();
        assert_eq!(
            counts,
            [
                (0, 4),
                (4, 4),
                (8, 8),
                (16, 4),
                (20, 4),
                (24, 4),
                (28, 2),
                (30, 4),
                (34, 4),
                (38, 4),
                (42, 4)
            ]
        );
    }

    /// Random games, every move and pass: the indices kept move by move are those computed
    /// from the discs.
    #[test]
    fn indices_kept_move_by_move_are_those_from_the_discs() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(18);
        let mut checked = 0;
        for _ in 0..40 {
            let mut board = Board::start();
            let mut indices = PatternIndices::new(&board);
            while !board.is_game_over() {
                let moves = board.moves();
                if moves == 0 {
                    board = board.pass();
                    indices = indices.pass();
                } else {
                    let n = rng.random_range(0..moves.count_ones()) as usize;
                    let sq = Squares(moves).nth(n).expect("a legal move");
                    indices = indices.play(u32::from(sq.index()), board.flips(sq));
                    board = board.play_unchecked(sq);
                }
                assert_eq!(indices, PatternIndices::new(&board), "{board:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 2412, "positions checked");
    }
}

//! The solver's transposition table: two-slot buckets, one slot kept for the entry with the
//! most empties (the costliest to redo) and one always replaced (Breuker, Uiterwijk and van
//! den Herik 1994, "Replacement schemes for transposition tables").
//!
//! Entries are keyed by the whole board, so a hit is never a collision. In the endgame a
//! board fixes its own depth (its empties), so two results for one board always merge.

use crate::engine::board::Board;
use crate::engine::search::{TableAllocError, try_filled};

/// "No move stored".
pub(crate) const NO_MOVE: u8 = 64;

/// What the table knows of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Discs of the side to move.
    player: u64,
    /// Discs of the other side.
    opponent: u64,
    /// The final score (discs, side to move) is at least this.
    pub lower: i8,
    /// The final score is at most this.
    pub upper: i8,
    /// The move that gave the best result so far, or [`NO_MOVE`].
    pub best_move: u8,
    /// The solve that last wrote or read it, to age out old entries.
    generation: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    player: 0,
    opponent: 0,
    lower: -64,
    upper: 64,
    best_move: NO_MOVE,
    generation: 0,
};

/// Two entries sharing a cache line: `[depth-preferred, always-replace]`.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// The table itself: a power-of-two number of buckets.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `mib` MiB (at least one bucket), or an error when the system
    /// cannot give that much.
    pub fn try_new(mib: usize) -> Result<Table, TableAllocError> {
        let bytes = mib.saturating_mul(1 << 20).max(size_of::<Bucket>());
        let count = (bytes / size_of::<Bucket>()).next_power_of_two();
        let count = if count * size_of::<Bucket>() > bytes {
            (count / 2).max(1)
        } else {
            count
        };
        Ok(Table {
            buckets: try_filled(count, Bucket([EMPTY_ENTRY; 2]), mib)?,
            mask: count - 1,
            generation: 1,
        })
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket([EMPTY_ENTRY; 2]));
        self.generation = 1;
    }

    /// Starts a new solve: entries of older solves become the first to be replaced.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    #[inline(always)]
    fn bucket(&self, board: &Board) -> usize {
        board.hash() as usize & self.mask
    }

    /// Starts loading `board`'s bucket into the cache, so that a probe soon after does not
    /// wait on memory (a probe that misses the cache is most of a table node's time).
    #[inline(always)]
    pub fn prefetch(&self, board: &Board) {
        let bucket: *const Bucket = &self.buckets[self.bucket(board)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache; it reads nothing and cannot fault, and the
        // address is that of a live bucket anyway. SSE is part of every x86-64 target.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// The entry for `board`, if stored.
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(board)];
        bucket
            .0
            .iter()
            .find(|e| e.player == board.player && e.opponent == board.opponent)
            .copied()
    }

    /// Records that a null-window search of `board` with `empties` empties at `alpha` returned
    /// `score` (fail-soft: a lower bound when above `alpha`, an upper bound otherwise), with
    /// `best_move` the move that reached it ([`NO_MOVE`] when unknown).
    #[inline]
    pub fn store(&mut self, board: &Board, empties: u32, alpha: i32, score: i32, best_move: u8) {
        let generation = self.generation;
        let index = self.bucket(board);
        let bucket = &mut self.buckets[index].0;
        let score = score as i8;
        let update = |e: &mut Entry| {
            if score as i32 > alpha {
                e.lower = e.lower.max(score);
                e.best_move = best_move;
            } else {
                e.upper = e.upper.min(score);
                if e.best_move == NO_MOVE {
                    e.best_move = best_move;
                }
            }
            e.generation = generation;
        };
        for e in bucket.iter_mut() {
            if e.player == board.player && e.opponent == board.opponent {
                update(e);
                return;
            }
        }
        let mut fresh = Entry {
            player: board.player,
            opponent: board.opponent,
            ..EMPTY_ENTRY
        };
        update(&mut fresh);
        // The depth-preferred slot takes the entry when it is at least as deep as what it
        // holds, or what it holds is from an older solve; the old one moves down.
        let kept = &bucket[0];
        let kept_empties = 64 - (kept.player | kept.opponent).count_ones();
        if kept.generation != generation || empties >= kept_empties {
            bucket[1] = bucket[0];
            bucket[0] = fresh;
        } else {
            bucket[1] = fresh;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_and_slots_replace() {
        let mut t = Table::try_new(1).unwrap();
        let b = Board::start();
        assert_eq!(t.probe(&b), None);
        t.store(&b, 60, 3, 10, 19);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (10, 64, 19));
        t.store(&b, 60, 20, 14, 26);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (10, 14, 19));
        // Boards landing in the same bucket: the deep one stays in slot 0.
        let mut others = (0..200_000u64)
            .map(|i| Board::new(i << 8, 1))
            .filter(|o| t.bucket(o) == t.bucket(&b));
        let (x, y) = (others.next().unwrap(), others.next().unwrap());
        t.store(&x, 10, 0, 2, NO_MOVE);
        t.store(&y, 12, 0, 2, NO_MOVE);
        assert!(t.probe(&b).is_some(), "deep entry kept");
        assert_eq!(t.probe(&x), None, "always-replace slot overwritten");
        assert!(t.probe(&y).is_some());
        t.clear();
        assert_eq!(t.probe(&b), None);
    }
}

//! The transposition table: lower and upper bounds of searched positions, by hash.
//!
//! Two-slot buckets (Breuker et al. 1994, "Replacement schemes for transposition tables"):
//! slot 0 keeps the deeper entry (or one from the current search), slot 1 always takes the
//! newest, so deep results survive and new ones still find room.
//!
//! An entry also says whether its bounds came from a selective search (ProbCut, as Edax's
//! table records its selectivity): such bounds may be wrong, so a full-width search takes only
//! their move, and storing a result of the other kind replaces them.

/// A bound score meaning "no bound".
pub const NO_BOUND: i32 = 30_000;

/// One table entry: 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The full hash of the position, to tell positions sharing a bucket apart.
    pub key: u64,
    /// The score is at least this (from the side to move); `-NO_BOUND` if unknown.
    pub lower: i16,
    /// The score is at most this; `NO_BOUND` if unknown.
    pub upper: i16,
    /// The depth in plies the bounds were searched to.
    pub depth: u8,
    /// The best move found, or [`NO_MOVE`].
    pub best_move: u8,
    /// The search generation that wrote the entry.
    pub age: u8,
    /// [`USED`] when the slot holds an entry, with [`SELECTIVE`] for a selective search's.
    flags: u8,
}

/// [`Entry::flags`]: the slot holds an entry.
const USED: u8 = 1;
/// [`Entry::flags`]: the bounds come from a selective search.
const SELECTIVE: u8 = 2;

impl Entry {
    /// Whether the bounds come from a selective search (one whose subtree ProbCut pruned).
    #[inline]
    pub fn selective(&self) -> bool {
        self.flags & SELECTIVE != 0
    }

    /// Whether the slot holds an entry.
    #[inline]
    fn used(&self) -> bool {
        self.flags & USED != 0
    }

    /// Whether a search, selective or not, can trust these bounds at `depth` plies.
    #[inline]
    pub fn bounds_usable(&self, depth: u32, selective: bool) -> bool {
        u32::from(self.depth) >= depth && (selective || !self.selective())
    }
}

/// The `best_move` of an entry without one.
pub const NO_MOVE: u8 = 255;

/// Counters of table use, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Look-ups.
    pub probes: u64,
    /// Look-ups that found the position.
    pub hits: u64,
    /// Hits whose bounds ended the node's search at once.
    pub cutoffs: u64,
    /// Stores that evicted another position's entry.
    pub overwrites: u64,
    /// Stores.
    pub stores: u64,
}

impl TableStats {
    /// Hits per probe, 0..1.
    pub fn hit_rate(&self) -> f64 {
        if self.probes == 0 {
            0.0
        } else {
            self.hits as f64 / self.probes as f64
        }
    }
}

/// A fixed-size table of [`Entry`] in two-slot buckets.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    age: u8,
    /// Use counters since the last [`TranspositionTable::reset_stats`].
    pub stats: TableStats,
}

/// A table that could not be allocated: the memory asked for is more than the system gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {mib} MiB table: the system has not that much memory to give")]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub mib: usize,
}

/// `count` copies of `fill` in a vector allocated without aborting when memory runs out.
pub(crate) fn try_filled<T: Clone>(
    count: usize,
    fill: T,
    mib: usize,
) -> Result<Vec<T>, TableAllocError> {
    let mut v = Vec::new();
    v.try_reserve_exact(count)
        .map_err(|_| TableAllocError { mib })?;
    v.resize(count, fill);
    Ok(v)
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (rounded down to a power of two buckets; at least one).
    ///
    /// # Panics
    /// When the memory cannot be had; [`TranspositionTable::try_new`] reports it instead.
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::try_new(mib).expect("transposition table allocated")
    }

    /// A table of at most `mib` MiB, or an error when the system cannot give that much.
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocation fails.
    pub fn try_new(mib: usize) -> Result<TranspositionTable, TableAllocError> {
        let bytes = mib.max(1).saturating_mul(1024 * 1024);
        let count = (bytes / std::mem::size_of::<[Entry; 2]>()).max(1);
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        Ok(TranspositionTable {
            buckets: try_filled(count, [Entry::default(); 2], mib)?,
            mask: count - 1,
            age: 0,
            stats: TableStats::default(),
        })
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); 2]);
        self.age = 0;
    }

    /// Starts a new search generation: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Zeroes the counters.
    pub fn reset_stats(&mut self) {
        self.stats = TableStats::default();
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&mut self, key: u64) -> Option<Entry> {
        self.stats.probes += 1;
        let bucket = &self.buckets[self.bucket(key)];
        let found = bucket.iter().find(|e| e.used() && e.key == key).copied();
        if found.is_some() {
            self.stats.hits += 1;
        }
        found
    }

    /// The entry for `key` without counting a probe (for reading principal variations).
    pub fn peek(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.used() && e.key == key)
            .copied()
    }

    /// Stores the result of searching a position to `depth` with window `(alpha, beta)`,
    /// fail-soft `score`, best move `best_move` ([`NO_MOVE`] if none), by a `selective`
    /// search or not: a score at or below alpha is an upper bound, at or above beta a lower
    /// bound, between them exact. Bounds from an entry of the same depth and kind are kept
    /// and tightened.
    #[inline]
    #[expect(
        clippy::too_many_arguments,
        reason = "the hottest store takes a node's values as they are, with no struct to fill"
    )]
    pub fn store(
        &mut self,
        key: u64,
        depth: u32,
        selective: bool,
        alpha: i32,
        beta: i32,
        score: i32,
        best_move: u8,
    ) {
        self.stats.stores += 1;
        let depth = depth.min(255) as u8;
        let age = self.age;
        let flags = if selective { USED | SELECTIVE } else { USED };
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let slot = match bucket.iter().position(|e| e.used() && e.key == key) {
            Some(i) => i,
            None => {
                let deep = bucket[0];
                let slot = if !deep.used() || deep.age != age || depth >= deep.depth {
                    // The depth-preferred entry moves down to the always-replace slot.
                    if deep.used() {
                        self.stats.overwrites += u64::from(bucket[1].used());
                        bucket[1] = deep;
                    }
                    0
                } else {
                    self.stats.overwrites += u64::from(bucket[1].used());
                    1
                };
                bucket[slot] = Entry {
                    key,
                    lower: -NO_BOUND as i16,
                    upper: NO_BOUND as i16,
                    depth,
                    best_move: NO_MOVE,
                    age,
                    flags,
                };
                slot
            }
        };
        let e = &mut bucket[slot];
        if e.depth > depth && e.age == age {
            // A deeper result of this search is worth more than this one: keep it, lend it
            // a move.
            if e.best_move == NO_MOVE && score > alpha {
                e.best_move = best_move;
            }
            return;
        }
        if e.depth != depth || e.flags != flags {
            // A different depth or kind, or a deeper result of an earlier search (pondering,
            // the previous move): this search's bounds must be stored for its MTD(f) passes
            // to converge, so they replace it; its best move stays as the move to try first.
            e.depth = depth;
            e.flags = flags;
            e.lower = -NO_BOUND as i16;
            e.upper = NO_BOUND as i16;
        }
        e.age = age;
        if score <= alpha {
            e.upper = e.upper.min(score as i16);
        } else if score >= beta {
            e.lower = e.lower.max(score as i16);
            e.best_move = best_move;
        } else {
            e.lower = score as i16;
            e.upper = score as i16;
            e.best_move = best_move;
        }
        if e.lower > e.upper {
            // Bounds from searches that disagree (possible with pruning): keep the newest.
            if score <= alpha {
                e.lower = -NO_BOUND as i16;
            } else {
                e.upper = NO_BOUND as i16;
            }
        }
        if best_move != NO_MOVE && e.best_move == NO_MOVE {
            e.best_move = best_move;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_tighten_and_depth_resets() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 3, false, 0, 1, 5, 7);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (5, NO_BOUND as i16, 7));
        tt.store(42, 3, false, 9, 10, 8, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (5, 8, 7));
        tt.store(42, 4, false, -10, 10, 2, 3);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best_move), (2, 2, 4, 3));
        assert_eq!(tt.stats.probes, 3);
        assert_eq!(tt.stats.hits, 3);
    }

    #[test]
    fn an_earlier_search_s_deep_entry_gives_way_but_lends_its_move() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 10, false, 0, 1, 4, 9);
        // The same search keeps its deeper result.
        tt.store(42, 3, false, 0, 1, -2, 5);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.depth, e.lower, e.upper, e.best_move),
            (10, 4, NO_BOUND as i16, 9)
        );
        // The next search stores its own bounds; the old best move stays first to try.
        tt.new_search();
        tt.store(42, 3, false, 0, 1, -2, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.depth, e.lower, e.upper, e.best_move),
            (3, -NO_BOUND as i16, -2, 9)
        );
    }

    #[test]
    fn selective_bounds_serve_selective_searches_only() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 6, true, 0, 1, 4, 9);
        let e = tt.probe(42).unwrap();
        assert!(e.selective());
        assert!(e.bounds_usable(6, true));
        assert!(
            !e.bounds_usable(6, false),
            "a full-width search trusts ProbCut's bounds"
        );
        assert!(!e.bounds_usable(7, true));
        // A full-width result at the same depth replaces the selective bounds, keeps the move.
        tt.new_search();
        tt.store(42, 6, false, 0, 1, -3, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert!(!e.selective());
        assert_eq!((e.lower, e.upper, e.best_move), (-NO_BOUND as i16, -3, 9));
        assert!(e.bounds_usable(6, false) && e.bounds_usable(6, true));
        // And a selective one replaces full-width bounds, rather than mixing with them.
        tt.new_search();
        tt.store(42, 6, true, 0, 1, 2, 5);
        let e = tt.probe(42).unwrap();
        assert!(e.selective());
        assert_eq!((e.lower, e.upper, e.best_move), (2, NO_BOUND as i16, 5));
    }

    #[test]
    fn deep_entries_survive_shallow_ones() {
        let mut tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u64;
        // Three keys in one bucket: deep, then two shallow ones.
        tt.store(1, 10, false, 0, 1, 1, 0);
        tt.store(1 + n, 2, false, 0, 1, 1, 0);
        tt.store(1 + 2 * n, 2, false, 0, 1, 1, 0);
        assert!(tt.probe(1).is_some(), "deep entry kept");
        assert!(tt.probe(1 + 2 * n).is_some(), "newest entry kept");
        assert!(tt.probe(1 + n).is_none());
        assert_eq!(tt.stats.overwrites, 1);
    }
}

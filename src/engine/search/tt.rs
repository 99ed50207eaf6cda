//! The transposition table: lower and upper bounds of searched positions, by hash.
//!
//! Two-slot buckets (Breuker et al. 1994, "Replacement schemes for transposition tables"):
//! slot 0 keeps the deeper entry (or one from the current search), slot 1 always takes the
//! newest, so deep results survive and new ones still find room.
//!
//! An entry also records the precision of the search that found its bounds (ProbCut's
//! confidence, as Edax's table records its selectivity): a selective search's bounds may be
//! wrong, so a search surer than they are (a full-width one, or a higher rung of the
//! selectivity ladder) takes only their move, and storing a result of another precision
//! replaces them.
//!
//! The threads of a parallel search share one table without locks (Hyatt and Mann 2002,
//! "A lockless transposition-table implementation for parallel search"): a slot is two
//! 64-bit words, the entry's packed data and its key XOR that data. A slot read while another
//! thread writes it can mix the words of two entries; the key read back then differs from
//! the one asked for (unless both writes stored the same data, when the mix is that data),
//! so a probe never returns a torn entry. Two threads updating one entry at once may lose one
//! of the updates; each entry written is still one search's consistent bounds.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::control::alloc::{TableAllocError, prefetch, try_filled_with};
use crate::engine::search::probcut::FULL_WIDTH;

pub use crate::engine::score::NO_BOUND;

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
    /// [`USED`] when the slot holds an entry, and the bounds' precision shifted by
    /// [`PRECISION_SHIFT`].
    flags: u8,
}

/// [`Entry::flags`]: the slot holds an entry.
const USED: u8 = 1;
/// [`Entry::flags`]: the precision of the bounds is in the bits from this one up (0 for the
/// least sure ProbCut up to [`FULL_WIDTH`]).
const PRECISION_SHIFT: u8 = 1;

impl Entry {
    /// The precision of the search that found the bounds: [`FULL_WIDTH`], or a selective
    /// search's [`ProbCut::precision`](crate::engine::search::ProbCut::precision) when
    /// ProbCut may have pruned the subtree.
    #[inline]
    pub fn precision(&self) -> u8 {
        self.flags >> PRECISION_SHIFT
    }

    /// Whether the bounds come from a selective search (one whose subtree ProbCut pruned).
    #[inline]
    pub fn selective(&self) -> bool {
        self.precision() < FULL_WIDTH
    }

    /// Whether the slot holds an entry.
    #[inline]
    fn used(&self) -> bool {
        self.flags & USED != 0
    }

    /// Whether a search of `precision` ([`FULL_WIDTH`] when not selective) can trust these
    /// bounds at `depth` plies: they are as deep and at least as sure.
    #[inline]
    pub fn bounds_usable(&self, depth: u32, precision: u8) -> bool {
        u32::from(self.depth) >= depth && self.precision() >= precision
    }
}

/// The `best_move` of an entry without one.
pub const NO_MOVE: u8 = 255;

/// Counters of table use, for `--stats` (each search thread keeps its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Look-ups.
    pub probes: u64,
    /// Look-ups that found the position.
    pub hits: u64,
    /// Hits whose bounds ended the node's search at once.
    pub cutoffs: u64,
    /// Of those, a child's bounds settling its parent before any child was searched
    /// (enhanced transposition cutoff).
    pub child_cutoffs: u64,
    /// Stores that evicted another position's entry.
    pub overwrites: u64,
    /// Stores.
    pub stores: u64,
}

impl TableStats {
    /// Adds another thread's counters.
    pub fn add(&mut self, other: &TableStats) {
        self.probes += other.probes;
        self.hits += other.hits;
        self.cutoffs += other.cutoffs;
        self.child_cutoffs += other.child_cutoffs;
        self.overwrites += other.overwrites;
        self.stores += other.stores;
    }

    /// Hits per probe, 0..1.
    pub fn hit_rate(&self) -> f64 {
        if self.probes == 0 {
            0.0
        } else {
            self.hits as f64 / self.probes as f64
        }
    }
}

/// One slot: the packed entry and the key XOR it, each one atomic word.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's key and entry as read (an unused slot reads as key 0, flags 0).
    #[inline(always)]
    fn load(&self) -> (u64, Entry) {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        (key, unpack(key, data))
    }

    #[inline(always)]
    fn save(&self, e: &Entry) {
        let data = pack(e);
        self.data.store(data, Ordering::Relaxed);
        self.check.store(e.key ^ data, Ordering::Relaxed);
    }

    fn reset(&self) {
        self.data.store(0, Ordering::Relaxed);
        self.check.store(0, Ordering::Relaxed);
    }
}

/// An entry's fields but its key in one word.
#[inline(always)]
fn pack(e: &Entry) -> u64 {
    u64::from(e.lower as u16)
        | u64::from(e.upper as u16) << 16
        | u64::from(e.depth) << 32
        | u64::from(e.best_move) << 40
        | u64::from(e.age) << 48
        | u64::from(e.flags) << 56
}

#[inline(always)]
fn unpack(key: u64, data: u64) -> Entry {
    Entry {
        key,
        lower: data as u16 as i16,
        upper: (data >> 16) as u16 as i16,
        depth: (data >> 32) as u8,
        best_move: (data >> 40) as u8,
        age: (data >> 48) as u8,
        flags: (data >> 56) as u8,
    }
}

/// A fixed-size table of [`Entry`] in two-slot buckets, shared by the threads of a search
/// (`&self` probes and stores; see the module's notes on concurrent use).
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<[Slot; 2]>,
    mask: usize,
    age: u8,
}

/// What [`TranspositionTable::store`] did, for the caller's [`TableStats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Into a free slot, or the position's own.
    Kept,
    /// Over another position's entry.
    Evicted,
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
        let count = (bytes / std::mem::size_of::<[Slot; 2]>()).max(1);
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        Ok(TranspositionTable {
            buckets: try_filled_with(count, Default::default, mib)?,
            mask: count - 1,
            age: 0,
        })
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for slot in self.buckets.iter().flatten() {
            slot.reset();
        }
        self.age = 0;
    }

    /// Starts a new search generation: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot; 2] {
        &self.buckets[(key as usize) & self.mask]
    }

    /// Starts loading the bucket of `key` into the cache, for a probe soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.bucket(key));
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| {
            let (k, e) = slot.load();
            (e.used() && k == key).then_some(e)
        })
    }

    /// Stores the result of searching a position to `depth` with window `(alpha, beta)`,
    /// fail-soft `score`, best move `best_move` ([`NO_MOVE`] if none), by a search of
    /// `precision` ([`FULL_WIDTH`] unless ProbCut may have pruned the subtree): a score at or below alpha is an upper bound, at or above beta a lower
    /// bound, between them exact. Bounds from an entry of the same depth and kind are kept
    /// and tightened. Says whether another position's entry was evicted.
    #[inline]
    #[expect(
        clippy::too_many_arguments,
        reason = "the hottest store takes a node's values as they are, with no struct to fill"
    )]
    pub fn store(
        &self,
        key: u64,
        depth: u32,
        precision: u8,
        alpha: i32,
        beta: i32,
        score: i32,
        best_move: u8,
    ) -> Stored {
        let depth = depth.min(255) as u8;
        let age = self.age;
        let flags = USED | precision.min(FULL_WIDTH) << PRECISION_SHIFT;
        let bucket = self.bucket(key);
        let (k0, deep) = bucket[0].load();
        let mut stored = Stored::Kept;
        let (slot, mut e) = if deep.used() && k0 == key {
            (0, deep)
        } else {
            let (k1, other) = bucket[1].load();
            if other.used() && k1 == key {
                (1, other)
            } else {
                let fresh = Entry {
                    key,
                    lower: -NO_BOUND as i16,
                    upper: NO_BOUND as i16,
                    depth,
                    best_move: NO_MOVE,
                    age,
                    flags,
                };
                if !deep.used() || deep.age != age || depth >= deep.depth {
                    // The depth-preferred entry moves down to the always-replace slot.
                    if deep.used() {
                        if other.used() {
                            stored = Stored::Evicted;
                        }
                        bucket[1].save(&deep);
                    }
                    (0, fresh)
                } else {
                    if other.used() {
                        stored = Stored::Evicted;
                    }
                    (1, fresh)
                }
            }
        };
        update(&mut e, depth, flags, age, alpha, beta, score, best_move);
        bucket[slot].save(&e);
        stored
    }
}

/// Merges a search's result into its position's entry (see [`TranspositionTable::store`]).
#[inline(always)]
#[expect(
    clippy::too_many_arguments,
    reason = "the store's values, passed on as they came"
)]
fn update(
    e: &mut Entry,
    depth: u8,
    flags: u8,
    age: u8,
    alpha: i32,
    beta: i32,
    score: i32,
    best_move: u8,
) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_tighten_and_depth_resets() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 3, FULL_WIDTH, 0, 1, 5, 7);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (5, NO_BOUND as i16, 7));
        tt.store(42, 3, FULL_WIDTH, 9, 10, 8, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (5, 8, 7));
        tt.store(42, 4, FULL_WIDTH, -10, 10, 2, 3);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best_move), (2, 2, 4, 3));
    }

    #[test]
    fn an_earlier_search_s_deep_entry_gives_way_but_lends_its_move() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 10, FULL_WIDTH, 0, 1, 4, 9);
        // The same search keeps its deeper result.
        tt.store(42, 3, FULL_WIDTH, 0, 1, -2, 5);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.depth, e.lower, e.upper, e.best_move),
            (10, 4, NO_BOUND as i16, 9)
        );
        // The next search stores its own bounds; the old best move stays first to try.
        tt.new_search();
        tt.store(42, 3, FULL_WIDTH, 0, 1, -2, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.depth, e.lower, e.upper, e.best_move),
            (3, -NO_BOUND as i16, -2, 9)
        );
    }

    #[test]
    fn bounds_serve_searches_no_surer_than_they_are() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 6, 3, 0, 1, 4, 9);
        let e = tt.probe(42).unwrap();
        assert_eq!(e.precision(), 3);
        assert!(e.selective());
        let usable: Vec<bool> = (0..=FULL_WIDTH).map(|p| e.bounds_usable(6, p)).collect();
        assert_eq!(usable, [true, true, true, true, false, false, false, false]);
        // A result of another precision at the same depth replaces the bounds.
        tt.store(42, 6, 4, 0, 1, -2, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.precision(), e.lower, e.upper, e.best_move),
            (4, -NO_BOUND as i16, -2, 9)
        );
    }

    #[test]
    fn selective_bounds_serve_selective_searches_only() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 6, 0, 0, 1, 4, 9);
        let e = tt.probe(42).unwrap();
        assert!(e.selective());
        assert!(e.bounds_usable(6, 0));
        assert!(
            !e.bounds_usable(6, FULL_WIDTH),
            "a full-width search trusts ProbCut's bounds"
        );
        assert!(!e.bounds_usable(7, 0));
        // A full-width result at the same depth replaces the selective bounds, keeps the move.
        tt.new_search();
        tt.store(42, 6, FULL_WIDTH, 0, 1, -3, NO_MOVE);
        let e = tt.probe(42).unwrap();
        assert!(!e.selective());
        assert_eq!((e.lower, e.upper, e.best_move), (-NO_BOUND as i16, -3, 9));
        assert!(e.bounds_usable(6, FULL_WIDTH) && e.bounds_usable(6, 0));
        // And a selective one replaces full-width bounds, rather than mixing with them.
        tt.new_search();
        tt.store(42, 6, 0, 0, 1, 2, 5);
        let e = tt.probe(42).unwrap();
        assert!(e.selective());
        assert_eq!((e.lower, e.upper, e.best_move), (2, NO_BOUND as i16, 5));
    }

    #[test]
    fn a_slot_mixing_two_writes_is_never_returned() {
        let tt = TranspositionTable::new(1);
        let a = Entry {
            key: 42,
            lower: 3,
            upper: 3,
            depth: 5,
            best_move: 7,
            age: 0,
            flags: USED,
        };
        let b = Entry {
            key: 42 + tt.buckets.len() as u64,
            lower: -8,
            upper: 10,
            depth: 6,
            best_move: 1,
            age: 0,
            flags: USED,
        };
        // Slot 0 as a reader can see it while b overwrites a: b's data word, a's check word.
        let slot = &tt.bucket(42)[0];
        slot.save(&a);
        assert_eq!(tt.probe(a.key), Some(a));
        slot.data.store(pack(&b), Ordering::Relaxed);
        assert_eq!(tt.probe(a.key), None, "a's key with b's bounds");
        assert_eq!(tt.probe(b.key), None, "b's bounds under a's check word");
        slot.save(&b);
        assert_eq!(tt.probe(b.key), Some(b));
    }

    #[test]
    fn threads_storing_at_once_leave_only_whole_entries() {
        // Each thread stores, for its keys, bounds that encode the key; every entry read
        // back must be one a thread wrote.
        let tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u64;
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = (i % 64) * n + t * 64 * n + 5;
                        let v = (key % 1000) as i32;
                        tt.store(
                            key,
                            (key % 50) as u32,
                            FULL_WIDTH,
                            v - 1,
                            v + 1,
                            v,
                            (key % 60) as u8,
                        );
                        if let Some(e) = tt.probe(key ^ n) {
                            let w = (e.key % 1000) as i16;
                            assert_eq!((e.lower, e.upper), (w, w), "torn entry {e:?}");
                            assert_eq!(e.best_move, (e.key % 60) as u8, "torn entry {e:?}");
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn deep_entries_survive_shallow_ones() {
        let tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u64;
        // Three keys in one bucket: deep, then two shallow ones.
        assert_eq!(tt.store(1, 10, FULL_WIDTH, 0, 1, 1, 0), Stored::Kept);
        assert_eq!(tt.store(1 + n, 2, FULL_WIDTH, 0, 1, 1, 0), Stored::Kept);
        assert_eq!(
            tt.store(1 + 2 * n, 2, FULL_WIDTH, 0, 1, 1, 0),
            Stored::Evicted
        );
        assert!(tt.probe(1).is_some(), "deep entry kept");
        assert!(tt.probe(1 + 2 * n).is_some(), "newest entry kept");
        assert!(tt.probe(1 + n).is_none());
    }
}

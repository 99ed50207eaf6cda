//! The solver's transposition table: two-slot buckets, one slot kept for the entry costliest
//! to redo (the most empties, or with `replace_by_cost` the most nodes searched under it)
//! and one always replaced (Breuker, Uiterwijk and van den Herik 1994, "Replacement schemes
//! for transposition tables").
//!
//! Entries are keyed by the whole board, so a hit is never a collision. In the endgame a
//! board fixes its own depth (its empties), so two results for one board always merge.
//!
//! The threads of a parallel solve share the table without locks. An entry is three 64-bit
//! words: the packed bounds `d` (with 21 bits of the board's hash as a check), the side to
//! move's discs XOR `d`, and the other side's XOR `d`. A reader that meets a slot half
//! rewritten by another thread reads words of two entries: the discs it decodes then match
//! neither board, or the check bits fail, so a torn entry is never used (unless two writes
//! stored the same bounds for boards with the same 21 check bits and bucket). A lost update
//! between two threads costs a re-search, never a wrong bound.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::board::Board;
use crate::engine::control::{TableAllocError, prefetch, try_filled_with};

/// "No move stored".
pub(crate) const NO_MOVE: u8 = 64;

/// The precision of an exact search's bounds: above every selective pass's (see
/// [`Entry::precision`]).
pub(crate) const EXACT: u8 = 7;

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
    /// How costly it is to redo: its empties, or the bits of the nodes searched under it.
    weight: u8,
    /// How sure the bounds are: [`EXACT`] for an exact search's, lower for a selective
    /// pass's (its place on the solver's ladder, from 1, the least sure). Bounds serve a
    /// search whose precision is at most theirs.
    pub precision: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    player: 0,
    opponent: 0,
    lower: -64,
    upper: 64,
    best_move: NO_MOVE,
    generation: 0,
    weight: 0,
    precision: EXACT,
};

impl Entry {
    fn is(&self, board: &Board) -> bool {
        self.player == board.player && self.opponent == board.opponent
    }
}

/// One entry's three words (see the module's notes); all zero when unused.
#[derive(Debug, Default)]
struct Slot {
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

/// The data word's first bit of the check bits (below: the bounds, move, generation,
/// weight and precision).
const CHECK_SHIFT: u32 = 43;

/// A board's hash for the table: a multiplication mixes the two sides, then one round of
/// MurmurHash3's finaliser spreads them (the whole board is the key, so the hash only
/// spreads the buckets and gives the check bits; half the work of [`Board::hash`]).
#[inline(always)]
fn table_hash(board: &Board) -> u64 {
    let mut k = board.player ^ board.opponent.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^ (k >> 33)
}

/// The check bits of a board: its hash's top 21 bits (the lower bits pick the bucket).
#[inline(always)]
fn check(hash: u64) -> u64 {
    hash >> CHECK_SHIFT
}

impl Slot {
    /// The entry held, when it is whole and for a board whose hash is `hash`.
    #[inline(always)]
    fn load(&self, hash: u64) -> Option<Entry> {
        let data = self.data.load(Ordering::Relaxed);
        if data >> CHECK_SHIFT != check(hash) {
            return None;
        }
        Some(Entry {
            player: self.player.load(Ordering::Relaxed) ^ data,
            opponent: self.opponent.load(Ordering::Relaxed) ^ data,
            lower: data as i8,
            upper: (data >> 8) as i8,
            best_move: (data >> 16) as u8,
            generation: (data >> 24) as u8,
            weight: (data >> 32) as u8,
            precision: (data >> 40) as u8 & 7,
        })
    }

    /// The slot's three words as they are: copied to another slot they keep their entry
    /// (whole or torn, as it was: a torn one still reads back as no board).
    #[inline(always)]
    fn words(&self) -> [u64; 3] {
        [
            self.player.load(Ordering::Relaxed),
            self.opponent.load(Ordering::Relaxed),
            self.data.load(Ordering::Relaxed),
        ]
    }

    #[inline(always)]
    fn set_words(&self, [player, opponent, data]: [u64; 3]) {
        self.data.store(data, Ordering::Relaxed);
        self.player.store(player, Ordering::Relaxed);
        self.opponent.store(opponent, Ordering::Relaxed);
    }

    #[inline(always)]
    fn save(&self, e: &Entry, hash: u64) {
        let data = u64::from(e.lower as u8)
            | u64::from(e.upper as u8) << 8
            | u64::from(e.best_move) << 16
            | u64::from(e.generation) << 24
            | u64::from(e.weight) << 32
            | u64::from(e.precision & 7) << 40
            | check(hash) << CHECK_SHIFT;
        self.data.store(data, Ordering::Relaxed);
        self.player.store(e.player ^ data, Ordering::Relaxed);
        self.opponent.store(e.opponent ^ data, Ordering::Relaxed);
    }

    fn reset(&self) {
        self.data.store(0, Ordering::Relaxed);
        self.player.store(0, Ordering::Relaxed);
        self.opponent.store(0, Ordering::Relaxed);
    }
}

/// Two entries sharing a cache line: `[depth-preferred, always-replace]`.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// A power-of-two number of buckets.
struct Tier {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Tier {
    /// At most `bytes` bytes of buckets (at least one); `mib` names the request in the error.
    fn try_new(bytes: usize, mib: usize) -> Result<Tier, TableAllocError> {
        let bytes = bytes.max(size_of::<Bucket>());
        let count = (bytes / size_of::<Bucket>()).next_power_of_two();
        let count = if count * size_of::<Bucket>() > bytes {
            (count / 2).max(1)
        } else {
            count
        };
        Ok(Tier {
            buckets: try_filled_with(count, Bucket::default, mib)?,
            mask: count - 1,
        })
    }

    fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| &b.0) {
            slot.reset();
        }
    }
}

/// The table itself, shared by a solve's threads: a large tier, and a small one for the
/// positions with few empties (at most `near_max_empties`). Those are most of the table's
/// positions and their transpositions are near each other in the search, so a tier that
/// stays in the processor's cache keeps what they need while the probes of the large tier,
/// most of which miss the cache (and, with 4 KiB pages, the TLB), become rarer (Egaroucid
/// keeps no shared table below 13 empties, only small tables of its own per thread).
pub(crate) struct Table {
    far: Tier,
    near: Tier,
    near_max_empties: u32,
    generation: u8,
}

impl Table {
    /// A table of at most `mib` MiB (at least one bucket) without a near tier, or an error
    /// when the system cannot give that much.
    #[cfg(test)]
    pub fn try_new(mib: usize) -> Result<Table, TableAllocError> {
        Table::try_with_near(mib, 0, 0)
    }

    /// A table of at most `mib` MiB whose positions with at most `near_max_empties` empties
    /// go to a tier of their own of at most `near_kib` KiB (none when 0), or an error when
    /// the system cannot give that much.
    pub fn try_with_near(
        mib: usize,
        near_kib: usize,
        near_max_empties: u32,
    ) -> Result<Table, TableAllocError> {
        let mut table = Table {
            far: Tier::try_new(mib.saturating_mul(1 << 20), mib)?,
            near: Tier::try_new(0, 0)?,
            near_max_empties: 0,
            generation: 1,
        };
        table.set_near(near_kib, near_max_empties)?;
        Ok(table)
    }

    /// Gives the positions with at most `max_empties` empties a tier of their own of at most
    /// `kib` KiB (none when `kib` or `max_empties` is 0), forgetting what the old one held.
    /// When the memory cannot be had, the table goes on without a near tier.
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocation fails.
    pub fn set_near(&mut self, kib: usize, max_empties: u32) -> Result<(), TableAllocError> {
        let (kib, max_empties) = if kib == 0 || max_empties == 0 {
            (0, 0)
        } else {
            (kib, max_empties)
        };
        // The old tier is let go first (it may be large), and until the new one is had no
        // position is routed to it: a failure leaves a table without a near tier.
        self.near_max_empties = 0;
        self.near = Tier::try_new(0, 0)?;
        self.near = Tier::try_new(kib.saturating_mul(1 << 10), kib.div_ceil(1024))?;
        self.near_max_empties = max_empties;
        Ok(())
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.far.clear();
        self.near.clear();
        self.generation = 1;
    }

    /// Starts a new solve: entries of older solves become the first to be replaced.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// `board`'s bucket, `hash` being its hash: in the near tier when it has few empties.
    #[inline(always)]
    fn bucket(&self, board: &Board, hash: u64) -> &Bucket {
        let tier = if board.empty_count() <= self.near_max_empties {
            &self.near
        } else {
            &self.far
        };
        &tier.buckets[hash as usize & tier.mask]
    }

    /// Where `board` lives in the table: its bucket and hash, found once for a node's
    /// probe and store.
    #[inline(always)]
    pub fn place(&self, board: &Board) -> Place<'_> {
        let hash = table_hash(board);
        Place {
            board: *board,
            bucket: self.bucket(board, hash),
            hash,
            generation: self.generation,
        }
    }

    /// Starts loading `board`'s bucket into the cache, so that a probe soon after does not
    /// wait on memory (a probe that misses the cache is most of a table node's time).
    #[inline(always)]
    pub fn prefetch(&self, board: &Board) {
        prefetch(self.bucket(board, table_hash(board)));
    }

    /// The entry for `board`, if stored.
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<Entry> {
        self.place(board).probe()
    }
}

/// A board with its bucket in the table, its hash and the table's generation
/// ([`Table::place`]).
pub(crate) struct Place<'t> {
    board: Board,
    bucket: &'t Bucket,
    hash: u64,
    generation: u8,
}

impl Place<'_> {
    /// The entry for the board, if stored.
    #[inline]
    pub fn probe(&self) -> Option<Entry> {
        self.bucket
            .0
            .iter()
            .find_map(|slot| slot.load(self.hash).filter(|e| e.is(&self.board)))
    }

    /// Records that a null-window search of the board at `alpha` returned `score`
    /// (fail-soft: a lower bound when above `alpha`, an upper bound otherwise), with
    /// `best_move` the move that reached it ([`NO_MOVE`] when unknown); `weight` says how
    /// costly it is to redo (the board's empties, or the bits of the nodes searched under
    /// it, at most 255): the costlier entry keeps the bucket's first slot. `precision` says
    /// how sure the search was ([`EXACT`], or a selective pass's): bounds of a lower
    /// precision than the entry's are not merged (its move is kept too, unless it has none),
    /// and bounds of a higher one replace the entry's.
    #[inline]
    pub fn store(&self, weight: u32, alpha: i32, score: i32, best_move: u8, precision: u8) {
        let weight = weight.min(255) as u8;
        let (generation, hash) = (self.generation, self.hash);
        let bucket = &self.bucket.0;
        let score = score as i8;
        let update = |e: &mut Entry| {
            if e.precision < precision {
                (e.lower, e.upper, e.precision) = (-64, 64, precision);
            }
            if e.precision > precision {
                if e.best_move == NO_MOVE {
                    e.best_move = best_move;
                }
            } else if score as i32 > alpha {
                e.lower = e.lower.max(score);
                e.best_move = best_move;
            } else {
                e.upper = e.upper.min(score);
                if e.best_move == NO_MOVE {
                    e.best_move = best_move;
                }
            }
            e.generation = generation;
            e.weight = e.weight.max(weight);
        };
        for slot in bucket {
            if let Some(mut e) = slot.load(hash).filter(|e| e.is(&self.board)) {
                update(&mut e);
                slot.save(&e, hash);
                return;
            }
        }
        let mut fresh = Entry {
            player: self.board.player,
            opponent: self.board.opponent,
            precision,
            ..EMPTY_ENTRY
        };
        update(&mut fresh);
        // The first slot takes the entry when it is at least as costly as what it holds, or
        // what it holds is from an older solve; the old one moves down.
        let kept = bucket[0].words();
        let data = kept[2];
        let kept_generation = (data >> 24) as u8;
        let kept_weight = (data >> 32) as u8;
        if kept_generation == generation && weight < kept_weight {
            bucket[1].save(&fresh, hash);
        } else {
            if kept_generation != 0 {
                bucket[1].set_words(kept);
            }
            bucket[0].save(&fresh, hash);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 200 boards whose occupied squares are `occupied`, split between the sides at random.
    fn boards(occupied: u64) -> Vec<Board> {
        (1..=200u64)
            .map(|i| {
                let player = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) & occupied;
                Board::new(player, occupied & !player)
            })
            .collect()
    }

    /// How many of `boards` a table finds after storing them all.
    fn kept(t: &Table, boards: &[Board]) -> usize {
        for b in boards {
            t.place(b).store(b.empty_count(), 0, 2, NO_MOVE, EXACT);
        }
        boards.iter().filter(|b| t.probe(b).is_some()).count()
    }

    /// Positions with at most `near_max_empties` empties go to the near tier: one of 1 KiB
    /// (16 buckets, 32 entries) keeps 32 of 200 boards with 10 empties, while 200
    /// with 11 empties all stay in the large tier beside them, as do the 200 with 10 empties
    /// without a near tier.
    #[test]
    fn the_near_tier_takes_the_positions_with_few_empties() {
        let near = boards(!0 >> 10);
        let far = boards(!0 >> 11);
        assert_eq!((near[0].empty_count(), far[0].empty_count()), (10, 11));
        let t = Table::try_with_near(1, 1, 10).unwrap();
        let near_kept = kept(&t, &near);
        assert_eq!(near_kept, 32);
        assert_eq!(kept(&t, &far), 200);
        let mut t = Table::try_with_near(1, 0, 10).unwrap();
        assert_eq!(kept(&t, &near), 200);
        assert_eq!(kept(&t, &far), 200);
        // Given a near tier later, the table looks for the boards with few empties there,
        // and keeps the others.
        t.set_near(1, 10).unwrap();
        let found = |boards: &[Board]| boards.iter().filter(|b| t.probe(b).is_some()).count();
        assert_eq!((found(&near), found(&far)), (0, 200));
    }

    /// The table's hash spreads boards that differ in a few squares at least as well as a
    /// random function would: 65,536 such boards fill at least 63.2% of 65,536 buckets
    /// (1 - 1/e, less four standard deviations) and take nearly as many check values.
    #[test]
    fn the_table_hash_spreads_boards_alike() {
        for boards in [
            (0..1u64 << 16)
                .map(|i| Board::new(i << 8, 1))
                .collect::<Vec<_>>(),
            (0..1u64 << 16)
                .map(|i| Board::new(0x0000_0018_1000_0000 | (i << 40), (i ^ 0xffff) & 0xfffe))
                .collect(),
        ] {
            let mut buckets = vec![false; 1 << 16];
            let mut checks = vec![false; 1 << 21];
            for b in &boards {
                let h = table_hash(b);
                buckets[h as usize & 0xffff] = true;
                checks[check(h) as usize] = true;
            }
            let filled = buckets.iter().filter(|&&f| f).count();
            let distinct = checks.iter().filter(|&&f| f).count();
            assert!(filled >= 40_980, "{filled} buckets");
            // A random function: 65,536 boards in 2^21 check values, about 1,000 shared.
            assert!(distinct >= 64_300, "{distinct} check values");
        }
    }

    #[test]
    fn bounds_merge_and_slots_replace() {
        let mut t = Table::try_new(1).unwrap();
        let b = Board::start();
        assert_eq!(t.probe(&b), None);
        t.place(&b).store(60, 3, 10, 19, EXACT);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (10, 64, 19));
        t.place(&b).store(60, 20, 14, 26, EXACT);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (10, 14, 19));
        // Boards landing in the same bucket: the deep one stays in slot 0.
        let mut others = (0..200_000u64)
            .map(|i| Board::new(i << 8, 1))
            .filter(|o| std::ptr::eq(t.bucket(o, table_hash(o)), t.bucket(&b, table_hash(&b))));
        let (x, y) = (others.next().unwrap(), others.next().unwrap());
        t.place(&x).store(10, 0, 2, NO_MOVE, EXACT);
        t.place(&y).store(12, 0, 2, NO_MOVE, EXACT);
        assert!(t.probe(&b).is_some(), "deep entry kept");
        assert_eq!(t.probe(&x), None, "always-replace slot overwritten");
        assert!(t.probe(&y).is_some());
        t.clear();
        assert_eq!(t.probe(&b), None);
    }

    /// A selective pass's bounds give way to surer ones and never overwrite them; its move
    /// fills an entry that has none.
    #[test]
    fn surer_bounds_win() {
        let t = Table::try_new(1).unwrap();
        let b = Board::start();
        let read = |t: &Table| {
            let e = t.probe(&b).unwrap();
            (e.lower, e.upper, e.best_move, e.precision)
        };
        t.place(&b).store(60, 3, 10, 19, 1);
        assert_eq!(read(&t), (10, 64, 19, 1));
        t.place(&b).store(60, 11, 8, 26, 1);
        assert_eq!(read(&t), (10, 8, 19, 1), "same precision: merged");
        t.place(&b).store(60, 1, 0, NO_MOVE, 2);
        assert_eq!(read(&t), (-64, 0, 19, 2), "surer: the old bounds dropped");
        t.place(&b).store(60, -5, -4, 37, EXACT);
        assert_eq!(read(&t), (-4, 64, 37, EXACT));
        t.place(&b).store(60, 20, 30, 44, 1);
        assert_eq!(read(&t), (-4, 64, 37, EXACT), "less sure: ignored");
        let c = b.play(crate::engine::Square::from_index(19));
        t.place(&c).store(59, 20, 30, NO_MOVE, EXACT);
        t.place(&c).store(59, 20, 30, 44, 1);
        let e = t.probe(&c).unwrap();
        assert_eq!(
            (e.lower, e.best_move, e.precision),
            (30, 44, EXACT),
            "move filled"
        );
    }

    #[test]
    fn a_slot_mixing_two_writes_is_never_returned() {
        let t = Table::try_new(1).unwrap();
        let a = Board::start();
        let slot = &t.bucket(&a, table_hash(&a)).0[0];
        t.place(&a).store(60, 3, 10, 19, EXACT);
        let e = t.probe(&a).unwrap();
        // Another board's bounds written over a's data word only, as a reader may see it
        // mid-write: neither board reads back.
        let b = a.play(crate::engine::Square::from_index(19));
        let other = Entry {
            player: b.player,
            opponent: b.opponent,
            ..e
        };
        let whole = Slot::default();
        whole.save(&other, table_hash(&b));
        slot.data
            .store(whole.data.load(Ordering::Relaxed), Ordering::Relaxed);
        assert_eq!(t.probe(&a), None);
        assert_eq!(t.probe(&b), None);
        // Moved to the other slot, the torn words still read back as no board.
        t.bucket(&a, table_hash(&a)).0[1].set_words(slot.words());
        assert_eq!(t.probe(&a), None);
        assert_eq!(t.probe(&b), None);
        // Same bounds and check bits but the discs of two boards: no board reads back but
        // the one written whole.
        slot.save(&e, table_hash(&a));
        slot.player
            .store(whole.player.load(Ordering::Relaxed), Ordering::Relaxed);
        assert_eq!(t.probe(&a), None);
        assert_eq!(t.probe(&b), None);
    }

    #[test]
    fn threads_storing_at_once_leave_only_whole_entries() {
        // Boards whose bounds are a function of the board; every entry read back must be one
        // a thread wrote.
        let t = Table::try_new(1).unwrap();
        let score = |b: &Board| ((b.player ^ b.opponent).count_ones() as i32 % 30) * 2;
        std::thread::scope(|s| {
            for th in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        // Few buckets' worth of boards, so that threads meet in them.
                        let b = Board::new((i % 97) << 8 | th << 40, 1 | (i % 5) << 60);
                        let v = score(&b);
                        t.place(&b).store(20, v - 1, v, (v % 60) as u8, EXACT);
                        t.place(&b).store(20, v, v, (v % 60) as u8, EXACT);
                        // Only this thread writes `b`, but others may evict it between
                        // the two stores: each bound is `v` or unknown.
                        if let Some(e) = t.probe(&b) {
                            let v = v as i8;
                            assert!(e.lower == v || e.lower == -64, "{b:?}: {e:?}");
                            assert!(e.upper == v || e.upper == 64, "{b:?}: {e:?}");
                            assert_eq!(e.best_move, v as u8 % 60, "{b:?}: {e:?}");
                        }
                    }
                });
            }
        });
    }
}

//! The engine's worker threads: a pool that a [`crate::engine::Searcher`] and its
//! [`crate::engine::Solver`] search on in parallel (young brothers wait: a node's moves after
//! its first are shared out among the idle threads, which steal work from one another).
//!
//! One thread is no pool at all: the searches then run on the caller's thread exactly as
//! they always have. With N threads a search runs on the pool's N threads while the caller's
//! thread waits for it.

use std::sync::Arc;

/// The most threads a search may use.
pub const MAX_THREADS: usize = 256;

/// Each worker's stack: work stealing nests a stolen search on top of the one that waits.
const STACK_BYTES: usize = 64 << 20;

/// A number of threads and, above one, their pool. Cloning shares the pool.
#[derive(Clone, Default)]
pub struct Threads {
    pool: Option<Arc<rayon::ThreadPool>>,
}

/// A thread count the engine cannot use, or a pool the system would not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreadsError {
    /// Zero or more than [`MAX_THREADS`].
    #[error("{0} threads: the engine uses 1 to {MAX_THREADS}")]
    Count(usize),
    /// The operating system refused the threads.
    #[error("cannot start {count} search threads: {reason}")]
    Spawn {
        /// The threads asked for.
        count: usize,
        /// The system's words.
        reason: String,
    },
}

impl std::fmt::Debug for Threads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Threads({})", self.count())
    }
}

impl Threads {
    /// One thread: the caller's.
    pub fn one() -> Threads {
        Threads { pool: None }
    }

    /// `count` threads (a pool of them above one).
    ///
    /// # Errors
    /// [`ThreadsError`] when `count` is 0 or above [`MAX_THREADS`], or the system will not
    /// start the threads.
    pub fn new(count: usize) -> Result<Threads, ThreadsError> {
        if count == 0 || count > MAX_THREADS {
            return Err(ThreadsError::Count(count));
        }
        if count == 1 {
            return Ok(Threads::one());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .stack_size(STACK_BYTES)
            .thread_name(|i| format!("search-{i}"))
            .build()
            .map_err(|e| ThreadsError::Spawn {
                count,
                reason: e.to_string(),
            })?;
        Ok(Threads {
            pool: Some(Arc::new(pool)),
        })
    }

    /// The number of threads.
    pub fn count(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }

    /// The machine's hardware threads, as the system reports them (1 when it cannot say).
    pub fn available() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// Runs `op` on the pool (told `true`) or, with one thread, on the caller's (`false`).
    pub(crate) fn run<R: Send>(&self, op: impl FnOnce(bool) -> R + Send) -> R {
        match &self.pool {
            Some(pool) => pool.install(|| op(true)),
            None => op(false),
        }
    }
}

/// How many threads work at a split point of `tasks` moves, this one included: the pool's
/// threads, at most one a move (one outside a pool).
pub(crate) fn workers_for(tasks: usize) -> usize {
    rayon::current_num_threads().min(tasks).max(1)
}

/// Runs `work` once for each of `inputs` (one a worker, as [`workers_for`] counts them): the
/// last on this thread, the others as jobs that the pool's idle threads steal (this thread
/// runs any left over once its own is done). Returns when all have run.
pub(crate) fn share_out<T: Send>(mut inputs: Vec<T>, work: &(impl Fn(T) + Sync)) {
    let Some(mine) = inputs.pop() else {
        return;
    };
    rayon::scope(|s| {
        for input in inputs {
            s.spawn(move |_| work(input));
        }
        work(mine);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_outside_the_range_are_refused() {
        assert_eq!(Threads::new(0).unwrap_err(), ThreadsError::Count(0));
        assert_eq!(
            Threads::new(MAX_THREADS + 1).unwrap_err().to_string(),
            "257 threads: the engine uses 1 to 256"
        );
        assert_eq!(Threads::new(1).unwrap().count(), 1);
        let three = Threads::new(3).unwrap();
        assert_eq!(three.count(), 3);
        assert_eq!(
            three.run(|parallel| (parallel, rayon::current_num_threads())),
            (true, 3)
        );
        assert!(!Threads::one().run(|parallel| parallel));
    }

    #[test]
    fn work_is_shared_out_once_an_input() {
        let three = Threads::new(3).unwrap();
        let (workers, sum) = three.run(|_| {
            let workers = workers_for(10);
            let sum = std::sync::atomic::AtomicUsize::new(0);
            share_out((1..=workers).collect(), &|i: usize| {
                sum.fetch_add(i, std::sync::atomic::Ordering::Relaxed);
            });
            (workers, sum.into_inner())
        });
        assert_eq!((workers, sum), (3, 6));
        // A split of two moves has two workers; outside a pool, one.
        assert_eq!(three.run(|_| workers_for(2)), 2);
        assert_eq!(workers_for(5), rayon::current_num_threads().min(5));
    }
}

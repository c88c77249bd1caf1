//! Thread pools shared by every batch of the process.
//!
//! A job asked to run on N threads (`threads: N`) runs in a rayon pool of
//! exactly N threads. A pool is started once per size and kept: a file is
//! solved a block at a time, and a script may count or rate in a loop, so
//! a pool per call would start (and warm) its threads again each time.
//! `threads: 0` (all cores) uses rayon's global pool. Only the last few
//! sizes are kept, so a script trying every size from 1 to 1024 does not
//! leave half a million idle threads behind (a pool's threads end when
//! its last user lets go of it).

use std::sync::{Arc, Mutex};

use rayon::ThreadPool;

/// The most threads a run may ask for, by any `threads` option or
/// `--threads`: far past any core count worth a pool, and few enough that
/// starting them takes a blink (100,000 took a minute, deaf to Ctrl+C,
/// and a few thousand under a process limit failed half way).
pub const MAX_THREADS: usize = 1024;

/// What a thread count must be, as every refusal (script or command line) words it.
pub fn allowed() -> String {
    format!("a whole number from 0 (one thread a core) to {MAX_THREADS}")
}

/// The one check of a thread count asked for: `n` itself when it is
/// within 0..=[`MAX_THREADS`], else why not (`must be ..., not N`).
pub fn check(n: i64) -> Result<usize, String> {
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= MAX_THREADS)
        .ok_or_else(|| format!("must be {}, not {n}", allowed()))
}

/// [`check`] for a value as given on the command line (clap's parser).
pub fn parse(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i64>() {
        Ok(n) => check(n),
        Err(_) => Err(format!("must be {}, not {text:?}", allowed())),
    }
}

/// Starts the pool a job of `threads` threads will use (0 and 1 need none)
/// before the job starts, so that a system refusing threads is an error
/// at once, never a failure half way through the work.
pub fn start(threads: usize) -> Result<(), String> {
    match threads {
        0 | 1 => Ok(()),
        n => pool(n).map(drop),
    }
}

/// Runs `job` as a job of `threads` threads: on the calling thread with
/// rayon's global pool for 0 (all cores), else inside the kept pool of
/// that size, where rayon's parallel iterators use exactly that many
/// threads (for 1, the job runs on the pool's one thread, alone). For jobs
/// whose domain code asks rayon how many threads it has rather than
/// taking a count.
pub fn run_on<R: Send>(threads: usize, job: impl FnOnce() -> R + Send) -> Result<R, String> {
    match threads {
        0 => Ok(job()),
        n => Ok(pool(n)?.install(job)),
    }
}

/// Pools kept at once: a session going back and forth between two sizes
/// (`threads: 1` runs on the calling thread) keeps both.
const KEPT: usize = 2;

/// The kept pools, oldest first.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// The process's pool of `threads` threads (1 to [`MAX_THREADS`]),
/// started on first use, or why it could not be (more than
/// [`MAX_THREADS`], or the system refused to start threads: a caller
/// that goes on anyway runs on the calling thread, never on rayon's global
/// pool, whose start would then fail with a panic).
pub fn pool(threads: usize) -> Result<Arc<ThreadPool>, String> {
    pool_in(&POOLS, threads)
}

/// [`pool`] with its cache given (tests use their own).
fn pool_in(
    cache: &Mutex<Vec<(usize, Arc<ThreadPool>)>>,
    threads: usize,
) -> Result<Arc<ThreadPool>, String> {
    check(threads as i64).map_err(|e| format!("threads {e}"))?;
    let mut pools = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(p.clone());
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| format!("cannot start {threads} threads: {e}"))?,
    );
    if pools.len() == KEPT {
        pools.remove(0);
    }
    pools.push((threads, pool.clone()));
    Ok(pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_is_started_once_per_size_and_only_the_last_few_are_kept() {
        let cache = Mutex::new(Vec::new());
        let pool = |n| pool_in(&cache, n).unwrap();
        let (a, b, c) = (pool(3), pool(3), pool(2));
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!((a.current_num_threads(), c.current_num_threads()), (3, 2));
        for n in 4..4 + KEPT {
            pool(n);
        }
        let again = pool(3);
        assert!(
            !Arc::ptr_eq(&a, &again),
            "size 3 was let go and started anew"
        );
        assert_eq!(again.current_num_threads(), 3);
        assert_eq!(cache.lock().unwrap().len(), KEPT);
        // The process's cache is the same code.
        assert_eq!(super::pool(2).unwrap().current_num_threads(), 2);
    }

    #[test]
    fn one_bound_for_every_thread_count() {
        assert_eq!(check(0), Ok(0));
        assert_eq!(check(1024), Ok(1024));
        let refusal = "must be a whole number from 0 (one thread a core) to 1024";
        assert_eq!(check(1025), Err(format!("{refusal}, not 1025")));
        assert_eq!(check(-1), Err(format!("{refusal}, not -1")));
        assert_eq!(parse(" 7"), Ok(7));
        assert_eq!(parse("100000"), Err(format!("{refusal}, not 100000")));
        assert_eq!(parse("many"), Err(format!("{refusal}, not \"many\"")));
        // A pool past the bound is never started.
        assert!(pool(100_000).is_err());
    }
}

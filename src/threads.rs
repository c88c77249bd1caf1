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

/// Pools kept at once: a session going back and forth between two sizes
/// (`threads: 1` runs on the calling thread) keeps both.
const KEPT: usize = 2;

/// The kept pools, oldest first.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// The process's pool of `threads` threads (`threads` >= 1), started on
/// first use; `None` when the system refuses to start threads (the caller
/// then runs on the global pool or the calling thread).
pub fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
    pool_in(&POOLS, threads)
}

/// [`pool`] with its cache given (tests use their own).
fn pool_in(
    cache: &Mutex<Vec<(usize, Arc<ThreadPool>)>>,
    threads: usize,
) -> Option<Arc<ThreadPool>> {
    let mut pools = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == threads) {
        return Some(p.clone());
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .ok()?,
    );
    if pools.len() == KEPT {
        pools.remove(0);
    }
    pools.push((threads, pool.clone()));
    Some(pool)
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
}

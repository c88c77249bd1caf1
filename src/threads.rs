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

/// Pools kept at once: the sizes a session goes back and forth between.
const KEPT: usize = 4;

/// The kept pools, oldest first.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// The process's pool of `threads` threads (`threads` >= 1), started on
/// first use; `None` when the system refuses to start threads (the caller
/// then runs on the global pool or the calling thread).
pub fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
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

    // One test: the cache is the process's, and tests run in parallel.
    #[test]
    fn a_pool_is_started_once_per_size_and_only_the_last_few_are_kept() {
        let (a, b, c) = (pool(3), pool(3), pool(2));
        let (a, b, c) = (a.unwrap(), b.unwrap(), c.unwrap());
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!((a.current_num_threads(), c.current_num_threads()), (3, 2));
        // Sizes no other test asks for, so that each one is a new pool.
        for n in 11..11 + KEPT {
            pool(n).unwrap();
        }
        let again = pool(3).unwrap();
        assert!(
            !Arc::ptr_eq(&a, &again),
            "size 3 was let go and started anew"
        );
        assert_eq!(again.current_num_threads(), 3);
        assert!(POOLS.lock().unwrap().len() <= KEPT);
    }
}

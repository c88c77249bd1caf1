//! One memory budget in bytes for the whole process.
//!
//! The binary's global allocator is [`Counting`], a thin wrapper that keeps
//! a count of live heap bytes. The goal: whatever a script does, the
//! process's peak stays within twice the budget and 64 MiB, and every stop
//! is an error naming the budget, after which the session lives on. Three
//! checks together keep it:
//!
//! 1. **Between operations.** Every place that already asks "did the user
//!    press Ctrl+C?" (Rhai's progress hook, every host [`Monitor`]) also
//!    asks [`over_budget`] (two loads and a compare), so script code or a
//!    native job that grows step by step stops the way an interruption
//!    does. This replaces Rhai's per-array and per-map size limits, which
//!    walk the whole value at every change (a push loop was quadratic).
//!    Alone it lets one operation overshoot by the block it asks for: 18
//!    `s += s` in one line reached 757 MB under a 32 MiB budget.
//! 2. **Before an operation that makes a large value in one step.** Such an
//!    operation knows the size it will ask for, so it calls [`reserve`]
//!    first and is refused, having allocated nothing, when live bytes plus
//!    that size would pass the budget. `script::growth` replaces Rhai's own
//!    versions of: string `+`, `+=`, `append`, `pad`, `replace`,
//!    `to_chars`, `split`; array `+`, `+=`, `push`, `append`, `insert`,
//!    `pad` (counting the copies of the padding value); `blob(n)`, BLOB
//!    `pad` and `to_array`. Rhai runs `+` and `+=` on strings and arrays on
//!    a fast path that skips registered functions, so the engine turns that
//!    path off (`Engine::set_fast_operators(false)`): an arithmetic loop
//!    then takes about twice as long (3 million rounds of `s += i * 2 + 1;
//!    i += 1`: 2.0 s to 4.3 s in the test profile); loops that call
//!    puzzlelab's functions barely notice. Printing an array or map
//!    (`script::printing`) checks its text as it grows (one long string
//!    shared by many slots prints to far more than it holds); puzzlelab's
//!    own builders check their size first (`*` on strings, `iterate`) or
//!    poll a monitor. The size asked for is the block the allocator will
//!    get: a vector or string that doubles asks for twice its capacity
//!    while the old block is still held, so that is what is checked.
//! 3. **Across statements.** What a stopped statement leaves held (a
//!    variable it grew) counts against the next: an evaluation that begins
//!    over the budget may grow only `HEADROOM` (1 MiB) past what was live
//!    then, enough to free it (`a = ()`), so stopped statements in a row
//!    cannot ratchet the process up (60 piped statements each stopped
//!    under 64 MiB reached 536 MB when each could grow 16 MiB more).
//!
//! Not checked before they allocate, and why that is within the bound:
//! map inserts (a `BTreeMap` grows a node at a time, so check 1 sees it);
//! copies of values that already exist (`a + a` copies its operands as
//! Rhai evaluates them; a map `+` or `mixin`; `map`, `filter`, `sort`):
//! at most the size of what is held, so at most twice the budget; string
//! interpolation (at most as many copies as the source text names). Freed
//! memory: mimalloc keeps freed blocks for about a second before it
//! returns them to the system, which the bound's factor of two covers
//! (`s += s` under 256 MiB peaks near 520 MB resident). The tests in
//! `tests/trust_memory.rs` read each case's peak from `wait4`.
//!
//! The count is exact up to what threads have not yet published: each
//! thread adds small changes locally and publishes them once they reach
//! [`BATCH`] bytes, so the shared counter is touched rarely.
//!
//! Only the binary (and the benches) install the counting allocator; in
//! tests [`live_bytes`] stays 0 and the budget never trips.
//!
//! [`Monitor`]: crate::monitor::Monitor

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};

/// A global allocator that counts live bytes around another one
/// (`Counting(mimalloc::MiMalloc)` in `main.rs`).
pub struct Counting<A>(pub A);

/// Live bytes published by all threads.
static LIVE: AtomicIsize = AtomicIsize::new(0);

/// The budget in bytes; 0 means none.
static BUDGET: AtomicU64 = AtomicU64::new(0);

/// Live bytes when the current evaluation began (see [`begin_evaluation`]).
static START: AtomicIsize = AtomicIsize::new(0);

/// Set once a check found the budget exceeded; read (and cleared) by
/// whoever words the stop, so the message says "memory" even after the
/// stopped job has freed what it held.
static TRIPPED: AtomicBool = AtomicBool::new(false);

/// How many bytes a thread may hold unpublished, in either direction.
pub const BATCH: isize = 64 << 10;

/// How far one evaluation may grow past what was live when it began, when
/// that was already over the budget: enough for `a = ()` to free what is
/// held, small because a statement that is stopped keeps what it grew
/// (each one so stopped may add this much).
const HEADROOM: isize = 1 << 20;

thread_local! {
    // A plain const-initialised cell without a destructor: reading it never
    // allocates, so the allocator itself may use it.
    static PENDING: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn count(delta: isize) {
    let published = PENDING.try_with(|pending| {
        let now = pending.get() + delta;
        if now.abs() >= BATCH {
            LIVE.fetch_add(now, Ordering::Relaxed);
            pending.set(0);
        } else {
            pending.set(now);
        }
    });
    if published.is_err() {
        LIVE.fetch_add(delta, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on unchanged to the wrapped allocator; the
// wrapper only counts sizes and never touches the memory.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the wrapped allocator's.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { self.0.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Live heap bytes as far as threads have published them (0 where the
/// counting allocator is not installed).
pub fn live_bytes() -> u64 {
    LIVE.load(Ordering::Relaxed).max(0) as u64
}

/// The budget in bytes; 0 means none.
pub fn budget() -> u64 {
    BUDGET.load(Ordering::Relaxed)
}

/// Set the process's budget in bytes (0: none). The binary calls it once,
/// from `--max-memory`.
pub fn set_budget(bytes: u64) {
    BUDGET.store(bytes, Ordering::Relaxed);
}

/// Mark the start of one evaluation (a REPL line, a script, a lab section):
/// if the values kept from earlier statements are already over the budget,
/// this evaluation may still run and free them, but not grow much further.
pub fn begin_evaluation() {
    START.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    TRIPPED.store(false, Ordering::Relaxed);
}

/// True when live memory is past the budget (or past what was live when the
/// evaluation began, plus some headroom, if that is more). Records the trip
/// for [`take_tripped`]. Cheap: two loads and a compare when under budget.
#[inline]
pub fn over_budget() -> bool {
    let budget = BUDGET.load(Ordering::Relaxed);
    if budget == 0 {
        return false;
    }
    let live = LIVE.load(Ordering::Relaxed);
    if live <= budget.min(isize::MAX as u64) as isize {
        return false;
    }
    let ceiling = limit_for(budget, START.load(Ordering::Relaxed));
    if live > ceiling {
        TRIPPED.store(true, Ordering::Relaxed);
        return true;
    }
    false
}

/// Whether asking for `bytes` more now would pass the budget: native code
/// that knows a large size before allocating (a string repeat) asks first,
/// so the request is an error instead of an overshoot. Never trips the
/// stop record: the caller reports it.
pub fn would_exceed(bytes: u64) -> bool {
    let budget = BUDGET.load(Ordering::Relaxed);
    budget != 0 && live_bytes().saturating_add(bytes) > budget
}

/// `Ok` when an operation may ask for `bytes` more now, else its error,
/// e.g. `memory limit (32.0 MiB) reached in pad: it needs 1.5 GiB more;
/// raise it with --max-memory` (worded as a stop, so front ends treat it
/// as one). The check every operation that knows its size before it
/// allocates makes (see the module's list).
pub fn reserve(what: &str, bytes: u64) -> Result<(), String> {
    if would_exceed(bytes) {
        return Err(refusal(
            what,
            &format!("it needs {} more", format_size(bytes)),
        ));
    }
    Ok(())
}

/// The error of operation `what` refused before it allocated, `why` saying
/// how much it needed (see [`reserve`]).
pub fn refusal(what: &str, why: &str) -> String {
    format!(
        "memory limit ({}) reached in {what}: {why}; raise it with --max-memory",
        format_size(budget())
    )
}

/// The most live memory an evaluation may reach: the budget, or, for one
/// that began over it, what was live then plus [`HEADROOM`].
fn limit_for(budget: u64, start: isize) -> isize {
    let budget = budget.min(isize::MAX as u64) as isize;
    if start > budget {
        start.saturating_add(HEADROOM)
    } else {
        budget
    }
}

/// Whether a check found the budget exceeded since the last call (or since
/// the evaluation began); clears the record.
pub fn take_tripped() -> bool {
    TRIPPED.swap(false, Ordering::Relaxed)
}

/// Whether a check found the budget exceeded, without clearing the record.
pub fn tripped() -> bool {
    TRIPPED.load(Ordering::Relaxed)
}

/// The first words of a stop for memory, e.g. `memory limit (4.0 GiB)
/// reached in read_file: raise it with --max-memory`.
pub fn stop_message(place: &str) -> String {
    format!(
        "memory limit ({}) reached {place}: raise it with --max-memory",
        format_size(budget())
    )
}

/// The default budget: half of physical memory (so the machine stays
/// usable), or 4 GiB where that cannot be read.
pub fn default_budget() -> u64 {
    physical_memory().map_or(4 << 30, |bytes| bytes / 2)
}

/// Physical memory in bytes, from `/proc/meminfo` where there is one.
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// A size as `--max-memory` takes it: bytes, or a number with a suffix
/// K, M, G or T (powers of 1024, an optional `B` or `iB` after it, any
/// case); `0` means no limit. `_` may group digits.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || {
        format!("needs a size such as 512M, 4G or 1073741824 (bytes; 0 = no limit), not {text:?}")
    };
    let clean = text.trim().replace('_', "");
    let upper = clean.to_ascii_uppercase();
    let body = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, shift) = match body.chars().last() {
        Some('K') => (&body[..body.len() - 1], 10),
        Some('M') => (&body[..body.len() - 1], 20),
        Some('G') => (&body[..body.len() - 1], 30),
        Some('T') => (&body[..body.len() - 1], 40),
        _ => (body, 0),
    };
    if digits.is_empty() {
        return Err(bad());
    }
    let value: f64 = if digits.bytes().all(|b| b.is_ascii_digit()) {
        let whole: u64 = digits.parse().map_err(|_| bad())?;
        return whole.checked_mul(1 << shift).ok_or_else(bad);
    } else {
        digits.parse().map_err(|_| bad())?
    };
    if !value.is_finite() || value < 0.0 || shift == 0 {
        return Err(bad());
    }
    let bytes = value * (1u64 << shift) as f64;
    if bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes.round() as u64)
}

/// A size for people: `512 B`, `64.0 MiB`, `4.0 GiB`; "no limit" for 0.
pub fn format_size(bytes: u64) -> String {
    if bytes == 0 {
        return "no limit".into();
    }
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Counters for tests of the rule alone (the process's own counters are
/// shared by every test thread).
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_suffixes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("4gib"), Ok(4 << 30));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("64k"), Ok(64 << 10));
        assert_eq!(parse_size("1_000"), Ok(1000));
        assert_eq!(parse_size("0"), Ok(0));
        for bad in ["", "G", "-1G", "lots", "1.5", "nanG", "99999999999T"] {
            let e = parse_size(bad).unwrap_err();
            assert!(e.contains(&format!("{bad:?}")), "{e}");
        }
    }

    #[test]
    fn sizes_print_for_people() {
        assert_eq!(format_size(0), "no limit");
        assert_eq!(format_size(512), "512 B");
        assert_eq!(format_size(64 << 20), "64.0 MiB");
        assert_eq!(format_size(4 << 30), "4.0 GiB");
        assert_eq!(format_size(3 << 29), "1.5 GiB");
    }

    #[test]
    fn an_evaluation_that_began_over_the_budget_may_free_what_it_holds() {
        assert_eq!(limit_for(100 << 20, 0), 100 << 20);
        assert_eq!(limit_for(100 << 20, 99 << 20), 100 << 20);
        assert_eq!(limit_for(100 << 20, 200 << 20), (200 << 20) + HEADROOM);
    }

    #[test]
    fn the_default_leaves_half_the_machine() {
        let budget = default_budget();
        assert!(budget >= 256 << 20, "{budget}");
        if let Some(total) = physical_memory() {
            assert_eq!(budget, total / 2);
        }
    }
}

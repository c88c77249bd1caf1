//! puzzlelab: the command line. See README.md.
//!
//! ```text
//! puzzlelab                       the REPL (stdin not a terminal: read it as a script)
//! puzzlelab run FILE [ARGS...]    run a script; ARGS is visible to it
//! puzzlelab -e EXPR [ARGS...]     evaluate one expression and print its value
//! puzzlelab lab [NAME] [--print]  list labs, take one, or print its transcript
//! ```
//!
//! Sandbox-limit flags (`--max-operations N`, ...) go before the mode;
//! `puzzlelab --help` lists them. The work is in `puzzlelab::repl`.

use std::process::ExitCode;

/// mimalloc rather than the system allocator: Rhai allocates on nearly
/// every operation of a script loop (each value of a `for` over an array
/// of grids is a fresh box), and mimalloc's small allocations are cheaper.
/// Counted, for the memory budget (`--max-memory`, see `puzzlelab::memory`).
#[global_allocator]
static ALLOCATOR: puzzlelab::memory::Counting<mimalloc::MiMalloc> =
    puzzlelab::memory::Counting(mimalloc::MiMalloc);

/// mimalloc reserves its first arena when Rust's runtime allocates, before
/// `main`, at 1 GiB; the arena's bitmaps (one per size class, sized for the
/// whole arena) were 42 of the ~550 pages `puzzlelab -e 0` touches, and a
/// page fault costs about 3 µs here. A 64 MiB first arena has small bitmaps;
/// mimalloc reserves more arenas, each larger, as memory grows. Set from a
/// constructor (`.init_array`, run before Rust's runtime starts), and only
/// when the option still has its default, so `MIMALLOC_ARENA_RESERVE` wins.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static SMALL_FIRST_ARENA: extern "C" fn() = small_first_arena;

#[cfg(target_os = "linux")]
extern "C" fn small_first_arena() {
    use std::ffi::{c_int, c_long};
    unsafe extern "C" {
        fn mi_option_get(option: c_int) -> c_long;
        fn mi_option_set(option: c_int, value: c_long);
    }
    /// `mi_option_arena_reserve` in v3's `mimalloc.h` (libmimalloc-sys
    /// 0.1.49); its value is in KiB.
    const ARENA_RESERVE: c_int = 23;
    /// Its default (1 GiB): another value means the user set it, or that
    /// option 23 is some other option in another mimalloc.
    const DEFAULT_KIB: c_long = 1 << 20;
    const FIRST_ARENA_KIB: c_long = 64 << 10;
    // SAFETY: plain calls into the linked mimalloc with an option index in
    // range; reading an option allocates nothing.
    unsafe {
        if mi_option_get(ARENA_RESERVE) == DEFAULT_KIB {
            mi_option_set(ARENA_RESERVE, FIRST_ARENA_KIB);
        }
    }
}

fn main() -> ExitCode {
    no_huge_pages();
    let args = match puzzlelab::repl::utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(why) => {
            puzzlelab::repl::host::write_stderr_now(&format!("puzzlelab: {why}"));
            return ExitCode::from(2);
        }
    };
    puzzlelab::repl::run_on_big_stack(move || puzzlelab::repl::main(args))
}

/// mimalloc asks Linux for transparent huge pages for its segments: each
/// is then 2 MB of resident memory even when little of it is used, which
/// doubled the peak memory of a file batch (`canon_groups` over 49,151
/// puzzles: 46 MB, 23 MB without) and cost time zeroing pages, for no gain
/// in speed on our workloads. The process opts out once, at start.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and changes only
    // this process's paging policy; failure is harmless and ignored.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

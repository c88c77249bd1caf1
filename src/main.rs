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

fn main() -> ExitCode {
    no_huge_pages();
    let args = match puzzlelab::repl::utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(why) => {
            eprintln!("puzzlelab: {why}");
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

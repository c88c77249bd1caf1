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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    puzzlelab::repl::main(args)
}

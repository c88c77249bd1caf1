//! The interactive REPL on rustyline, and the command-line modes around it.
//!
//! (Being built: see the foundation issue.)

use std::process::ExitCode;

use crate::script::Limits;
use crate::script::session::Session;

/// Entry point for the binary: parse the command line and run the mode.
pub fn main(args: Vec<String>) -> ExitCode {
    let limits = Limits::default();
    match args.first().map(String::as_str) {
        Some("lab") if args.len() == 3 && args[2] == "--print" => {
            match crate::lab::print_transcript(&args[1], &limits) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("-e") if args.len() == 2 => {
            let mut session = Session::new(&limits);
            match session.eval(&args[1]) {
                Ok(v) => {
                    let text = session.show(&v);
                    if !text.is_empty() {
                        println!("{text}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{}", e.located("<-e>", 1));
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("puzzlelab: the REPL is being built");
            ExitCode::FAILURE
        }
    }
}

//! Labs: step-by-step lessons in the manner of J's Labs.
//!
//! (Being built: see the labs issue.)

use std::process::ExitCode;

use crate::script::Limits;

/// `puzzlelab lab [NAME] [--print]`: list labs, take one, or print it.
pub fn cli(_args: &[String], _limits: &Limits) -> ExitCode {
    eprintln!("puzzlelab: labs are being built");
    ExitCode::FAILURE
}

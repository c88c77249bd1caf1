//! `puzzlelab merge -o OUT PART...`: the N parts of a sharded run merged
//! into the output of the whole run (see `crate::shard`), with a progress
//! line on a terminal and one summary line on stderr.

use std::path::PathBuf;
use std::process::ExitCode;

use super::host::TerminalHost;
use crate::script::host::Host;
use crate::shard::merge::MergeError;

/// Runs the merge; 0 when `out` was written, 1 when the parts were refused
/// (the message says why), 130 when Ctrl+C stopped it (nothing written).
pub(super) fn run(out: &str, parts: &[String]) -> ExitCode {
    let paths: Vec<PathBuf> = parts.iter().map(PathBuf::from).collect();
    let monitor = TerminalHost::new().monitor();
    let result = crate::shard::merge(&paths, std::path::Path::new(out), &*monitor);
    drop(monitor);
    match result {
        Ok(m) => {
            let totals: Vec<String> = m.totals.iter().map(|(k, v)| format!("{k} {v}")).collect();
            super::host::write_stderr(&format!(
                "puzzlelab merge: {} parts of {} merged into {out} ({})",
                m.shards,
                m.kind.name(),
                totals.join(", ")
            ));
            ExitCode::SUCCESS
        }
        Err(e @ MergeError::Stopped { .. }) => {
            super::host::write_stderr(&format!("puzzlelab merge: {e}"));
            ExitCode::from(130)
        }
        Err(e) => {
            super::host::write_stderr(&format!("puzzlelab merge: {e}"));
            ExitCode::FAILURE
        }
    }
}

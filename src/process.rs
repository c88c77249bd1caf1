//! Running an outside program (an installed SAT solver) so that a monitor
//! can stop it. Support for the domains, like `monitor`: it knows nothing of
//! Rhai or the terminal; the program's own output is captured, never shown.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::monitor::Monitor;

/// A program that ran to its end.
#[derive(Debug)]
pub struct Finished {
    /// Its exit code (`None` when a signal ended it).
    pub code: Option<i32>,
    /// What it wrote to its standard output.
    pub output: String,
    /// What it wrote to its error output.
    pub errors: String,
}

/// Why a program did not run to its end.
#[derive(Debug)]
pub enum ProcessError {
    /// It could not be started (not installed, not executable).
    Start(std::io::Error),
    /// Waiting for it failed.
    Wait(std::io::Error),
    /// The monitor asked to stop; the program was killed.
    Cancelled,
}

/// Run `program` with `args` and no input, keeping at most `cap` bytes of
/// each output stream (the rest is read and dropped, so the program never
/// blocks on a full pipe); poll `monitor` while it runs and kill the
/// program when asked to stop.
pub fn run(
    program: &str,
    args: &[String],
    cap: u64,
    monitor: &dyn Monitor,
) -> Result<Finished, ProcessError> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(ProcessError::Start)?;
    // Both pipes are drained as the program writes, so it never blocks on a
    // full pipe while we wait.
    let output = child.stdout.take().map(|p| drain(p, cap));
    let errors = child.stderr.take().map(|p| drain(p, cap));
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(ProcessError::Wait(e)),
        }
        if monitor.cancelled() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ProcessError::Cancelled);
        }
        std::thread::sleep(Duration::from_micros(200));
    };
    let collect = |reader: Option<std::thread::JoinHandle<String>>| {
        reader.and_then(|r| r.join().ok()).unwrap_or_default()
    };
    Ok(Finished {
        code: status.code(),
        output: collect(output),
        errors: collect(errors),
    })
}

/// Read `pipe` to its end on a thread; keep its first `cap` bytes as text.
fn drain(mut pipe: impl Read + Send + 'static, cap: u64) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = (&mut pipe).take(cap).read_to_end(&mut bytes);
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;

    #[test]
    fn output_past_the_cap_is_dropped_without_blocking() {
        // 1 MB through a 64 KB pipe: the program ends only if it is read.
        let done = run(
            "sh",
            &["-c".into(), "head -c 1000000 /dev/zero | tr '\\0' x".into()],
            10,
            &Silent,
        )
        .unwrap();
        assert_eq!((done.code, done.output.as_str()), (Some(0), "xxxxxxxxxx"));
    }

    #[test]
    fn output_and_exit_code_are_captured() {
        let done = run(
            "sh",
            &["-c".into(), "echo out; echo err >&2; exit 3".into()],
            1 << 20,
            &Silent,
        )
        .unwrap();
        assert_eq!(
            (done.code, done.output.as_str(), done.errors.as_str()),
            (Some(3), "out\n", "err\n")
        );
        assert!(matches!(
            run("no-such-program-here", &[], 1 << 20, &Silent),
            Err(ProcessError::Start(_))
        ));
    }
}

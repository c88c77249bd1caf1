//! Running an outside program (an installed SAT solver) so that a monitor
//! can stop it. Support for the domains, like `monitor`: it knows nothing of
//! Rhai or the terminal; the program's own output is captured, never shown.
//!
//! The program runs in a process group of its own (on Unix), so that
//! stopping it stops everything it started too (`sh -c 'sleep 1000'`:
//! the shell and the sleep): the whole group is killed when the monitor
//! says stop, when the program ends (helpers it left running would hold
//! its output pipes open), when this side returns early or panics, and,
//! through [`kill_all`], when the process leaves at once on a signal. Being
//! in its own group also keeps the terminal's Ctrl+C away from it: puzzlelab
//! decides when it stops.

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
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

/// How often the monitor is asked while the program runs. The program's
/// end is not polled for: a thread waits for it and wakes the wait at once.
pub const STOP_CHECK: Duration = Duration::from_millis(10);

/// Run `program` with `args` and no input, keeping at most `cap` bytes of
/// each output stream (the rest is read and dropped, so the program never
/// blocks on a full pipe); ask `monitor` every [`STOP_CHECK`] while it runs
/// and kill the program when asked to stop.
pub fn run(
    program: &str,
    args: &[String],
    cap: u64,
    monitor: &dyn Monitor,
) -> Result<Finished, ProcessError> {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut group = Group::start(command).map_err(ProcessError::Start)?;
    // Both pipes are drained as the program writes, so it never blocks on a
    // full pipe while we wait.
    let output = group.child.stdout.take().map(|p| drain(p, cap));
    let errors = group.child.stderr.take().map(|p| drain(p, cap));
    let status = loop {
        if let Some(status) = group.finished().map_err(ProcessError::Wait)? {
            break status;
        }
        if monitor.cancelled() {
            // Dropping the group kills it.
            return Err(ProcessError::Cancelled);
        }
        group.wait_for_exit(STOP_CHECK);
    };
    drop(group);
    let collect = |reader: Option<std::thread::JoinHandle<String>>| {
        reader.and_then(|r| r.join().ok()).unwrap_or_default()
    };
    Ok(Finished {
        code: status.code(),
        output: collect(output),
        errors: collect(errors),
    })
}

/// The process groups of the outside programs running now.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn groups() -> std::sync::MutexGuard<'static, Vec<u32>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every outside program still running, each with its whole process
/// group: for a process about to leave without unwinding.
pub fn kill_all() {
    for &group in groups().iter() {
        kill_group(group);
    }
}

/// Kills process group `id` (nothing happens when it is empty).
fn kill_group(id: u32) {
    #[cfg(unix)]
    {
        use nix::sys::signal::{Signal, killpg};
        if let Ok(id) = i32::try_from(id) {
            let _ = killpg(nix::unistd::Pid::from_raw(id), Signal::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = id;
}

/// A program running in its own process group, listed for [`kill_all`].
/// Dropped, the whole group is killed and the program reaped.
struct Group {
    child: Child,
    /// The exit status once reaped.
    status: Option<ExitStatus>,
    /// A message (or a hang-up) once the program has ended, not yet reaped.
    exited: Option<Receiver<()>>,
}

impl Group {
    fn start(mut command: Command) -> std::io::Result<Group> {
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let child = command.spawn()?;
        // The group's id is the program's id (process_group(0)).
        groups().push(child.id());
        let exited = exit_waiter(child.id());
        Ok(Group {
            child,
            status: None,
            exited,
        })
    }

    /// Waits up to `most` for the program to end (at once when it has).
    fn wait_for_exit(&self, most: Duration) {
        match &self.exited {
            Some(exited) => match exited.recv_timeout(most) {
                Ok(()) | Err(RecvTimeoutError::Timeout) => {}
                // Said already: `finished` sees the end; never spin.
                Err(RecvTimeoutError::Disconnected) => std::thread::sleep(most),
            },
            None => std::thread::sleep(most),
        }
    }

    /// The program's exit status once it has ended; then the rest of its
    /// group is killed. It is looked at without being reaped first, so its
    /// id (the group's id) cannot be given to another process meanwhile.
    fn finished(&mut self) -> std::io::Result<Option<ExitStatus>> {
        #[cfg(unix)]
        {
            use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
            let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
            let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
            match waitid(Id::Pid(pid), flags) {
                Ok(WaitStatus::StillAlive) => return Ok(None),
                Ok(_) => {
                    kill_group(self.child.id());
                    // The waiter sees the end too before the id is freed.
                    if let Some(exited) = self.exited.take() {
                        let _ = exited.recv();
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        let status = self.child.try_wait()?;
        self.status = status;
        Ok(status)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        let id = self.child.id();
        if self.status.is_none() {
            kill_group(id);
            let _ = self.child.kill();
            // Reaped only after the waiter has seen the end, so it never
            // waits on an id the system has handed to another process.
            if let Some(exited) = self.exited.take() {
                let _ = exited.recv();
            }
            let _ = self.child.wait();
        }
        let mut list = groups();
        if let Some(i) = list.iter().position(|&g| g == id) {
            list.swap_remove(i);
        }
    }
}

/// A thread that waits (without reaping: `WNOWAIT`) for process `pid` to
/// end and then says so once; the channel hangs up when it has.
#[cfg(unix)]
fn exit_waiter(pid: u32) -> Option<Receiver<()>> {
    use nix::errno::Errno;
    use nix::sys::wait::{Id, WaitPidFlag, waitid};
    let (tell, exited) = std::sync::mpsc::sync_channel(1);
    let pid = nix::unistd::Pid::from_raw(pid as i32);
    std::thread::Builder::new()
        .name("process-exit".into())
        .spawn(move || {
            while let Err(Errno::EINTR) =
                waitid(Id::Pid(pid), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT)
            {}
            let _ = tell.send(());
        })
        .ok()?;
    Some(exited)
}

/// Without `waitid`, the program's end is looked for every [`STOP_CHECK`].
#[cfg(not(unix))]
fn exit_waiter(_pid: u32) -> Option<Receiver<()>> {
    None
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

    #[cfg(unix)]
    #[test]
    fn helpers_left_running_are_killed_with_the_program() {
        // The background `sleep` holds the output pipe open: without its
        // group killed, reading the output would wait 1000 s.
        let start = std::time::Instant::now();
        let done = run(
            "sh",
            &["-c".into(), "sleep 1000 & echo started".into()],
            1 << 20,
            &Silent,
        )
        .unwrap();
        assert_eq!((done.code, done.output.as_str()), (Some(0), "started\n"));
        assert!(start.elapsed() < Duration::from_secs(60));
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

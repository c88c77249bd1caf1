//! The terminal side: the interactive REPL on rustyline and the
//! command-line modes around it. `cli` parses the arguments (clap), `host`
//! is the terminal [`Host`](crate::script::host::Host) every session here
//! talks through, `interactive` is the prompt loop, `helper` its
//! completion / multi-line / key handling, `batch` runs files, `-e` and
//! piped stdin. The commands themselves (`:vars`, `:load`, the lab's ...)
//! are the library's ([`crate::commands`]): this side reads lines and
//! shows what they answer.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::commands::{CommandContext, Reply};
use crate::lab::LabState;
use crate::script::Limits;
use crate::script::session::Session;

mod batch;
mod cli;
mod generate;
mod helper;
pub mod host;
mod interactive;
mod merge;
mod rate;
mod sink;

use crate::signals::{self, INTERRUPTED, STOP_SIGNAL};
use host::{SIGINT_SEEN, TerminalHost};

/// The stack of the thread everything runs on: script recursion up to the
/// cap on `--max-call-levels` ([`crate::script::MAX_CALL_LEVELS`]) and dropping deeply
/// nested values need far more than a main thread's 8 MB. It is reserved
/// address space; pages are used only as deep as the program goes.
pub const STACK_BYTES: usize = 1 << 30;

/// Run `work` on a thread with a [`STACK_BYTES`] stack (on this thread if
/// the system will not make one) and return its exit code.
pub fn run_on_big_stack<F: FnOnce() -> ExitCode + Send + 'static>(work: F) -> ExitCode {
    // The job sits where both threads can take it: if the system will not
    // make the thread, this one still has it.
    fn take<F>(job: &std::sync::Mutex<Option<F>>) -> Option<F> {
        job.lock().ok().and_then(|mut w| w.take())
    }
    let job = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
    let theirs = job.clone();
    let spawned = std::thread::Builder::new()
        .name("puzzlelab".into())
        .stack_size(STACK_BYTES)
        .spawn(move || take(&theirs).map(|w| w()));
    match spawned {
        Ok(handle) => handle.join().ok().flatten().unwrap_or(ExitCode::FAILURE),
        Err(_) => take(&job).map_or(ExitCode::FAILURE, |w| w()),
    }
}

/// The command-line arguments as text, or which one is not UTF-8.
pub fn utf8_args(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Vec<String>, String> {
    args.enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                format!(
                    "argument {} ({}) is not valid UTF-8: puzzlelab reads its arguments as text",
                    i + 1,
                    a.to_string_lossy()
                )
            })
        })
        .collect()
}

/// Entry point for the binary: parse the command line and run the mode.
pub fn main(args: Vec<String>) -> ExitCode {
    // A `PUZZLELAB_ISA` that names no level, or one this CPU cannot run, is
    // refused before anything runs.
    if let Err(e) = crate::cpu::chosen() {
        host::write_stderr(&format!("puzzlelab: {e}"));
        return ExitCode::from(2);
    }
    let options = match cli::parse(&args) {
        Ok(o) => o,
        Err(e) => {
            // Help and version (our text) go to stdout as clap prints them;
            // an error quotes the arguments, so it is escaped.
            if e.use_stderr() {
                host::write_clap_error(&e);
            } else {
                let _ = e.print();
            }
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    let limits = &options.limits;
    crate::memory::set_budget(limits.memory_budget());
    match options.mode {
        cli::Mode::LabList => {
            host::write_stdout(&lab_list(), true);
            ExitCode::SUCCESS
        }
        cli::Mode::Lab { name, print: true } => match crate::lab::print_transcript(&name, limits) {
            Ok(text) => {
                host::write_stdout(&text, true);
                ExitCode::SUCCESS
            }
            Err(e) => {
                host::write_stderr(&e);
                ExitCode::FAILURE
            }
        },
        cli::Mode::Eval { code, args } => {
            install_interrupt_handler(false);
            batch::eval_code(&code, &args, limits, options.shard)
        }
        cli::Mode::Run { file, args } => {
            install_interrupt_handler(false);
            batch::run_file(&file, &args, limits, options.shard)
        }
        cli::Mode::Generate(args) => {
            install_interrupt_handler(false);
            generate::make_puzzles(&args, options.shard)
        }
        cli::Mode::Rate(args) => {
            install_interrupt_handler(false);
            rate::run(&args, options.shard)
        }
        cli::Mode::Merge { out, parts } => {
            install_interrupt_handler(false);
            merge::run(&out, &parts)
        }
        cli::Mode::Repl => start(None, options.quiet, limits),
        cli::Mode::Lab { name, print: false } => start(Some(name), options.quiet, limits),
        cli::Mode::LabNotebook { name, out } => lab_notebook(&name, &out, limits),
        #[cfg(feature = "jupyter")]
        cli::Mode::Jupyter(command) => match crate::jupyter::main(command, limits) {
            Ok(text) => {
                show(&text);
                ExitCode::SUCCESS
            }
            Err(e) => {
                host::write_stderr(&format!("puzzlelab jupyter: {e}"));
                ExitCode::FAILURE
            }
        },
    }
}

/// `lab NAME --notebook OUT.ipynb`: the lab as a notebook.
#[cfg(feature = "jupyter")]
fn lab_notebook(name: &str, out: &str, limits: &Limits) -> ExitCode {
    // The output is checked before the lab is read and run.
    let checked = crate::files::check_output(out, &[])
        .map_err(|e| anyhow::anyhow!("cannot write the notebook: {e}"));
    let written = checked
        .and_then(|()| crate::lab::load(name))
        .and_then(|lab| {
            let text =
                crate::jupyter::notebook::lab_notebook(&lab, limits).map_err(anyhow::Error::msg)?;
            crate::files::write_atomic(out, text.as_bytes(), &[])
                .map_err(|e| anyhow::anyhow!("cannot write the notebook: {e}"))
        });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            host::write_stderr(&format!("{e:#}"));
            ExitCode::FAILURE
        }
    }
}

/// Without the `jupyter` feature there is no notebook writer.
#[cfg(not(feature = "jupyter"))]
fn lab_notebook(_name: &str, _out: &str, _limits: &Limits) -> ExitCode {
    host::write_stderr("this puzzlelab was built without the jupyter feature: no --notebook");
    ExitCode::FAILURE
}

/// The REPL, or the piped-stdin script mode when stdin is not a terminal;
/// `lab` is opened first when given.
fn start(lab_name: Option<String>, quiet: bool, limits: &Limits) -> ExitCode {
    let terminal = std::io::stdin().is_terminal();
    install_interrupt_handler(terminal);
    let session = new_session(limits, Vec::new());
    // Lab positions are remembered in the state directory, when there is one.
    let lab = match state_dir() {
        Some(dir) => LabState::with_state_file(dir.join("labs.json")),
        None => LabState::default(),
    };
    if terminal && !quiet {
        host::write_stdout(
            &format!(
                "puzzlelab {}: type help for the functions, :help for commands and keys, \
                 Tab to complete, Ctrl+D to leave.\n",
                env!("CARGO_PKG_VERSION")
            ),
            false,
        );
    }
    let mut commands = CommandContext::new(session, lab, limits);
    if let Some(name) = &lab_name {
        let reply = commands.command(&format!(":lab {name}"));
        if commands.lab().active() {
            show(&reply.text);
        } else {
            // Not opened (no such lab, a broken file): say why and stop.
            host::write_stderr(&reply.text);
            return ExitCode::FAILURE;
        }
    }
    if terminal {
        interactive::run(commands)
    } else {
        let code = batch::run_stdin(&mut commands);
        batch::leave(commands);
        code
    }
}

/// A session on the terminal host with `ARGS` set.
fn new_session(limits: &Limits, args: Vec<String>) -> Session {
    let mut session = Session::new(limits, Rc::new(TerminalHost::new()));
    let args: rhai::Array = args.into_iter().map(rhai::Dynamic::from).collect();
    session.set_var("ARGS", args);
    session
}

/// Where puzzlelab keeps its state (REPL history, lab positions):
/// `$PUZZLELAB_HOME` if set, else `$XDG_STATE_HOME/puzzlelab`, else
/// `~/.local/state/puzzlelab`. Created on demand; `None` if impossible.
/// An empty or relative `PUZZLELAB_HOME` is refused (state is then not
/// kept, with one warning) rather than written into the current folder;
/// an empty or relative `XDG_STATE_HOME` is ignored, as its spec says.
pub fn state_dir() -> Option<PathBuf> {
    let made = choose_state_dir(
        std::env::var_os("PUZZLELAB_HOME"),
        std::env::var_os("XDG_STATE_HOME"),
        std::env::var_os("HOME"),
    )
    .and_then(|dir| match std::fs::create_dir_all(&dir) {
        Ok(()) => Ok(dir),
        // A device such as /dev/null, or a file: say so, as for a bad path.
        Err(_) if dir.exists() && !dir.is_dir() => Err(format!(
            "the state folder {} is not a folder",
            dir.display()
        )),
        Err(e) => Err(format!(
            "the state folder {} cannot be made: {e}",
            dir.display()
        )),
    });
    match made {
        Ok(dir) => Some(dir),
        Err(why) => {
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED.call_once(|| {
                host::write_stderr(&format!(
                    "warning: {why}; history and lab positions are not kept"
                ))
            });
            None
        }
    }
}

/// The state folder from the three variables, or why there is none; each
/// folder must be absolute ([`crate::files::folder_from_env`]).
fn choose_state_dir(
    home_var: Option<std::ffi::OsString>,
    xdg: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
) -> Result<std::path::PathBuf, String> {
    use crate::files::folder_from_env;
    if let Some(d) = home_var {
        return folder_from_env("PUZZLELAB_HOME", &d);
    }
    // The XDG spec: a relative path in its variables is ignored.
    if let Some(d) = xdg.and_then(|d| folder_from_env("XDG_STATE_HOME", &d).ok()) {
        return Ok(d.join("puzzlelab"));
    }
    match home {
        Some(h) => Ok(folder_from_env("HOME", &h)?.join(".local/state/puzzlelab")),
        None => Err("HOME is not set".to_string()),
    }
}

/// The `puzzlelab lab` / `:lab` listing, with a final line ending.
fn lab_list() -> String {
    crate::lab::list_text() + "\n"
}

/// Run `work` (a statement, a command) as running code: a stop signal
/// then waits for it ([`signals::BUSY`]), and at the prompt a Ctrl+C left
/// over from before (pressed while a quick call that does not listen ran)
/// is dropped first and after. Without a person at the prompt nothing is
/// dropped: a SIGINT that arrives between two piped statements stops the
/// next one.
fn running<T>(work: impl FnOnce() -> T) -> T {
    let at_prompt = host::AT_PROMPT.load(Ordering::Relaxed);
    if at_prompt {
        INTERRUPTED.store(false, Ordering::Relaxed);
    }
    let busy = signals::Busy::start();
    let result = work();
    drop(busy);
    if at_prompt {
        INTERRUPTED.store(false, Ordering::Relaxed);
    }
    result
}

/// Show a command's reply: its text on stdout, its error on stderr.
fn show_reply(reply: &Reply) {
    show(&reply.text);
    if reply.failed() {
        host::write_stderr(&reply.error);
    }
}

/// Print text (a value as [`Session::show`] draws it, a command's answer)
/// with exactly one line ending; nothing for empty text.
fn show(text: &str) {
    if text.is_empty() {
        return;
    }
    host::write_stdout(
        &format!("{}\n", text.strip_suffix('\n').unwrap_or(text)),
        true,
    );
}

/// Ctrl+C sets [`INTERRUPTED`] (running code checks it and stops) and
/// [`SIGINT_SEEN`]. Without a person at the prompt (`run`, `-e`, piped
/// stdin) a second SIGINT leaves at once with status 130. At the REPL,
/// three presses while the flag is still set, i.e. while the running code
/// is not listening, leave the program. SIGTERM and SIGHUP end the run in
/// every mode ([`signals::on_stop_signal`]).
fn install_interrupt_handler(interactive: bool) {
    host::AT_PROMPT.store(interactive, Ordering::Relaxed);
    if interactive {
        save_terminal();
    }
    signals::install(move || on_interrupt(interactive));
}

/// SIGINT (see [`install_interrupt_handler`]).
fn on_interrupt(interactive: bool) {
    static PRESSES: AtomicU32 = AtomicU32::new(0);
    if SIGINT_SEEN.swap(true, Ordering::Relaxed) && !interactive {
        host::write_stderr_now("\nstopped (Ctrl+C) a second time: leaving");
        signals::leave_now(130);
    }
    if INTERRUPTED.swap(true, Ordering::Relaxed) {
        if PRESSES.fetch_add(1, Ordering::Relaxed) >= 1 {
            host::write_stderr_now("\ninterrupted three times: leaving");
            signals::leave_now(130);
        }
    } else {
        PRESSES.store(0, Ordering::Relaxed);
    }
}

/// The exit status of a run that a stop signal ended (128 + its number),
/// with a line on stderr saying so; `None` when none came.
pub fn stop_status() -> Option<ExitCode> {
    let signal = STOP_SIGNAL.load(Ordering::SeqCst);
    if signal == 0 {
        return None;
    }
    host::write_stderr(&format!("stopped by {}", signals::signal_name(signal)));
    Some(ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)))
}

/// The terminal's settings before the line editor changed them.
#[cfg(unix)]
static TERMINAL: std::sync::Mutex<Option<nix::sys::termios::Termios>> = std::sync::Mutex::new(None);

/// Remember the terminal's settings, to be put back when the process
/// leaves at once (see [`restore_terminal`]).
fn save_terminal() {
    #[cfg(unix)]
    if let Ok(t) = nix::sys::termios::tcgetattr(std::io::stdin())
        && let Ok(mut saved) = TERMINAL.lock()
    {
        *saved = Some(t);
    }
    signals::at_leaving(restore_terminal);
}

/// Put the terminal back as it was at the start: leaving at once on a
/// signal while the line editor waits at the prompt would leave it raw.
pub fn restore_terminal() {
    #[cfg(unix)]
    if let Ok(saved) = TERMINAL.lock()
        && let Some(t) = saved.as_ref()
    {
        use nix::sys::termios::{SetArg, tcsetattr};
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, t);
    }
}

#[cfg(test)]
mod tests {
    use super::choose_state_dir;

    #[test]
    fn state_dir_is_never_relative() {
        let os = |s: &str| Some(std::ffi::OsString::from(s));
        let e = choose_state_dir(os(""), None, os("/h")).unwrap_err();
        assert_eq!(e, "PUZZLELAB_HOME=\"\" is not an absolute path");
        assert!(choose_state_dir(os("rel"), None, os("/h")).is_err());
        assert_eq!(
            choose_state_dir(None, os("rel"), os("/h")).unwrap(),
            std::path::Path::new("/h/.local/state/puzzlelab")
        );
        assert_eq!(
            choose_state_dir(None, os("/x"), os("/h")).unwrap(),
            std::path::Path::new("/x/puzzlelab")
        );
        assert!(choose_state_dir(None, os(""), None).is_err());
    }
}

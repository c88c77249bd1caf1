//! The terminal side: the interactive REPL on rustyline and the
//! command-line modes around it. `cli` parses the arguments (clap), `host`
//! is the terminal [`Host`](crate::script::host::Host) every session here
//! talks through, `interactive` is the prompt loop, `helper` its
//! completion / multi-line / key handling, `batch` runs files, `-e` and
//! piped stdin.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::lab::LabState;
use crate::script::Limits;
use crate::script::session::Session;

pub(crate) mod batch;
mod cli;
mod generate;
pub(crate) mod helper;
pub mod host;
pub(crate) mod interactive;

use host::{INTERRUPTED, SIGINT_SEEN, STOP_SIGNAL, TerminalHost};

/// The stack of the thread everything runs on: script recursion up to the
/// cap on `--max-call-levels` ([`cli::MAX_CALL_LEVELS`]) and dropping deeply
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
    let options = match cli::parse(&args) {
        Ok(o) => o,
        Err(e) => {
            // clap prints help and version on stdout, errors on stderr.
            let _ = e.print();
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
                host::flush_stdout();
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
        cli::Mode::Eval { code, args } => {
            install_interrupt_handler(false);
            batch::eval_code(&code, &args, limits)
        }
        cli::Mode::Run { file, args } => {
            install_interrupt_handler(false);
            batch::run_file(&file, &args, limits)
        }
        cli::Mode::Generate(args) => {
            install_interrupt_handler(false);
            generate::run(&args)
        }
        cli::Mode::Repl => start(None, options.quiet, limits),
        cli::Mode::Lab { name, print: false } => start(Some(name), options.quiet, limits),
        cli::Mode::LabNotebook { name, out } => lab_notebook(&name, &out),
        #[cfg(feature = "jupyter")]
        cli::Mode::Jupyter(command) => crate::jupyter::main(command, limits),
    }
}

/// `lab NAME --notebook OUT.ipynb`: the lab as a notebook.
#[cfg(feature = "jupyter")]
fn lab_notebook(name: &str, out: &str) -> ExitCode {
    let written = crate::lab::load(name).and_then(|lab| {
        let text = crate::jupyter::notebook::lab_notebook(&lab);
        crate::files::write_atomic(out, text.as_bytes(), &[])
            .map_err(|e| anyhow::anyhow!("cannot write the notebook: {e}"))
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Without the `jupyter` feature there is no notebook writer.
#[cfg(not(feature = "jupyter"))]
fn lab_notebook(_name: &str, _out: &str) -> ExitCode {
    eprintln!("this puzzlelab was built without the jupyter feature: no --notebook");
    ExitCode::FAILURE
}

/// The REPL, or the piped-stdin script mode when stdin is not a terminal;
/// `lab` is opened first when given.
fn start(lab_name: Option<String>, quiet: bool, limits: &Limits) -> ExitCode {
    let terminal = std::io::stdin().is_terminal();
    install_interrupt_handler(terminal);
    let mut session = new_session(limits, Vec::new());
    // Lab positions are remembered in the state directory, when there is one.
    let mut lab = match state_dir() {
        Some(dir) => LabState::with_state_file(dir.join("labs.json")),
        None => LabState::default(),
    };
    if terminal && !quiet {
        println!(
            "puzzlelab {}: type help for the functions, :help for commands and keys, \
             Tab to complete, Ctrl+D to leave.",
            env!("CARGO_PKG_VERSION")
        );
    }
    if let Some(name) = &lab_name {
        match lab.command(&format!(":lab {name}"), &mut session) {
            Some(text) if lab.active() => show(&text),
            // Not opened (no such lab, a broken file): say why and stop.
            other => {
                eprintln!("{}", other.unwrap_or_default());
                return ExitCode::FAILURE;
            }
        }
    }
    if terminal {
        interactive::run(session, lab, limits)
    } else {
        batch::run_stdin(&mut session, &mut lab, limits)
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
            WARNED
                .call_once(|| eprintln!("warning: {why}; history and lab positions are not kept"));
            None
        }
    }
}

/// The state folder from the three variables, or why there is none.
fn choose_state_dir(
    home_var: Option<std::ffi::OsString>,
    xdg: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
) -> Result<std::path::PathBuf, String> {
    use std::path::PathBuf;
    if let Some(d) = home_var {
        let d = PathBuf::from(d);
        if d.as_os_str().is_empty() || !d.is_absolute() {
            return Err(format!(
                "PUZZLELAB_HOME={:?} is not an absolute path",
                d.display().to_string()
            ));
        }
        return Ok(d);
    }
    if let Some(d) = xdg.map(PathBuf::from).filter(|d| d.is_absolute()) {
        return Ok(d.join("puzzlelab"));
    }
    match home.map(PathBuf::from).filter(|d| d.is_absolute()) {
        Some(h) => Ok(h.join(".local/state/puzzlelab")),
        None => Err("HOME is not set to an absolute path".to_string()),
    }
}

/// The `puzzlelab lab` / `:lab` listing, with a final line ending.
fn lab_list() -> String {
    crate::lab::list_text() + "\n"
}

/// What a REPL command asks the loop to do next.
#[derive(Debug, PartialEq)]
pub(crate) enum Outcome {
    /// Go on reading.
    Done,
    /// Leave puzzlelab.
    Quit,
    /// The command failed (non-interactive modes stop).
    Failed,
}

/// A line starting with `:` (or `help` alone): first offered to the lab,
/// then the REPL's own commands. Output goes to stdout, errors to stderr.
pub(crate) fn repl_command(
    line: &str,
    session: &mut Session,
    lab: &mut LabState,
    limits: &Limits,
) -> Outcome {
    let line = line.trim();
    if line == "quit" || line == "exit" {
        return Outcome::Quit;
    }
    if line == "help" || line == "help()" {
        show(&crate::script::help::overview());
        return Outcome::Done;
    }
    if let Some(text) = lab.command(line, session) {
        show(&text);
        return Outcome::Done;
    }
    let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    match name {
        ":help" | ":h" | ":?" => show(&command_help()),
        ":quit" | ":q" | ":exit" => return Outcome::Quit,
        ":vars" => show(&vars(session)),
        ":fns" => show(&fns(session)),
        ":limits" => show(&limits_text(limits)),
        ":reset" => {
            *session = Session::new(limits, session.host().clone());
            session.set_var("ARGS", rhai::Array::new());
            show("a fresh session: your variables and functions are gone");
            // Inside a lab, the names its sections made come back.
            if let Some(text) = lab.replay(session) {
                show(&text);
            }
        }
        ":load" if rest.is_empty() => {
            eprintln!(":load needs a file name");
            return Outcome::Failed;
        }
        ":load" => {
            // `:load FILE ARGS...`: the script sees ARGS as `puzzlelab run` gives them.
            let mut words = rest.split_whitespace();
            let file = words.next().unwrap_or_default();
            let args: rhai::Array = words.map(|w| rhai::Dynamic::from(w.to_string())).collect();
            session.set_var("ARGS", args);
            if let Err(e) = batch::run_file_in(session, file, limits) {
                eprintln!("{e:#}");
                return Outcome::Failed;
            }
        }
        ":type" if rest.is_empty() => {
            eprintln!(":type needs an expression, e.g. :type free(ym)");
            return Outcome::Failed;
        }
        ":type" => match batch::eval_chunk(session, rest) {
            Ok(v) => show(&type_name(session, &v)),
            Err(e) => {
                eprintln!("{}", batch::describe_error(&e, "<:type>", 1, limits));
                return Outcome::Failed;
            }
        },
        ":lab" => show(&lab_list()),
        _ => {
            eprintln!("unknown command {name}; :help lists the commands");
            return Outcome::Failed;
        }
    }
    Outcome::Done
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

/// `:help`: commands and keys.
fn command_help() -> String {
    let mut s = String::from("Commands:\n");
    for (name, what) in helper::COMMANDS {
        s.push_str(&format!("  {name:<9} {what}\n"));
    }
    s.push_str(
        "\nKeys:
  Tab        complete a function, variable or command name
  Enter      run the input, or start a new line while a bracket, block or
             string is open (Enter on two empty lines runs it anyway)
  Up/Down    history (kept in the state directory, saved line by line)
  Ctrl+C     clear the line; while code runs, interrupt it
  Ctrl+A     start of line; on an empty line in a lab, the next section
  Ctrl+R     search the history
  Ctrl+D     leave puzzlelab

Script help: `help` lists the functions by domain, help(\"name\") explains one.
`_` is the last value shown: `assign(ym)`, then `filled(_)`.
`quit` or `exit` alone leave, as :quit does.
",
    );
    s
}

/// The script's name for a value's type (`Grid`, `int`), never a Rust path.
fn type_name(session: &Session, value: &rhai::Dynamic) -> String {
    let name = session.engine().map_type_name(value.type_name());
    match name.rsplit("::").next().unwrap_or(name) {
        "i64" => "int".into(),
        "f64" => "float".into(),
        other => other.into(),
    }
}

/// Is this line a REPL command rather than code? (`:name ...`, `help`,
/// and bare `quit` / `exit`, which people type out of habit.)
pub(crate) fn is_command(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(':') || matches!(t, "help" | "quit" | "exit")
}

/// "did you mean ...?" for a name that is not found: the closest function
/// names (built-in or defined in the session) or variable names.
pub(crate) fn did_you_mean(
    e: &crate::script::session::EvalError,
    session: &Session,
) -> Option<String> {
    use rhai::EvalAltResult;
    let crate::script::session::EvalError::Runtime(err) = e else {
        return None;
    };
    let (wanted, known): (String, Vec<String>) = match err.unwrap_inner() {
        EvalAltResult::ErrorFunctionNotFound(sig, _) => {
            let name = sig.split([' ', '(']).next().unwrap_or(sig).to_string();
            let mut known = crate::script::help::names();
            for defined in [session.functions(), session.lab_functions()] {
                known.extend(defined.iter_functions().map(|f| f.name.to_string()));
            }
            known.extend(RHAI_COMMON.iter().map(|s| s.to_string()));
            (name, known)
        }
        EvalAltResult::ErrorVariableNotFound(name, _) if name == crate::script::last::NAME => {
            return Some("  `_` is the last value shown, and none has been shown yet".into());
        }
        EvalAltResult::ErrorVariableNotFound(name, _) => (
            name.clone(),
            session
                .scope()
                .iter_raw()
                .map(|(n, _, _)| n.to_string())
                .chain(crate::script::builtins::names().map(String::from))
                .collect(),
        ),
        _ => return None,
    };
    let mut near: Vec<(f64, String)> = known
        .into_iter()
        .filter(|k| *k != wanted)
        .map(|k| (strsim::jaro_winkler(&wanted, &k), k))
        .filter(|(score, _)| *score >= 0.85)
        .collect();
    near.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    near.dedup_by(|a, b| a.1 == b.1);
    if near.is_empty() {
        return None;
    }
    let names: Vec<String> = near.into_iter().take(3).map(|(_, k)| k).collect();
    Some(format!("  did you mean {}?", names.join(", ")))
}

/// Rhai's own functions people reach for, for "did you mean".
const RHAI_COMMON: &[&str] = &[
    "print",
    "debug",
    "len",
    "push",
    "pop",
    "contains",
    "filter",
    "map",
    "reduce",
    "sort",
    "reverse",
    "keys",
    "values",
    "to_string",
    "parse_int",
    "parse_float",
    "type_of",
    "range",
    "timestamp",
    "split",
    "trim",
    "index_of",
    "extract",
    "is_empty",
];

/// `:vars`: the session's variables, then the names of the predefined puzzles.
fn vars(session: &Session) -> String {
    let builtin: Vec<&str> = crate::script::builtins::names().collect();
    let mut mine = Vec::new();
    for (name, constant, value) in session.scope().iter_raw() {
        if name == crate::script::last::NAME {
            continue;
        }
        let kind = if constant { "const " } else { "" };
        // A grid's box starts `+---+---+---+` on every grid: show its line.
        let first = if let Some(g) = value.clone().try_cast::<crate::sudoku::Grid>() {
            g.line()
        } else if value
            .clone()
            .try_cast::<rhai::FnPtr>()
            .is_some_and(|f| f.fn_name().starts_with("anon$"))
        {
            "a closure (|...| ...)".to_string()
        } else {
            session.show(value)
        };
        let first = first.lines().next().unwrap_or("");
        let first: String = if first.chars().count() > 50 {
            first.chars().take(47).chain("...".chars()).collect()
        } else {
            first.to_string()
        };
        let type_name = type_name(session, value);
        let label = match value.as_array_ref() {
            Ok(a) => format!("{kind}{type_name}[{}]", a.len()),
            Err(_) => format!("{kind}{type_name}"),
        };
        mine.push(format!("  {name:<12} {label:<14} {first}"));
    }
    // Scope order is newest first; list oldest first.
    mine.reverse();
    let mut s = String::new();
    if mine.is_empty() {
        s.push_str("no variables of yours yet\n");
    } else {
        s.push_str(&mine.join("\n"));
        s.push('\n');
    }
    s.push_str(&format!(
        "predefined: {} (read-only; labs always read these)\n",
        builtin.join(", ")
    ));
    s
}

/// `:limits`: each sandbox limit with the flag that sets it.
fn limits_text(l: &Limits) -> String {
    let mut s = String::from("Sandbox limits, set by these flags at start:\n");
    for (flag, value, what) in l.table() {
        s.push_str(&format!("  {flag:<18} {value:>12}  {what}\n"));
    }
    let budget = crate::memory::format_size(l.memory_budget());
    let live = match crate::memory::live_bytes() {
        0 => String::new(),
        n => format!(" ({} in use)", crate::memory::format_size(n)),
    };
    s.push_str(&format!(
        "  {:<18} {budget:>12}  most heap memory the process may hold{live}\n",
        "--max-memory"
    ));
    s
}

/// `:fns`: the functions defined in this session, then the open lab's.
fn fns(session: &Session) -> String {
    let list = |defined: &rhai::AST| {
        let mut lines: Vec<String> = defined
            .iter_functions()
            // Closures (`|g| ...`) are functions named `anon$...` inside Rhai.
            .filter(|f| !f.name.starts_with("anon$"))
            .map(|f| format!("  fn {}({})", f.name, f.params.join(", ")))
            .collect();
        lines.sort();
        lines
    };
    let (mine, lab) = (list(session.functions()), list(session.lab_functions()));
    let mut s = if mine.is_empty() {
        "no functions defined yet\n".to_string()
    } else {
        mine.join("\n") + "\n"
    };
    if !lab.is_empty() {
        s.push_str("the open lab's (gone when it closes):\n");
        s.push_str(&(lab.join("\n") + "\n"));
    }
    s
}

/// How long running code has, after SIGTERM or SIGHUP, to stop and let
/// the run end in order (temporary files removed by their owners) before
/// the process leaves anyway (see [`host::leave_now`]).
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Ctrl+C sets [`INTERRUPTED`] (running code checks it and stops) and
/// [`SIGINT_SEEN`]. Without a person at the prompt (`run`, `-e`, piped
/// stdin) a second SIGINT leaves at once with status 130. At the REPL,
/// three presses while the flag is still set, i.e. while the running code
/// is not listening, leave the program.
///
/// SIGTERM and SIGHUP end the run in every mode: running code is stopped
/// through the same flag (so jobs clean up as after Ctrl+C: an unfinished
/// output file's temporary is removed, an outside solver killed), nothing
/// runs after it, and the exit status is 128 + the signal (143, 129). With
/// no code running, or at a second such signal, or when the code has not
/// stopped after [`STOP_GRACE`], the process leaves at once
/// ([`host::leave_now`] still kills outside programs and removes
/// temporary files).
///
/// signal-hook rather than ctrlc: its handler thread is told which signal
/// came, and the exit status depends on it.
#[cfg(unix)]
fn install_interrupt_handler(interactive: bool) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    host::AT_PROMPT.store(interactive, Ordering::Relaxed);
    if interactive {
        save_terminal();
    }
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if signal == SIGINT {
                    on_interrupt(interactive);
                } else {
                    on_stop_signal(signal);
                }
            }
        });
}

/// Ctrl+C where signals are not Unix's.
#[cfg(not(unix))]
fn install_interrupt_handler(interactive: bool) {
    host::AT_PROMPT.store(interactive, Ordering::Relaxed);
    let _ = ctrlc::set_handler(move || on_interrupt(interactive));
}

/// SIGINT (see [`install_interrupt_handler`]).
fn on_interrupt(interactive: bool) {
    static PRESSES: AtomicU32 = AtomicU32::new(0);
    if SIGINT_SEEN.swap(true, Ordering::Relaxed) && !interactive {
        eprintln!("\nstopped (Ctrl+C) a second time: leaving");
        host::leave_now(130);
    }
    if INTERRUPTED.swap(true, Ordering::Relaxed) {
        if PRESSES.fetch_add(1, Ordering::Relaxed) >= 1 {
            eprintln!("\ninterrupted three times: leaving");
            host::leave_now(130);
        }
    } else {
        PRESSES.store(0, Ordering::Relaxed);
    }
}

/// SIGTERM or SIGHUP (see [`install_interrupt_handler`]).
#[cfg(unix)]
fn on_stop_signal(signal: i32) {
    let first = STOP_SIGNAL
        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok();
    INTERRUPTED.store(true, Ordering::SeqCst);
    let code = 128 + signal;
    if !first || !host::BUSY.load(Ordering::SeqCst) {
        eprintln!("\nstopped by {}: leaving", signal_name(signal));
        host::leave_now(code);
    }
    let _ = std::thread::Builder::new()
        .name("stop-grace".into())
        .spawn(move || {
            std::thread::sleep(STOP_GRACE);
            eprintln!(
                "\nstopped by {}: the running code did not stop within {} s; leaving",
                signal_name(signal),
                STOP_GRACE.as_secs()
            );
            host::leave_now(code);
        });
}

/// The name of a stop signal, for messages.
pub fn signal_name(signal: i32) -> String {
    #[cfg(unix)]
    if let Ok(s) = nix::sys::signal::Signal::try_from(signal) {
        return s.as_str().to_string();
    }
    format!("signal {signal}")
}

/// The exit status of a run that a stop signal ended (128 + its number),
/// with a line on stderr saying so; `None` when none came.
pub fn stop_status() -> Option<ExitCode> {
    let signal = STOP_SIGNAL.load(Ordering::SeqCst);
    if signal == 0 {
        return None;
    }
    eprintln!("stopped by {}", signal_name(signal));
    Some(ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)))
}

/// The terminal's settings before the line editor changed them.
#[cfg(unix)]
static TERMINAL: std::sync::Mutex<Option<nix::sys::termios::Termios>> = std::sync::Mutex::new(None);

/// Remember the terminal's settings (see [`restore_terminal`]).
fn save_terminal() {
    #[cfg(unix)]
    if let Ok(t) = nix::sys::termios::tcgetattr(std::io::stdin())
        && let Ok(mut saved) = TERMINAL.lock()
    {
        *saved = Some(t);
    }
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

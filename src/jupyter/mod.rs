//! The Jupyter front end: puzzlelab as a notebook kernel, one more front
//! end over [`Session`](crate::script::session::Session) beside `repl` and
//! `lab`.
//!
//! `puzzlelab jupyter kernel -f FILE` is what Jupyter starts (see
//! [`install`] for the kernelspec that tells it how): [`wire`] serves the
//! protocol's sockets on a tokio thread, [`kernel`] answers the requests
//! with the session on this thread, and [`host`] is the session's `Host`
//! (streams, displays, progress, input, interrupts). [`notebook`] writes a
//! lab as an `.ipynb` file.

use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::mpsc;

use crate::script::Limits;

pub mod host;
pub mod install;
pub mod kernel;
pub mod notebook;
pub mod wire;

/// `puzzlelab jupyter ...`.
#[derive(clap::Subcommand, Debug, PartialEq, Clone)]
pub enum JupyterCommand {
    /// Run as a Jupyter kernel (Jupyter starts this; see `jupyter install`)
    Kernel {
        /// The connection file Jupyter wrote
        #[arg(short = 'f', value_name = "CONNECTION_FILE")]
        connection_file: PathBuf,
    },
    /// Install the kernelspec, so Jupyter lists puzzlelab
    Install {
        /// In your own Jupyter folder (else the system-wide one)
        #[arg(long, conflicts_with = "prefix")]
        user: bool,
        /// Under DIR/share/jupyter/kernels (a virtual environment, a conda prefix)
        #[arg(long, value_name = "DIR")]
        prefix: Option<PathBuf>,
    },
}

/// Run `command`.
pub fn main(command: JupyterCommand, limits: &Limits) -> ExitCode {
    let result = match command {
        JupyterCommand::Kernel { connection_file } => run_kernel(&connection_file, limits),
        JupyterCommand::Install { user, prefix } => install::install(user, prefix).map(|dir| {
            crate::repl::host::write_stdout(
                &format!("installed the puzzlelab kernelspec in {}\n", dir.display()),
                true,
            );
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            crate::repl::host::write_stderr(&format!("puzzlelab jupyter: {e:#}"));
            ExitCode::FAILURE
        }
    }
}

/// Serve the kernel described by `connection_file` until Jupyter shuts it
/// down (a `shutdown_request` ends the process).
pub fn run_kernel(connection_file: &std::path::Path, limits: &Limits) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(connection_file).map_err(|e| {
        anyhow::anyhow!(
            "cannot read the connection file {}: {e}",
            connection_file.display()
        )
    })?;
    let info: jupyter_protocol::ConnectionInfo = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}:{}: not a Jupyter connection file: {e}",
            connection_file.display(),
            e.line(),
            e.column()
        )
    })?;
    if !info.key.is_empty() && info.signature_scheme != "hmac-sha256" {
        anyhow::bail!(
            "{}: signature_scheme {:?} is not supported (only hmac-sha256)",
            connection_file.display(),
            info.signature_scheme
        );
    }
    install_interrupt_handler();
    let (to_session, requests) = mpsc::channel();
    let (input_tx, input_rx) = mpsc::channel();
    let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel();
    let session_id = uuid::Uuid::new_v4().to_string();
    let (ready_tx, ready_rx) = mpsc::channel::<anyhow::Result<()>>();
    std::thread::Builder::new()
        .name("jupyter-wire".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.into()));
                    return;
                }
            };
            let ready = ready_tx.clone();
            let result = runtime.block_on(wire::serve(
                info, session_id, to_session, input_tx, out_rx, ready,
            ));
            if let Err(e) = result {
                // Before the sockets were bound: the starting thread says
                // why; after: the shell socket failed and the kernel ends.
                if ready_tx.send(Err(e)).is_err() {
                    eprintln!("puzzlelab kernel: the shell channel failed; leaving");
                    crate::repl::host::leave_now(1);
                }
            }
        })?;
    // Wait until the sockets are bound (or say why they are not).
    ready_rx
        .recv()
        .map_err(|_| anyhow::anyhow!("the kernel's socket thread ended"))??;
    let host = Rc::new(host::KernelHost::new(out_tx, input_rx));
    kernel::Kernel::new(host, limits, requests).run();
    Ok(())
}

/// SIGINT (the notebook's interrupt button, with `interrupt_mode: signal`)
/// sets the REPL's interrupt flag: the running cell stops as a REPL line
/// does at Ctrl+C, and the kernel goes on.
#[cfg(unix)]
fn install_interrupt_handler() {
    use signal_hook::consts::SIGINT;
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                crate::repl::host::INTERRUPTED.store(true, Ordering::Relaxed);
            }
        });
}

/// Ctrl+C where signals are not Unix's.
#[cfg(not(unix))]
fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| crate::repl::host::INTERRUPTED.store(true, Ordering::Relaxed));
}

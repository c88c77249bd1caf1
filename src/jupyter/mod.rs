//! The Jupyter front end: puzzlelab as a notebook kernel, one more front
//! end over [`Session`](crate::script::session::Session) beside `repl` and
//! `lab`.
//!
//! `puzzlelab jupyter kernel -f FILE` is what Jupyter starts (see
//! [`install`] for the kernelspec that tells it how): [`wire`] serves the
//! protocol's sockets on a tokio thread, [`kernel`] answers the requests
//! with the session on this thread, and [`host`] is the session's `Host`
//! (streams, displays, progress, input, interrupts). [`zmtp`] is the
//! size-checked framing layer in front of the sockets. [`notebook`] writes
//! a lab as an `.ipynb` file.

use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::mpsc;

use crate::script::Limits;

pub mod host;
pub mod install;
pub mod kernel;
pub mod notebook;
pub mod wire;
pub mod zmtp;

/// `puzzlelab jupyter ...`.
#[derive(clap::Subcommand, Debug, PartialEq, Clone)]
pub enum JupyterCommand {
    /// Run as a Jupyter kernel (Jupyter starts this; see `jupyter install`)
    Kernel {
        /// The connection file Jupyter wrote
        #[arg(short = 'f', value_name = "CONNECTION_FILE")]
        connection_file: PathBuf,
        /// The largest message a client may send (64M unless
        /// PUZZLELAB_KERNEL_MAX_MESSAGE says otherwise); a connection that
        /// sends a bigger one is closed
        #[arg(long, value_name = "SIZE")]
        max_message: Option<String>,
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

/// Run `command`: what it has to say on stdout (the kernel, which runs
/// until Jupyter shuts it down, nothing), or why it failed. The command
/// line's front end prints either.
pub fn main(command: JupyterCommand, limits: &Limits) -> Result<String, String> {
    match command {
        JupyterCommand::Kernel {
            connection_file,
            max_message,
        } => zmtp::max_message(max_message.as_deref())
            .map_err(anyhow::Error::msg)
            .and_then(|cap| run_kernel(&connection_file, cap, limits))
            .map(|()| String::new()),
        JupyterCommand::Install { user, prefix } => install::install(user, prefix)
            .map(|dir| format!("installed the puzzlelab kernelspec in {}", dir.display())),
    }
    .map_err(|e| format!("{e:#}"))
}

/// Serve the kernel described by `connection_file` until Jupyter shuts it
/// down (a `shutdown_request` ends the process); a client's message over
/// `max_message` bytes closes its connection.
pub fn run_kernel(
    connection_file: &std::path::Path,
    max_message: u64,
    limits: &Limits,
) -> anyhow::Result<()> {
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
    warn_of_exposure(connection_file, &info);
    install_signal_handlers();
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
                info,
                max_message,
                session_id,
                to_session,
                input_tx,
                out_rx,
                ready,
            ));
            if let Err(e) = result {
                // Before the sockets were bound: the starting thread says
                // why; after: the shell socket failed and the kernel ends.
                if ready_tx.send(Err(e)).is_err() {
                    eprintln!("puzzlelab kernel: the shell channel failed; leaving");
                    crate::signals::leave_now(1);
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

/// Loud warnings on stderr (Jupyter's log) for a connection file that
/// opens the kernel to others: no key (nothing is signed: whoever reaches
/// a port runs code as this user) or every network interface bound.
fn warn_of_exposure(file: &std::path::Path, info: &jupyter_protocol::ConnectionInfo) {
    if info.key.is_empty() {
        eprintln!(
            "puzzlelab kernel: WARNING: {} has an empty key: messages are not signed, \
             and anyone who can reach the kernel's ports can run code as you",
            file.display()
        );
    }
    let everywhere = info.ip == "*"
        || info
            .ip
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_unspecified());
    if info.transport == jupyter_protocol::Transport::TCP && everywhere {
        eprintln!(
            "puzzlelab kernel: WARNING: {} asks for ip {}: the kernel's ports are bound on \
             every network interface, open to other machines (127.0.0.1 keeps them to this one)",
            file.display(),
            info.ip
        );
    }
}

/// SIGINT (the notebook's interrupt button, with `interrupt_mode: signal`)
/// sets the interrupt flag: the running cell stops as a REPL line does at
/// Ctrl+C, and the kernel goes on. SIGTERM and SIGHUP end the kernel as
/// they end a run: the running cell is stopped and given time to remove
/// its temporary files, which `leave_now` removes anyway.
fn install_signal_handlers() {
    crate::signals::install(|| crate::signals::INTERRUPTED.store(true, Ordering::Relaxed));
}

//! The kernel's sockets: the five ZeroMQ channels of the Jupyter messaging
//! protocol, bound and signed by `jupyter-zmq-client`, served by tasks on a
//! small tokio runtime on a thread of their own. The session (which is not
//! `Send`: it holds `Rc`s) stays on the thread that started the kernel and
//! talks to these tasks through two channels: shell requests come in on a
//! std channel, replies and outputs go out on an unbounded tokio channel,
//! sent in the order they were made by one writer task.
//!
//! Heartbeat, control (`kernel_info`, `interrupt_request`,
//! `shutdown_request`) and stdin answers are handled here, so they are
//! answered while a cell runs.

use std::sync::atomic::Ordering;
use std::sync::mpsc;

use jupyter_protocol::{
    ConnectionInfo, InterruptReply, JupyterMessage, JupyterMessageContent, ReplyStatus,
    ShutdownReply,
};
use jupyter_zmq_client::{
    create_kernel_control_connection, create_kernel_heartbeat_connection,
    create_kernel_iopub_connection, create_kernel_shell_connection, create_kernel_stdin_connection,
};
use tokio::sync::mpsc::UnboundedReceiver;

/// Unreadable shell messages in a row after which the socket is taken
/// for broken.
const MAX_BAD_MESSAGES: u32 = 100;

/// A message for a client, and the channel it goes on.
#[derive(Debug)]
pub enum Outgoing {
    /// A reply to a shell request.
    Shell(JupyterMessage),
    /// An output or a status, for every client.
    IoPub(JupyterMessage),
    /// An `input_request`; its reply comes back on the session's input channel.
    Stdin(JupyterMessage),
}

/// What the wire hands the session.
pub enum Incoming {
    /// A shell request, in the order it came.
    Shell(JupyterMessage),
}

/// Bind every channel of `info` and serve them until shutdown. Shell
/// requests go to `to_session`, `input` gets the `input_reply` texts, and
/// every message on `outgoing` is sent; `ready` hears once all are bound.
/// Returns when the shell socket fails.
pub async fn serve(
    info: ConnectionInfo,
    session_id: String,
    to_session: mpsc::Sender<Incoming>,
    input: mpsc::Sender<String>,
    mut outgoing: UnboundedReceiver<Outgoing>,
    ready: mpsc::Sender<anyhow::Result<()>>,
) -> anyhow::Result<()> {
    let mut heartbeat = create_kernel_heartbeat_connection(&info).await?;
    let (mut shell_out, mut shell_in) = create_kernel_shell_connection(&info, &session_id)
        .await?
        .split();
    let mut control = create_kernel_control_connection(&info, &session_id).await?;
    let (mut stdin_out, mut stdin_in) = create_kernel_stdin_connection(&info, &session_id)
        .await?
        .split();
    let mut iopub = create_kernel_iopub_connection(&info, &session_id).await?;

    tokio::spawn(async move { while heartbeat.single_heartbeat().await.is_ok() {} });

    tokio::spawn(async move {
        while let Ok(message) = control.read().await {
            let reply: Option<JupyterMessage> = match &message.content {
                JupyterMessageContent::KernelInfoRequest(_) => {
                    Some(super::kernel::kernel_info().as_child_of(&message))
                }
                JupyterMessageContent::InterruptRequest(_) => {
                    crate::repl::host::INTERRUPTED.store(true, Ordering::Relaxed);
                    Some(InterruptReply::new().as_child_of(&message))
                }
                JupyterMessageContent::ShutdownRequest(request) => {
                    let reply = ShutdownReply {
                        restart: request.restart,
                        status: ReplyStatus::Ok,
                        error: None,
                    }
                    .as_child_of(&message);
                    let _ = control.send(reply).await;
                    // A running cell is stopped; outside solvers and
                    // temporary files go with the process.
                    crate::repl::host::INTERRUPTED.store(true, Ordering::Relaxed);
                    crate::repl::host::leave_now(0);
                }
                _ => None,
            };
            if let Some(reply) = reply {
                let _ = control.send(reply).await;
            }
        }
    });

    tokio::spawn(async move {
        while let Ok(message) = stdin_in.read().await {
            if let JupyterMessageContent::InputReply(reply) = &message.content
                && input.send(reply.value.clone()).is_err()
            {
                break;
            }
        }
    });

    tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let sent = match message {
                Outgoing::Shell(m) => shell_out.send(m).await,
                Outgoing::IoPub(m) => iopub.send(m).await,
                Outgoing::Stdin(m) => stdin_out.send(m).await,
            };
            if let Err(e) = sent {
                eprintln!("puzzlelab kernel: cannot send a message: {e}");
            }
        }
    });

    let _ = ready.send(Ok(()));
    // A message that does not read (a bad signature, bad JSON) is dropped
    // with a note; a socket that only fails ends the kernel.
    let mut failures = 0;
    loop {
        match shell_in.read().await {
            Ok(message) => {
                failures = 0;
                if to_session.send(Incoming::Shell(message)).is_err() {
                    return Ok(());
                }
            }
            Err(e) if failures < MAX_BAD_MESSAGES => {
                failures += 1;
                eprintln!("puzzlelab kernel: a shell message was dropped: {e}");
            }
            Err(e) => return Err(e.into()),
        }
    }
}

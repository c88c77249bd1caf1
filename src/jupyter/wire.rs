//! The kernel's sockets: the five ZeroMQ channels of the Jupyter messaging
//! protocol, signed by `jupyter-zmq-client` and bound behind the
//! size-checked gate of [`super::zmtp`], served by tasks on a
//! small tokio runtime on a thread of their own. The session (which is not
//! `Send`: it holds `Rc`s) stays on the thread that started the kernel and
//! talks to these tasks through two channels: shell requests come in on a
//! std channel, replies and outputs go out on an unbounded tokio channel,
//! sent in the order they were made by one writer task.
//!
//! Heartbeat, control (`kernel_info`, `interrupt_request`,
//! `shutdown_request`) and stdin answers are handled here, so they are
//! answered while a cell runs. A message that does not read (unsigned, bad
//! JSON) is dropped with a note on stderr, on every channel: it never costs
//! the channel.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::Duration;

use jupyter_protocol::{
    ConnectionInfo, InterruptReply, JupyterMessage, JupyterMessageContent, ReplyStatus,
    ShutdownReply,
};
use jupyter_zmq_client::{Connection, KernelHeartbeatConnection, RuntimeError};
use tokio::sync::mpsc::UnboundedReceiver;
use zeromq::{Socket, SocketRecv, SocketSend};

use super::zmtp::{Channel, Gate, Relays};

/// How long shutdown waits for its reply to reach the client.
const REPLY_GRACE: Duration = Duration::from_secs(2);

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

/// Bind every channel of `info` behind a [`Gate`] that refuses messages
/// over `max_message` bytes, and serve them until shutdown. Shell requests
/// go to `to_session`, `input` gets the `input_reply` texts, and every
/// message on `outgoing` is sent; `ready` hears once all are bound.
/// Returns when the shell socket fails.
pub async fn serve(
    info: ConnectionInfo,
    max_message: u64,
    session_id: String,
    to_session: mpsc::Sender<Incoming>,
    input: mpsc::Sender<String>,
    mut outgoing: UnboundedReceiver<Outgoing>,
    ready: mpsc::Sender<anyhow::Result<()>>,
) -> anyhow::Result<()> {
    let mut gate = Gate::new(max_message)?;
    let relays = || Arc::new(Relays::default());
    let mut heartbeat = zeromq::RepSocket::new();
    gate.guard(&mut heartbeat, Channel::Heartbeat, &info, relays())
        .await?;
    let mut shell = zeromq::RouterSocket::new();
    gate.guard(&mut shell, Channel::Shell, &info, relays())
        .await?;
    let mut control = zeromq::RouterSocket::new();
    let control_relays = relays();
    gate.guard(
        &mut control,
        Channel::Control,
        &info,
        control_relays.clone(),
    )
    .await?;
    let mut stdin = zeromq::RouterSocket::new();
    gate.guard(&mut stdin, Channel::Stdin, &info, relays())
        .await?;
    let mut iopub = zeromq::PubSocket::new();
    gate.guard(&mut iopub, Channel::IoPub, &info, relays())
        .await?;

    let key = info.key.as_str();
    let (mut shell_out, mut shell_in) = Connection::new(shell, key, &session_id).split();
    let control = Connection::new(control, key, &session_id);
    let (mut stdin_out, stdin_in) = Connection::new(stdin, key, &session_id).split();
    let mut iopub = Connection::new(iopub, key, &session_id);

    tokio::spawn(beat(KernelHeartbeatConnection { socket: heartbeat }));

    tokio::spawn(answer_control(control, control_relays));
    tokio::spawn(pass_input_replies(stdin_in, input));

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
    // The gate lives as long as the shell channel: its socket files go
    // when this returns.
    let _gate = gate;
    let mut dropped = Dropped::new(Channel::Shell);
    loop {
        match shell_in.read().await {
            Ok(message) => {
                if to_session.send(Incoming::Shell(message)).is_err() {
                    return Ok(());
                }
            }
            Err(e) if socket_failed(&e) => return Err(e.into()),
            Err(e) => dropped.note(&e),
        }
    }
}

/// Answers the control channel (`kernel_info`, `interrupt_request`,
/// `shutdown_request`) while a cell runs; after a shutdown's reply has
/// reached the client (or `REPLY_GRACE` passed), leaves the process.
async fn answer_control(
    mut control: jupyter_zmq_client::KernelControlConnection,
    control_relays: Arc<Relays>,
) {
    let mut dropped = Dropped::new(Channel::Control);
    loop {
        let message = match control.read().await {
            Ok(message) => message,
            Err(e) if socket_failed(&e) => {
                eprintln!("puzzlelab kernel: the control channel failed: {e}");
                return;
            }
            Err(e) => {
                dropped.note(&e);
                continue;
            }
        };
        let reply: JupyterMessage = match &message.content {
            JupyterMessageContent::KernelInfoRequest(_) => {
                super::kernel::kernel_info().as_child_of(&message)
            }
            JupyterMessageContent::InterruptRequest(_) => {
                crate::signals::INTERRUPTED.store(true, Ordering::Relaxed);
                InterruptReply::new().as_child_of(&message)
            }
            JupyterMessageContent::ShutdownRequest(request) => {
                // A running cell is stopped; outside solvers and
                // temporary files go with the process.
                crate::signals::INTERRUPTED.store(true, Ordering::Relaxed);
                let reply = ShutdownReply {
                    restart: request.restart,
                    status: ReplyStatus::Ok,
                    error: None,
                }
                .as_child_of(&message);
                let _ = control.send(reply).await;
                break;
            }
            _ => continue,
        };
        let _ = control.send(reply).await;
    }
    // `send` only queued the reply: closing the socket lets ZeroMQ's
    // writer flush it and close its connections, and each relay ends
    // once it has passed every byte on to the client.
    drop(control);
    control_relays.drained(REPLY_GRACE).await;
    // The socket files (ipc, the private folder) are listed
    // temporaries: leave_now removes them.
    crate::signals::leave_now(0);
}

/// Hands the text of each `input_reply` on the stdin channel to the
/// session's `input`, until the session or the socket is gone.
async fn pass_input_replies(
    mut stdin_in: jupyter_zmq_client::RouterRecvConnection,
    input: mpsc::Sender<String>,
) {
    let mut dropped = Dropped::new(Channel::Stdin);
    loop {
        match stdin_in.read().await {
            Ok(message) => {
                if let JupyterMessageContent::InputReply(reply) = &message.content
                    && input.send(reply.value.clone()).is_err()
                {
                    return;
                }
            }
            Err(e) if socket_failed(&e) => {
                eprintln!("puzzlelab kernel: the stdin channel failed: {e}");
                return;
            }
            Err(e) => dropped.note(&e),
        }
    }
}

/// Whether `e` is the socket failing, after which the channel cannot go
/// on, rather than one message that does not read (a bad signature, bad
/// JSON, missing parts), which is dropped as ipykernel drops it.
fn socket_failed(e: &RuntimeError) -> bool {
    matches!(e, RuntimeError::ZmqError(_) | RuntimeError::IoError(_))
}

/// The heartbeat: each ping is sent back as it came. A malformed one (a
/// single frame, a peer's broken framing) is skipped; only a socket with
/// no peers queue left ends it.
async fn beat(mut heartbeat: KernelHeartbeatConnection) {
    loop {
        match heartbeat.socket.recv().await {
            Ok(ping) => {
                let _ = heartbeat.socket.send(ping).await;
            }
            Err(zeromq::ZmqError::NoMessage) => return,
            Err(_) => {}
        }
    }
}

/// Notes the messages dropped on a channel on stderr: the first ones one
/// by one, then one line in a thousand, so that a flood of them does not
/// become a flood of log lines.
struct Dropped {
    channel: Channel,
    count: u64,
}

impl Dropped {
    fn new(channel: Channel) -> Dropped {
        Dropped { channel, count: 0 }
    }

    fn note(&mut self, e: &RuntimeError) {
        self.count += 1;
        if self.count <= 10 || self.count.is_multiple_of(1000) {
            // ring's error says only "Unspecified".
            let why = match e {
                RuntimeError::VerifyError(_) => {
                    "its signature does not match the key (unsigned, or signed with another key)"
                        .to_string()
                }
                RuntimeError::DecodeError(e) => format!("its signature is not hex: {e}"),
                e => e.to_string(),
            };
            eprintln!(
                "puzzlelab kernel: a {} message was dropped ({} so far): {why}",
                self.channel.name(),
                self.count
            );
        }
    }
}

//! The kernel's public ports, read by a size-checked ZMTP 3 framing layer
//! of our own before ZeroMQ sees a byte.
//!
//! Why: the `zeromq` crate reserves a frame's claimed length before any
//! check, so one TCP write without the key (a greeting, then a frame header
//! claiming 2^50 bytes) aborted the kernel. The alternatives were weighed:
//! a `[patch.crates-io]` copy of `zeromq` would be a vendored crate to keep
//! in step by hand, and libzmq's `ZMQ_MAXMSGSIZE` means building libzmq (C++,
//! cmake) on every machine and dropping `jupyter-zmq-client`. Here the
//! kernel binds the connection file's ports itself (TCP, or the `ipc`
//! transport's socket files), follows each connection's framing as it
//! streams (the 64-byte greeting, then frames and commands: a flags byte,
//! a 1- or 8-byte length), and relays the bytes unchanged to the ZeroMQ
//! socket, which listens on a Unix socket in a folder only this user can
//! enter (loopback TCP where there are no Unix sockets). A frame or a
//! multipart message claiming more than the cap closes that connection,
//! with a line on stderr, before anything of its size is allocated; the
//! channel and the other connections go on. What ZeroMQ answers is relayed
//! back as is.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use jupyter_protocol::{ConnectionInfo, Transport};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::Notify;

use crate::files::Temporary;

/// The largest message (all its frames) a client may send, unless
/// configured: ipykernel's clients send far less; a notebook's cell of
/// several megabytes fits.
pub const DEFAULT_MAX_MESSAGE: u64 = 64 << 20;

/// The environment variable that sets the cap (`--max-message` overrides it).
pub const MAX_MESSAGE_ENV: &str = "PUZZLELAB_KERNEL_MAX_MESSAGE";

/// The least cap accepted: a `kernel_info_request` needs a few hundred bytes.
pub const MIN_MAX_MESSAGE: u64 = 1 << 10;

/// What each frame costs against the cap besides its bytes: ZeroMQ keeps a
/// handle and a queue slot for each, so a message of a million empty frames
/// is no cheaper than its bytes say.
const FRAME_COST: u64 = 64;

/// ZMTP 3's greeting: signature (10 bytes), version (2), mechanism (20),
/// as-server (1), filler (31).
const GREETING_LEN: u8 = 64;

/// Frame flags: more frames follow, an 8-byte length, a command.
const MORE: u8 = 0b001;
const LONG: u8 = 0b010;
const COMMAND: u8 = 0b100;

/// Why a connection was closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The bytes are not a ZMTP 3 greeting or frame.
    NotZmtp(String),
    /// A frame or message claims more than the cap.
    OverCap {
        /// What the frame or the message so far would take.
        claimed: u64,
        cap: u64,
        /// A command frame (else a message's frames).
        command: bool,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotZmtp(why) => write!(f, "not ZMTP 3: {why}"),
            Refusal::OverCap {
                claimed,
                cap,
                command,
            } => write!(
                f,
                "{} of {claimed} bytes is over the cap of {cap} bytes (--max-message, {MAX_MESSAGE_ENV})",
                if *command { "a command" } else { "a message" }
            ),
        }
    }
}

/// Where the reader is in a connection's byte stream.
#[derive(Debug, Clone, Copy)]
enum Stage {
    /// This many bytes of the greeting seen.
    Greeting(u8),
    /// A frame's flags byte next.
    Flags,
    /// A frame's length: `got` of its `need` bytes, read so far as `value`.
    Length {
        flags: u8,
        need: u8,
        got: u8,
        value: u64,
    },
    /// This many bytes of a frame's body still to pass.
    Body(u64),
}

/// Follows the framing of the bytes a client sends, without keeping them:
/// each length is checked as soon as its header is complete.
#[derive(Debug, Clone)]
pub struct FrameCheck {
    cap: u64,
    stage: Stage,
    /// What the frames of the message being received cost so far.
    message: u64,
}

impl FrameCheck {
    /// A check for a new connection, refusing messages over `cap` bytes.
    pub fn new(cap: u64) -> FrameCheck {
        FrameCheck {
            cap,
            stage: Stage::Greeting(0),
            message: 0,
        }
    }

    /// Reads the next bytes of the stream; an error means the connection
    /// must be closed (everything before `data` was valid).
    pub fn check(&mut self, mut data: &[u8]) -> Result<(), Refusal> {
        while let Some(&byte) = data.first() {
            match &mut self.stage {
                Stage::Body(left) => {
                    // The body is passed on, not read: skip it whole.
                    let n = (*left).min(data.len() as u64);
                    *left -= n;
                    data = &data[n as usize..];
                    if *left == 0 {
                        self.stage = Stage::Flags;
                    }
                    continue;
                }
                Stage::Greeting(seen) => {
                    greeting_byte(*seen, byte)?;
                    *seen += 1;
                    if *seen == GREETING_LEN {
                        self.stage = Stage::Flags;
                    }
                }
                Stage::Flags => {
                    if byte & !(MORE | LONG | COMMAND) != 0 {
                        return Err(Refusal::NotZmtp(format!(
                            "frame flags {byte:#04x} set reserved bits"
                        )));
                    }
                    let need = if byte & LONG != 0 { 8 } else { 1 };
                    self.stage = Stage::Length {
                        flags: byte,
                        need,
                        got: 0,
                        value: 0,
                    };
                }
                Stage::Length {
                    flags,
                    need,
                    got,
                    value,
                } => {
                    *value = (*value << 8) | u64::from(byte);
                    *got += 1;
                    if *got == *need {
                        let (flags, length) = (*flags, *value);
                        self.frame(flags, length)?;
                        self.stage = if length == 0 {
                            Stage::Flags
                        } else {
                            Stage::Body(length)
                        };
                    }
                }
            }
            data = &data[1..];
        }
        Ok(())
    }

    /// A frame header is complete: its length is checked against the cap.
    fn frame(&mut self, flags: u8, length: u64) -> Result<(), Refusal> {
        let cost = length.saturating_add(FRAME_COST);
        let command = flags & COMMAND != 0;
        let claimed = if command {
            cost
        } else {
            self.message.saturating_add(cost)
        };
        if claimed > self.cap {
            return Err(Refusal::OverCap {
                claimed,
                cap: self.cap,
                command,
            });
        }
        if !command {
            // The message's last frame resets the count for the next one.
            self.message = if flags & MORE != 0 { claimed } else { 0 };
        }
        Ok(())
    }
}

/// Byte `at` of the greeting: the signature's first and last bytes and the
/// major version are checked (ZMTP 1 and 2 frame differently).
fn greeting_byte(at: u8, byte: u8) -> Result<(), Refusal> {
    let bad = |why: String| Err(Refusal::NotZmtp(why));
    match at {
        0 if byte != 0xff => bad(format!("the greeting starts with {byte:#04x}, not 0xff")),
        9 if byte & 1 == 0 => bad(format!("the greeting's signature ends with {byte:#04x}")),
        10 if byte < 3 => bad(format!("version {byte} (ZeroMQ 4's ZMTP 3 is needed)")),
        _ => Ok(()),
    }
}

/// The cap in force: `flag` (the `--max-message` value) or else the
/// environment variable, else [`DEFAULT_MAX_MESSAGE`].
pub fn max_message(flag: Option<&str>) -> Result<u64, String> {
    let env = std::env::var(MAX_MESSAGE_ENV).ok();
    let (text, name) = match (flag, env.as_deref()) {
        (Some(text), _) => (text, "--max-message"),
        (None, Some(text)) if !text.trim().is_empty() => (text, MAX_MESSAGE_ENV),
        _ => return Ok(DEFAULT_MAX_MESSAGE),
    };
    let bytes = crate::memory::parse_size(text).map_err(|e| format!("{name} {e}"))?;
    if bytes < MIN_MAX_MESSAGE {
        return Err(format!(
            "{name} needs at least 1K (no cap at all would let one frame header abort the kernel), not {text:?}"
        ));
    }
    Ok(bytes)
}

/// One of the five channels of the protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Shell,
    IoPub,
    Stdin,
    Control,
    Heartbeat,
}

impl Channel {
    /// Its name, as the connection file's keys have it.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Shell => "shell",
            Channel::IoPub => "iopub",
            Channel::Stdin => "stdin",
            Channel::Control => "control",
            Channel::Heartbeat => "hb",
        }
    }

    fn port(self, info: &ConnectionInfo) -> u16 {
        match self {
            Channel::Shell => info.shell_port,
            Channel::IoPub => info.iopub_port,
            Channel::Stdin => info.stdin_port,
            Channel::Control => info.control_port,
            Channel::Heartbeat => info.hb_port,
        }
    }
}

/// Connections being relayed on a channel, counted so that shutdown can
/// wait until the last reply is passed on.
#[derive(Default)]
pub struct Relays {
    live: AtomicUsize,
    changed: Notify,
}

impl Relays {
    /// Waits until no connection is relayed, or `limit` has passed.
    pub async fn drained(&self, limit: Duration) {
        let wait = async {
            loop {
                let changed = self.changed.notified();
                if self.live.load(Ordering::SeqCst) == 0 {
                    return;
                }
                changed.await;
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
    }
}

/// Counts one relayed connection while it lives.
struct Live(Arc<Relays>);

impl Live {
    fn new(relays: &Arc<Relays>) -> Live {
        relays.live.fetch_add(1, Ordering::SeqCst);
        Live(relays.clone())
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.0.live.fetch_sub(1, Ordering::SeqCst);
        self.0.changed.notify_waiters();
    }
}

/// A socket file the kernel made, removed when dropped and, should the
/// process leave at once, by [`crate::files::remove_temporaries`].
struct SocketFile {
    path: PathBuf,
    _listed: Temporary,
}

impl SocketFile {
    fn new(path: &Path) -> SocketFile {
        SocketFile {
            path: path.to_path_buf(),
            _listed: Temporary::new(path),
        }
    }
}

impl Drop for SocketFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// A byte stream, of either transport.
trait Stream: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Stream for T {}

/// A public port: the connection file's address.
enum Public {
    Tcp(tokio::net::TcpListener),
    #[cfg(unix)]
    Ipc(tokio::net::UnixListener),
}

impl Public {
    /// The next connection, and who made it (for the log).
    async fn accept(&self) -> std::io::Result<(Box<dyn Stream>, String)> {
        match self {
            Public::Tcp(l) => {
                let (stream, peer) = l.accept().await?;
                let _ = stream.set_nodelay(true);
                Ok((Box::new(stream), peer.to_string()))
            }
            #[cfg(unix)]
            Public::Ipc(l) => {
                let (stream, _) = l.accept().await?;
                Ok((Box::new(stream), "a local process".to_string()))
            }
        }
    }
}

/// Where a channel's ZeroMQ socket listens, inside the kernel.
#[derive(Clone)]
enum Inside {
    #[cfg(unix)]
    Unix(PathBuf),
    #[cfg(not(unix))]
    Tcp(std::net::SocketAddr),
}

impl Inside {
    async fn connect(&self) -> std::io::Result<Box<dyn Stream>> {
        match self {
            #[cfg(unix)]
            Inside::Unix(path) => Ok(Box::new(tokio::net::UnixStream::connect(path).await?)),
            #[cfg(not(unix))]
            Inside::Tcp(addr) => {
                let stream = tokio::net::TcpStream::connect(addr).await?;
                let _ = stream.set_nodelay(true);
                Ok(Box::new(stream))
            }
        }
    }
}

/// The kernel's ports: every channel's public listener relaying through a
/// [`FrameCheck`] to its ZeroMQ socket. Dropping it removes the socket
/// files it made (the `ipc` transport's, and the private folder).
pub struct Gate {
    cap: u64,
    /// The private folder of the inner sockets.
    #[cfg(unix)]
    inner: (tempfile::TempDir, Temporary),
    files: Vec<SocketFile>,
}

impl Gate {
    /// A gate refusing messages over `cap` bytes.
    pub fn new(cap: u64) -> anyhow::Result<Gate> {
        #[cfg(unix)]
        let inner = {
            // 0700: no other user can reach the sockets inside, which take
            // bytes unchecked (tempfile leaves a folder to the umask).
            use std::os::unix::fs::PermissionsExt;
            let dir = tempfile::Builder::new()
                .prefix("puzzlelab-kernel-")
                .permissions(std::fs::Permissions::from_mode(0o700))
                .tempdir()
                .map_err(|e| anyhow::anyhow!("cannot make the kernel's socket folder: {e}"))?;
            let listed = Temporary::new(dir.path());
            (dir, listed)
        };
        Ok(Gate {
            cap,
            #[cfg(unix)]
            inner,
            files: Vec::new(),
        })
    }

    /// Binds `channel`'s port of `info` and has `socket` take what passes
    /// the check; `relays` counts the connections.
    pub async fn guard(
        &mut self,
        socket: &mut impl zeromq::Socket,
        channel: Channel,
        info: &ConnectionInfo,
        relays: Arc<Relays>,
    ) -> anyhow::Result<()> {
        let public = self.bind_public(channel, info).await?;
        let inside = self.bind_inside(socket, channel).await?;
        let cap = self.cap;
        tokio::spawn(async move {
            loop {
                let (stream, peer) = match public.accept().await {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of descriptors, say: wait rather than spin.
                        eprintln!(
                            "puzzlelab kernel: cannot accept on the {} port: {e}",
                            channel.name()
                        );
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                let live = Live::new(&relays);
                let inside = inside.clone();
                tokio::spawn(async move {
                    match inside.connect().await {
                        Ok(inner) => {
                            relay(stream, inner, FrameCheck::new(cap), channel, &peer).await
                        }
                        Err(e) => eprintln!(
                            "puzzlelab kernel: cannot reach the {} socket: {e}",
                            channel.name()
                        ),
                    }
                    drop(live);
                });
            }
        });
        Ok(())
    }

    async fn bind_public(
        &mut self,
        channel: Channel,
        info: &ConnectionInfo,
    ) -> anyhow::Result<Public> {
        let port = channel.port(info);
        match info.transport {
            Transport::TCP => {
                // `*` is ZeroMQ's word for every interface.
                let host = if info.ip == "*" {
                    "0.0.0.0"
                } else {
                    info.ip.as_str()
                };
                let listener = tokio::net::TcpListener::bind((host, port))
                    .await
                    .map_err(|e| {
                        anyhow::anyhow!(
                            "cannot bind the {} port {host}:{port}: {e}",
                            channel.name()
                        )
                    })?;
                Ok(Public::Tcp(listener))
            }
            #[cfg(unix)]
            Transport::IPC => {
                let path = PathBuf::from(format!("{}-{port}", info.ip));
                let listener = tokio::net::UnixListener::bind(&path).map_err(|e| {
                    anyhow::anyhow!(
                        "cannot bind the {} socket {}: {e}",
                        channel.name(),
                        path.display()
                    )
                })?;
                self.files.push(SocketFile::new(&path));
                Ok(Public::Ipc(listener))
            }
            #[cfg(not(unix))]
            Transport::IPC => anyhow::bail!("the ipc transport needs Unix sockets; use tcp"),
        }
    }

    async fn bind_inside(
        &mut self,
        socket: &mut impl zeromq::Socket,
        channel: Channel,
    ) -> anyhow::Result<Inside> {
        let cannot = |e: &dyn fmt::Display| {
            anyhow::anyhow!("cannot bind the {} socket: {e}", channel.name())
        };
        #[cfg(unix)]
        {
            let path = self.inner.0.path().join(channel.name());
            let listener = std::os::unix::net::UnixListener::bind(&path).map_err(|e| cannot(&e))?;
            self.files.push(SocketFile::new(&path));
            socket
                .bind_listener(listener)
                .await
                .map_err(|e| cannot(&e))?;
            Ok(Inside::Unix(path))
        }
        #[cfg(not(unix))]
        {
            let listener = std::net::TcpListener::bind(("127.0.0.1", 0)).map_err(|e| cannot(&e))?;
            let addr = listener.local_addr().map_err(|e| cannot(&e))?;
            socket
                .bind_listener(listener)
                .await
                .map_err(|e| cannot(&e))?;
            Ok(Inside::Tcp(addr))
        }
    }
}

/// Passes `public`'s bytes to `inner` through `check`, and `inner`'s back
/// as they come, until either side closes or a check fails.
async fn relay(
    public: Box<dyn Stream>,
    inner: Box<dyn Stream>,
    mut check: FrameCheck,
    channel: Channel,
    peer: &str,
) {
    let (mut from_client, mut to_client) = tokio::io::split(public);
    let (mut from_kernel, mut to_kernel) = tokio::io::split(inner);
    let inbound = async {
        let mut buffer = vec![0u8; 16 << 10];
        loop {
            let n = from_client.read(&mut buffer).await.ok()?;
            if n == 0 {
                return None;
            }
            if let Err(refusal) = check.check(&buffer[..n]) {
                return Some(refusal);
            }
            to_kernel.write_all(&buffer[..n]).await.ok()?;
        }
    };
    let outbound = async {
        // ZeroMQ closing the connection (the socket closed at shutdown)
        // ends this once every byte it wrote is passed on.
        let _ = tokio::io::copy(&mut from_kernel, &mut to_client).await;
        let _ = to_client.shutdown().await;
    };
    tokio::select! {
        refused = inbound => if let Some(refusal) = refused {
            eprintln!(
                "puzzlelab kernel: closed a connection to the {} port from {peer}: {refusal}",
                channel.name()
            );
        },
        () = outbound => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn greeting() -> Vec<u8> {
        let mut g = vec![0u8; 64];
        g[0] = 0xff;
        g[9] = 0x7f;
        g[10] = 3;
        g[12..16].copy_from_slice(b"NULL");
        g
    }

    fn long_header(flags: u8, length: u64) -> Vec<u8> {
        let mut h = vec![flags | LONG];
        h.extend_from_slice(&length.to_be_bytes());
        h
    }

    #[test]
    fn a_frame_header_over_the_cap_is_refused_before_its_body() {
        let mut check = FrameCheck::new(1 << 20);
        check.check(&greeting()).unwrap();
        assert_eq!(
            check.check(&long_header(0, 1 << 50)),
            Err(Refusal::OverCap {
                claimed: (1 << 50) + FRAME_COST,
                cap: 1 << 20,
                command: false
            })
        );
        // u64::MAX saturates instead of wrapping under the cap.
        let mut check = FrameCheck::new(1 << 20);
        check.check(&greeting()).unwrap();
        assert!(check.check(&long_header(COMMAND, u64::MAX)).is_err());
    }

    #[test]
    fn frames_of_one_message_add_up_and_the_next_message_starts_afresh() {
        let cap = 1000;
        let mut check = FrameCheck::new(cap);
        check.check(&greeting()).unwrap();
        // Two frames of 400 (+64 each) fit; a third of 100 does not.
        for _ in 0..2 {
            check.check(&long_header(MORE, 400)).unwrap();
            check.check(&[7u8; 400]).unwrap();
        }
        let over = check.check(&[0, 100]);
        assert_eq!(
            over,
            Err(Refusal::OverCap {
                claimed: 2 * 464 + 164,
                cap,
                command: false
            })
        );
        // Ended by a last frame, a message's count starts again at 0.
        let mut check = FrameCheck::new(cap);
        check.check(&greeting()).unwrap();
        for _ in 0..10 {
            check.check(&long_header(MORE, 400)).unwrap();
            check.check(&[7u8; 400]).unwrap();
            check.check(&[0, 200]).unwrap();
            check.check(&[1u8; 200]).unwrap();
        }
        // Empty frames cost their handles: 16 of them pass, not 17.
        let mut check = FrameCheck::new(16 * FRAME_COST);
        check.check(&greeting()).unwrap();
        check.check(&[MORE, 0].repeat(16)).unwrap();
        assert!(check.check(&[0, 0]).is_err());
    }

    #[test]
    fn bytes_may_come_one_at_a_time() {
        let mut stream = greeting();
        stream.extend(long_header(COMMAND, 5));
        stream.extend(b"READY");
        stream.extend([MORE, 3]);
        stream.extend(b"abc");
        stream.extend(long_header(0, 2000));
        let mut check = FrameCheck::new(1500);
        let at = stream
            .iter()
            .enumerate()
            .find_map(|(i, b)| check.check(&[*b]).err().map(|e| (i, e)));
        // Refused at the last byte of the 8-byte length, not later.
        assert_eq!(at.map(|(i, _)| i), Some(stream.len() - 1));
    }

    #[test]
    fn what_is_not_zmtp_3_is_refused() {
        let mut g = greeting();
        g[0] = b'G';
        assert!(matches!(
            FrameCheck::new(1 << 20).check(&g),
            Err(Refusal::NotZmtp(_))
        ));
        let mut g = greeting();
        g[10] = 2;
        let refusal = FrameCheck::new(1 << 20).check(&g).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "not ZMTP 3: version 2 (ZeroMQ 4's ZMTP 3 is needed)"
        );
        let mut check = FrameCheck::new(1 << 20);
        check.check(&greeting()).unwrap();
        assert!(matches!(check.check(&[0x80]), Err(Refusal::NotZmtp(_))));
    }
}

//! The kernel's wire, tried as an attacker would: raw ZMTP over TCP and
//! Unix sockets (a greeting, then frame headers claiming more than the cap;
//! floods of unsigned and malformed messages on every channel), and signed
//! requests made with `jupyter-zmq-client` (the kernel's own protocol crate,
//! as a client: no Python needed) to show that each channel still answers.
//! Also: `shutdown_reply` reaches the client before the kernel leaves, the
//! `ipc` transport's socket files go with it, SIGTERM and SIGHUP during a
//! `solve_file` cell leave no temporary file, and a connection file that
//! exposes the kernel is warned about.

#![cfg(all(feature = "jupyter", unix))]

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jupyter_protocol::{
    ConnectionInfo, ExecuteRequest, InputReply, InterruptRequest, JupyterMessage,
    JupyterMessageContent, KernelInfoRequest, ReplyStatus, ShutdownRequest, Transport,
};
use jupyter_zmq_client::{
    create_client_control_connection, create_client_heartbeat_connection,
    create_client_shell_connection_with_identity, create_client_stdin_connection_with_identity,
    peer_identity_for_session,
};

use crate::common::{Scratch, scratch_dir};

/// How long any one answer may take.
const PATIENCE: Duration = Duration::from_secs(30);

/// A running kernel, its connection file's contents and its stderr so far.
struct Kernel {
    child: Child,
    info: ConnectionInfo,
    stderr: Arc<Mutex<String>>,
    dir: Scratch,
}

impl Kernel {
    /// Starts `puzzlelab jupyter kernel` with a fresh connection file
    /// (`key`, `transport`; `ip` for TCP, else a path prefix in its scratch
    /// folder) and `env`; waits until its shell port is bound.
    fn start(key: &str, transport: Transport, ip: &str, env: &[(&str, &str)]) -> Kernel {
        let dir = scratch_dir("jupyter-wire");
        let ports = free_ports();
        let ip = match transport {
            Transport::TCP => ip.to_string(),
            Transport::IPC => dir.join("kernel").to_str().unwrap().to_string(),
        };
        let info = ConnectionInfo {
            ip,
            transport,
            shell_port: ports[0],
            iopub_port: ports[1],
            stdin_port: ports[2],
            control_port: ports[3],
            hb_port: ports[4],
            key: key.to_string(),
            signature_scheme: "hmac-sha256".to_string(),
            kernel_name: None,
        };
        let file = dir.join("kernel.json");
        std::fs::write(&file, serde_json::to_string(&info).unwrap()).unwrap();
        // The kernel's private socket folder goes here, to be looked for.
        std::fs::create_dir(dir.join("tmp")).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlelab"));
        command
            .args(["jupyter", "kernel", "-f", file.to_str().unwrap()])
            .env("PUZZLELAB_HOME", dir.join("home"))
            .env("TMPDIR", dir.join("tmp"))
            .env_remove("PUZZLELAB_KERNEL_MAX_MESSAGE")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().unwrap();
        let stderr = Arc::new(Mutex::new(String::new()));
        let pipe = child.stderr.take().unwrap();
        let sink = stderr.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                let mut text = sink.lock().unwrap();
                text.push_str(&line);
                text.push('\n');
            }
        });
        let kernel = Kernel {
            child,
            info,
            stderr,
            dir,
        };
        let start = Instant::now();
        // The shell port is bound first of the last: iopub is bound last.
        while kernel.connect(kernel.info.iopub_port).is_err() {
            assert!(
                start.elapsed() < PATIENCE,
                "the kernel did not bind its ports: {}",
                kernel.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        kernel
    }

    /// A plain byte stream to one of its ports.
    fn connect(&self, port: u16) -> std::io::Result<Box<dyn Duplex>> {
        match self.info.transport {
            Transport::TCP => {
                let s = std::net::TcpStream::connect((self.info.ip.as_str(), port))?;
                s.set_read_timeout(Some(PATIENCE))?;
                Ok(Box::new(s))
            }
            Transport::IPC => {
                let s = UnixStream::connect(format!("{}-{port}", self.info.ip))?;
                s.set_read_timeout(Some(PATIENCE))?;
                Ok(Box::new(s))
            }
        }
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Its exit status, waiting `limit` at most (then killed: `None`).
    fn exit_within(&mut self, limit: Duration) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        None
    }

    /// The peak resident memory of the process, in bytes.
    fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        kib * 1024
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

trait Duplex: Read + Write {}
impl<T: Read + Write> Duplex for T {}

/// Five ports free on loopback just now.
fn free_ports() -> Vec<u16> {
    let listeners: Vec<std::net::TcpListener> = (0..5)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// ZMTP 3.0's greeting with the NULL mechanism, as a client sends it.
fn greeting() -> Vec<u8> {
    let mut g = vec![0u8; 64];
    g[0] = 0xff;
    g[9] = 0x7f;
    g[10] = 3;
    g[12..16].copy_from_slice(b"NULL");
    g
}

/// A frame: flags (more, command) and the length in the short or long form.
fn frame(body: &[u8], more: bool, command: bool) -> Vec<u8> {
    let flags = u8::from(more) | (u8::from(command) << 2);
    let mut out = if body.len() < 256 {
        vec![flags, body.len() as u8]
    } else {
        let mut h = vec![flags | 2];
        h.extend_from_slice(&(body.len() as u64).to_be_bytes());
        h
    };
    out.extend_from_slice(body);
    out
}

/// A frame header claiming `length` bytes (the 8-byte form).
fn long_header(length: u64, more: bool) -> Vec<u8> {
    let mut h = vec![2 | u8::from(more)];
    h.extend_from_slice(&length.to_be_bytes());
    h
}

/// A ZMTP peer of ours: greeting and READY exchanged with the kernel.
struct Raw(Box<dyn Duplex>);

impl Raw {
    /// Connects to `port` as a `socket_type` (DEALER, SUB, REQ) socket.
    fn handshake(kernel: &Kernel, port: u16, socket_type: &str) -> Raw {
        let mut stream = kernel.connect(port).unwrap();
        stream.write_all(&greeting()).unwrap();
        let mut theirs = [0u8; 64];
        stream.read_exact(&mut theirs).unwrap();
        assert_eq!((theirs[0], theirs[10]), (0xff, 3), "{theirs:?}");
        let mut ready = b"\x05READY\x0bSocket-Type".to_vec();
        ready.extend_from_slice(&(socket_type.len() as u32).to_be_bytes());
        ready.extend_from_slice(socket_type.as_bytes());
        stream.write_all(&frame(&ready, false, true)).unwrap();
        let mut raw = Raw(stream);
        let (flags, body) = raw.read_frame().unwrap();
        assert!(flags & 4 != 0 && body.starts_with(b"\x05READY"), "{body:?}");
        raw
    }

    fn send(&mut self, frames: &[&[u8]]) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        for (i, f) in frames.iter().enumerate() {
            bytes.extend(frame(f, i + 1 < frames.len(), false));
        }
        self.0.write_all(&bytes)
    }

    fn read_frame(&mut self) -> std::io::Result<(u8, Vec<u8>)> {
        let mut flags = [0u8; 1];
        self.0.read_exact(&mut flags)?;
        let length = if flags[0] & 2 != 0 {
            let mut l = [0u8; 8];
            self.0.read_exact(&mut l)?;
            u64::from_be_bytes(l)
        } else {
            let mut l = [0u8; 1];
            self.0.read_exact(&mut l)?;
            u64::from(l[0])
        };
        let mut body = vec![0u8; length as usize];
        self.0.read_exact(&mut body)?;
        Ok((flags[0], body))
    }
}

/// Whether the kernel closes `stream` (end of file or reset) before
/// [`PATIENCE`] is up, whatever it sent first.
fn closed_by_kernel(stream: &mut dyn Duplex) -> bool {
    let mut sink = [0u8; 4096];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

/// The five ports of `kernel`, with the socket type a client uses on each.
fn ports(kernel: &Kernel) -> [(&'static str, u16, &'static str); 5] {
    let i = &kernel.info;
    [
        ("shell", i.shell_port, "DEALER"),
        ("iopub", i.iopub_port, "SUB"),
        ("stdin", i.stdin_port, "DEALER"),
        ("control", i.control_port, "DEALER"),
        ("hb", i.hb_port, "REQ"),
    ]
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Runs `work` against the kernel, failing after [`PATIENCE`].
fn within<T>(work: impl std::future::Future<Output = T>) -> T {
    runtime().block_on(async {
        tokio::time::timeout(PATIENCE, work)
            .await
            .expect("the kernel answered in time")
    })
}

/// Sends `content` on a signed shell connection and returns the reply.
async fn shell_request(
    info: &ConnectionInfo,
    content: impl Into<JupyterMessageContent>,
) -> JupyterMessage {
    let session = uuid::Uuid::new_v4().to_string();
    let identity = peer_identity_for_session(&session).unwrap();
    let mut shell = create_client_shell_connection_with_identity(info, &session, identity)
        .await
        .unwrap();
    let request = JupyterMessage::new(content, None);
    let id = request.header.msg_id.clone();
    shell.send(request).await.unwrap();
    loop {
        let reply = shell.read().await.unwrap();
        if reply.parent_header.as_ref().is_some_and(|p| p.msg_id == id) {
            return reply;
        }
    }
}

/// Sends `content` on a signed control connection and returns the reply.
async fn control_request(
    info: &ConnectionInfo,
    content: impl Into<JupyterMessageContent>,
) -> JupyterMessage {
    let session = uuid::Uuid::new_v4().to_string();
    let mut control = create_client_control_connection(info, &session)
        .await
        .unwrap();
    let request = JupyterMessage::new(content, None);
    let id = request.header.msg_id.clone();
    control.send(request).await.unwrap();
    loop {
        let reply = control.read().await.unwrap();
        if reply.parent_header.as_ref().is_some_and(|p| p.msg_id == id) {
            return reply;
        }
    }
}

/// The kernel answers `kernel_info_request` on shell and control, and its
/// heartbeat echoes.
fn assert_serving(kernel: &mut Kernel) {
    assert!(kernel.alive(), "the kernel ended: {}", kernel.stderr());
    let info = kernel.info.clone();
    within(async {
        for reply in [
            shell_request(&info, KernelInfoRequest {}).await,
            control_request(&info, KernelInfoRequest {}).await,
        ] {
            match reply.content {
                JupyterMessageContent::KernelInfoReply(r) => {
                    assert_eq!(r.implementation, "puzzlelab")
                }
                other => panic!("{other:?}"),
            }
        }
        let mut heartbeat = create_client_heartbeat_connection(&info).await.unwrap();
        heartbeat.single_heartbeat().await.unwrap();
    });
}

#[test]
fn a_frame_over_the_cap_closes_its_connection_and_the_kernel_goes_on() {
    for transport in [Transport::TCP, Transport::IPC] {
        let mut kernel = Kernel::start(
            "secret",
            transport.clone(),
            "127.0.0.1",
            &[("PUZZLELAB_KERNEL_MAX_MESSAGE", "1M")],
        );
        for (name, port, socket_type) in ports(&kernel) {
            // A greeting, then a frame claiming 2^50 bytes: this aborted the
            // kernel (the zeromq crate reserved the claimed length).
            let mut stream = kernel.connect(port).unwrap();
            let mut bytes = greeting();
            bytes.extend(long_header(1 << 50, false));
            stream.write_all(&bytes).unwrap();
            assert!(closed_by_kernel(&mut *stream), "{transport:?} {name}");
            // A command frame over the cap, and a frame header alone.
            for header in [vec![6u8], vec![2u8]] {
                let mut stream = kernel.connect(port).unwrap();
                let mut bytes = greeting();
                bytes.extend(header);
                bytes.extend((u64::MAX).to_be_bytes());
                stream.write_all(&bytes).unwrap();
                assert!(closed_by_kernel(&mut *stream), "{transport:?} {name}");
            }
            // After the handshake: three frames of 400 KiB each fit the
            // cap of 1 MiB alone, but not together as one message.
            let mut raw = Raw::handshake(&kernel, port, socket_type);
            let part = vec![b'x'; 400 << 10];
            let _ = raw.send(&[&part, &part, &part]);
            assert!(closed_by_kernel(&mut *raw.0), "{transport:?} {name}");
            // Not ZMTP 3 at all.
            let mut stream = kernel.connect(port).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
            assert!(closed_by_kernel(&mut *stream), "{transport:?} {name}");
        }
        // A message under the cap passes: the kernel drops it for its
        // missing signature and the connection stays open.
        let mut raw = Raw::handshake(&kernel, kernel.info.shell_port, "DEALER");
        let big = vec![b'{'; 900 << 10];
        raw.send(&[b"<IDS|MSG>", b"", b"{}", b"{}", b"{}", &big])
            .unwrap();
        assert_serving(&mut kernel);
        let stderr = kernel.stderr();
        for (name, _, _) in ports(&kernel) {
            let closed = format!("closed a connection to the {name} port from ");
            assert_eq!(stderr.matches(&closed).count(), 5, "{name}:\n{stderr}");
        }
        assert!(
            stderr.contains(
                "a message of 1125899906842688 bytes is over the cap of 1048576 bytes \
                 (--max-message, PUZZLELAB_KERNEL_MAX_MESSAGE)"
            ),
            "{stderr}"
        );
        // 3 × (400 KiB + 64) from the third frame's header on.
        assert!(
            stderr.contains(&format!("a message of {} bytes", 3 * ((400 << 10) + 64))),
            "{stderr}"
        );
        assert!(
            stderr.contains("a command of 18446744073709551615 bytes"),
            "{stderr}"
        );
        assert!(stderr.contains("not ZMTP 3: the greeting starts with 0x47"));
        let stderr = wait_for_stderr(&kernel, "a shell message was dropped (1 so far)");
        assert!(
            stderr.contains("a shell message was dropped (1 so far)"),
            "{stderr}"
        );
        // The connection under the cap was not closed: five per port.
        assert_eq!(
            stderr.matches("closed a connection").count(),
            25,
            "{stderr}"
        );
        // Nothing near a claimed size was ever allocated.
        let peak = kernel.peak_memory();
        assert!(peak < 200 << 20, "{transport:?}: peak {peak} bytes");
        drop(raw);
    }
}

/// An unsigned request in Jupyter's shape (the identities are the
/// kernel's business), a bad hex signature, missing parts, one frame.
fn bad_messages(i: usize) -> Vec<Vec<u8>> {
    let header = format!(
        r#"{{"msg_id":"bad-{i}","session":"s","username":"u","date":"2025-01-01T00:00:00Z","msg_type":"shutdown_request","version":"5.3"}}"#
    );
    match i % 4 {
        0 => vec![
            b"<IDS|MSG>".to_vec(),
            b"".to_vec(),
            header.into_bytes(),
            b"{}".to_vec(),
            b"{}".to_vec(),
            br#"{"restart":false}"#.to_vec(),
        ],
        1 => vec![
            b"<IDS|MSG>".to_vec(),
            b"zz-not-hex".to_vec(),
            header.into_bytes(),
            b"{}".to_vec(),
            b"{}".to_vec(),
            b"{}".to_vec(),
        ],
        2 => vec![b"<IDS|MSG>".to_vec(), b"".to_vec(), b"{}".to_vec()],
        _ => vec![b"one frame".to_vec()],
    }
}

#[test]
fn bad_messages_are_dropped_and_every_channel_goes_on() {
    let mut kernel = Kernel::start("secret", Transport::TCP, "127.0.0.1", &[]);
    for (name, port, socket_type) in ports(&kernel) {
        if name == "iopub" {
            continue;
        }
        let mut raw = Raw::handshake(&kernel, port, socket_type);
        for i in 0..150 {
            let frames = bad_messages(i);
            let frames: Vec<&[u8]> = frames.iter().map(Vec::as_slice).collect();
            raw.send(&frames).unwrap();
        }
    }
    // An unsigned shutdown_request was among them: the kernel is still here.
    assert_serving(&mut kernel);
    let info = kernel.info.clone();
    within(async {
        let reply = control_request(&info, InterruptRequest {}).await;
        assert!(
            matches!(reply.content, JupyterMessageContent::InterruptReply(_)),
            "{reply:?}"
        );
        // Input requests are still answered: the driver's interactive cell.
        let session = uuid::Uuid::new_v4().to_string();
        let identity = peer_identity_for_session(&session).unwrap();
        let mut shell =
            create_client_shell_connection_with_identity(&info, &session, identity.clone())
                .await
                .unwrap();
        let mut stdin = create_client_stdin_connection_with_identity(&info, &session, identity)
            .await
            .unwrap();
        let mut request = ExecuteRequest::new(r#"pentomino("V")"#.to_string());
        request.allow_stdin = true;
        let request = JupyterMessage::new(request, None);
        let id = request.header.msg_id.clone();
        shell.send(request).await.unwrap();
        let answers = ["1", "Z", "1", "", "n"];
        for answer in answers {
            let asked = stdin.read().await.unwrap();
            assert!(
                matches!(asked.content, JupyterMessageContent::InputRequest(_)),
                "{asked:?}"
            );
            let reply = InputReply {
                value: answer.to_string(),
                status: ReplyStatus::Ok,
                error: None,
            };
            stdin
                .send(JupyterMessage::new(reply, Some(&asked)))
                .await
                .unwrap();
        }
        let reply = loop {
            let reply = shell.read().await.unwrap();
            if reply.parent_header.as_ref().is_some_and(|p| p.msg_id == id) {
                break reply;
            }
        };
        match reply.content {
            JupyterMessageContent::ExecuteReply(r) => assert_eq!(r.status, ReplyStatus::Ok),
            other => panic!("{other:?}"),
        }
    });
    let stderr = kernel.stderr();
    for name in ["shell", "control", "stdin"] {
        // Ten noted one by one, then a line a thousand: 150 leave 10 lines.
        let dropped = format!("a {name} message was dropped (");
        assert_eq!(stderr.matches(&dropped).count(), 10, "{name}:\n{stderr}");
        assert!(stderr.contains(&format!("a {name} message was dropped (10 so far): ")));
        for why in [
            "its signature does not match the key (unsigned, or signed with another key)",
            "its signature is not hex: ",
            "Missing delimiter",
        ] {
            let line = format!("a {name} message was dropped (");
            assert!(
                stderr.lines().any(|l| l.contains(&line) && l.contains(why)),
                "{name}: {why}\n{stderr}"
            );
        }
    }
    assert!(!stderr.contains("failed"), "{stderr}");
    assert!(kernel.alive());
}

#[test]
fn shutdown_reply_reaches_the_client_and_the_socket_files_go() {
    for transport in [Transport::TCP, Transport::IPC] {
        let mut kernel = Kernel::start("secret", transport.clone(), "127.0.0.1", &[]);
        let socket_files = |dir: &Path| -> Vec<String> {
            std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("kernel-") || n.starts_with("puzzlelab-kernel-"))
                .collect()
        };
        let tmp = kernel.dir.join("tmp");
        let before = (socket_files(&tmp).len(), socket_files(&kernel.dir).len());
        let info = kernel.info.clone();
        let reply = within(control_request(&info, ShutdownRequest { restart: false }));
        match reply.content {
            JupyterMessageContent::ShutdownReply(r) => {
                assert_eq!((r.status, r.restart), (ReplyStatus::Ok, false))
            }
            other => panic!("{other:?}"),
        }
        // The private socket folder; the ipc transport's five files.
        let ipc = if transport == Transport::IPC { 5 } else { 0 };
        assert_eq!(before, (1, ipc), "{transport:?}");
        assert_eq!(kernel.exit_within(PATIENCE), Some(0), "{}", kernel.stderr());
        assert_eq!(socket_files(&kernel.dir), Vec::<String>::new());
        assert_eq!(socket_files(&tmp), Vec::<String>::new());
    }
}

/// A valid puzzle, fed to `solve_file` without end.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The `.puzzlelab-*.tmp` files in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".puzzlelab-") && n.ends_with(".tmp"))
        .collect()
}

#[test]
fn sigterm_and_sighup_during_a_solve_file_cell_leave_no_temporary_file() {
    for (signal, status) in [("-TERM", 143), ("-HUP", 129)] {
        let mut kernel = Kernel::start("secret", Transport::TCP, "127.0.0.1", &[]);
        let work = kernel.dir.join("work");
        std::fs::create_dir(&work).unwrap();
        let fifo = work.join("endless.txt");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let out = work.join("out.txt");
        std::fs::write(&out, "old\n").unwrap();
        let feeder = {
            let fifo: PathBuf = fifo.clone();
            std::thread::spawn(move || {
                let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) else {
                    return;
                };
                let block = format!("{PUZZLE}\n").repeat(4096);
                while f.write_all(block.as_bytes()).is_ok() {}
            })
        };
        let code = format!(
            r#"solve_file("{}", #{{out: "{}", threads: 1}})"#,
            fifo.display(),
            out.display()
        );
        let info = kernel.info.clone();
        // The cell is sent and left running.
        let rt = runtime();
        let _shell = rt.block_on(async {
            let session = uuid::Uuid::new_v4().to_string();
            let identity = peer_identity_for_session(&session).unwrap();
            let mut shell = create_client_shell_connection_with_identity(&info, &session, identity)
                .await
                .unwrap();
            let request = JupyterMessage::new(ExecuteRequest::new(code), None);
            shell.send(request).await.unwrap();
            // The runtime runs the client's writer while this waits.
            let start = Instant::now();
            while temporaries(&work).is_empty() {
                assert!(start.elapsed() < PATIENCE, "{}", kernel.stderr());
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            shell
        });
        std::thread::sleep(Duration::from_millis(300));
        let sent = Command::new("kill")
            .args([signal, &kernel.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let sent = Instant::now();
        assert_eq!(
            kernel.exit_within(PATIENCE),
            Some(status),
            "{signal}: {}",
            kernel.stderr()
        );
        assert!(
            sent.elapsed() < Duration::from_secs(3),
            "{:?}",
            sent.elapsed()
        );
        feeder.join().unwrap();
        assert_eq!(temporaries(&work), Vec::<String>::new(), "{signal}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old\n");
        assert_eq!(
            std::fs::read_dir(kernel.dir.join("tmp")).unwrap().count(),
            0
        );
    }
}

/// Waits until `kernel`'s stderr contains `text`.
fn wait_for_stderr(kernel: &Kernel, text: &str) -> String {
    let start = Instant::now();
    loop {
        let stderr = kernel.stderr();
        if stderr.contains(text) || start.elapsed() > PATIENCE {
            return stderr;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_unsigned_or_exposed_kernel_is_warned_about_and_the_cap_is_checked() {
    let kernel = Kernel::start("", Transport::TCP, "127.0.0.1", &[]);
    let file = kernel.dir.join("kernel.json");
    let stderr = wait_for_stderr(&kernel, "WARNING");
    assert_eq!(
        stderr,
        format!(
            "puzzlelab kernel: WARNING: {} has an empty key: messages are not signed, \
             and anyone who can reach the kernel's ports can run code as you\n",
            file.display()
        )
    );
    drop(kernel);
    // `::` where this machine has IPv6.
    let ipv6 = std::net::TcpListener::bind("[::1]:0").is_ok();
    for ip in ["0.0.0.0", "::"]
        .into_iter()
        .filter(|ip| ipv6 || !ip.contains(':'))
    {
        let kernel = Kernel::start("secret", Transport::TCP, ip, &[]);
        let stderr = wait_for_stderr(&kernel, "WARNING");
        assert_eq!(
            stderr,
            format!(
                "puzzlelab kernel: WARNING: {} asks for ip {ip}: the kernel's ports are bound on \
                 every network interface, open to other machines (127.0.0.1 keeps them to this one)\n",
                kernel.dir.join("kernel.json").display()
            )
        );
    }
    // A cap of nothing, or one that does not read, is refused.
    let dir = scratch_dir("jupyter-cap");
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlelab"));
        command.args([
            "jupyter",
            "kernel",
            "-f",
            dir.join("none.json").to_str().unwrap(),
        ]);
        command
            .args(args)
            .env_remove("PUZZLELAB_KERNEL_MAX_MESSAGE");
        for (k, v) in env {
            command.env(k, v);
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(
        run(&["--max-message", "0"], &[]),
        (
            Some(1),
            "puzzlelab jupyter: --max-message needs at least 1K (no cap at all would let one \
             frame header abort the kernel), not \"0\"\n"
                .to_string()
        )
    );
    let (code, stderr) = run(&[], &[("PUZZLELAB_KERNEL_MAX_MESSAGE", "lots")]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with("puzzlelab jupyter: PUZZLELAB_KERNEL_MAX_MESSAGE needs a size such as"),
        "{stderr}"
    );
}

/// A cell blocked reading a FIFO that no one writes stops at the first
/// `interrupt_request` (the readers poll the interrupt while they wait):
/// its reply is an error saying it was stopped, within seconds, and the
/// kernel goes on serving.
#[test]
fn an_interrupt_stops_a_cell_waiting_on_a_fifo() {
    let mut kernel = Kernel::start("secret", Transport::TCP, "127.0.0.1", &[]);
    let fifo = kernel.dir.join("nobody-writes.txt");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let code = format!(r#"read_file("{}").len()"#, fifo.display());
    let info = kernel.info.clone();
    let (reply, took) = within(async {
        let session = uuid::Uuid::new_v4().to_string();
        let identity = peer_identity_for_session(&session).unwrap();
        let mut shell = create_client_shell_connection_with_identity(&info, &session, identity)
            .await
            .unwrap();
        let request = JupyterMessage::new(ExecuteRequest::new(code), None);
        let id = request.header.msg_id.clone();
        shell.send(request).await.unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let sent = Instant::now();
        let interrupted = control_request(&info, InterruptRequest {}).await;
        assert!(matches!(
            interrupted.content,
            JupyterMessageContent::InterruptReply(_)
        ));
        loop {
            let reply = shell.read().await.unwrap();
            if reply.parent_header.as_ref().is_some_and(|p| p.msg_id == id) {
                return (reply, sent.elapsed());
            }
        }
    });
    match reply.content {
        JupyterMessageContent::ExecuteReply(r) => {
            assert_eq!(r.status, ReplyStatus::Error);
            let error = r.error.expect("the error");
            assert!(error.evalue.contains("stopped"), "{}", error.evalue);
        }
        other => panic!("not an execute_reply: {other:?}"),
    }
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_serving(&mut kernel);
}

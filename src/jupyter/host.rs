//! The kernel's [`Host`]: how a script session meets a notebook. `print`
//! goes to the cell's stdout stream and diagnostics to its stderr stream,
//! `display` sends a `display_data` (text and, when the value has one, its
//! SVG picture), an interactive function's answers are asked for with
//! `input_request` (when the front end allows input), SIGINT (the
//! notebook's interrupt button) cancels, and a long job shows its progress
//! as one display updated in place.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use jupyter_protocol::{
    DisplayData, InputRequest, JupyterMessage, Media, MediaType, StreamContent, Transient,
    UpdateDisplayData,
};
use tokio::sync::mpsc::UnboundedSender;

use super::wire::Outgoing;
use crate::monitor::{Monitor, Progress};
use crate::script::host::Host;
use crate::signals::{INTERRUPTED, stop_asked};

/// How long a job runs before its progress display appears.
const PROGRESS_DELAY: Duration = Duration::from_millis(300);

/// Least time between two updates of a progress display.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Sends a cell's outputs: the outgoing channel and the request they answer.
#[derive(Clone)]
pub struct Outbox {
    out: UnboundedSender<Outgoing>,
    parent: Arc<JupyterMessage>,
}

impl Outbox {
    /// An outbox for the answers to `parent`.
    pub fn new(out: UnboundedSender<Outgoing>, parent: JupyterMessage) -> Outbox {
        Outbox {
            out,
            parent: Arc::new(parent),
        }
    }

    /// The request being answered.
    pub fn parent(&self) -> &JupyterMessage {
        &self.parent
    }

    /// Send `content` on IOPub as a child of the request.
    pub fn iopub(&self, content: impl Into<jupyter_protocol::JupyterMessageContent>) {
        let message = JupyterMessage::new(content, Some(&self.parent));
        let _ = self.out.send(Outgoing::IoPub(message));
    }

    /// Send `content` as the shell reply to the request.
    pub fn reply(&self, content: impl Into<jupyter_protocol::JupyterMessageContent>) {
        let message = JupyterMessage::new(content, Some(&self.parent));
        let _ = self.out.send(Outgoing::Shell(message));
    }
}

/// The media of a value: its text as the REPL prints it, and its SVG
/// picture when it has one.
pub fn media(text: &str, svg: Option<&str>) -> Media {
    let mut types = vec![MediaType::Plain(text.to_string())];
    if let Some(svg) = svg {
        types.push(MediaType::Svg(svg.to_string()));
    }
    Media::new(types)
}

/// The kernel's host. The request being answered changes from cell to cell
/// ([`KernelHost::answer`]); with none (between cells) output is dropped.
pub struct KernelHost {
    out: UnboundedSender<Outgoing>,
    current: RefCell<Option<Outbox>>,
    /// Whether the current request allows `input_request`.
    allow_stdin: std::cell::Cell<bool>,
    input: Mutex<mpsc::Receiver<String>>,
}

impl KernelHost {
    /// A host sending on `out`, reading answers from `input`.
    pub fn new(out: UnboundedSender<Outgoing>, input: mpsc::Receiver<String>) -> KernelHost {
        KernelHost {
            out,
            current: RefCell::new(None),
            allow_stdin: std::cell::Cell::new(false),
            input: Mutex::new(input),
        }
    }

    /// From now on, outputs answer `parent` (whose `allow_stdin` says whether
    /// interactive functions may ask for input).
    pub fn answer(&self, parent: JupyterMessage, allow_stdin: bool) -> Outbox {
        let outbox = Outbox::new(self.out.clone(), parent);
        *self.current.borrow_mut() = Some(outbox.clone());
        self.allow_stdin.set(allow_stdin);
        outbox
    }

    /// An outbox answering `parent` that leaves the current request as it is.
    pub fn outbox_for(&self, parent: JupyterMessage) -> Outbox {
        Outbox::new(self.out.clone(), parent)
    }

    fn stream(&self, content: StreamContent) {
        if let Some(outbox) = &*self.current.borrow() {
            outbox.iopub(content);
        }
    }
}

impl Host for KernelHost {
    fn print(&self, line: &str) {
        self.stream(StreamContent::stdout(&format!("{line}\n")));
    }

    fn note(&self, line: &str) {
        self.stream(StreamContent::stderr(&format!("{line}\n")));
    }

    fn read_line(&self) -> Option<String> {
        if !self.allow_stdin.get() {
            return None;
        }
        let outbox = self.current.borrow().clone()?;
        let request = InputRequest {
            prompt: String::new(),
            password: false,
        };
        let message = JupyterMessage::new(request, Some(outbox.parent()));
        let _ = self.out.send(Outgoing::Stdin(message));
        let input = self.input.lock().ok()?;
        // The interrupt button stops the wait as it stops a job.
        loop {
            match input.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => return Some(line),
                Err(mpsc::RecvTimeoutError::Timeout) if !stop_asked() => {}
                Err(_) => return None,
            }
        }
    }

    fn echo_input(&self) -> bool {
        // The front end shows what was typed in its input box.
        false
    }

    fn colour(&self) -> bool {
        false
    }

    fn cancelled(&self) -> bool {
        stop_asked()
    }

    fn take_cancel(&self) -> bool {
        INTERRUPTED.swap(false, Ordering::Relaxed)
    }

    fn monitor(&self) -> Box<dyn Monitor> {
        Box::new(ProgressDisplay {
            outbox: self.current.borrow().clone(),
            id: uuid::Uuid::new_v4().to_string(),
            start: Instant::now(),
            last: Mutex::new(None),
            stopped: AtomicBool::new(false),
        })
    }

    fn display(&self, text: &str, svg: Option<&str>) -> bool {
        let Some(outbox) = &*self.current.borrow() else {
            return false;
        };
        outbox.iopub(DisplayData::new(media(text, svg)));
        true
    }
}

/// A long job's progress as one display in the cell's output, sent once the
/// job has run [`PROGRESS_DELAY`] and updated in place (`update_display_data`
/// with the same `display_id`) at most every [`PROGRESS_EVERY`]; its last
/// state says whether the job finished or was stopped.
struct ProgressDisplay {
    outbox: Option<Outbox>,
    id: String,
    start: Instant,
    /// When it was last drawn, and the last progress drawn.
    last: Mutex<Option<(Instant, Progress)>>,
    /// Whether the job was told to stop.
    stopped: AtomicBool,
}

impl ProgressDisplay {
    fn text(&self, p: &Progress, end: Option<&str>) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = p.done as f64 / secs.max(1e-9);
        let done = match p.total.filter(|&t| t > 0) {
            Some(total) => format!("{}/{total}", p.done.min(total)),
            None => format!("{} done", p.done),
        };
        let tail = end.unwrap_or("the interrupt button stops it");
        format!(
            "{}: {done}, found {}, {rate:.0}/s, {secs:.1}s; {tail}",
            p.label, p.found
        )
    }
}

impl Monitor for ProgressDisplay {
    fn cancelled(&self) -> bool {
        let stop = stop_asked();
        if stop {
            self.stopped.store(true, Ordering::Relaxed);
        }
        stop
    }

    fn report(&self, progress: &Progress) {
        let Some(outbox) = &self.outbox else {
            return;
        };
        if self.start.elapsed() < PROGRESS_DELAY {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let now = Instant::now();
        let first = last.is_none();
        if let Some((at, _)) = &*last
            && now.duration_since(*at) < PROGRESS_EVERY
        {
            return;
        }
        let data = media(&self.text(progress, None), None);
        if first {
            let mut display = DisplayData::new(data);
            display.transient = Some(Transient {
                display_id: Some(self.id.clone()),
            });
            outbox.iopub(display);
        } else {
            outbox.iopub(UpdateDisplayData::new(data, &self.id));
        }
        *last = Some((now, progress.clone()));
    }
}

impl Drop for ProgressDisplay {
    fn drop(&mut self) {
        let (Some(outbox), Ok(last)) = (&self.outbox, self.last.lock()) else {
            return;
        };
        if let Some((_, progress)) = &*last {
            let end = if self.stopped.load(Ordering::Relaxed) {
                "stopped"
            } else {
                "finished"
            };
            outbox.iopub(UpdateDisplayData::new(
                media(&self.text(progress, Some(end)), None),
                &self.id,
            ));
        }
    }
}

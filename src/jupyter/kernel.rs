//! The session side of the kernel: one [`CommandContext`] (the session
//! and its commands, as the REPL drives them) on the kernel's main thread
//! answers the shell requests in the order they came: cells run as REPL
//! lines do (state kept between cells, `:commands`, errors worded as the
//! REPL words them; a cell's inputs one after another, each showing its
//! value, as a lab's section shows them), completion and the completeness check are the REPL's,
//! and inspection shows `help`'s text for the name under the cursor.

use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::mpsc;

use jupyter_protocol::{
    CodeMirrorMode, CompleteReply, ErrorOutput, ExecuteInput, ExecuteReply, ExecuteResult,
    ExecutionCount, InspectReply, IsCompleteReply, IsCompleteReplyStatus, JupyterMessage,
    JupyterMessageContent, KernelInfoReply, LanguageInfo, Media, MediaType, ReplyError,
    ReplyStatus, Status, StreamContent,
};
use rhai::Dynamic;

use super::host::{KernelHost, Outbox, media};
use super::wire::Incoming;
use crate::commands::{CommandContext, caret, describe_error, did_you_mean, is_command};
use crate::lab::LabState;
use crate::script::Limits;
use crate::script::session::{EvalError, Session};
use crate::signals::INTERRUPTED;

/// The `kernel_info_reply`: Rhai as the language, `.rhai` files, and
/// JavaScript's CodeMirror mode and Pygments lexer (Rhai's syntax is
/// JavaScript-like; neither knows Rhai).
pub fn kernel_info() -> KernelInfoReply {
    KernelInfoReply {
        status: ReplyStatus::Ok,
        protocol_version: "5.3".to_string(),
        implementation: "puzzlelab".to_string(),
        implementation_version: env!("CARGO_PKG_VERSION").to_string(),
        language_info: LanguageInfo {
            name: "rhai".to_string(),
            version: "1".to_string(),
            mimetype: Some("text/x-rhai".to_string()),
            file_extension: Some(".rhai".to_string()),
            pygments_lexer: Some("javascript".to_string()),
            codemirror_mode: Some(CodeMirrorMode::Simple("javascript".to_string())),
            nbconvert_exporter: None,
        },
        banner: format!(
            "puzzlelab {}: help lists the functions, help(\"name\") explains one",
            env!("CARGO_PKG_VERSION")
        ),
        help_links: vec![],
        debugger: false,
        error: None,
    }
}

/// The kernel's state between requests.
pub struct Kernel {
    commands: CommandContext,
    host: Rc<KernelHost>,
    count: usize,
    /// Where the requests come from.
    requests: mpsc::Receiver<Incoming>,
    /// Requests taken from the queue while aborting cells, to answer next.
    pending: VecDeque<JupyterMessage>,
}

impl Kernel {
    /// A kernel whose session talks through `host`.
    pub fn new(
        host: Rc<KernelHost>,
        limits: &Limits,
        requests: mpsc::Receiver<Incoming>,
    ) -> Kernel {
        let mut session = Session::new(limits, host.clone());
        session.set_var("ARGS", rhai::Array::new());
        // No paging: a notebook shows a long value whole, with a scroll bar.
        let commands = CommandContext::new(session, LabState::default(), limits);
        Kernel {
            commands,
            host,
            count: 0,
            requests,
            pending: VecDeque::new(),
        }
    }

    /// Answer one shell request: `busy`, the reply and its outputs, `idle`.
    fn handle(&mut self, request: JupyterMessage) {
        let allow_stdin = match &request.content {
            JupyterMessageContent::ExecuteRequest(r) => r.allow_stdin,
            _ => false,
        };
        let outbox = self.host.answer(request, allow_stdin);
        outbox.iopub(Status::busy());
        match &outbox.parent().content {
            JupyterMessageContent::KernelInfoRequest(_) => outbox.reply(kernel_info()),
            JupyterMessageContent::ExecuteRequest(r) => {
                let (code, silent, stop) = (r.code.clone(), r.silent, r.stop_on_error);
                let store = r.store_history && !silent;
                self.execute(&outbox, &code, silent, store, stop);
            }
            JupyterMessageContent::CompleteRequest(r) => {
                outbox.reply(self.complete(&r.code, r.cursor_pos))
            }
            JupyterMessageContent::InspectRequest(r) => {
                outbox.reply(self.inspect(&r.code, r.cursor_pos))
            }
            JupyterMessageContent::IsCompleteRequest(r) => {
                let incomplete = self.commands.is_incomplete(&r.code);
                outbox.reply(IsCompleteReply::new(
                    if incomplete {
                        IsCompleteReplyStatus::Incomplete
                    } else {
                        IsCompleteReplyStatus::Complete
                    },
                    String::new(),
                ))
            }
            JupyterMessageContent::HistoryRequest(_) => {
                outbox.reply(jupyter_protocol::HistoryReply::new(vec![]))
            }
            JupyterMessageContent::CommInfoRequest(_) => {
                outbox.reply(jupyter_protocol::CommInfoReply {
                    status: ReplyStatus::Ok,
                    comms: Default::default(),
                    error: None,
                })
            }
            _ => {}
        }
        outbox.iopub(Status::idle());
    }

    /// Answer requests until the wire goes away.
    pub fn run(mut self) {
        loop {
            let request = match self.pending.pop_front() {
                Some(request) => request,
                None => match self.requests.recv() {
                    Ok(Incoming::Shell(request)) => request,
                    Err(_) => return,
                },
            };
            // Marked running: SIGTERM then waits for the cell to stop (its
            // temporary files removed) instead of leaving at once.
            let busy = crate::signals::Busy::start();
            self.handle(request);
            drop(busy);
            let signal = crate::signals::STOP_SIGNAL.load(Ordering::SeqCst);
            if signal != 0 {
                crate::signals::leave_now(128 + signal);
            }
        }
    }

    /// A cell failed with `stop_on_error`: the cells already queued behind
    /// it are aborted, not run, as ipykernel does. This happens before the
    /// failed cell's reply goes out, so a cell sent after that reply runs.
    fn abort_queued(&mut self) {
        while let Ok(Incoming::Shell(request)) = self.requests.try_recv() {
            if !matches!(request.content, JupyterMessageContent::ExecuteRequest(_)) {
                self.pending.push_back(request);
                continue;
            }
            let outbox = self.host.outbox_for(request);
            outbox.iopub(Status::busy());
            outbox.reply(ExecuteReply {
                status: ReplyStatus::Aborted,
                execution_count: ExecutionCount::new(self.count.max(1)),
                payload: vec![],
                user_expressions: None,
                error: None,
            });
            outbox.iopub(Status::idle());
        }
    }

    /// Run a cell and answer it.
    fn execute(&mut self, outbox: &Outbox, code: &str, silent: bool, store: bool, stop: bool) {
        if store {
            self.count += 1;
        }
        let count = ExecutionCount::new(self.count.max(1));
        if !silent {
            outbox.iopub(ExecuteInput {
                code: code.to_string(),
                execution_count: count,
            });
        }
        // An interrupt left over from before (pressed while nothing
        // listened) is dropped first and after, as at the REPL prompt.
        INTERRUPTED.store(false, Ordering::Relaxed);
        let result = if is_command(code) {
            // `help`, `:vars`, `:type EXPR`, `:lab NAME`, ...: the REPL's
            // answer is printed; its error fails the cell.
            let reply = self.commands.command(code);
            if !reply.text.is_empty() {
                let mut text = reply.text.clone();
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                outbox.iopub(StreamContent::stdout(&text));
            }
            if reply.failed() {
                Err(reply.error)
            } else {
                Ok(Dynamic::UNIT)
            }
        } else {
            // A cell runs as its lines would, typed one input after another
            // at the prompt (the lab's rule for inputs): every value but
            // `()` is shown, so a lab section's inputs fit in one cell.
            let mut result = Ok(Dynamic::UNIT);
            for (line, input) in self.commands.split_inputs(code) {
                match self.commands.value(&input) {
                    Ok(value) => {
                        let session = self.commands.session();
                        if !value.is_unit() && !silent {
                            let text = session.show(&value);
                            let svg = picture(session, &value);
                            outbox.iopub(ExecuteResult::new(count, media(&text, svg.as_deref())));
                        }
                    }
                    Err(e) => {
                        result = Err(self.error_text(&e, &input, line));
                        break;
                    }
                }
            }
            result
        };
        INTERRUPTED.store(false, Ordering::Relaxed);
        match result {
            Ok(_) => {
                outbox.reply(ExecuteReply {
                    status: ReplyStatus::Ok,
                    execution_count: count,
                    payload: vec![],
                    user_expressions: None,
                    error: None,
                });
            }
            Err(text) => {
                let error = ReplyError {
                    ename: "error".to_string(),
                    evalue: text.clone(),
                    traceback: text.lines().map(str::to_string).collect(),
                };
                outbox.iopub(ErrorOutput {
                    ename: error.ename.clone(),
                    evalue: error.evalue.clone(),
                    traceback: error.traceback.clone(),
                });
                if stop {
                    self.abort_queued();
                }
                outbox.reply(ExecuteReply {
                    status: ReplyStatus::Error,
                    execution_count: count,
                    payload: vec![],
                    user_expressions: None,
                    error: Some(Box::new(error)),
                });
            }
        }
    }

    /// The REPL's words for a failed input starting at line `first_line`
    /// of its cell: `<cell N>:line:col: message`,
    /// the line with a caret under the column, and "did you mean".
    fn error_text(&self, e: &EvalError, code: &str, first_line: usize) -> String {
        let origin = format!("<cell {}>", self.count.max(1));
        let mut lines = vec![describe_error(
            e,
            &origin,
            first_line,
            self.commands.limits(),
        )];
        lines.extend(caret(code, e));
        lines.extend(did_you_mean(e, self.commands.session()));
        lines.join("\n")
    }

    /// The REPL's completions at `cursor` (counted in characters, as the
    /// protocol counts): names, `value.` methods, commands, lab names.
    fn complete(&self, code: &str, cursor: usize) -> CompleteReply {
        let pos = byte_index(code, cursor);
        let completion = self.commands.complete(code, pos);
        let start = completion.start.min(pos);
        CompleteReply {
            matches: completion.candidates,
            cursor_start: code[..start].chars().count(),
            cursor_end: code[..pos].chars().count(),
            metadata: Default::default(),
            status: ReplyStatus::Ok,
            error: None,
        }
    }

    /// `help(name)`'s text for the name under (or just before) `cursor`:
    /// the same words as at the REPL.
    fn inspect(&self, code: &str, cursor: usize) -> InspectReply {
        let pos = byte_index(code, cursor);
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        let start = code[..pos]
            .char_indices()
            .rev()
            .take_while(|(_, c)| is_word(*c))
            .last()
            .map_or(pos, |(i, _)| i);
        let end = code[pos..]
            .char_indices()
            .find(|(_, c)| !is_word(*c))
            .map_or(code.len(), |(i, _)| pos + i);
        let name = &code[start..end];
        let text = (!name.is_empty())
            .then(|| self.commands.help(name))
            .filter(|t| !t.starts_with("no function named"));
        InspectReply {
            found: text.is_some(),
            data: text.map_or_else(Media::default, |t| Media::new(vec![MediaType::Plain(t)])),
            metadata: Default::default(),
            status: ReplyStatus::Ok,
            error: None,
        }
    }
}

/// The SVG picture of `value`, when `svg(value)` can draw it.
pub fn picture(session: &Session, value: &Dynamic) -> Option<String> {
    thread_local! {
        static SVG: rhai::AST = rhai::Engine::new_raw()
            .compile("fn picture(x) { svg(x) }")
            .expect("the picture call compiles");
    }
    if value.is_unit() || value.is_int() || value.is_string() || value.is_bool() {
        return None;
    }
    SVG.with(|ast| {
        session
            .engine()
            .call_fn::<String>(&mut rhai::Scope::new(), ast, "picture", (value.clone(),))
            .ok()
    })
}

/// The byte index of character `chars` of `text` (its end when past it).
fn byte_index(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

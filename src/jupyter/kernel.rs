//! The session side of the kernel: one [`Session`] on the kernel's main
//! thread answers the shell requests in the order they came: cells run as
//! REPL lines do (state kept between cells, errors worded as the REPL
//! words them), completion and the completeness check are the REPL's, and
//! inspection shows `help`'s text for the name under the cursor.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::Ordering;

use jupyter_protocol::{
    CodeMirrorMode, CompleteReply, ErrorOutput, ExecuteInput, ExecuteReply, ExecuteResult,
    ExecutionCount, InspectReply, IsCompleteReply, IsCompleteReplyStatus, JupyterMessage,
    JupyterMessageContent, KernelInfoReply, LanguageInfo, Media, MediaType, ReplyError,
    ReplyStatus, Status, StreamContent,
};
use rhai::Dynamic;

use super::host::{KernelHost, Outbox, media};
use crate::repl::helper::ReplHelper;
use crate::repl::host::INTERRUPTED;
use crate::script::Limits;
use crate::script::session::{EvalError, Session};

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
    session: Rc<RefCell<Session>>,
    host: Rc<KernelHost>,
    helper: ReplHelper,
    limits: Limits,
    count: usize,
    /// A cell failed with `stop_on_error`: the cells queued behind it are
    /// aborted, not run (as ipykernel does), until [`Kernel::queue_done`].
    aborting: bool,
}

impl Kernel {
    /// A kernel whose session talks through `host`.
    pub fn new(host: Rc<KernelHost>, limits: &Limits) -> Kernel {
        let session = Rc::new(RefCell::new(Session::new(limits, host.clone())));
        session.borrow_mut().set_var("ARGS", rhai::Array::new());
        Kernel {
            helper: ReplHelper::new(session.clone()),
            session,
            host,
            limits: limits.clone(),
            count: 0,
            aborting: false,
        }
    }

    /// Answer one shell request: `busy`, the reply and its outputs, `idle`.
    pub fn handle(&mut self, request: JupyterMessage) {
        let allow_stdin = match &request.content {
            JupyterMessageContent::ExecuteRequest(r) => r.allow_stdin,
            _ => false,
        };
        let outbox = self.host.answer(request, allow_stdin);
        outbox.iopub(Status::busy());
        match &outbox.parent().content {
            JupyterMessageContent::KernelInfoRequest(_) => outbox.reply(kernel_info()),
            JupyterMessageContent::ExecuteRequest(_) if self.aborting => {
                outbox.reply(ExecuteReply {
                    status: ReplyStatus::Aborted,
                    execution_count: ExecutionCount::new(self.count.max(1)),
                    payload: vec![],
                    user_expressions: None,
                    error: None,
                })
            }
            JupyterMessageContent::ExecuteRequest(r) => {
                let (code, silent, stop) = (r.code.clone(), r.silent, r.stop_on_error);
                let store = r.store_history && !silent;
                let ok = self.execute(&outbox, &code, silent, store);
                self.aborting = !ok && stop;
            }
            JupyterMessageContent::CompleteRequest(r) => {
                outbox.reply(self.complete(&r.code, r.cursor_pos))
            }
            JupyterMessageContent::InspectRequest(r) => {
                outbox.reply(inspect(&self.session.borrow(), &r.code, r.cursor_pos))
            }
            JupyterMessageContent::IsCompleteRequest(r) => {
                let incomplete = self.session.borrow().is_incomplete(&r.code);
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

    /// True once a failed cell asked for the queue behind it to be aborted.
    pub fn aborting(&self) -> bool {
        self.aborting
    }

    /// The requests queued when a cell failed are answered: run cells again.
    pub fn queue_done(&mut self) {
        self.aborting = false;
    }

    /// Run a cell; false when it failed.
    fn execute(&mut self, outbox: &Outbox, code: &str, silent: bool, store: bool) -> bool {
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
        let trimmed = code.trim();
        let result = if trimmed == "help" {
            // As at the REPL, `help` alone lists the functions.
            outbox.iopub(StreamContent::stdout(&crate::script::help::overview()));
            Ok(Dynamic::UNIT)
        } else if trimmed.starts_with(':') {
            Err(format!(
                "{}: REPL commands such as :vars are not run by the notebook kernel; \
                 write Rhai code (help lists the functions)",
                trimmed.split_whitespace().next().unwrap_or(trimmed)
            ))
        } else {
            // An interrupt left over from before (pressed while nothing
            // listened) is dropped first and after, as at the REPL prompt.
            INTERRUPTED.store(false, Ordering::Relaxed);
            let result = self.session.borrow_mut().eval(code);
            INTERRUPTED.store(false, Ordering::Relaxed);
            result.map_err(|e| self.error_text(&e, code))
        };
        match result {
            Ok(value) => {
                let session = self.session.borrow();
                if !value.is_unit() && !silent {
                    let text = session.show(&value);
                    let svg = picture(&session, &value);
                    outbox.iopub(ExecuteResult::new(count, media(&text, svg.as_deref())));
                }
                drop(session);
                self.session.borrow_mut().set_last(&value);
                outbox.reply(ExecuteReply {
                    status: ReplyStatus::Ok,
                    execution_count: count,
                    payload: vec![],
                    user_expressions: None,
                    error: None,
                });
                true
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
                outbox.reply(ExecuteReply {
                    status: ReplyStatus::Error,
                    execution_count: count,
                    payload: vec![],
                    user_expressions: None,
                    error: Some(Box::new(error)),
                });
                false
            }
        }
    }

    /// The REPL's words for a failed cell: `<cell N>:line:col: message`,
    /// the line with a caret under the column, and "did you mean".
    fn error_text(&self, e: &EvalError, code: &str) -> String {
        let origin = format!("<cell {}>", self.count.max(1));
        let mut lines = vec![crate::repl::batch::describe_error(
            e,
            &origin,
            1,
            &self.limits,
        )];
        lines.extend(crate::repl::interactive::caret(code, e));
        lines.extend(crate::repl::did_you_mean(e, &self.session.borrow()));
        lines.join("\n")
    }

    /// The REPL's completions for the identifier before `cursor` (counted
    /// in characters, as the protocol counts), or after `value.` the
    /// functions that take that value first.
    fn complete(&self, code: &str, cursor: usize) -> CompleteReply {
        let pos = byte_index(code, cursor);
        let before = &code[..pos];
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(pos, |(i, _)| i);
        let word = &before[start..];
        let receiver: String = before[..start]
            .strip_suffix('.')
            .map(|r| {
                let name: Vec<char> = r
                    .chars()
                    .rev()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                name.into_iter().rev().collect()
            })
            .unwrap_or_default();
        let matches = if receiver.is_empty() {
            None
        } else {
            self.helper.methods(&receiver, word)
        }
        .unwrap_or_else(|| self.helper.candidates(word, false));
        CompleteReply {
            matches,
            cursor_start: before[..start].chars().count(),
            cursor_end: cursor,
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

/// `help(name)`'s text for the name under (or just before) `cursor`:
/// the same words as at the REPL.
fn inspect(session: &Session, code: &str, cursor: usize) -> InspectReply {
    thread_local! {
        static HELP: rhai::AST = rhai::Engine::new_raw()
            .compile("fn help_text(name) { help(name) }")
            .expect("the help call compiles");
    }
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
        .then(|| {
            HELP.with(|ast| {
                session
                    .engine()
                    .call_fn::<String>(
                        &mut rhai::Scope::new(),
                        ast,
                        "help_text",
                        (name.to_string(),),
                    )
                    .ok()
            })
        })
        .flatten()
        .filter(|t| !t.starts_with("no function named"));
    InspectReply {
        found: text.is_some(),
        data: text.map_or_else(Media::default, |t| Media::new(vec![MediaType::Plain(t)])),
        metadata: Default::default(),
        status: ReplyStatus::Ok,
        error: None,
    }
}

/// The byte index of character `chars` of `text` (its end when past it).
fn byte_index(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

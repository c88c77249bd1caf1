//! A script session: one engine, one scope, and the functions defined so
//! far. The REPL, `run`, `-e` and the lab runner all evaluate through it, so a
//! variable or `fn` defined in one chunk of code stays defined for the next.
//!
//! Functions live in two namespaces: the person's, and the open lab's
//! ([`Session::eval_lab`]). Both are seen while a lab is open; the lab's go
//! when it closes ([`Session::close_lab`]), so a lab helper never replaces
//! one of the person's functions for the rest of the session. A lab never
//! defines a function with a built-in's name and arity (refused, see
//! [`Session::builtin`]), and every function it defines is marked as lab
//! code, which never runs a program (see [`super::exec`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rhai::{
    AST, ASTNode, Dynamic, Engine, EvalAltResult, Expr, FnAccess, FnNamespace, ParseError,
    Position, Scope, Stmt,
};

use super::builtins::{self, Reader};
use super::host::{Host, RecordingHost};
use super::{Limits, display, new_engine};

/// Why a chunk of code did not run to the end.
#[derive(Debug)]
pub enum EvalError {
    /// It does not parse.
    Parse(ParseError),
    /// It parsed, then failed while running (including Ctrl+C and limits).
    Runtime(Box<EvalAltResult>),
}

impl EvalError {
    /// Where it went wrong (line and column inside the chunk), if known.
    pub fn position(&self) -> Position {
        match self {
            EvalError::Parse(e) => e.1,
            EvalError::Runtime(e) => e.position(),
        }
    }

    /// The message without the position.
    pub fn message(&self) -> String {
        match self {
            EvalError::Parse(e) => e.0.to_string(),
            EvalError::Runtime(e) => {
                let mut text = e.to_string();
                // Rhai words a stop from on_progress as "Script terminated";
                // the token it carries says why (e.g. Ctrl+C).
                match e.unwrap_inner() {
                    EvalAltResult::ErrorTerminated(why, _) => {
                        text = text.replacen("Script terminated", &why.to_string(), 1);
                    }
                    // The script functions' own errors say what went wrong;
                    // Rhai's "Runtime error: " in front adds nothing.
                    EvalAltResult::ErrorRuntime(..) => {
                        text = text.replacen("Runtime error: ", "", 1);
                    }
                    _ => {}
                }
                let pos = e.position();
                if !pos.is_none() {
                    let suffix = format!(" ({pos})");
                    if let Some(t) = text.strip_suffix(&suffix) {
                        text.truncate(t.len());
                    }
                }
                shorten_trace(&text)
            }
        }
    }

    /// True for a stop by Ctrl+C or the memory budget (a long operation's
    /// `stopped (Ctrl+C) ...` or `memory limit ...` error, or script code
    /// cut short between two operations).
    pub fn is_stop(&self) -> bool {
        let message = self.message();
        message.starts_with(super::host::STOPPED_BY)
            || message.starts_with(super::host::MEMORY_STOPPED)
    }

    /// True for a stop by the memory budget (`memory limit (...) reached`).
    pub fn is_memory_stop(&self) -> bool {
        self.message().starts_with(super::host::MEMORY_STOPPED)
    }

    /// `origin:line:col: message`, the form editors understand. `origin` is
    /// a file name or a label such as `<repl>`; `first_line` is the line of
    /// the chunk's first line in that file (1 for a whole file).
    pub fn located(&self, origin: &str, first_line: usize) -> String {
        let pos = self.position();
        match (pos.line(), pos.position()) {
            (Some(l), Some(c)) => {
                format!("{origin}:{}:{c}: {}", first_line + l - 1, self.message())
            }
            (Some(l), None) => format!("{origin}:{}: {}", first_line + l - 1, self.message()),
            _ => format!("{origin}: {}", self.message()),
        }
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Parse(e) => write!(f, "{e}"),
            EvalError::Runtime(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EvalError {}

/// Where `print` and `debug` output goes: the host, or a buffer while
/// capturing (lab sections, print mode, tests), so a section's printed lines
/// land in its text in order.
#[derive(Default)]
struct Sink {
    capture: bool,
    buf: String,
    /// Most bytes kept while capturing (the string size limit, or 1 GiB
    /// when that is off); past it printing stops the evaluation.
    cap: usize,
    overflow: bool,
}

impl Sink {
    fn capture(&mut self, s: &str) {
        if self.buf.len() + s.len() + 1 > self.cap {
            self.overflow = true;
            return;
        }
        self.buf.push_str(s);
        self.buf.push('\n');
    }
}

/// Engine + scope + defined functions, evaluated chunk by chunk.
pub struct Session {
    engine: Engine,
    scope: Scope<'static>,
    /// The person's functions.
    functions: AST,
    /// The open lab's functions (empty when no lab is open).
    lab_functions: AST,
    /// The values the open lab's code last gave its top-level variables,
    /// kept apart from the scope so that an exercise's check reads the
    /// lab's, whatever the person did to the scope since.
    lab_values: std::collections::BTreeMap<String, Dynamic>,
    /// Whose code runs now (the built-in puzzles' resolver reads it).
    reader: Rc<Cell<Reader>>,
    sink: Rc<RefCell<Sink>>,
    host: Rc<dyn Host>,
    /// The built-in functions' names and arities, made when first asked.
    builtins: std::cell::OnceCell<std::collections::HashSet<(String, usize)>>,
}

impl Session {
    /// A session whose `print` goes to `host.print` and `debug` to
    /// `host.note`, and whose script functions reach `host` for input,
    /// colour, progress and cancellation.
    pub fn new(limits: &Limits, host: Rc<dyn Host>) -> Session {
        let mut engine = new_engine(limits, host.clone());
        let cap = match limits.max_string_size {
            0 => 1 << 30,
            n => n,
        };
        let sink = Rc::new(RefCell::new(Sink {
            cap,
            ..Sink::default()
        }));
        let (to, out) = (sink.clone(), host.clone());
        engine.on_print(move |s| {
            let mut sink = to.borrow_mut();
            if sink.capture {
                sink.capture(s);
            } else {
                out.print(s);
            }
        });
        let (to, out) = (sink.clone(), host.clone());
        engine.on_debug(move |s, _, _| {
            let mut sink = to.borrow_mut();
            if sink.capture {
                sink.capture(s);
            } else {
                out.note(s);
            }
        });
        // As `new_engine`'s check, and captured output past its cap (a lab
        // section printing in a loop) stops the evaluation too.
        let (to, stop) = (sink.clone(), host.clone());
        let string_limit = limits.max_string_size > 0;
        engine.on_progress(move |ops| {
            if !super::checks_now(ops) {
                return None;
            }
            if let Some(why) = super::stop_requested(&*stop) {
                return Some(why);
            }
            let sink = to.borrow();
            sink.overflow.then(|| {
                Dynamic::from(if string_limit {
                    format!(
                        "the printed output passed {} bytes (the string size limit); \
                         raise it with --max-string-size N",
                        sink.cap
                    )
                } else {
                    format!(
                        "the printed output passed {} bytes, the most a session keeps",
                        sink.cap
                    )
                })
            })
        });
        let reader = Rc::new(Cell::new(Reader::User));
        builtins::install(&mut engine, reader.clone());
        super::last::install(&mut engine);
        Session {
            engine,
            scope: Scope::new(),
            functions: AST::empty(),
            lab_functions: AST::empty(),
            lab_values: std::collections::BTreeMap::new(),
            reader,
            sink,
            host,
            builtins: std::cell::OnceCell::new(),
        }
    }

    /// A session on a [`RecordingHost`] whose `print` and `debug` output is
    /// kept for [`Session::take_output`] (lab print mode, tests).
    pub fn capturing(limits: &Limits) -> Session {
        let mut session = Session::new(limits, Rc::new(RecordingHost::default()));
        session.set_capture(true);
        session
    }

    /// The host this session talks to the world through.
    pub fn host(&self) -> &Rc<dyn Host> {
        &self.host
    }

    /// Capture `print`/`debug` output (true) or let it through (false);
    /// returns the previous setting so a caller can restore it.
    pub fn set_capture(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.sink.borrow_mut().capture, on)
    }

    /// Text printed while capturing, since the last call.
    pub fn take_output(&mut self) -> String {
        let mut sink = self.sink.borrow_mut();
        sink.overflow = false;
        std::mem::take(&mut sink.buf)
    }

    /// Parse `code` without running it (for multi-line input and checks).
    pub fn compile(&self, code: &str) -> Result<AST, ParseError> {
        self.engine.compile_with_scope(&self.scope, code)
    }

    /// True when `code` needs more lines (see [`super::complete`]).
    pub fn is_incomplete(&self, code: &str) -> bool {
        super::complete::is_incomplete(&self.engine, code)
    }

    /// Run `code`; its `fn` definitions and `let` variables stay defined.
    pub fn eval(&mut self, code: &str) -> Result<Dynamic, EvalError> {
        self.run(code, Reader::User, "")
    }

    /// Run the code of a lab section: its named functions go to the lab's
    /// namespace (see [`Session::close_lab`]), and it always reads the
    /// built-in puzzles, whatever variables the person made.
    pub fn eval_lab(&mut self, code: &str) -> Result<Dynamic, EvalError> {
        self.eval_lab_from("(unnamed)", code)
    }

    /// [`Session::eval_lab`] for code of lab file `origin`: the functions it
    /// defines are marked as that lab's (an error that passes through one
    /// says `from 'lab ORIGIN'`; they never run a program).
    pub fn eval_lab_from(&mut self, origin: &str, code: &str) -> Result<Dynamic, EvalError> {
        self.run(code, Reader::Lab, origin)
    }

    fn run(&mut self, code: &str, reader: Reader, origin: &str) -> Result<Dynamic, EvalError> {
        self.reader.set(reader);
        let result = self.run_as(code, reader, origin);
        self.reader.set(Reader::User);
        result
    }

    /// True when `name` with `arity` parameters is a built-in function
    /// (puzzlelab's or Rhai's): a lab may not define one.
    pub fn builtin(&self, name: &str, arity: usize) -> bool {
        self.builtins
            .get_or_init(|| builtin_arities(&self.engine))
            .contains(&(name.to_string(), arity))
    }

    fn run_as(&mut self, code: &str, reader: Reader, origin: &str) -> Result<Dynamic, EvalError> {
        crate::memory::begin_evaluation();
        let ast = self.compile(code).map_err(EvalError::Parse)?;
        if reader == Reader::Lab
            && let Some(f) = ast
                .iter_functions()
                .find(|f| self.builtin(f.name, f.params.len()))
        {
            // The lab loader refuses such a lab with the definition's
            // position; this keeps any other path to lab code honest.
            return Err(EvalError::Runtime(super::error(format!(
                "a lab may not define {}: {}",
                f, SHADOWS_BUILTIN
            ))));
        }
        // Each side's own functions win: the lab's in lab code, the
        // person's in theirs.
        let mut run = match reader {
            Reader::User => self.lab_functions.merge(&self.functions),
            Reader::Lab => self.functions.merge(&self.lab_functions),
        };
        let named = |_: FnNamespace, _: FnAccess, name: &str, _: usize| !name.starts_with("anon$");
        let mut defined = ast.clone_functions_only();
        defined.retain_functions(named);
        // Closures (`anon$...`) stay with the person: a variable may hold one.
        let mut closures = ast.clone_functions_only();
        closures.retain_functions(|a, b, name, n| !named(a, b, name, n));
        run += ast;
        if reader == Reader::Lab {
            // The section's own code is lab code too (see `exec`).
            run.set_source(format!("{}{origin}", super::exec::LAB_SOURCE));
        }
        let result = self
            .engine
            .eval_ast_with_scope::<Dynamic>(&mut self.scope, &run)
            .map_err(|e| {
                let e = builtins::explain(*e, code, &self.scope);
                EvalError::Runtime(super::signatures::explain(*e, &[&run]))
            });
        match reader {
            Reader::User => {
                self.functions += defined;
                self.functions += closures;
            }
            Reader::Lab => {
                for name in written_names(&run) {
                    if let Some(value) = self.scope.get(&name) {
                        self.lab_values.insert(name, value.clone());
                    }
                }
                self.lab_functions +=
                    super::exec::mark_lab_functions(&self.engine, &defined, origin);
                self.functions += super::exec::mark_lab_functions(&self.engine, &closures, origin);
            }
        }
        result
    }

    /// Forget the open lab's functions (it was closed); their names, sorted.
    pub fn close_lab(&mut self) -> Vec<String> {
        self.lab_values.clear();
        let gone = std::mem::replace(&mut self.lab_functions, AST::empty());
        let mut names: Vec<String> = gone.iter_functions().map(|f| f.name.to_string()).collect();
        names.sort();
        names.dedup();
        names
    }

    /// Run `code`, an exercise's check of lab `origin`, out of the
    /// person's reach: in a scope of its own holding the values the lab's
    /// code left and, of the person's names, only `answers` (and `_`), with
    /// the lab's functions and the built-ins only (a function of the
    /// person's never stands in for one the check calls). An answer that
    /// names a function of the person's is handed over as a function value
    /// (`f.call(x)`); while it runs, the built-ins `forbidden` are errors.
    pub fn eval_check(
        &mut self,
        origin: &str,
        code: &str,
        answers: &[String],
        forbidden: &[String],
    ) -> Result<Dynamic, EvalError> {
        crate::memory::begin_evaluation();
        let ast = self.engine.compile(code).map_err(EvalError::Parse)?;
        let mut scope = Scope::new();
        for (name, value) in &self.lab_values {
            scope.push_dynamic(name.clone(), value.clone());
        }
        let theirs = self
            .lab_functions
            .merge(&self.functions)
            .merge(&self.traps(forbidden));
        let theirs = Rc::new(theirs);
        let last = [super::last::NAME.to_string()];
        for name in answers.iter().chain(&last) {
            if let Some(value) = self.scope.get(name) {
                // A function value of theirs (a closure) runs among their
                // functions, as it would at their prompt.
                let value = match value.clone().try_cast::<rhai::FnPtr>() {
                    Some(f) => {
                        their_pointer(name, f, &theirs).map_or_else(|| value.clone(), Dynamic::from)
                    }
                    None => value.clone(),
                };
                scope.push_dynamic(name.clone(), value);
            } else if self
                .functions
                .iter_functions()
                .any(|f| f.name == name.as_str())
                && let Some(f) = their_function(name, &theirs)
            {
                scope.push_dynamic(name.clone(), Dynamic::from(f));
            }
        }
        let mut run = self.lab_functions.clone();
        run += ast;
        run.set_source(format!("{}{origin}", super::exec::LAB_SOURCE));
        self.reader.set(Reader::Lab);
        let result = self
            .engine
            .eval_ast_with_scope::<Dynamic>(&mut scope, &run)
            .map_err(|e| {
                let e = builtins::explain(*e, code, &scope);
                EvalError::Runtime(super::signatures::explain(*e, &[&run]))
            });
        self.reader.set(Reader::User);
        result
    }

    /// Functions that stand in for the built-ins `names` (every arity, and
    /// as methods) and fail saying the exercise forbids them.
    fn traps(&self, names: &[String]) -> AST {
        let set = self.builtins.get_or_init(|| builtin_arities(&self.engine));
        let mut code = String::new();
        for name in names {
            // A method call (`g.filled()`) reaches a script function with
            // one parameter fewer, its object as `this`.
            let mut arities: Vec<usize> = set
                .iter()
                .filter(|(n, _)| n == name)
                .flat_map(|(_, a)| [*a, a.saturating_sub(1)])
                .collect();
            arities.sort_unstable();
            arities.dedup();
            for arity in arities {
                let params: Vec<String> = (0..arity).map(|i| format!("a{i}")).collect();
                code.push_str(&format!(
                    "fn {name}({}) {{ throw \"this exercise asks you not to use `{name}`\" }}\n",
                    params.join(", ")
                ));
            }
        }
        self.engine.compile(&code).unwrap_or_default()
    }

    /// Keep `value` as `_`, the last value shown (unit is never shown, so
    /// never kept).
    pub fn set_last(&mut self, value: &Dynamic) {
        if !value.is_unit() {
            self.scope.set_value(super::last::NAME, value.clone());
        }
    }

    /// The value a name reads in the person's code: their variable, else a
    /// built-in puzzle.
    pub fn var(&self, name: &str) -> Option<Dynamic> {
        self.scope
            .get(name)
            .cloned()
            .or_else(|| builtins::get(name).map(Dynamic::from))
    }

    /// Allow or forbid running installed programs (external solvers) in
    /// this session; off by default (see [`super::exec`]).
    pub fn allow_exec(&mut self, on: bool) {
        super::exec::set_allowed(&mut self.engine, on);
    }

    /// Run every batch (`solve_file`, `canon_groups`, the counts) as shard
    /// `shard` when its call gives no `shard` option (see [`super::shard`]).
    pub fn set_shard(&mut self, shard: Option<crate::shard::Shard>) {
        super::shard::set_session_shard(&mut self.engine, shard);
    }

    /// True when this session may run installed programs.
    pub fn exec_allowed(&self) -> bool {
        super::exec::engine_allows(&self.engine)
    }

    /// Text for a value as a person should see it (see [`display`]).
    pub fn show(&self, value: &Dynamic) -> String {
        display(&self.engine, value)
    }

    /// [`Session::show`], or the memory error when the text would pass the
    /// memory budget.
    pub fn try_show(&self, value: &Dynamic) -> Result<String, EvalError> {
        super::try_display(&self.engine, value)
            .map_err(|message| EvalError::Runtime(super::error(message)))
    }

    /// Set a variable, e.g. `ARGS` for `puzzlelab run`.
    pub fn set_var(&mut self, name: &str, value: impl Into<Dynamic>) {
        self.scope.set_value(name.to_string(), value.into());
    }

    /// The engine (for completion and help).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The scope (for completion of variable names).
    pub fn scope(&self) -> &Scope<'static> {
        &self.scope
    }

    /// The functions the person defined so far.
    pub fn functions(&self) -> &AST {
        &self.functions
    }

    /// The functions the open lab's code defined so far.
    pub fn lab_functions(&self) -> &AST {
        &self.lab_functions
    }
}

/// The names code `ast` writes at its top level (outside functions):
/// those it defines with `let` or `const` and those it assigns to, whole
/// or in part (`g[0] = 1`).
fn written_names(ast: &AST) -> Vec<String> {
    let mut names = Vec::new();
    ast.clone_statements_only().walk(&mut |path: &[ASTNode]| {
        match path.last() {
            Some(ASTNode::Stmt(Stmt::Var(x, ..))) => names.push(x.0.name.to_string()),
            Some(ASTNode::Stmt(Stmt::Assignment(x))) => {
                if let Some(name) = root_variable(&x.1.lhs) {
                    names.push(name);
                }
            }
            _ => {}
        }
        true
    });
    names.sort();
    names.dedup();
    names
}

/// The variable at the root of an assignment's target (`g` in `g[0].x`).
fn root_variable(e: &Expr) -> Option<String> {
    match e {
        Expr::Variable(x, ..) => Some(x.1.to_string()),
        Expr::Index(x, ..) | Expr::Dot(x, ..) => root_variable(&x.lhs),
        _ => None,
    }
}

/// A function value that runs the person's function `name` from
/// `functions` (theirs, the lab's, and the traps), in a scope of its own.
#[allow(deprecated)] // FnPtr::from_fn is stable in use, marked volatile
fn their_function(name: &str, functions: &Rc<AST>) -> Option<rhai::FnPtr> {
    let (called, functions) = (name.to_string(), functions.clone());
    let made = rhai::FnPtr::from_fn(name.to_string(), move |ctx, args| {
        let args: Vec<Dynamic> = args.iter().map(|a| (**a).clone()).collect();
        ctx.engine()
            .call_fn::<Dynamic>(&mut Scope::new(), &functions, &called, args)
    });
    made.ok()
}

/// A function value, named `name` (a closure's own name is no valid
/// one), that runs the person's function value `f` among `functions`
/// (theirs, the lab's, and the traps).
#[allow(deprecated)] // FnPtr::from_fn is stable in use, marked volatile
fn their_pointer(name: &str, f: rhai::FnPtr, functions: &Rc<AST>) -> Option<rhai::FnPtr> {
    let functions = functions.clone();
    rhai::FnPtr::from_fn(name.to_string(), move |ctx, args| {
        let args: Vec<Dynamic> = args.iter().map(|a| (**a).clone()).collect();
        f.call::<Dynamic>(ctx.engine(), &functions, args)
    })
    .ok()
}

/// Calls of a trace shown at each end; the ones between are counted.
const TRACE_ENDS: usize = 5;

/// `text` with its run of `in call to function ...` lines (one per call
/// the error passed through) cut to the first and last [`TRACE_ENDS`] and
/// a line counting those left out: a runaway recursion's error is a few
/// lines, not one line per level.
fn shorten_trace(text: &str) -> String {
    let is_call =
        |l: &str| l.starts_with("in call to function ") || l.starts_with("in closure call");
    let lines: Vec<&str> = text.split('\n').collect();
    let calls: Vec<usize> = (0..lines.len()).filter(|&i| is_call(lines[i])).collect();
    if calls.len() <= 2 * TRACE_ENDS + 1 {
        return text.to_string();
    }
    let (first_cut, last_cut) = (calls[TRACE_ENDS], calls[calls.len() - TRACE_ENDS - 1]);
    let left_out = calls.len() - 2 * TRACE_ENDS;
    let mut out: Vec<String> = lines[..first_cut].iter().map(|l| l.to_string()).collect();
    out.push(format!("... ({left_out} more calls left out)"));
    out.extend(lines[last_cut + 1..].iter().map(|l| l.to_string()));
    out.join("\n")
}

/// Why a lab may not define a function with a built-in's name and arity.
pub const SHADOWS_BUILTIN: &str =
    "it has the name and arity of a built-in function, which a lab may not replace (rename it)";

/// Every built-in function's name and number of parameters, read as from
/// an engine whose functions all carry their parameter names (a function
/// registered without them counts as taking none). The engine's domain
/// functions carry none (`Domain::lean_module`): theirs come from the
/// domains' manifests.
fn builtin_arities(engine: &Engine) -> std::collections::HashSet<(String, usize)> {
    let mut domains = std::collections::HashSet::new();
    super::each_domain_function(|f| {
        domains.insert((f.name().to_string(), f.num_params()));
    });
    let json = engine.gen_fn_metadata_to_json(true).unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    let mut set = domains.clone();
    for f in value["functions"].as_array().into_iter().flatten() {
        if let Some(name) = f["name"].as_str() {
            let params = f["params"].as_array();
            let count = f["numParams"]
                .as_u64()
                .and_then(|n| usize::try_from(n).ok());
            if params.is_none() && count.is_some_and(|n| domains.contains(&(name.to_string(), n))) {
                continue;
            }
            set.insert((name.to_string(), params.map_or(0, Vec::len)));
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_arities_are_those_of_the_documented_modules() {
        let lean = Session::capturing(&Limits::default());
        let mut full = Engine::new();
        for domain in super::super::DOMAINS {
            full.register_global_module((domain.module)().into());
        }
        full.register_global_module(super::super::printing::module().into());
        full.register_global_module(super::super::sorting::module().into());
        full.register_global_module(super::super::growth::module().into());
        super::super::getters::install(&mut full);
        assert_eq!(builtin_arities(lean.engine()), builtin_arities(&full));
    }

    #[test]
    fn definitions_persist_between_chunks() {
        let mut s = Session::capturing(&Limits::default());
        let _ = s.eval("fn twice(x) { x * 2 } let a = 20;").unwrap();
        let v = s.eval("twice(a) + 2").unwrap();
        assert_eq!(v.as_int().unwrap(), 42);
        let _ = s.eval("print(\"hi\")").unwrap();
        assert_eq!(s.take_output(), "hi\n");
    }

    #[test]
    fn errors_carry_positions() {
        let mut s = Session::capturing(&Limits::default());
        let e = s.eval("let a = 1;\nlet b = ym[100];").unwrap_err();
        assert!(
            e.located("t.rhai", 1).starts_with("t.rhai:2:"),
            "{}",
            e.located("t.rhai", 1)
        );
        let e = s.eval("let a = (1 + ;").unwrap_err();
        assert!(matches!(e, EvalError::Parse(_)));
    }
}

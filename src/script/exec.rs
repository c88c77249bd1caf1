//! Permission to run installed programs (external SAT solvers).
//!
//! Off unless the person at the keyboard turned it on for this process
//! (`--allow-exec` on the command line). It travels in the engine's tag
//! beside the session's host, so every evaluation of a session sees it, and
//! a lab section runs with it off whatever the session allows: a lab or script
//! someone sent must not be able to run a program.
//!
//! Code that came from a lab never runs a program either when the person
//! calls it later from the prompt, whatever the route (directly, through one
//! of their own functions, a closure, `call`, `eval`, `map` ...). Every
//! function a lab defines (named or a closure) carries an encapsulated
//! environment whose module is named [`LAB_SOURCE`] + the lab's file
//! ([`mark_lab_functions`]). Rhai pushes a function's environment onto the
//! evaluation's stack of namespaces for as long as the function runs, so
//! while any frame of the call chain is lab code that module is on the stack,
//! and [`refusal`] sees it. A lab cannot make a function value other than a
//! closure (`lab::trust` refuses `Fn`, `curry` and `eval` in lab code), so
//! every function value a lab hands out is marked too.

use rhai::{AST, Dynamic, Engine, FnAccess, Module, NativeCallContext, Scope};

use super::host::HostTag;

/// The error when a script asks for a program without permission.
pub const NOT_ALLOWED: &str = "running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)";

/// How the module of a lab's functions is named: this, then the lab's file.
pub const LAB_SOURCE: &str = "lab ";

/// Why the evaluation `ctx` belongs to may not run a program now, or `None`
/// when it may: code from a lab is on the call stack, or the session was
/// not started with `--allow-exec`.
pub fn refusal(ctx: &NativeCallContext) -> Option<String> {
    if let Some(lab) = lab_on_stack(ctx) {
        return Some(format!(
            "running an installed program is not allowed in code from a lab ({lab}): \
             labs never run external solvers, even with --allow-exec"
        ));
    }
    (!HostTag::of(ctx).is_some_and(|t| t.allow_exec)).then(|| NOT_ALLOWED.to_string())
}

/// True when the evaluation `ctx` belongs to may run programs.
pub fn allowed(ctx: &NativeCallContext) -> bool {
    refusal(ctx).is_none()
}

/// The lab file whose code is on the call stack of `ctx`, if any (the
/// outermost one).
pub fn lab_on_stack(ctx: &NativeCallContext) -> Option<String> {
    ctx.namespaces().iter().find_map(|m| {
        m.id()
            .and_then(|id| id.strip_prefix(LAB_SOURCE))
            .map(str::to_string)
    })
}

/// The functions of `functions` (a lab's definitions, named or closures),
/// each carrying an environment that names lab `origin` (see the module
/// doc). Private functions become public: a lab's functions are its own in
/// any case, and the environment keeps only public ones.
pub fn mark_lab_functions(engine: &Engine, functions: &AST, origin: &str) -> AST {
    if !functions.has_functions() {
        return AST::empty();
    }
    let mut defs = Module::new();
    for f in functions.iter_fn_def() {
        let mut def = (**f).clone();
        def.access = FnAccess::Public;
        defs.set_script_fn(def);
    }
    let mut lib = AST::new_from_module(defs);
    lib.set_source(format!("{LAB_SOURCE}{origin}"));
    // Definitions only: nothing runs, so nothing can fail but a stop
    // requested at this very moment; then the functions stay unmarked and
    // are dropped (an empty AST), never exposed unmarked.
    match Module::eval_ast_as_new(Scope::new(), &lib, engine) {
        Ok(mut marked) => {
            // The outer module must not look like lab code itself: user code
            // runs with it merged into its own namespace.
            marked.clear_id();
            AST::new_from_module(marked)
        }
        Err(_) => AST::empty(),
    }
}

/// Whether evaluations on `engine` may run programs.
pub fn engine_allows(engine: &Engine) -> bool {
    engine
        .default_tag()
        .clone()
        .try_cast::<HostTag>()
        .is_some_and(|t| t.allow_exec)
}

/// Allow or forbid running programs for evaluations on `engine` (one made
/// by `script::new_engine`; the host in its tag is kept).
pub fn set_allowed(engine: &mut Engine, on: bool) {
    if let Some(mut tag) = engine.default_tag().clone().try_cast::<HostTag>() {
        tag.allow_exec = on;
        engine.set_default_tag(Dynamic::from(tag));
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::script::host::{Host, RecordingHost};
    use crate::script::{Limits, new_engine};

    #[test]
    fn permission_travels_beside_the_host() {
        let host = Rc::new(RecordingHost::default());
        let mut engine = new_engine(&Limits::default(), host.clone());
        assert!(!engine_allows(&engine));
        set_allowed(&mut engine, true);
        assert!(engine_allows(&engine));
        // The host in the tag is still the session's.
        let tag = engine.default_tag().clone().try_cast::<HostTag>().unwrap();
        let expected: Rc<dyn Host> = host.clone();
        assert!(Rc::ptr_eq(&tag.host, &expected));
        set_allowed(&mut engine, false);
        assert!(!engine_allows(&engine));
    }
}

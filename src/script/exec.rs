//! Permission to run installed programs (external SAT solvers).
//!
//! Off unless the person at the keyboard turned it on for this process
//! (`--allow-exec` on the command line). It travels in
//! the engine's tag beside the session's host, so every evaluation of a session sees it, and a lab
//! section runs with it off whatever the session allows: a lab or script
//! someone sent must not be able to run a program.

use rhai::{Dynamic, Engine, NativeCallContext};

use super::host::HostTag;

/// The error when a script asks for a program without permission.
pub const NOT_ALLOWED: &str = "running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)";

/// True when the evaluation `ctx` belongs to may run programs.
pub fn allowed(ctx: &NativeCallContext) -> bool {
    ctx.tag()
        .and_then(|t| t.clone().try_cast::<HostTag>())
        .is_some_and(|t| t.1)
}

/// Whether evaluations on `engine` may run programs.
pub fn engine_allows(engine: &Engine) -> bool {
    engine
        .default_tag()
        .clone()
        .try_cast::<HostTag>()
        .is_some_and(|t| t.1)
}

/// Allow or forbid running programs for evaluations on `engine` (whose
/// tag holds the session's host).
pub fn set_allowed(engine: &mut Engine, on: bool) {
    if let Some(mut tag) = engine.default_tag().clone().try_cast::<HostTag>() {
        tag.1 = on;
        engine.set_default_tag(Dynamic::from(tag));
    }
}

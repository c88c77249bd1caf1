//! Permission to run installed programs (external SAT solvers), carried in
//! the engine's tag beside the session's host (see `script::host`), so
//! every evaluation of a session sees it. Off unless turned on.

use rhai::{Dynamic, Engine, NativeCallContext};

use super::host::HostTag;

/// The error when a script asks for a program without permission.
pub const NOT_ALLOWED: &str = "running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)";

/// True when the evaluation `ctx` belongs to may run programs.
pub fn allowed(ctx: &NativeCallContext) -> bool {
    HostTag::of(ctx).is_some_and(|t| t.allow_exec)
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

//! Printing arrays and maps with a depth limit.
//!
//! Rhai prints a nested array by recursion, one native call per level, so
//! `let a = []; for i in 0..100000 { a = [a]; } print(a)` would overflow the
//! stack and abort the process. These replace Rhai's `print`, `debug`,
//! `to_string` and `to_debug` for arrays and maps (the engine searches
//! modules registered later first) with the same text up to
//! [`MAX_PRINT_DEPTH`] levels, and `[...]` / `#{...}` below that.

use std::fmt::Write;

use rhai::{Array, Dynamic, ImmutableString, Map, Module, NativeCallContext};

/// Levels of arrays and maps printed before `[...]` stands for the rest.
pub const MAX_PRINT_DEPTH: usize = 64;

/// The printing functions as a module, registered after Rhai's packages.
pub fn module() -> Module {
    let mut m = Module::new();
    for name in ["print", "to_string", "debug", "to_debug"] {
        m.set_native_fn(name, |ctx: NativeCallContext, a: &mut Array| {
            let mut out = String::new();
            array(&ctx, a, 1, &mut out);
            Ok(ImmutableString::from(out))
        });
        m.set_native_fn(name, |ctx: NativeCallContext, map: &mut Map| {
            let mut out = String::new();
            object(&ctx, map, 1, &mut out);
            Ok(ImmutableString::from(out))
        });
    }
    m
}

fn array(ctx: &NativeCallContext, a: &mut Array, depth: usize, out: &mut String) {
    if depth > MAX_PRINT_DEPTH {
        out.push_str("[...]");
        return;
    }
    out.push('[');
    let len = a.len();
    for (i, x) in a.iter_mut().enumerate() {
        item(ctx, x, depth, out);
        if i + 1 < len {
            out.push_str(", ");
        }
    }
    out.push(']');
}

fn object(ctx: &NativeCallContext, map: &mut Map, depth: usize, out: &mut String) {
    if depth > MAX_PRINT_DEPTH {
        out.push_str("#{...}");
        return;
    }
    out.push_str("#{");
    let len = map.len();
    for (i, (k, v)) in map.iter_mut().enumerate() {
        let _ = write!(out, "{k:?}: ");
        item(ctx, v, depth, out);
        if i + 1 < len {
            out.push_str(", ");
        }
    }
    out.push('}');
}

/// One element as Rhai shows it inside a container (its `to_debug`),
/// containers one level deeper.
fn item(ctx: &NativeCallContext, x: &mut Dynamic, depth: usize, out: &mut String) {
    if x.is_array() {
        if let Ok(mut inner) = x.as_array_mut() {
            array(ctx, &mut inner, depth + 1, out);
        }
        return;
    }
    if x.is_map() {
        if let Some(mut inner) = x.write_lock::<Map>() {
            object(ctx, &mut inner, depth + 1, out);
        }
        return;
    }
    match ctx
        .call_native_fn_raw("to_debug", true, &mut [x])
        .ok()
        .and_then(|v| v.into_immutable_string().ok())
    {
        Some(text) => out.push_str(&text),
        None => {
            let _ = write!(out, "{x:?}");
        }
    }
}

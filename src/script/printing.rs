//! Printing arrays and maps with a depth limit.
//!
//! Rhai prints a nested array by recursion, one native call per level, so
//! `let a = []; for i in 0..100000 { a = [a]; } print(a)` would overflow the
//! stack and abort the process. These replace Rhai's `print`, `debug`,
//! `to_string` and `to_debug` for arrays and maps (the engine searches
//! modules registered later first) with the same text up to
//! [`MAX_PRINT_DEPTH`] levels, and `[...]` / `#{...}` below that.
//!
//! The text grows checked against the memory budget: an array that holds
//! one long string many times (a shared string is not copied) would print
//! to far more than it holds.

use std::fmt::Write;

use rhai::{Array, Dynamic, ImmutableString, Map, Module, NativeCallContext};

/// Levels of arrays and maps printed before `[...]` stands for the rest.
pub const MAX_PRINT_DEPTH: usize = 64;

/// The printing functions as a module, registered after Rhai's packages.
pub fn module() -> Module {
    let mut m = Module::new();
    for name in ["print", "to_string", "debug", "to_debug"] {
        m.set_native_fn(name, move |ctx: NativeCallContext, a: &mut Array| {
            let mut out = String::new();
            array(&ctx, a, 1, &mut out).map_err(|bytes| too_long(name, bytes))?;
            Ok(ImmutableString::from(out))
        });
        m.set_native_fn(name, move |ctx: NativeCallContext, map: &mut Map| {
            let mut out = String::new();
            object(&ctx, map, 1, &mut out).map_err(|bytes| too_long(name, bytes))?;
            Ok(ImmutableString::from(out))
        });
    }
    m
}

/// The memory error of a text that would need `bytes` more.
fn too_long(name: &str, bytes: u64) -> Box<rhai::EvalAltResult> {
    super::error(crate::memory::refusal(
        name,
        &format!("the text needs {} more", crate::memory::format_size(bytes)),
    ))
}

/// `Err(bytes)` when `out` would have to grow by `bytes` to take `more`
/// bytes and that passes the memory budget.
fn room(out: &String, more: usize) -> Result<(), u64> {
    let need = out.len().saturating_add(more);
    if need <= out.capacity() {
        return Ok(());
    }
    let bytes = need.max(out.capacity().saturating_mul(2)) as u64;
    if crate::memory::would_exceed(bytes) {
        return Err(bytes);
    }
    Ok(())
}

fn array(
    ctx: &NativeCallContext,
    a: &mut Array,
    depth: usize,
    out: &mut String,
) -> Result<(), u64> {
    if depth > MAX_PRINT_DEPTH {
        out.push_str("[...]");
        return Ok(());
    }
    out.push('[');
    let len = a.len();
    for (i, x) in a.iter_mut().enumerate() {
        item(ctx, x, depth, out)?;
        if i + 1 < len {
            out.push_str(", ");
        }
    }
    out.push(']');
    Ok(())
}

fn object(
    ctx: &NativeCallContext,
    map: &mut Map,
    depth: usize,
    out: &mut String,
) -> Result<(), u64> {
    if depth > MAX_PRINT_DEPTH {
        out.push_str("#{...}");
        return Ok(());
    }
    out.push_str("#{");
    let len = map.len();
    for (i, (k, v)) in map.iter_mut().enumerate() {
        room(out, k.len() + 4)?;
        let _ = write!(out, "{k:?}: ");
        item(ctx, v, depth, out)?;
        if i + 1 < len {
            out.push_str(", ");
        }
    }
    out.push('}');
    Ok(())
}

/// One element as Rhai shows it inside a container (its `to_debug`),
/// containers one level deeper.
fn item(
    ctx: &NativeCallContext,
    x: &mut Dynamic,
    depth: usize,
    out: &mut String,
) -> Result<(), u64> {
    if x.is_array() {
        if let Ok(mut inner) = x.as_array_mut() {
            array(ctx, &mut inner, depth + 1, out)?;
        }
        return Ok(());
    }
    if x.is_map() {
        if let Some(mut inner) = x.write_lock::<Map>() {
            object(ctx, &mut inner, depth + 1, out)?;
        }
        return Ok(());
    }
    // Room for the separator after it too.
    match ctx
        .call_native_fn_raw("to_debug", true, &mut [x])
        .ok()
        .and_then(|v| v.into_immutable_string().ok())
    {
        Some(text) => {
            room(out, text.len() + 2)?;
            out.push_str(&text);
        }
        None => {
            let text = format!("{x:?}");
            room(out, text.len() + 2)?;
            out.push_str(&text);
        }
    }
    Ok(())
}

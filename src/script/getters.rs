//! A function of one value is also its property: `ym.filled` is
//! `filled(ym)`, as `ym.filled()` already is. Rhai reads `x.name` through a
//! getter `get$name`; one is registered for each documented function whose
//! only parameter is one of puzzlelab's own types (a Grid, a Region, ...),
//! so that what completion offers after a `.` works with or without `()`.

use std::any::TypeId;
use std::sync::OnceLock;

use rhai::{Dynamic, Engine};

use super::help;

/// Types whose one-parameter functions become properties: those are the
/// values people put a `.` after; Rhai's own (strings, arrays) keep theirs.
const PLAIN: &[&str] = &[
    "int", "float", "bool", "String", "char", "Array", "Map", "FnPtr", "any",
];

/// The names that get a getter (built once from the help metadata).
pub fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<String> = help::docs()
            .iter()
            .filter(|d| {
                let (_, params) = d.signature.split_once('(').unwrap_or_default();
                let params = params.split(") ->").next().unwrap_or(params);
                let params = params.strip_suffix(')').unwrap_or(params);
                !params.is_empty()
                    && !params.contains(',')
                    && params
                        .rsplit(':')
                        .next()
                        .is_some_and(|t| !PLAIN.contains(&t.trim()))
            })
            .map(|d| d.name.clone())
            .collect();
        names.sort();
        names.dedup();
        names
    })
}

/// Register `get$name` for every name of [`names`]. The getter takes any
/// value (a getter registered for the exact type, such as a Piece's `name`,
/// still wins) and calls the function, so a value the function does not
/// take gets the function's own "takes a Grid, not ..." error.
pub fn install(engine: &mut Engine) {
    for name in names() {
        let function = name.clone();
        engine.register_raw_fn(
            format!("get${name}"),
            [TypeId::of::<Dynamic>()],
            move |ctx, args| {
                let mut value = args[0].clone();
                ctx.call_native_fn_raw(&function, false, &mut [&mut value])
            },
        );
    }
}

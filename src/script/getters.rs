//! A function of one value is also its property: `ym.filled` is
//! `filled(ym)`, as `ym.filled()` already is. Rhai reads `x.name` through a
//! getter `get$name`; one is registered for each documented function whose
//! only parameter is one of puzzlelab's own types (a Grid, a Region, ...),
//! so that what completion offers after a `.` works with or without `()`.

use std::any::TypeId;

use rhai::{Dynamic, Engine};

use super::help;

/// Types whose one-parameter functions become properties: those are the
/// values people put a `.` after; Rhai's own (strings, arrays) keep theirs.
const PLAIN: &[&str] = &[
    "int", "float", "bool", "String", "char", "Array", "Map", "FnPtr", "any",
];

/// The names that get a getter, read from the signatures of the functions
/// `engine` already has (no help metadata: that is built only when help
/// is asked for; a test checks both give the same names).
fn names_in(engine: &Engine) -> Vec<String> {
    let mut names: Vec<String> = engine
        .gen_fn_signatures(false)
        .iter()
        .filter_map(|sig| getter_name(sig))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The function's name when `signature` has one parameter of one of
/// puzzlelab's own types. Takes the engine's raw signatures as they are
/// (tidying each first cost a third of every start-up) as well as the
/// help's tidied ones.
fn getter_name(signature: &str) -> Option<String> {
    let (name, params) = signature.split_once('(')?;
    let params = params.split(") ->").next().unwrap_or(params);
    let params = params.strip_suffix(')').unwrap_or(params);
    // The engine spells Rhai's own types in lower case (`string`, `array`,
    // `map`) and a raw function's parameters `_` (no type).
    let own_type = !params.contains(',')
        && params
            .split_once(':')
            .is_some_and(|(_, t)| !plain_type(t.trim()));
    let plain_name = name.chars().next().is_some_and(|c| c.is_alphabetic())
        && !name.contains('$')
        && name != "to_string"
        && name != "to_debug";
    (own_type && plain_name).then(|| name.trim().to_string())
}

/// A type of Rhai's own, as the help spells it ([`PLAIN`]) or as the
/// engine does before tidying.
fn plain_type(t: &str) -> bool {
    let t = help::tidy_type(t);
    PLAIN.contains(&t) || ["string", "array", "map", "Fn"].contains(&t)
}

/// The names that get a getter, from the help metadata (what `names_in`
/// must equal).
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = help::docs()
        .iter()
        .filter_map(|d| getter_name(&d.signature))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Register `get$name` for every name of [`names`]. The getter takes any
/// value (a getter registered for the exact type, such as a Piece's `name`,
/// still wins) and calls the function, so a value the function does not
/// take gets the function's own "takes a Grid, not ..." error.
pub fn install(engine: &mut Engine) {
    for name in names_in(engine) {
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

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::script::{Limits, host::RecordingHost, new_engine};

    #[test]
    fn the_engine_and_the_help_name_the_same_getters() {
        let host: Rc<dyn crate::script::host::Host> = Rc::new(RecordingHost::default());
        let mut engine = new_engine(&Limits::default(), host);
        // The getters themselves are no functions of one own-type value.
        let with_getters = names_in(&engine);
        engine = Engine::new();
        assert!(names_in(&engine).is_empty());
        let help = names();
        assert_eq!(with_getters, help);
        assert!(help.iter().any(|n| n == "filled"), "{help:?}");
    }
}

//! A function of one value is also its property: `ym.filled` is
//! `filled(ym)`, as `ym.filled()` already is. Rhai reads `x.name` through a
//! getter `get$name`; one is registered for each documented function whose
//! only parameter is one of puzzlelab's own types (a Grid, a Region, ...),
//! so that what completion offers after a `.` works with or without `()`.

use std::any::TypeId;

use rhai::plugin::FnManifestEntry;
use rhai::{Array, Dynamic, Engine, FnPtr, ImmutableString, Map};

/// Rhai's own types (strings, arrays, ...): those keep their own
/// properties; one-parameter functions of any other type become properties.
fn plain(t: TypeId) -> bool {
    [
        TypeId::of::<rhai::INT>(),
        TypeId::of::<rhai::FLOAT>(),
        TypeId::of::<bool>(),
        TypeId::of::<char>(),
        TypeId::of::<ImmutableString>(),
        TypeId::of::<String>(),
        TypeId::of::<&'static str>(),
        TypeId::of::<Array>(),
        TypeId::of::<Map>(),
        TypeId::of::<FnPtr>(),
        TypeId::of::<Dynamic>(),
        TypeId::of::<()>(),
    ]
    .contains(&t)
}

/// True when `f` gets a getter: a plain name (no operator, no `get$...`,
/// no printing hook) and one parameter of one of puzzlelab's own types.
fn gets_getter(f: &FnManifestEntry) -> bool {
    let name = f.name();
    let plain_name = name.chars().next().is_some_and(char::is_alphabetic)
        && !name.contains('$')
        && name != "to_string"
        && name != "to_debug";
    let mut own_type = false;
    f.with_param_types(&mut |types| own_type = types.len() == 1 && !plain(types[0]));
    plain_name && own_type
}

/// The names that get a getter, read from the domains' plugin manifests:
/// no module is built and no signature written, so start-up pays only for
/// a walk over a few hundred static entries (generating the engine's
/// signatures to find them cost a third of every start-up). A test checks
/// that the help's signatures give the same names.
pub fn names() -> Vec<&'static str> {
    let mut names = Vec::new();
    super::each_domain_function(|f| {
        if gets_getter(f) {
            names.push(f.name());
        }
    });
    names.sort_unstable();
    names.dedup();
    names
}

/// Register `get$name` for every name of [`names`]. The getter takes any
/// value (a getter registered for the exact type, such as a Piece's `name`,
/// still wins) and calls the function, so a value the function does not
/// take gets the function's own "takes a Grid, not ..." error.
pub fn install(engine: &mut Engine) {
    for name in names() {
        engine.register_raw_fn(
            format!("get${name}"),
            [TypeId::of::<Dynamic>()],
            move |ctx, args| {
                let mut value = args[0].clone();
                ctx.call_native_fn_raw(name, false, &mut [&mut value])
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::help;
    use crate::script::{Limits, session::Session};

    /// The function's name when help's `signature` has one parameter of
    /// one of puzzlelab's own types (the rule [`gets_getter`] applies to
    /// parameter types, here applied to the words help shows).
    fn getter_name(signature: &str) -> Option<String> {
        let (name, params) = signature.split_once('(')?;
        let params = params.split(") ->").next().unwrap_or(params);
        let params = params.strip_suffix(')').unwrap_or(params);
        const PLAIN: &[&str] = &[
            "int", "float", "bool", "String", "char", "Array", "Map", "FnPtr", "any",
        ];
        let own_type = !params.contains(',')
            && params
                .split_once(':')
                .is_some_and(|(_, t)| !PLAIN.contains(&help::tidy_type(t.trim())));
        let plain_name = name.chars().next().is_some_and(|c| c.is_alphabetic())
            && !name.contains('$')
            && name != "to_string"
            && name != "to_debug";
        (own_type && plain_name).then(|| name.trim().to_string())
    }

    #[test]
    fn the_manifests_and_the_help_name_the_same_getters() {
        let mut from_help: Vec<String> = help::docs()
            .iter()
            .filter_map(|d| getter_name(&d.signature))
            .collect();
        from_help.sort();
        from_help.dedup();
        assert_eq!(names(), from_help);
        assert!(from_help.iter().any(|n| n == "filled"), "{from_help:?}");
    }

    #[test]
    fn a_property_reads_the_function() {
        let mut session = Session::capturing(&Limits::default());
        let property = session.eval("ym.filled").expect("a getter");
        let call = session.eval("filled(ym)").expect("the function");
        assert_eq!(property.as_int(), call.as_int());
        assert!(session.eval("5.filled").is_err());
    }
}

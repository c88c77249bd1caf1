//! `array.sort(comparator)` that takes a comparator's number of any kind.
//!
//! Rhai's own sort wants the comparator to return an integer and silently
//! leaves the array as it was when it returns anything else, so
//! `ratings.sort(|x, y| x.er - y.er)` with float ratings did nothing. This
//! one replaces it (the engine searches modules registered later first):
//! an integer or a float orders by its sign, and anything else (a string,
//! NaN) is an error that says what the comparator must return.

use std::cell::RefCell;
use std::cmp::Ordering;

use rhai::{Array, Dynamic, EvalAltResult, FnPtr, Module, NativeCallContext};

/// The sorting functions as a module, registered after Rhai's packages.
pub fn module() -> Module {
    let mut m = Module::new();
    m.set_native_fn(
        "sort",
        |ctx: NativeCallContext, a: &mut Array, comparator: FnPtr| sort(&ctx, a, &comparator),
    );
    m
}

fn sort(
    ctx: &NativeCallContext,
    a: &mut Array,
    comparator: &FnPtr,
) -> Result<(), Box<EvalAltResult>> {
    if a.len() < 2 {
        return Ok(());
    }
    // The first failure; the sort then sees every pair as equal and ends.
    let failure: RefCell<Option<Box<EvalAltResult>>> = RefCell::new(None);
    let mut items = std::mem::take(a);
    items.sort_by(|x, y| {
        if failure.borrow().is_some() {
            return Ordering::Equal;
        }
        match comparator
            .call_within_context::<Dynamic>(ctx, (x.clone(), y.clone()))
            .and_then(|v| order(&v))
        {
            Ok(order) => order,
            Err(e) => {
                *failure.borrow_mut() = Some(e);
                Ordering::Equal
            }
        }
    });
    match failure.into_inner() {
        Some(e) => {
            // Left as it was given, not half sorted.
            let _ = std::mem::replace(a, items);
            Err(e)
        }
        None => {
            *a = items;
            Ok(())
        }
    }
}

/// What a comparator's value says: its sign.
fn order(value: &Dynamic) -> Result<Ordering, Box<EvalAltResult>> {
    if let Ok(n) = value.as_int() {
        return Ok(n.cmp(&0));
    }
    if let Ok(x) = value.as_float()
        && !x.is_nan()
    {
        return Ok(x.partial_cmp(&0.0).unwrap_or(Ordering::Equal));
    }
    Err(super::error(format!(
        "sort: the comparator returned {} ({value}); it must return a number: \
         negative when its first argument goes first, positive when it goes \
         after, 0 when either may (`|x, y| x.er - y.er` works for integers and \
         decimals alike)",
        super::kind_of(value)
    )))
}

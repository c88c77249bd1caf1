//! The sandbox's array, map and string size limits on writes Rhai does not
//! check itself.
//!
//! Rhai checks sizes after most operations, but `m[k] = v` (and
//! `m.a[k] = v`) checks only the value written, not the map that grows, so
//! a loop could fill memory past `--max-map-size`. The engine's variable
//! resolver calls [`SizeGuard::check`] on every read of a variable: every
//! 64th read it compares the variable's own length with the limits, and
//! every 4096th it measures it whole (nested arrays, maps and strings), so a
//! value passes a limit by at most 64 writes to itself, or 4096 to a value
//! inside it. Those walks make a loop that grows a value quadratic, which is
//! why the limits are off by default and the memory budget (`memory`) is
//! what bounds memory; a person who sets a size limit opts in to the cost.

use std::cell::Cell;

use rhai::{Dynamic, EvalAltResult, Position, Scope};

/// Counts variable reads and checks sizes now and then (see the module).
pub struct SizeGuard {
    reads: Cell<u64>,
    max_array: usize,
    max_map: usize,
    max_string: usize,
}

impl SizeGuard {
    /// A guard for these limits (0 = unlimited, as in Rhai); none when
    /// every limit is off (the default: the memory budget bounds memory,
    /// and a guard's walks would cost O(size) now and then).
    pub fn new(max_array: usize, max_map: usize, max_string: usize) -> Option<SizeGuard> {
        (max_array > 0 || max_map > 0 || max_string > 0).then(|| SizeGuard {
            reads: Cell::new(0),
            max_array,
            max_map,
            max_string,
        })
    }

    /// Called as `name` is read from `scope`: the sandbox's error when the
    /// variable is past a size limit.
    pub fn check(&self, name: &str, scope: &Scope) -> Result<(), Box<EvalAltResult>> {
        let n = self.reads.get().wrapping_add(1);
        self.reads.set(n);
        if !n.is_multiple_of(64) {
            return Ok(());
        }
        let Some(value) = scope.get(name) else {
            return Ok(());
        };
        let (arrays, maps, strings) = if n.is_multiple_of(4096) {
            whole_size(value)
        } else {
            own_size(value)
        };
        let over = |size: usize, max: usize| max > 0 && size > max;
        let what = if over(arrays, self.max_array) {
            "Size of array/BLOB"
        } else if over(maps, self.max_map) {
            "Size of object map"
        } else if over(strings, self.max_string) {
            "Length of string"
        } else {
            return Ok(());
        };
        Err(Box::new(EvalAltResult::ErrorDataTooLarge(
            what.to_string(),
            Position::NONE,
        )))
    }
}

/// Total lengths of all arrays, maps and strings in the value, as Rhai
/// counts them, down to 64 levels (deeper is not counted: the walk must not
/// overflow the stack on a deeply nested value).
fn whole_size(value: &Dynamic) -> (usize, usize, usize) {
    let mut totals = (0, 0, 0);
    add_sizes(value, 0, &mut totals);
    totals
}

fn add_sizes(v: &Dynamic, depth: usize, totals: &mut (usize, usize, usize)) {
    if depth > 64 {
        return;
    }
    if v.is_shared() {
        if let Some(inner) = v.read_lock::<Dynamic>() {
            add_sizes(&inner, depth + 1, totals);
        }
    } else if let Ok(a) = v.as_array_ref() {
        totals.0 += a.len();
        for x in a.iter() {
            add_sizes(x, depth + 1, totals);
        }
    } else if let Some(m) = v.read_lock::<rhai::Map>() {
        totals.1 += m.len();
        for x in m.values() {
            add_sizes(x, depth + 1, totals);
        }
    } else if let Ok(s) = v.as_immutable_string_ref() {
        totals.2 += s.len();
    }
}

/// The value's own length, as (array, map, string), not looking inside.
fn own_size(value: &Dynamic) -> (usize, usize, usize) {
    if let Ok(a) = value.as_array_ref() {
        (a.len(), 0, 0)
    } else if let Some(m) = value.read_lock::<rhai::Map>() {
        (0, m.len(), 0)
    } else if let Ok(s) = value.as_immutable_string_ref() {
        (0, 0, s.len())
    } else {
        (0, 0, 0)
    }
}

//! Rhai's operations that make a large value in one step, checked against
//! the memory budget before they allocate (see `crate::memory` for the
//! whole rule).
//!
//! The budget is otherwise checked between operations, so one operation
//! that asks for a large block (`s += s` on a long string, `a.pad(n, 0)`,
//! `blob(n)`) would pass it by the block's size before the next check.
//! These replace Rhai's own versions (the engine searches modules
//! registered later first; `new_engine` turns Rhai's built-in fast path
//! for operators off so that `+` and `+=` on strings and arrays reach them
//! too). Each computes the bytes the operation will ask for, refuses with
//! a memory error naming the budget when that passes it, and otherwise
//! does what Rhai's version does.

use rhai::{Array, Blob, Dynamic, EvalAltResult, FuncRegistration, INT, ImmutableString, Module};

use crate::memory;

type Checked<T> = Result<T, Box<EvalAltResult>>;

/// Bytes of one array slot.
const SLOT: u64 = std::mem::size_of::<Dynamic>() as u64;

/// Bytes a short string piece takes on its own (a reference count and a
/// string header), beyond its text when that is longer than fits inline.
const PIECE: u64 = 40;

/// Longest text a string keeps inline, without a block of its own.
const INLINE: usize = 23;

/// Deepest level [`copy_bytes`] walks (as printing does).
const MAX_DEPTH: usize = 64;

/// `Ok` when `bytes` more fit the budget, else the memory error for `what`.
fn room(what: &str, bytes: u64) -> Checked<()> {
    memory::reserve(what, bytes).map_err(super::error)
}

/// Bytes a new block for `need` elements of `size` bytes takes, or, for
/// an element count that overflows, a count no budget holds.
fn block(need: usize, size: u64) -> u64 {
    (need as u64).saturating_mul(size)
}

/// Bytes a vector of capacity `cap` asks for to hold `need` elements, as
/// `Vec::reserve` grows it (to double, or to `need` if more); 0 when it
/// already has room.
fn growth(cap: usize, need: usize) -> usize {
    if need <= cap {
        0
    } else {
        need.max(cap.saturating_mul(2)).max(4)
    }
}

/// A length argument as a count; negative counts are none (as in Rhai).
fn count(len: INT) -> usize {
    usize::try_from(len).unwrap_or(0)
}

/// Bytes a copy of `v` takes (cloning an array or a map copies it whole;
/// a string is shared, not copied). A walk as deep as printing's.
fn copy_bytes(v: &Dynamic, depth: usize) -> u64 {
    if depth > MAX_DEPTH || v.is_shared() {
        return 0;
    }
    if let Ok(a) = v.as_array_ref() {
        return a.iter().fold(block(a.len(), SLOT), |sum, x| {
            sum.saturating_add(copy_bytes(x, depth + 1))
        });
    }
    if let Ok(b) = v.as_blob_ref() {
        return b.len() as u64;
    }
    if let Some(m) = v.read_lock::<rhai::Map>() {
        return m.iter().fold(block(m.len(), 64), |sum, (k, x)| {
            let key = if k.len() > INLINE { k.len() as u64 } else { 0 };
            sum.saturating_add(key)
                .saturating_add(copy_bytes(x, depth + 1))
        });
    }
    0
}

/// Append `tail` to `text`, after checking the block it needs: the string
/// grows in place when no one else holds it (doubling, as `String` does),
/// else a new one of the exact size is made.
fn append(what: &str, text: &mut ImmutableString, tail: &str) -> Checked<()> {
    if tail.is_empty() {
        return Ok(());
    }
    let need = text.len().saturating_add(tail.len());
    let bytes = match text.get_mut() {
        Some(own) if need <= INLINE => {
            own.push_str(tail);
            return Ok(());
        }
        Some(own) if own.is_inline() => need,
        Some(own) => growth(own.capacity(), need),
        None => need,
    };
    room(what, bytes as u64)?;
    match text.get_mut() {
        Some(own) => own.push_str(tail),
        None => {
            let mut joined = String::with_capacity(need);
            joined.push_str(text);
            joined.push_str(tail);
            *text = joined.into();
        }
    }
    Ok(())
}

/// A new string `a` then `b`, checked first.
fn concat(a: &str, b: &str) -> Checked<ImmutableString> {
    let need = a.len().saturating_add(b.len());
    if need > INLINE {
        room("+", need as u64)?;
    }
    let mut out = String::with_capacity(need);
    out.push_str(a);
    out.push_str(b);
    Ok(out.into())
}

/// `text` padded to `len` characters with copies of `padding` (the last
/// copy cut short), as Rhai's `pad` does; the bytes are checked first.
fn pad_text(text: &mut ImmutableString, len: INT, padding: &str) -> Checked<()> {
    let len = count(len);
    let have = text.chars().count();
    let width = padding.chars().count();
    if len <= have || width == 0 {
        return Ok(());
    }
    let missing = len - have;
    let tail: usize = padding
        .chars()
        .take(missing % width)
        .map(char::len_utf8)
        .sum();
    let bytes = (missing / width)
        .saturating_mul(padding.len())
        .saturating_add(tail);
    room("pad", text.len().saturating_add(bytes) as u64)?;
    let mut out = String::with_capacity(text.len() + bytes);
    out.push_str(text);
    for _ in 0..missing / width {
        out.push_str(padding);
    }
    out.extend(padding.chars().take(missing % width));
    *text = out.into();
    Ok(())
}

/// Room for `more` elements in `array`, checked first.
fn reserve_slots(what: &str, array: &mut Array, more: usize) -> Checked<()> {
    let need = array.len().saturating_add(more);
    let bytes = growth(array.capacity(), need);
    if bytes > 0 {
        room(what, block(bytes, SLOT))?;
        array.reserve_exact(bytes - array.len());
    }
    Ok(())
}

/// Register `f` as `name`, a function that changes its first argument (so
/// it may not be called on a constant, as Rhai's own versions).
macro_rules! changing {
    ($m:expr, $name:expr, $f:expr $(,)?) => {
        FuncRegistration::new($name)
            .with_purity(false)
            .set_into_module($m, $f)
    };
}

/// The checked operations as a module, registered after Rhai's packages.
pub fn module() -> Module {
    let mut m = Module::new();
    strings(&mut m);
    arrays(&mut m);
    blobs(&mut m);
    m
}

/// The string operations that grow a string or make an array of it.
fn strings(m: &mut Module) {
    m.set_native_fn(
        "+",
        |a: ImmutableString, b: ImmutableString| -> Checked<_> {
            if b.is_empty() {
                return Ok(a);
            }
            if a.is_empty() {
                return Ok(b);
            }
            concat(&a, &b)
        },
    );
    m.set_native_fn("+", |a: ImmutableString, c: char| -> Checked<_> {
        concat(&a, c.encode_utf8(&mut [0; 4]))
    });
    m.set_native_fn("+", |c: char, a: ImmutableString| -> Checked<_> {
        concat(c.encode_utf8(&mut [0; 4]), &a)
    });
    for name in ["+=", "append"] {
        changing!(m, name, move |s: &mut ImmutableString,
                                 t: ImmutableString|
              -> Checked<_> { append(name, s, &t) });
        changing!(m, name, move |s: &mut ImmutableString,
                                 c: char|
              -> Checked<_> {
            append(name, s, c.encode_utf8(&mut [0; 4]))
        });
    }
    changing!(m, "pad", |s: &mut ImmutableString,
                         len: INT,
                         c: char|
     -> Checked<_> {
        pad_text(s, len, c.encode_utf8(&mut [0; 4]))
    });
    changing!(m, "pad", |s: &mut ImmutableString,
                         len: INT,
                         padding: ImmutableString|
     -> Checked<_> { pad_text(s, len, &padding) },);
    changing!(m, "replace", |s: &mut ImmutableString,
                             find: ImmutableString,
                             with: ImmutableString|
     -> Checked<_> {
        replace(s, &find, &with)
    },);
    changing!(m, "replace", |s: &mut ImmutableString,
                             find: char,
                             with: ImmutableString|
     -> Checked<_> {
        replace(s, find.encode_utf8(&mut [0; 4]), &with)
    },);
    m.set_native_fn("to_chars", |s: &mut ImmutableString| -> Checked<_> {
        let chars = s.chars().count();
        room("to_chars", block(chars, SLOT))?;
        Ok(s.chars().map(Dynamic::from).collect::<Array>())
    });
    m.set_native_fn(
        "split",
        |s: &mut ImmutableString, at: ImmutableString| -> Checked<_> {
            let pieces = if at.is_empty() {
                s.chars().count() + 2
            } else {
                s.matches(at.as_str()).count() + 1
            };
            room("split", split_bytes(s, pieces))?;
            if s.is_empty() || (!at.is_empty() && !s.contains(at.as_str())) {
                return Ok(vec![Dynamic::from(s.clone())]);
            }
            Ok(s.split(at.as_str()).map(piece).collect::<Array>())
        },
    );
    m.set_native_fn("split", |s: &mut ImmutableString, at: char| -> Checked<_> {
        let pieces = s.matches(at).count() + 1;
        room("split", split_bytes(s, pieces))?;
        if s.is_empty() || !s.contains(at) {
            return Ok(vec![Dynamic::from(s.clone())]);
        }
        Ok(s.split(at).map(piece).collect::<Array>())
    });
}

/// The array operations that grow an array.
fn arrays(m: &mut Module) {
    for name in ["push", "+="] {
        changing!(m, name, move |a: &mut Array, x: Dynamic| -> Checked<_> {
            reserve_slots(name, a, 1)?;
            a.push(x);
            Ok(())
        });
    }
    for name in ["append", "+="] {
        changing!(m, name, move |a: &mut Array, b: Array| -> Checked<_> {
            if a.is_empty() {
                *a = b;
                return Ok(());
            }
            reserve_slots(name, a, b.len())?;
            a.extend(b);
            Ok(())
        });
    }
    m.set_native_fn("+", |a: Array, b: Array| -> Checked<_> {
        if b.is_empty() {
            return Ok(a);
        }
        if a.is_empty() {
            return Ok(b);
        }
        let need = a.len().saturating_add(b.len());
        room("+", block(need, SLOT))?;
        let mut out = Array::with_capacity(need);
        out.extend(a);
        out.extend(b);
        Ok(out)
    });
    changing!(m, "insert", |a: &mut Array,
                            at: INT,
                            x: Dynamic|
     -> Checked<_> {
        reserve_slots("insert", a, 1)?;
        let len = a.len() as INT;
        // Rhai's rule: a negative index counts from the end; past either
        // end is the end (or the start).
        let at = if at < 0 {
            (len + at).max(0)
        } else {
            at.min(len)
        };
        a.insert(at as usize, x);
        Ok(())
    });
    changing!(m, "pad", |a: &mut Array,
                         len: INT,
                         x: Dynamic|
     -> Checked<_> {
        let len = count(len);
        if len <= a.len() {
            return Ok(());
        }
        let copies = (len - a.len()) as u64;
        let bytes = block(growth(a.capacity(), len).max(len), SLOT)
            .saturating_add(copies.saturating_mul(copy_bytes(&x, 0)));
        room("pad", bytes)?;
        a.reserve_exact(len - a.len());
        a.resize(len, x);
        Ok(())
    });
}

/// The BLOB operations that make or grow a BLOB, or an array of one.
fn blobs(m: &mut Module) {
    m.set_native_fn("blob", |len: INT| -> Checked<_> { blob(len, 0) });
    m.set_native_fn("blob", blob);
    changing!(m, "pad", |b: &mut Blob,
                         len: INT,
                         value: INT|
     -> Checked<_> {
        let len = count(len);
        if len > b.len() {
            room("pad", len as u64)?;
            b.reserve_exact(len - b.len());
            b.resize(len, value as u8);
        }
        Ok(())
    });
    m.set_native_fn("to_array", |b: &mut Blob| -> Checked<_> {
        room("to_array", block(b.len(), SLOT))?;
        Ok(b.iter()
            .map(|&x| Dynamic::from(x as INT))
            .collect::<Array>())
    });
}

/// Rhai's `blob(len, value)`, checked first.
fn blob(len: INT, value: INT) -> Checked<Blob> {
    let len = count(len);
    room("blob", len as u64)?;
    Ok(vec![value as u8; len])
}

/// One piece of a split string as a script value.
fn piece(text: &str) -> Dynamic {
    ImmutableString::from(text).into()
}

/// Bytes `pieces` pieces of `s` take as an array of strings.
fn split_bytes(s: &str, pieces: usize) -> u64 {
    block(pieces, SLOT + PIECE).saturating_add(s.len() as u64)
}

/// Rhai's `replace`, with the longer result checked first.
fn replace(s: &mut ImmutableString, find: &str, with: &str) -> Checked<()> {
    if s.is_empty() {
        return Ok(());
    }
    if with.len() > find.len() {
        let hits = s.matches(find).count() as u64;
        let bytes =
            (s.len() as u64).saturating_add(hits.saturating_mul((with.len() - find.len()) as u64));
        room("replace", bytes)?;
    }
    *s = s.replace(find, with).into();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_grow_as_reserve_does() {
        assert_eq!(growth(8, 8), 0);
        assert_eq!(growth(8, 9), 16);
        assert_eq!(growth(8, 100), 100);
        assert_eq!(growth(0, 1), 4);
    }

    #[test]
    fn a_copy_counts_arrays_and_blobs_not_shared_strings() {
        let inner: Array = vec![Dynamic::from(1_i64); 10];
        let outer: Array = vec![Dynamic::from(inner), Dynamic::from("text")];
        assert_eq!(copy_bytes(&Dynamic::from(outer), 0), 2 * SLOT + 10 * SLOT);
        assert_eq!(copy_bytes(&Dynamic::from_blob(vec![0; 100]), 0), 100);
    }
}

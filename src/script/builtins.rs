//! The source's puzzles (`ym`, `su21_1`, `su21_99`, `clark`, `x`): names
//! every chunk of code can read and none can change.
//!
//! They are not in the session's scope. The engine's variable resolver
//! hands out a read-only copy whenever code reads one of these names and no
//! variable of that name is in reach, so:
//!
//! - `ym[0] = 6`, `ym = g` and other writes are errors that say how to
//!   work on a copy ([`explain`] words them);
//! - a function parameter or a local variable of that name is an ordinary
//!   variable (`fn f(ym) { ym[0] = 6; ym }` works, as does `|x| x + 1`);
//! - the person may make a variable of their own with `let x = 5`: their
//!   code then reads theirs, while lab code ([`Reader::Lab`]) always reads
//!   the built-in, so a later lab section sees the puzzle it expects. Lab
//!   code itself may not define such a variable at its top level.

use std::cell::Cell;
use std::rc::Rc;

use rhai::{Dynamic, Engine, EvalAltResult, Position, Scope};

use crate::sudoku::Grid;

/// Whose code is running: the person's, or a lab's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reader {
    /// Code typed at the prompt, piped in, or run from a file.
    #[default]
    User,
    /// The code of a lab section.
    Lab,
}

/// The names of the built-in puzzles, in the source's order.
pub fn names() -> impl Iterator<Item = &'static str> {
    crate::sudoku::puzzles::ALL.iter().map(|(n, _)| *n)
}

/// True when `name` is one of the built-in puzzles.
pub fn is_builtin(name: &str) -> bool {
    names().any(|n| n == name)
}

/// The built-in puzzle called `name`.
pub fn get(name: &str) -> Option<Grid> {
    crate::sudoku::puzzles::ALL
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| Grid::parse(text).expect("built-in puzzle parses"))
}

/// Make the built-in puzzles readable in `engine`; `reader` says whose code
/// runs (set by the session before each evaluation).
#[allow(deprecated)] // on_var and on_def_var are stable in use, marked volatile
pub fn install(engine: &mut Engine, reader: Rc<Cell<Reader>>) {
    let grids: Vec<(&'static str, Dynamic)> = names()
        .map(|n| (n, Dynamic::from(get(n).expect("listed"))))
        .collect();
    let who = reader.clone();
    // The one variable resolver also keeps the size limits on writes Rhai
    // does not check (see `sizes`).
    let guard = super::sizes::SizeGuard::new(
        engine.max_array_size(),
        engine.max_map_size(),
        engine.max_string_size(),
    );
    engine.on_var(move |name, index, ctx| {
        if let Some(guard) = &guard {
            guard.check(name, ctx.scope())?;
        }
        // A variable the parser placed (a parameter, a local) is never ours.
        if index > 0 {
            return Ok(None);
        }
        let Some((_, grid)) = grids.iter().find(|(n, _)| *n == name) else {
            return Ok(None);
        };
        // The person's own variable of that name wins for the person's code.
        if who.get() == Reader::User && ctx.scope().contains(name) {
            return Ok(None);
        }
        Ok(Some(grid.clone()))
    });
    engine.on_def_var(move |runtime, info, _| {
        if runtime && reader.get() == Reader::Lab && info.nesting_level == 0 && is_builtin(info.name)
        {
            return Err(super::error(format!(
                "a lab may not define a variable named {}: the built-in puzzle of that name would be hidden",
                info.name
            )));
        }
        Ok(true)
    });
}

/// Errors from writing to a built-in puzzle, reworded to say what to do;
/// other errors unchanged. `code` is the chunk that ran (to name the
/// variable an indexer error points at), `scope` the session's scope.
pub fn explain(err: EvalAltResult, code: &str, scope: &Scope) -> Box<EvalAltResult> {
    match err {
        EvalAltResult::ErrorAssignmentToConstant(name, pos)
            if is_builtin(&name) && !scope.contains(&name) =>
        {
            Box::new(EvalAltResult::ErrorRuntime(
                format!(
                    "{name} is a built-in puzzle and cannot be replaced (the labs read it): \
                     keep yours under a name of its own (let g = ...;), or make a variable \
                     of your own with let {name} = ...;"
                )
                .into(),
                pos,
            ))
        }
        EvalAltResult::ErrorNonPureMethodCallOnConstant(f, pos) => {
            match name_before(code, pos).filter(|n| is_builtin(n) && !scope.contains(n)) {
                Some(name) => Box::new(EvalAltResult::ErrorRuntime(
                    changed(&name, f.starts_with("index$")).into(),
                    pos,
                )),
                // Inside a function defined earlier: the code is elsewhere.
                None => Box::new(EvalAltResult::ErrorRuntime(
                    format!(
                        "cannot change a constant in place: the built-in puzzles ({}) and \
                         `const` values are read-only; change a copy (let g = ym; g[0] = 6;)",
                        names().collect::<Vec<_>>().join(", ")
                    )
                    .into(),
                    pos,
                )),
            }
        }
        EvalAltResult::ErrorInFunctionCall(f, src, inner, pos) => Box::new(
            EvalAltResult::ErrorInFunctionCall(f, src, explain(*inner, code, scope), pos),
        ),
        other => Box::new(other),
    }
}

/// The message for a change made in place to built-in `name`.
fn changed(name: &str, indexed: bool) -> String {
    let example = if indexed {
        format!("let g = {name}; g[0] = 6;")
    } else {
        format!("let g = {name}; then change g")
    };
    format!(
        "{name} is a built-in puzzle and cannot be changed in place (the labs read it): \
         change a copy, {example}"
    )
}

/// The identifier just before `pos` in `code` (before a `[` or a `.`).
fn name_before(code: &str, pos: Position) -> Option<String> {
    let (line, col) = (pos.line()?, pos.position()?);
    let text = code.lines().nth(line.checked_sub(1)?)?;
    let head: String = text.chars().take(col.saturating_sub(1)).collect();
    let head = head.trim_end().trim_end_matches(['.', '?']).trim_end();
    let start = head
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map(|(i, _)| i)?;
    Some(head[start..].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_before_an_indexer_or_a_method() {
        let at = |l, c| Position::new(l, c);
        assert_eq!(name_before("ym[0] = 6", at(1, 3)).as_deref(), Some("ym"));
        assert_eq!(
            name_before("let a = 1;\n  clark.solve()", at(2, 9)).as_deref(),
            Some("clark")
        );
        assert_eq!(name_before("[1][0] = 2", at(1, 4)), None);
    }
}

//! What a lab's code may not do, checked when the lab loads, before any of
//! it runs: define a function with a built-in's name and arity (it would
//! replace the built-in at the prompt), or make a function value other than
//! a closure (`Fn(...)`, `curry`, or `eval`, which could make one). Every
//! function a lab defines, closures included, is marked as lab code and
//! never runs a program (see `script::exec`); a function pointer to a
//! built-in or to one of the person's functions, with arguments the lab
//! chose, would not be.

use rhai::{AST, ASTNode, Expr, FnCallExpr, FnPtr, Position, Stmt};

use super::Lab;
use crate::script::session::{SHADOWS_BUILTIN, Session};

/// The first thing in `lab`'s code a lab may not do, as
/// `file:line:col: message`; `None` when there is none. Inputs that do not
/// parse are left to fail when their section runs.
pub fn check(lab: &Lab, session: &Session) -> Option<String> {
    for section in &lab.sections {
        // An exercise's checks run as lab code too; its answer is shown to
        // be typed, and is held to the same rules.
        let exercise = section.exercise.iter().flat_map(|e| {
            e.checks
                .iter()
                .map(|c| (c.line, c.code.as_str()))
                .chain([(e.answer_line, e.answer.as_str())])
        });
        let inputs = section.inputs.iter().map(|i| (i.line, i.code.as_str()));
        for (first, code) in inputs.chain(exercise) {
            let Ok(ast) = session.compile(code) else {
                continue;
            };
            if let Some((pos, message)) = problem(&ast, code, session) {
                let line = first + pos.line().unwrap_or(1) - 1;
                let col = pos.position().unwrap_or(1);
                return Some(format!("{}:{line}:{col}: {message}", lab.origin));
            }
        }
    }
    None
}

/// The first refused thing in `ast` (compiled from `code`) and where.
fn problem(ast: &AST, code: &str, session: &Session) -> Option<(Position, String)> {
    for f in ast.iter_fn_def() {
        if !f.name.starts_with("anon$") && session.builtin(&f.name, f.params.len()) {
            let at = definition_position(code, &f.name, f.body.start_position());
            let shown = format!("{}({})", f.name, f.params.join(", "));
            return Some((
                at,
                format!("a lab may not define {shown}: {SHADOWS_BUILTIN}"),
            ));
        }
    }
    let mut found = None;
    ast.walk(&mut |path: &[ASTNode]| {
        found = match path.last() {
            Some(ASTNode::Expr(e)) => refused(e),
            // A call standing as a statement is a statement of its own kind.
            Some(ASTNode::Stmt(Stmt::FnCall(call, pos))) => refused_call(call, *pos),
            _ => None,
        };
        found.is_none()
    });
    found
}

const FN_REFUSED: &str = "a lab may not make a function pointer with Fn(...): use a closure \
     such as |g| solve(g) (a lab's function values always run as lab code)";
const CURRY_REFUSED: &str =
    "a lab may not curry a function pointer: capture the values in a closure instead";
const EVAL_REFUSED: &str = "a lab may not use eval (code made as it runs could make function pointers that are not the lab's)";

/// Why expression `e` is refused in lab code, if it is.
fn refused(e: &Expr) -> Option<(Position, String)> {
    match e {
        Expr::FnCall(call, pos) => refused_call(call, *pos),
        Expr::MethodCall(call, pos) if call.name == "curry" => Some((*pos, CURRY_REFUSED.into())),
        // `Fn("name")` with a constant name is folded into a pointer.
        Expr::DynamicConstant(value, pos) => match value.clone().try_cast::<FnPtr>() {
            Some(f) if !f.is_anonymous() => Some((*pos, FN_REFUSED.into())),
            _ => None,
        },
        _ => None,
    }
}

/// Why call `call` at `pos` is refused in lab code, if it is.
fn refused_call(call: &FnCallExpr, pos: Position) -> Option<(Position, String)> {
    match call.name.as_str() {
        "Fn" => Some((pos, FN_REFUSED.into())),
        "eval" => Some((pos, EVAL_REFUSED.into())),
        // A closure that captures variables is its function curried with
        // them: the one curry a lab may make.
        "curry" if !call.args.first().is_some_and(is_closure) => Some((pos, CURRY_REFUSED.into())),
        _ => None,
    }
}

/// A closure's own function pointer (an anonymous function).
fn is_closure(e: &Expr) -> bool {
    matches!(e, Expr::DynamicConstant(v, _)
        if v.clone().try_cast::<FnPtr>().is_some_and(|f| f.is_anonymous()))
}

/// Where function `name` is defined in `code`: its `fn` keyword, the last
/// one before the body at `body` (Rhai keeps only the body's position).
fn definition_position(code: &str, name: &str, body: Position) -> Position {
    let (Some(line), Some(col)) = (body.line(), body.position()) else {
        return body;
    };
    let offset = code
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum::<usize>()
        + code.lines().nth(line - 1).map_or(0, |l| {
            l.char_indices().nth(col - 1).map_or(l.len(), |(i, _)| i)
        });
    let before = &code[..offset.min(code.len())];
    let mut at = None;
    let mut from = 0;
    while let Some(i) = before[from..].find("fn") {
        let start = from + i;
        let rest = before[start + 2..].trim_start();
        let word_start =
            start == 0 || !before[..start].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if word_start && rest.starts_with(name) && rest[name.len()..].trim_start().starts_with('(')
        {
            at = Some(start);
        }
        from = start + 2;
    }
    let Some(at) = at else {
        return body;
    };
    let line = before[..at].matches('\n').count() + 1;
    let col = before[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    Position::new(line as u16, col as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definition_is_found_at_its_fn_keyword() {
        let code = "let a = 1;\n  fn  solve (g) {\n g }";
        let pos = definition_position(code, "solve", Position::new(2, 17));
        assert_eq!((pos.line(), pos.position()), (Some(2), Some(3)));
    }
}

//! Exercises inside a lab (`Lab Exercise` blocks): how one is shown after
//! its section, and the texts of `:check`, `:hint` and `:answer`. A check
//! runs as lab code (never running a program) out of the reader's reach
//! (`Session::eval_check`): in a scope of its own with the lab's values and
//! functions and the built-ins, and of the reader's names only those the
//! model answer defines, so it leaves nothing behind and nothing the reader
//! defined (a `fn filled(g) { 3 }`, a lab variable set anew) can fool it.

use rhai::Dynamic;

use super::format::{Exercise, Lab};
use crate::script::session::Session;

/// How a section's exercise is shown: at the prompt (with the commands
/// that go with it) or in a printed transcript (with the model answer).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shown {
    Prompt,
    Print,
}

/// The exercise's text as shown after its section's code.
pub fn show(exercise: &Exercise, shown: Shown) -> String {
    let mut out = format!("Exercise: {}\n", exercise.title);
    for line in &exercise.task {
        out.push_str(line);
        out.push('\n');
    }
    match shown {
        Shown::Prompt => out
            .push_str("(:check checks what you did; :hint gives a hint, :answer a model answer)\n"),
        Shown::Print => {
            out.push_str("A model answer:\n");
            out.push_str(&indent(&exercise.answer));
        }
    }
    out
}

fn indent(code: &str) -> String {
    code.lines()
        .map(|l| format!("   {l}").trim_end().to_string() + "\n")
        .collect()
}

/// What the checks of an exercise found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every check passed.
    Right,
    /// Check `index` (0-based) failed: its name and, if the check said or
    /// an error says, why.
    Wrong {
        index: usize,
        name: String,
        why: Option<String>,
    },
    /// Ctrl+C (or the memory budget) stopped check `index`: nothing was
    /// decided. The text says why.
    Stopped { index: usize, why: String },
}

/// Run `exercise`'s checks, in order, in `session`; the first that fails
/// decides. A check's value is `true`, `false`, or a message saying what is
/// wrong; an error (say, a name not defined yet) fails the check too.
pub fn verdict(lab: &Lab, exercise: &Exercise, session: &mut Session) -> Verdict {
    let was = session.set_capture(true);
    let allowed = session.exec_allowed();
    session.allow_exec(false);
    let mut result = Verdict::Right;
    let answers = answer_names(exercise, session);
    for (index, check) in exercise.checks.iter().enumerate() {
        let why = match session.eval_check(&lab.origin, &check.code, &answers, &exercise.forbidden)
        {
            Ok(value) => judge(&value, session),
            Err(e) => {
                session.host().take_cancel();
                if e.is_stop() {
                    result = Verdict::Stopped {
                        index,
                        why: e.message(),
                    };
                    break;
                }
                Some(Some(friendly(&e.message())))
            }
        };
        if let Some(why) = why {
            result = Verdict::Wrong {
                index,
                name: check.name.clone(),
                why,
            };
            break;
        }
    }
    session.allow_exec(allowed);
    let _ = session.take_output();
    session.set_capture(was);
    result
}

/// The names the model answer defines at its top level (`let`, `const`,
/// `fn`): the reader's names a check may read. An answer that does not
/// parse gives none.
pub fn answer_names(exercise: &Exercise, session: &Session) -> Vec<String> {
    let Ok(ast) = session.compile(&exercise.answer) else {
        return Vec::new();
    };
    let mut names: Vec<String> = ast
        .statements()
        .iter()
        .filter_map(|s| match s {
            rhai::Stmt::Var(x, ..) => Some(x.0.name.to_string()),
            _ => None,
        })
        .chain(
            ast.iter_functions()
                .filter(|f| !f.name.starts_with("anon$"))
                .map(|f| f.name.to_string()),
        )
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `None` when a check's value means passed, else why it failed (itself
/// `None` for a plain `false`).
fn judge(value: &Dynamic, session: &Session) -> Option<Option<String>> {
    if let Ok(b) = value.as_bool() {
        return (!b).then_some(None);
    }
    if value.is_string() {
        return Some(Some(value.clone().into_string().unwrap_or_default()));
    }
    Some(Some(format!(
        "(the lab's check gave {}, not true, false or a message)",
        session.show(value)
    )))
}

/// An error as the reader should read it when a check fails with it.
fn friendly(message: &str) -> String {
    // Rhai: "Variable not found: naked". The position is inside the check.
    let message = message.split(" (line ").next().unwrap_or(message);
    match message.strip_prefix("Variable not found: ") {
        Some(name) => format!("`{name}` is not defined yet"),
        None => message.to_string(),
    }
}

/// The `:check` text for `verdict` of exercise `exercise`.
pub fn check_text(exercise: &Exercise, verdict: &Verdict, hints_left: usize) -> String {
    let total = exercise.checks.len();
    match verdict {
        Verdict::Stopped { index, why } => format!(
            "Check {} of {total} ({}) was stopped, so nothing is decided: {why}\n\
             (:check runs the checks again)",
            index + 1,
            exercise.checks[*index].name
        ),
        Verdict::Right => {
            let all = if total == 1 {
                "its check passes".to_string()
            } else {
                format!("all {total} of its checks pass")
            };
            format!("Right: \"{}\" is done ({all}).", exercise.title)
        }
        Verdict::Wrong { index, name, why } => {
            let mut out = format!("Not yet: {name}");
            if let Some(why) = why {
                out.push_str(&format!(": {why}"));
            }
            if total > 1 {
                out.push_str(&format!(" (check {} of {total}", index + 1));
                match index {
                    0 => {}
                    1 => out.push_str("; the first passed"),
                    n => out.push_str(&format!("; the first {n} passed")),
                }
                out.push(')');
            }
            out.push('.');
            if hints_left > 0 {
                out.push_str(&format!(
                    "\n(:hint gives a hint, {hints_left} left; :answer shows a model answer)"
                ));
            } else {
                out.push_str("\n(:answer shows a model answer)");
            }
            out
        }
    }
}

/// The `:hint` text when `given` hints were shown before.
pub fn hint_text(exercise: &Exercise, given: usize) -> String {
    let n = exercise.hints.len();
    match exercise.hints.get(given) {
        Some(hint) => format!("Hint {} of {n}: {hint}", given + 1),
        None if n == 0 => "This exercise has no hints; :answer shows a model answer.".into(),
        None => format!("No more hints (all {n} shown); :answer shows a model answer."),
    }
}

/// The `:answer` text.
pub fn answer_text(exercise: &Exercise) -> String {
    let mut out = format!(
        "A model answer to \"{}\" (type it, then :check):\n",
        exercise.title
    );
    out.push_str(&indent(&exercise.answer));
    out.pop();
    out
}

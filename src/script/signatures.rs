//! "Function not found" for a function that exists: Rhai says
//! `Function not found: count_solutions (Grid)` and names its own Rust
//! types (`&str | ImmutableString | String`). When the name is one of
//! puzzlelab's functions or one the session defined, the error instead
//! says what it takes, in the words a script writer uses, and how to call
//! it: `count_solutions takes (grid, limit), not (a Grid): count_solutions(clark, 100)`.

use rhai::{AST, EvalAltResult};

use super::help;

/// `err` with every "Function not found" for a known name (a documented
/// function, or one of `defined`) reworded as above; other errors as they are.
pub fn explain(err: EvalAltResult, defined: &[&AST]) -> Box<EvalAltResult> {
    match err {
        EvalAltResult::ErrorFunctionNotFound(sig, pos) => match reword(&sig, defined) {
            Some(text) => Box::new(EvalAltResult::ErrorRuntime(text.into(), pos)),
            None => Box::new(EvalAltResult::ErrorFunctionNotFound(sig, pos)),
        },
        // `ym.count_solutions`: a function of more than the value, read as
        // a property, gets the same answer as `count_solutions(ym)`.
        EvalAltResult::ErrorDotExpr(message, pos) => {
            let property = message
                .strip_prefix("Unknown property '")
                .and_then(|m| m.split_once("' - a getter is not registered for type '"))
                .and_then(|(name, t)| {
                    reword(&format!("{name} ({})", t.strip_suffix('\'')?), defined)
                });
            Box::new(EvalAltResult::ErrorDotExpr(
                property.unwrap_or(message),
                pos,
            ))
        }
        EvalAltResult::ErrorInFunctionCall(f, src, inner, pos) => Box::new(
            EvalAltResult::ErrorInFunctionCall(f, src, explain(*inner, defined), pos),
        ),
        other => Box::new(other),
    }
}

/// One way to call a function: each parameter's name and type (`any` for
/// a script function's).
type Overload = Vec<(String, String)>;

/// The message for Rhai's signature `name (T1, T2)`, when `name` is known.
pub fn reword(sig: &str, defined: &[&AST]) -> Option<String> {
    let (name, given) = sig.split_once(" (")?;
    let given = given.strip_suffix(')')?;
    let given: Vec<&str> = if given.trim().is_empty() {
        Vec::new()
    } else {
        given.split(", ").collect()
    };
    let mut overloads: Vec<Overload> = help::docs()
        .iter()
        .filter(|d| d.name == name)
        .map(|d| parameters(&d.signature))
        .collect();
    for ast in defined {
        overloads.extend(ast.iter_functions().filter(|f| f.name == name).map(|f| {
            f.params
                .iter()
                .map(|p| (p.to_string(), "any".to_string()))
                .collect()
        }));
    }
    overloads.dedup();
    if overloads.is_empty() {
        return None;
    }
    let given_words: Vec<String> = given.iter().map(|t| given_word(t)).collect();
    let same_arity: Vec<&Overload> = overloads
        .iter()
        .filter(|o| o.len() == given.len())
        .collect();
    if same_arity.is_empty() {
        // Wrong number of arguments: the parameters by name.
        let takes: Vec<String> = overloads
            .iter()
            .map(|o| {
                let names: Vec<String> = o.iter().map(|(n, t)| parameter_name(n, t)).collect();
                format!("({})", names.join(", "))
            })
            .collect();
        let mut text = format!(
            "{name} takes {}, not ({})",
            takes.join(" or "),
            given_words.join(", ")
        );
        if let Some(example) = help::example(name) {
            text.push_str(&format!(": {example}"));
        }
        return Some(text);
    }
    // The right number of arguments of the wrong types: the types.
    let takes: Vec<String> = same_arity
        .iter()
        .map(|o| listed(o.iter().map(|(_, t)| expected_word(t)).collect()))
        .collect();
    let mut text = format!(
        "{name} takes {}, not {}",
        takes.join(" or "),
        listed(given_words.clone())
    );
    // How to make the first argument that no overload takes as given.
    let maker = (0..given.len()).find_map(|i| {
        let wanted = &same_arity.first()?[i].1;
        let mismatch = same_arity
            .iter()
            .all(|o| expected_word(&o[i].1) != given_words[i] && o[i].1 != "any");
        mismatch.then(|| maker(wanted)).flatten()
    });
    if let Some(m) = maker {
        text.push_str(&format!(": {m} makes one"));
    } else if let Some(example) = help::example(name) {
        text.push_str(&format!(": {example}"));
    }
    Some(text)
}

/// A parameter's name as help shows it, except that a one-letter name of
/// one of puzzlelab's types says the type (`g: Grid` reads `grid`).
fn parameter_name(name: &str, t: &str) -> String {
    if name.chars().count() == 1 && t.chars().next().is_some_and(char::is_uppercase) {
        t.to_lowercase()
    } else {
        name.to_string()
    }
}

/// `(a, b)` for several words, the word alone for one.
fn listed(words: Vec<String>) -> String {
    if words.len() == 1 {
        words.into_iter().next().unwrap_or_default()
    } else {
        format!("({})", words.join(", "))
    }
}

/// The parameters of a help signature such as
/// `count_solutions(grid: Grid, limit: int) -> int`.
fn parameters(signature: &str) -> Overload {
    let Some(open) = signature.find('(') else {
        return Vec::new();
    };
    let inner = &signature[open + 1..];
    let inner = &inner[..inner.rfind(')').unwrap_or(inner.len())];
    let inner = inner.split(") ->").next().unwrap_or(inner);
    inner
        .split(", ")
        .filter(|p| !p.trim().is_empty())
        .map(|p| match p.split_once(':') {
            Some((n, t)) => (n.trim().to_string(), t.trim().to_string()),
            None => (p.trim().to_string(), "any".to_string()),
        })
        .collect()
}

/// A help signature's type (`Grid`, `int`, `String`) in words.
fn expected_word(t: &str) -> String {
    match t {
        "int" => "an integer".into(),
        "float" => "a number".into(),
        "bool" => "a boolean".into(),
        "String" => "a string".into(),
        "char" => "a character".into(),
        "Array" => "an array".into(),
        "Map" => "a map".into(),
        "FnPtr" => "a function".into(),
        "any" => "any value".into(),
        other => article(other.rsplit("::").next().unwrap_or(other)),
    }
}

/// A type as Rhai names it in "Function not found" (`i64`, `&str |
/// ImmutableString | String`, `Grid`) in words.
pub fn given_word(t: &str) -> String {
    let t = t.trim();
    if t.contains("ImmutableString") || t == "string" || t == "&str" {
        return "a string".into();
    }
    match t {
        "i64" | "i32" | "int" => "an integer".into(),
        "f64" | "f32" | "float" => "a number".into(),
        "bool" => "a boolean".into(),
        "char" => "a character".into(),
        "array" | "Array" => "an array".into(),
        "map" | "Map" => "a map".into(),
        "()" => "nothing (unit)".into(),
        "Fn" | "FnPtr" => "a function".into(),
        other => article(other.rsplit("::").next().unwrap_or(other)),
    }
}

/// `a Grid`, `an Array`.
fn article(name: &str) -> String {
    let an = name
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if an { "an" } else { "a" })
}

/// A call that makes a value of puzzlelab type `t`, for the types people
/// most often pass the wrong thing for.
fn maker(t: &str) -> Option<&'static str> {
    Some(match t {
        "Grid" => r#"grid("...")"#,
        "Candidates" => "free(grid)",
        "Region" => "rect(6, 10)",
        "Space" => "cuboid(3, 3, 3)",
        "Board" => "board(8, 8)",
        "CharBoard" => r#"charboard("...")"#,
        "SudokuBoard" => r#"sudoku_board("...")"#,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_read_as_parameters() {
        assert_eq!(
            parameters("count_solutions(grid: Grid, limit: int) -> int"),
            vec![
                ("grid".to_string(), "Grid".to_string()),
                ("limit".to_string(), "int".to_string())
            ]
        );
        assert_eq!(parameters("help() -> String"), Vec::new());
    }

    #[test]
    fn unknown_names_are_left_to_did_you_mean() {
        assert_eq!(reword("no_such_function (Grid)", &[]), None);
    }
}

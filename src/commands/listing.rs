//! The commands' listings: `:help`, `:vars`, `:fns`, `:limits`, and a
//! value's type as `:type` names it.

use crate::script::Limits;
use crate::script::session::Session;

/// `:help`: commands and keys.
pub fn command_help() -> String {
    let mut s = String::from("Commands:\n");
    for (name, what) in super::COMMANDS {
        s.push_str(&format!("  {name:<9} {what}\n"));
    }
    s.push_str(
        "\nKeys:
  Tab        complete a function, variable or command name
  Enter      run the input, or start a new line while a bracket, block or
             string is open (Enter on two empty lines runs it anyway)
  Up/Down    history (kept in the state directory, saved line by line)
  Ctrl+C     clear the line; while code runs, interrupt it
  Ctrl+A     start of line; on an empty line in a lab, the next section
  Ctrl+R     search the history
  Ctrl+D     leave puzzlelab

Script help: `help` lists the functions by domain, help(\"name\") explains one.
`_` is the last value shown: `assign(ym)`, then `filled(_)`.
`quit` or `exit` alone leave, as :quit does.
",
    );
    s
}

/// The script's name for a value's type (`Grid`, `int`), never a Rust path.
pub fn type_name(session: &Session, value: &rhai::Dynamic) -> String {
    let name = session.engine().map_type_name(value.type_name());
    match name.rsplit("::").next().unwrap_or(name) {
        "i64" => "int".into(),
        "f64" => "float".into(),
        other => other.into(),
    }
}

/// `:vars`: the session's variables, then the names of the predefined puzzles.
pub fn vars(session: &Session) -> String {
    let builtin: Vec<&str> = crate::script::builtins::names().collect();
    let mut mine = Vec::new();
    for (name, constant, value) in session.scope().iter_raw() {
        if name == crate::script::last::NAME {
            continue;
        }
        let kind = if constant { "const " } else { "" };
        // A grid's box starts `+---+---+---+` on every grid: show its line.
        let first = if let Some(g) = value.clone().try_cast::<crate::sudoku::Grid>() {
            g.line()
        } else if value
            .clone()
            .try_cast::<rhai::FnPtr>()
            .is_some_and(|f| f.fn_name().starts_with("anon$"))
        {
            "a closure (|...| ...)".to_string()
        } else {
            session.show(value)
        };
        let first = first.lines().next().unwrap_or("");
        let first: String = if first.chars().count() > 50 {
            first.chars().take(47).chain("...".chars()).collect()
        } else {
            first.to_string()
        };
        let type_name = type_name(session, value);
        let label = match value.as_array_ref() {
            Ok(a) => format!("{kind}{type_name}[{}]", a.len()),
            Err(_) => format!("{kind}{type_name}"),
        };
        mine.push(format!("  {name:<12} {label:<14} {first}"));
    }
    // Scope order is newest first; list oldest first.
    mine.reverse();
    let mut s = String::new();
    if mine.is_empty() {
        s.push_str("no variables of yours yet\n");
    } else {
        s.push_str(&mine.join("\n"));
        s.push('\n');
    }
    s.push_str(&format!(
        "predefined: {} (read-only; labs always read these)\n",
        builtin.join(", ")
    ));
    s
}

/// `:limits`: each sandbox limit with the flag that sets it.
pub fn limits_text(l: &Limits) -> String {
    let mut s = String::from("Sandbox limits, set by these flags at start:\n");
    for (flag, value, what) in l.table() {
        s.push_str(&format!("  {flag:<18} {value:>12}  {what}\n"));
    }
    let budget = crate::memory::format_size(l.memory_budget());
    let live = match crate::memory::live_bytes() {
        0 => String::new(),
        n => format!(" ({} in use)", crate::memory::format_size(n)),
    };
    s.push_str(&format!(
        "  {:<18} {budget:>12}  most heap memory the process may hold{live}\n",
        "--max-memory"
    ));
    s
}

/// `:fns`: the functions defined in this session, then the open lab's.
pub fn fns(session: &Session) -> String {
    let list = |defined: &rhai::AST| {
        let mut lines: Vec<String> = defined
            .iter_functions()
            // Closures (`|g| ...`) are functions named `anon$...` inside Rhai.
            .filter(|f| !f.name.starts_with("anon$"))
            .map(|f| format!("  fn {}({})", f.name, f.params.join(", ")))
            .collect();
        lines.sort();
        lines
    };
    let (mine, lab) = (list(session.functions()), list(session.lab_functions()));
    let mut s = if mine.is_empty() {
        "no functions defined yet\n".to_string()
    } else {
        mine.join("\n") + "\n"
    };
    if !lab.is_empty() {
        s.push_str("the open lab's (gone when it closes):\n");
        s.push_str(&(lab.join("\n") + "\n"));
    }
    s
}

//! The session's commands through the library (`puzzlelab::commands`), as
//! any front end reaches them: `:vars`, `:fns`, `:type`, `:limits`,
//! `:reset`, `:load`, `:help`, `:more`, evaluation with its error wording,
//! completion and help (issue 25, items 1 and 6 to 9).

use std::rc::Rc;

use puzzlelab::commands::{CommandContext, Completion, Reply};
use puzzlelab::lab::LabState;
use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;

fn context() -> (CommandContext, Rc<RecordingHost>) {
    let host = Rc::new(RecordingHost::default());
    let session = Session::new(&Limits::default(), host.clone());
    (
        CommandContext::new(session, LabState::default(), &Limits::default()),
        host,
    )
}

/// The text of a command that must work.
fn answer(ctx: &mut CommandContext, line: &str) -> String {
    let reply = ctx.command(line);
    assert!(!reply.failed(), "{line}: {}", reply.error);
    reply.text
}

/// The whole error text of code that must fail at the prompt.
fn failure(ctx: &mut CommandContext, code: &str) -> String {
    ctx.evaluate(code, "<repl>", 1).unwrap_err().text(true)
}

#[test]
fn vars_fns_and_type_answer_as_text() {
    let (mut ctx, host) = context();
    assert_eq!(ctx.evaluate("let n = 6 * 7; n", "<repl>", 1).unwrap(), "42");
    assert_eq!(
        ctx.evaluate("fn twice(x) { x * 2 }", "<repl>", 1).unwrap(),
        ""
    );
    let vars = answer(&mut ctx, ":vars");
    assert!(
        vars.starts_with("  n            int            42\n"),
        "{vars}"
    );
    assert!(vars.contains("\npredefined: "), "{vars}");
    assert_eq!(answer(&mut ctx, ":fns"), "  fn twice(x)\n");
    assert_eq!(answer(&mut ctx, ":type free(ym)"), "Candidates");
    assert_eq!(answer(&mut ctx, ":type twice(n)"), "int");
    // `_` is the last value shown.
    assert_eq!(ctx.evaluate("_ + 1", "<repl>", 1).unwrap(), "43");
    // The value itself, for a front end that shows it its own way.
    assert_eq!(ctx.value("_ * 2").unwrap().as_int(), Ok(86));
    assert_eq!(ctx.value("_").unwrap().as_int(), Ok(86));
    // Nothing went to the host: the answers are returned, not printed.
    assert!(host.printed().is_empty(), "{:?}", host.printed());
}

#[test]
fn command_errors_are_returned_not_printed() {
    let (mut ctx, _) = context();
    assert_eq!(
        ctx.command(":frobnicate"),
        Reply {
            error: "unknown command :frobnicate; :help lists the commands".into(),
            ..Reply::default()
        }
    );
    assert_eq!(
        ctx.command(":type").error,
        ":type needs an expression, e.g. :type free(ym)"
    );
    assert_eq!(ctx.command(":load").error, ":load needs a file name");
    assert_eq!(
        ctx.command(":type nosuch + 1").error,
        "<:type>:1:1: Variable not found: nosuch"
    );
    assert_eq!(ctx.command(":more").error, ":more: nothing left to show");
    assert!(ctx.command(":quit").quit && ctx.command("exit").quit);
}

#[test]
fn limits_help_reset_and_load() {
    let (mut ctx, host) = context();
    let limits = answer(&mut ctx, ":limits");
    assert!(limits.starts_with("Sandbox limits, set by these flags at start:\n  --max-operations     2000000000  operations per evaluation"), "{limits}");
    let help = answer(&mut ctx, ":help");
    assert!(
        help.starts_with("Commands:\n  :help     this list of commands and keys\n"),
        "{help}"
    );
    ctx.evaluate("let a = 1;", "<repl>", 1).unwrap();
    assert_eq!(
        answer(&mut ctx, ":reset"),
        "a fresh session: your variables and functions are gone"
    );
    assert_eq!(
        failure(&mut ctx, "a"),
        "<repl>:1:1: Variable not found: a\n  a\n  ^"
    );
    let dir = std::env::temp_dir().join(format!("puzzlelab-commands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("args.rhai");
    std::fs::write(
        &script,
        "print(`${ARGS.len()} ${ARGS[0]}`);\nlet loaded = 5;\n",
    )
    .unwrap();
    assert_eq!(
        answer(&mut ctx, &format!(":load {} one two", script.display())),
        ""
    );
    assert_eq!(host.printed(), ["2 one"]);
    assert_eq!(ctx.evaluate("loaded", "<repl>", 1).unwrap(), "5");
    std::fs::write(&script, "let x = 1;\nnosuch(x)\n").unwrap();
    assert_eq!(
        ctx.command(&format!(":load {}", script.display())).error,
        format!("{}:2:1: Function not found: nosuch (i64)", script.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_not_found_get_a_suggestion_from_the_library() {
    let (mut ctx, _) = context();
    assert_eq!(
        failure(&mut ctx, "asign(ym)"),
        "<repl>:1:1: Function not found: asign (Grid)\n  asign(ym)\n  ^\n  did you mean assign?"
    );
}

/// Item 6: a function called with the wrong number of arguments is named
/// as existing, with what it takes and an example.
#[test]
fn a_known_function_with_the_wrong_arguments_says_what_it_takes() {
    let (mut ctx, _) = context();
    assert_eq!(
        failure(&mut ctx, "count_solutions(ym)"),
        "<repl>:1:1: count_solutions takes (grid, limit), not (a Grid): count_solutions(clark, 100)\n  count_solutions(ym)\n  ^"
    );
    assert_eq!(
        failure(&mut ctx, "rate(ym, 3)"),
        "<repl>:1:1: rate takes (grid) or (candidates) or (text), not (a Grid, an integer): rate(free(ym)).er\n  rate(ym, 3)\n  ^"
    );
    // The person's own functions too.
    ctx.evaluate("fn twice(x) { x * 2 }", "<repl>", 1).unwrap();
    assert_eq!(
        ctx.evaluate("twice(1, 2)", "<repl>", 1)
            .unwrap_err()
            .message,
        "<repl>:1:1: twice takes (x), not (an integer, an integer)"
    );
}

/// Item 7: types in puzzlelab's words, never Rhai's Rust names.
#[test]
fn wrong_types_are_named_in_puzzlelabs_words() {
    let (mut ctx, _) = context();
    let text = failure(&mut ctx, r#"assign("ym")"#);
    assert_eq!(
        text,
        "<repl>:1:1: assign takes a Grid, not a string: grid(\"...\") makes one\n  assign(\"ym\")\n  ^"
    );
    assert!(!text.contains("ImmutableString"));
    assert_eq!(
        ctx.evaluate("equivalent(ym, 5)", "<repl>", 1)
            .unwrap_err()
            .message,
        "<repl>:1:1: equivalent takes (a Grid, a Grid), not (a Grid, an integer): grid(\"...\") makes one"
    );
}

/// Item 8: what completion offers after a `.` works, and only functions
/// of the receiver's type are offered.
#[test]
fn completion_after_a_dot_offers_what_works_for_that_value() {
    let (mut ctx, _) = context();
    let Completion { start, candidates } = ctx.complete("ym.fi", 5);
    assert_eq!((start, candidates), (3, vec!["filled".to_string()]));
    let all = ctx.complete("ym.", 3).candidates;
    assert!(
        all.contains(&"assign".to_string()) && all.contains(&"svg".to_string()),
        "{all:?}"
    );
    assert!(!all.contains(&"rect".to_string()), "{all:?}");
    // Every one-value function offered works as a property and as a method.
    assert_eq!(ctx.evaluate("ym.filled", "<repl>", 1).unwrap(), "36");
    assert_eq!(ctx.evaluate("ym.filled()", "<repl>", 1).unwrap(), "36");
    for name in ["assign", "free", "is_unique", "canon"] {
        assert!(
            all.contains(&name.to_string()),
            "{name} not offered: {all:?}"
        );
        let as_property = ctx.evaluate(&format!("ym.{name}"), "<repl>", 1).unwrap();
        let as_call = ctx.evaluate(&format!("{name}(ym)"), "<repl>", 1).unwrap();
        assert_eq!(as_property, as_call, "{name}");
    }
    // A region's functions for a region.
    ctx.evaluate("let r = rect(6, 10);", "<repl>", 1).unwrap();
    let region = ctx.complete("r.", 2).candidates;
    assert!(
        region.contains(&"count_polyomino".to_string()),
        "{region:?}"
    );
    assert!(!region.contains(&"filled".to_string()), "{region:?}");
    // A property that is no function of that value says what it takes.
    assert_eq!(
        ctx.evaluate("free(ym).filled", "<repl>", 1)
            .unwrap_err()
            .message,
        "<repl>:1:10: filled takes a Grid or a SudokuBoard, not a Candidates: grid(\"...\") makes one"
    );
    // A function of more than the value, read as a property, says what it takes.
    assert_eq!(
        ctx.evaluate("ym.count_solutions", "<repl>", 1)
            .unwrap_err()
            .message,
        "<repl>:1:4: count_solutions takes (grid, limit), not (a Grid): count_solutions(clark, 100)"
    );
    assert_eq!(
        ctx.evaluate("r.nosuch", "<repl>", 1).unwrap_err().message,
        "<repl>:1:3: Unknown property 'nosuch' - a getter is not registered for type 'Region'"
    );
    // Commands and lab names complete too.
    assert_eq!(ctx.complete(":li", 3).candidates, [":limits"]);
    assert!(
        ctx.complete(":lab sud", 8)
            .candidates
            .contains(&"sudoku".to_string())
    );
}

/// How many lines of `text` the first page at a screen of `rows` shows, and
/// why, by the paging rule `commands::page` states (not by its code): a
/// screenful is `rows - 3` lines, at most 80 characters a line's worth;
/// text in blocks apart by empty lines (the help overview: a block per
/// domain) is cut instead at the last empty line inside that screenful
/// with at least half a screenful (`(rows - 3) / 2` lines) above it. So the
/// cut moves as the first domains grow: one more grid function can move it.
fn first_page_of(text: &str, rows: usize) -> (usize, String) {
    let keep = rows - 3;
    let all: Vec<&str> = text.split_inclusive('\n').collect();
    let (mut fit, mut chars) = (0, 0);
    while fit < keep.min(all.len()) && chars + all[fit].len() <= keep * 80 {
        chars += all[fit].len();
        fit += 1;
    }
    assert!(fit < all.len(), "the text fits one screen of {rows} rows");
    match (keep / 2..fit).rev().find(|&n| all[n] == "\n") {
        Some(gap) => (
            gap,
            format!(
                "a screenful is {keep} lines and line {} is the last empty one in it \
                 with at least {} lines above it: the page ends between two blocks",
                gap + 1,
                keep / 2
            ),
        ),
        None => (
            fit,
            format!(
                "a screenful is {keep} lines ({chars} characters) and no empty line \
                 in it from line {} on ends a block",
                keep / 2 + 1
            ),
        ),
    }
}

/// Item 9: `help` is paged as long values are; `help("asign")` suggests.
#[test]
fn help_is_paged_and_suggests_near_names() {
    const ROWS: usize = 24;
    let (mut ctx, _) = context();
    ctx.set_rows(Some(ROWS));
    let whole = puzzlelab::script::help::overview();
    let (shown, why) = first_page_of(&whole, ROWS);
    let first = answer(&mut ctx, "help");
    let lines: Vec<&str> = first.lines().collect();
    let want: Vec<&str> = whole.lines().take(shown).collect();
    assert!(
        lines.len() == shown + 1 && lines[..shown] == want[..],
        "help's first screenful at {ROWS} rows should be the overview's first {shown} lines \
         and the note, because {why}; it has {} lines, the first that differs: {:?}",
        lines.len(),
        lines.iter().zip(&want).find(|(a, b)| a != b),
    );
    assert!(
        lines[0].starts_with("Functions by domain (help(\"name\") shows one in full"),
        "the overview's heading comes first, not {:?}",
        lines[0]
    );
    let note = lines[shown];
    assert!(
        note.starts_with("... ")
            && note.ends_with(" not shown: :more shows the next screenful, print(...) all of it"),
        "the line after the first screenful says what is left, not {note:?}"
    );
    // `:more` goes on where the first screenful stopped, to the end.
    let whole = puzzlelab::script::help::overview();
    let mut seen: String = lines[..shown].iter().map(|l| format!("{l}\n")).collect();
    loop {
        let reply = ctx.command(":more");
        if reply.failed() {
            break;
        }
        let text = reply.text;
        match text.rfind("\n... ") {
            Some(cut) if text[cut..].contains(":more shows the next screenful") => {
                seen.push_str(&text[..cut + 1])
            }
            _ => {
                seen.push_str(&text);
                break;
            }
        }
    }
    // Every line comes once, in order (a cut between two blocks drops the
    // empty line between them).
    let lines_of = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect()
    };
    assert_eq!(lines_of(&seen), lines_of(&whole));
    assert_eq!(
        ctx.help("asign"),
        "no function named \"asign\"; did you mean assign?"
    );
    assert_eq!(
        ctx.evaluate(r#"help("asign")"#, "<repl>", 1).unwrap(),
        "no function named \"asign\"; did you mean assign?"
    );
    // Other screens cut elsewhere, some between two domains' blocks.
    for rows in 12..=40 {
        ctx.set_rows(Some(rows));
        let (shown, why) = first_page_of(&whole, rows);
        let first = answer(&mut ctx, "help");
        let want: String = whole.split_inclusive('\n').take(shown).collect();
        assert!(
            first.starts_with(&want) && first.lines().count() == shown + 1,
            "at {rows} rows help's first page should be the overview's first {shown} lines \
             and the note, because {why}; it has {} lines",
            first.lines().count()
        );
    }
    // Without a screen size nothing is cut.
    ctx.set_rows(None);
    assert_eq!(answer(&mut ctx, "help"), whole);
}

/// Item 9: a lab section longer than the screen keeps its prose: it is
/// paged like a long value.
#[test]
fn a_long_lab_section_is_paged() {
    let (mut ctx, _) = context();
    ctx.set_rows(Some(12));
    let intro = answer(&mut ctx, ":lab sudoku");
    assert!(intro.lines().count() <= 10, "{intro}");
    let mut longest = 0;
    for _ in 0..6 {
        let shown = answer(&mut ctx, ":next");
        let lines: Vec<&str> = shown.lines().collect();
        assert!(lines.len() <= 10, "{shown}");
        if lines
            .last()
            .is_some_and(|l| l.contains(":more shows the next screenful"))
        {
            // The section's header is on the first screen, its end after `:more`.
            assert!(lines[0].starts_with("--"), "{shown}");
            let rest = answer(&mut ctx, ":more");
            assert!(!rest.is_empty());
            longest = longest.max(lines.len());
        }
    }
    assert_eq!(
        longest, 10,
        "no section of the first six was longer than 9 lines"
    );
}

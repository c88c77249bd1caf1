//! Text from files and scripts never drives the terminal (issue 50, item
//! 6): escape sequences in a lab file (an OSC 0 title, an OSC 52 clipboard
//! write, CSI screen and cursor commands, a C1 control) and in a script's
//! strings reach stdout and stderr escaped (`\u{1b}`), by every path:
//! `:lab FILE`, `:hint`, `:answer`, `:check`, `lab FILE --print`, errors
//! quoting the file's text or name, `print`, `debug`, values and thrown
//! errors in `run` and `-e`.

use crate::common::{Run, run_puzzlelab, scratch_dir};

/// Terminal commands, each as raw text and as it must be shown.
const OSC_TITLE: (&str, &str) = ("\x1b]0;owned\x07", "\\u{1b}]0;owned\\u{7}");
const OSC_CLIPBOARD: (&str, &str) = ("\x1b]52;c;aGVsbG8=\x07", "\\u{1b}]52;c;aGVsbG8=\\u{7}");
const CSI_CLEAR: (&str, &str) = ("\x1b[2J\x1b[H", "\\u{1b}[2J\\u{1b}[H");
const CSI_COLOUR: (&str, &str) = ("\x1b[31m", "\\u{1b}[31m");
const C1_CSI: (&str, &str) = ("\u{9b}1A", "\\u{9b}1A");

/// Panics if `text` holds a control character other than a line break or
/// a tab (C0, DEL, C1): what a terminal would act on.
fn assert_inert(what: &str, text: &str) {
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| c.is_control() && c != '\n' && c != '\t')
    {
        panic!("{what}: a raw {c:?} at byte {at} reaches the terminal:\n{text}");
    }
}

/// Both streams of `run` are inert.
fn assert_run_inert(what: &str, run: &Run) {
    assert_inert(&format!("{what} (stdout)"), &run.stdout);
    assert_inert(&format!("{what} (stderr)"), &run.stderr);
}

/// A lab with a command in each place a lab holds text: title, comments,
/// prose, code, an exercise's task, check, hint and answer, and a section
/// whose code fails with an error quoting a string of the file.
fn hostile_lab() -> String {
    format!(
        "Title: Lab {title}\n\
         Comments: {c1}\n\
         \n\
         Lab Section Intro {colour}\n\
         Prose {clip} here.\n\
         )\n\
         let shown = \"{clear}\";\n\
         shown.len()\n\
         \n\
         Lab Exercise Task {title}\n\
         Keep {clip} in mind.\n\
         )\n\
         CHECK it is {colour}\n\
         \"{clear}\"\n\
         HINT\n\
         A hint {clear} here.\n\
         ANSWER\n\
         let answer = 1; // {clip}\n\
         \n\
         Lab Section Broken\n\
         This one fails.\n\
         )\n\
         throw \"{title}\";\n",
        title = OSC_TITLE.0,
        c1 = C1_CSI.0,
        colour = CSI_COLOUR.0,
        clip = OSC_CLIPBOARD.0,
        clear = CSI_CLEAR.0,
    )
}

/// The lab above, in a folder whose name is itself a title command, so
/// that every message naming the file carries one too.
fn write_hostile_lab() -> (crate::common::Scratch, String) {
    let dir = scratch_dir("hostile");
    let folder = dir.join(format!("x{}", OSC_TITLE.0));
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("hostile.lab");
    std::fs::write(&path, hostile_lab()).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

#[test]
fn a_lab_at_the_prompt_shows_its_commands_escaped() {
    let (_dir, path) = write_hostile_lab();
    let input = format!(":lab {path}\n:next\n:check\n:hint\n:answer\n:toc\n:next\n");
    let run = run_puzzlelab::<&str>(&[], input.as_bytes());
    assert_run_inert(":lab FILE, :check, :hint, :answer, :toc", &run);
    let out = &run.stdout;
    // The title, the comments, the prose, the section title, the echoed code,
    // the exercise's task and check verdict, the hint, the answer.
    for (place, shown) in [
        ("title", format!("Lab: Lab {}", OSC_TITLE.1)),
        ("comments", C1_CSI.1.to_string()),
        ("section title", format!("Intro {}", CSI_COLOUR.1)),
        ("prose", format!("Prose {} here.", OSC_CLIPBOARD.1)),
        ("code", format!("let shown = \"{}\";", CSI_CLEAR.1)),
        ("task", format!("Keep {} in mind.", OSC_CLIPBOARD.1)),
        ("check", format!("it is {}", CSI_COLOUR.1)),
        ("hint", format!("A hint {} here.", CSI_CLEAR.1)),
        ("answer", format!("let answer = 1; // {}", OSC_CLIPBOARD.1)),
    ] {
        assert!(out.contains(&shown), "{place}: {shown:?} not in\n{out}");
    }
    // The value of `shown.len()`: the string holds the 7 characters of
    // the two CSI commands, escaped only when shown.
    assert!(out.contains("   shown.len()\n7\n"), "{out}");
    // The failing section's error names the file and quotes the thrown
    // string, both escaped.
    let all = format!("{}{}", run.stdout, run.stderr);
    let error = all
        .lines()
        .find(|l| l.contains("in section 2 of 2"))
        .unwrap_or_else(|| panic!("no error for section 2:\n{all}"));
    assert!(
        error.contains(&format!("x{}/hostile.lab:", OSC_TITLE.1)),
        "{error}"
    );
    assert_eq!(error.matches(OSC_TITLE.1).count(), 2, "{error}");
}

#[test]
fn a_lab_printed_and_its_error_are_escaped() {
    let (_dir, path) = write_hostile_lab();
    let run = run_puzzlelab(&["lab", &path, "--print"], b"");
    assert_ne!(run.code, 0, "section 2 throws: {}", run.stderr);
    assert_run_inert("lab FILE --print", &run);
    // The transcript so far comes with the error, on stderr.
    let err = &run.stderr;
    for shown in [
        format!("Lab: Lab {}", OSC_TITLE.1),
        format!("Prose {} here.", OSC_CLIPBOARD.1),
        format!("   let answer = 1; // {}", OSC_CLIPBOARD.1),
        format!("x{}/hostile.lab:", OSC_TITLE.1),
    ] {
        assert!(err.contains(&shown), "{shown:?} not in\n{err}");
    }
}

#[test]
fn a_broken_lab_and_a_missing_one_are_named_escaped() {
    let dir = scratch_dir("hostile-broken");
    let path = dir.join(format!("{}.lab", CSI_CLEAR.0));
    // A section without its `)`, on a line quoting a command.
    std::fs::write(
        &path,
        format!("Title: T\n\nLab Section S\n{}\n", OSC_TITLE.0),
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let missing = format!("{}/none{}.lab", dir.as_str(), OSC_CLIPBOARD.0);
    for name in [path, missing.as_str()] {
        for run in [
            run_puzzlelab(&["lab", name], b""),
            run_puzzlelab(&["lab", name, "--print"], b""),
            run_puzzlelab::<&str>(&[], format!(":lab {name}\n").as_bytes()),
        ] {
            assert_run_inert("a lab that does not open", &run);
            let all = format!("{}{}", run.stdout, run.stderr);
            assert!(all.contains(".lab"), "{all}");
            assert!(
                all.contains(CSI_CLEAR.1) || all.contains(OSC_CLIPBOARD.1),
                "the file's name, escaped: {all}"
            );
        }
    }
}

/// A script's `print`, `debug`, value and thrown error, in `run` and `-e`.
#[test]
fn a_scripts_strings_reach_the_terminal_escaped() {
    // Rhai's own escapes: the script's text is plain, its strings are not.
    let clip = "\\x1b]52;c;aGVsbG8=\\x07";
    let printing = format!(
        "print(\"{clip}\");\ndebug(\"\\x1b]0;debugged\\x07\");\nprint(\"\\u009b2J\\rover\");\n"
    );
    let dir = scratch_dir("hostile-script");
    let script = dir.join("p.rhai");
    std::fs::write(&script, format!("{printing}throw \"\\x1b[2J\";\n")).unwrap();
    let run = run_puzzlelab(&["run", script.to_str().unwrap()], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_run_inert("run FILE", &run);
    assert!(run.stdout.contains(OSC_CLIPBOARD.1), "{}", run.stdout);
    assert!(run.stdout.contains("\\u{9b}2J\\u{d}over"), "{}", run.stdout);
    assert!(
        run.stderr.contains("\\u{1b}]0;debugged\\u{7}"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("\\u{1b}[2J"), "{}", run.stderr);

    let code = format!("{printing}\"\\x1b]0;value\\x07\"");
    let run = run_puzzlelab(&["-e", &code], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_run_inert("-e", &run);
    assert!(run.stdout.contains(OSC_CLIPBOARD.1), "{}", run.stdout);
    assert!(
        run.stdout.contains("\\u{1b}]0;value\\u{7}"),
        "{}",
        run.stdout
    );

    let run = run_puzzlelab(&["-e", "throw \"\\x1b]52;c;aGk=\\x07\""], b"");
    assert_eq!(run.code, 1);
    assert_run_inert("-e throwing", &run);
    assert!(
        run.stderr.contains("\\u{1b}]52;c;aGk=\\u{7}"),
        "{}",
        run.stderr
    );

    // Piped statements, the string written raw in the code.
    let run = run_puzzlelab::<&str>(&[], "let s = 1;\nthrow \"\x1b[2J\";\n".as_bytes());
    assert_eq!(run.code, 1);
    assert_run_inert("piped", &run);
    assert!(run.stderr.contains("\\u{1b}[2J"), "{}", run.stderr);
}

/// Command-line arguments that clap quotes in its errors, and one that
/// is not UTF-8.
#[test]
fn a_bad_argument_is_quoted_escaped() {
    let bad = format!("--bogus\x01{}{}", C1_CSI.0, OSC_TITLE.0);
    let run = run_puzzlelab(&[&bad], b"");
    assert_eq!(run.code, 2);
    assert_run_inert("a bad argument", &run);
    assert!(run.stderr.contains("'--bogus"), "{}", run.stderr);
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut bytes = bad.into_bytes();
        bytes.push(0xff);
        let run = run_puzzlelab(&[std::ffi::OsStr::from_bytes(&bytes)], b"");
        assert_eq!(run.code, 2);
        assert_run_inert("an argument that is not UTF-8", &run);
        assert!(run.stderr.contains(OSC_TITLE.1), "{}", run.stderr);
    }
}

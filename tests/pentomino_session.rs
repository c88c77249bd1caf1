//! The hand-placing session of Nishikawa's pentomino program, section 4: through the domain state
//! machine, through the script layer with scripted answers, and through the
//! binary with a piped stdin.

use puzzlelab::monitor::Silent;
use puzzlelab::pentomino::session::{Event, Placing, Prompt};
use puzzlelab::pentomino::{CharBoard, Style, frame};
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

/// The boards the source prints after V 1, Z 1, N 0, U 2 (its transcription
/// lost the frame lines and some cells; these are its letters, 6×10).
const AFTER_V: &str = "VVV......./V........./V........./........../........../..........";
const AFTER_Z: &str = "VVVZ....../VZZZ....../VZ......../........../........../..........";
const AFTER_N: &str = "VVVZN...../VZZZN...../VZ.NN...../...N....../........../..........";
const AFTER_U: &str = "VVVZNUUU../VZZZNU.U../VZ.NN...../...N....../........../..........";
/// The source's board after P(32) at i=9, and its final board after Y(32).
const AFTER_P: &str = "VVVZNUUULL/VZZZNUXULI/VZTNNXXXLI/TTTNWWXFLI/PPTWW.FFFI/PPPW....FI";
const FINAL: &str = "VVVZNUUULL/VZZZNUXULI/VZTNNXXXLI/TTTNWWXFLI/PPTWWYFFFI/PPPWYYYYFI";

/// The source's opening answers.
const OPENING: &[&str] = &["1", "Z", "1", "", "N", "0", "", "U", "2"];
/// A whole session ending in the source's final board. The source skips the
/// middle; these orientations are the ones that put L, X, I, T, W, F where
/// its final board has them, and P 3 and Y 7 are the source's own.
const WHOLE: &[&str] = &[
    "1", "Z", "1", "", "N", "0", "", "U", "2", "", "L", "6", "", "X", "0", "", "I", "0", "", "T",
    "1", "", "W", "1", "", "F", "1", "", "P", "3", "", "Y", "7",
];

fn cb(text: &str) -> CharBoard {
    CharBoard::parse(text).unwrap()
}

fn feed(s: &mut Placing, answers: &[&str]) -> Vec<Event> {
    answers
        .iter()
        .flat_map(|a| s.answer(a, None, &Silent))
        .collect()
}

fn lines(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Line(l) => Some(l.clone()),
            Event::Error(l) => Some(format!("error: {l}")),
            _ => None,
        })
        .collect()
}

fn boards(events: &[Event]) -> Vec<CharBoard> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Board(b) => Some(b.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn state_machine_seed_opening() {
    let (mut s, ev) = Placing::start('V').unwrap();
    assert_eq!(lines(&ev), ["initial piece:"]);
    match &ev[1] {
        Event::Orientations(o) => {
            let shown: Vec<String> = o.iter().map(|b| b.to_string()).collect();
            assert_eq!(
                shown,
                [
                    "V..\nV..\nVVV",
                    "VVV\nV..\nV..",
                    "VVV\n..V\n..V",
                    "..V\n..V\nVVV"
                ]
            );
        }
        other => panic!("expected orientations, got {other:?}"),
    }
    let ev = feed(&mut s, OPENING);
    assert_eq!(
        lines(&ev),
        [
            "i=0, Hit: Z(1)",
            "Next:",
            "i=1, Hit: N(3)",
            "Next:",
            "i=2, Hit: U(5)",
            "Next:"
        ]
    );
    assert_eq!(
        boards(&ev),
        [cb(AFTER_V), cb(AFTER_Z), cb(AFTER_N), cb(AFTER_U)]
    );
    assert_eq!(s.prompt(), Some(Prompt::Confirm));
    // Break keeps the board as shown, U included.
    let ev = feed(&mut s, &["n"]);
    assert_eq!(lines(&ev), ["*** break"]);
    assert!(s.is_finished());
    assert_eq!(s.result(), cb(AFTER_U));
}

#[test]
fn state_machine_whole_session() {
    let (mut s, _) = Placing::start('V').unwrap();
    let ev = feed(&mut s, WHOLE);
    let hits: Vec<String> = lines(&ev)
        .into_iter()
        .filter(|l| l.starts_with("i="))
        .collect();
    assert_eq!(
        hits,
        [
            "i=0, Hit: Z(1)",
            "i=1, Hit: N(3)",
            "i=2, Hit: U(5)",
            "i=3, Hit: L(8)",
            "i=4, Hit: X(13)",
            "i=5, Hit: I(19)",
            "i=6, Hit: T(16)",
            "i=7, Hit: W(27)",
            "i=8, Hit: F(30)",
            "i=9, Hit: P(32)",
            "i=10, Hit: Y(32)",
        ]
    );
    let b = boards(&ev);
    assert_eq!(b[b.len() - 2], cb(AFTER_P));
    assert_eq!(b[b.len() - 1], cb(FINAL));
    assert_eq!(lines(&ev).last().unwrap(), "*** end ***");
    assert!(s.is_complete());
    assert_eq!(s.prompt(), None);
    assert_eq!(s.result(), cb(FINAL));
}

#[test]
fn state_machine_undo_and_errors() {
    let (mut s, _) = Placing::start('V').unwrap();
    feed(&mut s, OPENING);
    // Undo at the confirm question: U goes, its orientations come back.
    let ev = feed(&mut s, &["u"]);
    assert_eq!(lines(&ev), ["undo: U taken back"]);
    assert!(matches!(&ev[1], Event::Orientations(o) if o.len() == 4));
    assert_eq!(s.prompt(), Some(Prompt::PieceNumber));
    // Then back to the piece question, and undo N and Z; V stays.
    let ev = feed(&mut s, &["u", "u", "u", "u"]);
    let l = lines(&ev);
    assert_eq!(l[0], "undo: N taken back");
    assert_eq!(l[1], "undo: Z taken back");
    assert!(l[2].starts_with("error: nothing to undo"), "{l:?}");
    assert_eq!(boards(&ev), [cb(AFTER_Z), cb(AFTER_V)]);
    // Bad answers: each refused with its reason, the question stays open.
    // Lower case is the same letter ("z" picks Z); u and n stay undo and break.
    let ev = feed(&mut s, &["Q", "V", "?", "", "z", "4", "-1", "one"]);
    let l = lines(&ev);
    assert_eq!(l.len(), 7, "{l:?}");
    assert!(l[0].contains("unknown piece \"Q\""));
    assert!(l[1].contains("V is on the board already"));
    assert!(l[2].contains("unknown piece \"?\""));
    assert!(l[3].contains("not an answer here"));
    assert!(l[4].contains("Z has 4 orientations, numbered 0 to 3"));
    assert!(l[5].contains("\"-1\""));
    assert!(l[6].contains("\"one\""));
    assert_eq!(s.prompt(), Some(Prompt::PieceNumber));
    // h and s need the solver, which this session was not given.
    feed(&mut s, &["u"]);
    let l = lines(&feed(&mut s, &["h", "s"]));
    assert!(
        l[0].contains("h (hint) needs the automatic solver"),
        "{l:?}"
    );
    assert!(l[1].contains("s (solve)"));
    // End of input is a break.
    let ev = s.end_of_input();
    assert_eq!(lines(&ev), ["*** break"]);
    assert_eq!(s.result(), cb(AFTER_V));
}

#[test]
fn script_session_with_scripted_answers() {
    let mut s = Session::capturing(&Limits::default());
    let answers: Vec<String> = OPENING.iter().map(|a| format!("{a:?}")).collect();
    let code = format!(
        "pentomino(\"V\", #{{answers: [{}, \"n\"], colour: false}})",
        answers.join(", ")
    );
    let v = s.eval(&code).unwrap();
    let out = s.take_output();
    assert_eq!(s.show(&v), cb(AFTER_U).to_string());
    let table = "\
+---+---+---+---+
|0  |1  |2  |3  |
+---+---+---+---+
|V..|VVV|VVV|..V|
|V..|V..|..V|..V|
|VVV|V..|..V|VVV|
+---+---+---+---+";
    let want_start = format!("initial piece:\n{table}\nenter piece number ?\n1\n");
    assert!(out.starts_with(&want_start), "{out}");
    for hit in ["i=0, Hit: Z(1)", "i=1, Hit: N(3)", "i=2, Hit: U(5)"] {
        assert!(out.contains(&format!("{hit}\nNext:\n")), "{hit}");
    }
    for board in [AFTER_V, AFTER_Z, AFTER_N, AFTER_U] {
        assert!(
            out.contains(&frame(&cb(board), Style::Ascii, false)),
            "{board}"
        );
    }
    assert!(out.contains("continue(CR), undo(u), break(n) ?\n\nselect pentomino piece ?\nN\n"));
    assert!(
        out.ends_with("continue(CR), undo(u), break(n) ?\nn\n*** break\n"),
        "{out}"
    );
}

#[test]
fn script_session_unicode_and_whole() {
    let mut s = Session::capturing(&Limits::default());
    let answers: Vec<String> = WHOLE.iter().map(|a| format!("{a:?}")).collect();
    let code = format!(
        "pentomino(\"V\", #{{answers: [{}], style: \"unicode\", colour: false}})",
        answers.join(", ")
    );
    let v = s.eval(&code).unwrap();
    let out = s.take_output();
    assert_eq!(s.show(&v), cb(FINAL).to_string());
    assert!(out.contains(&frame(&cb(FINAL), Style::Unicode, false)));
    assert!(out.ends_with("*** end ***\n"), "{out}");
}

#[test]
fn transcript_for_labs() {
    let mut s = Session::capturing(&Limits::default());
    let v = s
        .eval(r#"pentomino_transcript("V", ["1", "Z", "1", "u", "3", "n"])"#)
        .unwrap();
    // Nothing printed: the transcript is the value.
    assert_eq!(s.take_output(), "");
    let t = s.show(&v);
    assert!(t.starts_with("initial piece:\n"), "{t}");
    assert!(t.contains("i=0, Hit: Z(1)\nNext:\n"));
    assert!(t.contains("continue(CR), undo(u), break(n) ?\nu\nundo: Z taken back\n"));
    assert!(t.contains("enter piece number ?\n3\ni=0, Hit: Z("), "{t}");
    assert!(t.ends_with("n\n*** break\n"), "{t}");
    let e = s
        .eval(r#"pentomino_transcript("V", #{style: "unicode"})"#)
        .unwrap_err();
    assert!(e.message().contains("give the answers"));
}

/// Run the binary with `args`, `input` on stdin; (stdout, stderr, success).
fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let r = crate::common::run_puzzlelab(args, input.as_bytes());
    (r.stdout, r.stderr, r.code == 0)
}

#[test]
fn binary_piped_session() {
    let (out, err, ok) = run(&["-e", r#"pentomino("V")"#], "1\nZ\n1\n\nN\n0\n\nU\n2\nn\n");
    assert!(ok, "{err}");
    assert!(!out.contains('\x1b'));
    let hits: Vec<&str> = out.lines().filter(|l| l.starts_with("i=")).collect();
    assert_eq!(hits, ["i=0, Hit: Z(1)", "i=1, Hit: N(3)", "i=2, Hit: U(5)"]);
    for board in [AFTER_V, AFTER_Z, AFTER_N, AFTER_U] {
        assert!(
            out.contains(&frame(&cb(board), Style::Ascii, false)),
            "{board}"
        );
    }
    // Break, then the value: the character board as shown.
    let want_end = format!("*** break\n{}\n", cb(AFTER_U));
    assert!(out.ends_with(&want_end), "{out}");
}

#[test]
fn binary_end_of_input_undo_and_bad_answers() {
    // Input ends at the confirm question: like break, Z kept as shown.
    let (out, err, ok) = run(&["-e", r#"pentomino("V")"#], "1\nZ\n1\n");
    assert!(ok, "{err}");
    assert!(
        out.ends_with(&format!("*** break\n{}\n", cb(AFTER_Z))),
        "{out}"
    );
    // Undo N at the confirm question, choose another orientation, bad
    // answers on the way; nothing panics.
    let input = "7\n1\nQ\nZ\n1\n\nN\nx\n0\nu\n9\n2\nn\n";
    let (out, err, ok) = run(&["-e", r#"pentomino("V")"#], input);
    assert!(ok, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.contains("error: bad piece number \"7\": V has 4 orientations"));
    assert!(out.contains("error: unknown piece \"Q\""));
    assert!(out.contains("error: bad piece number \"x\""));
    assert!(out.contains("undo: N taken back"));
    assert!(out.contains("error: bad piece number \"9\": N has 8 orientations"));
    let hits: Vec<&str> = out.lines().filter(|l| l.starts_with("i=")).collect();
    assert_eq!(hits[..2], ["i=0, Hit: Z(1)", "i=1, Hit: N(3)"]);
    assert_eq!(hits.len(), 3);
    // An unknown first piece is a script error, not a panic.
    let (_, err, ok) = run(&["-e", r#"pentomino("Q")"#], "");
    assert!(!ok);
    assert!(err.contains("unknown piece \"Q\""), "{err}");
}

#[test]
fn binary_piped_script_with_answers_after_the_call() {
    // The call and its answers in one piped script stream.
    let input = "let b = pentomino(\"V\");\n1\nZ\n1\n\nn\nprint(b.cols);\n";
    let (out, err, _) = run(&[], input);
    assert!(out.contains("i=0, Hit: Z(1)"), "{out}\n{err}");
    assert!(out.contains("*** break"), "{out}");
    assert!(out.trim_end().ends_with("10"), "{out}");
}

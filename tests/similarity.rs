//! The Perl similar-puzzle finder's printed results, driven through the script layer: the keys,
//! row and column information, verdicts and the whole report of its two
//! sample groups, in Japanese character for character and in English.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

const P1995_A: &str =
    "000573100400080009000006078049012063806307040001004205653128497700639502192005800";
const P1995_B: &str =
    "653128497700639502192005800000573100400080009000006078049012063806307040001004205";
const XXXXX: &str =
    "000200001008000050000300000400000600210000000000050080300000002000060400009080000";
const YYYYY: &str =
    "000060300040080000002000009000003000500000800001200000060000042800050000000000001";
const ZZZZZ: &str =
    "002000300400060000000080009001200000050000008000300000600000400080050000000000210";
const AAAAA: &str =
    "040000600000500080200010000000023000068000050000000000300000402000000001009800000";

/// The source's printed groups, verbatim (its example run).
const SEED_GROUPS: &str = "
* 類似の問題が 2個見つかりました。
(1)xxx 1995-4-26
[0]キー値=\"123471235679123568914689178923456245789356784\"
[1]初期値=\"000573100400080009000006078049012063806307040001004205653128497700639502192005800\"
[2]行情報=\"123456789123469124512589135723567934678489678\"
[3]列情報=\"123691237812458135614678234567892357894594679\"

(2)xxx 1995-4-26
[0]キー値=\"123471235679123568914689178923456245789356784\"
[1]初期値=\"653128497700639502192005800000573100400080009000006078049012063806307040001004205\"
[2]行情報=\"123456789123469124512589135723567934678489678\"
[3]列情報=\"123691237812458135614678234567892357894594679\"

・(1)と(2)は、ブロックまたは行を入れ替えただけの同じ問題です。

* 類似の問題が 4個見つかりました。
(1)XXXXX
[0]キー値=\"12415232439568688\"
[1]初期値=\"000200001008000050000300000400000600210000000000050080300000002000060400009080000\"
[2]行情報=\"12122334646585889\"
[3]列情報=\"011223234465685889\"

(2)YYYYY
[0]キー値=\"12415232439568688\"
[1]初期値=\"000060300040080000002000009000003000500000800001200000060000042800050000000000001\"
[2]行情報=\"11224629336485858\"
[3]列情報=\"12129233844656858\"

(3)ZZZZZ
[0]キー値=\"12415232439568688\"
[1]初期値=\"002000300400060000000080009001200000050000008000300000600000400080050000000000210\"
[2]行情報=\"12122334646585889\"
[3]列情報=\"011223234465685889\"

(4)AAAAA
[0]キー値=\"12415232439568688\"
[1]初期値=\"040000600000500080200010000000023000068000050000000000300000402000000001009800000\"
[2]行情報=\"011223234465685889\"
[3]列情報=\"12122334646585889\"

・(1)と(2)は、似ていますが別物です。
・(1)と(3)は、ブロックまたは行を入れ替えただけの同じ問題です。
・(2)と(3)は、似ていますが別物です。
・(1)と(4)は、行と列を入れ替えただけの同じ問題です。
・(2)と(4)は、似ていますが別物です。
・(3)と(4)は、行と列を入れ替えただけの同じ問題です。
";

fn session() -> Session {
    Session::capturing(&Limits::default())
}

fn eval_str(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{code}: {e}"),
    }
}

/// The two sample files: the 1995 pair first (so its group comes first,
/// as in the source's run), then the group of four mixed with an unrelated
/// puzzle.
fn sample_files() -> (crate::common::Scratch, String, String) {
    // One folder per call: tests run in parallel, and rewriting a file that
    // another test is reading made them flaky.
    let dir = crate::common::scratch_dir("sim");
    let a = dir.join("SD1994.txt");
    let b = dir.join("SD1995.txt");
    std::fs::write(
        &a,
        format!("xxx 1995-4-26\t{P1995_A}\n\nxxx 1995-4-26\t{P1995_B}\n"),
    )
    .unwrap();
    let other = "100000000000000000000000000000000000000000000000000000000000000000000000000000000";
    std::fs::write(
        &b,
        format!(
            "XXXXX\t{XXXXX}\nYYYYY\t{YYYYY}\r\nlone\t{other}\nZZZZZ\t{ZZZZZ}\nAAAAA\t{AAAAA}\n"
        ),
    )
    .unwrap();
    (dir, a.display().to_string(), b.display().to_string())
}

#[test]
fn keys_and_information_of_the_seeds_samples() {
    let mut s = session();
    let cases = [
        (
            P1995_A,
            "123471235679123568914689178923456245789356784",
            "123456789123469124512589135723567934678489678",
            "123691237812458135614678234567892357894594679",
        ),
        (
            P1995_B,
            "123471235679123568914689178923456245789356784",
            "123456789123469124512589135723567934678489678",
            "123691237812458135614678234567892357894594679",
        ),
        (
            XXXXX,
            "12415232439568688",
            "12122334646585889",
            "011223234465685889",
        ),
        (
            YYYYY,
            "12415232439568688",
            "11224629336485858",
            "12129233844656858",
        ),
        (
            ZZZZZ,
            "12415232439568688",
            "12122334646585889",
            "011223234465685889",
        ),
        (
            AAAAA,
            "12415232439568688",
            "011223234465685889",
            "12122334646585889",
        ),
    ];
    for (g, key, rows, cols) in cases {
        assert_eq!(
            eval_str(&mut s, &format!("similarity_key(grid(\"{g}\"))")),
            key
        );
        assert_eq!(eval_str(&mut s, &format!("row_key(grid(\"{g}\"))")), rows);
        assert_eq!(eval_str(&mut s, &format!("col_key(grid(\"{g}\"))")), cols);
    }
}

#[test]
fn verdicts_of_the_seeds_samples() {
    let mut s = session();
    let v = |s: &mut Session, a: &str, b: &str| {
        eval_str(s, &format!("verdict(grid(\"{a}\"), grid(\"{b}\"))"))
    };
    let same = "the same puzzle";
    let blocks = "the same puzzle with blocks or rows exchanged";
    let transposed = "the same puzzle with rows and columns exchanged";
    let different = "similar but different";
    assert_eq!(v(&mut s, P1995_A, P1995_B), blocks);
    assert_eq!(v(&mut s, XXXXX, YYYYY), different);
    assert_eq!(v(&mut s, XXXXX, ZZZZZ), blocks);
    assert_eq!(v(&mut s, YYYYY, ZZZZZ), different);
    assert_eq!(v(&mut s, XXXXX, AAAAA), transposed);
    assert_eq!(v(&mut s, YYYYY, AAAAA), different);
    assert_eq!(v(&mut s, ZZZZZ, AAAAA), transposed);
    assert_eq!(v(&mut s, AAAAA, ZZZZZ), transposed);
    assert_eq!(v(&mut s, XXXXX, XXXXX), same);
}

#[test]
fn japanese_report_reproduces_the_seed() {
    let (_dir, a, b) = sample_files();
    let mut s = session();
    let out = eval_str(
        &mut s,
        &format!("similar_report([\"{a}\", \"{b}\"], #{{lang: \"ja\"}})"),
    );
    let expected = format!(
        "** 類似の数独問題が存在するかどうか検査します。\n\
         * {a} start..... (2個)\n\
         * {b} start..... (5個)\n\
         ** 検査結果 ** (計 7個の問題を検査しました)\n\
         {SEED_GROUPS}\n*** チェック終了 ***\n"
    );
    assert_eq!(out, expected);
}

#[test]
fn english_report_and_named_puzzles() {
    let mut s = session();
    let code = format!(
        "similar_report([#{{name: \"XXXXX\", grid: \"{XXXXX}\"}}, [\"AAAAA\", grid(\"{AAAAA}\")]], #{{details: false}})"
    );
    let out = eval_str(&mut s, &code);
    assert_eq!(
        out,
        "** Looking for similar Sudoku puzzles.\n\
         * (puzzles given) start..... (2 puzzles)\n\
         ** Results ** (2 puzzles checked in all)\n\
         \n\
         * 2 similar puzzles found.\n\
         (1)XXXXX\n\
         (2)AAAAA\n\
         - (1) and (2): the same puzzle with rows and columns exchanged.\n\
         \n*** Check finished ***\n"
    );
    let out = eval_str(
        &mut s,
        &format!(
            "similar_report([[\"a\", \"{XXXXX}\"], [\"b\", \"{YYYYY}\"]].map(|p| [p[0], p[1]]).filter(|p| p[0] == \"a\"))"
        ),
    );
    assert!(
        out.ends_with("\nNo similar puzzles.\n*** Check finished ***\n"),
        "{out}"
    );
    let en = eval_str(
        &mut s,
        &format!(
            "similar_report([#{{name: \"Y\", grid: \"{YYYYY}\"}}, #{{name: \"Z\", grid: \"{ZZZZZ}\"}}])"
        ),
    );
    assert!(
        en.contains("[0]key=\"12415232439568688\"\n[1]cells=\"000060300"),
        "{en}"
    );
    assert!(
        en.contains("[2]rows=\"11224629336485858\"\n[3]columns=\"12129233844656858\"\n"),
        "{en}"
    );
    assert!(
        en.ends_with("- (1) and (2): similar but different.\n\n*** Check finished ***\n"),
        "{en}"
    );
}

#[test]
fn bad_files_are_named_with_their_line() {
    let (dir, a, _) = sample_files();
    let bad_len = dir.join("short.txt");
    std::fs::write(
        &bad_len,
        format!("ok\t{XXXXX}\n\nshort\t{}\n", &XXXXX[..80]),
    )
    .unwrap();
    let bad_char = dir.join("char.txt");
    std::fs::write(&bad_char, format!("ok\t{XXXXX}\nbad\t{}x\n", &XXXXX[..80])).unwrap();
    let mut s = session();
    let err = |s: &mut Session, code: String| s.eval(&code).unwrap_err().to_string();
    let e = err(
        &mut s,
        format!("similar_report([\"{a}\", \"{}\"])", bad_len.display()),
    );
    assert!(
        e.contains(&format!(
            "{}:3: short line: 80 cells, a puzzle has 81",
            bad_len.display()
        )),
        "{e}"
    );
    let e = err(
        &mut s,
        format!("similar_report([\"{}\"])", bad_char.display()),
    );
    assert!(
        e.contains(&format!("{}:2:85: bad character 'x'", bad_char.display())),
        "{e}"
    );
    let missing = dir.join("missing.txt");
    let e = err(
        &mut s,
        format!("similar_report([\"{}\"])", missing.display()),
    );
    assert!(
        e.contains(&format!("{}: cannot read", missing.display())),
        "{e}"
    );
    let e = err(&mut s, format!("canon_groups(\"{}\")", bad_len.display()));
    assert!(e.contains(":3: short line: 80 cells"), "{e}");
    let e = err(&mut s, "similar_report([1, 2])".into());
    assert!(e.contains("item 0"), "{e}");
    let e = err(&mut s, "similar_report([\"x\"], #{lang: \"fr\"})".into());
    assert!(e.contains("lang \"fr\""), "{e}");
}

#[test]
fn the_script_reads_files_from_args() {
    let (_dir, a, b) = sample_files();
    let mut s = session();
    let args: rhai::Array = vec![a.clone().into(), b.into(), "--ja".into()];
    s.set_var("ARGS", args);
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/similar.rhai"))
            .unwrap();
    let _ = s.eval(&script).unwrap();
    let out = s.take_output();
    assert!(out.contains(SEED_GROUPS), "{out}");
    assert!(
        out.starts_with("** 類似の数独問題が存在するかどうか検査します。\n"),
        "{out}"
    );
}

#[test]
fn the_canon_groups_script_lists_classes() {
    let (dir, _, b) = sample_files();
    let mut s = session();
    let args: rhai::Array = vec![b.clone().into()];
    s.set_var("ARGS", args);
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/canon_groups.rhai"
    ))
    .unwrap();
    let _ = s.eval(&script).unwrap();
    let out = s.take_output();
    assert_eq!(
        out,
        format!(
            "{b}: 5 puzzles, 3 different up to symmetry\n  \
             3 the same:\n    {b}: XXXXX\n    {b}: ZZZZZ\n    {b}: AAAAA\n    \
             form ................12..3.45........65...7.......81.2........1...7...5...3..4...8....\n"
        )
    );
    drop(dir);
}

/// `canon_groups` returns a compact `CanonGroups` that scripts use as the
/// array of maps it was: length, indexing (negative from the end), `for`,
/// `map`, `filter`, `to_array`, and a short summary when printed; the
/// groups are those of the puzzles' canonical forms (X and a copy with
/// two rows exchanged are one puzzle, Y another).
#[test]
fn canon_groups_is_used_like_an_array_of_maps() {
    let mut s = session();
    let got = eval_str(
        &mut s,
        &format!(
            "let a = grid(\"{XXXXX}\"); let t = #{{rows: [2,1,3,4,5,6,7,8,9]}};
             let g = canon_groups([a, grid(\"{YYYYY}\"), apply_transform(a, t)]);
             let seen = [];
             for x in g {{ seen.push(x.count) }}
             [g.to_string(), g.len(), g[-1].indices, seen, g.map(|x| x.indices),
              g.filter(|x| x.count > 1).len(), g.to_array().len(), type_of(g),
              g[0].form == canon(a), g[1].form == canon(grid(\"{YYYYY}\")), g.is_empty()]"
        ),
    );
    assert_eq!(
        got,
        "[\"3 puzzles in 2 groups\", 2, [1], [2, 1], [[0, 2], [1]], 1, 2, \"CanonGroups\", true, true, false]"
    );
    let e = s.eval("canon_groups([])[0]").unwrap_err().to_string();
    assert!(
        e.contains("group 0 is out of range: there are no groups"),
        "{e}"
    );
    // A file: every puzzle in exactly one group, names from the lines.
    let (_dir, _a, b) = sample_files();
    let got = eval_str(
        &mut s,
        &format!(
            "let g = canon_groups(\"{b}\"); let n = 0; for x in g {{ n += x.count }}
             [g.to_string().starts_with(\"5 puzzles in \"), n, g[0].names[0]]"
        ),
    );
    assert_eq!(got, "[true, 5, \"XXXXX\"]");
}

/// `threads: n` changes how the work is shared, never the groups: on 1, 2
/// and all cores, from an array and from a file, every group holds the
/// puzzles whose canonical forms (each computed alone by `canon`) are its
/// form. Each of the 100 puzzles is given twice, so there are 100 groups
/// of two.
#[test]
fn canon_groups_on_any_number_of_threads_gives_the_same_groups() {
    let mut s = session();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/data/17clue.txt");
    let check = |s: &mut Session, source: &str| {
        eval_str(
            s,
            &format!(
                r#"let ps = read_puzzles("{path}"); let all = ps + ps;
                   let seen = [];
                   for t in [0, 1, 2] {{
                       let g = canon_groups({source}, #{{threads: t}});
                       let ok = g.len() == 100;
                       for x in g {{
                           for i in x.indices {{ ok = ok && canon(all[i]) == x.form }}
                       }}
                       seen.push([g.len(), ok]);
                   }}
                   seen"#
            ),
        )
    };
    let want = "[[100, true], [100, true], [100, true]]";
    assert_eq!(check(&mut s, "all"), want);
    // The file given twice: one file of both copies.
    let dir = tempfile::tempdir().unwrap();
    let twice = dir.path().join("twice.txt");
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(&twice, format!("{text}{text}")).unwrap();
    assert_eq!(
        check(&mut s, &format!("{:?}", twice.display().to_string())),
        want
    );
    let e = s
        .eval(&format!("canon_groups({path:?}, #{{threads: -1}})"))
        .unwrap_err()
        .message();
    assert_eq!(
        e,
        "canon_groups: option threads must be a whole number from 0 (one thread a core) to 1024, not -1"
    );
}

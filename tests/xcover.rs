//! `exact_cover`, `count_exact_cover` and Knuth's dlx input, checked
//! against published counts (OEIS A000170 for queens, A014552 for Langford
//! pairs, 2339 pentomino packings of 6×10) and hand-counted small cases.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

use crate::exact_cover::{Turns, orientations, pentominoes};

fn eval(s: &mut Session, code: &str) -> String {
    s.eval(code)
        .unwrap_or_else(|e| panic!("{code}: {}", e.message()))
        .to_string()
}

fn run(code: &str) -> String {
    eval(&mut Session::capturing(&Limits::default()), code)
}

/// n queens as a script builds them: rows and columns primary, the
/// diagonals secondary.
const QUEENS: &str = r#"
fn queens(n) {
    let options = [];
    let diagonals = [];
    for k in 0..2 * n - 1 { diagonals += ["a" + k, "b" + k]; }
    for r in 0..n { for c in 0..n {
        options.push(["r" + r, "c" + c, "a" + (r + c), "b" + (r - c + n - 1)]);
    } }
    #{options: options, secondary: diagonals}
}
"#;

#[test]
fn queens_counts_are_oeis_a000170() {
    let mut s = Session::capturing(&Limits::default());
    eval(&mut s, QUEENS);
    for (n, want) in [(8, 92), (10, 724), (12, 14200)] {
        let code = format!(
            "let q = queens({n}); count_exact_cover(q.options, #{{secondary: q.secondary}})"
        );
        assert_eq!(eval(&mut s, &code), want.to_string(), "{n} queens");
    }
    let listed = "let q = queens(8); exact_cover(q.options, #{secondary: q.secondary}).len()";
    assert_eq!(eval(&mut s, listed), "92");
}

#[test]
fn langford_pairs_are_oeis_a014552_both_ways_round() {
    // Values 1..n at places i and i+v+1: 26 and 150 up to reversal.
    let code = |n: usize| {
        format!(
            r#"let options = [];
            for v in 1..={n} {{ for i in 0..2 * {n} - v - 1 {{
                options.push(["v" + v, "s" + i, "s" + (i + v + 1)]);
            }} }}
            count_exact_cover(options)"#
        )
    };
    assert_eq!(run(&code(7)), "52");
    assert_eq!(run(&code(8)), "300");
    assert_eq!(run(&code(4)), "2");
}

#[test]
fn colours_let_agreeing_options_share_a_secondary_item() {
    // Hand count: {0,1} agree on x (red), {0,3} and {2,3} leave x to one
    // option; {2,1} disagree on x's colour.
    let code = r#"exact_cover([["a", "x:red"], ["b", "x:red"], ["a", "x:green"], ["b"]], #{secondary: ["x"]})"#;
    assert_eq!(run(code), "[[0, 1], [0, 3], [2, 3]]");
    // Without colours, x is covered at most once.
    let plain = r#"exact_cover([["a", "x"], ["b", "x"], ["a", "x"], ["b"]], #{secondary: ["x", "unused"]})"#;
    assert_eq!(run(plain), "[[0, 3], [2, 3]]");
}

/// The 12 pentominoes on a 6×10 board as dlx input: piece names primary,
/// cells primary, one option per placement.
fn pentominoes_dlx() -> String {
    let mut items: Vec<String> = (0..12).map(|k| format!("p{k}")).collect();
    items.extend((0..6).flat_map(|r| (0..10).map(move |c| format!("{r}-{c}"))));
    let mut text = items.join(" ") + "\n";
    for (k, piece) in pentominoes(Turns::Free).iter().enumerate() {
        for o in orientations(piece) {
            let h = o.iter().map(|p| p[1]).max().unwrap();
            let w = o.iter().map(|p| p[2]).max().unwrap();
            for dr in 0..6 - h {
                for dc in 0..10 - w {
                    let cells: Vec<String> = o
                        .iter()
                        .map(|p| format!("{}-{}", p[1] + dr, p[2] + dc))
                        .collect();
                    text += &format!("p{k} {}\n", cells.join(" "));
                }
            }
        }
    }
    text
}

#[test]
fn pentominoes_on_6x10_agree_with_the_packing_engine() {
    let dir = crate::common::scratch_dir("xcover");
    let file = dir.join("p6x10.dlx");
    std::fs::write(&file, pentominoes_dlx()).unwrap();
    let code = format!(
        r#"let p = read_dlx({:?}); [count_exact_cover(p), count_polyomino(rect(6, 10), "pentominoes", #{{raw: true}})]"#,
        file.display().to_string()
    );
    assert_eq!(run(&code), "[9356, 9356]");
}

#[test]
fn dlx_input_round_trips_and_shards_add_up() {
    let dir = crate::common::scratch_dir("xcover");
    let d = dir.display().to_string();
    let mut s = Session::capturing(&Limits::default());
    eval(&mut s, QUEENS);
    let code = format!(
        r#"let q = queens(8);
        write_dlx(#{{options: q.options, secondary: q.secondary}}, "{d}/q8.dlx");
        let p = read_dlx("{d}/q8.dlx");
        write_dlx(p, "{d}/again.dlx");
        [count_exact_cover(p), p.primary.len(), p.secondary.len(), p.options.len()]"#
    );
    assert_eq!(eval(&mut s, &code), "[92, 16, 30, 64]");
    let first = std::fs::read_to_string(dir.join("q8.dlx")).unwrap();
    assert_eq!(
        first,
        std::fs::read_to_string(dir.join("again.dlx")).unwrap()
    );
    // Primary items in order of first use, then `|` and the diagonals.
    assert!(
        first.starts_with("r0 c0 c1 c2 c3 c4 c5 c6 c7 r1 r2 r3 r4 r5 r6 r7 | a0 b0 a1 b1 "),
        "{first}"
    );
    assert!(first.contains("\nr0 c0 a0 b7\n"), "{first}");
    let shards = format!(
        r#"let p = read_dlx("{d}/q8.dlx");
        let parts = [];
        let sum = 0;
        for k in 1..=3 {{
            sum += count_exact_cover(p, #{{shard: `${{k}}/3`, out: "{d}/n.txt"}});
            parts.push(`{d}/n.txt.${{k}}-of-3`);
        }}
        [sum, merge_shards(parts, "{d}/n.txt").count]"#
    );
    assert_eq!(eval(&mut s, &shards), "[92, 92]");
    assert_eq!(std::fs::read_to_string(dir.join("n.txt")).unwrap(), "92\n");
    let random = r#"let p = read_dlx(`DIR/q8.dlx`);
        [count_exact_cover(p, #{random: true, seed: 5, threads: 2}), exact_cover(p, #{limit: 3}).len(), count_exact_cover(p, #{limit: 10})]"#
        .replace("DIR", &d);
    assert_eq!(eval(&mut s, &random), "[92, 3, 10]");
}

#[test]
fn the_help_examples_give_what_they_say() {
    assert_eq!(
        run(r#"exact_cover([["a", "b"], ["c"], ["a"], ["b", "c"]])"#),
        "[[0, 1], [2, 3]]"
    );
    assert_eq!(
        run(r#"count_exact_cover([["a", "b"], ["c"], ["a"], ["b", "c"]])"#),
        "2"
    );
    assert_eq!(
        run(r#"count_exact_cover(parse_dlx("a b | x\na x\nb x\na b\n"))"#),
        "1"
    );
    assert_eq!(
        run(
            r#"exact_cover([["q1", "d"], ["q2", "d"], ["q1"], ["q2"]], #{secondary: ["d"], limit: 2})"#
        ),
        "[[0, 3], [1, 2]]"
    );
}

/// A count's `out` is tried before the count starts, as every writer's is:
/// a folder that does not exist is refused, naming the function. The
/// problem has 2^62 covers, so only a refusal before the count returns.
#[test]
fn a_count_whose_output_cannot_be_written_is_refused_before_it_starts() {
    let mut s = Session::capturing(&Limits::default());
    let code = "let o = []; for i in 0..62 { o.push([`i${i}`]); o.push([`i${i}`]); } \
                count_exact_cover(o, #{out: \"/nonexistent-puzzlelab/n.txt\"})";
    let e = s.eval(code).unwrap_err().message();
    assert!(e.starts_with("count_exact_cover: "), "{e}");
    assert!(e.contains("/nonexistent-puzzlelab"), "{e}");
}

use super::*;
use crate::monitor::Silent;

/// n queens as XCC: rows and columns primary, diagonals secondary.
pub(crate) fn queens(n: usize) -> CoverProblem {
    let rows: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
    let cols: Vec<String> = (0..n).map(|c| format!("c{c}")).collect();
    let primary: Vec<String> = rows.iter().chain(&cols).cloned().collect();
    let secondary: Vec<String> = (0..2 * n - 1)
        .map(|k| format!("a{k}"))
        .chain((0..2 * n - 1).map(|k| format!("b{k}")))
        .collect();
    let options: Vec<Vec<String>> = (0..n)
        .flat_map(|r| {
            (0..n).map(move |c| {
                vec![
                    format!("r{r}"),
                    format!("c{c}"),
                    format!("a{}", r + c),
                    format!("b{}", r + n - 1 - c),
                ]
            })
        })
        .collect();
    CoverProblem::from_names(Some(&primary), &secondary, &options).unwrap()
}

fn count(p: &CoverProblem, o: Options) -> u64 {
    let out = solve(p, &o, &Silent).unwrap();
    assert_eq!(out.stopped, None);
    out.count
}

#[test]
fn queens_counts_are_oeis_a000170() {
    for (n, want) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (8, 92),
        (10, 724),
    ] {
        assert_eq!(count(&queens(n), Options::default()), want, "{n} queens");
        let one = Options {
            threads: Some(1),
            ..Options::default()
        };
        assert_eq!(count(&queens(n), one), want, "{n} queens on one thread");
    }
}

#[test]
fn listed_solutions_are_covers_and_limit_stops() {
    let p = queens(6);
    let o = Options {
        keep: true,
        ..Options::default()
    };
    let out = solve(&p, &o, &Silent).unwrap();
    assert_eq!(out.solutions.len(), 4);
    for s in &out.solutions {
        let mut seen = vec![0; p.items.len()];
        for &i in s {
            for e in &p.options[i] {
                seen[e.item as usize] += 1;
            }
        }
        assert!(seen[..p.primary].iter().all(|&k| k == 1));
        assert!(seen[p.primary..].iter().all(|&k| k <= 1));
    }
    let limited = Options {
        keep: true,
        limit: Some(3),
        ..Options::default()
    };
    let out = solve(&queens(8), &limited, &Silent).unwrap();
    assert_eq!((out.count, out.solutions.len()), (3, 3));
    assert_eq!(out.stopped, Some(StopCause::Limit));
}

#[test]
fn shards_add_up_and_random_orders_count_the_same() {
    let p = queens(8);
    let sum: u64 = (1..=3)
        .map(|k| {
            let o = Options {
                shard: Some(crate::shard::Shard::new(k, 3).unwrap()),
                ..Options::default()
            };
            count(&p, o)
        })
        .sum();
    assert_eq!(sum, 92);
    let shuffled = Options {
        seed: Some(7),
        ..Options::default()
    };
    assert_eq!(count(&p, shuffled), 92);
}

#[test]
fn colours_let_agreeing_options_share_a_secondary_item() {
    // Options 0 and 1 agree on x's colour, 2 does not: {0,1} and {2,3}
    // cover a and b; {0,3} and {2,1} too (x used once each side? no:
    // 2 and 1 disagree on x), so three solutions by hand.
    let names = |v: &[&[&str]]| -> Vec<Vec<String>> {
        v.iter()
            .map(|o| o.iter().map(|s| s.to_string()).collect())
            .collect()
    };
    let options = names(&[&["a", "x:R"], &["b", "x:R"], &["a", "x:G"], &["b"]]);
    let p = CoverProblem::from_names(None, &["x".to_string()], &options).unwrap();
    let o = Options {
        keep: true,
        ..Options::default()
    };
    let out = solve(&p, &o, &Silent).unwrap();
    assert_eq!(out.solutions, vec![vec![0, 1], vec![0, 3], vec![2, 3]]);
}

#[test]
fn bad_problems_say_which_option_and_why() {
    let err = |primary: Option<&[&str]>, secondary: &[&str], options: &[&[&str]]| {
        let options: Vec<Vec<&str>> = options.iter().map(|o| o.to_vec()).collect();
        CoverProblem::from_names(primary, secondary, &options)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(Some(&["a"]), &[], &[&["a"], &["b"]]),
        "options[1]: unknown item \"b\""
    );
    assert_eq!(
        err(None, &[], &[&["a"], &[]]),
        "options[1]: the option is empty: it must name at least one item"
    );
    assert_eq!(
        err(Some(&["a"]), &["a"], &[&["a"]]),
        "item \"a\" is listed twice (as primary and as secondary)"
    );
    assert_eq!(
        err(None, &[], &[&["a:red"]]),
        "options[0]: primary item \"a\" has colour \"red\": only secondary items take colours"
    );
    assert_eq!(
        err(None, &[], &[&["a", "b", "a"]]),
        "options[0]: item \"a\" appears twice"
    );
}

#[test]
fn dlx_text_reads_back_as_written() {
    let text = "| a comment\n\na b | x y\na x:1\n  | another\nb y x:1\na b\n";
    let p = dlx::parse(text, "t.dlx", &Silent).unwrap();
    assert_eq!((p.items.len(), p.primary, p.options.len()), (4, 2, 3));
    assert_eq!(p.option_texts(1), ["b", "y", "x:1"]);
    let written = dlx::write(&p);
    assert_eq!(written, "a b | x y\na x:1\nb y x:1\na b\n");
    assert_eq!(dlx::parse(&written, "w", &Silent).unwrap(), p);
}

#[test]
fn bad_dlx_lines_are_named_by_line_and_column() {
    let err = |text: &str| dlx::parse(text, "f", &Silent).unwrap_err().to_string();
    assert_eq!(err("a b\na c\n"), "f:2:3: unknown item \"c\"");
    assert_eq!(err("a | b | c\n"), "f:1:7: the item line holds '|' twice");
    assert_eq!(
        err("a b a\n"),
        "f:1:5: item \"a\" is listed twice (as primary and as primary)"
    );
    assert_eq!(err("a | b\na b a\n"), "f:2:5: item \"a\" appears twice");
    assert_eq!(
        err("a | b\na:c b\n"),
        "f:2:1: primary item \"a\" has colour \"c\": only secondary items take colours"
    );
    assert_eq!(
        err("a | b\na b:\n"),
        "f:2:3: item \"b:\": the colour after ':' is empty"
    );
    assert_eq!(
        err("| only\n"),
        "f:1:1: no items: the first line that is not a comment must list them"
    );
    assert_eq!(
        err("| x\n"),
        "f:1:1: no items: the first line that is not a comment must list them"
    );
}

//! SAT for any puzzle (#52.3): formulas from clause arrays, cardinality
//! constraints and model counts, against figures computed here
//! independently: sums of binomials, brute force over every assignment,
//! the N-queens counts of OEIS A000170, and each listed model checked
//! clause by clause.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn session() -> Session {
    Session::capturing(&Limits::default())
}

fn int(s: &mut Session, code: &str) -> i64 {
    s.eval(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .as_int()
        .unwrap_or_else(|t| panic!("{code}: got {t}"))
}

/// An array of arrays of integers, as Rust vectors.
fn rows(s: &mut Session, code: &str) -> Vec<Vec<i64>> {
    let v = s.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    v.into_array()
        .unwrap_or_else(|t| panic!("{code}: got {t}"))
        .into_iter()
        .map(|r| {
            r.into_array()
                .unwrap()
                .into_iter()
                .map(|x| x.as_int().unwrap())
                .collect()
        })
        .collect()
}

fn failure(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => panic!("{code}: expected an error, got {}", s.show(&v)),
        Err(e) => e.message(),
    }
}

/// `[first, ..., last]` as script text.
fn list(vars: impl IntoIterator<Item = i64>) -> String {
    let items: Vec<String> = vars.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

fn choose(n: i64, k: i64) -> i64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// Whether `model` (signed literals, one per variable 1..) satisfies
/// every clause, by plain evaluation.
fn satisfies(model: &[i64], clauses: &[Vec<i64>]) -> bool {
    let value = |l: i64| {
        let v = model[(l.unsigned_abs() - 1) as usize];
        (v > 0) == (l > 0)
    };
    clauses.iter().all(|c| c.iter().any(|&l| value(l)))
}

#[test]
fn cardinality_counts_are_sums_of_binomials() {
    let mut s = session();
    for n in 1..=9i64 {
        let vars = list(1..=n);
        for k in 0..=n {
            let most: i64 = (0..=k).map(|i| choose(n, i)).sum();
            let least: i64 = (k..=n).map(|i| choose(n, i)).sum();
            // The method (a counter where it is smaller) and the free form
            // without extra variables, made into a formula over n variables.
            let method = format!(
                "let f = cnf_from([], {n}); f.at_most({vars}, {k}); count_models(f, 100000)"
            );
            assert_eq!(int(&mut s, &method), most, "at most {k} of {n}");
            let free = format!("count_models(cnf_from(at_most({vars}, {k}), {n}), 100000)");
            assert_eq!(int(&mut s, &free), most, "free at most {k} of {n}");
            let method = format!(
                "let f = cnf_from([], {n}); f.at_least({vars}, {k}); count_models(f, 100000)"
            );
            assert_eq!(int(&mut s, &method), least, "at least {k} of {n}");
            let free = format!("count_models(cnf_from(at_least({vars}, {k}), {n}), 100000)");
            assert_eq!(int(&mut s, &free), least, "free at least {k} of {n}");
        }
        let one =
            format!("let f = cnf_from([], {n}); f.exactly_one({vars}); count_models(f, 1000)");
        assert_eq!(int(&mut s, &one), n, "exactly one of {n}");
        let free = format!("count_models(cnf_from(exactly_one({vars})), 1000)");
        assert_eq!(int(&mut s, &free), n, "free exactly one of {n}");
    }
    // A larger one the counter encodes (C(20, 4) = 4845 binomial clauses
    // against 2·20·3 + 20 − 10 = 130): at most 3 of 20.
    let most: i64 = (0..=3).map(|i| choose(20, i)).sum();
    let code = format!(
        "let f = cnf_from([], 20); f.at_most({}, 3); [[f.clauses, f.vars, count_models(f, 100000)]]",
        list(1..=20)
    );
    assert_eq!(rows(&mut s, &code)[0], [130, 20 + 19 * 3, most]);
}

/// The N-queens formula: exactly one queen per row and column, at most one
/// per diagonal, variable r·n + c + 1 for row r, column c (0-based).
fn queens(n: i64) -> String {
    let v = |r: i64, c: i64| r * n + c + 1;
    let mut code = format!("let f = cnf_from([], {});", n * n);
    for i in 0..n {
        code += &format!("f.exactly_one({});", list((0..n).map(|c| v(i, c))));
        code += &format!("f.exactly_one({});", list((0..n).map(|r| v(r, i))));
    }
    for d in -(n - 1)..n {
        let down: Vec<i64> = (0..n)
            .filter(|r| (0..n).contains(&(r + d)))
            .map(|r| v(r, r + d))
            .collect();
        let up: Vec<i64> = (0..n)
            .filter(|r| (0..n).contains(&(n - 1 - r + d)))
            .map(|r| v(r, n - 1 - r + d))
            .collect();
        code += &format!("f.at_most({}, 1); f.at_most({}, 1);", list(down), list(up));
    }
    code
}

#[test]
fn n_queens_counts_match_oeis_a000170() {
    let mut s = session();
    for (n, count) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        let code = format!("{} count_models(f, 1000)", queens(n));
        assert_eq!(int(&mut s, &code), count, "{n} queens");
    }
    // The limit: at least that many.
    assert_eq!(
        int(&mut s, &format!("{} count_models(f, 50)", queens(8))),
        50
    );
}

#[test]
fn models_are_distinct_and_satisfy_every_clause() {
    let mut s = session();
    let _ = s.eval(&format!("{} let q = f;", queens(6))).unwrap();
    let clauses = rows(&mut s, "q.clause_list()");
    let main = int(&mut s, "q.main_vars") as usize;
    assert_eq!(main, 36);
    assert!(
        int(&mut s, "q.vars") > 36,
        "the 6-queens formula has counters"
    );
    let ms = rows(&mut s, "models(q, 100)");
    assert_eq!(ms.len(), 4);
    for m in &ms {
        assert_eq!(m.len(), main);
        assert!(
            m.iter()
                .enumerate()
                .all(|(i, &l)| l.unsigned_abs() as usize == i + 1)
        );
        assert_eq!(m.iter().filter(|&&l| l > 0).count(), 6);
        // Only the main variables: the clauses on extra variables are
        // checked by the count above; here the clauses on main ones.
        let on_main: Vec<Vec<i64>> = clauses
            .iter()
            .filter(|c| c.iter().all(|l| l.unsigned_abs() as usize <= main))
            .cloned()
            .collect();
        assert!(satisfies(m, &on_main), "{m:?}");
    }
    let mut distinct = ms.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), ms.len());
    // A formula without extra variables: each model satisfies all clauses.
    let clauses = vec![vec![1, -2, 3], vec![-1, 2], vec![2, 4], vec![-3, -4]];
    let code = format!("models(cnf_from({}), 100)", clauses_text(&clauses));
    let ms = rows(&mut s, &code);
    let brute = (0..16u32)
        .filter(|x| {
            let m: Vec<i64> = (0..4)
                .map(|i| if x >> i & 1 == 1 { i + 1 } else { -(i + 1) })
                .collect();
            satisfies(&m, &clauses)
        })
        .count();
    assert_eq!(ms.len(), brute);
    assert!(ms.iter().all(|m| satisfies(m, &clauses)));
    let mut distinct = ms.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), brute);
    // sat_model gives the main variables only.
    assert_eq!(int(&mut s, "sat_model(q).len()"), 36);
}

fn clauses_text(clauses: &[Vec<i64>]) -> String {
    let items: Vec<String> = clauses.iter().map(|c| list(c.iter().copied())).collect();
    format!("[{}]", items.join(", "))
}

#[test]
fn constraints_on_one_formula_never_share_extra_variables() {
    // Over 12 variables: at most 3 of 1..=9, at least 4 of 4..=12, exactly
    // one of 2..=10 (all three as counters), and one plain clause; brute
    // force over all 4096 assignments.
    let a: Vec<i64> = (1..=9).collect();
    let b: Vec<i64> = (4..=12).collect();
    let c: Vec<i64> = (2..=10).collect();
    let mut s = session();
    let code = format!(
        "let f = cnf_from([[1, 12]], 12); f.at_most({}, 3); let v1 = f.vars; \
         f.at_least({}, 4); let v2 = f.vars; f.exactly_one({}); \
         [[v1, v2, f.vars, count_models(f, 10000)]]",
        list(a.clone()),
        list(b.clone()),
        list(c.clone())
    );
    let got = rows(&mut s, &code)[0].clone();
    assert!(12 < got[0] && got[0] < got[1] && got[1] < got[2], "{got:?}");
    let ones = |x: u32, vs: &[i64]| vs.iter().filter(|&&v| x >> (v - 1) & 1 == 1).count();
    let brute = (0..1u32 << 12)
        .filter(|&x| {
            (x & 1 == 1 || x >> 11 & 1 == 1)
                && ones(x, &a) <= 3
                && ones(x, &b) >= 4
                && ones(x, &c) == 1
        })
        .count() as i64;
    assert_eq!(got[3], brute);
    // Negative literals: at most 1 of ¬x1..¬x5 is at least 4 of x1..x5.
    let code = "let f = cnf_from([], 5); f.at_most([-1, -2, -3, -4, -5], 1); count_models(f, 100)";
    assert_eq!(int(&mut s, code), choose(5, 4) + 1);
}

#[test]
fn formulas_grow_until_extra_variables_settle_them() {
    let mut s = session();
    // No count: the caller's variables grow with what is added.
    assert_eq!(
        int(
            &mut s,
            "let f = cnf_from([]); f.add([1, 2]); f.add([[3], [-4]]); count_models(f, 100)"
        ),
        3
    );
    assert_eq!(
        int(
            &mut s,
            "let f = cnf_from([[1, 2]]); f.exactly_one([1, 2, 3, 4, 5, 6, 7, 8]); f.main_vars"
        ),
        8
    );
    // The free form with top: extra variables from top + 1, where they
    // make fewer clauses (at most 2 of 10: 43 against C(10, 3) = 120).
    let clauses = rows(
        &mut s,
        &format!("at_most({}, 2, #{{top: 10}})", list(1..=10)),
    );
    let top = clauses.iter().flatten().map(|l| l.abs()).max().unwrap();
    assert_eq!((clauses.len(), top), (43, 10 + 9 * 2));
    let least: i64 =
        (1..=10).map(|i| choose(10, i)).sum::<i64>() - (1..8).map(|i| choose(10, i)).sum::<i64>();
    let code = format!(
        "count_models(cnf_from(at_least({}, 8, #{{top: 10}})), 10000)",
        list(1..=10)
    );
    // Without a declared count the extra variables count too: more models.
    assert!(int(&mut s, &code) > least);
    let code = format!(
        "let f = cnf_from([], 10); f.at_least({}, 8); count_models(f, 10000)",
        list(1..=10)
    );
    assert_eq!(int(&mut s, &code), least);
    // [] adds nothing; [[]] the empty clause.
    assert_eq!(
        int(
            &mut s,
            "let f = cnf_from([], 2); f.add([]); count_models(f, 10)"
        ),
        4
    );
    assert_eq!(
        int(
            &mut s,
            "let f = cnf_from([], 2); f.add([[]]); count_models(f, 10)"
        ),
        0
    );
    // Trivial bounds.
    assert_eq!(rows(&mut s, "at_most([1, 2], 2)").len(), 0);
    assert_eq!(rows(&mut s, "at_least([1, 2], 3)"), vec![Vec::<i64>::new()]);
    assert_eq!(rows(&mut s, "exactly_one([])"), vec![Vec::<i64>::new()]);
    assert_eq!(rows(&mut s, "at_most([1, -2], 0)"), vec![vec![-1], vec![2]]);
}

#[test]
fn bad_input_is_named_where_it_is() {
    let mut s = session();
    for (code, want) in [
        (
            "cnf_from([[1], [2], [3], [4, 5, 0]])",
            "cnf_from: clauses[3][2] is 0: 0 ends a clause in DIMACS, not in a clause array",
        ),
        (
            "cnf_from([[1, 2], [-7]], 5)",
            "cnf_from: clauses[1][0] is -7: variable 7 is past the last variable, 5",
        ),
        (
            "cnf_from([[1, \"x\"]])",
            "cnf_from: clauses[0][1] is a string, not an integer literal",
        ),
        (
            "cnf_from([1, 2])",
            "cnf_from: clauses[0] is an integer, not a clause (an array of literals)",
        ),
        (
            "cnf_from([[3000000000]])",
            "cnf_from: clauses[0][0] is 3000000000: variables go up to 2147483647",
        ),
        (
            "cnf_from([], -1)",
            "cnf_from: the variable count is -1: it must be 0 to 2147483647",
        ),
        (
            "let f = cnf_from([[1, 2]], 2); f.add([[1], [2, 3]])",
            "add: clauses[1][1] is 3: variable 3 is past the last variable, 2",
        ),
        (
            "let f = cnf_from([[1, 2]]); f.add([3, [4]])",
            "add: clause[1] is an array, not an integer literal: give one clause ([1, -2]) or an array of clauses ([[1, -2], [3]])",
        ),
        (
            "at_most([1, 2, 1], 1)",
            "at_most: vars[2] is 1, as vars[0] is: list each literal once",
        ),
        (
            "exactly_one([1, 0])",
            "exactly_one: vars[1] is 0: a literal is a nonzero variable number (negative for not)",
        ),
        (
            "at_least([1, 2], -1)",
            "at_least: k is -1: it must be 0 or more",
        ),
        (
            "let f = cnf_from([], 2); f.at_most([1, 2], -3)",
            "at_most: k is -3: it must be 0 or more",
        ),
        (
            "exactly_one([1, 2.5])",
            "exactly_one: vars[1] is a number, not an integer literal",
        ),
        (
            "exactly_one([1, 2], #{top: 1})",
            "exactly_one: vars[1] is 2: variable 2 is past the last variable, 1",
        ),
        (
            "count_models(cnf_from([[1]]), 0)",
            "count_models: limit is 0: it must be 1 or more (the most models to find)",
        ),
        (
            "models(cnf_from([[1]]), -5)",
            "models: limit is -5: it must be 1 or more (the most models to find)",
        ),
    ] {
        assert_eq!(failure(&mut s, code), want, "{code}");
    }
    let many = list(1..=40);
    assert_eq!(
        failure(&mut s, &format!("at_most({many}, 10)")),
        "at_most: at most 10 of 40 literals without extra variables takes 2311801440 clauses \
         (the limit is 1000000): give #{top: N} to number extra variables from N+1, or use \
         the method on a formula (f.at_most(vars, k))"
    );
    // A refused constraint leaves the formula as it was.
    let code =
        "let f = cnf_from([[1]]); try { f.at_most([1, 2, 0], 1) } catch {} [[f.vars, f.clauses]]";
    assert_eq!(rows(&mut s, code)[0], [1, 1]);
}

/// Every example in the new functions' help runs as written, in a fresh
/// session, and the counting ones give the figures worked out here.
#[test]
fn the_help_examples_run() {
    let names = [
        "cnf_from",
        "add",
        "exactly_one",
        "at_most",
        "at_least",
        "count_models",
        "models",
    ];
    let mut counted = Vec::new();
    for name in names {
        let help = puzzlelab::script::help::describe(name).unwrap();
        for code in help
            .lines()
            .filter_map(|l| l.trim().strip_prefix("Example: `"))
            .filter_map(|l| l.strip_suffix('`'))
        {
            let mut s = session();
            let v = s
                .eval(code)
                .unwrap_or_else(|e| panic!("{name}: {code}: {}", e.message()));
            if code.ends_with(", 10)") || code.ends_with(", 100)") {
                counted.push((code.to_string(), s.show(&v)));
            }
        }
    }
    // x1 ∨ x2: 3 of 4; exactly one of 3: 3; at most 2 of 5: 1 + 5 + 10;
    // at least 3 of 4: 4 + 1; the two models of x1 ∨ x2 (3 of them).
    let want = [
        (
            "let f = cnf_from([], 3); f.exactly_one([1, 2, 3]); count_models(f, 10)",
            "3",
        ),
        (
            "let f = cnf_from([], 5); f.at_most([1, 2, 3, 4, 5], 2); count_models(f, 100)",
            "16",
        ),
        (
            "let f = cnf_from([], 4); f.at_least([1, 2, 3, 4], 3); count_models(f, 100)",
            "5",
        ),
        ("count_models(cnf_from([[1, 2]]), 10)", "3"),
    ];
    for (code, figure) in want {
        let got = counted.iter().find(|(c, _)| c == code);
        assert_eq!(got.map(|(_, v)| v.as_str()), Some(figure), "{code}");
    }
}

/// A model or a list of models past the array size limit is refused by
/// name before the engine refuses it with no name (found by the `formula`
/// fuzz target).
#[test]
fn models_past_the_array_limit_are_refused_by_name() {
    let limits = Limits {
        max_array_size: 100,
        ..Limits::default()
    };
    let mut s = Session::capturing(&limits);
    for (code, want) in [
        (
            "models(cnf_from([[150]]), 2)",
            "models: a model's variables (150) pass the array size limit (100)",
        ),
        (
            "sat_model(cnf_from([[150]]))",
            "sat_model: a model's variables (150) pass the array size limit (100)",
        ),
        (
            "models(cnf_from([], 8), 1000)",
            "models: the models' values (2304) pass the array size limit (100)",
        ),
    ] {
        assert_eq!(failure(&mut s, code), want, "{code}");
    }
    // The engine counts nested arrays whole: 8 models of 20 variables
    // are 168 values, refused by name; 2^3 models of 3 free variables
    // (32 values) pass, as before.
    assert_eq!(
        failure(&mut s, "models(cnf_from([[1, 2]], 20), 8)"),
        "models: the models' values (168) pass the array size limit (100)"
    );
    assert_eq!(int(&mut s, "models(cnf_from([], 3), 1000).len()"), 8);
}

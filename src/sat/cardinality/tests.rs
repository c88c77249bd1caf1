use super::*;

/// Whether `assignment` (bit v-1 is variable v) satisfies every clause.
fn satisfies(cnf: &Cnf, assignment: u64) -> bool {
    let value = |l: i32| {
        let bit = assignment >> (l.unsigned_abs() - 1) & 1 == 1;
        bit == (l > 0)
    };
    cnf.clauses().all(|c| c.iter().any(|&l| value(l)))
}

/// Models projected on the main variables, by trying every assignment of
/// all variables (main and extra): the reference the encodings must meet.
fn projected_count(cnf: &Cnf) -> usize {
    let (all, main) = (cnf.vars(), cnf.main_vars());
    assert!(all <= 22, "too many variables to try them all: {all}");
    let mut seen = std::collections::HashSet::new();
    for a in 0..1u64 << all {
        if satisfies(cnf, a) {
            seen.insert(a & ((1 << main) - 1));
        }
    }
    seen.len()
}

fn choose(n: usize, k: usize) -> usize {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

fn formula_over(n: u32) -> (Cnf, Vec<i32>) {
    (Cnf::new(n), (1..=n as i32).collect())
}

#[test]
fn at_most_and_at_least_count_as_binomials_in_both_forms() {
    for n in 0..=7usize {
        for k in 0..=n + 1 {
            let most: usize = (0..=k.min(n)).map(|i| choose(n, i)).sum();
            let least: usize = (k.min(n + 1)..=n).map(|i| choose(n, i)).sum();
            for extras in [Extras::Never, Extras::Allowed] {
                let (mut f, lits) = formula_over(n as u32);
                at_most(&mut f, &lits, k as i64, extras, "t").unwrap();
                assert_eq!(projected_count(&f), most, "at most {k} of {n}, {extras:?}");
                let (mut g, lits) = formula_over(n as u32);
                at_least(&mut g, &lits, k as i64, extras, "t").unwrap();
                assert_eq!(
                    projected_count(&g),
                    least,
                    "at least {k} of {n}, {extras:?}"
                );
                if extras == Extras::Never {
                    assert_eq!(f.vars(), n as u32);
                    assert_eq!(g.vars(), n as u32);
                }
            }
        }
    }
}

#[test]
fn the_counter_is_used_where_it_is_smaller_and_counts_right() {
    // At most 2 of 10: C(10, 3) = 120 clauses, the counter 2·10·2 + 10 − 7 = 43.
    let (mut f, lits) = formula_over(10);
    at_most(&mut f, &lits, 2, Extras::Allowed, "t").unwrap();
    assert_eq!(f.clause_count(), 43);
    assert_eq!(f.vars(), 10 + 9 * 2);
    assert_eq!(f.main_vars(), 10);
    assert_eq!(projected_count(&f), 1 + 10 + 45);
    // Exactly one of 8: 8 literals' clause and a counter of 8·2 + 8 − 4 = 20.
    let (mut g, lits) = formula_over(8);
    exactly_one(&mut g, &lits, Extras::Allowed, "t").unwrap();
    assert_eq!(g.clause_count(), 21);
    assert_eq!(projected_count(&g), 8);
    // Negative literals are literals: at most 1 of ¬x1, ¬x2, ¬x3.
    let mut h = Cnf::new(3);
    at_most(&mut h, &[-1, -2, -3], 1, Extras::Never, "t").unwrap();
    assert_eq!(projected_count(&h), 4);
}

#[test]
fn two_constraints_never_share_extra_variables() {
    // At most 2 of 1..=6 and at least 3 of 4..=9 (both as counters),
    // against every assignment of the nine variables.
    let mut f = Cnf::new(9);
    let a: Vec<i32> = (1..=6).collect();
    let b: Vec<i32> = (4..=9).collect();
    at_most(&mut f, &a, 2, Extras::Allowed, "t").unwrap();
    let after_first = f.vars();
    at_least(&mut f, &b, 3, Extras::Allowed, "t").unwrap();
    assert!(after_first > 9 && f.vars() > after_first);
    let ones = |x: u64, vs: &[i32]| vs.iter().filter(|&&v| x >> (v - 1) & 1 == 1).count();
    let brute = (0..1u64 << 9)
        .filter(|&x| ones(x, &a) <= 2 && ones(x, &b) >= 3)
        .count();
    assert_eq!(projected_count(&f), brute);
}

#[test]
fn trivial_bounds() {
    // Empty lists: at most anything holds, at least 1 and exactly one fail.
    let mut f = Cnf::new(0);
    at_most(&mut f, &[], 0, Extras::Never, "t").unwrap();
    at_least(&mut f, &[], 0, Extras::Never, "t").unwrap();
    assert_eq!(f.clause_count(), 0);
    at_least(&mut f, &[], 1, Extras::Never, "t").unwrap();
    assert_eq!(f.clauses().next(), Some(&[][..]));
    let mut g = Cnf::new(0);
    exactly_one(&mut g, &[], Extras::Allowed, "t").unwrap();
    assert_eq!(projected_count(&g), 0);
    // k = 0: every literal false, as unit clauses.
    let (mut h, lits) = formula_over(3);
    at_most(&mut h, &lits, 0, Extras::Allowed, "t").unwrap();
    assert_eq!(h.clauses().collect::<Vec<_>>(), [&[-1][..], &[-2], &[-3]]);
    assert_eq!(
        at_most(&mut h, &lits, -1, Extras::Never, "t")
            .unwrap_err()
            .to_string(),
        "k is -1: it must be 0 or more"
    );
}

#[test]
fn too_many_plain_clauses_are_refused_before_anything_is_added() {
    let (mut f, lits) = formula_over(40);
    let e = at_most(&mut f, &lits, 10, Extras::Never, "t").unwrap_err();
    assert_eq!(
        e.to_string(),
        "at most 10 of 40 literals without extra variables takes 1121099408 clauses \
         (the limit is 1000000): give #{top: N} to number extra variables from N+1, \
         or use the method on a formula (f.at_most(vars, k))"
    );
    assert_eq!(f.clause_count(), 0);
    // With extras: the counter, 2·40·10 + 40 − 31 = 809 clauses.
    at_most(&mut f, &lits, 10, Extras::Allowed, "t").unwrap();
    assert_eq!(f.clause_count(), 809);
}

#[test]
fn clauses_as_given_are_checked_and_named() {
    let given = |clauses: &[&[i64]]| GivenClauses {
        lits: clauses.iter().flat_map(|c| c.iter().copied()).collect(),
        ends: clauses
            .iter()
            .scan(0, |end, c| {
                *end += c.len();
                Some(*end)
            })
            .collect(),
        single: false,
    };
    let f = formula(&given(&[&[1, -2], &[3]]), None).unwrap();
    assert_eq!((f.vars(), f.main_vars(), f.clause_count()), (3, 3, 2));
    let err = |c: &[&[i64]], v| formula(&given(c), v).unwrap_err().to_string();
    assert_eq!(
        err(&[&[1], &[2], &[3], &[4, 5, 0]], None),
        "clauses[3][2] is 0: 0 ends a clause in DIMACS, not in a clause array"
    );
    assert_eq!(
        err(&[&[1, 2], &[-7]], Some(5)),
        "clauses[1][0] is -7: variable 7 is past the last variable, 5"
    );
    assert_eq!(
        err(&[&[1, 1 << 40]], None),
        "clauses[0][1] is 1099511627776: variables go up to 2147483647"
    );
    assert_eq!(
        err(&[&[1]], Some(-1)),
        "the variable count is -1: it must be 0 to 2147483647"
    );
    // A refused addition leaves the formula as it was.
    let mut f = formula(&given(&[&[1, 2]]), Some(2)).unwrap();
    let before = f.clone();
    assert!(add_clauses(&mut f, &given(&[&[1], &[3]]), "t").is_err());
    assert_eq!(f, before);
}

#[test]
fn constraint_literals_are_checked() {
    let mut f = Cnf::growing();
    assert_eq!(literals(&mut f, &[2, -5]).unwrap(), [2, -5]);
    assert_eq!((f.vars(), f.main_vars()), (5, 5));
    assert_eq!(
        literals(&mut f, &[1, 0]).unwrap_err().to_string(),
        "vars[1] is 0: a literal is a nonzero variable number (negative for not)"
    );
    assert_eq!(
        literals(&mut f, &[1, 2, 1]).unwrap_err().to_string(),
        "vars[2] is 1, as vars[0] is: list each literal once"
    );
    // A literal and its negation are two literals.
    assert_eq!(literals(&mut f, &[3, -3]).unwrap(), [3, -3]);
    // Once extras exist, the caller's variables are settled.
    let lits = literals(&mut f, &[1, 2, 3, 4, 5]).unwrap();
    at_most(&mut f, &lits, 2, Extras::Allowed, "t").unwrap();
    assert_eq!(f.main_vars(), 5);
    let top = f.vars() as i64;
    assert!(top > 5);
    assert_eq!(
        literals(&mut f, &[top + 1]).unwrap_err().to_string(),
        format!(
            "vars[0] is {}: variable {} is past the last variable, {top}",
            top + 1,
            top + 1
        )
    );
}

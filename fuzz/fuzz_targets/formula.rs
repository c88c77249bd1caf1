//! Formulas for any puzzle through a session: clause arrays built from the
//! bytes (small and huge literals, 0, non-integers, nested arrays),
//! `cnf_from` with and without a declared count, the cardinality
//! constraints in both forms, then `models` and `count_models` with a small
//! limit. Every call gives a value or an error naming the function; every
//! model listed satisfies the clauses as given; the count agrees with the
//! list.
#![no_main]

use std::cell::RefCell;
use std::rc::Rc;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use puzzlelab::script::session::Session;
use puzzlelab_fuzz::FuzzHost;
use rhai::{Array, Dynamic};

/// The most models listed: enough to see blocking work, never a long run.
const LIMIT: i64 = 8;

struct Formulas {
    session: Session,
    host: Rc<FuzzHost>,
}

thread_local! {
    static FORMULAS: RefCell<Option<Formulas>> = const { RefCell::new(None) };
}

/// A literal: mostly small variables, sometimes 0, huge or not a number.
fn literal(u: &mut Unstructured) -> Result<Dynamic> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Dynamic::from(u.arbitrary::<i64>()?),
        1 => Dynamic::from(0_i64),
        2 => Dynamic::from(u.arbitrary::<String>()?),
        3 => Dynamic::from(u.arbitrary::<f64>()?),
        _ => {
            let v = i64::from(u.int_in_range(1..=12u8)?);
            Dynamic::from(if u.arbitrary::<bool>()? { v } else { -v })
        }
    })
}

/// A clause: usually an array of literals, sometimes not an array.
fn clause(u: &mut Unstructured) -> Result<Dynamic> {
    if u.ratio(1, 16)? {
        return literal(u);
    }
    let mut c = Array::new();
    for _ in 0..u.int_in_range(0..=4)? {
        c.push(literal(u)?);
    }
    Ok(Dynamic::from(c))
}

fn literals(u: &mut Unstructured) -> Result<Array> {
    let mut vars = Array::new();
    for _ in 0..u.int_in_range(0..=8)? {
        vars.push(literal(u)?);
    }
    Ok(vars)
}

/// The literals of a model, as the session gave them.
fn model_of(value: &Dynamic) -> Vec<i64> {
    value
        .clone()
        .into_array()
        .expect("a model is an array")
        .into_iter()
        .map(|l| l.as_int().expect("a model's literal is an integer"))
        .collect()
}

fn run(f: &mut Formulas, data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let mut clauses = Array::new();
    for _ in 0..u.int_in_range(0..=10)? {
        clauses.push(clause(&mut u)?);
    }
    f.host.restart();
    f.session.set_var("clauses", clauses.clone());
    let made = if u.arbitrary::<bool>()? {
        f.session.set_var("n", i64::from(u.int_in_range(0..=14u8)?));
        f.session.eval("let f = cnf_from(clauses, n); f")
    } else {
        f.session.eval("let f = cnf_from(clauses); f")
    };
    if let Err(e) = made {
        assert!(e.message().contains("cnf_from"), "{}", e.message());
        return Ok(());
    }
    for _ in 0..u.int_in_range(0..=3)? {
        let (name, k) = match u.int_in_range(0..=2)? {
            0 => ("at_most", u.int_in_range(-1..=4)?),
            1 => ("at_least", u.int_in_range(-1..=4)?),
            _ => ("exactly_one", 0),
        };
        f.session.set_var("vars", literals(&mut u)?);
        f.session.set_var("k", i64::from(k));
        let code = match (name, u.int_in_range(0..=2)?) {
            ("exactly_one", 0) => "f.exactly_one(vars)".to_string(),
            ("exactly_one", _) => "f.add(exactly_one(vars))".to_string(),
            (_, 0) => format!("f.{name}(vars, k)"),
            (_, 1) => format!("f.add({name}(vars, k))"),
            _ => format!("f.add({name}(vars, k, #{{top: f.vars}}))"),
        };
        if let Err(e) = f.session.eval(&code) {
            let message = e.message();
            assert!(
                message.contains(name) || message.contains("add"),
                "{code}: {message}"
            );
        }
    }
    f.session.set_var("limit", LIMIT);
    let listed = match f.session.eval("models(f, limit)") {
        Ok(list) => list.into_array().expect("models gives an array"),
        Err(e) => {
            let message = e.message();
            assert!(message.contains("models"), "{message}");
            return Ok(());
        }
    };
    // Each model names every main variable once, and satisfies every
    // clause the caller gave (those that were all integers).
    for m in &listed {
        let m = model_of(m);
        for (i, &l) in m.iter().enumerate() {
            assert_eq!(l.unsigned_abs(), i as u64 + 1, "model {m:?}");
        }
        for c in clauses.iter().filter_map(|c| c.clone().into_array().ok()) {
            let lits: Option<Vec<i64>> = c.iter().map(|l| l.as_int().ok()).collect();
            if let Some(lits) = lits {
                assert!(
                    lits.iter().any(|l| m.contains(l)),
                    "model {m:?} breaks clause {lits:?}"
                );
            }
        }
    }
    if let Ok(count) = f.session.eval("count_models(f, limit)") {
        assert_eq!(count.as_int().expect("a count"), listed.len() as i64);
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    FORMULAS.with(|cell| {
        let mut cell = cell.borrow_mut();
        let f = cell.get_or_insert_with(|| {
            let (session, host) = puzzlelab_fuzz::session_and_host(Vec::new());
            Formulas { session, host }
        });
        let _ = run(f, data);
    });
});

//! Script functions for SAT on any puzzle: a formula from clause arrays,
//! cardinality constraints (free forms returning clauses, methods adding
//! them to a formula with extra variables), and counting and listing
//! models on the caller's variables. Registered with the rest of the sat
//! functions by `super::module`; the work is in `crate::sat::cardinality`
//! and `crate::sat::models`.

use rhai::Module;
use rhai::plugin::*;

/// The formula functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

#[export_module(manifest)]
pub mod api {
    use crate::sat::{self, Extras, cardinality};

    /// A formula in CNF.
    pub type Cnf = sat::Cnf;

    /// A formula from clauses, each an array of nonzero literals (DIMACS numbers, negative for not).
    ///
    /// The caller's variables are 1 to the largest variable named; the
    /// methods `f.add`, `f.exactly_one`, `f.at_most`, `f.at_least` add to
    /// it, and `count_models`, `models` and `sat_model` solve it. A 0 in a
    /// clause, or a value that is no integer, is an error naming where:
    /// `clauses[3][2]` (0-based). The empty clause `[]` is allowed (it makes
    /// the formula unsatisfiable).
    ///
    /// Example: `cnf_from([[1, 2], [-1, -2]])`
    #[rhai_fn(name = "cnf_from", return_raw)]
    pub fn cnf_from(clauses: rhai::Array) -> Result<Cnf, Box<EvalAltResult>> {
        let given = super::given(&clauses, "cnf_from", false)?;
        cardinality::formula(&given, None).map_err(|e| super::fail("cnf_from", e))
    }

    /// A formula from clauses, each an array of nonzero literals (DIMACS numbers, negative for not).
    ///
    /// This form: the caller's variables are 1..=`vars`, declared (a
    /// variable no clause names is still free, and counts in
    /// `count_models`); a literal past them is an error naming the clause
    /// and the literal.
    ///
    /// Example: `cnf_from([[1, 2]], 3)`
    #[rhai_fn(name = "cnf_from", return_raw)]
    pub fn cnf_from_vars(clauses: rhai::Array, vars: i64) -> Result<Cnf, Box<EvalAltResult>> {
        let given = super::given(&clauses, "cnf_from", false)?;
        cardinality::formula(&given, Some(vars)).map_err(|e| super::fail("cnf_from", e))
    }

    /// Add one clause (`[1, -2]`) or clauses (`[[1, -2], [3]]`) to a formula.
    ///
    /// A formula made without a variable count grows to the largest
    /// variable named, until extra variables are added (by `f.at_most` or
    /// `f.at_least`); after that, or when the count was declared, a literal
    /// past `f.vars` is an error naming where. `[]` adds nothing; the empty
    /// clause is `[[]]`. Nothing is added when any literal is refused.
    ///
    /// Example: `let f = cnf_from([[1, 2]]); f.add([-1, -2]); f`
    #[rhai_fn(name = "add", return_raw)]
    pub fn add(formula: &mut Cnf, clauses: rhai::Array) -> Result<(), Box<EvalAltResult>> {
        let given = super::given(&clauses, "add", true)?;
        cardinality::add_clauses(formula, &given, "add").map_err(|e| super::fail("add", e))
    }

    /// Exactly one of the literals true: the clauses, with no extra variables (pairwise).
    ///
    /// `vars` holds literals (negative for not), each once. n literals make
    /// 1 + n(n-1)/2 clauses; past 1,000,000 the call is refused. With
    /// `#{top: N}` extra variables may be numbered from N+1 (a sequential
    /// counter, where that is smaller), and every literal must be within
    /// 1..=N. On a formula, `f.exactly_one(vars)` numbers them for you.
    ///
    /// Example: `exactly_one([1, 2, 3])`
    #[rhai_fn(name = "exactly_one", return_raw)]
    pub fn exactly_one(vars: rhai::Array) -> Result<rhai::Array, Box<EvalAltResult>> {
        super::free("exactly_one", &vars, super::Bound::One, rhai::Map::new())
    }

    /// Exactly one of the literals true: the clauses, with no extra variables (pairwise).
    ///
    /// This form: `#{top: N}` numbers extra variables from N+1.
    ///
    /// Example: `exactly_one([1, 2, 3, 4, 5, 6, 7, 8], #{top: 8})`
    #[rhai_fn(name = "exactly_one", return_raw)]
    pub fn exactly_one_with(
        vars: rhai::Array,
        options: rhai::Map,
    ) -> Result<rhai::Array, Box<EvalAltResult>> {
        super::free("exactly_one", &vars, super::Bound::One, options)
    }

    /// Add to a formula: exactly one of the literals true.
    ///
    /// Extra variables, when they make fewer clauses (a sequential counter
    /// from 8 literals on), are numbered after `f.vars`; `count_models` and
    /// `models` ignore them.
    ///
    /// Example: `let f = cnf_from([], 3); f.exactly_one([1, 2, 3]); count_models(f, 10)`
    #[rhai_fn(name = "exactly_one", return_raw)]
    pub fn exactly_one_in(formula: &mut Cnf, vars: rhai::Array) -> Result<(), Box<EvalAltResult>> {
        super::constrain(
            "exactly_one",
            formula,
            &vars,
            super::Bound::One,
            Extras::Allowed,
        )
    }

    /// At most k of the literals true: the clauses, with no extra variables (binomial).
    ///
    /// One clause for every k+1 of the n literals: C(n, k+1) clauses, refused
    /// past 1,000,000. k >= n gives no clauses; k must be 0 or more. With
    /// `#{top: N}` extra variables may be numbered from N+1 (Sinz's
    /// sequential counter, about 2nk clauses). On a formula,
    /// `f.at_most(vars, k)` numbers them for you, and `count_models` leaves
    /// them out; `cnf_from` takes every variable its clauses name as the
    /// caller's, extra ones included, so their values would count.
    ///
    /// Example: `at_most([1, 2, 3, 4], 2)`
    #[rhai_fn(name = "at_most", return_raw)]
    pub fn at_most(vars: rhai::Array, k: i64) -> Result<rhai::Array, Box<EvalAltResult>> {
        super::free("at_most", &vars, super::Bound::Most(k), rhai::Map::new())
    }

    /// At most k of the literals true: the clauses, with no extra variables (binomial).
    ///
    /// This form: `#{top: N}` numbers extra variables from N+1.
    ///
    /// Example: `at_most([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 2, #{top: 10})`
    #[rhai_fn(name = "at_most", return_raw)]
    pub fn at_most_with(
        vars: rhai::Array,
        k: i64,
        options: rhai::Map,
    ) -> Result<rhai::Array, Box<EvalAltResult>> {
        super::free("at_most", &vars, super::Bound::Most(k), options)
    }

    /// Add to a formula: at most k of the literals true.
    ///
    /// Sinz's sequential counter, its extra variables numbered after
    /// `f.vars` (so two constraints never share them), or the binomial
    /// clauses where those are fewer. `count_models` and `models` ignore
    /// the extra variables.
    ///
    /// Example: `let f = cnf_from([], 5); f.at_most([1, 2, 3, 4, 5], 2); count_models(f, 100)`
    #[rhai_fn(name = "at_most", return_raw)]
    pub fn at_most_in(
        formula: &mut Cnf,
        vars: rhai::Array,
        k: i64,
    ) -> Result<(), Box<EvalAltResult>> {
        super::constrain(
            "at_most",
            formula,
            &vars,
            super::Bound::Most(k),
            Extras::Allowed,
        )
    }

    /// At least k of the literals true: the clauses, with no extra variables (binomial).
    ///
    /// At most n-k of their negations: C(n, n-k+1) clauses, refused past
    /// 1,000,000; k = 0 gives none, k > n the empty clause. With `#{top: N}`
    /// extra variables may be numbered from N+1. On a formula,
    /// `f.at_least(vars, k)` numbers them for you.
    ///
    /// Example: `at_least([1, 2, 3], 2)`
    #[rhai_fn(name = "at_least", return_raw)]
    pub fn at_least(vars: rhai::Array, k: i64) -> Result<rhai::Array, Box<EvalAltResult>> {
        super::free("at_least", &vars, super::Bound::Least(k), rhai::Map::new())
    }

    /// At least k of the literals true: the clauses, with no extra variables (binomial).
    ///
    /// This form: `#{top: N}` numbers extra variables from N+1.
    ///
    /// Example: `at_least([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 8, #{top: 10})`
    #[rhai_fn(name = "at_least", return_raw)]
    pub fn at_least_with(
        vars: rhai::Array,
        k: i64,
        options: rhai::Map,
    ) -> Result<rhai::Array, Box<EvalAltResult>> {
        super::free("at_least", &vars, super::Bound::Least(k), options)
    }

    /// Add to a formula: at least k of the literals true.
    ///
    /// At most n-k of their negations, encoded as `f.at_most` does.
    ///
    /// Example: `let f = cnf_from([], 4); f.at_least([1, 2, 3, 4], 3); count_models(f, 100)`
    #[rhai_fn(name = "at_least", return_raw)]
    pub fn at_least_in(
        formula: &mut Cnf,
        vars: rhai::Array,
        k: i64,
    ) -> Result<(), Box<EvalAltResult>> {
        super::constrain(
            "at_least",
            formula,
            &vars,
            super::Bound::Least(k),
            Extras::Allowed,
        )
    }

    /// The caller's variables, 1 to this; those above (to `vars`) are extra.
    #[rhai_fn(get = "main_vars", pure)]
    pub fn main_vars(formula: &mut Cnf) -> i64 {
        formula.main_vars() as i64
    }

    /// How many models a formula has on the caller's variables, counting up to `limit`.
    ///
    /// Solve, forbid that model on the caller's variables, solve again, on
    /// one solver: extra variables never multiply the count. A count equal
    /// to `limit` means at least that many. Ctrl+C stops it with an error
    /// saying the count is partial.
    ///
    /// Example: `count_models(cnf_from([[1, 2]]), 10)`
    #[rhai_fn(return_raw, pure)]
    pub fn count_models(
        ctx: NativeCallContext,
        formula: &mut Cnf,
        limit: i64,
    ) -> Result<i64, Box<EvalAltResult>> {
        let limit = super::limit("count_models", limit)?;
        let monitor = crate::script::host::monitor(&ctx);
        let r = sat::models::count_models(formula, limit, &*monitor);
        drop(monitor);
        let end = super::ended(&ctx, "count_models", r, "count")?;
        Ok(end.found as i64)
    }

    /// Up to `limit` models of a formula, each an array of literals on the caller's variables.
    ///
    /// Each model lists every caller's variable once, in order, true ones
    /// positive (as `sat_model` gives them); no two are the same on those
    /// variables. Ctrl+C stops it with an error saying the list is partial.
    ///
    /// Example: `models(cnf_from([[1, 2]]), 10)`
    #[rhai_fn(return_raw, pure)]
    pub fn models(
        ctx: NativeCallContext,
        formula: &mut Cnf,
        limit: i64,
    ) -> Result<rhai::Array, Box<EvalAltResult>> {
        let limit = super::limit("models", limit)?;
        within_array_limit(
            &ctx,
            "models",
            formula.main_vars() as u64,
            "a model's variables",
        )?;
        let monitor = crate::script::host::monitor(&ctx);
        let r = sat::models::models(formula, limit, &*monitor);
        drop(monitor);
        let (list, end) = match r {
            Ok((list, end)) => (list, Ok(end)),
            Err(e) => (Vec::new(), Err(e)),
        };
        super::ended(&ctx, "models", end, "list")?;
        // The engine counts a nested array's values with its own.
        let values = list.iter().map(|m| m.len() as u64 + 1).sum();
        within_array_limit(&ctx, "models", values, "the models' values")?;
        // The script's array holds a slot per literal, made here at once.
        let slots: u64 = list.iter().map(|m| m.len() as u64 + 2).sum();
        super::reserve("models", slots, std::mem::size_of::<Dynamic>() as u64)?;
        Ok(list.iter().map(|m| Dynamic::from(super::ints(m))).collect())
    }
}

use crate::sat::{self, Cnf, Extras, FormulaError, GivenClauses, Place, cardinality};
use crate::script::error;

/// Refuses, naming `name`, an array of `len` values (`what`) that the
/// engine's array size limit would refuse with no name of its own.
pub(super) fn within_array_limit(
    ctx: &NativeCallContext,
    name: &str,
    len: u64,
    what: &str,
) -> Result<(), Box<EvalAltResult>> {
    let limit = ctx.engine().max_array_size() as u64;
    if limit > 0 && len > limit {
        return Err(error(format!(
            "{name}: {what} ({len}) pass the array size limit ({limit})"
        )));
    }
    Ok(())
}

/// A formula error as a script error: `name: what`, or the memory
/// budget's own words (which name the operation).
fn fail(name: &str, e: FormulaError) -> Box<EvalAltResult> {
    match e {
        FormulaError::Memory(text) => error(text),
        e => error(format!("{name}: {e}")),
    }
}

/// An integer at `place`, or an error naming it.
fn int_at(name: &str, place: Place, v: &Dynamic) -> Result<i64, Box<EvalAltResult>> {
    v.as_int().map_err(|_| {
        error(format!(
            "{name}: {place} is {}, not an integer literal",
            crate::script::kind_of(v)
        ))
    })
}

/// Clauses as given to `name`: an array of clauses, or (when `one_allowed`
/// and its first item is an integer) one clause. Nothing is checked but
/// the kinds of values; the domain checks the numbers.
fn given(
    clauses: &rhai::Array,
    name: &str,
    one_allowed: bool,
) -> Result<GivenClauses, Box<EvalAltResult>> {
    if one_allowed && clauses.first().is_some_and(|v| !v.is_array()) {
        let mut lits = Vec::new();
        reserve(name, clauses.len() as u64, 8)?;
        lits.reserve(clauses.len());
        for (item, v) in clauses.iter().enumerate() {
            let place = Place {
                list: "clause",
                clause: None,
                item,
            };
            if v.is_array() {
                return Err(error(format!(
                    "{name}: {place} is an array, not an integer literal: give one clause \
                     ([1, -2]) or an array of clauses ([[1, -2], [3]])"
                )));
            }
            lits.push(int_at(name, place, v)?);
        }
        return Ok(GivenClauses {
            ends: vec![lits.len()],
            lits,
            single: true,
        });
    }
    // Sizes first, so the copy is refused before it is made.
    let mut total = 0u64;
    for (c, v) in clauses.iter().enumerate() {
        match v.read_lock::<rhai::Array>() {
            Some(clause) => total += clause.len() as u64,
            None => {
                return Err(error(format!(
                    "{name}: clauses[{c}] is {}, not a clause (an array of literals)",
                    crate::script::kind_of(v)
                )));
            }
        }
    }
    reserve(name, total + clauses.len() as u64, 8)?;
    let mut out = GivenClauses {
        lits: Vec::with_capacity(total as usize),
        ends: Vec::with_capacity(clauses.len()),
        single: false,
    };
    for (c, v) in clauses.iter().enumerate() {
        if let Some(clause) = v.read_lock::<rhai::Array>() {
            for (item, l) in clause.iter().enumerate() {
                let place = Place {
                    list: "clauses",
                    clause: Some(c),
                    item,
                };
                out.lits.push(int_at(name, place, l)?);
            }
        }
        out.ends.push(out.lits.len());
    }
    Ok(out)
}

/// Room in the memory budget for `count` items of `size` bytes.
fn reserve(name: &str, count: u64, size: u64) -> Result<(), Box<EvalAltResult>> {
    crate::memory::reserve(name, count.saturating_mul(size)).map_err(error)
}

/// A constraint's literals as given (`vars[i]` named in errors).
fn ints_of(name: &str, vars: &rhai::Array) -> Result<Vec<i64>, Box<EvalAltResult>> {
    reserve(name, vars.len() as u64, 8)?;
    vars.iter()
        .enumerate()
        .map(|(item, v)| {
            let place = Place {
                list: "vars",
                clause: None,
                item,
            };
            int_at(name, place, v)
        })
        .collect()
}

/// Which constraint: exactly one, at most k, at least k.
#[derive(Clone, Copy)]
enum Bound {
    One,
    Most(i64),
    Least(i64),
}

/// Add constraint `bound` (function `name`) on `vars` to `cnf`; on an
/// error `cnf` is as it was.
fn constrain(
    name: &str,
    cnf: &mut Cnf,
    vars: &rhai::Array,
    bound: Bound,
    extras: Extras,
) -> Result<(), Box<EvalAltResult>> {
    let fail = |e| fail(name, e);
    // A wrong k is named before the literals are read.
    if let Bound::Most(k) | Bound::Least(k) = bound
        && k < 0
    {
        return Err(fail(FormulaError::NegativeBound { k }));
    }
    let given = ints_of(name, vars)?;
    let before = cnf.same_vars();
    let added = cardinality::literals(cnf, &given).and_then(|lits| match bound {
        Bound::One => cardinality::exactly_one(cnf, &lits, extras, name),
        Bound::Most(k) => cardinality::at_most(cnf, &lits, k, extras, name),
        Bound::Least(k) => cardinality::at_least(cnf, &lits, k, extras, name),
    });
    if added.is_err() {
        // The encodings refuse before they add a clause; only the
        // variables a literal named may have grown.
        cnf.take_vars_of(&before);
    }
    added.map_err(fail)
}

/// A free form: the clauses of constraint `name`, extra variables only
/// with `#{top: N}` (numbered from N+1).
fn free(
    name: &'static str,
    vars: &rhai::Array,
    bound: Bound,
    options: rhai::Map,
) -> Result<rhai::Array, Box<EvalAltResult>> {
    let mut options = crate::script::options::Options::new(name, options, &["top"])?;
    let top = options.int("top", 0..=i32::MAX as i64)?;
    let (mut cnf, extras) = match top {
        Some(top) => (Cnf::new(top as u32), Extras::Allowed),
        None => (Cnf::growing(), Extras::Never),
    };
    constrain(name, &mut cnf, vars, bound, extras)?;
    let lits: u64 = cnf.clauses().map(|c| c.len() as u64 + 2).sum();
    reserve(name, lits, std::mem::size_of::<Dynamic>() as u64)?;
    Ok(cnf
        .clauses()
        .map(|c| {
            Dynamic::from(
                c.iter()
                    .map(|&l| Dynamic::from(l as i64))
                    .collect::<rhai::Array>(),
            )
        })
        .collect())
}

/// The `limit` of a count or list: 1 or more.
fn limit(name: &str, limit: i64) -> Result<usize, Box<EvalAltResult>> {
    match usize::try_from(limit) {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(error(format!(
            "{name}: limit is {limit}: it must be 1 or more (the most models to find)"
        ))),
    }
}

/// How an enumeration ended, as a script sees it: a stop follows the
/// interruption rule (the `what` found so far is partial).
fn ended(
    ctx: &NativeCallContext,
    name: &str,
    r: Result<sat::Enumerated, sat::SatError>,
    what: &str,
) -> Result<sat::Enumerated, Box<EvalAltResult>> {
    match r {
        Ok(end) if end.stopped => Err(crate::script::host::stopped(
            ctx,
            format!(
                "in {name} after {} models: the {what} is partial",
                end.found
            ),
        )),
        Ok(end) => Ok(end),
        Err(e) => Err(super::sat_error(ctx, name, e)),
    }
}

fn ints(v: &[i32]) -> rhai::Array {
    v.iter().map(|&x| Dynamic::from(x as i64)).collect()
}

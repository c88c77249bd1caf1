//! Formulas for any puzzle: clauses checked as a caller gives them, and
//! cardinality constraints over literals (at most k, at least k, exactly
//! one), as PySAT's `pysat.card` offers them.
//!
//! Two forms of each constraint:
//! - **without extra variables** (the free script forms): the binomial
//!   encoding, one clause per k+1 literals that may not all be true
//!   (pairwise for k = 1); C(n, k+1) clauses, so it is refused past
//!   [`MAX_PLAIN_CLAUSES`];
//! - **with extra variables** (the methods on a formula): the sequential
//!   counter of Sinz (2005), "Towards an optimal CNF encoding of Boolean
//!   cardinality constraints" (PySAT's `seqcounter`), n·k fresh variables
//!   s(i, j) meaning "at least j of the first i literals are true",
//!   2nk + n − 3k − 1 clauses; the binomial form is used instead when it
//!   has no more clauses (small n or k).
//!
//! At least k of n literals is at most n − k of their negations, so each
//! encoding serves both, on the smaller of k and n − k. The extra variables
//! are numbered after the formula's last variable, so two constraints never
//! share them; models are counted on the caller's variables only
//! (`super::models`), where the sequential counter's extra variables, which
//! it does not fix, cannot multiply the count.

use std::fmt;

use super::encode::Cnf;

/// The most clauses a constraint without extra variables may have.
pub const MAX_PLAIN_CLAUSES: u64 = 1_000_000;

/// Where a value stands in what the caller gave: `clauses[3][2]` (a clause
/// array), `clause[2]` (one clause), `vars[1]` (a constraint's literals).
/// Indices are 0-based, as a script indexes its arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The name of the list: `clauses`, `clause`, `vars`.
    pub list: &'static str,
    /// The clause, in a clause array.
    pub clause: Option<usize>,
    /// The item, in its clause or list.
    pub item: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.list)?;
        if let Some(c) = self.clause {
            write!(f, "[{c}]")?;
        }
        write!(f, "[{}]", self.item)
    }
}

/// What is wrong with a formula's clauses or a constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormulaError {
    /// A literal 0.
    Zero(Place),
    /// A literal past what DIMACS numbers (i32).
    TooLarge { place: Place, literal: i64 },
    /// A variable past a settled formula's last variable.
    PastVars {
        place: Place,
        literal: i64,
        vars: u32,
    },
    /// A literal listed twice in a constraint.
    Repeated {
        place: Place,
        first: usize,
        literal: i32,
    },
    /// A negative bound k.
    NegativeBound { k: i64 },
    /// A declared variable count out of range.
    BadVarCount { vars: i64 },
    /// A constraint without extra variables that needs too many clauses.
    TooManyClauses {
        n: usize,
        k: usize,
        clauses: Option<u64>,
    },
    /// Extra variables whose numbers would pass `i32::MAX`.
    TooManyVars { needed: u64, after: u32 },
    /// Refused by the memory budget before anything was made.
    Memory(String),
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormulaError::Zero(place) if place.list == "vars" => write!(
                f,
                "{place} is 0: a literal is a nonzero variable number (negative for not)"
            ),
            FormulaError::Zero(place) => write!(
                f,
                "{place} is 0: 0 ends a clause in DIMACS, not in a clause array"
            ),
            FormulaError::TooLarge { place, literal } => {
                write!(f, "{place} is {literal}: variables go up to {}", i32::MAX)
            }
            FormulaError::PastVars {
                place,
                literal,
                vars,
            } => write!(
                f,
                "{place} is {literal}: variable {} is past the last variable, {vars}",
                literal.unsigned_abs()
            ),
            FormulaError::Repeated {
                place,
                first,
                literal,
            } => write!(
                f,
                "{place} is {literal}, as vars[{first}] is: list each literal once"
            ),
            FormulaError::NegativeBound { k } => {
                write!(f, "k is {k}: it must be 0 or more")
            }
            FormulaError::BadVarCount { vars } => write!(
                f,
                "the variable count is {vars}: it must be 0 to {}",
                i32::MAX
            ),
            FormulaError::TooManyClauses { n, k, clauses } => {
                let how_many = match clauses {
                    Some(c) => format!("{c} clauses"),
                    None => "more clauses than can be counted".to_string(),
                };
                write!(
                    f,
                    "at most {k} of {n} literals without extra variables takes {how_many} \
                     (the limit is {MAX_PLAIN_CLAUSES}): give #{{top: N}} to number extra \
                     variables from N+1, or use the method on a formula (f.at_most(vars, k))"
                )
            }
            FormulaError::TooManyVars { needed, after } => write!(
                f,
                "the encoding needs {needed} extra variables after variable {after}: \
                 variables go up to {}",
                i32::MAX
            ),
            FormulaError::Memory(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FormulaError {}

/// Clauses as a caller gave them, not yet checked: the literals of all
/// clauses one after another, and where each clause ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GivenClauses {
    /// Every literal, clause after clause.
    pub lits: Vec<i64>,
    /// The end of each clause in `lits` (exclusive).
    pub ends: Vec<usize>,
    /// Named `clause[i]` (one clause given alone) rather than
    /// `clauses[c][i]`.
    pub single: bool,
}

impl GivenClauses {
    fn place(&self, clause: usize, item: usize) -> Place {
        if self.single {
            Place {
                list: "clause",
                clause: None,
                item,
            }
        } else {
            Place {
                list: "clauses",
                clause: Some(clause),
                item,
            }
        }
    }

    /// Each clause with its index.
    fn each(&self) -> impl Iterator<Item = (usize, &[i64])> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(a, b)| &self.lits[a..b])
            .enumerate()
    }
}

/// Bytes a formula takes for `lits` literals in `clauses` clauses.
fn formula_bytes(lits: u64, clauses: u64) -> u64 {
    lits.saturating_add(clauses).saturating_mul(4)
}

/// Check room in the memory budget for `bytes` more, for operation `what`.
fn room(what: &str, bytes: u64) -> Result<(), FormulaError> {
    crate::memory::reserve(what, bytes).map_err(FormulaError::Memory)
}

/// A literal of `cnf` as given at `place`: nonzero, an i32, and within
/// its variables (or growing them, while they are not settled).
fn literal(cnf: &mut Cnf, place: Place, n: i64) -> Result<i32, FormulaError> {
    if n == 0 {
        return Err(FormulaError::Zero(place));
    }
    let Ok(lit) = i32::try_from(n) else {
        return Err(FormulaError::TooLarge { place, literal: n });
    };
    if lit == i32::MIN {
        return Err(FormulaError::TooLarge { place, literal: n });
    }
    if !cnf.admit(lit.unsigned_abs()) {
        return Err(FormulaError::PastVars {
            place,
            literal: n,
            vars: cnf.vars(),
        });
    }
    Ok(lit)
}

/// Add the clauses `given` to `cnf`, operation `what` (for the memory
/// budget's message). Every literal is checked before any clause is
/// added, so a refused call leaves `cnf` as it was.
pub fn add_clauses(cnf: &mut Cnf, given: &GivenClauses, what: &str) -> Result<(), FormulaError> {
    room(
        what,
        formula_bytes(given.lits.len() as u64, given.ends.len() as u64),
    )?;
    if !cnf.try_reserve(given.lits.len(), given.ends.len()) {
        return Err(FormulaError::Memory(format!(
            "{what}: no memory for {} literals",
            given.lits.len()
        )));
    }
    let mut trial = cnf.same_vars();
    for (c, clause) in given.each() {
        for (i, &n) in clause.iter().enumerate() {
            literal(&mut trial, given.place(c, i), n)?;
        }
    }
    for (c, clause) in given.each() {
        let mut lits = Vec::with_capacity(clause.len());
        for (i, &n) in clause.iter().enumerate() {
            lits.push(literal(cnf, given.place(c, i), n)?);
        }
        cnf.push_clause(&lits);
    }
    Ok(())
}

/// A formula made from `given`: its variables declared (`vars`), or the
/// largest the clauses name.
pub fn formula(given: &GivenClauses, vars: Option<i64>) -> Result<Cnf, FormulaError> {
    let mut cnf = match vars {
        None => Cnf::growing(),
        Some(v) => match u32::try_from(v) {
            Ok(v) if v <= i32::MAX as u32 => Cnf::new(v),
            _ => return Err(FormulaError::BadVarCount { vars: v }),
        },
    };
    add_clauses(&mut cnf, given, "cnf_from")?;
    Ok(cnf)
}

/// The literals of a constraint on `cnf`, as given: each nonzero, within
/// the formula's variables (growing them while not settled), listed once.
pub fn literals(cnf: &mut Cnf, given: &[i64]) -> Result<Vec<i32>, FormulaError> {
    let place = |item| Place {
        list: "vars",
        clause: None,
        item,
    };
    let mut trial = cnf.same_vars();
    let mut out = Vec::with_capacity(given.len());
    for (i, &n) in given.iter().enumerate() {
        out.push(literal(&mut trial, place(i), n)?);
    }
    let mut seen: std::collections::HashMap<i32, usize> =
        std::collections::HashMap::with_capacity(out.len());
    for (i, &l) in out.iter().enumerate() {
        if let Some(&first) = seen.get(&l) {
            return Err(FormulaError::Repeated {
                place: place(i),
                first,
                literal: l,
            });
        }
        seen.insert(l, i);
    }
    for &l in &out {
        cnf.admit(l.unsigned_abs());
    }
    Ok(out)
}

/// C(n, m), or `None` past `cap`.
fn binomial(n: u64, m: u64, cap: u64) -> Option<u64> {
    if m > n {
        return Some(0);
    }
    let m = m.min(n - m);
    let mut c: u128 = 1;
    for i in 0..m {
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(cap) {
            return None;
        }
    }
    Some(c as u64)
}

/// Clauses of the sequential counter for at most k of n (1 <= k < n).
fn counter_clauses(n: u64, k: u64) -> u64 {
    (2 * n * k + n).saturating_sub(3 * k + 1)
}

/// How a constraint may be encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extras {
    /// No extra variables: the binomial encoding, refused past
    /// [`MAX_PLAIN_CLAUSES`].
    Never,
    /// Extra variables after the formula's last one, where that takes
    /// fewer clauses.
    Allowed,
}

/// At most `k` of `lits` true, added to `cnf` (operation `what`).
pub fn at_most(
    cnf: &mut Cnf,
    lits: &[i32],
    k: i64,
    extras: Extras,
    what: &str,
) -> Result<(), FormulaError> {
    let k = usize::try_from(k).map_err(|_| FormulaError::NegativeBound { k })?;
    at_most_k(cnf, lits, k, extras, what)
}

/// At least `k` of `lits` true, added to `cnf` (operation `what`): at most
/// n − k of their negations.
pub fn at_least(
    cnf: &mut Cnf,
    lits: &[i32],
    k: i64,
    extras: Extras,
    what: &str,
) -> Result<(), FormulaError> {
    let k = usize::try_from(k).map_err(|_| FormulaError::NegativeBound { k })?;
    if k > lits.len() {
        // More than there are: no assignment does it.
        cnf.push_clause(&[]);
        return Ok(());
    }
    let negated: Vec<i32> = lits.iter().map(|&l| -l).collect();
    at_most_k(cnf, &negated, lits.len() - k, extras, what)
}

/// Exactly one of `lits` true, added to `cnf` (operation `what`): their
/// clause, and at most one.
pub fn exactly_one(
    cnf: &mut Cnf,
    lits: &[i32],
    extras: Extras,
    what: &str,
) -> Result<(), FormulaError> {
    // At most one first: a refusal comes before anything is added.
    at_most_k(cnf, lits, 1, extras, what)?;
    cnf.push_clause(lits);
    Ok(())
}

/// How at most k of n literals is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// Nothing to say (k >= n).
    Nothing,
    /// C(n, k+1) clauses of k+1 negated literals.
    Binomial { clauses: u64 },
    /// The sequential counter.
    Counter { clauses: u64 },
}

fn plan(n: usize, k: usize, extras: Extras) -> Result<Plan, FormulaError> {
    if k >= n {
        return Ok(Plan::Nothing);
    }
    let (n64, k64) = (n as u64, k as u64);
    let binomial = binomial(n64, k64 + 1, MAX_PLAIN_CLAUSES.max(u64::MAX / 4));
    match extras {
        Extras::Never => match binomial {
            Some(c) if c <= MAX_PLAIN_CLAUSES => Ok(Plan::Binomial { clauses: c }),
            clauses => Err(FormulaError::TooManyClauses { n, k, clauses }),
        },
        Extras::Allowed => {
            let counter = if k == 0 {
                u64::MAX
            } else {
                counter_clauses(n64, k64)
            };
            match binomial {
                Some(c) if c <= counter => Ok(Plan::Binomial { clauses: c }),
                _ => Ok(Plan::Counter { clauses: counter }),
            }
        }
    }
}

fn at_most_k(
    cnf: &mut Cnf,
    lits: &[i32],
    k: usize,
    extras: Extras,
    what: &str,
) -> Result<(), FormulaError> {
    let plan = plan(lits.len(), k, extras)?;
    encode(cnf, lits, k, plan, what)
}

fn encode(
    cnf: &mut Cnf,
    lits: &[i32],
    k: usize,
    plan: Plan,
    what: &str,
) -> Result<(), FormulaError> {
    match plan {
        Plan::Nothing => Ok(()),
        Plan::Binomial { clauses } => {
            let width = k as u64 + 1;
            let lits_needed = clauses.saturating_mul(width);
            reserve(cnf, what, lits_needed, clauses)?;
            binomial_clauses(cnf, lits, k + 1);
            Ok(())
        }
        Plan::Counter { clauses } => {
            let (n, kk) = (lits.len() as u64, k as u64);
            let needed = (n - 1) * kk;
            reserve(cnf, what, clauses.saturating_mul(3), clauses)?;
            let first = u32::try_from(needed)
                .ok()
                .and_then(|count| cnf.add_extra_vars(count))
                .ok_or(FormulaError::TooManyVars {
                    needed,
                    after: cnf.vars(),
                })?;
            sequential_counter(cnf, lits, k, first as i32);
            Ok(())
        }
    }
}

/// Room in `cnf` for `lits` literals in `clauses` clauses: within the
/// memory budget, and given by the allocator.
fn reserve(cnf: &mut Cnf, what: &str, lits: u64, clauses: u64) -> Result<(), FormulaError> {
    room(what, formula_bytes(lits, clauses))?;
    let fits = usize::try_from(lits)
        .ok()
        .zip(usize::try_from(clauses).ok());
    match fits {
        Some((l, c)) if cnf.try_reserve(l, c) => Ok(()),
        _ => Err(FormulaError::Memory(format!(
            "{what}: no memory for {clauses} clauses"
        ))),
    }
}

/// Every `m` of `lits` negated, as one clause each: they may not all be
/// true. Combinations in lexicographic order of positions.
fn binomial_clauses(cnf: &mut Cnf, lits: &[i32], m: usize) {
    let n = lits.len();
    let mut pick: Vec<usize> = (0..m).collect();
    let mut clause = Vec::with_capacity(m);
    loop {
        clause.clear();
        clause.extend(pick.iter().map(|&i| -lits[i]));
        cnf.push_clause(&clause);
        // The next combination: the last position that can move, moved,
        // and those after it packed behind it.
        let Some(i) = (0..m).rev().find(|&i| pick[i] < n - m + i) else {
            return;
        };
        pick[i] += 1;
        for j in i + 1..m {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// Sinz's sequential counter for at most `k` of `lits` (1 <= k < n), its
/// variables s(i, j) (i in 1..n, j in 1..=k) numbered from `first`,
/// s(i, j) = first + (i−1)k + (j−1).
fn sequential_counter(cnf: &mut Cnf, x: &[i32], k: usize, first: i32) {
    let n = x.len();
    let s = |i: usize, j: usize| first + ((i - 1) * k + (j - 1)) as i32;
    // x1 -> s(1,1); s(1,j) false for j > 1.
    cnf.push_clause(&[-x[0], s(1, 1)]);
    for j in 2..=k {
        cnf.push_clause(&[-s(1, j)]);
    }
    for i in 2..n {
        let xi = x[i - 1];
        cnf.push_clause(&[-xi, s(i, 1)]);
        cnf.push_clause(&[-s(i - 1, 1), s(i, 1)]);
        for j in 2..=k {
            cnf.push_clause(&[-xi, -s(i - 1, j - 1), s(i, j)]);
            cnf.push_clause(&[-s(i - 1, j), s(i, j)]);
        }
        cnf.push_clause(&[-xi, -s(i - 1, k)]);
    }
    cnf.push_clause(&[-x[n - 1], -s(n - 1, k)]);
}

#[cfg(test)]
mod tests;

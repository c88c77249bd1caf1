//! Counting and listing the models of any formula with the embedded solver:
//! solve, forbid that model on the caller's variables, solve again, on one
//! solver that keeps what it learnt. Extra variables (a cardinality
//! encoding's counters) are left out of each model and of the clause that
//! forbids it, so they never multiply the count.

use super::SatError;
use super::encode::Cnf;
use super::solve::Embedded;
use crate::monitor::Monitor;

/// How an enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enumerated {
    /// Models found (and handed to the visitor).
    pub found: usize,
    /// True when the monitor stopped it: `found` is then a lower bound.
    pub stopped: bool,
}

/// Hand each model of `cnf` on its caller's variables (1..=main, as signed
/// literals) to `visit`, up to `limit` models; stops when the monitor says
/// so, with what was found so far.
pub fn each_model(
    cnf: &Cnf,
    limit: usize,
    monitor: &dyn Monitor,
    mut visit: impl FnMut(&[i32]),
) -> Result<Enumerated, SatError> {
    let main = cnf.main_vars() as usize;
    let mut solver = Embedded::new(cnf, monitor)?;
    let mut found = 0;
    let mut blocking = Vec::with_capacity(main);
    while found < limit {
        if monitor.cancelled() {
            return Ok(Enumerated {
                found,
                stopped: true,
            });
        }
        let model = match solver.solve() {
            Ok(Some(model)) => model,
            Ok(None) => break,
            Err(SatError::Cancelled) => {
                return Ok(Enumerated {
                    found,
                    stopped: true,
                });
            }
            Err(e) => return Err(e),
        };
        let shown = &model[..main];
        visit(shown);
        found += 1;
        // Some main variable must differ from this model (none: a formula
        // without main variables has one model, the empty one).
        blocking.clear();
        blocking.extend(shown.iter().map(|&l| -l));
        solver.add_clause(&blocking);
    }
    Ok(Enumerated {
        found,
        stopped: false,
    })
}

/// The number of models of `cnf` on its caller's variables, up to `limit`.
pub fn count_models(
    cnf: &Cnf,
    limit: usize,
    monitor: &dyn Monitor,
) -> Result<Enumerated, SatError> {
    each_model(cnf, limit, monitor, |_| {})
}

/// Up to `limit` models of `cnf` on its caller's variables, and how the
/// listing ended.
pub fn models(
    cnf: &Cnf,
    limit: usize,
    monitor: &dyn Monitor,
) -> Result<(Vec<Vec<i32>>, Enumerated), SatError> {
    let mut out = Vec::new();
    let end = each_model(cnf, limit, monitor, |m| out.push(m.to_vec()))?;
    Ok((out, end))
}

/// The model the solver finds on the caller's variables, or `None` when
/// the formula is unsatisfiable.
pub fn model(cnf: &Cnf, monitor: &dyn Monitor) -> Result<Option<Vec<i32>>, SatError> {
    let main = cnf.main_vars() as usize;
    Ok(super::solve::solve_cnf(cnf, monitor)?.map(|mut m| {
        m.truncate(main);
        m
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;
    use crate::sat::cardinality::{self, Extras};

    fn count(cnf: &Cnf) -> usize {
        count_models(cnf, usize::MAX, &Silent).unwrap().found
    }

    #[test]
    fn free_variables_double_the_count_and_extras_do_not() {
        let mut f = Cnf::new(3);
        f.push_clause(&[1, 2]);
        // x1 ∨ x2 over 3 variables: 3 of 4 on (x1, x2), times 2 for x3.
        assert_eq!(count(&f), 6);
        let lits: Vec<i32> = (1..=3).collect();
        let mut g = Cnf::new(3);
        cardinality::at_most(&mut g, &lits, 1, Extras::Allowed, "t").unwrap();
        assert_eq!(g.main_vars(), 3);
        // 1 + 3 assignments, whatever the extras (none here: 3 pairs are
        // fewer clauses than a counter).
        assert_eq!(count(&g), 4);
    }

    #[test]
    fn the_limit_stops_and_models_are_distinct() {
        let f = Cnf::new(4);
        let (ms, end) = models(&f, 5, &Silent).unwrap();
        assert_eq!(
            end,
            Enumerated {
                found: 5,
                stopped: false
            }
        );
        let mut seen = ms.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 5);
        assert!(ms.iter().all(|m| m.len() == 4));
        assert_eq!(count(&f), 16);
        // No variables: one (empty) model; the empty clause: none.
        assert_eq!(count(&Cnf::new(0)), 1);
        let mut none = Cnf::new(2);
        none.push_clause(&[]);
        assert_eq!(count(&none), 0);
    }

    #[test]
    fn a_stop_says_the_count_is_partial() {
        use std::sync::atomic::AtomicBool;
        let stop = AtomicBool::new(true);
        let r = count_models(&Cnf::new(3), 100, &crate::monitor::Flag(&stop)).unwrap();
        assert_eq!(
            r,
            Enumerated {
                found: 0,
                stopped: true
            }
        );
    }
}

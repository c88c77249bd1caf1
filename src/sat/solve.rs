//! The embedded SAT solver: batsat (a pure-Rust MiniSat descendant), fed the
//! source's encoding. Solving takes a [`Monitor`]; batsat asks it whether to
//! stop at every restart and propagation round, so Ctrl+C ends a long search.

use super::SatError;
use super::board::SudokuBoard;
use super::dimacs::decode;
use batsat::{Callbacks, Lit, SolverInterface, Var, lbool};
use std::sync::OnceLock;

use super::encode::{Cnf, clue_vars, encode};
use crate::monitor::Monitor;

/// batsat callbacks that ask a monitor whether to stop.
struct Stop<'a>(&'a dyn Monitor);

impl Callbacks for Stop<'_> {
    fn stop(&self) -> bool {
        self.0.cancelled()
    }
}

/// A loaded formula in the embedded solver; more clauses may be added
/// between solves (incremental solving, as `sat_unique` does).
pub struct Embedded<'a> {
    solver: batsat::Solver<Stop<'a>>,
    vars: Vec<Var>,
}

/// The most variables the embedded solver takes: a header may promise
/// billions, and each variable costs memory before any clause is read.
pub const MAX_VARS: u32 = 10_000_000;

impl<'a> Embedded<'a> {
    /// Load `cnf` (its literals are within its variable count by construction).
    pub fn new(cnf: &Cnf, monitor: &'a dyn Monitor) -> Result<Embedded<'a>, SatError> {
        if cnf.vars() > MAX_VARS {
            return Err(SatError::TooLarge { vars: cnf.vars() });
        }
        let mut solver = batsat::Solver::new(Default::default(), Stop(monitor));
        let vars: Vec<Var> = (0..cnf.vars()).map(|i| solver.var_of_int(i)).collect();
        let mut e = Embedded { solver, vars };
        let mut buf = Vec::with_capacity(32);
        for clause in cnf.clauses() {
            e.add_into(clause, &mut buf);
        }
        Ok(e)
    }

    fn lit(&self, l: i32) -> Option<Lit> {
        let v = *self.vars.get((l.unsigned_abs() as usize).checked_sub(1)?)?;
        Some(Lit::new(v, l > 0))
    }

    fn add_into(&mut self, clause: &[i32], buf: &mut Vec<Lit>) {
        buf.clear();
        buf.extend(clause.iter().filter_map(|&l| self.lit(l)));
        // false means the formula is already unsatisfiable; solve() says so.
        let _ = self.solver.add_clause_reuse(buf);
    }

    /// Add a clause (literals outside the variable range are dropped).
    pub fn add_clause(&mut self, clause: &[i32]) {
        let mut buf = Vec::with_capacity(clause.len());
        self.add_into(clause, &mut buf);
    }

    /// Solve: the model as DIMACS literals (one per variable), `None` when
    /// unsatisfiable, `Cancelled` when the monitor stopped it.
    pub fn solve(&mut self) -> Result<Option<Vec<i32>>, SatError> {
        self.solve_assuming(&[])
    }

    /// Solve with `assumptions` held true for this call only.
    fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Vec<i32>>, SatError> {
        let r = self.solver.solve_limited(assumptions);
        if r == lbool::TRUE {
            let model = self
                .vars
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    let n = i as i32 + 1;
                    if self.solver.value_var(v) == lbool::TRUE {
                        n
                    } else {
                        -n
                    }
                })
                .collect();
            Ok(Some(model))
        } else if r == lbool::FALSE {
            Ok(None)
        } else {
            Err(SatError::Cancelled)
        }
    }
}

/// Solve any formula with the embedded solver.
pub fn solve_cnf(cnf: &Cnf, monitor: &dyn Monitor) -> Result<Option<Vec<i32>>, SatError> {
    Embedded::new(cnf, monitor)?.solve()
}

/// The rule clauses (no clues) of each board side, encoded once: index
/// `box side - 2` (sides 4, 9, 16, 25).
static RULES: [OnceLock<Rules>; 4] = [const { OnceLock::new() }; 4];

/// The rule clauses of one board side, and for each variable the
/// variables its at-most-one pairs exclude (its partners).
struct Rules {
    cnf: Cnf,
    /// Indexed by variable (1-based; entry 0 unused).
    partners: Vec<Vec<u32>>,
}

/// The rules of boards of box side `boxw` (2..=5), shared.
fn rules_of(boxw: usize) -> Option<&'static Rules> {
    let slot = RULES.get(boxw.checked_sub(2)?)?;
    Some(slot.get_or_init(|| {
        let empty = SudokuBoard::empty(boxw).expect("box sides 2..=5 make boards");
        let cnf = encode(&empty);
        let mut partners = vec![Vec::new(); cnf.vars() as usize + 1];
        for clause in cnf.clauses() {
            if let &[a, b] = clause {
                let (a, b) = (a.unsigned_abs(), b.unsigned_abs());
                partners[a as usize].push(b);
                partners[b as usize].push(a);
            }
        }
        Rules { cnf, partners }
    }))
}

/// The rule clauses of boards of box side `boxw` (2..=5), shared.
fn rules(boxw: usize) -> Option<&'static Cnf> {
    rules_of(boxw).map(|r| &r.cnf)
}

impl<'a> Embedded<'a> {
    /// `board`'s formula loaded the fast way, equivalent to loading
    /// [`encode`]'s: the shared rule clauses, simplified by the clues first.
    /// A clue makes its variable true and the variables it excludes false
    /// (the partners of its at-most-one pairs); those are given as unit
    /// clauses and every clause they satisfy is left out, the rest enter
    /// without their false literals. The solver never sees most of the
    /// clauses of a well-clued board.
    pub fn for_board(
        board: &SudokuBoard,
        monitor: &'a dyn Monitor,
    ) -> Result<Embedded<'a>, SatError> {
        let Some(Rules {
            cnf: rules,
            partners,
        }) = rules_of(board.box_side())
        else {
            return Embedded::new(&encode(board), monitor);
        };
        let n = rules.vars() as usize;
        // 1: true, -1: false, 0: open (indexed by variable, 1-based).
        let mut value = vec![0i8; n + 1];
        let mut contradiction = false;
        let clues = clue_vars(board);
        for &v in &clues {
            value[v as usize] = 1;
        }
        for &v in &clues {
            // ¬v ∨ ¬w for each partner w: a true clue excludes them all.
            for &w in &partners[v as usize] {
                contradiction |= value[w as usize] == 1;
                value[w as usize] = -1;
            }
        }
        let mut solver = batsat::Solver::new(Default::default(), Stop(monitor));
        let vars: Vec<Var> = (0..rules.vars()).map(|i| solver.var_of_int(i)).collect();
        let mut e = Embedded { solver, vars };
        if contradiction {
            e.add_clause(&[]);
            return Ok(e);
        }
        let mut buf: Vec<Lit> = Vec::with_capacity(32);
        for (i, &x) in value.iter().enumerate().skip(1) {
            if x != 0 {
                buf.clear();
                buf.push(Lit::new(e.vars[i - 1], x > 0));
                let _ = e.solver.add_clause_reuse(&mut buf);
            }
        }
        'clauses: for clause in rules.clauses() {
            buf.clear();
            for &l in clause {
                let x = value[l.unsigned_abs() as usize];
                if x == 0 {
                    buf.push(Lit::new(e.vars[l.unsigned_abs() as usize - 1], l > 0));
                } else if (x > 0) == (l > 0) {
                    continue 'clauses;
                }
            }
            // Empty: every literal false, the formula is unsatisfiable.
            let _ = e.solver.add_clause_reuse(&mut buf);
        }
        Ok(e)
    }
}

/// The rule clauses of one board size loaded once and reused for puzzle
/// after puzzle: each puzzle's clues enter as assumptions, so nothing is
/// encoded or loaded per puzzle, and what the solver learns (which follows
/// from the rules alone) carries over to the next puzzle.
pub struct SudokuSat<'a> {
    embedded: Embedded<'a>,
    boxw: usize,
    assumptions: Vec<Lit>,
}

impl<'a> SudokuSat<'a> {
    /// A solver for boards of box side `boxw` (2..=5: sides 4 to 25).
    pub fn new(boxw: usize, monitor: &'a dyn Monitor) -> Result<SudokuSat<'a>, SatError> {
        let empty = SudokuBoard::empty(boxw).map_err(SatError::Board)?;
        let embedded = match rules(boxw) {
            Some(rules) => Embedded::new(rules, monitor)?,
            None => Embedded::new(&encode(&empty), monitor)?,
        };
        Ok(SudokuSat {
            embedded,
            boxw,
            assumptions: Vec::new(),
        })
    }

    /// The clues of `board` as assumptions; `false` for a board of
    /// another size.
    fn assume(&mut self, board: &SudokuBoard) -> bool {
        if board.box_side() != self.boxw {
            return false;
        }
        self.assumptions.clear();
        for v in clue_vars(board) {
            let var = self.embedded.vars[v as usize - 1];
            self.assumptions.push(Lit::new(var, true));
        }
        true
    }

    /// The solution of `board`, or `None` when it has none (a board of
    /// another size is solved on its own).
    pub fn solve(&mut self, board: &SudokuBoard) -> Result<Option<SudokuBoard>, SatError> {
        if !self.assume(board) {
            return solve(board, self.embedded.solver.cb().0);
        }
        let assumptions = std::mem::take(&mut self.assumptions);
        let model = self.embedded.solve_assuming(&assumptions);
        self.assumptions = assumptions;
        match model? {
            Some(model) => Ok(Some(decode(&model, board.side())?)),
            None => Ok(None),
        }
    }

    /// None, one or two solutions: after the first, a clause forbidding it
    /// is added behind a fresh switch variable that only this call
    /// assumes, then retired, so the rules stay as they were.
    pub fn unique(&mut self, board: &SudokuBoard) -> Result<Uniqueness, SatError> {
        if board.box_side() != self.boxw {
            return unique(board, self.embedded.solver.cb().0);
        }
        let Some(first) = self.solve(board)? else {
            return Ok(Uniqueness::None);
        };
        let switch = Lit::new(self.embedded.solver.new_var_default(), true);
        let mut clause: Vec<Lit> = vec![!switch];
        for l in blocking_clause(board, &first) {
            clause.push(Lit::new(
                self.embedded.vars[l.unsigned_abs() as usize - 1],
                l > 0,
            ));
        }
        let _ = self.embedded.solver.add_clause_reuse(&mut clause);
        let mut assumptions = std::mem::take(&mut self.assumptions);
        assumptions.push(switch);
        let second = self.embedded.solve_assuming(&assumptions);
        assumptions.pop();
        self.assumptions = assumptions;
        let _ = self.embedded.solver.add_clause_reuse(&mut vec![!switch]);
        match second? {
            None => Ok(Uniqueness::Unique(first)),
            Some(model) => Ok(Uniqueness::Multiple(first, decode(&model, board.side())?)),
        }
    }
}

/// Encode `board` and solve it: the solution, or `None` when it has none.
pub fn solve(board: &SudokuBoard, monitor: &dyn Monitor) -> Result<Option<SudokuBoard>, SatError> {
    match Embedded::for_board(board, monitor)?.solve()? {
        Some(model) => Ok(Some(decode(&model, board.side())?)),
        None => Ok(None),
    }
}

/// How many solutions a puzzle has, as far as it matters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one.
    Unique(SudokuBoard),
    /// At least two: two of them.
    Multiple(SudokuBoard, SudokuBoard),
}

/// The clause that forbids `solution` again: some empty cell of `puzzle`
/// must take another digit.
pub fn blocking_clause(puzzle: &SudokuBoard, solution: &SudokuBoard) -> Vec<i32> {
    let side = puzzle.side();
    puzzle
        .cells()
        .iter()
        .zip(solution.cells())
        .enumerate()
        .filter(|&(_, (&p, _))| p == 0)
        .map(|(i, (_, &s))| {
            -(super::encode::var(side, s as usize, i / side + 1, i % side + 1) as i32)
        })
        .collect()
}

/// Solve, forbid that solution, solve again (the same solver, incrementally).
pub fn unique(board: &SudokuBoard, monitor: &dyn Monitor) -> Result<Uniqueness, SatError> {
    let mut solver = Embedded::for_board(board, monitor)?;
    let Some(model) = solver.solve()? else {
        return Ok(Uniqueness::None);
    };
    let first = decode(&model, board.side())?;
    solver.add_clause(&blocking_clause(board, &first));
    match solver.solve()? {
        None => Ok(Uniqueness::Unique(first)),
        Some(model) => Ok(Uniqueness::Multiple(first, decode(&model, board.side())?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;

    const YM: &str =
        "050701040703000102080406090904060803000807000108050609010603080506000701030509020";

    #[test]
    fn solves_ym_uniquely() {
        let b = SudokuBoard::parse(YM).unwrap();
        let s = solve(&b, &Silent).unwrap().unwrap();
        assert!(s.solves(&b));
        assert_eq!(unique(&b, &Silent).unwrap(), Uniqueness::Unique(s));
    }

    #[test]
    fn empty_board_has_many_and_a_clash_none() {
        let e = SudokuBoard::empty(2).unwrap();
        assert!(matches!(unique(&e, &Silent).unwrap(), Uniqueness::Multiple(a, b) if a != b));
        let mut clash = e.clone();
        clash.set(0, 0, 1);
        clash.set(0, 1, 1);
        assert_eq!(solve(&clash, &Silent).unwrap(), None);
        assert_eq!(unique(&clash, &Silent).unwrap(), Uniqueness::None);
    }

    #[test]
    fn the_simplified_load_agrees_with_the_whole_formula() {
        let mut b = SudokuBoard::parse(YM).unwrap();
        let whole = |b: &SudokuBoard| {
            let m = solve_cnf(&encode(b), &Silent).unwrap();
            m.map(|m| decode(&m, b.side()).unwrap())
        };
        assert_eq!(solve(&b, &Silent).unwrap(), whole(&b));
        // A clash the clues imply only through the rules (two 5s in row 1).
        b.set(0, 0, 5);
        assert_eq!(solve(&b, &Silent).unwrap(), None);
        assert_eq!(whole(&b), None);
        let big = SudokuBoard::empty(4).unwrap();
        assert!(solve(&big, &Silent).unwrap().unwrap().solves(&big));
    }

    #[test]
    fn a_reused_solver_agrees_with_one_off_solving() {
        let mut reused = SudokuSat::new(3, &Silent).unwrap();
        let ym = SudokuBoard::parse(YM).unwrap();
        let mut clash = ym.clone();
        clash.set(0, 0, 5);
        let mut open = ym.clone();
        for c in 0..9 {
            open.set(1, c, 0);
            open.set(2, c, 0);
        }
        for b in [
            &ym,
            &clash,
            &open,
            &ym,
            &SudokuBoard::empty(3).unwrap(),
            &ym,
        ] {
            // Several solutions may be found in another order: compare
            // whether there is one, and that it solves the board.
            let (r, one_off) = (reused.solve(b).unwrap(), solve(b, &Silent).unwrap());
            assert_eq!(r.is_some(), one_off.is_some());
            assert!(r.is_none_or(|s| s.solves(b)));
            let u = reused.unique(b).unwrap();
            match (u, unique(b, &Silent).unwrap()) {
                (Uniqueness::Multiple(a, c), Uniqueness::Multiple(..)) => {
                    assert!(a != c && a.solves(b) && c.solves(b));
                }
                (u, expected) => assert_eq!(u, expected),
            }
        }
        // Another size is solved on its own.
        let four = SudokuBoard::empty(2).unwrap();
        assert!(reused.solve(&four).unwrap().unwrap().solves(&four));
    }

    #[test]
    fn a_huge_header_is_refused_not_allocated() {
        let cnf = crate::sat::read_dimacs("p cnf 2000000000 1\n1 0\n").unwrap();
        assert!(matches!(
            solve_cnf(&cnf, &Silent),
            Err(SatError::TooLarge {
                vars: 2_000_000_000
            })
        ));
    }

    #[test]
    fn a_cancelled_search_says_so() {
        use std::sync::atomic::AtomicBool;
        let stop = AtomicBool::new(true);
        let e = SudokuBoard::empty(5).unwrap();
        let r = solve(&e, &crate::monitor::Flag(&stop));
        // batsat may finish before it first asks; either is acceptable.
        assert!(matches!(r, Err(SatError::Cancelled) | Ok(Some(_))));
    }
}

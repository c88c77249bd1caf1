//! Script functions of the sat domain: the J encoding of Sudoku as SAT,
//! DIMACS files in and out, the embedded and external solvers, and the
//! pieces of the encoding (variable cube, lines, pairs) for the lab.

use rhai::Module;
use rhai::plugin::*;

pub(super) mod boards;
pub(super) mod formulas;

/// The sat functions as a Rhai module (boards in `sat/boards.rs`,
/// formulas for any puzzle in `sat/formulas.rs`).
pub fn module() -> Module {
    let mut module = exported_module!(api);
    module.combine_flatten(boards::module());
    module.combine_flatten(formulas::module());
    module
}

#[export_module(manifest)]
pub mod api {
    use crate::sat::{self, Family};
    use crate::script::error;
    use crate::sudoku;

    /// A Sudoku board of side 4, 9, 16 or 25 (box side 2 to 5), 0 for empty.
    pub type SudokuBoard = sat::SudokuBoard;
    /// A formula in CNF: a Sudoku encoding or a DIMACS file read back.
    pub type Cnf = sat::Cnf;
    /// A 9×9 Sudoku grid.
    pub type Grid = sudoku::Grid;

    // ----- the encoding -----

    /// The source's CNF of a grid or board: N³ variables; on 9×9, 729 variables and 324 existence + 11664 pair clauses + one per clue.
    ///
    /// Properties: `vars`, `clauses`, `existence`, `pairs`, `clues`, `side`,
    /// `families` (a map: family → #{existence, pairs}).
    #[rhai_fn(name = "cnf")]
    pub fn cnf(g: Grid) -> Cnf {
        sat::encode(&SudokuBoard::from(&g))
    }

    /// The source's CNF of a grid or board: N³ variables; on 9×9, 729 variables and 324 existence + 11664 pair clauses + one per clue.
    ///
    /// This form: a board of any size.
    #[rhai_fn(name = "cnf")]
    pub fn cnf_board(board: SudokuBoard) -> Cnf {
        sat::encode(&board)
    }

    /// Number of variables (the header's V).
    #[rhai_fn(get = "vars", pure)]
    pub fn vars(formula: &mut Cnf) -> i64 {
        formula.vars() as i64
    }

    /// Number of clauses (the header's C).
    #[rhai_fn(get = "clauses", pure)]
    pub fn clauses(formula: &mut Cnf) -> i64 {
        formula.clause_count() as i64
    }

    /// Existence clauses in all (one per line of the cube), or () for a formula read from a file.
    #[rhai_fn(get = "existence", pure)]
    pub fn existence(formula: &mut Cnf) -> Dynamic {
        formula
            .counts()
            .map_or(Dynamic::UNIT, |k| Dynamic::from(k.exist_total() as i64))
    }

    /// At-most-one pair clauses in all, or () for a formula read from a file.
    #[rhai_fn(get = "pairs", pure)]
    pub fn pairs_count(formula: &mut Cnf) -> Dynamic {
        formula
            .counts()
            .map_or(Dynamic::UNIT, |k| Dynamic::from(k.pairs_total() as i64))
    }

    /// Unit clauses from clues, or () for a formula read from a file.
    #[rhai_fn(get = "clues", pure)]
    pub fn clues_count(formula: &mut Cnf) -> Dynamic {
        formula
            .counts()
            .map_or(Dynamic::UNIT, |k| Dynamic::from(k.clues as i64))
    }

    /// SudokuBoard side of the encoding (from the variable count), or () if it is none.
    #[rhai_fn(get = "side", pure)]
    pub fn cnf_side(formula: &mut Cnf) -> Dynamic {
        formula
            .board_side()
            .map_or(Dynamic::UNIT, |s| Dynamic::from(s as i64))
    }

    /// Clause counts per family: #{row: #{existence, pairs}, column: ..., cell: ..., block: ...}.
    #[rhai_fn(get = "families", pure)]
    pub fn families(formula: &mut Cnf) -> Dynamic {
        let Some(k) = formula.counts() else {
            return Dynamic::UNIT;
        };
        let mut map = rhai::Map::new();
        for (i, f) in Family::ALL.iter().enumerate() {
            let mut one = rhai::Map::new();
            one.insert("existence".into(), Dynamic::from(k.exist[i] as i64));
            one.insert("pairs".into(), Dynamic::from(k.pairs[i] as i64));
            map.insert(f.name().into(), Dynamic::from(one));
        }
        Dynamic::from(map)
    }

    /// The clauses as an array of arrays of literals (negative = not).
    #[rhai_fn(name = "clause_list", pure)]
    pub fn clause_list(formula: &mut Cnf) -> rhai::Array {
        formula
            .clauses()
            .map(|cl| {
                Dynamic::from(
                    cl.iter()
                        .map(|&l| Dynamic::from(l as i64))
                        .collect::<rhai::Array>(),
                )
            })
            .collect()
    }

    /// A summary: variables, clauses, and the count per family.
    #[rhai_fn(global, name = "to_string", pure)]
    pub fn cnf_to_string(formula: &mut Cnf) -> String {
        formula.summary()
    }

    /// One line, for lists: `<cnf: V variables, C clauses>`.
    #[rhai_fn(global, name = "to_debug", pure)]
    pub fn cnf_to_debug(formula: &mut Cnf) -> String {
        format!(
            "<cnf: {} variables, {} clauses>",
            formula.vars(),
            formula.clause_count()
        )
    }

    // ----- DIMACS -----

    /// DIMACS text of a grid's, board's or formula's CNF: `c` comments naming the puzzle, the `p cnf V C` header, a clause per line.
    ///
    /// Returns the DIMACS as text: a script prints it, `print(to_dimacs(g))`, or
    /// `write_dimacs` writes it to a file.
    #[rhai_fn(name = "to_dimacs")]
    pub fn to_dimacs_grid(g: Grid) -> String {
        sat::to_dimacs(&sat::encode(&SudokuBoard::from(&g)))
    }

    /// DIMACS text of a grid's, board's or formula's CNF: `c` comments naming the puzzle, the `p cnf V C` header, a clause per line.
    ///
    /// This form: a board's CNF.
    ///
    /// Returns the DIMACS as text: a script prints it, `print(to_dimacs(b))`, or
    /// `write_dimacs` writes it to a file.
    #[rhai_fn(name = "to_dimacs")]
    pub fn to_dimacs_board(board: SudokuBoard) -> String {
        sat::to_dimacs(&sat::encode(&board))
    }

    /// DIMACS text of a grid's, board's or formula's CNF: `c` comments naming the puzzle, the `p cnf V C` header, a clause per line.
    ///
    /// This form: the formula as it is.
    ///
    /// Returns the DIMACS as text: a script prints it, `print(to_dimacs(f))`, or
    /// `write_dimacs` writes it to a file.
    #[rhai_fn(name = "to_dimacs", pure)]
    pub fn to_dimacs_cnf(formula: &mut Cnf) -> String {
        sat::to_dimacs(formula)
    }

    /// The formula's DIMACS text cut to its first `max_lines` lines, then a line saying how many were left out.
    ///
    /// Returns the DIMACS as text: a script prints it, `print(to_dimacs(f, 10))`.
    #[rhai_fn(name = "to_dimacs", pure, return_raw)]
    pub fn to_dimacs_abridged(
        formula: &mut Cnf,
        max_lines: i64,
    ) -> Result<String, Box<EvalAltResult>> {
        let keep = crate::script::options::count("to_dimacs", "max_lines", max_lines)?;
        let text = sat::to_dimacs(formula);
        let total = text.lines().count();
        if total <= keep {
            return Ok(text);
        }
        let mut out: String = text.lines().take(keep).map(|l| format!("{l}\n")).collect();
        out += &format!("... ({} more lines)\n", total - keep);
        Ok(out)
    }

    /// Write the CNF of a grid, board or formula as a DIMACS file at `path`.
    ///
    /// The file is written whole through a temporary file renamed into
    /// place, keeping an old file's permissions; a path that exists and is
    /// not a regular file (a device such as `/dev/null`, a FIFO, a folder)
    /// is refused.
    #[rhai_fn(name = "write_dimacs", return_raw)]
    pub fn write_dimacs_grid(g: Grid, path: &str) -> Result<(), Box<EvalAltResult>> {
        super::write(&sat::encode(&SudokuBoard::from(&g)), path)
    }

    /// Write the CNF of a grid, board or formula as a DIMACS file at `path`.
    ///
    /// This form: a board.
    #[rhai_fn(name = "write_dimacs", return_raw)]
    pub fn write_dimacs_board(board: SudokuBoard, path: &str) -> Result<(), Box<EvalAltResult>> {
        super::write(&sat::encode(&board), path)
    }

    /// Write the CNF of a grid, board or formula as a DIMACS file at `path`.
    ///
    /// This form: the formula as it is.
    #[rhai_fn(name = "write_dimacs", return_raw)]
    pub fn write_dimacs_cnf(formula: Cnf, path: &str) -> Result<(), Box<EvalAltResult>> {
        super::write(&formula, path)
    }

    /// Read a DIMACS CNF file strictly; errors name the file, line and column.
    ///
    /// The file is read as a stream: a line longer than 4 MiB or a byte
    /// that is not UTF-8 is an error at its line, and Ctrl+C stops the
    /// reading with a `stopped (Ctrl+C)` error.
    #[rhai_fn(return_raw)]
    pub fn read_dimacs(ctx: NativeCallContext, path: &str) -> Result<Cnf, Box<EvalAltResult>> {
        let monitor = crate::script::host::monitor(&ctx);
        let cnf = sat::read_dimacs_file(path, &*monitor);
        drop(monitor);
        cnf.map_err(|e| super::sat_error(&ctx, "read_dimacs", e))
    }

    /// Read DIMACS CNF from a string; errors name the line and column.
    #[rhai_fn(return_raw)]
    pub fn parse_dimacs(text: &str) -> Result<Cnf, Box<EvalAltResult>> {
        sat::read_dimacs(text).map_err(|e| error(format!("parse_dimacs: {e}")))
    }

    /// Read a solver's answer file (`s`/`v` lines, or minisat's result file) into a grid (9×9) or board; () when unsatisfiable.
    #[rhai_fn(return_raw)]
    pub fn read_answer(ctx: NativeCallContext, path: &str) -> Result<Dynamic, Box<EvalAltResult>> {
        let monitor = crate::script::host::monitor(&ctx);
        let answer = sat::read_answer_file(path, &*monitor);
        drop(monitor);
        let answer = answer.map_err(|e| super::sat_error(&ctx, "read_answer", e))?;
        super::board_or_unit(sat::answer_board(&answer, None), "read_answer", true)
    }

    /// Read a solver's answer from a string into a grid (9×9) or board; () when unsatisfiable.
    #[rhai_fn(return_raw)]
    pub fn parse_answer(text: &str) -> Result<Dynamic, Box<EvalAltResult>> {
        let answer = sat::read_answer(text).map_err(|e| error(format!("parse_answer: {e}")))?;
        super::board_or_unit(sat::answer_board(&answer, None), "parse_answer", true)
    }

    /// Decode a model (array of literals, true variables positive) into a grid (9×9) or board.
    #[rhai_fn(return_raw)]
    pub fn decode(model: rhai::Array) -> Result<Dynamic, Box<EvalAltResult>> {
        let mut lits = Vec::with_capacity(model.len());
        for (k, v) in model.into_iter().enumerate() {
            let n = v.as_int().map_err(|_| {
                error(format!(
                    "decode: item {} of the model is {} ({v:?}), not a number",
                    k + 1,
                    crate::script::kind_of(&v)
                ))
            })?;
            lits.push(i32::try_from(n).map_err(|_| {
                error(format!(
                    "decode: item {} of the model, literal {n}, is too large",
                    k + 1
                ))
            })?);
        }
        super::board_or_unit(
            sat::answer_board(&sat::Answer::Sat(lits), None),
            "decode",
            true,
        )
    }

    // ----- solving -----

    /// Solve a grid or board with the embedded SAT solver (batsat), or an installed one via `#{solver: ...}`: the solution, or () if none.
    #[rhai_fn(name = "sat_solve", return_raw)]
    pub fn sat_solve(ctx: NativeCallContext, g: Grid) -> Result<Dynamic, Box<EvalAltResult>> {
        let r = sat::solve(&SudokuBoard::from(&g), &*super::monitor(&ctx));
        super::solved(&ctx, r, "sat_solve", true)
    }

    /// Solve a grid or board with the embedded SAT solver (batsat), or an installed one via `#{solver: ...}`: the solution, or () if none.
    ///
    /// This form: a board of any size, embedded solver.
    #[rhai_fn(name = "sat_solve", return_raw)]
    pub fn sat_solve_board(
        ctx: NativeCallContext,
        board: SudokuBoard,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        let r = sat::solve(&board, &*super::monitor(&ctx));
        super::solved(&ctx, r, "sat_solve", false)
    }

    /// Solve a grid or board with the embedded SAT solver (batsat), or an installed one via `#{solver: ...}`: the solution, or () if none.
    ///
    /// This form: an installed solver, `#{solver: "picosat"}`, or a command
    /// with `{cnf}` (the DIMACS file) and `{out}` (a result file to read),
    /// as a line split at spaces (no shell: shell syntax is refused) or an
    /// array `[program, arg, ...]`. Needs `--allow-exec`; labs never run one.
    ///
    /// Example: `sat_solve(ym, #{solver: "cadical"})`,
    /// `sat_solve(ym, #{solver: "minisat {cnf} {out}"})`.
    #[rhai_fn(name = "sat_solve", return_raw)]
    pub fn sat_solve_with(
        ctx: NativeCallContext,
        g: Grid,
        options: rhai::Map,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        super::solve_with(&ctx, SudokuBoard::from(&g), options, true)
    }

    /// Solve a grid or board with the embedded SAT solver (batsat), or an installed one via `#{solver: ...}`: the solution, or () if none.
    ///
    /// This form: a board, with an installed solver (options as for grids).
    #[rhai_fn(name = "sat_solve", return_raw)]
    pub fn sat_solve_board_with(
        ctx: NativeCallContext,
        board: SudokuBoard,
        options: rhai::Map,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        super::solve_with(&ctx, board, options, false)
    }

    /// The model of any formula from the embedded solver (array of literals), or () when unsatisfiable.
    ///
    /// The model lists the caller's variables (`f.main_vars`), not the
    /// extra variables a cardinality constraint added.
    #[rhai_fn(return_raw, pure)]
    pub fn sat_model(
        ctx: NativeCallContext,
        formula: &mut Cnf,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        super::formulas::within_array_limit(
            &ctx,
            "sat_model",
            formula.main_vars() as u64,
            "a model's variables",
        )?;
        match crate::sat::models::model(formula, &*super::monitor(&ctx))
            .map_err(|e| super::sat_error(&ctx, "sat_model", e))?
        {
            None => Ok(Dynamic::UNIT),
            Some(m) => Ok(Dynamic::from(
                m.into_iter()
                    .map(|l| Dynamic::from(l as i64))
                    .collect::<rhai::Array>(),
            )),
        }
    }

    /// True when a grid or board has exactly one solution: solve, forbid that solution, solve again.
    #[rhai_fn(name = "sat_unique", return_raw)]
    pub fn sat_unique(ctx: NativeCallContext, g: Grid) -> Result<bool, Box<EvalAltResult>> {
        super::unique(&ctx, &SudokuBoard::from(&g))
    }

    /// True when a grid or board has exactly one solution: solve, forbid that solution, solve again.
    ///
    /// This form: a board of any size.
    #[rhai_fn(name = "sat_unique", return_raw)]
    pub fn sat_unique_board(
        ctx: NativeCallContext,
        board: SudokuBoard,
    ) -> Result<bool, Box<EvalAltResult>> {
        super::unique(&ctx, &board)
    }

    // ----- the walk-through pieces (9×9) -----

    /// The variable for digit `n` at row `r`, column `c` (all 1..9): 81(n-1) + 9(r-1) + c.
    ///
    /// (Rhai reserves the name `var`.)
    #[rhai_fn(return_raw)]
    pub fn var_number(n: i64, r: i64, c: i64) -> Result<i64, Box<EvalAltResult>> {
        for (what, v) in [("digit", n), ("row", r), ("column", c)] {
            if !(1..=9).contains(&v) {
                return Err(error(format!(
                    "var_number: {what} {v} is out of range 1..9"
                )));
            }
        }
        Ok(sat::encode::var(9, n as usize, r as usize, c as usize) as i64)
    }

    /// The 9×9×9 cube of variable numbers (J `>: i. 9 9 9`): `cube[n-1][r-1][c-1]`.
    pub fn var_cube() -> rhai::Array {
        (1..=9)
            .map(|n| {
                Dynamic::from(
                    (1..=9)
                        .map(|r| {
                            Dynamic::from(
                                (1..=9)
                                    .map(|c| Dynamic::from(sat::encode::var(9, n, r, c) as i64))
                                    .collect::<rhai::Array>(),
                            )
                        })
                        .collect::<rhai::Array>(),
                )
            })
            .collect()
    }

    /// The 81 lines of one family (`"row"`, `"column"`, `"cell"`, `"block"`), each 9 variables, in clause order.
    #[rhai_fn(return_raw)]
    pub fn family_lines(family: &str) -> Result<rhai::Array, Box<EvalAltResult>> {
        let f = super::family_named(family)?;
        Ok(sat::encode::lines(3, f)
            .into_iter()
            .map(|l| Dynamic::from(super::ints(&l)))
            .collect())
    }

    /// Every at-most-one pair of one family (the source's `uniq` over all its lines): 2916 pairs.
    #[rhai_fn(return_raw)]
    pub fn family_pairs(family: &str) -> Result<rhai::Array, Box<EvalAltResult>> {
        let f = super::family_named(family)?;
        Ok(sat::encode::lines(3, f)
            .iter()
            .flat_map(|l| sat::encode::unique_pairs(l))
            .map(super::pair)
            .collect())
    }

    /// The four family names in clause order.
    pub fn family_names() -> rhai::Array {
        Family::ALL
            .iter()
            .map(|f| Dynamic::from(f.name().to_string()))
            .collect()
    }

    /// Every ordered pair of a line's numbers, self-pairs included (J `cp`): 81 pairs for 9 numbers.
    #[rhai_fn(return_raw)]
    pub fn pairs(line: rhai::Array) -> Result<rhai::Array, Box<EvalAltResult>> {
        let l = super::line_of(line, "pairs")?;
        Ok(sat::encode::cartesian(&l)
            .into_iter()
            .map(super::pair)
            .collect())
    }

    /// Each unordered pair of distinct numbers once, larger first (the source's `uniq`): 36 for 9 numbers.
    #[rhai_fn(return_raw)]
    pub fn uniq_pairs(line: rhai::Array) -> Result<rhai::Array, Box<EvalAltResult>> {
        let l = super::line_of(line, "uniq_pairs")?;
        Ok(sat::encode::unique_pairs(&l)
            .into_iter()
            .map(super::pair)
            .collect())
    }

    /// The clue variables of a grid (the source's `clues`): one unit clause each, cells row-major.
    pub fn clue_vars(g: Grid) -> rhai::Array {
        super::ints(&sat::encode::clue_vars(&SudokuBoard::from(&g)))
    }

    /// Rows of numbers as J prints a matrix: columns right-aligned, one space apart.
    ///
    /// A flat array prints one number per line (`table` prints it as a row).
    ///
    /// Example: `print(show_lines(var_cube()[0]))`
    ///
    /// Returns the lines as text: the prompt shows them, a script prints them,
    /// `print(show_lines(rows))`.
    #[rhai_fn(return_raw)]
    pub fn show_lines(rows: rhai::Array) -> Result<String, Box<EvalAltResult>> {
        crate::script::matrix::format("show_lines", &rows, crate::script::matrix::Flat::Column)
    }
}

// Helpers of the api module (outside it: plugin modules export every fn).
use crate::sat::{self, Family};
use crate::script::error;
use crate::script::host::monitor;
use api::{Cnf, SudokuBoard};

fn write(c: &Cnf, path: &str) -> Result<(), Box<EvalAltResult>> {
    sat::write_dimacs_file(c, path).map_err(|e| error(format!("write_dimacs: {e}")))
}

/// A SAT error as a script error; a stop by Ctrl+C follows the
/// interruption rule (`stopped (Ctrl+C) in ...`, the interrupt consumed).
fn sat_error(ctx: &NativeCallContext, what: &str, e: sat::SatError) -> Box<EvalAltResult> {
    match e {
        sat::SatError::Cancelled => {
            crate::script::host::stopped(ctx, format!("in {what}: no answer"))
        }
        sat::SatError::ReadStopped { path, lines } => crate::script::host::stopped(
            ctx,
            format!("in {what} after {lines} lines of {path}: nothing read"),
        ),
        e => error(format!("{what}: {e}")),
    }
}

/// What a solver found, as [`board_or_unit`] shows it; a stop follows the
/// interruption rule.
fn solved(
    ctx: &NativeCallContext,
    r: Result<Option<SudokuBoard>, sat::SatError>,
    what: &str,
    as_grid: bool,
) -> Result<Dynamic, Box<EvalAltResult>> {
    match r {
        Err(e) => Err(sat_error(ctx, what, e)),
        found => board_or_unit(found, what, as_grid),
    }
}

/// A solved board as a script value: a Grid when `as_grid` and 9×9, else a SudokuBoard; () for none.
fn board_or_unit(
    r: Result<Option<SudokuBoard>, sat::SatError>,
    what: &str,
    as_grid: bool,
) -> Result<Dynamic, Box<EvalAltResult>> {
    match r.map_err(|e| error(format!("{what}: {e}")))? {
        None => Ok(Dynamic::UNIT),
        Some(b) => match b.to_grid() {
            Some(g) if as_grid => Ok(Dynamic::from(g)),
            _ => Ok(Dynamic::from(b)),
        },
    }
}

fn solve_with(
    ctx: &NativeCallContext,
    b: SudokuBoard,
    options: rhai::Map,
    as_grid: bool,
) -> Result<Dynamic, Box<EvalAltResult>> {
    let mut options = crate::script::options::Options::new("sat_solve", options, &["solver"])?;
    let command = match options.value("solver") {
        Some(value) => {
            // Refused before the command is even looked at.
            if let Some(why) = crate::script::exec::refusal(ctx) {
                return Err(error(format!("sat_solve: {why}")));
            }
            Some(solver_command(value)?)
        }
        None => None,
    };
    let monitor = monitor(ctx);
    let r = match command {
        Some(cmd) => sat::solve_external_command(&b, &cmd, &*monitor),
        None => sat::solve(&b, &*monitor),
    };
    drop(monitor);
    solved(ctx, r, "sat_solve", as_grid)
}

/// The `solver` option: a command line (no shell syntax) or an array of words.
fn solver_command(value: Dynamic) -> Result<sat::external::SolverCommand, Box<EvalAltResult>> {
    let fail = |e: sat::SatError| error(format!("sat_solve: {e}"));
    if value.is_string() {
        return sat::external::SolverCommand::parse(&value.to_string()).map_err(fail);
    }
    let type_name = value.type_name();
    let Some(items) = value.try_cast::<rhai::Array>() else {
        return Err(error(format!(
            "sat_solve: `solver` must be a string or an array of strings, not {type_name}"
        )));
    };
    let mut words = Vec::with_capacity(items.len());
    for (i, w) in items.into_iter().enumerate() {
        let t = w.type_name();
        words.push(w.into_string().map_err(|_| {
            error(format!(
                "sat_solve: `solver` item {i} is a {t}: every word must be a string"
            ))
        })?);
    }
    let shown = words.join(" ");
    sat::external::SolverCommand::from_words(words, &shown).map_err(fail)
}

fn unique(ctx: &NativeCallContext, b: &SudokuBoard) -> Result<bool, Box<EvalAltResult>> {
    match sat::unique(b, &*monitor(ctx)) {
        Ok(sat::Uniqueness::Unique(_)) => Ok(true),
        Ok(_) => Ok(false),
        Err(e) => Err(sat_error(ctx, "sat_unique", e)),
    }
}

fn family_named(name: &str) -> Result<Family, Box<EvalAltResult>> {
    Family::from_name(name).ok_or_else(|| {
        error(format!(
            "unknown family {name:?}: use \"row\", \"column\", \"cell\" or \"block\""
        ))
    })
}

fn line_of(line: rhai::Array, what: &str) -> Result<Vec<u32>, Box<EvalAltResult>> {
    let number = |(i, v): (usize, &Dynamic)| match v.as_int().map(u32::try_from) {
        Ok(Ok(n)) => Ok(n),
        Ok(Err(_)) => Err(format!("item {i} is {}", v)),
        Err(_) => Err(format!("item {i} is {}", crate::script::kind_of(v))),
    };
    let must = |e| error(format!("{what}: the line must hold numbers 0 or more; {e}"));
    line.iter()
        .enumerate()
        .map(|x| number(x).map_err(must))
        .collect()
}

fn ints(v: &[u32]) -> rhai::Array {
    v.iter().map(|&x| Dynamic::from(x as i64)).collect()
}

fn pair((a, b): (u32, u32)) -> Dynamic {
    Dynamic::from(vec![Dynamic::from(a as i64), Dynamic::from(b as i64)])
}

//! Script functions of the sudoku domain: Roger Hui's J primitives from
//! Nishikawa's J Lab (`free`, `ac`, `ar`, `assign`, `guess`, `sudoku`, ...), J's power
//! operator as `iterate`/`fixpoint`, Nishikawa's `cand`/`cand1`, `see` of one
//! grid or a list, and J-style tables of the listing's index arrays.
//!
//! Only registration lives here; the work is in `crate::sudoku::hui`.

use rhai::plugin::*;
use rhai::{Array, Module};

use crate::script::{error, kind_of};
use crate::sudoku::hui::HuiError;
use crate::sudoku::{Grid, puzzles};

fn fail(function: &str, e: HuiError) -> Box<EvalAltResult> {
    error(format!("{function}: {e}"))
}

fn ints<T: Copy + Into<i64>>(values: &[T]) -> Array {
    values.iter().map(|&v| Dynamic::from(v.into())).collect()
}

fn grids_to_array(grids: Vec<Grid>) -> Array {
    grids.into_iter().map(Dynamic::from).collect()
}

/// The grids of a script array, or an error naming the first non-grid.
fn array_to_grids(function: &str, list: &Array) -> Result<Vec<Grid>, Box<EvalAltResult>> {
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            v.clone().try_cast::<Grid>().ok_or_else(|| {
                error(format!(
                    "{function}: item {i} of the list is {}, not a Grid",
                    kind_of(v)
                ))
            })
        })
        .collect()
}

fn index_table<const N: usize>(rows: &[[u8; N]]) -> Array {
    rows.iter().map(|r| Dynamic::from_array(ints(r))).collect()
}

fn ym() -> Grid {
    // The built-in puzzle text always parses.
    Grid::parse(puzzles::YM).unwrap_or_default()
}

/// Err once Ctrl+C was pressed: a native `f` never reaches Rhai's own
/// progress check, so the power-operator loops look at the flag themselves.
/// `done` says how far the loop got.
fn interrupted(
    ctx: &NativeCallContext,
    function: &str,
    done: &str,
) -> Result<(), Box<EvalAltResult>> {
    if crate::script::host::host(ctx).cancelled() || crate::memory::over_budget() {
        Err(crate::script::host::stopped(
            ctx,
            format!("in {function} after {done}: no result"),
        ))
    } else {
        Ok(())
    }
}

/// Most applications `fixpoint` makes before giving up.
const MAX_FIXPOINT: i64 = 10_000;

/// The sudoku functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

#[export_module(manifest)]
pub mod api {
    use rhai::{Array, FnPtr};

    use super::{
        MAX_FIXPOINT, array_to_grids, fail, grids_to_array, index_table, interrupted, ints, ym,
    };
    use crate::script::error;
    use crate::script::grid::cell_index;
    use crate::sudoku::grid::{BOX_CELLS, BOXES, COL_CELLS, ROW_CELLS};
    use crate::sudoku::hui::{self, tables};
    use crate::sudoku::{Grid, see_many};

    /// J `free g`: which digits each cell may take. Prints as pencil marks;
    /// `free_table(c)` gives J's 81×9 table of 0s and 1s.
    pub type Candidates = hui::Candidates;

    // ---- candidates -----------------------------------------------------

    /// J `free g`: the candidate digits of every empty cell of `g`.
    ///
    /// A digit is a candidate when none of the cell's 20 peers (row, column,
    /// block) holds it; filled cells have none. Prints as pencil marks.
    #[rhai_fn(return_raw)]
    pub fn free(g: Grid) -> Result<Candidates, Box<EvalAltResult>> {
        hui::free(&g).map_err(|e| fail("free", e))
    }

    /// Candidates as pencil marks: each cell's digits, `.` for none.
    #[rhai_fn(pure, global, name = "to_string")]
    pub fn candidates_to_string(c: &mut Candidates) -> String {
        c.pencil()
    }

    /// One line, for lists: `<candidates: N cells open, M candidates>`.
    #[rhai_fn(pure, global, name = "to_debug")]
    pub fn candidates_to_debug(c: &mut Candidates) -> String {
        let open = (0..81).filter(|&i| c.count(i) > 0).count();
        let total: usize = (0..81).map(|i| c.count(i) as usize).sum();
        format!("<candidates: {open} cells open, {total} candidates>")
    }

    /// Pencil marks from text: 81 fields of candidate digits, row by row, as `to_string` prints them or Hodoku/SE export them.
    ///
    /// Fields are separated by spaces, line ends or `|`; lines of box rules
    /// (`+---+`, `.---.`, `:---+`) are skipped. A field is a cell's
    /// candidates (`1`-`9`, any order), or `.`/`0` for a filled cell. In a
    /// text without `.`/`0` (Hodoku's and SE's form, which show a placed
    /// digit as itself) a lone digit no peer lists is a placed digit, as SE
    /// reads it. One word of 729 characters is a pencil-mark line (see
    /// `line(c)`): `candidates(line(c)) == c`; in Sukaku Explainer's form
    /// (no cell of nine `.`) a lone digit no peer holds is a given. An
    /// error names `line:col` and what is wrong.
    /// Example: `candidates(free(ym).to_string()) == free(ym)`
    #[rhai_fn(return_raw)]
    pub fn candidates(text: &str) -> Result<Candidates, Box<EvalAltResult>> {
        crate::sudoku::formats::parse_pencilmarks(text)
            .map_err(|e| crate::script::error(format!("candidates: {e}")))
    }

    /// Sukaku Explainer's 729-character pencil-mark line of the candidates: each cell's nine places, a digit or `.`.
    ///
    /// Cell by cell, row by row, digit `d` at place `d` when it is a
    /// candidate, `.` when not. A cell with no candidates (a filled cell in
    /// `free`'s form) is nine `.`: `candidates(line(c)) == c`. Sukaku
    /// Explainer, `se_rate` and `rate_file` want filled cells shown by their
    /// digit: `line(g, c)` writes them so.
    /// Example: `line(free(ym)).len()`
    #[rhai_fn(name = "line")]
    pub fn candidates_line(c: Candidates) -> String {
        crate::sudoku::formats::write_pencil_line(c.bits())
    }

    /// The 729-character pencil-mark line of candidates `c` on grid `g`: `g`'s filled cells show their digit alone, as Sukaku Explainer writes them.
    ///
    /// The form `se_rate`, `rate`, `rate_file` and `read_puzzles` read:
    /// `se_rate(line(g, free(g)))` rates as `se_rate(g)`. An empty cell of
    /// `g` with no candidate in `c` is nine `.`, which they refuse.
    /// Example: `se_rate(line(ym, free(ym))).er`
    #[rhai_fn(name = "line")]
    pub fn grid_candidates_line(g: Grid, c: Candidates) -> String {
        let mut masks = *c.bits();
        for (cell, m) in masks.iter_mut().enumerate() {
            if g.get(cell) != 0 {
                *m = 1 << (g.get(cell) - 1);
            }
        }
        crate::sudoku::formats::write_pencil_line(&masks)
    }

    /// J's printout of `free g`: 81 lines (cells) of nine 0/1 (digits 1-9).
    ///
    /// Returns the table as text: the prompt shows it, a script prints it,
    /// `print(free_table(c))`.
    pub fn free_table(c: Candidates) -> String {
        c.table01()
    }

    /// J's `free g` as 81 arrays of nine 0/1 integers (for `table`).
    pub fn matrix(c: Candidates) -> Array {
        c.matrix()
            .iter()
            .map(|row| Dynamic::from_array(row.iter().map(|&b| Dynamic::from(b as i64)).collect()))
            .collect()
    }

    /// The candidate digits of cell `i` (0..80, row-major).
    #[rhai_fn(pure, index_get, return_raw)]
    pub fn candidates_get(c: &mut Candidates, i: i64) -> Result<Array, Box<EvalAltResult>> {
        cell_index(None, i).map(|i| ints(&c.digits(i)))
    }

    /// True when both hold the same candidates in every cell.
    #[rhai_fn(pure, name = "==")]
    pub fn candidates_eq(a: &mut Candidates, b: Candidates) -> bool {
        *a == b
    }

    /// True when some cell's candidates differ.
    #[rhai_fn(pure, name = "!=")]
    pub fn candidates_ne(a: &mut Candidates, b: Candidates) -> bool {
        *a != b
    }

    /// J `ac`: naked singles, the digit of every cell with exactly one candidate.
    pub fn ac(candidates: Candidates) -> Grid {
        hui::ac(&candidates)
    }

    /// J `ar`: hidden singles as Hui computes them, one digit per region.
    ///
    /// Regions are walked in J's order (9 blocks, 9 rows, 9 columns); each
    /// gives its LOWEST digit that only one of its cells allows, and a later
    /// region overwrites an earlier one at the same cell. `hidden_singles`
    /// is the variant that takes every hidden single.
    pub fn ar(candidates: Candidates) -> Grid {
        hui::ar(&candidates)
    }

    /// Every hidden single of every region at once (the clean variant of `ar`).
    ///
    /// Where two regions give one cell different digits the larger is kept.
    pub fn hidden_singles(candidates: Candidates) -> Grid {
        hui::hidden_singles(&candidates)
    }

    /// J `+/"1 free g`: the number of candidates of each cell, as a grid.
    pub fn counts(candidates: Candidates) -> Grid {
        hui::counts(&candidates)
    }

    // ---- grid arithmetic and the step ---------------------------------

    /// J `g + h`: the cell-wise sum of two grids.
    #[rhai_fn(name = "+", return_raw)]
    pub fn add(g: Grid, h: Grid) -> Result<Grid, Box<EvalAltResult>> {
        hui::sum(&g, &h).map_err(|e| fail("+", e))
    }

    /// J `g >. h`: the cell-wise maximum of two grids.
    #[rhai_fn(name = "max")]
    pub fn max(g: Grid, h: Grid) -> Grid {
        hui::max(&g, &h)
    }

    /// One step of Hui's solver (the source's `func`): `g + max(ac(b), ar(b))`, b = `free(g)`.
    #[rhai_fn(return_raw)]
    pub fn step(g: Grid) -> Result<Grid, Box<EvalAltResult>> {
        hui::step(&g).map_err(|e| fail("step", e))
    }

    /// J `assign`: repeat the step until the grid stops changing.
    ///
    /// Solves easy puzzles (`assign(ym)`); a hard one stops part way
    /// (`assign(su21_99)`). A grid with a repeated digit is an error naming
    /// the region and digit.
    #[rhai_fn(return_raw)]
    pub fn assign(g: Grid) -> Result<Grid, Box<EvalAltResult>> {
        hui::assign(&g).map_err(|e| fail("assign", e))
    }

    /// J `ok`: true when no digit repeats in any row, column or block.
    pub fn ok(g: Grid) -> bool {
        hui::ok(&g)
    }

    // ---- guessing and searching -----------------------------------------

    /// J `guess`: branch on the first cell with the fewest candidates.
    ///
    /// Returns one grid per candidate digit of that cell, ascending (a cell
    /// with no candidates counts as 10); a full grid returns `[g]`.
    #[rhai_fn(return_raw)]
    pub fn guess(g: Grid) -> Result<Array, Box<EvalAltResult>> {
        hui::guess(&g)
            .map(grids_to_array)
            .map_err(|e| fail("guess", e))
    }

    /// J `guess` of a list: the guesses of every grid, concatenated.
    #[rhai_fn(name = "guess", return_raw)]
    pub fn guess_list(grids: Array) -> Result<Array, Box<EvalAltResult>> {
        let grids = array_to_grids("guess", &grids)?;
        hui::guess_all(&grids)
            .map(grids_to_array)
            .map_err(|e| fail("guess", e))
    }

    /// The cell `guess` branches on, as `[row, column]` (1-based); `[]` when full.
    ///
    /// The source computes it by hand as `ind` (section 32).
    pub fn guess_cell(g: Grid) -> Array {
        match hui::guess_cell(&g) {
            Some(cell) => ints(&[(cell / 9 + 1) as i64, (cell % 9 + 1) as i64]),
            None => Array::new(),
        }
    }

    /// J `sudoku`: ALL solutions of `g`, found breadth-first.
    ///
    /// Each round assigns every open grid, drops the invalid ones and
    /// guesses. A puzzle with too few clues (a blank grid) stops with an
    /// error saying the search is too large. Ctrl+C stops it with a
    /// `stopped (Ctrl+C)` error. A puzzle without a solution gives an
    /// empty list: check it before taking `[0]`.
    ///
    /// Example: `let s = sudoku(ym); if s.is_empty() { print("none") } else { print(s[0]) }`
    #[rhai_fn(return_raw)]
    pub fn sudoku(ctx: NativeCallContext, g: Grid) -> Result<Array, Box<EvalAltResult>> {
        let monitor = crate::script::host::monitor(&ctx);
        let found = hui::sudoku(&g, &*monitor);
        drop(monitor);
        match found {
            Ok(grids) => Ok(grids_to_array(grids)),
            Err(HuiError::Interrupted { round, frontier }) => Err(crate::script::host::stopped(
                &ctx,
                format!(
                    "in sudoku in round {round} with {frontier} open grids: no solutions returned"
                ),
            )),
            Err(e) => Err(fail("sudoku", e)),
        }
    }

    // ---- J's power operator ---------------------------------------------

    /// J `f^:(i.n) x`: the first `n` iterates `[x, f(x), f(f(x)), ...]`.
    ///
    /// `f` is a function pointer or closure, e.g.
    /// `iterate(|g| g + max(ac(free(g)), ar(free(g))), ym, 4)` or `iterate(Fn("step"), ym, 4)`.
    #[rhai_fn(return_raw)]
    pub fn iterate(
        ctx: NativeCallContext,
        f: FnPtr,
        x: Dynamic,
        n: i64,
    ) -> Result<Array, Box<EvalAltResult>> {
        if n < 0 {
            return Err(error(format!(
                "iterate: the count {n} is negative; it says how many iterates to return"
            )));
        }
        let limit = ctx.engine().max_array_size();
        if limit > 0 && n as u64 > limit as u64 {
            return Err(error(format!(
                "iterate: {n} iterates pass the array size limit ({limit})"
            )));
        }
        // Each iterate is at least one value in the list: a count whose list
        // alone passes the memory budget is refused before any work.
        let least = (n as u64).saturating_mul(std::mem::size_of::<Dynamic>() as u64);
        if crate::memory::would_exceed(least) {
            return Err(error(crate::memory::refusal(
                "iterate",
                &format!(
                    "{n} iterates need at least {}",
                    crate::memory::format_size(least)
                ),
            )));
        }
        let mut out = Array::new();
        let mut value = x;
        for i in 0..n {
            interrupted(&ctx, "iterate", &format!("{i} of {n} iterates"))?;
            if i > 0 {
                value = f.call_within_context::<Dynamic>(&ctx, (value.clone(),))?;
            }
            out.push(value.clone());
        }
        Ok(out)
    }

    /// J `f^:_ x`: apply `f` until the value stops changing, and return it.
    ///
    /// `f` is a function pointer or closure. Gives up with an error after
    /// 10,000 applications.
    #[rhai_fn(return_raw)]
    pub fn fixpoint(
        ctx: NativeCallContext,
        f: FnPtr,
        x: Dynamic,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        let mut value = x;
        for k in 0..MAX_FIXPOINT {
            interrupted(&ctx, "fixpoint", &format!("{k} applications"))?;
            let next = f.call_within_context::<Dynamic>(&ctx, (value.clone(),))?;
            let same = match (
                value.clone().try_cast::<Grid>(),
                next.clone().try_cast::<Grid>(),
            ) {
                (Some(a), Some(b)) => a == b,
                _ => ctx
                    .call_native_fn::<bool>("==", (value.clone(), next.clone()))
                    .map_err(|_| {
                        error(format!(
                            "fixpoint: cannot compare a {} with a {}",
                            ctx.engine().map_type_name(value.type_name()),
                            ctx.engine().map_type_name(next.type_name())
                        ))
                    })?,
            };
            if same {
                return Ok(next);
            }
            value = next;
        }
        Err(error(format!(
            "fixpoint: the value was still changing after {MAX_FIXPOINT} applications"
        )))
    }

    // ---- showing --------------------------------------------------------

    /// J `see g`: the boxed 3×3 display of a grid (`.` for empty).
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(see(g))`.
    pub fn see(g: Grid) -> String {
        g.see()
    }

    /// J `see` of a list: the grids side by side inside one outer box.
    ///
    /// A list of one grid still gets the outer box, as in J; an empty list
    /// shows as nothing. More than five grids go five to a row, rows apart
    /// by an empty line, so that the REPL shows a long list a screenful at
    /// a time (`:more` for the next).
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(see([a, b]))`.
    #[rhai_fn(name = "see", return_raw)]
    pub fn see_list(grids: Array) -> Result<String, Box<EvalAltResult>> {
        if grids.is_empty() {
            return Ok(String::new());
        }
        Ok(see_many(&array_to_grids("see", &grids)?))
    }

    /// J `diff`: each grid with only the cells that were empty in the one before.
    ///
    /// The first grid is kept whole, so `see(diff(iterate(f, ym, 4)))` shows
    /// what each step filled in.
    #[rhai_fn(return_raw)]
    pub fn diff(grids: Array) -> Result<Array, Box<EvalAltResult>> {
        Ok(grids_to_array(hui::diff(&array_to_grids("diff", &grids)?)))
    }

    /// Nishikawa's `cand`: the candidate digits of cell (row, col), 1-based.
    #[rhai_fn(return_raw)]
    pub fn cand(g: Grid, row: i64, col: i64) -> Result<Array, Box<EvalAltResult>> {
        hui::cand(&g, row, col)
            .map(|d| ints(&d))
            .map_err(|e| fail("cand", e))
    }

    /// Nishikawa's monadic `cand`: the candidates of cell (row, col) of `ym`.
    ///
    /// The source's convenience: `cand 3 1` means `ym cand 3 1`.
    #[rhai_fn(name = "cand", return_raw)]
    pub fn cand_ym(row: i64, col: i64) -> Result<Array, Box<EvalAltResult>> {
        cand(ym(), row, col)
    }

    /// Nishikawa's `cand1`: the Row, Column and Block lines of cell (row, col).
    ///
    /// Each line repeats a candidate digit once per cell of that region
    /// allowing it, so a digit shown once is a hidden single there.
    ///
    /// Returns the lines as text: the prompt shows them, a script prints them,
    /// `print(cand1(g, 2, 2))`.
    #[rhai_fn(return_raw)]
    pub fn cand1(g: Grid, row: i64, col: i64) -> Result<String, Box<EvalAltResult>> {
        hui::cand1(&g, row, col)
            .map(|c| c.to_string())
            .map_err(|e| fail("cand1", e))
    }

    /// Nishikawa's monadic `cand1`: the Row, Column and Block lines of `ym`'s cell.
    ///
    /// The source's convenience: `cand1 2 2` means `ym cand1 2 2`.
    ///
    /// Returns the lines as text: the prompt shows them, a script prints them,
    /// `print(cand1(2, 2))`.
    #[rhai_fn(name = "cand1", return_raw)]
    pub fn cand1_ym(row: i64, col: i64) -> Result<String, Box<EvalAltResult>> {
        cand1(ym(), row, col)
    }

    /// J `regions g`: the 27 regions' values, 9 blocks then 9 rows then 9 columns.
    pub fn regions(g: Grid) -> Array {
        index_table(&hui::regions(&g))
    }

    /// Repeat a string `n` times, so `grid("." * 81)` is the blank grid.
    #[rhai_fn(name = "*", return_raw)]
    pub fn repeat_text(
        ctx: NativeCallContext,
        text: &str,
        n: i64,
    ) -> Result<String, Box<EvalAltResult>> {
        let limit = ctx.engine().max_string_size();
        let len = usize::try_from(n).map_err(|_| {
            error(format!(
                "*: cannot repeat a string {n} times (a negative count)"
            ))
        })?;
        if text.is_empty() {
            return Ok(String::new());
        }
        let total = text.len().checked_mul(len);
        if limit > 0 && total.is_none_or(|t| t > limit) {
            return Err(error(format!(
                "*: repeating {} bytes {n} times passes the string size limit ({limit} bytes)",
                text.len()
            )));
        }
        if total.is_some_and(|t| crate::memory::would_exceed(t as u64)) {
            return Err(error(crate::memory::refusal(
                "*",
                &format!("repeating {} bytes {n} times", text.len()),
            )));
        }
        // Without a size limit the memory is still asked for first, so a
        // count too large for it is an error, not an abort.
        let mut out = String::new();
        total
            .and_then(|t| out.try_reserve_exact(t).ok())
            .ok_or_else(|| {
                error(format!(
                    "*: repeating {} bytes {n} times needs more memory than there is",
                    text.len()
                ))
            })?;
        for _ in 0..len {
            out.push_str(text);
        }
        Ok(out)
    }

    // ---- J's index tables -----------------------------------------------

    /// Format a 2-D integer array J-style: right-aligned columns, one space apart.
    ///
    /// Rows are arrays of integers (booleans count as 0/1); a flat array is
    /// one row. Negative numbers print with J's `_`, as `_3`.
    ///
    /// Returns the table as text: the prompt shows it, a script prints it,
    /// `print(table(rows))`.
    #[rhai_fn(return_raw)]
    pub fn table(rows: Array) -> Result<String, Box<EvalAltResult>> {
        crate::script::matrix::format("table", &rows, crate::script::matrix::Flat::Row)
    }

    /// J `j`: the cells (0-based) of the 9 blocks, block by block, row-major inside.
    pub fn index_j() -> Array {
        index_table(&BOXES)
    }

    /// J `r`: for each of the 81 cells, the 9 cells of its row.
    pub fn index_rows() -> Array {
        index_table(&ROW_CELLS)
    }

    /// J `c`: for each of the 81 cells, the 9 cells of its column.
    pub fn index_cols() -> Array {
        index_table(&COL_CELLS)
    }

    /// J `b`: for each of the 81 cells, the 9 cells of its block.
    pub fn index_blocks() -> Array {
        index_table(&BOX_CELLS)
    }

    /// J `I`: for each cell, its 21 peers (row, then column, then block, first occurrence kept).
    pub fn peers() -> Array {
        index_table(&tables::PEERS)
    }

    /// J `R`: the 27 regions as cell indices, 9 blocks then 9 rows then 9 columns.
    pub fn region_index() -> Array {
        index_table(&tables::REGIONS)
    }
}

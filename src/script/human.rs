//! Script functions of the human-technique engine: `techniques`, `hint`,
//! `explain` and `se_rate`, Sudoku Explainer's steps and ratings. Steps
//! are maps with 1-based `[row, col, digit]` arrays.
//!
//! Only registration and conversion live here; the work is in
//! `crate::sudoku::human`.

use rhai::plugin::*;
use rhai::{Array, Map};

use crate::script::error;
use crate::sudoku::Grid;
use crate::sudoku::human::{self, CandidateGrid, Explanation, Step};
use crate::sudoku::solver;

mod rate_file;
use rate_file::rate_file_map;
pub(crate) use rate_file::{rate_head, rate_totals};

/// The human-technique functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

fn tenths(t: u8) -> Dynamic {
    Dynamic::from(rhai::FLOAT::from(t) / 10.0)
}

/// A candidate (cell 0..81, digit) as `[row, col, digit]`, 1-based.
fn cell_digit((c, d): (usize, u8)) -> Dynamic {
    Dynamic::from_array(vec![
        Dynamic::from((c / 9 + 1) as i64),
        Dynamic::from((c % 9 + 1) as i64),
        Dynamic::from(i64::from(d)),
    ])
}

fn cell_digits(list: &[(usize, u8)]) -> Array {
    list.iter().map(|&cd| cell_digit(cd)).collect()
}

pub(crate) fn step_map(s: &Step) -> Map {
    let mut m = Map::new();
    m.insert("technique".into(), Dynamic::from(s.technique.to_string()));
    m.insert("rating".into(), tenths(s.rating));
    m.insert("placed".into(), Dynamic::from_array(cell_digits(&s.placed)));
    m.insert(
        "removed".into(),
        Dynamic::from_array(cell_digits(&s.removed)),
    );
    let cells: Array = s
        .cells
        .iter()
        .map(|&c| {
            Dynamic::from_array(vec![
                Dynamic::from((c / 9 + 1) as i64),
                Dynamic::from((c % 9 + 1) as i64),
            ])
        })
        .collect();
    m.insert("cells".into(), Dynamic::from_array(cells));
    m.insert("text".into(), Dynamic::from(s.text.clone()));
    m.insert("exact".into(), Dynamic::from(s.exact));
    let links: Array = s
        .links
        .iter()
        .map(|l| {
            let mut link = Map::new();
            link.insert("from".into(), cell_digit(l.from));
            link.insert("to".into(), cell_digit(l.to));
            link.insert("strong".into(), Dynamic::from(l.strong));
            Dynamic::from_map(link)
        })
        .collect();
    m.insert("links".into(), Dynamic::from_array(links));
    m
}

/// The map that ends an explanation (or answers `hint`) when no
/// implemented technique applies: `stuck: true` and the reason as `text`.
fn stuck_map(text: &str) -> Map {
    let mut m = Map::new();
    m.insert("technique".into(), Dynamic::from("stuck".to_string()));
    m.insert("stuck".into(), Dynamic::from(true));
    m.insert("exact".into(), Dynamic::from(false));
    m.insert("placed".into(), Dynamic::from_array(Array::new()));
    m.insert("removed".into(), Dynamic::from_array(Array::new()));
    m.insert("cells".into(), Dynamic::from_array(Array::new()));
    m.insert("links".into(), Dynamic::from_array(Array::new()));
    m.insert("text".into(), Dynamic::from(text.to_string()));
    m
}

fn explanation_array(e: &Explanation) -> Array {
    let mut out: Array = e
        .steps
        .iter()
        .map(|s| Dynamic::from_map(step_map(s)))
        .collect();
    if let Some(why) = &e.stuck {
        out.push(Dynamic::from_map(stuck_map(why)));
    }
    out
}

/// The board of a grid, or the error naming the broken rule.
fn board(function: &str, g: &Grid) -> Result<CandidateGrid, Box<EvalAltResult>> {
    g.check().map_err(|e| error(format!("{function}: {e}")))?;
    Ok(CandidateGrid::from_grid(g))
}

/// A warning when the grid does not have exactly one solution.
fn solutions_warning(g: &Grid) -> Option<String> {
    match solver::count_solutions(g, 2).map(|c| c.solutions) {
        Ok(1) => None,
        Ok(0) => Some("the puzzle has no solution: steps follow the rules but lead nowhere".into()),
        Ok(_) => Some("the puzzle has two or more solutions: SE would not rate it".into()),
        Err(e) => Some(e.to_string()),
    }
}

/// The SE fields of a rating: `er`, `ep`, `ed` when known; otherwise
/// `er_at_least` and `unknown` (why), with `ep`/`ed` when already known.
fn rating_fields(r: &human::Rating, m: &mut Map) {
    match r.er {
        Some(er) => {
            m.insert("er".into(), tenths(er));
        }
        None => {
            m.insert("er_at_least".into(), tenths(r.er_at_least));
        }
    }
    if let Some(ep) = r.ep {
        m.insert("ep".into(), tenths(ep));
    }
    if let Some(ed) = r.ed {
        m.insert("ed".into(), tenths(ed));
    }
    if let Some(why) = &r.unknown {
        m.insert("unknown".into(), Dynamic::from(why.clone()));
    }
}

/// The SE fields `rate(g)` adds (the grid is known to break no rule):
/// `er`, `ep`, `ed` as `se_rate` gives them, each `()` when SE's figure is
/// not known here, then `er_at_least` and `unknown` say what is known and
/// why not more (also for a puzzle without exactly one solution, which SE
/// does not rate).
pub(crate) fn add_se_fields(g: &Grid, m: &mut Map) {
    for key in ["er", "ep", "ed"] {
        m.insert(key.into(), Dynamic::UNIT);
    }
    match human::se_rate(g) {
        Ok(r) => rating_fields(&r, m),
        Err(e) => {
            m.insert("unknown".into(), Dynamic::from(e.to_string()));
        }
    }
}

/// `hint` with Ctrl+C: a stopped search is an error, never a map that
/// looks like SE's next step or like "stuck".
fn hint_of(ctx: &NativeCallContext, b: &CandidateGrid) -> Result<Dynamic, Box<EvalAltResult>> {
    hint_staged(ctx, b, None)
}

/// The next step as a map, or with `stage` as that stage's text
/// (`Step::stage`); a stuck position's reason either way.
fn hint_staged(
    ctx: &NativeCallContext,
    b: &CandidateGrid,
    stage: Option<u8>,
) -> Result<Dynamic, Box<EvalAltResult>> {
    if b.is_solved() {
        return Ok(Dynamic::UNIT);
    }
    let monitor = crate::script::host::monitor(ctx);
    let found = human::hint_watched(b, &*monitor);
    drop(monitor);
    match found {
        Err(_) => Err(crate::script::host::stopped(
            ctx,
            "in hint (no step is known)".to_string(),
        )),
        Ok(Some(s)) => Ok(match stage {
            Some(level) => Dynamic::from(s.stage(level)),
            None => Dynamic::from_map(step_map(&s)),
        }),
        Ok(None) => {
            let why = human::stuck_reason(b, 0);
            Ok(match stage {
                Some(_) => Dynamic::from(why),
                None => Dynamic::from_map(stuck_map(&why)),
            })
        }
    }
}

/// A hint stage from a script's number: 1 and up (3 and up is the whole step).
fn stage_level(level: i64) -> Result<u8, Box<EvalAltResult>> {
    if level < 1 {
        return Err(error(format!(
            "hint: stage {level}: stages are 1 (where to look), 2 (which technique), 3 (the whole step)"
        )));
    }
    Ok(level.min(3) as u8)
}

/// Candidates named by a step: (cell 0..81, digit).
type Changes = Vec<(usize, u8)>;

/// The `placed` and `removed` lists of a step map (`[row, col, digit]`,
/// 1-based) as (cell 0..81, digit), or an error naming the bad entry.
fn step_changes(function: &str, step: &Map) -> Result<(Changes, Changes), Box<EvalAltResult>> {
    if step.get("stuck").is_some_and(|v| v.as_bool() == Ok(true)) {
        return Err(error(format!(
            "{function}: this hint is stuck: it places no digit and removes no candidate"
        )));
    }
    let list = |key: &str| -> Result<Changes, Box<EvalAltResult>> {
        let Some(v) = step.get(key) else {
            return Err(error(format!(
                "{function}: the step has no {key}: give a map of hint or explain"
            )));
        };
        let Some(items) = v.clone().try_cast::<Array>() else {
            return Err(error(format!(
                "{function}: the step's {key} must be an array; got {}",
                v.type_name()
            )));
        };
        items
            .iter()
            .enumerate()
            .map(|(k, item)| {
                let numbers: Option<Vec<i64>> = item
                    .clone()
                    .try_cast::<Array>()
                    .and_then(|a| a.iter().map(|x| x.as_int().ok()).collect());
                match numbers.as_deref() {
                    Some(&[r, c, d]) if [r, c, d].iter().all(|x| (1..=9).contains(x)) => {
                        Ok((((r - 1) * 9 + c - 1) as usize, d as u8))
                    }
                    _ => Err(error(format!(
                        "{function}: the step's {key}[{k}] is {item}: give [row, col, digit] with numbers 1 to 9"
                    ))),
                }
            })
            .collect()
    };
    Ok((list("placed")?, list("removed")?))
}

/// `explain` with Ctrl+C: a stopped walk is an error naming how far it
/// got, never an array that looks complete.
fn explain_stoppable(
    ctx: &NativeCallContext,
    b: &CandidateGrid,
) -> Result<Array, Box<EvalAltResult>> {
    let monitor = crate::script::host::monitor(ctx);
    let e = human::explain_with(b, &*monitor);
    drop(monitor);
    if e.stopped {
        return Err(crate::script::host::stopped(
            ctx,
            format!(
                "in explain after {} steps (the path is not finished)",
                e.steps.len()
            ),
        ));
    }
    Ok(explanation_array(&e))
}

/// The position where the technique `name` is next on SE's path from `b`.
fn before(
    ctx: &NativeCallContext,
    b: &CandidateGrid,
    name: &str,
) -> Result<CandidateGrid, Box<EvalAltResult>> {
    let monitor = crate::script::host::monitor(ctx);
    let found = human::position_before(b, name, &*monitor);
    drop(monitor);
    if let Err(human::PositionError::Stopped { .. }) = &found {
        crate::script::host::host(ctx).take_cancel();
    }
    found
        .map(|f| f.position)
        .map_err(|e| error(format!("position_before: {e}")))
}

#[export_module(manifest)]
pub mod api {
    use rhai::{Array, Map};

    use super::{
        before, board, explain_stoppable, hint_of, rate_file_map, se_rate_map, solutions_warning,
        step_changes, tenths,
    };
    use crate::script::error;
    use crate::sudoku::Grid;
    use crate::sudoku::hui::Candidates;
    use crate::sudoku::human::{self, CandidateGrid};

    /// The implemented techniques in Sudoku Explainer's order, as maps (name, rating, note).
    ///
    /// `rating` is SE's base rating; `note` says what varies it. Every
    /// technique SE's serate tries is here, up to its nested forcing
    /// chains with dynamic chains inside (10.5 and up); where none applies
    /// to a puzzle with one solution, `se_rate` gives SE's 20.0 ("Beyond
    /// solver").
    pub fn techniques() -> Array {
        human::techniques()
            .iter()
            .map(|t| {
                let mut m = Map::new();
                m.insert("name".into(), Dynamic::from(t.name.to_string()));
                m.insert("rating".into(), tenths(t.rating));
                m.insert("note".into(), Dynamic::from(t.note.to_string()));
                Dynamic::from_map(m)
            })
            .collect()
    }

    /// The step Sudoku Explainer would take next, as a map; () when the grid is full.
    ///
    /// Keys: `technique` (SE's name), `rating` (SE's, e.g. 2.6), `placed`
    /// and `removed` (arrays of `[row, col, digit]`, 1-based), `cells`
    /// (`[row, col]` of the pattern), `text` (one line), `exact` (false when
    /// SE tries a technique not implemented here first, so SE might take
    /// another step), `links` (a chain's links, `#{from, to, strong}` with
    /// `[row, col, digit]` ends; empty for other patterns). `svg(step, g)`
    /// draws it. When no implemented technique applies the map has
    /// `stuck: true` and says so in `text`. A puzzle without exactly one
    /// solution still gets a hint, with a `warning`.
    /// Example: `hint(ym).text`
    #[rhai_fn(name = "hint", return_raw)]
    pub fn hint_grid(ctx: NativeCallContext, g: Grid) -> Result<Dynamic, Box<EvalAltResult>> {
        let b = board("hint", &g)?;
        let mut h = hint_of(&ctx, &b)?;
        if let (Some(w), Some(mut m)) = (solutions_warning(&g), h.clone().try_cast::<Map>()) {
            m.insert("warning".into(), Dynamic::from(w));
            h = Dynamic::from_map(m);
        }
        Ok(h)
    }

    /// The step Sudoku Explainer would take next from your pencil marks; () when none are left.
    ///
    /// Same map as `hint(grid)`. A cell with no candidates counts as filled.
    /// Example: `hint(free(ym))`
    #[rhai_fn(name = "hint", return_raw)]
    pub fn hint_candidates(
        ctx: NativeCallContext,
        c: Candidates,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        hint_of(&ctx, &CandidateGrid::from_candidates(&c))
    }

    /// The next step as a hint in stages, as Sudoku Explainer gives them: 1 where to look, 2 which technique, 3 the whole step.
    ///
    /// Stage 1 names the houses the step's cells share (else their
    /// blocks) and its digit when it is about one; stage 2 adds the
    /// technique and its rating; stage 3 is the step's `text` (what it
    /// places or removes). A string; () when the grid is full; the reason
    /// when no implemented technique applies.
    /// Example: `hint(su21_99, 1)`
    #[rhai_fn(name = "hint", return_raw)]
    pub fn hint_grid_stage(
        ctx: NativeCallContext,
        g: Grid,
        stage: i64,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        let level = stage_level(stage)?;
        let b = board("hint", &g)?;
        hint_staged(&ctx, &b, Some(level))
    }

    /// The next step from your pencil marks as a hint in stages (see `hint(grid, stage)`).
    ///
    /// Example: `hint(free(ym), 2)`
    #[rhai_fn(name = "hint", return_raw)]
    pub fn hint_candidates_stage(
        ctx: NativeCallContext,
        c: Candidates,
        stage: i64,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        let level = stage_level(stage)?;
        hint_staged(&ctx, &CandidateGrid::from_candidates(&c), Some(level))
    }

    /// Every step to the solution, as an array of `hint` maps.
    ///
    /// When no implemented technique applies before the grid is full, the
    /// last map has `stuck: true` and its `text` says what is missing: the
    /// array is then not a complete solution.
    /// Example: `for s in explain(ym) { print(s.text) }`
    #[rhai_fn(name = "explain", return_raw)]
    pub fn explain_grid(ctx: NativeCallContext, g: Grid) -> Result<Array, Box<EvalAltResult>> {
        let b = board("explain", &g)?;
        explain_stoppable(&ctx, &b)
    }

    /// Every step from your pencil marks on, as an array of `hint` maps (see `explain(grid)`).
    #[rhai_fn(name = "explain", return_raw)]
    pub fn explain_candidates(
        ctx: NativeCallContext,
        c: Candidates,
    ) -> Result<Array, Box<EvalAltResult>> {
        explain_stoppable(&ctx, &CandidateGrid::from_candidates(&c))
    }

    /// Sudoku Explainer's rating of every puzzle of a file, one `serate` line each (see `puzzlelab rate`).
    ///
    /// Returns a map: `lines` (one per puzzle, in input order, `PUZZLE
    /// ER/EP/ED` as `serate --format='%g %r/%p/%d'` prints it; a figure
    /// not known here is `>=X`, SE's is at least X, or `?`; a puzzle SE does
    /// not rate is `PUZZLE -/-/- WHY` and is named as file:line in
    /// `not_rated`), `puzzles`, `exact` (all three figures SE's), `bounded`,
    /// `unrated`, `errors` (bad lines), `stopped`. Options: `threads` (0 =
    /// all cores), `out` (write the lines to this file, replaced only when
    /// the run is complete), `shard: "K/N"` (rate every N-th puzzle; with
    /// `out` the part `OUT.K-of-N` for `merge_shards`). Ctrl+C keeps the
    /// lines so far with `stopped: true`, notes that they are partial and
    /// writes nothing.
    /// Example: `rate_file("scripts/data/17clue.txt", #{threads: 1}).lines[0]`
    #[rhai_fn(return_raw)]
    pub fn rate_file(
        ctx: NativeCallContext,
        path: &str,
        options: Map,
    ) -> Result<Map, Box<EvalAltResult>> {
        rate_file_map(&ctx, path, options)
    }

    /// Sudoku Explainer's rating of every puzzle of a file (see `rate_file(path, options)`).
    #[rhai_fn(name = "rate_file", return_raw)]
    pub fn rate_file_plain(ctx: NativeCallContext, path: &str) -> Result<Map, Box<EvalAltResult>> {
        rate_file_map(&ctx, path, Map::new())
    }

    /// The pencil marks after a step of `hint` or `explain`: its candidates removed, its digits placed.
    ///
    /// A placed digit fills its cell and leaves the cell's peers, as the
    /// engine applies it. A step naming a candidate `c` does not have was
    /// found on another position, and is refused (so is a `stuck` hint).
    /// Walk a path: `c = apply(hint(c), c)`.
    /// Example: `let c = free(su21_99); apply(hint(c), c)`
    #[rhai_fn(name = "apply", return_raw)]
    pub fn apply_candidates(step: Map, c: Candidates) -> Result<Candidates, Box<EvalAltResult>> {
        let (placed, removed) = step_changes("apply", &step)?;
        human::apply_step(&CandidateGrid::from_candidates(&c), &placed, &removed)
            .map(|b| b.candidates())
            .map_err(|e| error(format!("apply: {e}")))
    }

    /// The grid after a step of `hint(g)` that places digits (a grid holds no removed candidates).
    ///
    /// A step that removes candidates is refused: apply it to the pencil
    /// marks, `apply(step, free(g))`. A placed digit must be a candidate of
    /// its cell in `g`.
    /// Example: `apply(hint(ym), ym)`
    #[rhai_fn(name = "apply", return_raw)]
    pub fn apply_grid(step: Map, g: Grid) -> Result<Grid, Box<EvalAltResult>> {
        let b = board("apply", &g)?;
        let (placed, removed) = step_changes("apply", &step)?;
        if !removed.is_empty() {
            return Err(error(
                "apply: the step removes candidates, which a grid cannot hold: apply it to the pencil marks, apply(step, free(g))",
            ));
        }
        human::apply_step(&b, &placed, &removed).map_err(|e| error(format!("apply: {e}")))?;
        let mut out = g;
        for (c, d) in placed {
            out.set(c, d);
        }
        Ok(out)
    }

    /// The pencil marks where technique `name` is SE's next step on the path from `g`.
    ///
    /// Walks `explain(g)`, applying each step, until the next step's
    /// technique is `name` (any case; a name without its last words
    /// matches them, so "Unique Rectangle" finds every type). Then
    /// `hint(c)` is that step. An error lists the path's techniques when
    /// it never comes. Ctrl+C stops the walk.
    /// Example: `let c = position_before(su21_99, "Naked Pair"); hint(c).technique`
    #[rhai_fn(name = "position_before", return_raw)]
    pub fn position_before_grid(
        ctx: NativeCallContext,
        g: Grid,
        name: &str,
    ) -> Result<Candidates, Box<EvalAltResult>> {
        let b = board("position_before", &g)?;
        before(&ctx, &b, name).map(|b| b.candidates())
    }

    /// The pencil marks where technique `name` is SE's next step on the path from `c` (see `position_before(grid, name)`).
    #[rhai_fn(name = "position_before", return_raw)]
    pub fn position_before_candidates(
        ctx: NativeCallContext,
        c: Candidates,
        name: &str,
    ) -> Result<Candidates, Box<EvalAltResult>> {
        before(&ctx, &CandidateGrid::from_candidates(&c), name).map(|b| b.candidates())
    }

    /// Sudoku Explainer's rating #{er, ep, ed, steps} of a puzzle with one solution.
    ///
    /// ER is the hardest step of SE's path, EP the hardest up to the first
    /// placed digit, ED the first step's rating. They are given only when
    /// every step is one SE would take (see `exact` in `hint`). Otherwise
    /// the map has `er_at_least` (SE's ER is at least this: the hardest
    /// step before the path leaves what is implemented), `ep`/`ed` when
    /// already known, and `unknown` saying why ER is not known. A grid
    /// that breaks the rules, or has no or several solutions, is an error.
    /// Example: `se_rate(ym).er`
    #[rhai_fn(return_raw)]
    pub fn se_rate(ctx: NativeCallContext, g: Grid) -> Result<Map, Box<EvalAltResult>> {
        g.check().map_err(|e| error(format!("se_rate: {e}")))?;
        let monitor = crate::script::host::monitor(&ctx);
        let r = human::se_rate_with(&g, &*monitor);
        let stopped = monitor.cancelled();
        drop(monitor);
        se_rate_map(&ctx, stopped, r)
    }

    /// Sudoku Explainer's rating of pencil marks (as `serate` rates their Sukaku line): `se_rate(free(g))` is `se_rate(g)`.
    ///
    /// Cells with no candidates are filled, as in `free`. A position with
    /// no solution or several is an error.
    /// Example: `se_rate(free(ym)).er`
    #[rhai_fn(name = "se_rate", return_raw)]
    pub fn se_rate_candidates(
        ctx: NativeCallContext,
        c: Candidates,
    ) -> Result<Map, Box<EvalAltResult>> {
        let monitor = crate::script::host::monitor(&ctx);
        let r = human::se_rate_position(&CandidateGrid::from_candidates(&c), &*monitor);
        let stopped = monitor.cancelled();
        drop(monitor);
        se_rate_map(&ctx, stopped, r)
    }

    /// How hard pencil marks are, as a map: `solutions` (0, 1, or 2 for two or more) and SE's `er`, `ep`, `ed` as `rate(g)` gives them.
    ///
    /// Cells with no candidates are filled, as in `free`. The fast
    /// solver's `guesses`, `technique`, `level` and `placed` are a grid's
    /// (`rate(g)`). Ctrl+C stops it with an error.
    /// Example: `rate(free(ym)).er`
    #[rhai_fn(name = "rate", return_raw)]
    pub fn rate_candidates(
        ctx: NativeCallContext,
        c: Candidates,
    ) -> Result<Map, Box<EvalAltResult>> {
        position_rate(&ctx, &CandidateGrid::from_candidates(&c))
    }

    /// How hard a puzzle line (as `rate(grid(text))`) or a 729-character pencil-mark line (as `rate(candidates)`) is.
    ///
    /// A pencil-mark line is read as `se_rate` reads it (a cell of nine
    /// `.` is an error naming it).
    /// Example: `rate(line(ym, free(ym))).er`
    #[rhai_fn(name = "rate", return_raw)]
    pub fn rate_text(ctx: NativeCallContext, text: &str) -> Result<Map, Box<EvalAltResult>> {
        if text.chars().filter(|c| !c.is_whitespace()).count() != 729 {
            let mut g = Grid::parse(text).map_err(|e| error(format!("rate: {e}")))?;
            return crate::script::solver::api::rate(&mut g);
        }
        let b = CandidateGrid::from_pencil_line(text).map_err(|e| error(format!("rate: {e}")))?;
        position_rate(&ctx, &b)
    }

    /// Sudoku Explainer's rating of a puzzle line or Sukaku Explainer's 729-character pencil-mark line (as `serate` rates it).
    ///
    /// An 81-cell line is rated as `se_rate(grid)`. In a 729-character line
    /// each cell has nine places, digit `d` at place `d` or `.`; a cell
    /// with one candidate that no peer holds is a given (so a puzzle's
    /// initial candidates rate as the puzzle), a cell with none is an error
    /// naming it.
    /// Example: `se_rate(practice("X-Wing").line).er`
    #[rhai_fn(name = "se_rate", return_raw)]
    pub fn se_rate_text(ctx: NativeCallContext, text: &str) -> Result<Map, Box<EvalAltResult>> {
        let n = text.chars().filter(|c| !c.is_whitespace()).count();
        if n != 729 {
            let g = Grid::parse(text).map_err(|e| error(format!("se_rate: {e}")))?;
            return se_rate(ctx, g);
        }
        let b =
            CandidateGrid::from_pencil_line(text).map_err(|e| error(format!("se_rate: {e}")))?;
        let monitor = crate::script::host::monitor(&ctx);
        let r = human::se_rate_position(&b, &*monitor);
        let stopped = monitor.cancelled();
        drop(monitor);
        se_rate_map(&ctx, stopped, r)
    }
}

/// `rate` of a pencil-mark position: its solutions (to two) and SE's
/// figures, `()` with `unknown` saying why when not known.
fn position_rate(ctx: &NativeCallContext, b: &CandidateGrid) -> Result<Map, Box<EvalAltResult>> {
    let monitor = crate::script::host::monitor(ctx);
    let r = human::se_rate_position(b, &*monitor);
    let stopped = monitor.cancelled();
    drop(monitor);
    if stopped {
        return Err(crate::script::host::stopped(
            ctx,
            "in rate: no rating (the path was not finished)",
        ));
    }
    let mut m = Map::new();
    for key in ["er", "ep", "ed"] {
        m.insert(key.into(), Dynamic::UNIT);
    }
    let solutions: i64 = match &r {
        Ok(_) => 1,
        Err(human::RateError::Multiple) => 2,
        Err(_) => 0,
    };
    m.insert("solutions".into(), Dynamic::from(solutions));
    match r {
        Ok(r) => rating_fields(&r, &mut m),
        Err(e) => {
            m.insert("unknown".into(), Dynamic::from(e.to_string()));
        }
    }
    Ok(m)
}

/// `se_rate`'s answer: the rating as a map, or the stop or error.
fn se_rate_map(
    ctx: &NativeCallContext,
    stopped: bool,
    r: Result<human::Rating, human::RateError>,
) -> Result<Map, Box<EvalAltResult>> {
    if stopped {
        return Err(crate::script::host::stopped(
            ctx,
            "in se_rate: no rating (the path was not finished)",
        ));
    }
    let r = r.map_err(|e| error(format!("se_rate: {e}")))?;
    let mut m = Map::new();
    rating_fields(&r, &mut m);
    m.insert("steps".into(), Dynamic::from(r.steps as i64));
    Ok(m)
}

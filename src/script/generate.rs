//! Script functions for making puzzles: minimality (`is_minimal`,
//! `minimize`, `redundant_clues`) and the generator (`generate`).

use rhai::Module;
use rhai::plugin::*;

/// The puzzle-making functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// A rating given as a number (7 or 7.0) in tenths, or an error.
fn rating_of(
    function: &str,
    key: &str,
    map: &mut crate::script::options::Options,
) -> Result<Option<u8>, Box<rhai::EvalAltResult>> {
    let Some(v) = map.value(key) else {
        return Ok(None);
    };
    let x = if let Some(f) = v.clone().try_cast::<rhai::FLOAT>() {
        f
    } else if let Some(i) = v.clone().try_cast::<i64>() {
        i as rhai::FLOAT
    } else {
        return Err(crate::script::error(format!(
            "{function}: {key} is a {}; give a rating such as 7.0",
            v.type_name()
        )));
    };
    if !(0.0..=20.0).contains(&x) {
        return Err(crate::script::error(format!(
            "{function}: {key} {x} is out of range: SE's ratings run from 0.0 to 20.0"
        )));
    }
    Ok(Some((x * 10.0).round() as u8))
}

/// The rating range of `min_er`, `max_er`, `min_ep`, `min_ed`, if any.
pub(crate) fn rating_range(
    function: &str,
    map: &mut crate::script::options::Options,
) -> Result<Option<crate::sudoku::generate::RatingRange>, Box<rhai::EvalAltResult>> {
    let min_er = rating_of(function, "min_er", map)?;
    let max_er = rating_of(function, "max_er", map)?;
    let min_ep = rating_of(function, "min_ep", map)?;
    let min_ed = rating_of(function, "min_ed", map)?;
    if min_er.is_none() && max_er.is_none() && min_ep.is_none() && min_ed.is_none() {
        return Ok(None);
    }
    let d = crate::sudoku::generate::RatingRange::default();
    Ok(Some(crate::sudoku::generate::RatingRange {
        min_er: min_er.unwrap_or(d.min_er),
        max_er: max_er.unwrap_or(d.max_er),
        min_ep: min_ep.unwrap_or(d.min_ep),
        min_ed: min_ed.unwrap_or(d.min_ed),
    }))
}

/// The `seconds` option as a time limit.
pub(crate) fn seconds(
    function: &str,
    map: &mut crate::script::options::Options,
) -> Result<Option<std::time::Duration>, Box<rhai::EvalAltResult>> {
    Ok(map
        .int("seconds", 1..=1_000_000)
        .map_err(|e| crate::script::error(format!("{function}: {e}")))?
        .map(|n| std::time::Duration::from_secs(n as u64)))
}

#[export_module(manifest)]
pub mod api {
    use rhai::{Array, Map};

    use crate::script::error;
    use crate::script::host::{monitor, stopped};
    use crate::script::options::Options as OptionsMap;
    use crate::sudoku::Grid;
    use crate::sudoku::generate::{self, GenerateError, Options, Symmetry};
    use crate::sudoku::hui::Candidates;
    use crate::sudoku::minimal::{self, MinimalError};
    use crate::sudoku::practice;

    use super::{rating_range, seconds};

    fn fail(function: &str, e: MinimalError) -> Box<EvalAltResult> {
        error(format!("{function}: {e}"))
    }

    /// True when the puzzle has one solution and every clue is needed.
    ///
    /// A puzzle without exactly one solution is an error saying whether it
    /// has none or several. Example: `is_minimal(ym)` is false.
    #[rhai_fn(pure, return_raw)]
    pub fn is_minimal(g: &mut Grid) -> Result<bool, Box<EvalAltResult>> {
        minimal::is_minimal(g).map_err(|e| fail("is_minimal", e))
    }

    /// The clues that could each be taken away alone, as cell indexes (0 = r1c1, 80 = r9c9).
    ///
    /// Taking two of them away together may lose uniqueness; `minimize`
    /// takes away as many as can go. Use `g[i] = 0` to clear one.
    /// Example: `redundant_clues(ym).len()`
    #[rhai_fn(pure, return_raw)]
    pub fn redundant_clues(g: &mut Grid) -> Result<Array, Box<EvalAltResult>> {
        let cells = minimal::redundant_clues(g).map_err(|e| fail("redundant_clues", e))?;
        Ok(cells.into_iter().map(|c| Dynamic::from(c as i64)).collect())
    }

    /// A minimal puzzle with the same solution: clues taken away in a random order (seed 0).
    ///
    /// Same as `minimize(g, 0)`.
    #[rhai_fn(name = "minimize", return_raw)]
    pub fn minimize_default(ctx: NativeCallContext, g: Grid) -> Result<Grid, Box<EvalAltResult>> {
        minimize(ctx, g, 0)
    }

    /// A minimal puzzle with the same solution, clues taken away in the order `seed` shuffles them.
    ///
    /// Each clue in turn goes for good when the puzzle stays unique. The same
    /// seed gives the same puzzle; other seeds often give other minimal
    /// puzzles (with other clue counts). Ctrl+C stops it (no puzzle returned).
    /// Example: `minimize(ym, 7)`
    #[rhai_fn(name = "minimize", return_raw)]
    pub fn minimize(
        ctx: NativeCallContext,
        g: Grid,
        seed: i64,
    ) -> Result<Grid, Box<EvalAltResult>> {
        let seed = check_seed("minimize", seed)?;
        let monitor = monitor(&ctx);
        let mut rng = generate::rng_for(seed, 0);
        let result = minimal::minimize(&g, &mut rng, &*monitor);
        drop(monitor);
        match result {
            Ok(p) => Ok(p),
            Err(MinimalError::Stopped { done, total }) => Err(stopped(
                &ctx,
                format!("in minimize after {done} of {total} clues: no puzzle returned"),
            )),
            Err(e) => Err(fail("minimize", e)),
        }
    }

    /// A practice puzzle for one technique: `#{puzzle, position, step, line}`, seed 0 (see `practice(name, options)`).
    #[rhai_fn(name = "practice", return_raw)]
    pub fn practice_default(ctx: NativeCallContext, name: &str) -> Result<Map, Box<EvalAltResult>> {
        practice(ctx, name, Map::new())
    }

    /// A puzzle whose Sudoku Explainer path takes a step of technique `name`, with the position just before it.
    ///
    /// Returns `#{puzzle, position, step, line}`: the puzzle (unique,
    /// minimal; for the two techniques made only as pencil-mark puzzles,
    /// below, its Candidates), `position` (the pencil marks on SE's path just before the
    /// step: `hint(position)` is `step`), `step` (a `hint` map whose
    /// technique is `name`), `line` (the position as Sukaku Explainer's
    /// 729-character pencil-mark line, filled cells showing their digit).
    /// `name` is one of `techniques()` up to 8.9 (any case; "Unique
    /// Rectangle" takes every type); an unknown name gets the list and the
    /// closest names; Direct Claiming, "(2 Strong Links) X-Loop", plain or
    /// grouped, "Turbot Fish" (the 6.6 chain) and "Generalized X-Wing",
    /// never SE's next step (an easier step always comes first), are
    /// refused at once with why. The rarest ("(4 Strong Links) Grouped
    /// X-Loop") start from a catalogue of seed puzzles: a random isomorph of
    /// a seed or of a neighbour, walked again to check the step. No puzzle
    /// with givens has been seen to reach "Bidirectional X-Cycle" or
    /// "Forcing X-Chain" as SE's next step: those come as pencil-mark
    /// puzzles (Sukaku Explainer's, one solution, the step their first),
    /// a random isomorph of a seed, with no symmetry. Options:
    /// `seed`, `symmetry`, `clues` as for `generate` (with a symmetry the
    /// seeds are not used), `seconds` (give up after this long, default 60:
    /// a technique rare on SE's paths gets an error saying none was found
    /// in that time). Ctrl+C stops it. The same seed gives the same puzzle.
    /// Example: `practice("X-Wing", #{seed: 2}).step.technique`
    /// Example: `let p = practice("Naked Pair"); hint(p.position).technique`
    #[rhai_fn(name = "practice", return_raw)]
    pub fn practice(
        ctx: NativeCallContext,
        name: &str,
        options: Map,
    ) -> Result<Map, Box<EvalAltResult>> {
        let mut map = OptionsMap::new(
            "practice",
            options,
            &["seed", "symmetry", "clues", "seconds"],
        )?;
        let mut o = Options {
            seed: map.int("seed", 0..=i64::MAX)?.unwrap_or(0) as u64,
            tries: u64::MAX,
            ..Options::default()
        };
        if let Some(name) = map.string("symmetry")? {
            o.symmetry = Symmetry::parse(&name).ok_or_else(|| {
                error(format!(
                    "practice: symmetry {name:?} is unknown (see help(\"generate\"))"
                ))
            })?;
        }
        o.clues = map.int("clues", 0..=81)?.map(|n| n as usize);
        o.time_limit = seconds("practice", &mut map)?;
        let monitor = monitor(&ctx);
        let result = practice::practice(name, &o, &*monitor);
        drop(monitor);
        let p = match result {
            Ok(p) => p,
            Err(GenerateError::Stopped { tries }) => {
                return Err(stopped(
                    &ctx,
                    format!("in practice after {tries} puzzles: no puzzle was made"),
                ));
            }
            Err(e) => return Err(error(format!("practice: {e}"))),
        };
        let mut m = Map::new();
        // A pencil-mark puzzle is Candidates, as `read_puzzles` reads its line.
        let puzzle = match p.marks {
            Some(marks) => Dynamic::from(marks.candidates()),
            None => Dynamic::from(p.puzzle),
        };
        m.insert("puzzle".into(), puzzle);
        m.insert("position".into(), Dynamic::from(p.position.candidates()));
        m.insert(
            "step".into(),
            Dynamic::from_map(crate::script::human::step_map(&p.step)),
        );
        m.insert("line".into(), Dynamic::from(p.position.pencil_line()));
        Ok(m)
    }

    /// The digits each cell holds in at least one solution (the union over all solutions), as Candidates (see `true_candidates(g, options)`).
    #[rhai_fn(name = "true_candidates", return_raw)]
    pub fn true_candidates_default(
        ctx: NativeCallContext,
        g: Grid,
    ) -> Result<Candidates, Box<EvalAltResult>> {
        true_candidates(ctx, g, Map::new())
    }

    /// The digits each empty cell holds in at least one solution, as Candidates drawn like `free(g)`.
    ///
    /// A digit is a true candidate when the puzzle with it placed still
    /// has a solution; each solution found marks all its digits at once.
    /// For a puzzle with one solution these are the solution's digits; with
    /// none, no candidates at all. Option `limit`: solver calls allowed
    /// (default 10,000; at most one per candidate of `free(g)`, so 729
    /// always suffices). When the limit (or Ctrl+C) stops it first, the
    /// answer is an error saying how many candidates were left undecided,
    /// never a partial grid that looks complete. `svg(true_candidates(g))`
    /// draws them.
    /// Example: `true_candidates(ym)`
    /// Example: `let g = ym; g[0] = 0; g[1] = 0; true_candidates(g, #{limit: 100})`
    #[rhai_fn(name = "true_candidates", return_raw)]
    pub fn true_candidates(
        ctx: NativeCallContext,
        g: Grid,
        options: Map,
    ) -> Result<Candidates, Box<EvalAltResult>> {
        let mut map = OptionsMap::new("true_candidates", options, &["limit"])?;
        let limit = map.int("limit", 1..=i64::MAX)?.unwrap_or(10_000) as u64;
        let monitor = monitor(&ctx);
        let result = crate::sudoku::true_candidates::true_candidates(&g, limit, &*monitor);
        let cancelled = monitor.cancelled();
        drop(monitor);
        let t = result.map_err(|e| error(format!("true_candidates: {e}")))?;
        if t.exact {
            return Ok(t.candidates);
        }
        let why = format!(
            "after {} solver calls, {} candidates of free(g) undecided: the union over all solutions is not known",
            t.searches, t.undecided
        );
        if cancelled {
            return Err(stopped(&ctx, format!("in true_candidates {why}")));
        }
        Err(error(format!(
            "true_candidates: limit {limit} reached {why}; give a larger limit (729 always suffices)"
        )))
    }

    fn check_seed(function: &str, seed: i64) -> Result<u64, Box<EvalAltResult>> {
        u64::try_from(seed).map_err(|_| {
            error(format!(
                "{function}: seed {seed} is negative: give 0 or more"
            ))
        })
    }

    /// A random minimal puzzle with one solution, from seed 0: same as `generate(#{})`.
    #[rhai_fn(name = "generate", return_raw)]
    pub fn generate_default(ctx: NativeCallContext) -> Result<Grid, Box<EvalAltResult>> {
        generate(ctx, Map::new())
    }

    /// A random puzzle with one solution, minimal unless a pattern is given; options in a map.
    ///
    /// Options: `seed` (0 or more, default 0: the same seed gives the same
    /// puzzle on every machine; it is puzzle 1 of `puzzlelab generate N
    /// --seed S`), `symmetry` (Sudoku Explainer's names: `none`, `180°
    /// rotational` (also `central`, `180`), `90° rotational` (`90`),
    /// `vertical` (`mirror`), `horizontal`, `diagonal` (rising, r9c1-r1c9),
    /// `anti-diagonal` (falling, r1c1-r9c9), `bi-diagonal`, `orthogonal`,
    /// `full`; clues go in symmetric groups, so no group can go but a
    /// single clue might), `clues` (at most this many, 17 or more: grids are
    /// tried until one gives such a puzzle), `pattern` (81 cells of `x` and
    /// `.`: fill exactly those cells from a random grid, then change digits
    /// one at a time, never raising the count of solutions, until one is
    /// left; unique, not always minimal), `tries`
    /// (random grids before giving up, default 1000; with a rating range,
    /// puzzles rated, default 1,000,000), `min_er`/`max_er` (Sudoku
    /// Explainer's ER as `se_rate` gives it, e.g. 7.0 and 8.0: only
    /// puzzles rated in that range; hard ones are searched for by mutating
    /// a puzzle rated close below the range, one clue group at a time,
    /// keeping it unique and minimal), `min_ep`, `min_ed` (EP and ED at
    /// least this), `seconds` (give up after this long).
    /// The solution grid is drawn by a randomized complete search: close to
    /// uniform, not exactly (see docs/benchmarks.md). Ctrl+C stops it.
    /// Example: `generate(#{seed: 3, symmetry: "central", clues: 26})`
    /// Example: `se_rate(generate(#{seed: 1, min_er: 7.0, max_er: 8.0})).er`
    #[rhai_fn(name = "generate", return_raw)]
    pub fn generate(ctx: NativeCallContext, options: Map) -> Result<Grid, Box<EvalAltResult>> {
        let mut map = OptionsMap::new(
            "generate",
            options,
            &[
                "seed", "symmetry", "clues", "pattern", "tries", "min_er", "max_er", "min_ep",
                "min_ed", "seconds",
            ],
        )?;
        let mut o = Options {
            seed: map.int("seed", 0..=i64::MAX)?.unwrap_or(0) as u64,
            ..Options::default()
        };
        if let Some(name) = map.string("symmetry")? {
            o.symmetry = Symmetry::parse(&name).ok_or_else(|| {
                let known: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
                error(format!(
                    "generate: symmetry {name:?} is unknown; known: {} (also central, 180, \
                     90, mirror)",
                    known.join(", ")
                ))
            })?;
        }
        o.clues = map.int("clues", 0..=81)?.map(|n| n as usize);
        if let Some(text) = map.string("pattern")? {
            o.pattern =
                Some(generate::parse_pattern(&text).map_err(|e| error(format!("generate: {e}")))?);
        }
        o.rating = rating_range("generate", &mut map)?;
        if o.rating.is_some() {
            o.tries = generate::RATED_TRIES;
        }
        if let Some(t) = map.int("tries", 1..=1_000_000_000)? {
            o.tries = t as u64;
        }
        o.time_limit = seconds("generate", &mut map)?;
        let monitor = monitor(&ctx);
        let result = generate::generate(&o, &*monitor);
        drop(monitor);
        match result {
            Ok(g) => Ok(g.puzzle),
            Err(GenerateError::Stopped { tries }) => Err(stopped(
                &ctx,
                format!("in generate after {tries} tries: no puzzle was made"),
            )),
            Err(e) => Err(error(format!("generate: {e}"))),
        }
    }
}

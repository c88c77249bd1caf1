//! Script functions for making puzzles: minimality (`is_minimal`,
//! `minimize`, `redundant_clues`) and the generator (`generate`).

use rhai::Module;
use rhai::plugin::*;

/// The puzzle-making functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

#[export_module(manifest)]
pub mod api {
    use rhai::{Array, Map};

    use crate::script::error;
    use crate::script::host::{monitor, stopped};
    use crate::script::options::Options as OptionsMap;
    use crate::sudoku::Grid;
    use crate::sudoku::generate::{self, GenerateError, Options, Symmetry};
    use crate::sudoku::minimal::{self, MinimalError};

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
    /// (random grids before giving up, default 1000). `min_er`/`max_er`
    /// (the SE rating) arrive with the SE rating; not yet.
    /// The solution grid is drawn by a randomized complete search: close to
    /// uniform, not exactly (see docs/benchmarks.md). Ctrl+C stops it.
    /// Example: `generate(#{seed: 3, symmetry: "central", clues: 26})`
    #[rhai_fn(name = "generate", return_raw)]
    pub fn generate(ctx: NativeCallContext, options: Map) -> Result<Grid, Box<EvalAltResult>> {
        let mut map = OptionsMap::new(
            "generate",
            options,
            &[
                "seed", "symmetry", "clues", "pattern", "tries", "min_er", "max_er",
            ],
        )?;
        for key in ["min_er", "max_er"] {
            if map.value(key).is_some() {
                return Err(error(format!(
                    "generate: option {key} filters by the Sudoku Explainer rating, which \
                     arrives with the SE rating (not in puzzlelab yet)"
                )));
            }
        }
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
        if let Some(t) = map.int("tries", 1..=1_000_000_000)? {
            o.tries = t as u64;
        }
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

//! The Rhai layer: registers each domain's types and functions into an
//! engine, and nothing else. One file per domain, each a Rhai plugin module
//! whose `///` comments are the help text the REPL shows.
//!
//! Adding functions: write them in the domain file's `api` module with a doc
//! comment (first line a one-line summary), named parameters, and errors as
//! `Result<_, Box<EvalAltResult>>` made with [`error`]. Nothing else needs to
//! change: `help` reads the metadata of every domain module.

use std::sync::atomic::Ordering;

use rhai::{Dynamic, Engine, EvalAltResult, Module, Position, Scope, Shared};

use crate::monitor::INTERRUPTED;

pub mod help;
pub mod input;
pub mod monitor;
pub mod session;

mod grid;
mod pentomino;
mod polyomino;
mod sat;
mod similarity;
mod solver;
mod sudoku;
mod svg;

/// A group of script functions, as `help` lists them.
pub struct Domain {
    /// Short name shown as a heading in `help`.
    pub name: &'static str,
    /// One line saying what the group is for.
    pub about: &'static str,
    /// Builds the Rhai module holding the group's types and functions.
    pub module: fn() -> Module,
}

/// Every domain, in the order `help` lists them.
pub const DOMAINS: &[Domain] = &[
    Domain {
        name: "grid",
        about: "Sudoku grids: make, read, print",
        module: grid::module,
    },
    Domain {
        name: "sudoku",
        about: "Roger Hui's Sudoku primitives (seed 000)",
        module: sudoku::module,
    },
    Domain {
        name: "solver",
        about: "the fast native Sudoku solver and puzzle files",
        module: solver::module,
    },
    Domain {
        name: "pentomino",
        about: "T. Nishikawa's pentomino primitives (seed 001)",
        module: pentomino::module,
    },
    Domain {
        name: "polyomino",
        about: "automatic polyomino packing (exact cover)",
        module: polyomino::module,
    },
    Domain {
        name: "sat",
        about: "Sudoku as SAT, DIMACS in and out (seed 002)",
        module: sat::module,
    },
    Domain {
        name: "similarity",
        about: "similar puzzles and the canonical form (seed 003)",
        module: similarity::module,
    },
    Domain {
        name: "svg",
        about: "pictures: grids and packings as SVG",
        module: svg::module,
    },
    Domain {
        name: "help",
        about: "finding your way",
        module: help::module,
    },
];

/// Sandbox limits for scripts. The defaults are generous enough for real
/// work (whole collections, deep searches) yet stop a runaway loop.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Operations one evaluation may perform (0 = unlimited).
    pub max_operations: u64,
    /// Depth of nested function calls.
    pub max_call_levels: usize,
    /// Longest string, in bytes.
    pub max_string_size: usize,
    /// Largest array.
    pub max_array_size: usize,
    /// Largest object map.
    pub max_map_size: usize,
    /// Deepest expression nesting (statements, functions).
    pub max_expr_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_operations: 2_000_000_000,
            max_call_levels: 256,
            max_string_size: 64 << 20,
            max_array_size: 10_000_000,
            max_map_size: 1_000_000,
            max_expr_depth: 256,
        }
    }
}

/// A Rhai engine with every domain registered, the sandbox limits set, and
/// Ctrl+C (the global interrupt flag) stopping any evaluation.
pub fn new_engine(limits: &Limits) -> Engine {
    let mut engine = Engine::new();
    engine
        .set_max_operations(limits.max_operations)
        .set_max_call_levels(limits.max_call_levels)
        .set_max_string_size(limits.max_string_size)
        .set_max_array_size(limits.max_array_size)
        .set_max_map_size(limits.max_map_size)
        .set_max_expr_depths(limits.max_expr_depth, limits.max_expr_depth);
    engine.on_progress(|_| {
        if INTERRUPTED.load(Ordering::Relaxed) {
            Some(Dynamic::from("interrupted (Ctrl+C)"))
        } else {
            None
        }
    });
    for domain in DOMAINS {
        engine.register_global_module(Shared::new((domain.module)()));
    }
    engine
}

/// A fresh scope with the seed's puzzles predefined: `ym`, `su21_1`,
/// `su21_99`, `clark`, `x`.
pub fn new_scope() -> Scope<'static> {
    let mut scope = Scope::new();
    for (name, text) in crate::sudoku::puzzles::ALL {
        let g = crate::sudoku::Grid::parse(text).expect("built-in puzzle parses");
        scope.push(name, g);
    }
    scope
}

/// A runtime error with a message; Rhai adds the position of the call.
pub fn error(message: impl Into<String>) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(
        Dynamic::from(message.into()),
        Position::NONE,
    ))
}

/// Text for a value as a person should see it: the type's own `to_string`
/// (a Grid as its box), never a Rust type name. Unit shows as nothing.
pub fn display(engine: &Engine, value: &Dynamic) -> String {
    thread_local! {
        static SHOW: rhai::AST = Engine::new_raw()
            .compile("fn show(x) { to_string(x) }")
            .expect("show compiles");
    }
    if value.is_unit() {
        return String::new();
    }
    if value.is_string() {
        return value.to_string();
    }
    SHOW.with(|ast| {
        engine
            .call_fn::<String>(&mut Scope::new(), ast, "show", (value.clone(),))
            .unwrap_or_else(|_| value.to_string())
    })
}

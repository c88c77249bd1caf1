//! The Rhai layer: registers each domain's types and functions into an
//! engine, and nothing else. One file per domain, each a Rhai plugin module
//! whose `///` comments are the help text the REPL shows.
//!
//! Adding functions: write them in the domain file's `api` module with a doc
//! comment (first line a one-line summary), named parameters, and errors as
//! `Result<_, Box<EvalAltResult>>` made with [`error`]. Nothing else needs to
//! change: `help` reads the metadata of every domain module.

use std::rc::Rc;

use rhai::plugin::{FnManifestEntry, ModuleManifest};
use rhai::{
    Dynamic, Engine, EvalAltResult, FnNamespace, FuncRegistration, Module, Position, RhaiFunc,
    Scope, Shared,
};

pub mod builtins;
pub mod complete;
pub mod exec;
pub mod getters;
mod growth;
pub mod help;
pub mod host;
pub mod last;
pub mod matrix;
pub mod options;
pub mod printing;
pub mod reference;
pub mod session;
pub mod shard;
pub mod signatures;
mod sizes;
mod sorting;

mod generate;
mod grid;
pub(crate) mod human;
mod pentomino;
mod polycube;
mod polyomino;
mod sat;
mod similarity;
mod solver;
mod sudoku;
mod svg;
mod xcover;

/// A group of script functions, as `help` lists them.
pub struct Domain {
    /// Short name shown as a heading in `help`.
    pub name: &'static str,
    /// One line saying what the group is for.
    pub about: &'static str,
    /// Builds the Rhai module holding the group's types and functions,
    /// with their doc comments and parameter names (what `help` reads).
    pub module: fn() -> Module,
    /// The plugin modules' manifests (`#[export_module(manifest)]`): the
    /// functions' names and parameter types, read without building a
    /// module (see [`getters`]), and what the engine's module is made of
    /// (see [`Domain::lean_module`]).
    pub manifests: &'static [&'static ModuleManifest],
    /// What [`Domain::module`] adds beyond its manifests (a type's name,
    /// its iterator), for [`Domain::lean_module`] to add too.
    pub extras: fn(&mut Module),
}

impl Domain {
    /// The module the engine runs: [`Domain::module`]'s functions, types
    /// and constants without its metadata. A plugin module copies every
    /// function's doc comment and parameter names to the heap; scripts never
    /// read them (`help` builds [`Domain::module`] when asked), and they
    /// were a third of the domains' start-up cost. Later manifests win, as
    /// `combine_flatten` lets the later module win in [`Domain::module`].
    pub fn lean_module(&self) -> Module {
        fn eager(module: &mut Module, manifest: &ModuleManifest) {
            manifest.init_eager(module);
            for &(_, sub) in manifest.sub_modules() {
                eager(module, sub);
            }
        }
        let mut module = Module::new();
        for &manifest in self.manifests {
            manifest.for_each_fn(true, &mut |f| register_lean(&mut module, f));
            eager(&mut module, manifest);
        }
        (self.extras)(&mut module);
        module.build_index();
        module
    }
}

/// Register `f` alone, as its generated code does but without metadata, and
/// calling the manifest's static function (no shared copy of it).
fn register_lean(module: &mut Module, f: &'static FnManifestEntry) {
    f.with_param_types(&mut |types| {
        let mut registration = FuncRegistration::new(f.name());
        if f.namespace() == FnNamespace::Global {
            registration = registration.with_namespace(FnNamespace::Global);
        }
        registration.set_into_module_raw(module, types, RhaiFunc::StaticPlugin { func: f.func() });
    });
}

/// Calls `f` with every function of every domain's manifests (their
/// sub-modules' too): the walk [`getters`] and the lab's built-in check
/// make without building a module.
pub(crate) fn each_domain_function(mut f: impl FnMut(&'static FnManifestEntry)) {
    for domain in DOMAINS {
        for manifest in domain.manifests {
            manifest.for_each_fn(true, &mut f);
        }
    }
}

/// [`Domain::extras`] for a domain that has none.
fn no_extras(_: &mut Module) {}

/// Every domain, in the order `help` lists them.
pub const DOMAINS: &[Domain] = &[
    Domain {
        name: "grid",
        about: "Sudoku grids: make, read, print",
        module: grid::module,
        manifests: &[&grid::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "sudoku",
        about: "Roger Hui's J Sudoku solver, as Nishikawa's J Lab traces it",
        module: sudoku::module,
        manifests: &[&sudoku::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "solver",
        about: "the fast native Sudoku solver and puzzle files",
        module: solver::module,
        manifests: &[&solver::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "generate",
        about: "making Sudoku puzzles: the generator and minimal puzzles",
        module: generate::module,
        manifests: &[&generate::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "human",
        about: "human techniques as Sudoku Explainer rates them: hint, explain, se_rate",
        module: human::module,
        manifests: &[&human::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "pentomino",
        about: "T. Nishikawa's J pentomino program",
        module: pentomino::module,
        manifests: &[&pentomino::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "polyomino",
        about: "automatic polyomino packing (exact cover)",
        module: polyomino::module,
        manifests: &[&polyomino::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "polycube",
        about: "packing boxes with solid pieces (Soma, pentacubes)",
        module: polycube::module,
        manifests: &[&polycube::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "xcover",
        about: "exact cover with secondary items and colours; Knuth's dlx input",
        module: xcover::module,
        manifests: &[&xcover::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "sat",
        about: "Sudoku as SAT (the J encoding), DIMACS; formulas for any puzzle",
        module: sat::module,
        manifests: &[
            &sat::api::RHAI_MANIFEST,
            &sat::boards::api::RHAI_MANIFEST,
            &sat::formulas::api::RHAI_MANIFEST,
        ],
        extras: no_extras,
    },
    Domain {
        name: "similarity",
        about: "similar puzzles (the Perl finder's keys) and the canonical form",
        module: similarity::module,
        manifests: &[
            &similarity::api::RHAI_MANIFEST,
            &similarity::groups::api::RHAI_MANIFEST,
        ],
        extras: similarity::extras,
    },
    Domain {
        name: "shard",
        about: "batches split for clusters: merging the parts",
        module: shard::module,
        manifests: &[&shard::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "svg",
        about: "pictures: grids and packings as SVG",
        module: svg::module,
        manifests: &[&svg::api::RHAI_MANIFEST],
        extras: no_extras,
    },
    Domain {
        name: "help",
        about: "finding your way",
        module: help::module,
        manifests: &[&help::api::RHAI_MANIFEST],
        extras: no_extras,
    },
];

/// Defines [`Limits`] from one list: the struct, its defaults, the
/// `:limits` table and the setter the command line uses (`repl::cli` makes
/// a flag of each row) all come from the same rows.
macro_rules! limits {
    ($($(#[doc = $doc:literal])* $field:ident: $ty:ty = $default:expr;)*) => {
        /// Sandbox limits for scripts. The defaults are generous enough for
        /// real work (whole collections, deep searches) yet stop a runaway loop.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Limits {
            $(
                $(#[doc = $doc])*
                pub $field: $ty,
            )*
            /// Most heap memory the process may hold (0 = no limit); `None`:
            /// half of physical memory.
            pub max_memory: Option<u64>,
            /// Let scripts run installed programs (external SAT solvers);
            /// off by default, never from a lab (see `script::exec`).
            pub allow_exec: bool,
        }

        impl Default for Limits {
            fn default() -> Self {
                Limits { $($field: $default,)* max_memory: None, allow_exec: false }
            }
        }

        impl Limits {
            /// Each limit as (flag, value, what it bounds), in flag order.
            pub fn table(&self) -> Vec<(String, u64, &'static str)> {
                vec![$((
                    format!("--{}", stringify!($field).replace('_', "-")),
                    self.$field as u64,
                    concat!($($doc),*).trim(),
                ),)*]
            }

            /// Set the limit of `flag` (as [`Limits::table`] names it) to
            /// `value`; `Err` says why not (no such flag, too large a number).
            pub fn set(&mut self, flag: &str, value: u64) -> Result<(), String> {
                $(
                    if flag == format!("--{}", stringify!($field).replace('_', "-")) {
                        self.$field = <$ty>::try_from(value)
                            .map_err(|_| format!("{flag} {value}: too large"))?;
                        return Ok(());
                    }
                )*
                Err(format!("no limit is set by {flag}"))
            }
        }
    };
}

limits! {
    /// operations per evaluation, 0 = unlimited
    max_operations: u64 = 2_000_000_000;
    /// depth of nested function calls (at most 50000)
    max_call_levels: usize = 256;
    /// longest string in bytes, 0 = unlimited (the default: a size limit costs O(size) per change)
    max_string_size: usize = 0;
    /// largest array, 0 = unlimited (the default: --max-memory bounds memory)
    max_array_size: usize = 0;
    /// largest object map, 0 = unlimited (the default)
    max_map_size: usize = 0;
    /// deepest expression nesting (at most 10000; 0 = that)
    max_expr_depth: usize = 256;
}

/// The deepest `--max-call-levels` allowed: script recursion takes up to
/// ~8 KB of stack a level, and the evaluation thread has 1 GiB
/// (`repl::STACK_BYTES`), so deeper would abort the process.
pub const MAX_CALL_LEVELS: usize = 50_000;

/// The deepest `--max-expr-depth` allowed (0, "unlimited", means this):
/// parsing nests on the stack too.
pub const MAX_EXPR_DEPTH: usize = 10_000;

impl Limits {
    /// Why these limits cannot be used, if they cannot: a call depth or
    /// expression depth the evaluation stack does not hold.
    pub fn check(&self) -> Result<(), String> {
        if self.max_call_levels > MAX_CALL_LEVELS {
            return Err(format!(
                "--max-call-levels {}: at most {MAX_CALL_LEVELS} (deeper recursion would overflow the stack)",
                self.max_call_levels
            ));
        }
        if self.max_expr_depth > MAX_EXPR_DEPTH {
            return Err(format!(
                "--max-expr-depth {}: at most {MAX_EXPR_DEPTH}, and 0 means {MAX_EXPR_DEPTH} \
                 (deeper nesting would overflow the stack)",
                self.max_expr_depth
            ));
        }
        Ok(())
    }

    /// The memory budget in bytes (0: none): `--max-memory`, or half of
    /// physical memory. It is the process's, set once by the binary
    /// (`memory::set_budget`), since the allocator counts for every thread.
    pub fn memory_budget(&self) -> u64 {
        self.max_memory
            .unwrap_or_else(crate::memory::default_budget)
    }

    /// The expression depth the engine gets: 0 means the most allowed.
    fn expr_depth(&self) -> usize {
        match self.max_expr_depth {
            0 => MAX_EXPR_DEPTH,
            n => n.min(MAX_EXPR_DEPTH),
        }
    }
}

/// A Rhai engine with every domain registered, the sandbox limits set, and
/// `host` reachable from every script function (see [`host::host`]); an
/// evaluation stops once the host says it is cancelled.
pub fn new_engine(limits: &Limits, host: Rc<dyn host::Host>) -> Engine {
    let mut engine = Engine::new();
    engine
        .set_max_operations(limits.max_operations)
        .set_max_call_levels(limits.max_call_levels.min(MAX_CALL_LEVELS))
        .set_max_string_size(limits.max_string_size)
        .set_max_array_size(limits.max_array_size)
        .set_max_map_size(limits.max_map_size)
        .set_max_expr_depths(limits.expr_depth(), limits.expr_depth());
    engine.set_default_tag(Dynamic::from(host::HostTag {
        host: host.clone(),
        allow_exec: limits.allow_exec,
        shard: None,
    }));
    engine.on_progress(move |ops| {
        if !checks_now(ops) {
            return None;
        }
        stop_requested(&*host)
    });
    for domain in DOMAINS {
        engine.register_global_module(Shared::new(domain.lean_module()));
    }
    // Last, so that its array and map printing is found before Rhai's own.
    engine.register_global_module(Shared::new(printing::module()));
    engine.register_global_module(Shared::new(sorting::module()));
    // Growth checked against the memory budget before it allocates, found
    // before Rhai's own; without the fast path Rhai's operators on strings
    // and arrays look for these first too (see `growth`).
    engine.register_global_module(Shared::new(growth::module()));
    engine.set_fast_operators(false);
    getters::install(&mut engine);
    engine
}

/// Whether the progress hook looks at operation `ops` (Rhai counts from 1
/// in each evaluation): the first and every 16th after. The hook runs on
/// every operation of a script loop; a stop seen a few operations later
/// costs nothing, and the first operation still catches an interrupt that
/// came between two statements.
pub(crate) fn checks_now(ops: u64) -> bool {
    ops % 16 == 1
}

/// Why Rhai should stop the running script code, if the user asked: script
/// code between native calls stops here, and the interrupt is consumed so
/// the next statement starts clean (Rhai's stop cannot be caught).
pub(crate) fn stop_requested(host: &dyn host::Host) -> Option<Dynamic> {
    // A plain load first: the clearing swap writes, and need not.
    let ctrl_c = host.cancelled() && host.take_cancel();
    (ctrl_c || crate::memory::over_budget()).then(|| {
        if ctrl_c {
            // Ctrl+C wins over memory: the person asked.
            crate::memory::take_tripped();
        }
        Dynamic::from(host::stop_text(
            host,
            "while running script code: the statement did not finish",
        ))
    })
}

/// What kind of value `v` is, in words for an error message ("an integer").
pub fn kind_of(v: &Dynamic) -> String {
    match v.type_name() {
        "i64" => "an integer".into(),
        "f64" => "a number".into(),
        "bool" => "a boolean".into(),
        "()" => "nothing (unit)".into(),
        "string" | "char" => "a string".into(),
        "array" => "an array".into(),
        "map" => "a map".into(),
        other => format!("a {}", other.rsplit("::").next().unwrap_or(other)),
    }
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
    try_display(engine, value).unwrap_or_else(|refused| refused)
}

/// [`display`], or `Err` with the memory error when the text would pass
/// the memory budget (a value that shares one long string many times).
pub fn try_display(engine: &Engine, value: &Dynamic) -> Result<String, String> {
    thread_local! {
        static SHOW: rhai::AST = Engine::new_raw()
            .compile("fn show(x) { to_string(x) }")
            .expect("show compiles");
    }
    if value.is_unit() {
        return Ok(String::new());
    }
    if value.is_string() {
        return Ok(value.to_string());
    }
    SHOW.with(|ast| {
        match engine.call_fn::<String>(&mut Scope::new(), ast, "show", (value.clone(),)) {
            Ok(text) => Ok(text),
            Err(e) => match memory_refusal(&e) {
                Some(message) => Err(message),
                // Rhai's own text, which is not checked, only for others.
                None => Ok(value.to_string()),
            },
        }
    })
}

/// The message of a memory refusal (`memory limit (...) reached in ...`)
/// inside `error`, if it is one.
fn memory_refusal(error: &EvalAltResult) -> Option<String> {
    match error {
        EvalAltResult::ErrorRuntime(message, _) => message
            .clone()
            .into_string()
            .ok()
            .filter(|m| m.starts_with(host::MEMORY_STOPPED)),
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _) => memory_refusal(inner),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each function of `module` as (name, parameters, namespace, hash).
    fn functions(module: Module) -> Vec<String> {
        let mut engine = Engine::new_raw();
        engine.register_global_module(module.into());
        let json = engine.gen_fn_metadata_to_json(false).expect("metadata");
        let value: serde_json::Value = serde_json::from_str(&json).expect("json");
        let mut out: Vec<String> = value["functions"]
            .as_array()
            .expect("functions")
            .iter()
            .map(|f| {
                format!(
                    "{} {} {} {} {}",
                    f["name"], f["numParams"], f["namespace"], f["access"], f["fullHash"]
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn the_lean_modules_hold_the_same_functions() {
        for domain in DOMAINS {
            let full = functions((domain.module)());
            assert!(!full.is_empty(), "{}", domain.name);
            assert_eq!(functions(domain.lean_module()), full, "{}", domain.name);
        }
    }
}

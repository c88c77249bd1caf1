//! The integration tests: one binary, a module per area (as ripgrep does).
//! One binary links once; touching a test file rebuilds only this crate.
//! Shared helpers are in `common`.

mod common;

mod bad_input;
mod cli;
mod commands;
mod exact_cover;
mod exact_cover_counts;
mod exact_cover_props;
mod generate;
mod habits;
mod help;
mod host;
mod hui;
mod human;
mod human_front;
mod human_plus;
mod human_positions;
mod human_turbot;
mod independent_figures;
mod interrupt;
mod jupyter;
mod lab_exercises;
mod lab_pentomino;
mod lab_polycube;
mod lab_polyomino;
mod lab_print;
mod lab_runner;
mod lab_sudoku;
mod pentomino;
mod pentomino_session;
mod polycube;
mod polyomino;
mod polyomino_session;
mod readme;
mod repl_tmux;
mod round_trips;
mod sat;
mod sat_collections;
mod sat_external;
mod scripts_run;
mod session_scope;
mod shards;
mod similarity;
mod similarity_canon;
mod solver;
mod solver_scripts;
mod strong_links;
mod svg;
mod tidy;
mod trust_labs;
mod trust_memory;
mod trust_readers;
mod trust_writes;
mod twins;

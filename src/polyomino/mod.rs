//! Automatic packing: polyominoes on boards and polycubes in boxes, as
//! exact cover on bitboards.
//!
//! - [`pieces`]: piece sets (pentominoes, tetrominoes, hexominoes, the
//!   one-sided sets) and drawn shapes; [`region`]: boards;
//!   [`space`]: solid pieces (Soma, pentominoes as solids) and boxes.
//! - [`compile`]: a problem as bit lists, its symmetry group, and a
//!   colouring test that proves some boards impossible before searching.
//! - [`bits`]: the mask types; [`search`]: the search;
//!   [`solve`](mod@solve): entry points, threads, a cache of tables;
//!   [`packing`]: solutions as plain labelled cells.
//! - [`assist`]: `h`/`s` for the pentomino placing session.
//!
//! Plain Rust: no Rhai, no terminal. Long searches take a
//! [`crate::monitor::Monitor`].

pub mod assist;
pub mod bits;
mod builtin;
pub mod compile;
pub mod error;
pub mod packing;
pub mod pieces;
mod progress;
pub mod region;
pub mod search;
pub mod solve;
pub mod space;
pub mod trace;

pub use assist::SessionAssist;
pub use compile::{MAX_CELLS, MAX_KINDS};
pub use error::PolyError;
pub use packing::Packing;
pub use pieces::{
    Cell, Piece, canonical, draw, free_polyominoes, from_letters, hexominoes, named_set, normalize,
    one_sided_pentominoes, one_sided_tetrominoes, orientations, parse_shape, pentominoes,
    piece_by_name, pieces_from_item, pieces_from_text, square, tetrominoes, transform,
    transform_cell,
};
pub use region::{MAX_SIDE, Region};
pub use search::Stopped;
pub use solve::{Options, Outcome, count, solve, solve_solid};
pub use space::{Solid, Space, soma};

#[cfg(test)]
mod tests;

//! Pentominoes after T. Nishikawa's J program (seeds 001/004): shapes,
//! orientations, placements in a frame, contact tests, character boards,
//! framed display, the hand-placing session, and an exact-cover solver.
//!
//! (Being built: see the pentomino and polyomino issues.)

pub mod polyomino;
pub mod solver;

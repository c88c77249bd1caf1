//! Puzzle files: reading and writing collections.
//!
//! (Being built: see the solver issue.)

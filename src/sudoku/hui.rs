//! Roger Hui's Sudoku primitives, exactly as the J listing of seed 000 reads.
//!
//! (Being built: see the foundation issue.)

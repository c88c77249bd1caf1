//! Sudoku as SAT (seed 002): the CNF encoding, DIMACS in and out, solving.
//!
//! (Being built: see the SAT issue.)

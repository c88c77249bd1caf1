//! The fast native solver.
//!
//! (Being built: see the solver issue.)

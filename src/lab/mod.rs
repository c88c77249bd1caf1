//! Labs: step-by-step lessons in the manner of J's Labs.
//!
//! (Being built: see the labs issue.)

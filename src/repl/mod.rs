//! The interactive REPL on rustyline.
//!
//! (Being built: see the foundation issue.)

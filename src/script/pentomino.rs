//! Script functions of the pentomino domain.
//!
//! (Being built: see its issue.)

use rhai::Module;

/// The pentomino functions as a Rhai module.
pub fn module() -> Module {
    Module::new()
}

//! Script functions of the polyomino domain.
//!
//! (Being built: see its issue.)

use rhai::Module;

/// The polyomino functions as a Rhai module.
pub fn module() -> Module {
    Module::new()
}

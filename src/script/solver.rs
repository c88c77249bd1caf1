//! Script functions of the solver domain.
//!
//! (Being built: see its issue.)

use rhai::Module;

/// The solver functions as a Rhai module.
pub fn module() -> Module {
    Module::new()
}

//! Script functions of the sat domain.
//!
//! (Being built: see its issue.)

use rhai::Module;

/// The sat functions as a Rhai module.
pub fn module() -> Module {
    Module::new()
}

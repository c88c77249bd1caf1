//! Script functions of the similarity domain.
//!
//! (Being built: see its issue.)

use rhai::Module;

/// The similarity functions as a Rhai module.
pub fn module() -> Module {
    Module::new()
}

//! Script functions of the sudoku domain.
//!
//! (Being built: see its issue.)

use rhai::Module;

/// The sudoku functions as a Rhai module.
pub fn module() -> Module {
    Module::new()
}

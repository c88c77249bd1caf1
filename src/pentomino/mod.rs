//! Pentominoes after T. Nishikawa's J program: shapes,
//! orientations, placements in a frame, contact tests, character boards,
//! framed display, and the hand-placing session (whose hint and solve
//! answers come from [`crate::polyomino`]).
//!
//! Plain Rust: no Rhai, no terminal, no printing. Errors are
//! [`PentominoError`] values; the session returns [`session::Event`]s for
//! the caller to show.

pub mod board;
pub mod charboard;
pub mod error;
pub mod frame;
pub mod jbox;
pub mod pieces;
pub mod session;

pub use board::{BitBoard, MAX_SIDE, Shape};
pub use charboard::CharBoard;
pub use error::PentominoError;
pub use frame::{Style, frame};
pub use pieces::{FRAME_COLS, FRAME_ROWS, LETTERS, p_data, pen, piece};

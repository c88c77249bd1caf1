//! What can be wrong with a piece, a piece list, a board or a box.

use std::fmt;

use super::pieces::MAX_SHAPE_CELLS;
use super::space::MAX_BOX_SIDE;

/// What was wrong with a shape, a piece list or a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolyError {
    /// A shape or board drawing holds a character it does not understand.
    BadChar { ch: char, line: usize, col: usize },
    /// A drawing with a cell past line or column 65536 (cells are kept as u16).
    DrawingTooLarge { line: usize, col: usize },
    /// A shape drawing has no cells.
    EmptyShape,
    /// A shape drawing's cells do not form one connected piece.
    Disconnected { cells: usize, reached: usize },
    /// A shape is larger than [`MAX_SHAPE_CELLS`].
    ShapeTooLarge { cells: usize },
    /// A piece name or letter that no set knows.
    UnknownPiece { name: String, position: usize },
    /// A word that is neither pentomino letters nor a set's name, but
    /// close to the name `like` (a misspelt set: "bedlan").
    UnknownSet { name: String, like: &'static str },
    /// No pieces were given.
    NoPieces,
    /// The board has no cell to fill.
    NoCells,
    /// A rectangle with a zero or negative side, or absurdly large.
    BadSize { rows: i64, cols: i64 },
    /// The board's area differs from the pieces' total area.
    AreaMismatch { board: usize, pieces: usize },
    /// The board is beyond what the solver supports.
    BoardTooLarge { cells: usize, limit: usize },
    /// More distinct pieces than the solver supports.
    TooManyPieces { kinds: usize, limit: usize },
    /// A traced search (`trace`) ran past its node limit: it is for tiny boards.
    TraceTooLong { nodes: u64 },
    /// A board with more open cells than a trace follows.
    TraceTooWide { cells: usize, limit: usize },
    /// A box with a zero, negative or too large side.
    BadBox { x: i64, y: i64, z: i64 },
    /// A 3D drawing whose layers are missing or malformed.
    BadLayers(String),
}

impl fmt::Display for PolyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolyError::BadChar { ch, line, col } => write!(
                f,
                "unexpected character {ch:?} at {line}:{col} (a board uses '.' for a cell to fill and '#' or space for a hole)"
            ),
            PolyError::EmptyShape => write!(f, "the shape has no cells"),
            PolyError::Disconnected { cells, reached } => write!(
                f,
                "the shape is not connected: {reached} of its {cells} cells touch the first one"
            ),
            PolyError::ShapeTooLarge { cells } => write!(
                f,
                "the shape has {cells} cells; at most {MAX_SHAPE_CELLS} are supported"
            ),
            PolyError::UnknownPiece { name, position } => write!(
                f,
                "unknown piece {name:?} at position {position} (pentomino letters are FILNPTUVWXYZ, O is the 2x2 square; \
                 one-sided mirrors F' L' ...; tetrominoes I4 O4 T4 S4 L4; hexominoes H01..H35; Soma pieces V3 L T Z A B P)"
            ),
            PolyError::UnknownSet { name, like } => write!(
                f,
                "unknown piece set {name:?}: did you mean {like:?}? (a word that is no set's name is read as pentomino letters)"
            ),
            PolyError::NoPieces => write!(f, "no pieces given"),
            PolyError::NoCells => write!(f, "the board has no cell to fill"),
            PolyError::DrawingTooLarge { line, col } => write!(
                f,
                "a cell at line {line}, column {col}: a drawing spans at most {} lines and columns",
                u16::MAX as usize + 1
            ),
            PolyError::BadSize { rows, cols } => write!(
                f,
                "a {rows}x{cols} rectangle is not a board: both sides must be 1 to 1024"
            ),
            PolyError::AreaMismatch { board, pieces } => write!(
                f,
                "the board has {board} cells but the pieces cover {pieces}: they cannot fill it exactly"
            ),
            PolyError::BoardTooLarge { cells, limit } => write!(
                f,
                "the board's bounding box has {cells} cells; the solver handles at most {limit}"
            ),
            PolyError::TraceTooWide { cells, limit } => write!(
                f,
                "the board has {cells} open cells; a trace follows at most {limit}"
            ),
            PolyError::TraceTooLong { nodes } => write!(
                f,
                "the trace passed {nodes} nodes: trace a smaller board (a few cells), count larger ones"
            ),
            PolyError::TooManyPieces { kinds, limit } => write!(
                f,
                "{kinds} different pieces; the solver handles at most {limit}"
            ),
            PolyError::BadBox { x, y, z } => write!(
                f,
                "a {x}x{y}x{z} box is not a board: every side must be 1 to {MAX_BOX_SIDE}"
            ),
            PolyError::BadLayers(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for PolyError {}

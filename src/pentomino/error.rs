//! What can go wrong in the pentomino domain, as values with messages that
//! say what was wrong and where (row and column, counted from 1).

use std::fmt;

/// Why a pentomino operation could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PentominoError {
    /// A piece letter that is not one of F I L N P T U V W X Y Z.
    UnknownPiece(String),
    /// Shape text with no filled cell.
    EmptyShape,
    /// Shape text whose filled cells do not form one edge-connected piece.
    Disconnected {
        /// A cell (row, col from 0) that cannot be reached from `first`.
        cut_off: (usize, usize),
        /// The first filled cell in reading order.
        first: (usize, usize),
    },
    /// Board or shape text whose rows have different lengths.
    RaggedRows {
        line: usize,
        expected: usize,
        found: usize,
    },
    /// A character that has no meaning in a character board.
    BadChar { ch: char, line: usize, col: usize },
    /// A board larger than [`super::MAX_SIDE`] in some direction, or with no cells.
    BadSize { rows: usize, cols: usize },
    /// Two boards that must be the same size are not.
    SizeMismatch {
        op: &'static str,
        left: (usize, usize),
        right: (usize, usize),
    },
    /// `rp` asked to merge two boards that both have a piece in one cell.
    Overlap {
        row: usize,
        col: usize,
        left: char,
        right: char,
    },
    /// A display letter that cannot stand for a piece (must be a visible
    /// ASCII character other than `.`).
    BadLetter(String),
    /// `members` of a board with no filled cell.
    EmptyBoard,
    /// A shape that does not fit in the frame it is placed in.
    DoesNotFit {
        rows: usize,
        cols: usize,
        frame: (usize, usize),
    },
}

impl fmt::Display for PentominoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PentominoError::UnknownPiece(s) => write!(
                f,
                "unknown piece {s:?}: the pieces are F I L N P T U V W X Y Z (one upper-case letter)"
            ),
            PentominoError::EmptyShape => {
                write!(
                    f,
                    "empty shape: mark at least one cell (any character but '.', '0' or a space)"
                )
            }
            PentominoError::Disconnected { cut_off, first } => write!(
                f,
                "shape is not connected: the cell at row {}, column {} cannot be reached from \
                 the cell at row {}, column {} through cells sharing an edge",
                cut_off.0 + 1,
                cut_off.1 + 1,
                first.0 + 1,
                first.1 + 1
            ),
            PentominoError::RaggedRows {
                line,
                expected,
                found,
            } => write!(
                f,
                "row {line} has {found} cells but the rows above have {expected}: every row needs the same length"
            ),
            PentominoError::BadChar { ch, line, col } => write!(
                f,
                "bad character {ch:?} at line {line}, column {col}: a cell is '.' (empty) or a \
                 visible ASCII character naming a piece"
            ),
            PentominoError::BadSize { rows, cols } => write!(
                f,
                "a board of {rows}×{cols} is not possible: it needs 1 to {} rows and 1 to {} columns",
                super::MAX_SIDE,
                super::MAX_SIDE
            ),
            PentominoError::SizeMismatch { op, left, right } => write!(
                f,
                "the boards differ in size ({}×{} and {}×{}); {op} needs two boards of one size",
                left.0, left.1, right.0, right.1
            ),
            PentominoError::Overlap {
                row,
                col,
                left,
                right,
            } => write!(
                f,
                "both boards fill row {}, column {} ({left:?} and {right:?}); pieces cannot overlap",
                row + 1,
                col + 1
            ),
            PentominoError::BadLetter(s) => write!(
                f,
                "bad display letter {s:?}: use one visible ASCII character other than '.'"
            ),
            PentominoError::EmptyBoard => {
                write!(
                    f,
                    "members: the board has no filled cell, so nothing to place"
                )
            }
            PentominoError::DoesNotFit { rows, cols, frame } => write!(
                f,
                "a {rows}×{cols} shape does not fit in the {}×{} frame",
                frame.0, frame.1
            ),
        }
    }
}

impl std::error::Error for PentominoError {}

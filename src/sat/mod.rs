//! Sudoku as SAT (the J encoding): the CNF encoding, DIMACS in and out, solving.
//!
//! - [`board`]: `SudokuBoard`, a Sudoku of side 4, 9, 16 or 25, and its notation.
//! - [`encode`]: the source's variables, the four families of lines, the
//!   clauses and their order, [`Cnf`].
//! - [`dimacs`]: DIMACS text out and in (strict, errors at line:column),
//!   solver answers, decoding a model into a board.
//! - [`solve`]: the embedded solver (batsat), `solve` and `unique`.
//! - [`external`]: running an installed solver command.
//! - [`cardinality`]: formulas for any puzzle: clauses checked as given,
//!   at most / at least / exactly one (binomial and sequential counter).
//! - [`models`]: counting and listing models on the caller's variables.

pub mod board;
pub mod cardinality;
pub mod dimacs;
pub mod encode;
pub mod external;
pub mod models;
pub mod solve;

use std::fmt;

use crate::monitor::Monitor;

pub use board::{BoardError, SudokuBoard};
pub use cardinality::{Extras, FormulaError, GivenClauses, Place};
pub use dimacs::{
    Answer, DecodeError, DimacsError, Reading, decode, read_answer, read_dimacs, to_dimacs,
};
pub use encode::{Cnf, Counts, Family, encode, encode_named};
pub use models::Enumerated;
pub use solve::{SudokuSat, Uniqueness, solve, unique};

/// Anything that can go wrong in the sat domain.
#[derive(Debug)]
pub enum SatError {
    /// A board that cannot be read or made.
    Board(BoardError),
    /// Bad DIMACS or solver answer text (`file` names it when read from one).
    Dimacs {
        file: Option<String>,
        error: DimacsError,
    },
    /// A model that is no Sudoku solution.
    Decode(DecodeError),
    /// A file that cannot be read or written.
    Io { path: String, message: String },
    /// An external solver that failed.
    External { command: String, message: String },
    /// Stopped by the monitor (Ctrl+C).
    Cancelled,
    /// Reading `path` stopped by the monitor after `lines` lines.
    ReadStopped { path: String, lines: usize },
    /// A formula with more variables than the embedded solver takes.
    TooLarge { vars: u32 },
}

impl fmt::Display for SatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SatError::Board(e) => write!(f, "{e}"),
            SatError::Dimacs {
                file: Some(file),
                error,
            } => write!(f, "{file}:{error}"),
            SatError::Dimacs { file: None, error } => write!(f, "{error}"),
            SatError::Decode(e) => write!(f, "{e}"),
            SatError::Io { path, message } => write!(f, "{path}: {message}"),
            SatError::External { command, message } => {
                write!(f, "solver {command:?}: {message}")
            }
            SatError::Cancelled => write!(f, "stopped (Ctrl+C)"),
            SatError::ReadStopped { path, lines } => {
                write!(f, "stopped reading {path} after {lines} lines")
            }
            SatError::TooLarge { vars } => write!(
                f,
                "{vars} variables: the built-in solver takes at most {}",
                solve::MAX_VARS
            ),
        }
    }
}

impl std::error::Error for SatError {}

impl From<BoardError> for SatError {
    fn from(e: BoardError) -> Self {
        SatError::Board(e)
    }
}

impl From<DecodeError> for SatError {
    fn from(e: DecodeError) -> Self {
        SatError::Decode(e)
    }
}

impl From<DimacsError> for SatError {
    fn from(error: DimacsError) -> Self {
        SatError::Dimacs { file: None, error }
    }
}

/// The file `path` opened for reading as a stream that `monitor` can
/// stop, a FIFO's wait for a writer included.
fn open<'m>(
    path: &str,
    monitor: &'m dyn Monitor,
) -> Result<std::io::BufReader<crate::reading::Input<'m>>, SatError> {
    let f = crate::reading::open_input(std::path::Path::new(path), monitor).map_err(|message| {
        SatError::Io {
            path: path.to_string(),
            message,
        }
    })?;
    Ok(std::io::BufReader::with_capacity(1 << 16, f))
}

/// What a file read yields, or where the monitor stopped it.
fn finish<T>(path: &str, read: Result<Reading<T>, DimacsError>) -> Result<T, SatError> {
    match read {
        Ok(Reading::Read(value)) => Ok(value),
        Ok(Reading::Stopped { lines }) => Err(SatError::ReadStopped {
            path: path.to_string(),
            lines,
        }),
        Err(error) => Err(SatError::Dimacs {
            file: Some(path.to_string()),
            error,
        }),
    }
}

/// Write `cnf` as DIMACS to the file `path`, safely: to a temporary file
/// beside it, renamed into place when complete (see [`crate::files`]).
pub fn write_dimacs_file(cnf: &Cnf, path: &str) -> Result<(), SatError> {
    crate::files::write_atomic(path, to_dimacs(cnf).as_bytes(), &[]).map_err(|e| SatError::Io {
        path: e.path,
        message: e.message,
    })
}

/// Read a DIMACS file strictly, as a stream that `monitor` can stop;
/// errors read `path:line:col: ...`.
pub fn read_dimacs_file(path: &str, monitor: &dyn Monitor) -> Result<Cnf, SatError> {
    finish(
        path,
        dimacs::read_dimacs_from(open(path, monitor)?, monitor),
    )
}

/// Read a solver's answer from the file `path` (its output or minisat's
/// result file), as a stream that `monitor` can stop.
pub fn read_answer_file(path: &str, monitor: &dyn Monitor) -> Result<Answer, SatError> {
    finish(
        path,
        dimacs::read_answer_from(open(path, monitor)?, monitor),
    )
}

/// The board in a satisfiable answer (`None` when unsatisfiable), for a
/// board of side `side`; without a side, the model's largest variable must
/// be N³ for a board side N (solvers list every variable).
pub fn answer_board(answer: &Answer, side: Option<usize>) -> Result<Option<SudokuBoard>, SatError> {
    match answer {
        Answer::Sat(model) => {
            let vars = model
                .iter()
                .map(|l| l.unsigned_abs() as usize)
                .max()
                .unwrap_or(0);
            let side = side
                .or_else(|| dimacs::side_for_vars(vars))
                .ok_or(DecodeError::NotABoard { vars })?;
            Ok(Some(decode(model, side)?))
        }
        Answer::Unsat => Ok(None),
        Answer::Unknown => Err(SatError::External {
            command: "(answer)".to_string(),
            message: "the solver gave up (UNKNOWN / INDET)".to_string(),
        }),
    }
}

/// Solve `board` with an external solver command (see [`external`]).
pub fn solve_external(
    board: &SudokuBoard,
    command: &str,
    monitor: &dyn crate::monitor::Monitor,
) -> Result<Option<SudokuBoard>, SatError> {
    let answer = external::run(&encode(board), command, monitor)?;
    answer_board(&answer, Some(board.side()))
}

/// Solve `board` with an external solver given as program and arguments.
pub fn solve_external_command(
    board: &SudokuBoard,
    command: &external::SolverCommand,
    monitor: &dyn crate::monitor::Monitor,
) -> Result<Option<SudokuBoard>, SatError> {
    let answer = external::run_command(&encode(board), command, monitor)?;
    answer_board(&answer, Some(board.side()))
}

//! A board for the SAT encoding (`sat::SudokuBoard::parse`), then its encoding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::sat;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Ok(board) = sat::SudokuBoard::parse(&text) {
        let _ = sat::encode(&board);
    }
});

//! A SAT solver's answer (`read_answer`: `s`/`v` lines or minisat's form)
//! and the board it gives (`answer_board`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::sat;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Ok(answer) = sat::read_answer(&text) {
        let _ = sat::answer_board(&answer, None);
    }
});

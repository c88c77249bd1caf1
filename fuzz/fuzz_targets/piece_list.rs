//! Piece lists: names, set names and drawings (`pieces_from_text`), and
//! letters (`from_letters`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::polyomino;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    let _ = polyomino::pieces_from_text(&text);
    let _ = polyomino::from_letters(&text);
});

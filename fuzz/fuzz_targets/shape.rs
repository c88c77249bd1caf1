//! Shape drawings: a pentomino board (`BitBoard::parse_shape`), a lettered
//! board (`CharBoard::parse`) and a polyomino shape (`parse_shape`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::{pentomino, polyomino};

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    let _ = pentomino::BitBoard::parse_shape(&text);
    let _ = pentomino::CharBoard::parse(&text);
    let _ = polyomino::parse_shape(&text);
});

//! Sukaku Explainer's 729-character pencil-mark lines
//! (`formats::parse_pencil_line`), and puzzle files holding them as the
//! readers that accept them read them (`Records::pencil_lines`). A line
//! read writes back (`write_pencil_line`) to one that reads back the same
//! marks; an emptied cell is accepted only when asked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::sudoku::formats::{parse_pencil_line, write_pencil_line};

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    for allow_empty in [false, true] {
        let Ok(marks) = parse_pencil_line(&text, allow_empty) else {
            continue;
        };
        if !allow_empty {
            assert!(marks.iter().all(|&m| m != 0), "an emptied cell passed");
        }
        let line = write_pencil_line(&marks);
        assert_eq!(line.len(), 729);
        let back = parse_pencil_line(&line, true).expect("a written line reads back");
        assert_eq!(back, marks, "the round trip changed the marks");
    }
});

//! Puzzle files as bytes (`formats::parse_bytes`: every format, bad bytes
//! and all); the records, written in the named and CSV forms, read back the
//! same (names, puzzles, solutions).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::sudoku::formats::{self, Format, Record};

fuzz_target!(|data: &[u8]| {
    let collection = formats::parse_bytes(data, "f");
    let kept = |r: &Record| (r.name.clone(), r.grid, r.solution);
    for format in [Format::Named, Format::Csv] {
        let back = formats::format_records(&collection.records, format);
        let again = formats::parse_text(&back, "g");
        assert_eq!(
            again.records.iter().map(kept).collect::<Vec<_>>(),
            collection.records.iter().map(kept).collect::<Vec<_>>(),
            "{format:?} round trip changed the records"
        );
    }
    for error in collection.errors.iter() {
        let _ = error.to_string();
    }
});

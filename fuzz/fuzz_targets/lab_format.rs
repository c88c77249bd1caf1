//! Lab files' text (`lab::format::parse`): fields, chapters, sections,
//! prose and code (the code's completeness through `script::complete`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Err(e) = puzzlelab::lab::format::parse("f", "f.lab", &text) {
        let _ = e.to_string();
    }
});

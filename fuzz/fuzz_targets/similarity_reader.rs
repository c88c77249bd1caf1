//! The similarity finder's lists (`similarity::parse_text`), then a report
//! on what was read (at most 10,000 pairs judged) and its rendering.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::monitor::Silent;
use puzzlelab::similarity;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Ok(source) = similarity::parse_text("s", &text) {
        let report =
            similarity::find_similar_bounded(std::slice::from_ref(&source), 10_000, &Silent);
        if let Ok(report) = report {
            let _ = similarity::render(&report, similarity::ReportOptions::default());
        }
    }
});

//! A polyomino board's text (`Region::parse`), then its symmetries and its
//! trimmed copy.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::polyomino::Region;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Ok(region) = Region::parse(&text) {
        let _ = region.symmetries();
        let _ = region.trimmed();
    }
});

//! A script or lab file's bytes as text (`reading::decode_text`): a BOM
//! dropped, a bad byte refused with its place; text that is accepted is
//! the bytes unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = puzzlelab::reading::decode_text(data.to_vec(), "f") {
        let without_bom = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
        assert_eq!(text.as_bytes(), without_bom, "text changed");
    }
});

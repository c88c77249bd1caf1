//! Any text as a lab file, parsed and then run section by section in a
//! sandboxed session (as `puzzlelab lab FILE --print` does), with the
//! intro and table of contents drawn.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::lab;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    let Ok(parsed) = lab::format::parse("f", "f.lab", &text) else {
        return;
    };
    let _ = parsed.intro();
    let _ = lab::toc(&parsed, 1);
    puzzlelab_fuzz::on_big_stack(move || {
        let mut session = puzzlelab_fuzz::session(Vec::new());
        session.set_capture(true);
        for index in 0..parsed.sections.len() {
            let (_, error) = lab::show_section(&parsed, index, &mut session);
            if error.is_some() {
                break;
            }
        }
        session.close_lab();
    });
});

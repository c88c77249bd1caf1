//! Any text as a script, through the sandbox: a fresh session (tight
//! limits: operations, string and array sizes, a 256 MiB memory budget, a
//! 0.5 s deadline for native jobs) evaluates it and shows its value, the way
//! `puzzlelab run` or `-e` would. No input may panic, abort or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let code = puzzlelab_fuzz::text(data);
    puzzlelab_fuzz::on_big_stack(move || {
        // Interactive functions read these answers, then end of input.
        let mut session = puzzlelab_fuzz::session(vec!["1".into(), "u".into(), "q".into()]);
        match session.eval(&code) {
            Ok(value) => {
                let _ = session.show(&value);
            }
            Err(e) => {
                let message = e.located("<fuzz>", 1);
                assert!(!message.trim().is_empty(), "an empty error message");
            }
        }
    });
});

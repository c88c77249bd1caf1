//! The completeness check the REPL, piped input and lab files share
//! (`script::complete`: `is_incomplete`, `missing`), on any text.
#![no_main]

use libfuzzer_sys::fuzz_target;

thread_local! {
    static PARSER: rhai::Engine = puzzlelab::script::complete::parser();
}

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    PARSER.with(|parser| {
        let _ = puzzlelab::script::complete::missing(parser, &text);
        let _ = puzzlelab::script::complete::is_incomplete(parser, &text);
    });
});

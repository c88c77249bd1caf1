//! Answers to the pentomino placing session (`Placing::answer`): the first
//! line's first letter picks the starting piece, each further line (at most
//! 200) is an answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::monitor::Silent;
use puzzlelab::pentomino::session::{Event, Placing};

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    let mut lines = text.lines();
    let letter = lines.next().and_then(|l| l.chars().next()).unwrap_or('V');
    let Ok((mut placing, _)) = Placing::start(letter) else {
        return;
    };
    for line in lines.take(200) {
        if placing.is_finished() {
            break;
        }
        for event in placing.answer(line, None, &Silent) {
            if let Event::Error(message) = event {
                assert!(!message.is_empty(), "an empty error for {line:?}");
            }
        }
    }
});

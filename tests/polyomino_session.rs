//! `h` (hint) and `s` (solve) in the hand-placing session, answered by the
//! polyomino solver.

use crate::common::pentomino_program::FINISHED_BOARD;
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn transcript(letter: &str, answers: &[&str]) -> String {
    let mut s = Session::capturing(&Limits::default());
    let list: Vec<String> = answers.iter().map(|a| format!("{a:?}")).collect();
    let code = format!("pentomino_transcript({letter:?}, [{}])", list.join(", "));
    s.eval(&code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .to_string()
}

#[test]
fn hint_and_solve_after_the_seeds_start() {
    // The source's session: V 1, Z 1, N 0; its next move U 2 is what the
    // hint finds first.
    let t = transcript("V", &["1", "Z", "1", "", "N", "0", "", "h", "s", "n"]);
    assert!(
        t.contains("h\nhint: U 2 (it goes to i=5; the board can still be completed)\n"),
        "{t}"
    );
    let solved = t
        .split("solved: one way to complete this board\n")
        .nth(1)
        .expect("solved");
    let board: String = solved.lines().take(13).collect::<Vec<_>>().join("\n");
    assert_eq!(board, FINISHED_BOARD);
}

#[test]
fn a_dead_start_is_reported() {
    // X in the corner cuts off the corner cell.
    let t = transcript("X", &["0", "h", "s", "n"]);
    assert!(
        t.contains("hint: no remaining piece in any orientation keeps this board completable"),
        "{t}"
    );
    assert!(
        t.contains("solve: this board cannot be completed with the pieces left"),
        "{t}"
    );
}

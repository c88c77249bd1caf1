//! `h` (hint) and `s` (solve) for the pentomino placing session: the
//! search looks at the kept pieces and the letters left.

use crate::monitor::Monitor;
use crate::pentomino::session::{Assist, Event, Placing};
use crate::pentomino::{BitBoard, FRAME_COLS, FRAME_ROWS, piece};

use super::packing::Packing;
use super::pieces::{Piece, pentominoes};
use super::solve::{Options, solve};
use super::{PolyError, Region};

/// The session's hint and solve answers.
pub struct SessionAssist;

/// What completing a board came to.
enum Completion {
    Done(Packing),
    Impossible,
    Stopped,
}

/// One way to fill the empty cells of the 6×10 frame with `letters`.
fn complete(
    filled: &BitBoard,
    letters: &[char],
    monitor: &dyn Monitor,
) -> Result<Completion, PolyError> {
    let open: Vec<bool> = (0..FRAME_ROWS)
        .flat_map(|r| (0..FRAME_COLS).map(move |c| (r, c)))
        .map(|(r, c)| !filled.get(r, c))
        .collect();
    let region = Region::from_open(FRAME_ROWS, FRAME_COLS, open)?;
    let pieces: Vec<Piece> = pentominoes()
        .into_iter()
        .filter(|p| letters.contains(&p.symbol))
        .collect();
    let options = Options {
        raw: true,
        keep: true,
        limit: Some(1),
        threads: Some(1),
        ..Options::default()
    };
    let out = solve(&region, &pieces, &options, monitor)?;
    Ok(match out.solutions.into_iter().next() {
        Some(s) => Completion::Done(s),
        None if out.stopped == Some(super::Stopped::Cancelled) => Completion::Stopped,
        None => Completion::Impossible,
    })
}

impl Assist for SessionAssist {
    fn hint(&self, session: &Placing, monitor: &dyn Monitor) -> Vec<Event> {
        let letters = session.remaining();
        if letters.is_empty() {
            return vec![Event::Line("hint: the board is already full".into())];
        }
        let filled = session.filled();
        let mut tried = 0;
        for &letter in &letters {
            let others: Vec<char> = letters.iter().copied().filter(|&l| l != letter).collect();
            let count = piece(letter).map(|p| p.orientations().len()).unwrap_or(0);
            for orientation in 0..count {
                let Some((index, cells)) = session.first_fit(letter, orientation) else {
                    continue;
                };
                let Ok(next) = filled.union(&cells) else {
                    continue;
                };
                match complete(&next, &others, monitor) {
                    Ok(Completion::Done(_)) => {
                        return vec![Event::Line(format!(
                            "hint: {letter} {orientation} (it goes to i={index}; the board can still be completed)"
                        ))];
                    }
                    Ok(Completion::Stopped) => {
                        return vec![Event::Error(format!(
                            "stopped (Ctrl+C) after trying {tried} moves: no hint yet"
                        ))];
                    }
                    _ => tried += 1,
                }
            }
        }
        vec![Event::Line(
            "hint: no remaining piece in any orientation keeps this board completable: undo (u) and try another start"
                .into(),
        )]
    }

    fn solve(&self, session: &Placing, monitor: &dyn Monitor) -> Vec<Event> {
        let letters = session.remaining();
        match complete(&session.filled(), &letters, monitor) {
            Ok(Completion::Done(solution)) => {
                let board = session.board();
                match solution.to_charboard().and_then(|s| board.rp(&s).ok()) {
                    Some(full) => vec![
                        Event::Line("solved: one way to complete this board".into()),
                        Event::Board(full),
                    ],
                    None => vec![Event::Error("solve: could not draw the solution".into())],
                }
            }
            Ok(Completion::Stopped) => vec![Event::Error(
                "stopped (Ctrl+C) before a way to complete this board was found".into(),
            )],
            Ok(Completion::Impossible) => vec![Event::Line(
                "solve: this board cannot be completed with the pieces left: undo (u) and try another start"
                    .into(),
            )],
            Err(e) => vec![Event::Error(format!("solve: {e}"))],
        }
    }
}

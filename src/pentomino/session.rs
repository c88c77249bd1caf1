//! The hand-placing session of the source (`pentomino 'V'`), as a state
//! machine with no input or output of its own: the caller feeds answers and
//! shows the [`Event`]s it gets back (the script layer prints them and
//! reads the input; tests feed strings).
//!
//! The flow follows the J program: the first piece's orientations are shown
//! and the chosen one goes to the top-left corner; then, piece by piece, a
//! letter and an orientation number are asked for and the piece goes to the
//! FIRST placement in `members` order that does not overlap the board and
//! has `contact` ≥ 1 with it (the source's row-only contact), reported as
//! `i=K, Hit: L(idx)`; the person then continues (Enter), undoes (`u`) or
//! breaks (`n`).
//!
//! Where this differs from the J code, on purpose:
//! - an unknown or already placed letter, a bad number, or an orientation
//!   with no touching placement is refused with a reason and asked again
//!   (J stops with an error);
//! - `u` at the confirm question takes the new piece back and asks for its
//!   orientation again (as J does); `u` at the orientation question goes
//!   back to choosing a piece, and `u` at the piece question takes back the
//!   last placed piece, so undo can be repeated down to the first piece;
//! - the twelfth piece ends the session at once (J would ask for a
//!   thirteenth);
//! - break returns the board as shown, including a piece awaiting
//!   confirmation, as a character board (J returns the 0/1 board without it).
//!
//! `h` (hint) and `s` (solve) are routed to an optional [`Assist`], which
//! the solver supplies.

use std::fmt;

use super::pieces::{FRAME_COLS, FRAME_ROWS, LETTERS, p_data, piece};
use super::{BitBoard, CharBoard};
use crate::monitor::Monitor;

/// Something to show the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A line of text: `initial piece:`, `i=0, Hit: Z(1)`, `Next:`, ...
    Line(String),
    /// A piece's orientations, to show numbered side by side.
    Orientations(Vec<CharBoard>),
    /// A board, to show framed.
    Board(CharBoard),
    /// Why an answer was refused; the same question follows.
    Error(String),
}

/// The question the session is waiting on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Which orientation (a number).
    PieceNumber,
    /// Which piece next (a letter), or `u`, `n`, `h`, `s`.
    SelectPiece,
    /// Keep the new piece (Enter), undo (`u`) or break (`n`).
    Confirm,
}

impl Prompt {
    /// The question as the source words it.
    pub fn text(self) -> &'static str {
        match self {
            Prompt::PieceNumber => "enter piece number ?",
            Prompt::SelectPiece => "select pentomino piece ?",
            Prompt::Confirm => "continue(CR), undo(u), break(n) ?",
        }
    }

    /// The answers the question takes, for a person at a terminal (the
    /// source's wording names only some of them).
    pub fn keys(self) -> &'static str {
        match self {
            Prompt::PieceNumber => "(a number; u: another piece, n: break)",
            Prompt::SelectPiece => "(a letter; h: hint, s: solve, u: undo, n: break)",
            Prompt::Confirm => "(Enter: keep it, u: undo, n: break)",
        }
    }
}

/// Why a step was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// Not one of the twelve letters.
    UnknownPiece(String),
    /// That piece is on the board already.
    AlreadyPlaced(char),
    /// Not a valid orientation number for the piece.
    BadNumber {
        letter: char,
        given: String,
        count: usize,
    },
    /// No placement of this orientation touches the board without overlap.
    NoTouch { letter: char, orientation: usize },
    /// Undo with only the first piece left.
    NothingToUndo,
    /// An answer that means nothing at this question.
    NotNow { what: String, prompt: Prompt },
    /// The session is over.
    Finished,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::UnknownPiece(s) => write!(
                f,
                "unknown piece {s:?}: choose one of F I L N P T U V W X Y Z (lower case works too, but u and n mean undo and break)"
            ),
            SessionError::AlreadyPlaced(l) => {
                write!(f, "{l} is on the board already: choose another piece")
            }
            SessionError::BadNumber {
                letter,
                given,
                count,
            } => write!(
                f,
                "bad piece number {given:?}: {letter} has {count} orientation{}, numbered 0 to {}",
                if *count == 1 { "" } else { "s" },
                count.saturating_sub(1)
            ),
            SessionError::NoTouch {
                letter,
                orientation,
            } => write!(
                f,
                "no placement of {letter}({orientation}) touches the board side by side without \
                 overlapping: choose another orientation (or u for another piece)"
            ),
            SessionError::NothingToUndo => {
                write!(
                    f,
                    "nothing to undo: the first piece stays (n ends the session)"
                )
            }
            SessionError::NotNow { what, prompt } => {
                let expect = match prompt {
                    Prompt::PieceNumber => "a piece number, u (another piece) or n (break)",
                    Prompt::SelectPiece => {
                        "a piece letter, u (undo), h (hint), s (solve) or n (break)"
                    }
                    Prompt::Confirm => "Enter (continue), u (undo) or n (break)",
                };
                write!(f, "{what:?} is not an answer here: expected {expect}")
            }
            SessionError::Finished => write!(f, "the session is over"),
        }
    }
}

impl std::error::Error for SessionError {}

/// Help a person stuck in a session: `h` and `s` call these. Both may take
/// long, so they get the monitor.
pub trait Assist {
    /// Suggest a next piece and orientation (or say none works).
    fn hint(&self, session: &Placing, monitor: &dyn Monitor) -> Vec<Event>;
    /// Complete the board automatically and show it.
    fn solve(&self, session: &Placing, monitor: &dyn Monitor) -> Vec<Event>;
}

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Its letter.
    pub letter: char,
    /// The orientation number chosen (index into `pen`).
    pub orientation: usize,
    /// Index into `members` of that orientation (0 for the first piece).
    pub index: usize,
    /// Its cells in the 6×10 frame.
    pub cells: BitBoard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    First(char),
    Select,
    Choose(char),
    Confirm,
    Finished,
}

/// The state of a placing session.
#[derive(Clone, Debug)]
pub struct Placing {
    placed: Vec<Placement>,
    pending: Option<Placement>,
    phase: Phase,
    broken: bool,
}

/// The orientations of `letter` as character boards (for showing).
pub fn orientation_boards(letter: char) -> Vec<CharBoard> {
    piece(letter)
        .map(|p| {
            p.orientations()
                .iter()
                .map(|o| CharBoard::display(o, letter as u8))
                .collect()
        })
        .unwrap_or_default()
}

impl Placing {
    /// Begin with `letter` as the first piece: shows its orientations and
    /// asks for a number.
    pub fn start(letter: char) -> Result<(Placing, Vec<Event>), SessionError> {
        if !LETTERS.contains(&letter) {
            return Err(SessionError::UnknownPiece(letter.to_string()));
        }
        let s = Placing {
            placed: Vec::new(),
            pending: None,
            phase: Phase::First(letter),
            broken: false,
        };
        let events = vec![
            Event::Line("initial piece:".into()),
            Event::Orientations(orientation_boards(letter)),
        ];
        Ok((s, events))
    }

    /// The question now open; `None` once the session is over.
    pub fn prompt(&self) -> Option<Prompt> {
        match self.phase {
            Phase::First(_) | Phase::Choose(_) => Some(Prompt::PieceNumber),
            Phase::Select => Some(Prompt::SelectPiece),
            Phase::Confirm => Some(Prompt::Confirm),
            Phase::Finished => None,
        }
    }

    /// True once all twelve are placed or the person broke off.
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// True when the session ended with all twelve pieces placed.
    pub fn is_complete(&self) -> bool {
        self.is_finished() && !self.broken && self.placed.len() == LETTERS.len()
    }

    /// The pieces placed and kept, in order (the first piece first).
    pub fn placed(&self) -> &[Placement] {
        &self.placed
    }

    /// The piece placed but not yet kept (at the confirm question).
    pub fn pending(&self) -> Option<&Placement> {
        self.pending.as_ref()
    }

    /// The piece whose orientation is being asked for, if any.
    pub fn choosing(&self) -> Option<char> {
        match self.phase {
            Phase::First(l) | Phase::Choose(l) => Some(l),
            _ => None,
        }
    }

    /// Letters not yet on the board (kept pieces and the pending one count
    /// as on it), in the listing's order.
    pub fn remaining(&self) -> Vec<char> {
        LETTERS
            .iter()
            .copied()
            .filter(|&l| !self.is_on_board(l))
            .collect()
    }

    fn is_on_board(&self, letter: char) -> bool {
        self.placed.iter().any(|p| p.letter == letter)
            || self.pending.as_ref().is_some_and(|p| p.letter == letter)
    }

    fn empty_frame() -> CharBoard {
        CharBoard::display(&BitBoard::blank(FRAME_ROWS, FRAME_COLS), b'.')
    }

    fn draw(pieces: &[&Placement]) -> CharBoard {
        let mut b = Self::empty_frame();
        for p in pieces {
            // Placements never overlap (checked when made), so rp cannot fail.
            if let Ok(next) = b.rp(&CharBoard::display(&p.cells, p.letter as u8)) {
                b = next;
            }
        }
        b
    }

    /// The kept pieces as a character board.
    pub fn board(&self) -> CharBoard {
        Self::draw(&self.placed.iter().collect::<Vec<_>>())
    }

    /// The board as shown: kept pieces plus the pending one.
    pub fn shown(&self) -> CharBoard {
        Self::draw(&self.placed.iter().chain(&self.pending).collect::<Vec<_>>())
    }

    /// The kept pieces' cells as a 0/1 board (the source's `IYA`).
    pub fn filled(&self) -> BitBoard {
        self.placed
            .iter()
            .fold(BitBoard::blank(FRAME_ROWS, FRAME_COLS), |acc, p| {
                acc.union(&p.cells).unwrap_or(acc)
            })
    }

    /// What the session gives back: the board as shown.
    pub fn result(&self) -> CharBoard {
        self.shown()
    }

    /// Where orientation `orientation` of `letter` would go on the kept
    /// board: (members index, cells), or `None` when no placement touches.
    pub fn first_fit(&self, letter: char, orientation: usize) -> Option<(usize, BitBoard)> {
        let shape = piece(letter).ok()?;
        let start = *p_data(&shape).ok()?.get(orientation)?;
        let filled = self.filled();
        let members = start.members().ok()?;
        members
            .into_iter()
            .enumerate()
            .find(|(_, m)| filled.contact(m).unwrap_or(0) >= 1)
    }

    fn orientation_count(letter: char) -> usize {
        piece(letter).map(|p| p.orientations().len()).unwrap_or(0)
    }

    /// Choose orientation `n` of the piece being asked about.
    pub fn choose(&mut self, n: usize) -> Result<Vec<Event>, SessionError> {
        let letter = self.choosing().ok_or(SessionError::NotNow {
            what: n.to_string(),
            prompt: self.prompt().ok_or(SessionError::Finished)?,
        })?;
        let count = Self::orientation_count(letter);
        if n >= count {
            return Err(SessionError::BadNumber {
                letter,
                given: n.to_string(),
                count,
            });
        }
        if self.phase == Phase::First(letter) {
            let shape = piece(letter).map_err(|_| SessionError::UnknownPiece(letter.into()))?;
            let cells = p_data(&shape).ok().and_then(|d| d.get(n).copied()).ok_or(
                SessionError::BadNumber {
                    letter,
                    given: n.to_string(),
                    count,
                },
            )?;
            self.placed.push(Placement {
                letter,
                orientation: n,
                index: 0,
                cells,
            });
            self.phase = Phase::Select;
            return Ok(vec![Event::Board(self.board())]);
        }
        let (index, cells) = self.first_fit(letter, n).ok_or(SessionError::NoTouch {
            letter,
            orientation: n,
        })?;
        let i = self.placed.len() - 1;
        self.pending = Some(Placement {
            letter,
            orientation: n,
            index,
            cells,
        });
        let mut events = vec![
            Event::Line(format!("i={i}, Hit: {letter}({index})")),
            Event::Line("Next:".into()),
            Event::Board(self.shown()),
        ];
        if self.placed.len() + 1 == LETTERS.len() {
            // The last piece: nothing left to ask, so keep it and end.
            self.placed.extend(self.pending.take());
            self.phase = Phase::Finished;
            events.push(Event::Line("*** end ***".into()));
        } else {
            self.phase = Phase::Confirm;
        }
        Ok(events)
    }

    /// Choose the next piece by letter.
    pub fn select(&mut self, letter: char) -> Result<Vec<Event>, SessionError> {
        if self.phase != Phase::Select {
            return Err(SessionError::NotNow {
                what: letter.to_string(),
                prompt: self.prompt().ok_or(SessionError::Finished)?,
            });
        }
        if !LETTERS.contains(&letter) {
            return Err(SessionError::UnknownPiece(letter.to_string()));
        }
        if self.is_on_board(letter) {
            return Err(SessionError::AlreadyPlaced(letter));
        }
        self.phase = Phase::Choose(letter);
        Ok(vec![Event::Orientations(orientation_boards(letter))])
    }

    /// Keep the new piece (Enter at the confirm question).
    pub fn proceed(&mut self) -> Result<Vec<Event>, SessionError> {
        if self.phase != Phase::Confirm {
            return Err(SessionError::NotNow {
                what: String::new(),
                prompt: self.prompt().ok_or(SessionError::Finished)?,
            });
        }
        self.placed.extend(self.pending.take());
        self.phase = Phase::Select;
        Ok(Vec::new())
    }

    /// Undo: at the confirm question, take the new piece back and ask for
    /// its orientation again; at the orientation question, go back to
    /// choosing a piece; at the piece question, take back the last kept
    /// piece (never the first).
    pub fn undo(&mut self) -> Result<Vec<Event>, SessionError> {
        match self.phase {
            Phase::Confirm => {
                let p = self.pending.take();
                let letter = p.map(|p| p.letter).unwrap_or('?');
                self.phase = Phase::Choose(letter);
                Ok(vec![
                    Event::Line(format!("undo: {letter} taken back")),
                    Event::Orientations(orientation_boards(letter)),
                ])
            }
            Phase::Choose(_) => {
                self.phase = Phase::Select;
                Ok(Vec::new())
            }
            Phase::Select if self.placed.len() > 1 => {
                let p = self.placed.pop();
                let letter = p.map(|p| p.letter).unwrap_or('?');
                Ok(vec![
                    Event::Line(format!("undo: {letter} taken back")),
                    Event::Board(self.board()),
                ])
            }
            Phase::Select | Phase::First(_) => Err(SessionError::NothingToUndo),
            Phase::Finished => Err(SessionError::Finished),
        }
    }

    /// Break off; the result is the board as shown.
    pub fn stop(&mut self) -> Vec<Event> {
        if self.phase == Phase::Finished {
            return Vec::new();
        }
        self.phase = Phase::Finished;
        self.broken = true;
        vec![Event::Line("*** break".into())]
    }

    /// Feed one answer typed at the open question. Refusals come back as an
    /// [`Event::Error`] and leave the question open.
    pub fn answer(
        &mut self,
        line: &str,
        assist: Option<&dyn Assist>,
        monitor: &dyn Monitor,
    ) -> Vec<Event> {
        let text = line.trim();
        let Some(prompt) = self.prompt() else {
            return vec![Event::Error(SessionError::Finished.to_string())];
        };
        let result = match (prompt, text) {
            (_, "n") => Ok(self.stop()),
            (_, "u") => self.undo(),
            (Prompt::SelectPiece, "h") => Ok(match assist {
                Some(a) => a.hint(self, monitor),
                None => vec![Event::Error(
                    "h (hint) needs the automatic solver, which is not available here".into(),
                )],
            }),
            (Prompt::SelectPiece, "s") => Ok(match assist {
                Some(a) => a.solve(self, monitor),
                None => vec![Event::Error(
                    "s (solve) needs the automatic solver, which is not available here".into(),
                )],
            }),
            (Prompt::Confirm, "") => self.proceed(),
            (Prompt::Confirm, other) => Err(SessionError::NotNow {
                what: other.into(),
                prompt,
            }),
            (Prompt::SelectPiece, t) => {
                let mut chars = t.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => self.select(c),
                    // Lower case too; `u` and `n` are taken above (undo, break).
                    (Some(c), None) if c.is_ascii_lowercase() => {
                        self.select(c.to_ascii_uppercase())
                    }
                    _ if t.is_empty() => Err(SessionError::NotNow {
                        what: String::new(),
                        prompt,
                    }),
                    _ => Err(SessionError::UnknownPiece(t.into())),
                }
            }
            (Prompt::PieceNumber, t) => match t.parse::<usize>() {
                Ok(n) => self.choose(n),
                Err(_) => Err(SessionError::BadNumber {
                    letter: self.choosing().unwrap_or('?'),
                    given: t.into(),
                    count: self.choosing().map(Self::orientation_count).unwrap_or(0),
                }),
            },
        };
        result.unwrap_or_else(|e| vec![Event::Error(e.to_string())])
    }

    /// The input ended: same as break.
    pub fn end_of_input(&mut self) -> Vec<Event> {
        self.stop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;

    fn run(s: &mut Placing, answers: &[&str]) -> Vec<Event> {
        let mut all = Vec::new();
        for a in answers {
            all.extend(s.answer(a, None, &Silent));
        }
        all
    }

    fn boards(events: &[Event]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Board(b) => Some(b.to_string()),
                _ => None,
            })
            .collect()
    }

    fn lines(events: &[Event]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Line(l) => Some(l.clone()),
                Event::Error(l) => Some(format!("error: {l}")),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn seed_opening() {
        let (mut s, ev) = Placing::start('V').unwrap();
        assert_eq!(ev[0], Event::Line("initial piece:".into()));
        assert_eq!(s.prompt(), Some(Prompt::PieceNumber));
        let ev = run(&mut s, &["1", "Z", "1"]);
        assert!(lines(&ev).contains(&"i=0, Hit: Z(1)".to_string()));
        assert_eq!(
            boards(&ev).last().unwrap(),
            "VVVZ......\nVZZZ......\nVZ........\n..........\n..........\n.........."
        );
        assert_eq!(s.prompt(), Some(Prompt::Confirm));
    }

    #[test]
    fn refusals_keep_the_question() {
        let (mut s, _) = Placing::start('V').unwrap();
        let ev = run(&mut s, &["9", "x", "1", "Q", "V", "v", ""]);
        let l = lines(&ev);
        assert_eq!(l.len(), 6, "{l:?}");
        assert!(l[0].contains("V has 4 orientations, numbered 0 to 3"));
        assert!(l[1].contains("\"x\""));
        assert!(l[2].contains("unknown piece \"Q\""));
        assert!(l[3].contains("V is on the board already"));
        // Lower case is the same letter.
        assert!(l[4].contains("V is on the board already"));
        assert!(l[5].contains("is not an answer here"));
        assert_eq!(s.prompt(), Some(Prompt::SelectPiece));
        assert!(Placing::start('q').is_err());
    }

    #[test]
    fn undo_is_repeatable_and_break_returns_the_shown_board() {
        let (mut s, _) = Placing::start('V').unwrap();
        run(&mut s, &["1", "Z", "1", "", "N", "0", ""]);
        assert_eq!(s.placed().len(), 3);
        // Undo at the piece question: N, then Z, then nothing more.
        let ev = run(&mut s, &["u", "u", "u"]);
        let l = lines(&ev);
        assert_eq!(l[0], "undo: N taken back");
        assert_eq!(l[1], "undo: Z taken back");
        assert!(l[2].contains("nothing to undo"));
        assert_eq!(s.placed().len(), 1);
        // Undo at the confirm question asks for the orientation again.
        let ev = run(&mut s, &["Z", "1", "u"]);
        assert!(matches!(ev.last(), Some(Event::Orientations(o)) if o.len() == 4));
        assert_eq!(s.prompt(), Some(Prompt::PieceNumber));
        run(&mut s, &["1", "n"]);
        assert!(s.is_finished() && !s.is_complete());
        assert_eq!(s.result().to_string().lines().next(), Some("VVVZ......"));
    }

    #[test]
    fn orientation_that_cannot_touch() {
        // A board full but for two cells at the end of the last row: every
        // placement of I overlaps it, so the orientation is refused.
        let cells =
            BitBoard::parse("1111111111/1111111111/1111111111/1111111111/1111111111/1111111100")
                .unwrap();
        let mut full = Placing {
            placed: vec![Placement {
                letter: 'X',
                orientation: 0,
                index: 0,
                cells,
            }],
            pending: None,
            phase: Phase::Select,
            broken: false,
        };
        let ev = run(&mut full, &["I", "0"]);
        assert!(lines(&ev)[0].contains("no placement of I(0) touches"));
        assert_eq!(full.prompt(), Some(Prompt::PieceNumber));
    }
}

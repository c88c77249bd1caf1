//! Script functions of the pentomino domain (Nishikawa's J program): pieces, shapes,
//! orientations, shift, members, contact, character boards, frames, and the
//! interactive placing session `pentomino("V")`.

use std::rc::Rc;

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::pentomino::session::{Assist, Event, Placing, Prompt};
use crate::pentomino::{CharBoard, Style, jbox};
use crate::script::host::{Host, host};

/// The pentomino functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// The numbered orientations as the session shows them: J's two-row box
/// table, numbers above boards.
fn orientation_table(boards: &[CharBoard]) -> String {
    let numbers = (0..boards.len()).map(|i| vec![i.to_string()]).collect();
    let shapes = boards.iter().map(CharBoard::lines).collect();
    jbox::boxed_table(&[numbers, shapes])
}

/// How a session is shown and fed.
struct SessionIo<'a> {
    ctx: &'a NativeCallContext<'a>,
    host: Rc<dyn Host>,
    answers: Option<std::vec::IntoIter<String>>,
    style: Style,
    colour: bool,
    echo: bool,
    /// When set, output is collected here instead of printed.
    transcript: Option<String>,
}

impl SessionIo<'_> {
    fn print(&mut self, text: &str) -> Result<(), Box<EvalAltResult>> {
        if let Some(t) = &mut self.transcript {
            t.push_str(text);
            t.push('\n');
            return Ok(());
        }
        // Through the engine's print hook, so capturing sessions (labs,
        // tests) see the session's output in order with everything else.
        self.ctx.call_native_fn::<()>("print", (text.to_string(),))
    }

    fn show(&mut self, events: Vec<Event>) -> Result<(), Box<EvalAltResult>> {
        for e in events {
            match e {
                Event::Line(l) => self.print(&l)?,
                Event::Error(l) => self.print(&format!("error: {l}"))?,
                Event::Orientations(o) => self.print(&orientation_table(&o))?,
                Event::Board(b) => {
                    self.print(&crate::pentomino::frame(&b, self.style, self.colour))?
                }
            }
        }
        Ok(())
    }

    fn read(&mut self, prompt: Prompt) -> Result<Option<String>, Box<EvalAltResult>> {
        // A person at a terminal also sees which keys the question takes;
        // transcripts keep the source's wording exactly.
        if self.echo || self.transcript.is_some() {
            self.print(prompt.text())?;
        } else {
            self.print(&format!("{} {}", prompt.text(), prompt.keys()))?;
        }
        let line = match &mut self.answers {
            Some(a) => a.next(),
            None => self.host.read_line(),
        };
        // Ctrl+C at the prompt ends the session with the interruption
        // rule's error: a board left half placed is not an answer.
        if self.host.cancelled() {
            return Err(crate::script::host::stopped(
                self.ctx,
                "at the placing session's prompt: the session ended without a result",
            ));
        }
        if let (Some(l), true) = (&line, self.echo) {
            self.print(l)?;
        }
        Ok(line)
    }
}

/// Run a session; with `collect`, its output is returned instead of printed.
fn run_session(
    ctx: &NativeCallContext,
    letter: &str,
    options: Map,
    collect: bool,
) -> Result<(CharBoard, String), Box<EvalAltResult>> {
    use crate::script::error;
    let letter = crate::pentomino::pieces::piece_letter(letter)
        .map_err(|e| error(format!("pentomino: {e}")))?;
    let host = host(ctx);
    let mut options = crate::script::options::Options::new(
        "pentomino",
        options,
        &["answers", "style", "colour", "color"],
    )?;
    let style = match options.string("style")? {
        None => Style::Ascii,
        Some(name) => Style::parse(&name).ok_or_else(|| {
            error(format!(
                "pentomino: style {name:?} is unknown: use \"ascii\" or \"unicode\""
            ))
        })?,
    };
    let colour = match (options.bool("colour")?, options.bool("color")?) {
        (Some(c), _) | (None, Some(c)) => c,
        (None, None) => host.colour(),
    };
    let answers = options
        .array("answers")?
        .map(|list: Array| list.into_iter().map(|v| v.to_string()).collect::<Vec<_>>());
    let echo = answers.is_some() || host.echo_input();
    let mut io = SessionIo {
        ctx,
        host: host.clone(),
        answers: answers.map(Vec::into_iter),
        style,
        colour,
        echo,
        transcript: collect.then(String::new),
    };
    let (mut session, events) =
        Placing::start(letter).map_err(|e| error(format!("pentomino: {e}")))?;
    io.show(events)?;
    // `h` (hint) and `s` (solve) call the exact-cover solver.
    let assist: Option<&dyn Assist> = Some(&crate::polyomino::SessionAssist);
    while let Some(prompt) = session.prompt() {
        let events = match io.read(prompt)? {
            // One monitor per answer: its progress line is gone before the
            // answer's text prints.
            Some(line) => {
                let events =
                    session.answer(&line, assist, &*crate::script::host::monitor_of(&*host));
                // An `h` or `s` stopped by Ctrl+C has said so in its events;
                // the interrupt is used up and the next prompt starts clean.
                host.take_cancel();
                events
            }
            None => session.end_of_input(),
        };
        io.show(events)?;
    }
    Ok((session.result(), io.transcript.unwrap_or_default()))
}

#[export_module(manifest)]
pub mod api {
    use crate::pentomino::{self, PentominoError};
    use crate::script::error;

    /// A 0/1 board (a piece shape is a board the size of the piece);
    /// prints as rows of `0`/`1` separated by spaces.
    pub type Board = pentomino::BitBoard;

    /// A character board: `.` for empty, a letter for each piece's cells.
    pub type CharBoard = pentomino::CharBoard;

    fn fail(name: &str, e: PentominoError) -> Box<EvalAltResult> {
        error(format!("{name}: {e}"))
    }

    fn letter_of(name: &str, text: &str) -> Result<char, Box<EvalAltResult>> {
        pentomino::pieces::piece_letter(text).map_err(|e| fail(name, e))
    }

    fn boards(list: Vec<Board>) -> Array {
        list.into_iter().map(Dynamic::from).collect()
    }

    /// The base shape of a pentomino (the source's `P_0`), e.g. `piece("P")`.
    ///
    /// Letters: F I L N P T U V W X Y Z.
    #[rhai_fn(return_raw)]
    pub fn piece(letter: &str) -> Result<Board, Box<EvalAltResult>> {
        pentomino::piece(letter_of("piece", letter)?).map_err(|e| fail("piece", e))
    }

    /// The base shape of a pentomino given as a character, e.g. `piece('P')`.
    #[rhai_fn(name = "piece", return_raw)]
    pub fn piece_char(letter: char) -> Result<Board, Box<EvalAltResult>> {
        piece(&letter.to_string())
    }

    /// A custom piece from text, trimmed to its cells: `shape("XX.\n.XX")`.
    ///
    /// `.` and `0` are empty, any other visible character is a cell; spaces
    /// only separate; `/` may end a row. The cells must join edge to edge.
    #[rhai_fn(return_raw)]
    pub fn shape(text: &str) -> Result<Board, Box<EvalAltResult>> {
        Board::parse_shape(text).map_err(|e| fail("shape", e))
    }

    /// A 0/1 board from text at its full size: `board("1 1 0 0 0")`.
    ///
    /// Same characters as `shape`, but nothing is trimmed and the cells need
    /// not be connected (the source's tA..tD are such boards).
    #[rhai_fn(return_raw)]
    pub fn board(text: &str) -> Result<Board, Box<EvalAltResult>> {
        Board::parse(text).map_err(|e| fail("board", e))
    }

    /// An empty 0/1 board of `rows`×`cols` (up to 32×32).
    #[rhai_fn(name = "board", return_raw)]
    pub fn board_sized(rows: i64, cols: i64) -> Result<Board, Box<EvalAltResult>> {
        let side = |what, n| crate::script::options::count("board", what, n);
        Board::new(side("rows", rows)?, side("cols", cols)?).map_err(|e| fail("board", e))
    }

    /// A character board from text: rows of characters, `.` for empty.
    ///
    /// Spaces and tabs are ignored, `/` may end a row.
    #[rhai_fn(return_raw)]
    pub fn charboard(text: &str) -> Result<CharBoard, Box<EvalAltResult>> {
        CharBoard::parse(text).map_err(|e| fail("charboard", e))
    }

    /// Every distinct orientation of a piece, in the source's t0..t7 order.
    ///
    /// `pen("P")` has 8, `pen("X")` 1. Show them side by side with `boxed`.
    #[rhai_fn(return_raw)]
    pub fn pen(letter: &str) -> Result<Array, Box<EvalAltResult>> {
        Ok(boards(piece(letter)?.orientations()))
    }

    /// Every distinct orientation of a piece given as a character.
    #[rhai_fn(name = "pen", return_raw)]
    pub fn pen_char(letter: char) -> Result<Array, Box<EvalAltResult>> {
        pen(&letter.to_string())
    }

    /// Every distinct orientation of a shape, in the source's t0..t7 order.
    #[rhai_fn(name = "pen")]
    pub fn pen_shape(shape: Board) -> Array {
        boards(shape.orientations())
    }

    /// Each orientation of a piece at the top-left of the 6×10 frame.
    #[rhai_fn(return_raw)]
    pub fn p_data(letter: &str) -> Result<Array, Box<EvalAltResult>> {
        p_data_shape(piece(letter)?)
    }

    /// Each orientation of a piece (given as a character) in the 6×10 frame.
    #[rhai_fn(name = "p_data", return_raw)]
    pub fn p_data_char(letter: char) -> Result<Array, Box<EvalAltResult>> {
        p_data(&letter.to_string())
    }

    /// Each orientation of a shape at the top-left of the 6×10 frame.
    #[rhai_fn(name = "p_data", return_raw)]
    pub fn p_data_shape(shape: Board) -> Result<Array, Box<EvalAltResult>> {
        pentomino::p_data(&shape)
            .map(boards)
            .map_err(|e| fail("p_data", e))
    }

    /// The source's transform number `k` (0..7) applied to a board.
    ///
    /// 0 identity, 1 90° right, 2 180°, 3 270° right, 4 mirror (reverse each
    /// row), 5 mirror after 270° (t4 of t3), 6 mirror after 180° (reverse
    /// the rows), 7 mirror after 90° (t4 of t1: the transpose).
    #[rhai_fn(return_raw)]
    pub fn transform(board: Board, k: i64) -> Result<Board, Box<EvalAltResult>> {
        if !(0..8).contains(&k) {
            return Err(error(format!(
                "transform: k is {k}; the transforms are 0 to 7"
            )));
        }
        Ok(board.transform(k as usize))
    }

    /// The source's t0: the board unchanged.
    pub fn t0(board: Board) -> Board {
        board.transform(0)
    }

    /// The source's t1: turned 90° to the right (transpose, reverse each row).
    pub fn t1(board: Board) -> Board {
        board.transform(1)
    }

    /// The source's t2: turned 180°.
    pub fn t2(board: Board) -> Board {
        board.transform(2)
    }

    /// The source's t3: turned 270° right (transpose, reverse the rows).
    pub fn t3(board: Board) -> Board {
        board.transform(3)
    }

    /// The source's t4: mirrored left to right (reverse each row).
    pub fn t4(board: Board) -> Board {
        board.transform(4)
    }

    /// The source's t5: the mirror (t4) of the 270° turn (t3): t4(t3(b)).
    pub fn t5(board: Board) -> Board {
        board.transform(5)
    }

    /// The source's t6: mirror of the 180° turn (reverse the rows).
    pub fn t6(board: Board) -> Board {
        board.transform(6)
    }

    /// The source's t7: the mirror (t4) of the 90° turn (t1): t4(t1(b)), the transpose.
    pub fn t7(board: Board) -> Board {
        board.transform(7)
    }

    /// Move a board's cells right by `x` and down by `y` (negative: left/up).
    ///
    /// Vacated cells are 0, cells pushed past an edge are dropped, nothing
    /// wraps: `shift(p_data("P")[0], 2, 1)`.
    pub fn shift(board: Board, x: i64, y: i64) -> Board {
        board.shift(x, y)
    }

    /// Every placement of a board's pattern inside the board, row by row.
    ///
    /// The source's `members`: offsets with rows outer and columns inner;
    /// `members(p_data("P")[0])` has 36.
    #[rhai_fn(return_raw)]
    pub fn members(board: Board) -> Result<Array, Box<EvalAltResult>> {
        board.members().map(boards).map_err(|e| fail("members", e))
    }

    /// The source's contact: 0 on overlap, else side-by-side pairs in rows.
    ///
    /// Only horizontal neighbours count, as in the J code; `touch` also
    /// counts pieces touching above and below.
    #[rhai_fn(return_raw)]
    pub fn contact(a: Board, b: Board) -> Result<i64, Box<EvalAltResult>> {
        a.contact(&b)
            .map(|n| n as i64)
            .map_err(|e| fail("contact", e))
    }

    /// Clean contact: 0 on overlap, else edge-sharing pairs in all directions.
    #[rhai_fn(return_raw)]
    pub fn touch(a: Board, b: Board) -> Result<i64, Box<EvalAltResult>> {
        a.touch(&b).map(|n| n as i64).map_err(|e| fail("touch", e))
    }

    /// For each board in `boards`, whether `contact(board, it)` ≥ 1.
    #[rhai_fn(return_raw)]
    pub fn tcontact(board: Board, boards: Array) -> Result<Array, Box<EvalAltResult>> {
        let mut list = Vec::with_capacity(boards.len());
        for (i, b) in boards.into_iter().enumerate() {
            let name = b.type_name();
            let b = b.try_cast::<Board>().ok_or_else(|| {
                error(format!("tcontact: element {i} is {name}, not a 0/1 board"))
            })?;
            list.push(b);
        }
        board
            .tcontact(&list)
            .map(|v| v.into_iter().map(Dynamic::from).collect())
            .map_err(|e| fail("tcontact", e))
    }

    /// A 0/1 board as characters: `.` for 0, `letter` for 1.
    #[rhai_fn(return_raw)]
    pub fn display(board: Board, letter: &str) -> Result<CharBoard, Box<EvalAltResult>> {
        let letter =
            pentomino::charboard::display_letter(letter).map_err(|e| fail("display", e))?;
        Ok(CharBoard::display(&board, letter))
    }

    /// A 0/1 board as characters, the letter given as a character.
    #[rhai_fn(name = "display", return_raw)]
    pub fn display_char(board: Board, letter: char) -> Result<CharBoard, Box<EvalAltResult>> {
        display(board, &letter.to_string())
    }

    /// Merge two character boards of one size; `.` yields to a letter.
    ///
    /// Two letters in one cell are an error.
    #[rhai_fn(return_raw)]
    pub fn rp(a: CharBoard, b: CharBoard) -> Result<CharBoard, Box<EvalAltResult>> {
        a.rp(&b).map_err(|e| fail("rp", e))
    }

    /// The source's ch2flag: 1 where a character board has a letter, else 0.
    pub fn flags(board: CharBoard) -> Board {
        board.flags()
    }

    /// The board drawn with `+ - |` lines round each piece and the board.
    ///
    /// Pieces are coloured when the session's host allows colour (the REPL
    /// does on a terminal that has not opted out).
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(frame(b))`.
    pub fn frame(ctx: NativeCallContext, board: CharBoard) -> String {
        let colour = super::host(&ctx).colour();
        pentomino::frame(&board, pentomino::Style::Ascii, colour)
    }

    /// The framed board in a style: `"ascii"` or `"unicode"` (box drawing).
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(frame(b, "unicode"))`.
    #[rhai_fn(name = "frame", return_raw)]
    pub fn frame_style(
        ctx: NativeCallContext,
        board: CharBoard,
        style: &str,
    ) -> Result<String, Box<EvalAltResult>> {
        let colour = super::host(&ctx).colour();
        frame_colour(board, style, colour)
    }

    /// The framed board in a style, with colour on (`true`) or off (`false`).
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(frame(b, "ascii", false))`.
    #[rhai_fn(name = "frame", return_raw)]
    pub fn frame_colour(
        board: CharBoard,
        style: &str,
        colour: bool,
    ) -> Result<String, Box<EvalAltResult>> {
        let style = pentomino::Style::parse(style).ok_or_else(|| {
            error(format!(
                "frame: style {style:?} is unknown: use \"ascii\" or \"unicode\""
            ))
        })?;
        Ok(pentomino::frame(&board, style, colour))
    }

    /// An array shown as J shows a boxed list: boards side by side in boxes.
    ///
    /// `boxed(pen("P"))` prints like the source's `pen P_0`.
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(boxed(pen("P")))`.
    pub fn boxed(ctx: NativeCallContext, items: Array) -> String {
        let cells: Vec<Vec<String>> = items
            .into_iter()
            .map(|item| {
                if let Some(b) = item.clone().try_cast::<Board>() {
                    b.lines()
                } else if let Some(c) = item.clone().try_cast::<CharBoard>() {
                    c.lines()
                } else {
                    let text = ctx
                        .call_fn::<String>("to_string", (item.clone(),))
                        .unwrap_or_else(|_| item.to_string());
                    text.lines().map(str::to_string).collect()
                }
            })
            .collect();
        pentomino::jbox::boxed_list(&cells)
    }

    /// Place pentominoes by hand, starting with `letter` (the source's session).
    ///
    /// Shows the orientations, asks for numbers and letters (typed, or the
    /// lines after the call when input is piped); Enter
    /// keeps a piece, `u` undoes, `n` breaks. Returns the character board.
    #[rhai_fn(return_raw)]
    pub fn pentomino(
        ctx: NativeCallContext,
        letter: &str,
    ) -> Result<CharBoard, Box<EvalAltResult>> {
        super::run_session(&ctx, letter, Map::new(), false).map(|r| r.0)
    }

    /// The placing session fed from an array of answers instead of input.
    ///
    /// `pentomino("V", ["1", "Z", "1", "", "n"])`; running out of answers
    /// breaks off.
    #[rhai_fn(name = "pentomino", return_raw)]
    pub fn pentomino_answers(
        ctx: NativeCallContext,
        letter: &str,
        answers: Array,
    ) -> Result<CharBoard, Box<EvalAltResult>> {
        let mut options = Map::new();
        options.insert("answers".into(), Dynamic::from(answers));
        super::run_session(&ctx, letter, options, false).map(|r| r.0)
    }

    /// The placing session with options: answers, frame style and colour.
    ///
    /// `#{answers: [...], style: "unicode", colour: false}`; `style` is
    /// `"ascii"` (default) or `"unicode"`, `colour` defaults to the
    /// session's colour policy (on for a terminal that has not opted out).
    #[rhai_fn(name = "pentomino", return_raw)]
    pub fn pentomino_options(
        ctx: NativeCallContext,
        letter: &str,
        options: Map,
    ) -> Result<CharBoard, Box<EvalAltResult>> {
        super::run_session(&ctx, letter, options, false).map(|r| r.0)
    }

    /// A placing session's whole transcript as a string, from given answers.
    ///
    /// `pentomino_transcript("V", ["1", "Z", "1", "n"])` runs the session
    /// without reading input or printing (for labs): each question is followed by its
    /// answer. Colour is off; pass an options map to change that.
    ///
    /// Returns the transcript as text: a script prints it,
    /// `print(pentomino_transcript("V", answers))`.
    #[rhai_fn(return_raw)]
    pub fn pentomino_transcript(
        ctx: NativeCallContext,
        letter: &str,
        answers: Array,
    ) -> Result<String, Box<EvalAltResult>> {
        let mut options = Map::new();
        options.insert("answers".into(), Dynamic::from(answers));
        options.insert("colour".into(), Dynamic::from(false));
        pentomino_transcript_options(ctx, letter, options)
    }

    /// A placing session's transcript with options (answers, style, colour).
    ///
    /// Returns the transcript as text: a script prints it,
    /// `print(pentomino_transcript("V", options))`.
    #[rhai_fn(name = "pentomino_transcript", return_raw)]
    pub fn pentomino_transcript_options(
        ctx: NativeCallContext,
        letter: &str,
        options: Map,
    ) -> Result<String, Box<EvalAltResult>> {
        if !options.contains_key("answers") {
            return Err(error(
                "pentomino_transcript: give the answers, e.g. #{answers: [\"1\", \"n\"]}",
            ));
        }
        let mut options = options;
        options
            .entry("colour".into())
            .or_insert(Dynamic::from(false));
        super::run_session(&ctx, letter, options, true).map(|r| r.1)
    }

    /// Number of rows of a 0/1 board.
    #[rhai_fn(get = "rows", pure)]
    pub fn rows(board: &mut Board) -> i64 {
        board.rows() as i64
    }

    /// Number of columns of a 0/1 board.
    #[rhai_fn(get = "cols", pure)]
    pub fn cols(board: &mut Board) -> i64 {
        board.cols() as i64
    }

    /// Number of rows of a character board.
    #[rhai_fn(get = "rows", pure)]
    pub fn char_rows(board: &mut CharBoard) -> i64 {
        board.rows() as i64
    }

    /// Number of columns of a character board.
    #[rhai_fn(get = "cols", pure)]
    pub fn char_cols(board: &mut CharBoard) -> i64 {
        board.cols() as i64
    }

    /// Number of filled cells of a 0/1 board.
    #[rhai_fn(pure)]
    pub fn count(board: &mut Board) -> i64 {
        board.count() as i64
    }

    /// The 0/1 board as rows of `0`/`1` separated by spaces (J style).
    #[rhai_fn(global, name = "to_string", pure)]
    pub fn to_string(board: &mut Board) -> String {
        board.to_string()
    }

    /// The 0/1 board as `board("11/11/10")`, one line that rebuilds it.
    #[rhai_fn(global, name = "to_debug", pure)]
    pub fn to_debug(board: &mut Board) -> String {
        format!("{board:?}")
    }

    /// The character board as rows of characters, `.` for empty.
    #[rhai_fn(global, name = "to_string", pure)]
    pub fn char_to_string(board: &mut CharBoard) -> String {
        board.to_string()
    }

    /// The character board as `charboard("PP./...")`, one line that rebuilds it.
    #[rhai_fn(global, name = "to_debug", pure)]
    pub fn char_to_debug(board: &mut CharBoard) -> String {
        format!("{board:?}")
    }

    /// True when two 0/1 boards have the same size and cells.
    #[rhai_fn(pure, name = "==")]
    pub fn eq(a: &mut Board, b: Board) -> bool {
        *a == b
    }

    /// True when two 0/1 boards differ.
    #[rhai_fn(pure, name = "!=")]
    pub fn ne(a: &mut Board, b: Board) -> bool {
        *a != b
    }

    /// True when two character boards are the same.
    #[rhai_fn(pure, name = "==")]
    pub fn char_eq(a: &mut CharBoard, b: CharBoard) -> bool {
        *a == b
    }

    /// True when two character boards differ.
    #[rhai_fn(pure, name = "!=")]
    pub fn char_ne(a: &mut CharBoard, b: CharBoard) -> bool {
        *a != b
    }
}

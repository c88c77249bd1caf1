//! The framed board: lines drawn between cells of different pieces and
//! around the board, none inside a piece, so each piece stands out as one
//! outlined region. The source's own sample is garbled in both transcriptions;
//! this is a fresh design in its spirit (`+ - |`), plus a box-drawing
//! variant and optional ANSI colour per piece.
//!
//! Each cell is three characters wide (` P `); between cells sits a one
//! character wall (`|` or space); between rows a line of `---` or spaces.
//! A corner point shows `+` where lines meet or turn, and continues a
//! straight line through (`-` or `|`) where nothing branches off.

use super::CharBoard;
use super::charboard::EMPTY;

/// Line style for [`frame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `+ - |`, as the source draws it.
    Ascii,
    /// Unicode box drawing (`┌ ─ ┬ │ ┼ ...`).
    Unicode,
}

impl Style {
    /// "ascii" or "unicode" (any case); `None` for anything else.
    pub fn parse(name: &str) -> Option<Style> {
        match name.trim().to_ascii_lowercase().as_str() {
            "ascii" | "" => Some(Style::Ascii),
            "unicode" | "box" => Some(Style::Unicode),
            _ => None,
        }
    }
}

/// The ANSI 256-colour background index used for a piece letter. The twelve
/// pentominoes get twelve well-separated colours; other letters share a
/// palette by their code.
pub fn colour_of(letter: u8) -> u8 {
    const PALETTE: [u8; 12] = [
        203, // F salmon
        75,  // I sky blue
        221, // L gold
        114, // N green
        177, // P violet
        209, // T orange
        80,  // U teal
        147, // V lavender
        150, // W olive green
        211, // X pink
        186, // Y khaki
        110, // Z steel blue
    ];
    let i = match letter {
        b'F' => 0,
        b'I' => 1,
        b'L' => 2,
        b'N' => 3,
        b'P' => 4,
        b'T' => 5,
        b'U' => 6,
        b'V' => 7,
        b'W' => 8,
        b'X' => 9,
        b'Y' => 10,
        b'Z' => 11,
        other => other as usize % PALETTE.len(),
    };
    PALETTE[i]
}

/// The board drawn with lines round each piece and the board, in `style`;
/// with `colour`, each piece's inside gets its ANSI background colour.
/// Lines end with `\n` except the last.
pub fn frame(board: &CharBoard, style: Style, colour: bool) -> String {
    let (rows, cols) = board.size();
    // Region of a cell, or None outside the board (which differs from
    // every cell, so the outer border is always drawn).
    let at = |r: isize, c: isize| -> Option<u8> {
        if r < 0 || c < 0 {
            None
        } else {
            board.get(r as usize, c as usize)
        }
    };
    // Horizontal line above cell (r, c); vertical line left of cell (r, c).
    let hline = |r: usize, c: usize| at(r as isize - 1, c as isize) != at(r as isize, c as isize);
    let vline = |r: usize, c: usize| at(r as isize, c as isize - 1) != at(r as isize, c as isize);

    let mut out = Grid::default();
    for r in 0..=rows {
        // Line of corners and horizontal walls.
        let mut line = Vec::new();
        for c in 0..=cols {
            let up = r > 0 && vline(r - 1, c);
            let down = r < rows && vline(r, c);
            let left = c > 0 && hline(r, c - 1);
            let right = c < cols && hline(r, c);
            let inside = if up || down || left || right {
                None
            } else {
                at(r as isize, c as isize)
            };
            line.push((corner(style, up, down, left, right), inside));
            if c < cols {
                let (ch, inside) = if hline(r, c) {
                    (horizontal(style), None)
                } else {
                    (' ', at(r as isize, c as isize))
                };
                for _ in 0..3 {
                    line.push((ch, inside));
                }
            }
        }
        out.lines.push(line);
        if r == rows {
            break;
        }
        // Line of cells and vertical walls.
        let mut line = Vec::new();
        for c in 0..=cols {
            if vline(r, c) {
                line.push((vertical(style), None));
            } else {
                line.push((' ', at(r as isize, c as isize)));
            }
            if let Some(ch) = at(r as isize, c as isize) {
                let owner = Some(ch);
                line.push((' ', owner));
                line.push((ch as char, owner));
                line.push((' ', owner));
            }
        }
        out.lines.push(line);
    }
    out.render(colour)
}

#[derive(Default)]
struct Grid {
    // Each position: the character and the piece whose inside it is.
    lines: Vec<Vec<(char, Option<u8>)>>,
}

impl Grid {
    fn render(&self, colour: bool) -> String {
        let mut s = String::new();
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                s.push('\n');
            }
            let mut current: Option<u8> = None;
            for &(ch, owner) in line {
                let owner = owner.filter(|&o| colour && o != EMPTY);
                if owner != current {
                    if current.is_some() {
                        s.push_str("\x1b[0m");
                    }
                    if let Some(o) = owner {
                        s.push_str(&format!("\x1b[30;48;5;{}m", colour_of(o)));
                    }
                    current = owner;
                }
                s.push(ch);
            }
            if current.is_some() {
                s.push_str("\x1b[0m");
            }
        }
        s
    }
}

fn horizontal(style: Style) -> char {
    match style {
        Style::Ascii => '-',
        Style::Unicode => '─',
    }
}

fn vertical(style: Style) -> char {
    match style {
        Style::Ascii => '|',
        Style::Unicode => '│',
    }
}

fn corner(style: Style, up: bool, down: bool, left: bool, right: bool) -> char {
    match style {
        Style::Ascii => match (up || down, left || right) {
            (false, false) => ' ',
            (true, false) => '|',
            (false, true) => '-',
            (true, true) => '+',
        },
        Style::Unicode => match (up, down, left, right) {
            (false, false, false, false) => ' ',
            (_, _, false, false) => '│',
            (false, false, _, _) => '─',
            (false, true, false, true) => '┌',
            (false, true, true, false) => '┐',
            (true, false, false, true) => '└',
            (true, false, true, false) => '┘',
            (true, true, false, true) => '├',
            (true, true, true, false) => '┤',
            (false, true, true, true) => '┬',
            (true, false, true, true) => '┴',
            // All four, and the one-sided stubs that a partition never
            // produces, draw as a full crossing.
            _ => '┼',
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cb(text: &str) -> CharBoard {
        CharBoard::parse(text).unwrap()
    }

    #[test]
    fn ascii_frame_of_p_and_n() {
        let b = cb("PPN.\nPPN.\nPNN.\n.N..");
        let want = "\
+-------+---+---+
| P   P | N | . |
|       |   |   |
| P   P | N | . |
|   +---+   |   |
| P | N   N | . |
+---+   +---+   |
| . | N | .   . |
+---+---+-------+";
        assert_eq!(frame(&b, Style::Ascii, false), want);
    }

    #[test]
    fn unicode_and_colour() {
        let b = cb("AB\nAA");
        let u = frame(&b, Style::Unicode, false);
        assert_eq!(u, "┌───┬───┐\n│ A │ B │\n│   └───┤\n│ A   A │\n└───────┘");
        let a = frame(&b, Style::Ascii, false);
        assert_eq!(a, "+---+---+\n| A | B |\n|   +---+\n| A   A |\n+-------+");
        let c = frame(&b, Style::Ascii, true);
        assert!(c.contains("\x1b[30;48;5;"));
        let plain: String = strip_ansi(&c);
        assert_eq!(plain, a);
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut esc = false;
        for ch in s.chars() {
            if esc {
                if ch == 'm' {
                    esc = false;
                }
            } else if ch == '\x1b' {
                esc = true;
            } else {
                out.push(ch);
            }
        }
        out
    }
}

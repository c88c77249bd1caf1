//! The lab file format (see `labs/README.md`): what a parsed `.lab` file is
//! (a [`Lab`] of sections, each prose plus code split into inputs), its
//! errors (`file:line`), and the header lines it shows. The reading itself
//! is in `lab::parse`.

use std::fmt;

/// Width of a section header line, dashes included (as Nishikawa's J Lab prints them).
pub const HEADER_WIDTH: usize = 61;

/// A parsed lab.
#[derive(Clone, Debug)]
pub struct Lab {
    /// Name it is opened by (`sudoku`, or the path for a lab opened by path).
    pub name: String,
    /// File name used in error messages, e.g. `labs/sudoku.lab`.
    pub origin: String,
    /// `Title:` field.
    pub title: String,
    /// `Author:` field (may be empty).
    pub author: String,
    /// `Comments:` field, one entry per line.
    pub comments: Vec<String>,
    /// Chapters in order.
    pub chapters: Vec<Chapter>,
    /// Sections in order.
    pub sections: Vec<Section>,
}

/// A chapter: a title over a run of sections.
#[derive(Clone, Debug)]
pub struct Chapter {
    /// Its title.
    pub title: String,
    /// Index of its first section (it may have none: then `sections.len()`).
    pub first: usize,
}

/// One section: prose, then code.
#[derive(Clone, Debug)]
pub struct Section {
    /// Title as shown, `(continued)` already applied.
    pub title: String,
    /// Index into [`Lab::chapters`], if the section is inside a chapter.
    pub chapter: Option<usize>,
    /// Line of its `Lab Section` line (1-based).
    pub line: usize,
    /// Prose lines, leading and trailing blank lines removed.
    pub prose: Vec<String>,
    /// Inputs, in order.
    pub inputs: Vec<Input>,
    /// The exercise set after the section's code, if any.
    pub exercise: Option<Exercise>,
}

/// An exercise (a `Lab Exercise` block after a section's code): a task, the
/// named checks that decide whether the reader did it, hints and a model
/// answer (see `labs/README.md`).
#[derive(Clone, Debug)]
pub struct Exercise {
    /// Its title.
    pub title: String,
    /// Line of its `Lab Exercise` line (1-based).
    pub line: usize,
    /// The task, in prose.
    pub task: Vec<String>,
    /// The conditions, checked in order; the first that fails is reported.
    pub checks: Vec<Check>,
    /// Hints, revealed one at a time (each may span lines).
    pub hints: Vec<String>,
    /// A model answer: code the reader could type.
    pub answer: String,
    /// Line of the answer's first line (1-based).
    pub answer_line: usize,
    /// Built-in functions the task forbids (`WITHOUT`): while a check runs
    /// one of the reader's functions, calling one of these is an error.
    pub forbidden: Vec<String>,
}

/// One named condition of an exercise.
#[derive(Clone, Debug)]
pub struct Check {
    /// What it checks, said to the reader when it fails.
    pub name: String,
    /// Line of its first code line (1-based).
    pub line: usize,
    /// Rhai code whose value is `true` (passed), `false` or a message
    /// saying what is wrong.
    pub code: String,
}

/// One input of a section's code: one or more lines evaluated together.
#[derive(Clone, Debug)]
pub struct Input {
    /// Line of its first line in the file (1-based).
    pub line: usize,
    /// The code, lines joined with `\n`, as typed.
    pub code: String,
    /// From a `PREPARE` block: run without echo or output.
    pub quiet: bool,
}

/// Why a lab file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// File name as given to the parser.
    pub origin: String,
    /// 1-based line the problem is at.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.origin, self.line, self.message)
    }
}

impl std::error::Error for FormatError {}

impl Lab {
    /// The header line of section `index` (0-based), padded with dashes.
    pub fn section_header(&self, index: usize) -> String {
        let title = self
            .sections
            .get(index)
            .map(|s| s.title.as_str())
            .unwrap_or("");
        let mut line = format!("-- ({} of {}) {} ", index + 1, self.sections.len(), title);
        let used = line.chars().count();
        let dashes = HEADER_WIDTH.saturating_sub(used).max(3);
        line.extend(std::iter::repeat_n('-', dashes));
        line
    }

    /// The lines shown when the lab opens (and at the top of a transcript).
    pub fn intro(&self) -> String {
        let mut out = format!("Lab: {}\n", self.title);
        if !self.author.is_empty() {
            out.push_str(&format!("Author: {}\n", self.author));
        }
        for c in &self.comments {
            out.push_str(c);
            out.push('\n');
        }
        out.push_str("Press <Ctrl+A> to advance.");
        out
    }
}

pub use super::parse::parse;

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = "\
// a comment
Title: Tiny
Author: Me
Comments: first
  second

Lab Chapter One
Lab Section
Hello.
)
let a = 1;
fn f(x) {
  x + a
}

Lab Section
More.
)
PREPARE
let b = 2;
PREPARE
a + b
// ====
Lab Chapter Two
Lab Section Named
Last.
)
";

    #[test]
    fn parses_header_chapters_sections_and_inputs() {
        let lab = parse("tiny", "tiny.lab", TINY).unwrap();
        assert_eq!(lab.title, "Tiny");
        assert_eq!(lab.author, "Me");
        assert_eq!(lab.comments, ["first", "second"]);
        assert_eq!(lab.chapters.len(), 2);
        assert_eq!(lab.chapters[1].first, 2);
        let titles: Vec<_> = lab.sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["One", "One (continued)", "Named"]);
        let s0 = &lab.sections[0];
        assert_eq!(s0.prose, ["Hello."]);
        assert_eq!(s0.inputs.len(), 2);
        assert_eq!(s0.inputs[1].line, 12);
        assert_eq!(s0.inputs[1].code, "fn f(x) {\n  x + a\n}");
        let s1 = &lab.sections[1];
        assert!(s1.inputs[0].quiet && !s1.inputs[1].quiet);
        assert_eq!(s1.inputs[1].code, "a + b");
        assert!(lab.sections[2].inputs.is_empty());
    }

    #[test]
    fn header_line_is_61_wide() {
        let lab = parse("tiny", "tiny.lab", TINY).unwrap();
        let h = lab.section_header(1);
        assert_eq!(h.chars().count(), HEADER_WIDTH);
        assert!(h.starts_with("-- (2 of 3) One (continued) ---"));
    }

    #[test]
    fn section_without_paren_names_its_line() {
        let text = "Title: T\nLab Section A\nprose\nLab Section B\nx\n)\n1\n";
        let e = parse("t", "t.lab", text).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            e.to_string()
                .starts_with("t.lab:2: section 1 has no line holding only `)`")
        );
        let e = parse("t", "t.lab", "Title: T\nLab Section A\nprose\n").unwrap_err();
        assert_eq!(e.to_string().split(": ").next(), Some("t.lab:2"));
    }

    #[test]
    fn other_errors_name_lines() {
        let e = parse("t", "t.lab", "Lab Section\n)\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse("t", "t.lab", "Title: T\nBogus: x\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse("t", "t.lab", "Title: T\nLab Section\n)\nlet a = [1,\n").unwrap_err();
        assert_eq!((e.line, e.message.contains("']'")), (4, true), "{e}");
        let e = parse("t", "t.lab", "Title: T\nLab Section\n)\nPREPARE\n1\n").unwrap_err();
        assert_eq!(e.line, 4);
        let e = parse("t", "t.lab", "Title: T\n").unwrap_err();
        assert!(e.message.contains("no sections"));
    }

    #[test]
    fn strings_and_comments_do_not_count_brackets() {
        let text = "Title: T\nLab Section\n)\nlet s = \"(\"; // {\n/* [ */ s\n`a\n(b`\nlet t = 1 +\n  2;\n";
        let lab = parse("t", "t.lab", text).unwrap();
        let codes: Vec<_> = lab.sections[0]
            .inputs
            .iter()
            .map(|i| i.code.as_str())
            .collect();
        assert_eq!(
            codes,
            [
                "let s = \"(\"; // {",
                "/* [ */ s",
                "`a\n(b`",
                "let t = 1 +\n  2;"
            ]
        );
    }

    const EXERCISE: &str = "Title: T\nLab Section S\nProse.\n)\nlet a = 1;\n\
        Lab Exercise Double it\nSet b to twice a.\n)\nCHECK b is defined\n\
        type_of(b) == \"i64\"\nCHECK b is twice a\nb == 2 * a\nHINT\nMultiply.\n\
        HINT\nBy two,\nthat is.\nANSWER\nlet b = 2 * a;\nLab Section Next\n)\n";

    #[test]
    fn an_exercise_belongs_to_the_section_before_it() {
        let lab = parse("t", "t.lab", EXERCISE).unwrap();
        assert_eq!(lab.sections.len(), 2);
        let s = &lab.sections[0];
        assert_eq!(s.inputs.len(), 1, "the exercise is not code of the section");
        let e = s.exercise.as_ref().unwrap();
        assert_eq!((e.title.as_str(), e.line), ("Double it", 6));
        assert_eq!(e.task, ["Set b to twice a."]);
        let checks: Vec<_> = e
            .checks
            .iter()
            .map(|c| (c.name.as_str(), c.line, c.code.as_str()))
            .collect();
        assert_eq!(
            checks,
            [
                ("b is defined", 10, "type_of(b) == \"i64\""),
                ("b is twice a", 12, "b == 2 * a")
            ]
        );
        assert_eq!(e.hints, ["Multiply.", "By two,\nthat is."]);
        assert_eq!((e.answer.as_str(), e.answer_line), ("let b = 2 * a;", 19));
        assert!(lab.sections[1].exercise.is_none());
    }

    #[test]
    fn exercise_errors_name_their_lines() {
        let cases = [
            (
                "Title: T\nLab Exercise E\n)\n",
                "t.lab:2: `Lab Exercise` must follow a section",
            ),
            (
                "Title: T\nLab Section\n)\nLab Exercise E\nTask.\n",
                "t.lab:4: the exercise has no line holding only `)` after its task",
            ),
            (
                "Title: T\nLab Section\n)\nLab Exercise E\n)\nstray\n",
                "t.lab:6: expected `CHECK NAME`, `HINT`, `ANSWER` or `WITHOUT NAMES` after the exercise's `)`, found `stray`",
            ),
            (
                "Title: T\nLab Section\n)\nLab Exercise E\n)\nCHECK\ntrue\n",
                "t.lab:6: `CHECK` needs a name saying what it checks, e.g. `CHECK naked is a grid`",
            ),
            (
                "Title: T\nLab Section\n)\nLab Exercise E\n)\nCHECK c\nANSWER\n1\n",
                "t.lab:7: `CHECK c` has nothing under it",
            ),
            (
                "Title: T\nLab Section\n)\nLab Exercise E\n)\nCHECK c\ntrue\n",
                "t.lab:4: an exercise needs at least one `CHECK NAME` part and an `ANSWER`",
            ),
            (
                "Title: T\nLab Section\n)\nLab Exercise E\n)\nCHECK c\ntrue\nANSWER\n1\n\
                 Lab Exercise F\n)\n",
                "t.lab:10: `Lab Exercise` must follow a section's code",
            ),
        ];
        for (text, want) in cases {
            let e = parse("t", "t.lab", text).unwrap_err();
            assert_eq!(e.to_string(), want);
        }
    }

    #[test]
    fn backtick_strings_hold_backslashes() {
        // Rhai's back-tick strings have no escapes: `\` is a character.
        let text = "Title: T\nLab Section\n)\nlet p = `C:\\`;\np.len()\n";
        let lab = parse("t", "t.lab", text).unwrap();
        let codes: Vec<_> = lab.sections[0]
            .inputs
            .iter()
            .map(|i| i.code.as_str())
            .collect();
        assert_eq!(codes, ["let p = `C:\\`;", "p.len()"]);
    }
}

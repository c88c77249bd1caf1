//! The lab file format (see `labs/README.md`): parsing a `.lab` file into a
//! [`Lab`] of sections, each prose plus code split into inputs. Errors name
//! `file:line`.

use std::fmt;

use crate::script::complete;

/// Width of a section header line, dashes included (as seed 000 prints them).
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

enum State {
    Header,
    /// After a `Lab Chapter` line, before its first section.
    Chapter,
    Prose,
    Code,
}

/// Parse the text of a lab file. `name` is what the lab is opened by;
/// `origin` names the file in error messages.
pub fn parse(name: &str, origin: &str, text: &str) -> Result<Lab, FormatError> {
    let err = |line: usize, message: String| FormatError {
        origin: origin.to_string(),
        line,
        message,
    };
    let mut lab = Lab {
        name: name.to_string(),
        origin: origin.to_string(),
        title: String::new(),
        author: String::new(),
        comments: Vec::new(),
        chapters: Vec::new(),
        sections: Vec::new(),
    };
    // Raw code lines (line number, text, quiet) of the section being read.
    let mut code: Vec<(usize, String, bool)> = Vec::new();
    let mut state = State::Header;
    let mut field: Option<&'static str> = None;
    let mut title_line = 0;
    let mut prepare: Option<usize> = None;
    // Base for "(continued)" titles, and whether the chapter has a section yet.
    let mut base = String::new();
    let mut chapter_started = false;

    let finish_section =
        |lab: &mut Lab, code: &mut Vec<(usize, String, bool)>| -> Result<(), FormatError> {
            if let Some(section) = lab.sections.last_mut() {
                trim_blank(&mut section.prose);
                section.inputs = split_inputs(origin, std::mem::take(code))?;
            }
            Ok(())
        };

    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        let keyword = lab_keyword(line);
        if let Some((kind, rest)) = keyword {
            match state {
                State::Prose => {
                    let s = lab.sections.len();
                    let at = lab.sections.last().map(|s| s.line).unwrap_or(n);
                    return Err(err(
                        at,
                        format!(
                            "section {s} has no line holding only `)` after its prose \
                             (reached `{line}` at line {n})"
                        ),
                    ));
                }
                State::Code => {
                    if let Some(p) = prepare {
                        return Err(err(p, "`PREPARE` block is not closed".into()));
                    }
                    finish_section(&mut lab, &mut code)?;
                }
                State::Chapter => {}
                State::Header => {
                    if lab.title.is_empty() {
                        return Err(err(
                            n,
                            "the header needs a `Title:` line before the first chapter or section"
                                .into(),
                        ));
                    }
                }
            }
            match kind {
                "Chapter" => {
                    if rest.is_empty() {
                        return Err(err(n, "`Lab Chapter` needs a title".into()));
                    }
                    lab.chapters.push(Chapter {
                        title: rest.to_string(),
                        first: lab.sections.len(),
                    });
                    base = rest.to_string();
                    chapter_started = false;
                    state = State::Chapter;
                }
                _ => {
                    let title = if !rest.is_empty() {
                        base = rest.to_string();
                        rest.to_string()
                    } else if !chapter_started && !lab.chapters.is_empty() {
                        base.clone()
                    } else if base.is_empty() {
                        format!("{} (continued)", lab.title)
                    } else {
                        format!("{base} (continued)")
                    };
                    chapter_started = true;
                    lab.sections.push(Section {
                        title,
                        chapter: lab.chapters.len().checked_sub(1),
                        line: n,
                        prose: Vec::new(),
                        inputs: Vec::new(),
                    });
                    state = State::Prose;
                }
            }
            continue;
        }
        match state {
            State::Chapter => {
                if !(line.trim().is_empty() || line.trim_start().starts_with("//")) {
                    return Err(err(
                        n,
                        "text after `Lab Chapter` must be inside a `Lab Section`".into(),
                    ));
                }
            }
            State::Header => {
                if line.trim().is_empty() || line.trim_start().starts_with("//") {
                    field = None;
                    continue;
                }
                if line == ")" {
                    return Err(err(n, "`)` outside a section".into()));
                }
                if line.starts_with(char::is_whitespace) {
                    let Some(f) = field else {
                        return Err(err(
                            n,
                            "an indented header line continues a field, but none is open".into(),
                        ));
                    };
                    let more = line.trim();
                    match f {
                        "Title" => push_words(&mut lab.title, more),
                        "Author" => push_words(&mut lab.author, more),
                        _ => lab.comments.push(more.to_string()),
                    }
                    continue;
                }
                let Some((key, value)) = line.split_once(':') else {
                    return Err(err(
                        n,
                        format!(
                            "expected `Title:`, `Author:`, `Comments:`, `Lab Chapter` or \
                             `Lab Section`, found `{line}`"
                        ),
                    ));
                };
                let value = value.trim();
                match key.trim() {
                    "Title" => {
                        lab.title = value.to_string();
                        title_line = n;
                        field = Some("Title");
                    }
                    "Author" => {
                        lab.author = value.to_string();
                        field = Some("Author");
                    }
                    "Comments" => {
                        if !value.is_empty() {
                            lab.comments.push(value.to_string());
                        }
                        field = Some("Comments");
                    }
                    other => {
                        return Err(err(
                            n,
                            format!(
                                "unknown header field `{other}:` (expected Title, Author or Comments)"
                            ),
                        ));
                    }
                }
            }
            State::Prose => {
                if line == ")" {
                    state = State::Code;
                } else if let Some(section) = lab.sections.last_mut() {
                    section.prose.push(line.to_string());
                }
            }
            State::Code => {
                if line.trim() == "PREPARE" {
                    prepare = match prepare {
                        Some(_) => None,
                        None => Some(n),
                    };
                    continue;
                }
                code.push((n, line.to_string(), prepare.is_some()));
            }
        }
    }
    match state {
        State::Prose => {
            let s = lab.sections.len();
            let at = lab.sections.last().map(|s| s.line).unwrap_or(1);
            return Err(err(
                at,
                format!(
                    "section {s} has no line holding only `)` after its prose (reached the end of the file)"
                ),
            ));
        }
        State::Code => {
            if let Some(p) = prepare {
                return Err(err(p, "`PREPARE` block is not closed".into()));
            }
            finish_section(&mut lab, &mut code)?;
        }
        State::Header | State::Chapter => {}
    }
    if lab.title.is_empty() {
        return Err(err(1, "the header needs a `Title:` line".into()));
    }
    if lab.sections.is_empty() {
        return Err(err(
            title_line.max(1),
            "the lab has no sections (`Lab Section` lines)".into(),
        ));
    }
    Ok(lab)
}

/// `Lab Chapter X` / `Lab Section X` → (kind, rest).
fn lab_keyword(line: &str) -> Option<(&'static str, &str)> {
    let rest = line.strip_prefix("Lab ")?;
    for kind in ["Chapter", "Section"] {
        if let Some(after) = rest.strip_prefix(kind)
            && (after.is_empty() || after.starts_with(char::is_whitespace))
        {
            return Some((kind, after.trim()));
        }
    }
    None
}

fn push_words(field: &mut String, more: &str) {
    if !field.is_empty() {
        field.push(' ');
    }
    field.push_str(more);
}

fn trim_blank(lines: &mut Vec<String>) {
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let lead = lines.iter().take_while(|l| l.trim().is_empty()).count();
    lines.drain(..lead);
}

/// Split a section's code lines into inputs: an input ends at the first
/// line where Rhai's parser (through the one completeness check the REPL
/// uses too) says it is complete.
fn split_inputs(
    origin: &str,
    lines: Vec<(usize, String, bool)>,
) -> Result<Vec<Input>, FormatError> {
    // Trailing blank and `//` lines are dividers, not code.
    let mut lines = lines;
    while lines
        .last()
        .is_some_and(|(_, l, _)| l.trim().is_empty() || l.trim_start().starts_with("//"))
    {
        lines.pop();
    }
    let mut inputs = Vec::new();
    let mut current: Option<Input> = None;
    let parser = complete::parser();
    for (n, text, quiet) in lines {
        match current.as_mut() {
            None => {
                if text.trim().is_empty() {
                    continue;
                }
                current = Some(Input {
                    line: n,
                    code: text.clone(),
                    quiet,
                });
            }
            Some(input) => {
                if input.quiet != quiet {
                    return Err(FormatError {
                        origin: origin.to_string(),
                        line: input.line,
                        message: "this input is still open (a bracket, string or comment) \
                                  where a `PREPARE` line starts or ends"
                            .into(),
                    });
                }
                input.code.push('\n');
                input.code.push_str(&text);
            }
        }
        if current
            .as_ref()
            .is_some_and(|i| !complete::is_incomplete(&parser, &i.code))
        {
            inputs.extend(current.take());
        }
    }
    if let Some(input) = current {
        let missing = complete::missing(&parser, &input.code).unwrap_or_default();
        return Err(FormatError {
            origin: origin.to_string(),
            line: input.line,
            message: format!("this input is unfinished when the section's code ends ({missing})"),
        });
    }
    Ok(inputs)
}

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

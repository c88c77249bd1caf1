//! Reading a `.lab` file into a [`Lab`]: a line-by-line reader with one
//! method per concern (header fields, chapter and section starts, section
//! bodies, the end of a section), and the split of a section's code into
//! inputs by the one completeness check the REPL uses too.

use super::format::{Chapter, Check, Exercise, FormatError, Input, Lab, Section};
use crate::script::complete;

/// Parse the text of a lab file. `name` is what the lab is opened by;
/// `origin` names the file in error messages.
pub fn parse(name: &str, origin: &str, text: &str) -> Result<Lab, FormatError> {
    let mut reader = Reader::new(name, origin);
    for (i, raw) in text.lines().enumerate() {
        reader.line(i + 1, raw.trim_end())?;
    }
    reader.finish()
}

/// Where the reader is.
enum State {
    Header,
    /// After a `Lab Chapter` line, before its first section.
    Chapter,
    Prose,
    Code,
    /// The task of a `Lab Exercise`, up to its `)`.
    Task,
    /// An exercise's `CHECK`, `HINT`, `ANSWER` and `WITHOUT` parts.
    Parts,
}

/// The exercise part being read.
enum Part {
    /// After the task's `)`, before the first part line.
    None,
    /// `CHECK NAME`: its name and line, then code lines.
    Check(String, usize),
    Hint,
    /// `ANSWER`: the line of its first code line.
    Answer(usize),
}

struct Reader<'a> {
    origin: &'a str,
    lab: Lab,
    state: State,
    /// The header field an indented line continues.
    field: Option<&'static str>,
    title_line: usize,
    /// Raw code lines (line number, text, quiet) of the section being read.
    code: Vec<(usize, String, bool)>,
    /// Line of the open `PREPARE`, if any.
    prepare: Option<usize>,
    /// Base for "(continued)" titles, and whether the chapter has a section yet.
    base: String,
    chapter_started: bool,
    /// The exercise being read, its part, and that part's lines.
    exercise: Option<Exercise>,
    part: Part,
    part_lines: Vec<String>,
}

impl<'a> Reader<'a> {
    fn new(name: &str, origin: &'a str) -> Reader<'a> {
        Reader {
            origin,
            lab: Lab {
                name: name.to_string(),
                origin: origin.to_string(),
                title: String::new(),
                author: String::new(),
                comments: Vec::new(),
                chapters: Vec::new(),
                sections: Vec::new(),
            },
            state: State::Header,
            field: None,
            title_line: 0,
            code: Vec::new(),
            prepare: None,
            base: String::new(),
            chapter_started: false,
            exercise: None,
            part: Part::None,
            part_lines: Vec::new(),
        }
    }

    fn err(&self, line: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            origin: self.origin.to_string(),
            line,
            message: message.into(),
        }
    }

    fn line(&mut self, n: usize, line: &str) -> Result<(), FormatError> {
        if let Some((kind, rest)) = lab_keyword(line) {
            self.close(&format!("`{line}` at line {n}"), n)?;
            return match kind {
                "Chapter" => self.start_chapter(n, rest),
                "Exercise" => self.start_exercise(n, rest),
                _ => {
                    self.start_section(n, rest);
                    Ok(())
                }
            };
        }
        match self.state {
            State::Header => self.header_line(n, line),
            State::Chapter => {
                if line.trim().is_empty() || line.trim_start().starts_with("//") {
                    Ok(())
                } else {
                    Err(self.err(n, "text after `Lab Chapter` must be inside a `Lab Section`"))
                }
            }
            State::Prose => {
                if line == ")" {
                    self.state = State::Code;
                } else if let Some(section) = self.lab.sections.last_mut() {
                    section.prose.push(line.to_string());
                }
                Ok(())
            }
            State::Code => {
                if line.trim() == "PREPARE" {
                    self.prepare = match self.prepare {
                        Some(_) => None,
                        None => Some(n),
                    };
                } else {
                    self.code
                        .push((n, line.to_string(), self.prepare.is_some()));
                }
                Ok(())
            }
            State::Task => {
                if line == ")" {
                    self.state = State::Parts;
                } else if let Some(e) = self.exercise.as_mut() {
                    e.task.push(line.to_string());
                }
                Ok(())
            }
            State::Parts => self.part_line(n, line),
        }
    }

    /// A line of an exercise after its task: `CHECK NAME`, `HINT` or
    /// `ANSWER` starts a part; `WITHOUT NAMES` is a part of one line; other
    /// lines belong to the part open.
    fn part_line(&mut self, n: usize, line: &str) -> Result<(), FormatError> {
        let word = line.split_whitespace().next().unwrap_or("");
        if word == "WITHOUT" {
            return self.without(n, line.trim()["WITHOUT".len()..].trim());
        }
        let next = match word {
            "CHECK" => {
                let name = line.trim()["CHECK".len()..].trim();
                if name.is_empty() {
                    return Err(self.err(
                        n,
                        "`CHECK` needs a name saying what it checks, e.g. `CHECK naked is a grid`",
                    ));
                }
                Some(Part::Check(name.to_string(), n + 1))
            }
            "HINT" if line.trim() == "HINT" => Some(Part::Hint),
            "ANSWER" if line.trim() == "ANSWER" => Some(Part::Answer(n + 1)),
            _ => None,
        };
        if let Some(part) = next {
            self.end_part(n)?;
            self.part = part;
            return Ok(());
        }
        if matches!(self.part, Part::None) {
            if line.trim().is_empty() || line.trim_start().starts_with("//") {
                return Ok(());
            }
            return Err(self.err(
                n,
                format!("expected `CHECK NAME`, `HINT`, `ANSWER` or `WITHOUT NAMES` after the exercise's `)`, found `{line}`"),
            ));
        }
        self.part_lines.push(line.to_string());
        Ok(())
    }

    /// `WITHOUT NAMES`: built-in functions the reader's code may not call
    /// while a check runs it (names split by commas or spaces).
    fn without(&mut self, n: usize, names: &str) -> Result<(), FormatError> {
        self.end_part(n)?;
        let names: Vec<String> = names
            .split([',', ' '])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        if names.is_empty() {
            return Err(self.err(
                n,
                "`WITHOUT` needs the names of the functions the task forbids, e.g. `WITHOUT sudoku`",
            ));
        }
        if let Some(bad) = names
            .iter()
            .find(|w| !w.chars().all(|c| c.is_alphanumeric() || c == '_'))
        {
            return Err(self.err(n, format!("`WITHOUT`: `{bad}` is not a function name")));
        }
        if let Some(e) = self.exercise.as_mut() {
            e.forbidden.extend(names);
        }
        Ok(())
    }

    /// File the part just read (its lines, blank ends trimmed) into the exercise.
    fn end_part(&mut self, n: usize) -> Result<(), FormatError> {
        let mut lines = std::mem::take(&mut self.part_lines);
        while lines
            .last()
            .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
        {
            lines.pop();
        }
        trim_blank(&mut lines);
        let part = std::mem::replace(&mut self.part, Part::None);
        let what = match &part {
            Part::None => return Ok(()),
            Part::Check(name, _) => format!("`CHECK {name}`"),
            Part::Hint => "`HINT`".into(),
            Part::Answer(_) => "`ANSWER`".into(),
        };
        if lines.is_empty() {
            return Err(self.err(n, format!("{what} has nothing under it")));
        }
        let text = lines.join("\n");
        let Some(e) = self.exercise.as_mut() else {
            return Ok(());
        };
        match part {
            Part::Check(name, line) => e.checks.push(Check {
                name,
                line,
                code: text,
            }),
            Part::Hint => e.hints.push(text),
            Part::Answer(_) if !e.answer.is_empty() => {
                return Err(self.err(n, "an exercise has one `ANSWER`"));
            }
            Part::Answer(line) => {
                e.answer = text;
                e.answer_line = line;
            }
            Part::None => {}
        }
        Ok(())
    }

    /// End the exercise being read: it needs a check and an answer.
    fn end_exercise(&mut self, n: usize) -> Result<(), FormatError> {
        if matches!(self.state, State::Task) {
            let at = self.exercise.as_ref().map_or(n, |e| e.line);
            return Err(self.err(
                at,
                "the exercise has no line holding only `)` after its task",
            ));
        }
        self.end_part(n)?;
        let Some(e) = self.exercise.take() else {
            return Ok(());
        };
        if e.checks.is_empty() || e.answer.is_empty() {
            return Err(self.err(
                e.line,
                "an exercise needs at least one `CHECK NAME` part and an `ANSWER`",
            ));
        }
        if let Some(section) = self.lab.sections.last_mut() {
            section.exercise = Some(e);
        }
        Ok(())
    }

    /// `Lab Exercise [TITLE]`: after a section's code (the section was
    /// closed already); one per section.
    fn start_exercise(&mut self, n: usize, title: &str) -> Result<(), FormatError> {
        let Some(section) = self.lab.sections.last() else {
            return Err(self.err(n, "`Lab Exercise` must follow a section"));
        };
        if !matches!(self.state, State::Code) {
            return Err(self.err(n, "`Lab Exercise` must follow a section's code"));
        }
        if section.exercise.is_some() {
            return Err(self.err(n, "a section has at most one exercise"));
        }
        let title = if title.is_empty() {
            section.title.clone()
        } else {
            title.to_string()
        };
        self.exercise = Some(Exercise {
            title,
            line: n,
            task: Vec::new(),
            checks: Vec::new(),
            hints: Vec::new(),
            answer: String::new(),
            answer_line: n,
            forbidden: Vec::new(),
        });
        self.part = Part::None;
        self.state = State::Task;
        Ok(())
    }

    /// A header line: `Title:`, `Author:`, `Comments:`, or an indented
    /// continuation of the field before.
    fn header_line(&mut self, n: usize, line: &str) -> Result<(), FormatError> {
        if line.trim().is_empty() || line.trim_start().starts_with("//") {
            self.field = None;
            return Ok(());
        }
        if line == ")" {
            return Err(self.err(n, "`)` outside a section"));
        }
        if line.starts_with(char::is_whitespace) {
            let Some(f) = self.field else {
                return Err(self.err(
                    n,
                    "an indented header line continues a field, but none is open",
                ));
            };
            let more = line.trim();
            match f {
                "Title" => push_words(&mut self.lab.title, more),
                "Author" => push_words(&mut self.lab.author, more),
                _ => self.lab.comments.push(more.to_string()),
            }
            return Ok(());
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(self.err(
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
                self.lab.title = value.to_string();
                self.title_line = n;
                self.field = Some("Title");
            }
            "Author" => {
                self.lab.author = value.to_string();
                self.field = Some("Author");
            }
            "Comments" => {
                if !value.is_empty() {
                    self.lab.comments.push(value.to_string());
                }
                self.field = Some("Comments");
            }
            other => {
                return Err(self.err(
                    n,
                    format!("unknown header field `{other}:` (expected Title, Author or Comments)"),
                ));
            }
        }
        Ok(())
    }

    /// End what is open when a `Lab` line (at line `n`) or the end of the
    /// file (`reached`) comes: a section must have had its `)`, its
    /// `PREPARE` blocks must be closed, and its code is split into inputs.
    fn close(&mut self, reached: &str, n: usize) -> Result<(), FormatError> {
        match self.state {
            State::Prose => {
                let s = self.lab.sections.len();
                let at = self.lab.sections.last().map(|s| s.line).unwrap_or(n);
                Err(self.err(
                    at,
                    format!(
                        "section {s} has no line holding only `)` after its prose \
                         (reached {reached})"
                    ),
                ))
            }
            State::Code => {
                if let Some(p) = self.prepare {
                    return Err(self.err(p, "`PREPARE` block is not closed"));
                }
                let code = std::mem::take(&mut self.code);
                let inputs = split_inputs(self.origin, code)?;
                if let Some(section) = self.lab.sections.last_mut() {
                    trim_blank(&mut section.prose);
                    section.inputs = inputs;
                }
                Ok(())
            }
            State::Task | State::Parts => self.end_exercise(n),
            State::Chapter => Ok(()),
            State::Header => {
                if self.lab.title.is_empty() && n > 0 {
                    Err(self.err(
                        n,
                        "the header needs a `Title:` line before the first chapter or section",
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn start_chapter(&mut self, n: usize, title: &str) -> Result<(), FormatError> {
        if title.is_empty() {
            return Err(self.err(n, "`Lab Chapter` needs a title"));
        }
        self.lab.chapters.push(Chapter {
            title: title.to_string(),
            first: self.lab.sections.len(),
        });
        self.base = title.to_string();
        self.chapter_started = false;
        self.state = State::Chapter;
        Ok(())
    }

    /// A section's title: its own, else its chapter's for the chapter's
    /// first section, else the last title with "(continued)".
    fn start_section(&mut self, n: usize, rest: &str) {
        let title = if !rest.is_empty() {
            self.base = rest.to_string();
            rest.to_string()
        } else if !self.chapter_started && !self.lab.chapters.is_empty() {
            self.base.clone()
        } else if self.base.is_empty() {
            format!("{} (continued)", self.lab.title)
        } else {
            format!("{} (continued)", self.base)
        };
        self.chapter_started = true;
        self.lab.sections.push(Section {
            title,
            chapter: self.lab.chapters.len().checked_sub(1),
            line: n,
            prose: Vec::new(),
            inputs: Vec::new(),
            exercise: None,
        });
        self.state = State::Prose;
    }

    fn finish(mut self) -> Result<Lab, FormatError> {
        self.close("the end of the file", 0)?;
        if self.lab.title.is_empty() {
            return Err(self.err(1, "the header needs a `Title:` line"));
        }
        if self.lab.sections.is_empty() {
            return Err(self.err(
                self.title_line.max(1),
                "the lab has no sections (`Lab Section` lines)",
            ));
        }
        Ok(self.lab)
    }
}

/// `Lab Chapter X` / `Lab Section X` → (kind, rest).
fn lab_keyword(line: &str) -> Option<(&'static str, &str)> {
    let rest = line.strip_prefix("Lab ")?;
    for kind in ["Chapter", "Section", "Exercise"] {
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

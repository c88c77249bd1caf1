//! Labs: step-by-step lessons in the manner of J's Labs.
//!
//! A lab file (format in `labs/README.md`, read by `parse`) is a header
//! and numbered sections of prose and Rhai code. The REPL talks to labs only
//! through [`LabState`] and [`print_transcript`]/[`list`]: the runner shows a
//! section, runs its code in the reader's own [`Session`], and hands the
//! prompt back. Every `labs/*.lab` file is embedded at build time
//! (`build.rs`); a lab can also be opened by path.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::controls::escape;
use crate::reading::{MAX_TEXT, TextError, read_text};
use crate::script::host::Host;
use crate::script::session::Session;
use exercise::Shown;

pub mod exercise;
pub mod format;
mod parse;
mod run;
mod trust;

pub use format::{FormatError, Lab};
pub use run::{InputRun, print_transcript, run_all, show_section};
use run::{run_quietly, run_section};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/labs.rs"));
}

/// A lab file's own text (title, prose, code, hints, errors quoting it) as
/// shown: control characters escaped, colour too ([`crate::controls`]).
/// What its code prints is output, escaped by the front end.
fn lab_text(text: &str) -> String {
    escape(text).into_owned()
}

/// A lab as listed by `:lab` / `puzzlelab lab`.
#[derive(Clone, Debug)]
pub struct LabInfo {
    /// Name to open it by, e.g. `sudoku`.
    pub name: String,
    /// Its title line.
    pub title: String,
    /// Number of sections.
    pub sections: usize,
}

/// Every lab available (the embedded ones), by name. A lab whose file does
/// not parse is listed with its error as the title and 0 sections.
pub fn list() -> Vec<LabInfo> {
    embedded::EMBEDDED
        .iter()
        .map(
            |(name, text)| match format::parse(name, &origin_of(name), text) {
                Ok(lab) => LabInfo {
                    name: name.to_string(),
                    title: lab.title,
                    sections: lab.sections.len(),
                },
                Err(e) => LabInfo {
                    name: name.to_string(),
                    title: format!("(broken: {e})"),
                    sections: 0,
                },
            },
        )
        .collect()
}

/// The text `puzzlelab lab` and `:lab` show: one line per lab.
pub fn list_text() -> String {
    let labs = list();
    if labs.is_empty() {
        return "no labs built in".into();
    }
    let width = labs.iter().map(|l| l.name.len()).max().unwrap_or(0);
    let mut out = String::from("Labs (`:lab NAME` or `puzzlelab lab NAME` to take one):\n");
    for l in &labs {
        out.push_str(&format!(
            "  {:width$}  {} ({} sections)\n",
            l.name,
            lab_text(&l.title),
            l.sections
        ));
    }
    out.pop();
    out
}

fn origin_of(name: &str) -> String {
    format!("labs/{name}.lab")
}

fn is_path(name: &str) -> bool {
    name.ends_with(".lab") || name.contains('/') || name.contains(std::path::MAIN_SEPARATOR)
}

/// Load lab `name`: an embedded lab by name, or a file when `name` looks
/// like a path (ends in `.lab` or contains a `/`).
/// A lab file is read whole (at most [`MAX_TEXT`] bytes, a leading
/// byte-order mark skipped, a byte that is not UTF-8 named at `file:line:col`).
pub fn load(name: &str) -> anyhow::Result<Lab> {
    if is_path(name) {
        let text = read_text(std::path::Path::new(name), MAX_TEXT).map_err(|e| match e {
            TextError::Unreadable { why, .. } => anyhow::anyhow!("cannot read lab {name}: {why}"),
            e => anyhow::anyhow!(e),
        })?;
        return Ok(format::parse(name, name, &text)?);
    }
    match embedded::EMBEDDED.iter().find(|(n, _)| *n == name) {
        Some((n, text)) => Ok(format::parse(n, &origin_of(n), text)?),
        None => {
            let names: Vec<&str> = embedded::EMBEDDED.iter().map(|(n, _)| *n).collect();
            anyhow::bail!(
                "no lab named {name:?} (labs: {}; a file is opened by its path)",
                names.join(", ")
            )
        }
    }
}

/// The table of contents: chapters and numbered sections, each with the
/// start of its prose; `current` (1-based, 0 = none) is marked with `>`.
pub fn toc(lab: &Lab, current: usize) -> String {
    let n = lab.sections.len();
    let width = n.to_string().len();
    let title_width = lab
        .sections
        .iter()
        .map(|s| s.title.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = format!("{} ({} sections)\n", lab.title, n);
    let mut chapter = None;
    for (i, s) in lab.sections.iter().enumerate() {
        if s.chapter != chapter {
            chapter = s.chapter;
            if let Some(c) = s.chapter.and_then(|c| lab.chapters.get(c)) {
                out.push_str(&format!("{}\n", c.title));
            }
        }
        let mark = if i + 1 == current { '>' } else { ' ' };
        out.push_str(&format!(
            " {mark} {:>width$}  {:title_width$}",
            i + 1,
            s.title
        ));
        // "(continued)" titles say little: a glimpse of the prose helps.
        if let Some(first) = s.prose.iter().map(|l| l.trim()).find(|l| !l.is_empty()) {
            const GIST: usize = 44;
            let gist: String = if first.chars().count() > GIST {
                first.chars().take(GIST - 1).chain(['…']).collect()
            } else {
                first.to_string()
            };
            out.push_str(&format!("  {gist}"));
        }
        let end = out.trim_end_matches(' ').len();
        out.truncate(end);
        out.push('\n');
    }
    out.pop();
    lab_text(&out)
}

/// The lab being taken inside a REPL session, if any.
#[derive(Default)]
pub struct LabState {
    open: Option<Open>,
    /// Where positions are remembered (the REPL passes its state
    /// directory's `labs.json`); `None` = not remembered.
    positions_file: Option<PathBuf>,
    /// Hints shown by `:hint LAB N`, by lab name and section.
    named_hints: BTreeMap<(String, usize), usize>,
}

struct Open {
    lab: Lab,
    /// Key under which the position is remembered.
    key: String,
    /// Sections shown so far: the current section is `pos` (1-based); 0 = the intro.
    pos: usize,
    /// Sections 1..=ran have had their code run in this session.
    ran: usize,
    /// Hints shown so far, by the index of the exercise's section.
    hints: BTreeMap<usize, usize>,
}

impl Open {
    /// `:check`, `:hint` or `:answer` for the exercise at hand: the current
    /// section's, else the last one before it.
    fn exercise_command(&mut self, cmd: &str, session: &mut Session) -> String {
        let at = self.lab.sections[..self.pos.min(self.lab.sections.len())]
            .iter()
            .rposition(|s| s.exercise.is_some());
        let Some((index, exercise)) =
            at.and_then(|i| Some((i, self.lab.sections[i].exercise.as_ref()?)))
        else {
            return match self.lab.sections.iter().position(|s| s.exercise.is_some()) {
                Some(first) => format!(
                    "no exercise yet: the first is in section {} (:goto {0})",
                    first + 1
                ),
                None => "this lab has no exercises".into(),
            };
        };
        let given = self.hints.get(&index).copied().unwrap_or(0);
        let mut text = if index + 1 == self.pos {
            String::new()
        } else {
            format!(
                "(the exercise of section {}: {})\n",
                index + 1,
                exercise.title
            )
        };
        let mut given = given;
        text.push_str(&exercise_reply(
            cmd, &self.lab, exercise, session, &mut given,
        ));
        self.hints.insert(index, given);
        // The exercise's words, hints and answer, and what its checks said.
        lab_text(&text)
    }
}

/// What `:check`, `:hint` or `:answer` says for `exercise` of `lab`, when
/// `given` hints were shown before (one more once `:hint` shows one).
fn exercise_reply(
    cmd: &str,
    lab: &Lab,
    exercise: &format::Exercise,
    session: &mut Session,
    given: &mut usize,
) -> String {
    match cmd {
        ":check" => {
            let verdict = exercise::verdict(lab, exercise, session);
            let left = exercise.hints.len().saturating_sub(*given);
            exercise::check_text(exercise, &verdict, left)
        }
        ":hint" => {
            let hint = exercise::hint_text(exercise, *given);
            *given = (*given + 1).min(exercise.hints.len());
            hint
        }
        _ => exercise::answer_text(exercise),
    }
}

const NO_LAB: &str = "no lab is open: `:lab` lists the labs, `:lab NAME` opens one";

impl LabState {
    /// A runner that remembers positions in `file` instead of the state dir.
    pub fn with_state_file(file: PathBuf) -> LabState {
        LabState {
            open: None,
            positions_file: Some(file),
            named_hints: BTreeMap::new(),
        }
    }

    /// Handle a REPL line if it is a lab command (`:lab`, `:lab NAME`,
    /// `:next`, `:back`, `:goto N`, `:toc`, `:restart`, `:quit`, and for
    /// the exercise at hand `:check`, `:hint`, `:answer`): returns
    /// the text to show, or `None` when the line is not a lab command
    /// (`:quit` with no lab open is left to the REPL).
    pub fn command(&mut self, line: &str, session: &mut Session) -> Option<String> {
        let mut words = line.split_whitespace();
        let cmd = words.next()?;
        let arg = words.collect::<Vec<_>>().join(" ");
        let arg = arg.as_str();
        let text = match cmd {
            ":lab" if arg.is_empty() => {
                let mut text = list_text();
                if let Some(open) = &self.open {
                    text.push_str(&format!(
                        "\nOpen now: {} at section {} of {}.",
                        lab_text(&open.lab.name),
                        open.pos,
                        open.lab.sections.len()
                    ));
                }
                text
            }
            ":lab" => self.open_lab(arg, session),
            ":next" | ":back" | ":goto" | ":toc" | ":restart" => {
                if self.open.is_none() {
                    NO_LAB.to_string()
                } else {
                    match cmd {
                        ":next" => self.next(session),
                        ":back" => self.back(session),
                        ":goto" => self.goto_arg(arg, session),
                        ":toc" => self
                            .open
                            .as_ref()
                            .map_or_else(String::new, |o| toc(&o.lab, o.pos)),
                        _ => self.goto(1, session),
                    }
                }
            }
            ":check" | ":hint" | ":answer" if !arg.is_empty() => {
                self.named_exercise(cmd, arg, session)
            }
            ":check" | ":hint" | ":answer" => match self.open.as_mut() {
                None => NO_LAB.to_string(),
                Some(open) => open.exercise_command(cmd, session),
            },
            ":quit" => {
                let open = self.open.take()?;
                self.save(&open.key, open.pos, &**session.host());
                let gone = session.close_lab();
                let mut text = format!(
                    "Closed lab {} at section {} of {}; `:lab {}` resumes there. \
                     Your variables stay defined",
                    open.lab.name,
                    open.pos,
                    open.lab.sections.len(),
                    open.lab.name
                );
                if gone.is_empty() {
                    text.push('.');
                } else {
                    text.push_str(&format!(
                        "; the lab's functions ({}) went with it.",
                        gone.join(", ")
                    ));
                }
                lab_text(&text)
            }
            _ => return None,
        };
        Some(text)
    }

    /// `:check LAB N`, `:hint LAB N`, `:answer LAB N`: the exercise of
    /// section N of lab LAB (a name or a path), whether or not a lab is
    /// open: a notebook's check cells, which run the lab's sections as
    /// cells of their own, say which exercise they check this way.
    fn named_exercise(&mut self, cmd: &str, arg: &str, session: &mut Session) -> String {
        let usage = format!("{cmd} takes no argument, or a lab and a section: `{cmd} sudoku 2`");
        let Some((name, number)) = arg.rsplit_once(' ') else {
            return usage;
        };
        let Ok(number) = number.parse::<usize>() else {
            return usage;
        };
        let lab = match load(name.trim()) {
            Ok(lab) => lab,
            Err(e) => return format!("{e:#}"),
        };
        let n = lab.sections.len();
        let Some(exercise) = (number >= 1)
            .then(|| lab.sections.get(number - 1))
            .flatten()
            .and_then(|s| s.exercise.as_ref())
        else {
            return format!(
                "section {number} of lab {} ({n} sections) has no exercise",
                lab.name
            );
        };
        let key = (lab.name.clone(), number);
        let mut given = self.named_hints.get(&key).copied().unwrap_or(0);
        let text = exercise_reply(cmd, &lab, exercise, session, &mut given);
        self.named_hints.insert(key, given);
        // The exercise's words, hints and answer, and what its checks said.
        lab_text(&text)
    }

    /// True while a lab is open (then Ctrl+A on an empty line means `:next`).
    pub fn active(&self) -> bool {
        self.open.is_some()
    }

    /// The open lab's name and current section (1-based; 0 = at its intro).
    pub fn position(&self) -> Option<(&str, usize)> {
        self.open.as_ref().map(|o| (o.lab.name.as_str(), o.pos))
    }

    fn open_lab(&mut self, name: &str, session: &mut Session) -> String {
        let lab = match load(name) {
            Ok(lab) => lab,
            Err(e) => return lab_text(&format!("{e:#}")),
        };
        if let Some(refused) = trust::check(&lab, session) {
            return lab_text(&refused);
        }
        if let Some(old) = self.open.take() {
            self.save(&old.key, old.pos, &**session.host());
        }
        // A lab's functions are its own: the last lab's go.
        session.close_lab();
        let key = if is_path(name) {
            std::fs::canonicalize(name)
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| name.to_string())
        } else {
            name.to_string()
        };
        let saved = self.positions(&**session.host()).get(&key).copied();
        let saved = saved.unwrap_or(0);
        let n = lab.sections.len();
        let mut text = lab_text(&lab.intro());
        self.open = Some(Open {
            lab,
            key,
            pos: 0,
            ran: 0,
            hints: BTreeMap::new(),
        });
        if (1..=n).contains(&saved) {
            text.push_str(&format!("\nResuming at section {saved} of {n}.\n"));
            text.push_str(&self.goto(saved, session));
        } else {
            text.push_str(
                "\n(Ctrl+A on an empty line or `:next` shows the next section; \
                 also :back, :goto N, :toc, :restart, :quit; \
                 :check, :hint and :answer for an exercise.)",
            );
        }
        text
    }

    fn next(&mut self, session: &mut Session) -> String {
        let Some(open) = &self.open else {
            return NO_LAB.into();
        };
        if open.pos >= open.lab.sections.len() {
            let open = self.open.take();
            if let Some(open) = open {
                self.save(&open.key, 0, &**session.host());
            }
            session.close_lab();
            return "End of lab".into();
        }
        let to = open.pos + 1;
        self.goto(to, session)
    }

    fn back(&mut self, session: &mut Session) -> String {
        let Some(open) = &self.open else {
            return NO_LAB.into();
        };
        let to = open.pos.saturating_sub(1).max(1);
        self.goto(to, session)
    }

    fn goto_arg(&mut self, arg: &str, session: &mut Session) -> String {
        let n = self.open.as_ref().map_or(0, |o| o.lab.sections.len());
        match arg.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => self.goto(k, session),
            _ => format!("usage: :goto N, with N a section number from 1 to {n} (:toc lists them)"),
        }
    }

    /// Show section `to` (1-based), first running quietly the code of any
    /// earlier section not yet run in this session, so its names exist.
    fn goto(&mut self, to: usize, session: &mut Session) -> String {
        let Some(open) = self.open.as_mut() else {
            return NO_LAB.into();
        };
        let mut text = String::new();
        // A Ctrl+C pressed at the prompt before this command stops nothing.
        session.host().take_cancel();
        if open.ran + 1 < to {
            let (quiet, stopped) = run_quietly(&open.lab, open.ran + 1, to - 1, session, " first");
            text.push_str(&quiet);
            if let Some(k) = stopped {
                // Nothing past the stop ran: stay where we were.
                open.ran = k - 1;
                text.push_str(&format!(
                    "(section {k} was stopped by Ctrl+C; :goto {to} runs it and the rest again)"
                ));
                return text;
            }
        }
        let (shown, error) = run_section(&open.lab, to - 1, session, Shown::Prompt);
        text.push_str(&shown);
        if error.as_ref().is_some_and(|e| e.stopped) {
            // The section did not finish: the position does not move on,
            // and `:next` runs this section again.
            open.pos = to - 1;
            text.push_str(&format!(
                "\n(section {to} was stopped by Ctrl+C: :next runs it again)"
            ));
            let (key, pos) = (open.key.clone(), open.pos);
            self.save(&key, pos, &**session.host());
            return text;
        }
        open.pos = to;
        open.ran = open.ran.max(to);
        let (key, pos) = (open.key.clone(), open.pos);
        self.save(&key, pos, &**session.host());
        text
    }

    /// After `:reset` (a fresh `session`): run the code of the open lab's
    /// sections up to the current one again, quietly, so that the names
    /// they made exist again; the position is kept. `None` when no lab is
    /// open or it is at its introduction.
    pub fn replay(&mut self, session: &mut Session) -> Option<String> {
        let open = self.open.as_mut()?;
        if open.pos == 0 {
            open.ran = 0;
            return None;
        }
        let (text, stopped) = run_quietly(&open.lab, 1, open.pos, session, " again");
        open.ran = stopped.map_or(open.pos, |k| k - 1);
        Some(format!(
            "{text}(still at section {} of {} of lab {})",
            open.pos,
            open.lab.sections.len(),
            open.lab.name
        ))
    }

    fn positions_path(&self) -> Option<PathBuf> {
        self.positions_file.clone()
    }

    fn positions(&self, host: &dyn Host) -> BTreeMap<String, usize> {
        self.positions_path()
            .map(|p| read_positions(&p, host))
            .unwrap_or_default()
    }

    /// Remember `pos` for `key` (0 forgets it). Failing to write is not an
    /// error worth interrupting a lesson for. The file is re-read and
    /// written under a lock, atomically, so REPLs running side by side keep
    /// each other's positions. A warning goes to `host`.
    fn save(&self, key: &str, pos: usize, host: &dyn Host) {
        let Some(path) = self.positions_path() else {
            return;
        };
        let _lock = crate::files::Lock::acquire(&path);
        let mut all = read_positions(&path, host);
        if pos == 0 {
            all.remove(key);
        } else {
            all.insert(key.to_string(), pos);
        }
        if let Ok(text) = serde_json::to_string_pretty(&all) {
            let _ = crate::files::write_atomic(&path, text.as_bytes(), &[]);
        }
    }
}

/// The saved positions. A file that cannot be parsed is moved aside to
/// `NAME.bad` with a warning to `host` (never silently overwritten).
fn read_positions(path: &std::path::Path, host: &dyn Host) -> BTreeMap<String, usize> {
    // Only a regular file is read (a FIFO would block) or moved aside; the
    // write rule refuses anything else too (see `crate::files`).
    if crate::files::check_target(path).is_err() {
        return BTreeMap::new();
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return BTreeMap::new();
    };
    match serde_json::from_str(&text) {
        Ok(all) => all,
        Err(e) => {
            let mut bad = path.as_os_str().to_owned();
            bad.push(".bad");
            let bad = PathBuf::from(bad);
            // The name moved onto obeys the write rule too (a FIFO or a
            // device there is not replaced).
            let moved = crate::files::check_target(&bad)
                .map_err(|e| e.to_string())
                .and_then(|_| std::fs::rename(path, &bad).map_err(|e| e.to_string()));
            match moved {
                Ok(()) => host.note(&format!(
                    "warning: {} is not a list of lab positions ({e}); moved aside to {}, positions start afresh",
                    path.display(),
                    bad.display()
                )),
                Err(m) => host.note(&format!(
                    "warning: {} is not a list of lab positions ({e}) and could not be moved aside ({m})",
                    path.display()
                )),
            }
            BTreeMap::new()
        }
    }
}

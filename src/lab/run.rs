//! Running a lab's sections in a session: shown (echo, values, the
//! exercise), quietly (catching up), or handed input by input to a front
//! end that lays them out itself (the notebook writer).

use super::exercise::{self, Shown};
use super::format::{self, Lab};
use super::{lab_text, load, trust};
use crate::script::Limits;
use crate::script::session::Session;

/// Run section `index` of `lab` in `session` and return what the reader
/// sees: header, prose, `)`, each input echoed as typed (indented three
/// spaces) with its value. Stops at the first failing input; the error,
/// located as `file:line:col`, ends the text and is also returned.
/// A section's exercise, if it has one, follows with its model answer.
pub fn show_section(lab: &Lab, index: usize, session: &mut Session) -> (String, Option<String>) {
    let (text, error) = run_section(lab, index, session, Shown::Print);
    (text, error.map(|e| e.text))
}

/// Why a section's code did not run to its end.
pub(super) struct SectionError {
    /// The located error, e.g. `sudoku.lab:12:5: ... (in section 3 of 35)`.
    pub text: String,
    /// Ctrl+C stopped it (the interrupt is consumed; the section may run again).
    pub stopped: bool,
}

/// [`show_section`], saying also whether Ctrl+C stopped the section.
pub(super) fn run_section(
    lab: &Lab,
    index: usize,
    session: &mut Session,
    shown: Shown,
) -> (String, Option<SectionError>) {
    let mut out = lab_text(&lab.section_header(index));
    out.push('\n');
    let Some(section) = lab.sections.get(index) else {
        return (out, None);
    };
    for line in &section.prose {
        out.push_str(&lab_text(line));
        out.push('\n');
    }
    out.push_str(")\n");
    // Printed lines belong in the section's text, after the input that
    // printed them, in print mode and at the prompt alike.
    let was = session.set_capture(true);
    let error = run_inputs(lab, index, session, Some(&mut out));
    session.set_capture(was);
    if let Some(e) = &error {
        out.push_str(&format!("error: {}\n", e.text));
    } else if let Some(exercise) = &section.exercise {
        out.push_str(&lab_text(&exercise::show(exercise, shown)));
    }
    out.pop();
    (out, error)
}

/// Run the code of section `index`; echo and values go to `out` if given
/// (quiet inputs never echo). Returns the first error, located.
pub(super) fn run_inputs(
    lab: &Lab,
    index: usize,
    session: &mut Session,
    out: Option<&mut String>,
) -> Option<SectionError> {
    let Some(out) = out else {
        return run_inputs_with(lab, index, session, |_, _, _, _| {});
    };
    run_inputs_with(lab, index, session, |input, printed, value, session| {
        for line in input.code.lines() {
            let shown = format!("   {}", lab_text(line));
            out.push_str(shown.trim_end());
            out.push('\n');
        }
        out.push_str(printed);
        let text = session.show(value);
        let text = text.trim_end_matches('\n');
        if !text.is_empty() {
            out.push_str(text);
            out.push('\n');
        }
    })
}

/// Run the code of section `index`, handing each input the reader sees
/// (not the quiet ones) to `visit` with what it printed and its value.
/// Returns the first error, located.
pub(super) fn run_inputs_with(
    lab: &Lab,
    index: usize,
    session: &mut Session,
    mut visit: impl FnMut(&format::Input, &str, &rhai::Dynamic, &Session),
) -> Option<SectionError> {
    let section = lab.sections.get(index)?;
    for input in &section.inputs {
        // Code from a lab file never runs programs, whatever the session allows.
        let allowed = session.exec_allowed();
        session.allow_exec(false);
        let result = session.eval_lab_from(&lab.origin, &input.code);
        session.allow_exec(allowed);
        let printed = session.take_output();
        match result {
            Ok(value) => {
                if !input.quiet {
                    visit(input, &printed, &value, session);
                }
            }
            Err(e) => {
                // A stopped section consumes its interrupt (the operation
                // that stopped did, or this does), so the next one runs clean.
                session.host().take_cancel();
                return Some(SectionError {
                    text: format!(
                        "{} (in section {} of {})",
                        lab_text(&e.located(&lab.origin, input.line)),
                        index + 1,
                        lab.sections.len()
                    ),
                    stopped: e.is_stop(),
                });
            }
        }
    }
    None
}

/// What one input the reader sees printed and returned, as a front end
/// that lays a section out itself (the notebook writer) needs it.
pub struct InputRun<'a> {
    /// The input, as typed.
    pub code: &'a str,
    /// What it printed.
    pub printed: &'a str,
    /// Its value.
    pub value: &'a rhai::Dynamic,
}

/// Run every section of `lab` in `session`, as print mode does, calling
/// `visit` with the section's index and each input the reader sees (what
/// it printed is there when the session captures output). `Err` is the lab
/// refused, or the first failing input at `file:line:col`.
pub fn run_all(
    lab: &Lab,
    session: &mut Session,
    mut visit: impl FnMut(usize, InputRun, &Session),
) -> Result<(), String> {
    if let Some(refused) = trust::check(lab, session) {
        return Err(refused);
    }
    for index in 0..lab.sections.len() {
        let error = run_inputs_with(lab, index, session, |input, printed, value, s| {
            let run = InputRun {
                code: &input.code,
                printed,
                value,
            };
            visit(index, run, s)
        });
        if let Some(e) = error {
            return Err(e.text);
        }
    }
    Ok(())
}

/// The whole transcript of lab `name` (print mode). `Err` names file:line of
/// the first section that failed (the transcript so far is in the message).
pub fn print_transcript(name: &str, limits: &Limits) -> Result<String, String> {
    // The error of a failed run is a transcript (text), so this stays a String.
    let lab = load(name).map_err(|e| lab_text(&format!("{e:#}")))?;
    let mut session = Session::capturing(limits);
    if let Some(refused) = trust::check(&lab, &session) {
        return Err(lab_text(&refused));
    }
    let mut out = lab_text(&lab.intro());
    out.push('\n');
    for index in 0..lab.sections.len() {
        let (text, error) = show_section(&lab, index, &mut session);
        out.push_str(&text);
        out.push('\n');
        if error.is_some() {
            // The section's text already ends with the located error.
            return Err(out.trim_end().to_string());
        }
    }
    out.push_str("End of lab\n");
    Ok(out)
}

/// Run the code of sections `from..=until` (1-based) quietly: what they
/// print is dropped. Returns a line saying so (`tail` ends it: " first",
/// " again"), then any errors, and the section Ctrl+C stopped, if one was.
pub(super) fn run_quietly(
    lab: &Lab,
    from: usize,
    until: usize,
    session: &mut Session,
    tail: &str,
) -> (String, Option<usize>) {
    let mut failed = Vec::new();
    let mut stopped = None;
    let was = session.set_capture(true);
    for k in from..=until {
        if let Some(e) = run_inputs(lab, k - 1, session, None) {
            failed.push(e.text);
            if e.stopped {
                // Ctrl+C: the sections after this one do not run.
                stopped = Some(k);
                break;
            }
        }
    }
    let _ = session.take_output();
    session.set_capture(was);
    let mut text = if from == until {
        format!("(ran section {from}'s code quietly{tail})\n")
    } else {
        format!("(ran the code of sections {from} to {until} quietly{tail})\n")
    };
    for e in failed {
        text.push_str(&format!("error: {e}\n"));
    }
    (text, stopped)
}

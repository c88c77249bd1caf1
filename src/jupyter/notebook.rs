//! A lab as a Jupyter notebook (nbformat 4), with its outputs as run:
//! the lab's introduction, then for each section a markdown cell (its
//! title, its prose as Markdown: paragraphs as text, indented lines as
//! preformatted blocks) and its code: the inputs the reader sees in one
//! cell, carrying what each printed and each value (text, and the SVG
//! picture where `svg` draws one), so the notebook reads whole before it
//! is run; the kernel shows every input's value as this file does. A
//! `PREPARE` block's inputs go in a cell whose source is hidden and
//! collapsed (`jupyter.source_hidden`). An exercise follows its section:
//! the task, an empty cell for the answer, a check cell (`:check LAB N`)
//! and the hints and a model answer, each folded (`<details>`).

use std::cell::RefCell;
use std::rc::Rc;

use rhai::Dynamic;
use serde_json::{Value, json};

use crate::lab::Lab;
use crate::lab::format::Exercise;
use crate::monitor::Monitor;
use crate::script::Limits;
use crate::script::host::{Host, RecordingHost};
use crate::script::session::Session;

/// The outputs of one input the reader sees, as run.
type Outputs = Vec<Value>;

/// The notebook of `lab` as JSON text (ends with a line break), its code
/// run in a fresh session under `limits`. `Err` is the lab refused or
/// the first input that failed, at `file:line:col`.
pub fn lab_notebook(lab: &Lab, limits: &Limits) -> Result<String, String> {
    // What the code prints and displays, in order, as the kernel sends it.
    let host = Rc::new(NotebookHost::default());
    let mut session = Session::new(limits, host.clone());
    session.set_var("ARGS", rhai::Array::new());
    // For each section, the outputs of its shown inputs, in order.
    let mut runs: Vec<Vec<Outputs>> = vec![Vec::new(); lab.sections.len()];
    crate::lab::run_all(lab, &mut session, |index, run, session| {
        let mut outputs = host.take();
        if !run.value.is_unit() {
            outputs.push(result(run.value, session));
        }
        runs[index].push(outputs);
    })?;
    let mut cells = vec![markdown(&intro(lab))];
    let mut number = 0usize;
    for (index, section) in lab.sections.iter().enumerate() {
        let mut text = format!("### {}. {}\n", index + 1, section.title);
        if let Some(chapter) = section.chapter.and_then(|c| lab.chapters.get(c))
            && chapter.first == index
        {
            text = format!("## {}\n\n{text}", chapter.title);
        }
        if !section.prose.is_empty() {
            text.push('\n');
            text.push_str(&prose_markdown(&section.prose));
        }
        cells.push(markdown(&text));
        // Runs of shown inputs make one cell each, runs of quiet ones a
        // hidden cell: a section is usually one of each at most.
        let mut outputs = std::mem::take(&mut runs[index]).into_iter();
        let mut group: Vec<&str> = Vec::new();
        let mut group_outputs: Vec<Value> = Vec::new();
        let mut quiet = false;
        for input in &section.inputs {
            if input.quiet != quiet && !group.is_empty() {
                number += 1;
                let done = std::mem::take(&mut group_outputs);
                cells.push(code_cell(&group.join("\n"), quiet, Some(number), done));
                group.clear();
            }
            quiet = input.quiet;
            group.push(&input.code);
            if !quiet {
                group_outputs.extend(outputs.next().unwrap_or_default());
            }
        }
        if !group.is_empty() {
            number += 1;
            cells.push(code_cell(
                &group.join("\n"),
                quiet,
                Some(number),
                group_outputs,
            ));
        }
        if let Some(exercise) = &section.exercise {
            cells.extend(exercise_cells(lab, index, exercise));
        }
    }
    let notebook = json!({
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {
                "name": super::install::KERNEL_NAME,
                "display_name": super::install::KERNEL_NAME,
                "language": "rhai",
            },
            "language_info": {
                "name": "rhai",
                "file_extension": ".rhai",
                "mimetype": "text/x-rhai",
                "codemirror_mode": "javascript",
                "pygments_lexer": "javascript",
            },
            "title": lab.title,
        },
        "cells": cells,
    });
    let mut text = serde_json::to_string_pretty(&notebook).unwrap_or_default();
    text.push('\n');
    Ok(text)
}

/// An exercise's cells: its task; an empty cell for the reader's answer;
/// the check cell; the hints and the model answer folded, to open one at a
/// time.
fn exercise_cells(lab: &Lab, index: usize, exercise: &Exercise) -> Vec<Value> {
    let mut task = format!("#### Exercise: {}\n\n", exercise.title);
    task.push_str(&prose_markdown(&exercise.task));
    task.push_str(
        "\nWrite your answer in the cell below and run it; then run the check \
         cell after it.\n",
    );
    let mut folded = String::new();
    let n = exercise.hints.len();
    for (k, hint) in exercise.hints.iter().enumerate() {
        folded.push_str(&format!(
            "<details><summary>Hint {} of {n}</summary>\n\n{}\n</details>\n\n",
            k + 1,
            inline_markdown(hint)
        ));
    }
    folded.push_str(&format!(
        "<details><summary>A model answer</summary>\n\n```rhai\n{}\n```\n</details>\n",
        exercise.answer.trim_end()
    ));
    let check = format!(":check {} {}", lab.name, index + 1);
    let mut check_cell = code_cell(&check, false, None, vec![]);
    check_cell["metadata"] = json!({"tags": ["check"]});
    vec![
        markdown(&task),
        code_cell("// your answer", false, None, vec![]),
        check_cell,
        markdown(&folded),
    ]
}

/// A lab's prose as Markdown: runs of unindented lines are paragraphs
/// (characters Markdown would take as formatting escaped, `code` kept),
/// indented lines (tables, J sessions) preformatted blocks, as written.
fn prose_markdown(lines: &[String]) -> String {
    let mut out = String::new();
    let mut block = false;
    for line in lines {
        let indented = line.starts_with(' ') || line.starts_with('\t');
        if indented != block {
            out.push_str(if indented { "\n```text\n" } else { "```\n\n" });
            block = indented;
        }
        if block {
            out.push_str(line);
        } else if line.trim().is_empty() {
            // A blank line ends a paragraph, as in the lab.
        } else {
            out.push_str(&inline_markdown(line));
        }
        out.push('\n');
    }
    if block {
        out.push_str("```\n");
    }
    out
}

/// One line of prose with the characters Markdown reads as formatting
/// escaped outside `code` spans, and a list or heading marker at its start
/// taken literally.
fn inline_markdown(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code
            && matches!(
                c,
                '\\' | '*' | '_' | '<' | '>' | '[' | ']' | '#' | '|' | '~'
            )
        {
            out.push('\\');
        }
        out.push(c);
    }
    // "1. ", "- ", "+ " at the start would make a list.
    let trimmed = out.trim_start();
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    if (digits > 0 && trimmed[digits..].starts_with(". "))
        || trimmed.starts_with("- ")
        || trimmed.starts_with("+ ")
    {
        let at = out.len() - trimmed.len() + digits;
        out.insert(at, '\\');
    }
    out
}

/// A `stream` output: what an input printed.
fn stream(text: &str) -> Value {
    json!({"output_type": "stream", "name": "stdout", "text": source_keep_end(text)})
}

/// The host the writer runs a lab on: what the code prints becomes
/// `stream` outputs and what it `display`s `display_data`, in the order
/// they came, as the kernel sends them; the rest is a [`RecordingHost`]'s
/// (no input, no colour, no progress).
#[derive(Default)]
struct NotebookHost {
    inner: RecordingHost,
    outputs: RefCell<Vec<Value>>,
}

impl NotebookHost {
    /// The outputs since the last call.
    fn take(&self) -> Vec<Value> {
        std::mem::take(&mut self.outputs.borrow_mut())
    }

    /// A printed line: added to the stream output just before it, if the
    /// last output is one.
    fn line(&self, line: &str) {
        let mut outputs = self.outputs.borrow_mut();
        let text = format!("{line}\n");
        if let Some(last) = outputs.last_mut()
            && last["output_type"] == "stream"
            && let Some(lines) = last["text"].as_array_mut()
        {
            lines.push(Value::String(text));
            return;
        }
        outputs.push(stream(&text));
    }
}

impl Host for NotebookHost {
    fn print(&self, line: &str) {
        self.line(line);
    }
    fn note(&self, line: &str) {
        self.line(line);
    }
    fn read_line(&self) -> Option<String> {
        None
    }
    fn echo_input(&self) -> bool {
        self.inner.echo_input()
    }
    fn colour(&self) -> bool {
        false
    }
    fn cancelled(&self) -> bool {
        self.inner.cancelled()
    }
    fn take_cancel(&self) -> bool {
        self.inner.take_cancel()
    }
    fn monitor(&self) -> Box<dyn Monitor> {
        self.inner.monitor()
    }
    fn display(&self, text: &str, svg: Option<&str>) -> bool {
        let mut data = serde_json::Map::new();
        data.insert("text/plain".into(), source(text));
        if let Some(svg) = svg {
            data.insert("image/svg+xml".into(), source(svg));
        }
        self.outputs.borrow_mut().push(json!({
            "output_type": "display_data",
            "data": data,
            "metadata": {},
        }));
        true
    }
}

/// An `execute_result`: a value as the kernel shows it.
fn result(value: &Dynamic, session: &Session) -> Value {
    let text = session.show(value);
    let mut data = serde_json::Map::new();
    data.insert("text/plain".into(), source(&text));
    if let Some(svg) = super::kernel::picture(session, value) {
        data.insert("image/svg+xml".into(), source(&svg));
    }
    json!({
        "output_type": "execute_result",
        // Set to its cell's number when the cell is made.
        "execution_count": null,
        "data": data,
        "metadata": {},
    })
}

/// The lab's title, author and comments.
fn intro(lab: &Lab) -> String {
    let mut text = format!("# {}\n", lab.title);
    if !lab.author.is_empty() {
        text.push_str(&format!("\n*{}*\n", lab.author));
    }
    if !lab.comments.is_empty() {
        text.push('\n');
        text.push_str(&lab.comments.join("\n"));
        text.push('\n');
    }
    text.push_str(&format!(
        "\nThe lab `{}` of puzzlelab as a notebook: run the cells in order \
         (`puzzlelab lab {}` takes it at the prompt).\n",
        lab.name, lab.name
    ));
    text
}

/// nbformat keeps a cell's source as its lines, each with its line break.
fn source(text: &str) -> Value {
    let text = text.trim_end_matches('\n');
    Value::Array(
        text.split_inclusive('\n')
            .map(|l| Value::String(l.to_string()))
            .collect(),
    )
}

/// Printed text as nbformat keeps it: its lines, each with its break,
/// the last one's break kept too.
fn source_keep_end(text: &str) -> Value {
    Value::Array(
        text.split_inclusive('\n')
            .map(|l| Value::String(l.to_string()))
            .collect(),
    )
}

/// A cell id: nbformat 4.5 wants one, unique in the notebook.
fn cell_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..12].to_string()
}

fn markdown(text: &str) -> Value {
    json!({
        "cell_type": "markdown",
        "id": cell_id(),
        "metadata": {},
        "source": source(text),
    })
}

fn code_cell(text: &str, hidden: bool, count: Option<usize>, mut outputs: Vec<Value>) -> Value {
    for output in &mut outputs {
        if output["output_type"] == "execute_result" {
            output["execution_count"] = json!(count);
        }
    }
    let metadata = if hidden {
        json!({"collapsed": true, "jupyter": {"source_hidden": true}, "tags": ["prepare"]})
    } else {
        json!({})
    };
    json!({
        "cell_type": "code",
        "id": cell_id(),
        "execution_count": count,
        "metadata": metadata,
        "outputs": outputs,
        "source": source(text),
    })
}

//! A lab as a Jupyter notebook (nbformat 4): the lab's introduction, then
//! for each section a markdown cell with its title and prose and its code:
//! one code cell per input, so that every value the transcript shows is a
//! cell's value; a `PREPARE` block's inputs go in one cell whose source is
//! hidden and collapsed (`jupyter.source_hidden`, `collapsed`).

use serde_json::{Value, json};

use crate::lab::Lab;

/// The notebook of `lab` as JSON text (ends with a line break).
pub fn lab_notebook(lab: &Lab) -> String {
    let mut cells = vec![markdown(&intro(lab))];
    for (index, section) in lab.sections.iter().enumerate() {
        let mut text = format!("### {}. {}\n", index + 1, section.title);
        if let Some(chapter) = section.chapter.and_then(|c| lab.chapters.get(c))
            && chapter.first == index
        {
            text = format!("## {}\n\n{text}", chapter.title);
        }
        if !section.prose.is_empty() {
            // Lab prose is preformatted (tables, J sessions): kept as is.
            text.push_str("\n```text\n");
            for line in &section.prose {
                text.push_str(line);
                text.push('\n');
            }
            text.push_str("```\n");
        }
        cells.push(markdown(&text));
        let mut hidden: Vec<&str> = Vec::new();
        for input in &section.inputs {
            if input.quiet {
                hidden.push(&input.code);
                continue;
            }
            if !hidden.is_empty() {
                cells.push(code(&hidden.join("\n"), true));
                hidden.clear();
            }
            cells.push(code(&input.code, false));
        }
        if !hidden.is_empty() {
            cells.push(code(&hidden.join("\n"), true));
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
    text
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

fn code(text: &str, hidden: bool) -> Value {
    let metadata = if hidden {
        json!({"collapsed": true, "jupyter": {"source_hidden": true}, "tags": ["prepare"]})
    } else {
        json!({})
    };
    json!({
        "cell_type": "code",
        "id": cell_id(),
        "execution_count": null,
        "metadata": metadata,
        "outputs": [],
        "source": source(text),
    })
}

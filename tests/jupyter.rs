//! The Jupyter front end: the kernel driven by the real Python client
//! (`jupyter_client`, `nbclient`; the driver is `tests/jupyter/drive.py`),
//! the kernelspec `jupyter install` writes, and labs exported as notebooks
//! and run top to bottom.
//!
//! Without a Python that has the Jupyter packages the kernel tests skip
//! (one summary line, `common::tools`); `.ci/run` makes a virtual
//! environment with them and sets `PUZZLELAB_PYTHON`.

#![cfg(feature = "jupyter")]

use std::process::Command;

use serde_json::Value;

use crate::common::tools::{Tool, have, python};
use crate::common::{run_puzzlelab, scratch_dir, transcript};
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

/// Install the kernelspec under `prefix` with the binary, as a person would.
fn install_kernelspec(prefix: &std::path::Path) {
    let run = run_puzzlelab(
        &["jupyter", "install", "--prefix", prefix.to_str().unwrap()],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// Run `tests/jupyter/drive.py ARGS` with the kernelspec under `prefix`;
/// its JSON answer.
fn drive(prefix: &std::path::Path, args: &[&str]) -> Value {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/jupyter/drive.py");
    let out = Command::new(python())
        .arg(script)
        .args(args)
        .env("JUPYTER_PATH", prefix.join("share/jupyter"))
        // Jupyter's runtime files (connection files) go to a scratch folder.
        .env("JUPYTER_RUNTIME_DIR", prefix.join("runtime"))
        .env("PUZZLELAB_HOME", prefix.join("home"))
        .env("NO_COLOR", "1")
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "drive.py {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("drive.py prints JSON")
}

/// The value of `code` in a fresh in-process session, as text.
fn value_of(code: &str) -> String {
    let mut session = Session::capturing(&Limits::default());
    let value = session.eval(code).expect("the check's code runs");
    session.show(&value)
}

/// The outputs of a cell of the given type.
fn of_type<'a>(cell: &'a Value, kind: &str) -> Vec<&'a Value> {
    cell["outputs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["type"] == kind)
        .map(|o| &o["content"])
        .collect()
}

#[test]
fn kernel_answers_the_jupyter_client() {
    if !have(Tool::JupyterClient, "jupyter") {
        return;
    }
    let prefix = scratch_dir("jupyter-kernel");
    install_kernelspec(&prefix);
    let got = drive(&prefix, &["protocol"]);

    // The kernelspec and kernel_info.
    assert_eq!(got["spec"]["interrupt_mode"], "signal");
    assert_eq!(got["spec"]["language"], "rhai");
    assert_eq!(got["spec"]["display_name"], "puzzlelab");
    let language = &got["kernel_info"]["language_info"];
    assert_eq!(language["name"], "rhai");
    assert_eq!(language["file_extension"], ".rhai");
    assert_eq!(language["codemirror_mode"], "javascript");
    assert_eq!(got["heartbeat"], true);

    let cells = got["cells"].as_array().unwrap();
    // print goes to stdout, one stream message a line, before the value.
    let streams: Vec<&str> = of_type(&cells[0], "stream")
        .iter()
        .map(|s| {
            assert_eq!(s["name"], "stdout");
            s["text"].as_str().unwrap()
        })
        .collect();
    assert_eq!(streams, ["hello\n", "world\n"]);
    let result = of_type(&cells[0], "execute_result");
    assert_eq!(result[0]["data"], serde_json::json!({"text/plain": "21"}));
    assert_eq!(result[0]["execution_count"], 1);
    // State is kept between cells.
    assert_eq!(
        of_type(&cells[1], "execute_result")[0]["data"]["text/plain"],
        "40"
    );

    // A value with a picture: the SVG of svg(value) and the REPL's text.
    let svg = value_of("svg(ym)");
    assert!(svg.starts_with("<svg "), "{svg}");
    let ym_text = value_of("ym");
    let grid = &of_type(&cells[2], "execute_result")[0]["data"];
    assert_eq!(grid["image/svg+xml"], svg.as_str());
    assert_eq!(grid["text/plain"], ym_text.as_str());
    // display(value) shows it mid-cell; the cell's value follows.
    let shown = of_type(&cells[3], "display_data");
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0]["data"]["image/svg+xml"], svg.as_str());
    assert_eq!(shown[0]["data"]["text/plain"], ym_text.as_str());
    assert_eq!(
        of_type(&cells[3], "execute_result")[0]["data"]["text/plain"],
        "after"
    );

    // An error: the REPL's words (position in the cell, the line with a
    // caret, did you mean), in the reply and on IOPub.
    let error = "<cell 5>:2:9: Function not found: count_polyomno (Region, &str | ImmutableString | String)\n  \
                 let c = count_polyomno(rect(6, 10), \"pentominoes\");\n          ^\n  \
                 did you mean count_polyomino, count_polycube, count_solutions?";
    assert_eq!(cells[4]["reply"]["status"], "error");
    assert_eq!(cells[4]["reply"]["evalue"], error);
    let shown = of_type(&cells[4], "error");
    assert_eq!(shown[0]["traceback"].as_array().unwrap().len(), 4);
    assert_eq!(shown[0]["evalue"], error);

    // A failed cell aborts the one queued behind it; the next runs.
    assert_eq!(got["abort"], serde_json::json!(["error", "aborted"]));
    let after = of_type(&got["after_abort"], "execute_result");
    assert_eq!(after.len(), 1, "{}", got["after_abort"]);
    assert_eq!(after[0]["data"]["text/plain"], "22");

    // Completion (the REPL's completer), inspection (help's text), completeness.
    assert_eq!(
        got["complete"]["matches"],
        serde_json::json!(["count_polycube", "count_polyomino"])
    );
    assert_eq!(
        (
            &got["complete"]["cursor_start"],
            &got["complete"]["cursor_end"]
        ),
        (&Value::from(0), &Value::from(10))
    );
    let methods = got["complete_method"]["matches"].as_array().unwrap();
    assert!(methods.contains(&Value::from("filled")), "{methods:?}");
    assert_eq!(got["complete_method"]["cursor_start"], 14);
    assert_eq!(got["inspect"]["found"], true);
    assert_eq!(
        got["inspect"]["data"]["text/plain"],
        value_of(r#"help("count_polyomino")"#).as_str()
    );
    assert_eq!(got["inspect_missing"]["found"], false);
    assert_eq!(got["is_complete"][0]["status"], "incomplete");
    assert_eq!(got["is_complete"][1]["status"], "complete");

    // pentomino("V") read its five answers through input_request and gave
    // the board the same answers give when passed in.
    assert_eq!(got["input"]["asked"], 5);
    assert_eq!(got["input"]["reply"]["status"], "ok");
    assert_eq!(
        of_type(&got["input"], "execute_result")[0]["data"]["text/plain"],
        value_of(r#"pentomino("V", ["1", "Z", "1", "", "n"])"#).as_str()
    );

    // SIGINT (interrupt_mode signal) while the count runs: progress was a
    // display updated in place, the cell stops honestly, the kernel lives on.
    let stop = &got["interrupt"];
    assert_eq!(stop["interrupted"], true);
    assert_eq!(stop["reply"]["status"], "error");
    let why = stop["reply"]["evalue"].as_str().unwrap();
    assert!(
        why.starts_with("<cell 9>:1:1: stopped (Ctrl+C) in count_polycube after ")
            && why.contains("the count is partial"),
        "{why}"
    );
    let first = of_type(stop, "display_data");
    let id = &first[0]["transient"]["display_id"];
    assert!(id.is_string(), "{first:?}");
    let updates = of_type(stop, "update_display_data");
    assert!(updates.iter().all(|u| u["transient"]["display_id"] == *id));
    let last = updates.last().unwrap()["data"]["text/plain"]
        .as_str()
        .unwrap();
    assert!(last.ends_with("; stopped"), "{last}");
    assert_eq!(
        of_type(&got["after_interrupt"], "execute_result")[0]["data"]["text/plain"],
        "42"
    );
    assert_eq!(got["alive"], true);
    // shutdown_request is answered on control, then the kernel leaves.
    let shutdown = &got["shutdown_reply"];
    assert_eq!(
        (&shutdown["answers"], &shutdown["type"]),
        (&Value::from(true), &Value::from("shutdown_reply"))
    );
    assert_eq!(
        shutdown["content"],
        serde_json::json!({"status": "ok", "restart": false})
    );
    assert_eq!(got["left_by_itself"], true);
    assert_eq!(got["alive_after_shutdown"], false);
}

/// The outputs of a code cell (as written, or as nbclient ran it), each as
/// (kind, text, has a picture): a stream's text, or a value's text; runs of
/// stream outputs merged (a client may split or join them); a long job's
/// progress display left out.
fn outputs_of(cell: &Value) -> Vec<(String, String, bool)> {
    let joined = |v: &Value| -> String {
        match v {
            Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
            Value::String(s) => s.clone(),
            _ => String::new(),
        }
    };
    let mut out: Vec<(String, String, bool)> = Vec::new();
    for output in cell["outputs"].as_array().unwrap() {
        let kind = output["output_type"].as_str().unwrap();
        if kind == "stream" {
            let text = joined(&output["text"]);
            match out.last_mut() {
                Some((k, t, _)) if k == "stream" => t.push_str(&text),
                _ => out.push(("stream".into(), text, false)),
            }
            continue;
        }
        let text = joined(&output["data"]["text/plain"]);
        if kind == "display_data" && text.ends_with("s; finished") {
            continue;
        }
        let svg = !output["data"]["image/svg+xml"].is_null();
        out.push((
            kind.to_string(),
            text.trim_end_matches('\n').to_string(),
            svg,
        ));
    }
    out
}

/// Every embedded lab, exported with `lab NAME --notebook`, carries its
/// outputs as run. Run top to bottom in the kernel under nbclient, each
/// code cell gives the same outputs again (a cell runs as its inputs typed
/// at the prompt), and every output is what the lab's transcript shows,
/// in the transcript's order.
#[test]
fn every_lab_runs_as_a_notebook_with_the_transcripts_values() {
    if !have(Tool::JupyterClient, "jupyter") {
        return;
    }
    let prefix = scratch_dir("jupyter-labs");
    install_kernelspec(&prefix);
    let labs: Vec<String> = puzzlelab::lab::list().into_iter().map(|l| l.name).collect();
    let mut paths = Vec::new();
    let mut written = Vec::new();
    for name in &labs {
        let path = prefix.join(format!("{name}.ipynb"));
        let run = run_puzzlelab(&["lab", name, "--notebook", path.to_str().unwrap()], b"");
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        let nb: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        written.push(nb);
        paths.push(path.to_str().unwrap().to_string());
    }
    let mut args = vec!["notebooks"];
    args.extend(paths.iter().map(String::as_str));
    let got = drive(&prefix, &args);
    let (mut hidden_cells, mut pictures, mut checks) = (0, 0, 0);
    for ((name, path), nb) in labs.iter().zip(&paths).zip(&written) {
        let text = transcript(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let code: Vec<&Value> = nb["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["cell_type"] == "code")
            .collect();
        let ran = got[path.as_str()].as_array().unwrap();
        assert_eq!(code.len(), ran.len(), "{name}");
        // Where in the transcript the last output was found.
        let mut at = 0;
        for (cell, ran) in code.iter().zip(ran) {
            let source = ran["source"].as_str().unwrap();
            let want = outputs_of(cell);
            let have = outputs_of(ran);
            if cell["metadata"]["tags"][0] == "check" {
                // Nothing answered yet: the check says so, and fails nothing.
                checks += 1;
                assert!(want.is_empty(), "{name}: {source}");
                assert!(
                    have.len() == 1 && have[0].0 == "stream",
                    "{name}: {source} gave {have:?}"
                );
                continue;
            }
            assert_eq!(have, want, "{name}: cell {source:?} ran to other outputs");
            if ran["hidden"] == true {
                // PREPARE blocks run quietly in the lab: no output here either.
                hidden_cells += 1;
                assert!(want.is_empty(), "{name}: {source}");
                continue;
            }
            for (kind, shown, svg) in &want {
                pictures += usize::from(*svg);
                let found = text[at..].find(shown.as_str()).unwrap_or_else(|| {
                    panic!("{name}: the {kind} of cell {source:?}\n{shown}\nis not in the transcript after byte {at}")
                });
                at += found + shown.len();
            }
        }
    }
    assert!(hidden_cells > 0, "no lab had a PREPARE block");
    assert!(pictures > 0, "no lab's notebook holds a picture");
    assert!(checks > 0, "no lab's notebook has an exercise");
}

/// The notebook of a lab as written: valid nbformat 4, the sections' prose
/// as Markdown (paragraphs as text, indented lines preformatted), each
/// section's shown inputs in one cell with their outputs as run, PREPARE
/// collapsed, and each exercise with its task, a check cell, and its hints
/// and answer folded.
#[test]
fn lab_notebook_is_nbformat_4_with_sections_and_hidden_prepare() {
    let lab = puzzlelab::lab::load("sudoku").unwrap();
    let text = puzzlelab::jupyter::notebook::lab_notebook(&lab, &Limits::default()).unwrap();
    let nb: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (nb["nbformat"].as_u64(), nb["nbformat_minor"].as_u64()),
        (Some(4), Some(5))
    );
    assert_eq!(nb["metadata"]["kernelspec"]["name"], "puzzlelab");
    assert_eq!(nb["metadata"]["kernelspec"]["language"], "rhai");
    let cells = nb["cells"].as_array().unwrap();
    let source = |c: &Value| -> String {
        c["source"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect()
    };
    let markdown: Vec<String> = cells
        .iter()
        .filter(|c| c["cell_type"] == "markdown")
        .map(source)
        .collect();
    assert!(markdown[0].starts_with("# Hui's Sudoku solver, step by step\n"));
    // One per section, headed by its number and title.
    let headed: Vec<&String> = markdown
        .iter()
        .filter(|m| m.starts_with("### ") || m.starts_with("## "))
        .collect();
    assert_eq!(headed.len(), lab.sections.len());
    assert!(
        headed[0].starts_with("## Introduction\n\n### 1. Introduction\n\nWe are going to"),
        "{}",
        headed[0]
    );
    // Prose is Markdown, not a fenced block; indented lines are preformatted.
    assert!(!headed[0].contains("```"), "{}", headed[0]);
    let tables = headed
        .iter()
        .find(|m| m.starts_with("## Pre-definition"))
        .unwrap();
    assert!(tables.contains("```text\n  j   the 9 blocks"), "{tables}");
    let code: Vec<&Value> = cells.iter().filter(|c| c["cell_type"] == "code").collect();
    // The first cell, run: the grid `see(ym)` draws, as its value.
    assert_eq!(source(code[0]), "see(ym)");
    assert_eq!(code[0]["execution_count"], 1);
    let value: String = code[0]["outputs"][0]["data"]["text/plain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(value, value_of("see(ym)"));
    // A section with several inputs, none quiet, has them in one cell.
    let several = lab
        .sections
        .iter()
        .filter(|s| s.inputs.len() > 2 && s.inputs.iter().all(|i| !i.quiet))
        .map(|s| s.inputs.iter().collect::<Vec<_>>())
        .next()
        .unwrap();
    let joined = several
        .iter()
        .map(|i| i.code.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(code.iter().any(|c| source(c) == joined), "{joined}");
    // The exercise of section 2: task, a cell to answer in, the check
    // cell, hints and the answer folded.
    let at = markdown
        .iter()
        .position(|m| m.starts_with("#### Exercise: Counting clues"))
        .unwrap();
    assert!(markdown[at + 1].contains("<details><summary>Hint 1 of 2</summary>"));
    assert!(markdown[at + 1].contains("<details><summary>A model answer</summary>"));
    assert!(markdown[at + 1].contains("let clues = filled(su21_1);"));
    let check = code
        .iter()
        .find(|c| c["metadata"]["tags"][0] == "check")
        .unwrap();
    assert_eq!(source(check), ":check sudoku 2");
    assert_eq!(check["outputs"], serde_json::json!([]));
    // Ids are unique, as nbformat 4.5 asks.
    let mut ids: Vec<&str> = cells.iter().map(|c| c["id"].as_str().unwrap()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), cells.len());

    // A lab with a PREPARE block: its cell is collapsed and hidden.
    let with_prepare = puzzlelab::lab::list()
        .into_iter()
        .map(|l| puzzlelab::lab::load(&l.name).unwrap())
        .find(|l| l.sections.iter().any(|s| s.inputs.iter().any(|i| i.quiet)))
        .expect("a lab with PREPARE");
    let text =
        puzzlelab::jupyter::notebook::lab_notebook(&with_prepare, &Limits::default()).unwrap();
    let nb: Value = serde_json::from_str(&text).unwrap();
    let hidden: Vec<&Value> = nb["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["metadata"]["jupyter"]["source_hidden"] == true)
        .collect();
    assert!(!hidden.is_empty());
    assert!(
        hidden
            .iter()
            .all(|c| c["metadata"]["collapsed"] == true && c["cell_type"] == "code")
    );
}

/// `:check LAB N` checks the exercise of section N whether or not a lab is
/// open (a notebook's check cells), `:hint LAB N` gives its hints in turn,
/// and a bad argument says what is expected.
#[test]
fn check_names_its_lab_and_section() {
    use puzzlelab::commands::CommandContext;
    use puzzlelab::lab::LabState;
    let limits = Limits::default();
    let mut commands =
        CommandContext::new(Session::capturing(&limits), LabState::default(), &limits);
    let not_yet = commands.command(":check sudoku 2").text;
    assert!(!not_yet.contains("Right"), "{not_yet}");
    let _ = commands.value("let clues = 30;").unwrap();
    let wrong = commands.command(":check sudoku 2").text;
    assert!(wrong.starts_with("Not yet"), "{wrong}");
    let _ = commands.value("let clues = filled(su21_1);").unwrap();
    let right = commands.command(":check sudoku 2").text;
    assert!(right.starts_with("Right"), "{right}");
    assert!(
        commands
            .command(":hint sudoku 2")
            .text
            .starts_with("Hint 1 of 2")
    );
    assert!(
        commands
            .command(":hint sudoku 2")
            .text
            .starts_with("Hint 2 of 2")
    );
    let none = commands.command(":check sudoku 1").text;
    assert!(
        none.contains("section 1 of lab sudoku") && none.contains("no exercise"),
        "{none}"
    );
    let usage = commands.command(":check sudoku").text;
    assert!(usage.contains("`:check sudoku 2`"), "{usage}");
    let nolab = commands.command(":check nosuch 2").text;
    assert!(nolab.starts_with("no lab named \"nosuch\""), "{nolab}");
}

#[test]
fn lab_notebook_option_errors_name_the_problem() {
    let out = scratch_dir("jupyter-nb");
    let file = out.join("x.ipynb");
    let run = run_puzzlelab(
        &["lab", "nosuch", "--notebook", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with("no lab named \"nosuch\" (labs: "),
        "{}",
        run.stderr
    );
    assert!(!file.exists());
    let run = run_puzzlelab(&["lab", "sudoku", "--print", "--notebook", "x.ipynb"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    // A folder is not a notebook file.
    let run = run_puzzlelab(&["lab", "sudoku", "--notebook", out.as_str()], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with("cannot write the notebook: "),
        "{}",
        run.stderr
    );
}

#[test]
fn install_writes_kernel_json_for_this_binary_and_two_logos() {
    let prefix = scratch_dir("jupyter-install");
    install_kernelspec(&prefix);
    let dir = prefix.join("share/jupyter/kernels/puzzlelab");
    let spec: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("kernel.json")).unwrap()).unwrap();
    let exe = std::fs::canonicalize(env!("CARGO_BIN_EXE_puzzlelab")).unwrap();
    assert_eq!(
        spec["argv"],
        serde_json::json!([
            exe.to_str().unwrap(),
            "jupyter",
            "kernel",
            "-f",
            "{connection_file}"
        ])
    );
    assert_eq!(spec["interrupt_mode"], "signal");
    assert_eq!(spec["display_name"], "puzzlelab");
    assert_eq!(spec["language"], "rhai");
    for size in [32u32, 64] {
        let file = std::fs::File::open(dir.join(format!("logo-{size}x{size}.png"))).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (size, size));
        // Five piece colours and the dark lines between them.
        let mut colours: Vec<&[u8]> = pixels.chunks(4).filter(|p| p[3] == 255).collect();
        colours.sort();
        colours.dedup();
        assert_eq!(colours.len(), 6, "{size}: {colours:?}");
    }
    // --user and --prefix together are refused.
    let run = run_puzzlelab(&["jupyter", "install", "--user", "--prefix", "x"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}

#[test]
fn kernel_with_a_bad_connection_file_says_where() {
    let dir = scratch_dir("jupyter-conn");
    let file = dir.join("conn.json");
    std::fs::write(&file, "{\"ip\": \"127.0.0.1\",\n \"shell_port\": oops}").unwrap();
    let run = run_puzzlelab(&["jupyter", "kernel", "-f", file.to_str().unwrap()], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with(&format!(
            "puzzlelab jupyter: {}:2:16: not a Jupyter connection file: expected value",
            file.display()
        )),
        "{}",
        run.stderr
    );
    let run = run_puzzlelab(&["jupyter", "kernel", "-f", "/nonexistent/conn.json"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with(
            "puzzlelab jupyter: cannot read the connection file /nonexistent/conn.json: "
        ),
        "{}",
        run.stderr
    );
}

/// `display(value)` outside a notebook prints the value as the REPL shows
/// it (and a capturing session, as a lab's, keeps the text).
#[test]
fn display_prints_the_value_outside_a_notebook() {
    let mut session = Session::capturing(&Limits::default());
    let _ = session.eval("display(ym); display(42)").unwrap();
    assert_eq!(session.take_output(), format!("{}\n42\n", value_of("ym")));
    let run = run_puzzlelab(&["-e", "display(1 + 2)"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, "3\n"));
}

/// A notebook whose cell's value is a packing, run by nbclient and
/// rendered to HTML by nbconvert, shows the picture in a browser: in a
/// headless Chromium screenshot every piece colour of `svg(value)` fills
/// its cells' pixels.
#[test]
fn notebook_html_shows_the_svg_in_chromium() {
    if !have(Tool::JupyterClient, "jupyter") || !have(Tool::Chromium, "jupyter") {
        return;
    }
    let dir = scratch_dir("jupyter-html");
    install_kernelspec(&dir);
    let code = r#"solve_polyomino(rect(3, 20), "pentominoes", #{limit: 1})[0]"#;
    let html = dir.join("packing.html");
    let got = drive(&dir, &["render", code, html.to_str().unwrap()]);
    let svg = value_of(&format!("svg({code})"));
    assert_eq!(got["outputs"][0]["data"]["image/svg+xml"], svg.as_str());
    let shot = dir.join("packing.png");
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--hide-scrollbars",
            // The page's scripts (MathJax, require.js) come from the
            // network, which may be out of reach: the shot is taken anyway.
            "--virtual-time-budget=3000",
            "--window-size=900,700",
            &format!("--user-data-dir={}", dir.join("chromium").display()),
            &format!("--screenshot={}", shot.display()),
            &format!("file://{}", html.display()),
        ])
        .output()
        .expect("chromium runs");
    assert!(
        shot.exists(),
        "no screenshot: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = std::fs::File::open(&shot).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let step = info.color_type.samples();
    let mut counts = std::collections::HashMap::<[u8; 3], usize>::new();
    for p in pixels[..info.buffer_size()].chunks(step) {
        *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
    }
    // The pieces' colours: every <rect> fill but the white background.
    let fills: std::collections::BTreeSet<&str> = svg
        .split("<rect ")
        .skip(1)
        .filter_map(|r| r.split("fill=\"#").nth(1))
        .map(|f| &f[..6])
        .filter(|f| !f.eq_ignore_ascii_case("ffffff"))
        .collect();
    assert_eq!(fills.len(), 12, "{fills:?}");
    for fill in fills {
        let rgb: Vec<u8> = (0..3)
            .map(|i| u8::from_str_radix(&fill[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        let n = counts.get(&[rgb[0], rgb[1], rgb[2]]).copied().unwrap_or(0);
        // Five cells of 32 × 32 pixels, less the lines between them.
        assert!(n > 2000, "#{fill}: {n} pixels in the screenshot");
    }
}

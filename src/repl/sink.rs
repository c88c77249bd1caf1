//! Where the lines of a batch subcommand (`generate`, `rate`) go: a file
//! replaced only at the end, a shard's part file (put in place only when
//! complete), or stdout as they come. One place decides, from `--out` and
//! `--shard`, which of the three it is and how the output is named in
//! messages, and what a stopped or failed run leaves behind.

use std::io::Write;
use std::path::Path;

use super::host;
use crate::files::SafeFile;
use crate::shard::{BodySum, Head, PartWriter, Shard, end_line};

/// The output of one batch run.
pub(super) enum Sink {
    File(SafeFile),
    Part(PartWriter),
    Stdout(String),
}

/// The open output and the name messages use for it (the file, the
/// shard's part file, or `stdout`).
pub(super) struct Output {
    pub sink: Sink,
    pub shown_as: String,
    /// The body of a part written to stdout, for its end line.
    body: BodySum,
}

impl Output {
    /// Opens `out` (stdout when `None`) for shard `shard` of a run whose
    /// part header `head` makes; `inputs` are files the output must not
    /// replace.
    pub(super) fn open(
        out: Option<&str>,
        shard: Shard,
        inputs: &[&Path],
        head: impl Fn() -> Head,
    ) -> Result<Output, String> {
        let shown_as = match out {
            Some(out) if !shard.is_whole() => shard.part_path(Path::new(out)).display().to_string(),
            Some(out) => out.to_string(),
            None => "stdout".into(),
        };
        let sink = match out {
            Some(_) if !shard.is_whole() => {
                PartWriter::create(Path::new(&shown_as), inputs, &head())
                    .map(Sink::Part)
                    .map_err(|e| e.to_string())?
            }
            Some(path) => SafeFile::create(path, inputs)
                .map(Sink::File)
                .map_err(|e| e.to_string())?,
            None if !shard.is_whole() => Sink::Stdout(format!("{}\n", head().line())),
            None => Sink::Stdout(String::new()),
        };
        Ok(Output {
            sink,
            shown_as,
            body: BodySum::default(),
        })
    }

    /// Writes one line; an error names the output.
    pub(super) fn line(&mut self, text: &str) -> Result<(), String> {
        self.body.add(text);
        self.sink
            .line(text)
            .map_err(|e| format!("{}: {e}", self.shown_as))
    }

    /// Ends a run that did not finish with the `#` line `flag`: a part is
    /// of no use to a merge unless whole, so none is written (the error
    /// says so); a file or stdout keeps the lines so far and the flag.
    pub(super) fn stopped(mut self, flag: &str) -> Result<(), String> {
        if let Sink::Part(_) = self.sink {
            return Err(format!(
                "{}; no part written",
                flag.trim_start_matches("# ")
            ));
        }
        self.line(flag)?;
        self.finish(&Default::default())
    }

    /// Puts a finished run's output in place, a part with the end line
    /// of its body and `totals` (on stdout too, when sharded).
    pub(super) fn done(
        mut self,
        shard: Shard,
        totals: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<(), String> {
        if !shard.is_whole() && matches!(self.sink, Sink::Stdout(_)) {
            let end = end_line(&self.body, totals);
            self.sink
                .line(&end)
                .map_err(|e| format!("{}: {e}", self.shown_as))?;
        }
        self.finish(totals)
    }

    fn finish(self, totals: &serde_json::Map<String, serde_json::Value>) -> Result<(), String> {
        match self.sink {
            Sink::File(f) => f
                .commit(Path::new(&self.shown_as))
                .map_err(|e| e.to_string()),
            Sink::Part(p) => p.finish(totals).map_err(|e| e.to_string()),
            Sink::Stdout(pending) => {
                host::write_stdout(&pending, true);
                Ok(())
            }
        }
    }
}

impl Sink {
    fn line(&mut self, text: &str) -> Result<(), String> {
        match self {
            Sink::File(f) => writeln!(f, "{text}").map_err(|e| format!("cannot write: {e}")),
            Sink::Part(p) => p.line(text).map_err(|e| e.message),
            Sink::Stdout(pending) => {
                pending.push_str(text);
                pending.push('\n');
                if pending.len() >= 1 << 16 {
                    host::write_stdout(pending, true);
                    pending.clear();
                }
                Ok(())
            }
        }
    }
}

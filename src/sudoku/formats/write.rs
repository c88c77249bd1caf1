//! Writing puzzle files: [`FormatWriter`] streams records in a [`Format`],
//! [`SafeWriter`] puts the file in place only when it is complete. Names
//! are escaped ([`escape_name`]) and CSV is quoted by the `csv` crate, so a
//! written file reads back as exactly the records written.

use std::path::Path;

use super::names::{MAX_NAME, escape_name};
use super::{Format, Record};

/// The collection as text in `format`.
pub fn format_records(records: &[Record], format: Format) -> String {
    let mut out = Vec::new();
    let mut w = FormatWriter::new(&mut out, format);
    for r in records {
        // Writing to memory cannot fail; a name too long is left out of the text.
        let _ = w.push(r);
    }
    let _ = w.finish();
    String::from_utf8(out).unwrap_or_default()
}

/// Writes records one at a time in a format (the streaming half of
/// [`format_records`]), so a large output never sits in memory.
pub struct FormatWriter<W: std::io::Write> {
    out: W,
    format: Format,
    count: usize,
}

impl<W: std::io::Write> FormatWriter<W> {
    /// A writer of `format` into `out`.
    pub fn new(out: W, format: Format) -> Self {
        FormatWriter {
            out,
            format,
            count: 0,
        }
    }

    fn name(&self, r: &Record) -> std::io::Result<String> {
        written_name(r, self.count + 1)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))
    }

    /// One CSV record, quoted as RFC 4180 asks, ended by CR LF.
    fn csv_row(fields: &[&str]) -> std::io::Result<Vec<u8>> {
        let mut row = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .buffer_capacity(512)
            .from_writer(Vec::new());
        row.write_record(fields)?;
        row.into_inner().map_err(|e| e.into_error())
    }

    /// Writes one record (a name too long for the named or CSV form is
    /// refused with [`std::io::ErrorKind::InvalidInput`], nothing written).
    pub fn push(&mut self, r: &Record) -> std::io::Result<()> {
        let mut line = String::new();
        match self.format {
            Format::Lines => {
                line.push_str(&r.grid.line());
                line.push('\n');
            }
            Format::Named => {
                line.push_str(&self.name(r)?);
                line.push('\t');
                line.push_str(&r.grid.line_zeros());
                if let Some(s) = &r.solution {
                    line.push('\t');
                    line.push_str(&s.line_zeros());
                }
                line.push('\n');
            }
            Format::Csv => {
                let name = self.name(r)?;
                let mut bytes = Vec::new();
                if self.count == 0 {
                    bytes = Self::csv_row(&["name", "puzzle", "solution"])?;
                }
                let solution = r.solution.map(|s| s.line_zeros()).unwrap_or_default();
                bytes.extend(Self::csv_row(&[&name, &r.grid.line_zeros(), &solution])?);
                self.count += 1;
                return self.out.write_all(&bytes);
            }
            Format::Json => {
                let item = serde_json::json!({
                    "name": r.name,
                    // 0 means made in memory: no line to name.
                    "line": (r.line > 0).then_some(r.line),
                    "puzzle": r.grid.line(),
                    "solution": r.solution.map(|s| s.line()),
                });
                line.push_str(if self.count == 0 { "[\n" } else { ",\n" });
                let text = serde_json::to_string_pretty(&item).unwrap_or_default();
                for (k, l) in text.lines().enumerate() {
                    if k > 0 {
                        line.push('\n');
                    }
                    line.push_str("  ");
                    line.push_str(l);
                }
            }
        }
        self.count += 1;
        self.out.write_all(line.as_bytes())
    }

    /// Ends the text (the CSV header or JSON brackets of an empty list, the
    /// JSON closing bracket) and hands back the output.
    pub fn finish(mut self) -> std::io::Result<W> {
        match (self.format, self.count) {
            (Format::Csv, 0) => {
                let header = Self::csv_row(&["name", "puzzle", "solution"])?;
                self.out.write_all(&header)?
            }
            (Format::Json, 0) => self.out.write_all(b"[]\n")?,
            (Format::Json, _) => self.out.write_all(b"\n]\n")?,
            _ => {}
        }
        Ok(self.out)
    }
}

/// The escaped name of `r`, puzzle `number` of its file (empty for none),
/// refused when too long to read back.
fn written_name(r: &Record, number: usize) -> Result<String, String> {
    let name = escape_name(r.name.as_deref().unwrap_or(""));
    if name.len() > MAX_NAME {
        return Err(format!(
            "puzzle {number}: its name is {} bytes long once escaped, names are kept to {MAX_NAME}",
            name.len()
        ));
    }
    Ok(name)
}

/// Writes the collection to `path` in `format`, safely: the old file stays
/// whole if the write fails (see [`crate::files`]). A name too long to
/// write is refused before the file is touched.
pub fn write_file(
    path: impl AsRef<Path>,
    records: &[Record],
    format: Format,
) -> Result<(), String> {
    let path = path.as_ref();
    if matches!(format, Format::Named | Format::Csv) {
        for (i, r) in records.iter().enumerate() {
            written_name(r, i + 1).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let mut w = SafeWriter::create(path, format, &[])?;
    for r in records {
        w.push(r)?;
    }
    w.finish()
}

/// A puzzle file being written safely, one record at a time: the target is
/// replaced only by [`SafeWriter::finish`]; a write that would replace one
/// of `inputs` is refused up front.
pub struct SafeWriter {
    path: std::path::PathBuf,
    writer: FormatWriter<crate::files::SafeFile>,
}

impl SafeWriter {
    /// Starts writing `path` in `format`.
    pub fn create(
        path: impl AsRef<Path>,
        format: Format,
        inputs: &[&Path],
    ) -> Result<SafeWriter, String> {
        let path = path.as_ref();
        let file = crate::files::SafeFile::create(path, inputs).map_err(|e| e.to_string())?;
        Ok(SafeWriter {
            path: path.to_path_buf(),
            writer: FormatWriter::new(file, format),
        })
    }

    /// Writes one record.
    pub fn push(&mut self, r: &Record) -> Result<(), String> {
        self.writer.push(r).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidInput => format!("{}: {e}", self.path.display()),
            _ => format!("{}: cannot write: {e}", self.path.display()),
        })
    }

    /// Finishes the file and puts it in place.
    pub fn finish(self) -> Result<(), String> {
        let path = self.path;
        let file = self
            .writer
            .finish()
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        file.commit(&path).map_err(|e| e.to_string())
    }
}

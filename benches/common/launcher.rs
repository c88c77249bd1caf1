//! What `benches/outside.rs` measures and how it asks its launcher (the
//! process it forks at start-up to start the measured runs) for a run: the
//! request and reply as bytes, apart from the pipes, so that the test
//! module `tests/bench_launcher.rs` can check them.
//!
//! A request is a count of words, then the program and its arguments,
//! each a length and bytes (lengths and the count 4-byte little-endian).
//! A reply is one such word of text: `ok CPU WALL PEAK` or `error WHY`.

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;

/// What one finished process cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// User + system CPU seconds of the process and the children it waited for.
    pub cpu: f64,
    /// Wall-clock seconds from start to exit.
    pub wall: f64,
    /// Largest resident set, in bytes.
    pub peak: u64,
}

/// A program and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub program: PathBuf,
    pub args: Vec<OsString>,
}

impl Run {
    pub fn new(program: impl Into<PathBuf>, args: &[&str]) -> Run {
        Run {
            program: program.into(),
            args: args.iter().map(OsString::from).collect(),
        }
    }

    pub fn text(&self) -> String {
        let mut words = vec![self.program.display().to_string()];
        words.extend(self.args.iter().map(|a| a.to_string_lossy().into_owned()));
        words.join(" ")
    }
}

/// The most words a request may hold, and the longest word: a count
/// garbled on the way cannot make the launcher allocate gigabytes.
pub const MAX_WORDS: u32 = 4096;
pub const MAX_WORD: u32 = 1 << 20;

fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(bytes);
}

/// A 4-byte count, `None` at the end of the input.
fn number(input: &mut impl Read) -> Result<Option<u32>, String> {
    let mut n = [0; 4];
    let mut got = 0;
    while got < 4 {
        match input.read(&mut n[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err("the input ends inside a length".to_string()),
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("cannot read: {e}")),
        }
    }
    Ok(Some(u32::from_le_bytes(n)))
}

/// One word: its length, then its bytes.
fn word(input: &mut impl Read) -> Result<Vec<u8>, String> {
    let len = number(input)?.ok_or("the input ends before a word")?;
    if len > MAX_WORD {
        return Err(format!("a word of {len} bytes (at most {MAX_WORD})"));
    }
    let mut bytes = vec![0; len as usize];
    input
        .read_exact(&mut bytes)
        .map_err(|_| format!("the input ends inside a word of {len} bytes"))?;
    Ok(bytes)
}

/// The bytes that ask the launcher to run `run`.
pub fn request(run: &Run) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(1 + run.args.len() as u32).to_le_bytes());
    put(&mut out, run.program.as_os_str().as_bytes());
    for arg in &run.args {
        put(&mut out, arg.as_bytes());
    }
    out
}

/// The next request on `input`: `Ok(None)` when the bench has closed the
/// pipe between requests, an error for a request that cannot be run (no
/// words, too many, a length past its bound, the input ending inside it).
pub fn read_request(input: &mut impl Read) -> Result<Option<Run>, String> {
    let Some(count) = number(input)? else {
        return Ok(None);
    };
    if count == 0 {
        return Err("an empty request".to_string());
    }
    if count > MAX_WORDS {
        return Err(format!("a request of {count} words (at most {MAX_WORDS})"));
    }
    let program = PathBuf::from(OsString::from_vec(word(input)?));
    let mut args = Vec::new();
    for _ in 1..count {
        args.push(OsString::from_vec(word(input)?));
    }
    Ok(Some(Run { program, args }))
}

/// The bytes of the launcher's reply: the run's cost, or why it failed.
pub fn reply(result: &Result<Cost, String>) -> Vec<u8> {
    let text = match result {
        // Rust prints a float with the fewest digits that read back as it.
        Ok(c) => format!("ok {} {} {}", c.cpu, c.wall, c.peak),
        Err(e) => format!("error {e}"),
    };
    let mut out = Vec::new();
    put(&mut out, text.as_bytes());
    out
}

/// The launcher's reply on `input`: the cost, or why there is none (the
/// run failed, the launcher is gone, the reply is not one).
pub fn read_reply(input: &mut impl Read) -> Result<Cost, String> {
    let bytes = match number(input) {
        Ok(Some(len)) if len <= MAX_WORD => {
            let mut bytes = vec![0; len as usize];
            input
                .read_exact(&mut bytes)
                .map_err(|_| "the launcher is gone (a reply cut short)".to_string())?;
            bytes
        }
        Ok(Some(len)) => return Err(format!("not a reply: a length of {len} bytes")),
        Ok(None) | Err(_) => return Err("the launcher is gone".to_string()),
    };
    let text = String::from_utf8_lossy(&bytes);
    if let Some(why) = text.strip_prefix("error ") {
        return Err(why.to_string());
    }
    let figures: Option<(f64, f64, u64)> = text.strip_prefix("ok ").and_then(|rest| {
        let mut words = rest.split(' ');
        let cost = (
            words.next()?.parse().ok()?,
            words.next()?.parse().ok()?,
            words.next()?.parse().ok()?,
        );
        words.next().is_none().then_some(cost)
    });
    match figures {
        Some((cpu, wall, peak)) => Ok(Cost { cpu, wall, peak }),
        None => Err(format!("not a reply: {text:?}")),
    }
}

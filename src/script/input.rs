//! Line input shared by everything that reads stdin: the non-interactive
//! REPL (a piped script) and interactive script functions such as
//! `pentomino("V")`. Sharing one buffered reader means a piped stream can
//! hold a call and, on the following lines, the answers it asks for.

use std::io::{BufRead, Write};
use std::sync::{Mutex, OnceLock};

type Reader = Box<dyn BufRead + Send>;

fn reader() -> &'static Mutex<Reader> {
    static READER: OnceLock<Mutex<Reader>> = OnceLock::new();
    READER.get_or_init(|| Mutex::new(Box::new(std::io::BufReader::new(std::io::stdin()))))
}

/// Read one line from stdin (without its line ending); `None` at end of input.
pub fn next_line() -> Option<String> {
    let mut guard = reader().lock().unwrap_or_else(|p| p.into_inner());
    let mut line = String::new();
    match guard.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            while line.ends_with('\n') || line.ends_with('\r') {
                line.pop();
            }
            Some(line)
        }
    }
}

/// Show `prompt` on stdout, then read a line as [`next_line`] does.
pub fn prompt_line(prompt: &str) -> Option<String> {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{prompt}");
    let _ = out.flush();
    drop(out);
    next_line()
}

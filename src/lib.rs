//! puzzlelab: puzzle solvers you can take apart at a Rhai prompt.
//!
//! Data flows one way: the domain modules (`sudoku`, `pentomino`, `sat`,
//! `similarity`) know nothing of Rhai or terminals; `script` registers their
//! types and functions into a Rhai engine; `repl` and `lab` drive that engine
//! for a person; `main` picks the mode. See ARCHITECTURE.md.

pub mod files;
pub mod monitor;

pub mod pentomino;
pub mod sat;
pub mod similarity;
pub mod sudoku;

pub mod script;

pub mod lab;
pub mod repl;

/// Where the shared puzzle sets live: `$PUZZLELAB_DATA` if set, else
/// `../shared/data` beside the crate. `None` when neither exists; tests that
/// need the data then say so and skip.
pub fn data_dir() -> Option<std::path::PathBuf> {
    if let Some(dir) = std::env::var_os("PUZZLELAB_DATA") {
        let dir = std::path::PathBuf::from(dir);
        if dir.is_dir() {
            return Some(dir);
        }
    }
    let beside = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    beside.is_dir().then_some(beside)
}

/// Where puzzlelab keeps its state (REPL history, lab positions):
/// `$PUZZLELAB_HOME` if set, else `$XDG_STATE_HOME/puzzlelab`, else
/// `~/.local/state/puzzlelab`. Created on demand; `None` if impossible.
/// An empty or relative `PUZZLELAB_HOME` is refused (state is then not
/// kept, with one warning) rather than written into the current folder;
/// an empty or relative `XDG_STATE_HOME` is ignored, as its spec says.
pub fn state_dir() -> Option<std::path::PathBuf> {
    let dir = match choose_state_dir(
        std::env::var_os("PUZZLELAB_HOME"),
        std::env::var_os("XDG_STATE_HOME"),
        std::env::var_os("HOME"),
    ) {
        Ok(dir) => dir,
        Err(why) => {
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED
                .call_once(|| eprintln!("warning: {why}; history and lab positions are not kept"));
            return None;
        }
    };
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// The state folder from the three variables, or why there is none.
fn choose_state_dir(
    home_var: Option<std::ffi::OsString>,
    xdg: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
) -> Result<std::path::PathBuf, String> {
    use std::path::PathBuf;
    if let Some(d) = home_var {
        let d = PathBuf::from(d);
        if d.as_os_str().is_empty() || !d.is_absolute() {
            return Err(format!(
                "PUZZLELAB_HOME={:?} is not an absolute path",
                d.display().to_string()
            ));
        }
        return Ok(d);
    }
    if let Some(d) = xdg.map(PathBuf::from).filter(|d| d.is_absolute()) {
        return Ok(d.join("puzzlelab"));
    }
    match home.map(PathBuf::from).filter(|d| d.is_absolute()) {
        Some(h) => Ok(h.join(".local/state/puzzlelab")),
        None => Err("HOME is not set to an absolute path".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::choose_state_dir;

    #[test]
    fn state_dir_is_never_relative() {
        let os = |s: &str| Some(std::ffi::OsString::from(s));
        let e = choose_state_dir(os(""), None, os("/h")).unwrap_err();
        assert_eq!(e, "PUZZLELAB_HOME=\"\" is not an absolute path");
        assert!(choose_state_dir(os("rel"), None, os("/h")).is_err());
        assert_eq!(
            choose_state_dir(None, os("rel"), os("/h")).unwrap(),
            std::path::Path::new("/h/.local/state/puzzlelab")
        );
        assert_eq!(
            choose_state_dir(None, os("/x"), os("/h")).unwrap(),
            std::path::Path::new("/x/puzzlelab")
        );
        assert!(choose_state_dir(None, os(""), None).is_err());
    }
}

//! `jupyter install --user` writes only under an absolute folder (issue
//! 50, item 7): a relative or empty `HOME`, `XDG_DATA_HOME` or
//! `JUPYTER_DATA_DIR` would put the kernelspec under the current folder,
//! so it is refused naming the variable, as the state folder refuses a
//! relative `PUZZLELAB_HOME`.

#![cfg(feature = "jupyter")]

use std::path::Path;
use std::process::Output;

/// `puzzlelab jupyter install --user` in `dir` with `vars` set and the
/// other two of the three unset.
fn install_user(dir: &Path, vars: &[(&str, &str)]) -> Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"));
    command
        .args(["jupyter", "install", "--user"])
        .current_dir(dir)
        .env("PUZZLELAB_HOME", dir.join(".state"))
        .env_remove("JUPYTER_DATA_DIR")
        .env_remove("XDG_DATA_HOME");
    for (name, value) in vars {
        command.env(name, value);
    }
    command.output().expect("puzzlelab starts")
}

/// Every file under `dir`, but the state folder.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.file_name().is_some_and(|n| n == ".state") {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn a_relative_home_or_data_folder_is_refused() {
    let dir = crate::common::scratch_dir("install-relative");
    let home = dir.join("home");
    let home = home.to_str().unwrap();
    for (vars, refused) in [
        (
            vec![("HOME", "rel")],
            "HOME=\"rel\" is not an absolute path",
        ),
        (vec![("HOME", "")], "HOME=\"\" is not an absolute path"),
        (
            vec![("HOME", home), ("XDG_DATA_HOME", "share")],
            "XDG_DATA_HOME=\"share\" is not an absolute path",
        ),
        (
            vec![("HOME", home), ("JUPYTER_DATA_DIR", "./jd")],
            "JUPYTER_DATA_DIR=\"./jd\" is not an absolute path",
        ),
    ] {
        let out = install_user(&dir, &vars);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{vars:?}: {err}");
        assert!(err.contains(refused), "{vars:?}: {err}");
        assert_eq!(files_under(&dir), Vec::<String>::new(), "{vars:?}");
    }
    // An absolute HOME: the kernelspec goes where Jupyter looks on Linux.
    if cfg!(target_os = "linux") {
        let out = install_user(&dir, &[("HOME", home)]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            Path::new(home)
                .join(".local/share/jupyter/kernels/puzzlelab/kernel.json")
                .is_file()
        );
    }
}

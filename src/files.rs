//! Safe file writes: every file puzzlelab writes goes to a temporary file in
//! the target's folder and is renamed over the target only once it is
//! complete, so a failed write (disk full, file-size limit, an error half way)
//! leaves the old file exactly as it was and no stub behind.
//!
//! The one rule for a target ([`check_target`]), for every write the
//! project makes (puzzle files, DIMACS, SVG, `solve_file`'s output, lab
//! positions, the REPL history):
//!
//! - a path that does not exist yet becomes a new regular file;
//! - an existing regular file is replaced whole, keeping its permission bits
//!   and, where the process may (root, or a group it belongs to), its owner
//!   and group;
//! - a symbolic link to a regular file: the file it points to is replaced,
//!   the link stays;
//! - anything else that exists (a folder, a character or block device such
//!   as `/dev/full` or `/dev/null`, a FIFO, a socket, a link to one of those
//!   or to nothing) is refused before anything is written, with an error
//!   naming the path and what it is. No exceptions: renaming a file over a
//!   device would replace the device node, and writing into one in place
//!   would not be a whole-or-nothing write.
//!
//! A write that would replace one of the operation's own inputs is refused
//! before anything is written: `solve_file("p.txt", #{out: "p.txt"})` must
//! not turn the puzzles into their solutions.
//!
//! Temporary files and folders still being written are listed
//! ([`Temporary`]) so that a process leaving at once (a second Ctrl+C, a
//! stop that was not heard in time) can remove them: [`remove_temporaries`].

use std::fmt;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be written. The target is untouched in every case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteError {
    /// The target as given.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for WriteError {}

/// An error of `tempfile`'s without the ` at path "..."` it adds: that path
/// is the random temporary name, which means nothing to a person.
fn without_path(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.split_once(" at path \"") {
        Some((cause, _)) => cause.to_string(),
        None => text,
    }
}

fn fail(path: &Path, message: impl Into<String>) -> WriteError {
    WriteError {
        // An empty name shows as `""`, so the message still echoes it.
        path: match path.as_os_str().is_empty() {
            true => "\"\"".to_string(),
            false => path.display().to_string(),
        },
        message: message.into(),
    }
}

/// True when `a` and `b` name the same existing file (through links,
/// `./`, `..`, or a second name of one inode).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(ma), Ok(mb)) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                ma.dev() == mb.dev() && ma.ino() == mb.ino()
            }
            #[cfg(not(unix))]
            {
                let _ = (ma, mb);
                match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
                    (Ok(x), Ok(y)) => x == y,
                    _ => false,
                }
            }
        }
        _ => false,
    }
}

/// Refuses a target that is one of `inputs`.
pub fn check_not_input(target: &Path, inputs: &[&Path]) -> Result<(), WriteError> {
    if let Some(input) = inputs.iter().find(|i| same_file(target, i)) {
        return Err(fail(
            target,
            format!(
                "refusing to write over {}, an input of this operation: choose another output file",
                input.display()
            ),
        ));
    }
    Ok(())
}

/// A file being written: bytes go to a hidden temporary file beside the
/// target; [`SafeFile::commit`] renames it into place. Dropped without a
/// commit, the temporary file is removed and the target is untouched.
pub struct SafeFile {
    target: PathBuf,
    writer: BufWriter<tempfile::NamedTempFile>,
    _listed: Temporary,
}

impl SafeFile {
    /// Starts writing `target`, refusing it when it is one of `inputs` or
    /// not a regular file (see [`check_target`]).
    pub fn create(target: impl AsRef<Path>, inputs: &[&Path]) -> Result<SafeFile, WriteError> {
        let given = target.as_ref();
        if given.as_os_str().is_empty() {
            return Err(fail(given, "the file name is empty"));
        }
        check_not_input(given, inputs)?;
        let target = check_target(given)?;
        let folder = match target.path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".puzzlelab-").suffix(".tmp");
        // A new file gets the usual 0666 less the umask, not a temp file's 0600.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(&folder).map_err(|e| {
            fail(
                given,
                format!("cannot write in {}: {}", folder.display(), without_path(&e)),
            )
        })?;
        let listed = Temporary::new(temp.path());
        if let Some(old) = &target.existing {
            keep_owner_and_mode(temp.as_file(), old);
        }
        Ok(SafeFile {
            target: target.path,
            writer: BufWriter::with_capacity(1 << 16, temp),
            _listed: listed,
        })
    }

    /// Renames the finished file into place (after flushing it to disk).
    pub fn commit(self, shown_as: &Path) -> Result<(), WriteError> {
        let temp = self
            .writer
            .into_inner()
            .map_err(|e| fail(shown_as, format!("cannot write: {}", e.error())))?;
        temp.as_file()
            .sync_all()
            .map_err(|e| fail(shown_as, format!("cannot write: {e}")))?;
        // Asked again at the last moment: a device or FIFO put in the
        // target's place while the file was written is not replaced.
        check_target(&self.target).map_err(|e| fail(shown_as, e.message))?;
        temp.persist(&self.target)
            .map_err(|e| fail(shown_as, format!("cannot replace the file: {}", e.error)))?;
        Ok(())
    }
}

/// The check every operation that writes an output makes before its work
/// starts (a rating of an hour must not end refusing a folder): the output
/// `target` is tried exactly as the write will be ([`SafeFile::create`]:
/// a name, not one of `inputs`, a new path or a regular file, a folder
/// that takes a new file) and the trial file removed at once.
pub fn check_output(target: impl AsRef<Path>, inputs: &[&Path]) -> Result<(), WriteError> {
    SafeFile::create(target, inputs).map(drop)
}

/// Where a target's bytes go: the regular file itself (through a link),
/// and what was there before, if anything.
#[derive(Debug)]
pub struct Target {
    /// The path to rename the finished file onto.
    pub path: PathBuf,
    /// The regular file being replaced (`None` for a new file).
    pub existing: Option<std::fs::Metadata>,
}

/// The folder that environment variable `name` (set to `value`) names, for
/// files to be written under (the state folder, a Jupyter kernelspec):
/// only an absolute path. A relative or empty one would be read from
/// wherever the program happens to be started, and the files would land
/// in the current folder; it is refused, naming the variable and value.
pub fn folder_from_env(name: &str, value: &std::ffi::OsStr) -> Result<PathBuf, String> {
    let dir = PathBuf::from(value);
    if dir.is_absolute() {
        Ok(dir)
    } else {
        Err(format!(
            "{name}={:?} is not an absolute path",
            value.to_string_lossy()
        ))
    }
}

/// The write rule (see the module comment): `given` may be written when it
/// does not exist yet or is a regular file, or a link to one. Anything else
/// is refused with the path and what it is.
pub fn check_target(given: &Path) -> Result<Target, WriteError> {
    if given.as_os_str().is_empty() {
        return Err(fail(given, "the file name is empty"));
    }
    let meta = match std::fs::symlink_metadata(given) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Target {
                path: given.to_path_buf(),
                existing: None,
            });
        }
        Err(e) => return Err(fail(given, format!("cannot write: {e}"))),
    };
    if !meta.file_type().is_symlink() {
        return match kind(&meta) {
            None => Ok(Target {
                path: given.to_path_buf(),
                existing: Some(meta),
            }),
            Some(what) => Err(fail(given, format!("is {}", refusal(what)))),
        };
    }
    // A link: the file it points to is written, the link stays.
    let points_to = std::fs::read_link(given)
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "?".into());
    let (real, meta) = match std::fs::canonicalize(given)
        .and_then(|real| std::fs::metadata(&real).map(|m| (real, m)))
    {
        Ok(found) => found,
        Err(_) => {
            return Err(fail(
                given,
                format!(
                    "is a link to {points_to}, which does not exist: puzzlelab writes only regular files, through a link only to an existing one"
                ),
            ));
        }
    };
    match kind(&meta) {
        None => Ok(Target {
            path: real,
            existing: Some(meta),
        }),
        Some(what) => Err(fail(
            given,
            format!("is a link to {points_to}: {}", refusal(what)),
        )),
    }
}

/// What a file that is not a regular file is, in words (`None` for a
/// regular file).
pub fn kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return Some("character device");
        }
        if t.is_block_device() {
            return Some("block device");
        }
        if t.is_fifo() {
            return Some("FIFO (named pipe)");
        }
        if t.is_socket() {
            return Some("socket");
        }
    }
    Some("special file")
}

/// Why a target of kind `what` is refused, after "is ".
fn refusal(what: &str) -> String {
    if what == "folder" {
        // The wording of every other folder error in puzzlelab.
        "a folder, not a file".to_string()
    } else {
        format!(
            "a {what}, not a regular file: puzzlelab writes only regular files, replacing them whole"
        )
    }
}

/// Gives the new file `old`'s owner and group where the process may (a
/// process not root can still give a group it belongs to), then its
/// permission bits (after the owner: changing it clears set-id bits).
fn keep_owner_and_mode(file: &std::fs::File, old: &std::fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
            let _ = std::os::unix::fs::fchown(file, None, Some(old.gid()));
        }
    }
    let _ = file.set_permissions(old.permissions());
}

/// Temporary files and folders being written now (see [`Temporary`]).
static TEMPORARIES: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn temporaries() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary file or folder listed while it exists, so that
/// [`remove_temporaries`] can remove it when the process must leave before
/// its owner is dropped. The owner removes it as usual; this only lists it.
pub struct Temporary {
    path: PathBuf,
}

impl Temporary {
    /// Lists `path` until the returned value is dropped.
    pub fn new(path: &Path) -> Temporary {
        temporaries().push(path.to_path_buf());
        Temporary {
            path: path.to_path_buf(),
        }
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        let mut list = temporaries();
        if let Some(i) = list.iter().rposition(|p| *p == self.path) {
            list.swap_remove(i);
        }
    }
}

/// Removes every listed temporary file and folder: for a process about to
/// leave without unwinding (`std::process::exit`).
pub fn remove_temporaries() {
    remove_listed(|_| true);
}

/// Removes the listed temporaries that `which` picks.
fn remove_listed(which: impl Fn(&Path) -> bool) {
    let mut list = temporaries();
    let (gone, kept): (Vec<PathBuf>, Vec<PathBuf>) = list.drain(..).partition(|p| which(p));
    *list = kept;
    drop(list);
    for path in gone {
        if path.is_dir() {
            let _ = std::fs::remove_dir_all(&path);
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
}

impl Write for SafeFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

/// Writes `bytes` to `target` safely (see [`SafeFile`]).
pub fn write_atomic(
    target: impl AsRef<Path>,
    bytes: &[u8],
    inputs: &[&Path],
) -> Result<(), WriteError> {
    let target = target.as_ref();
    let mut file = SafeFile::create(target, inputs)?;
    file.write_all(bytes)
        .map_err(|e| fail(target, format!("cannot write: {e}")))?;
    file.commit(target)
}

/// An advisory lock between puzzlelab processes on one file (`labs.json`):
/// the operating system's lock (`File::lock`, flock on Unix) on a
/// `NAME.lock` file beside it, held while this value lives. The system
/// drops the lock when its holder exits, however it exits, so there is no
/// staleness to guess; the file itself stays (removing it while another
/// process waits on it would let a third lock a new file).
pub struct Lock {
    _file: std::fs::File,
}

impl Lock {
    /// The lock file's path for `file`: `NAME.lock` beside it.
    pub fn path_for(file: &Path) -> PathBuf {
        let mut name = file.as_os_str().to_owned();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Waits for the lock on `file` (holders keep it for one read and
    /// write); `None` when the lock file cannot be opened or the file
    /// system has no locks, so a caller can go on without it.
    pub fn acquire(file: &Path) -> Option<Lock> {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(Lock::path_for(file))
            .ok()?;
        file.lock().ok()?;
        Some(Lock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".puzzlelab-"))
            .collect()
    }

    #[test]
    fn a_lock_is_exclusive_until_dropped() {
        let d = scratch();
        let f = d.path().join("labs.json");
        // A lock file left by a process that died holds no lock.
        std::fs::write(Lock::path_for(&f), "").unwrap();
        let a = Lock::acquire(&f).unwrap();
        // Another open file description (as another process has) is refused
        // while `a` lives, and gets the lock once it is dropped.
        let other = std::fs::File::options()
            .write(true)
            .open(d.path().join("labs.json.lock"))
            .unwrap();
        assert!(matches!(
            other.try_lock(),
            Err(std::fs::TryLockError::WouldBlock)
        ));
        drop(a);
        other.try_lock().unwrap();
        other.unlock().unwrap();
        assert!(Lock::acquire(&f).is_some());
    }

    #[test]
    fn replaces_whole_and_leaves_no_temp() {
        let d = scratch();
        let p = d.path().join("a.txt");
        std::fs::write(&p, "old").unwrap();
        write_atomic(&p, b"new", &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        assert!(leftovers(d.path()).is_empty());
    }

    #[test]
    fn a_write_that_fails_half_way_keeps_the_old_bytes() {
        let d = scratch();
        let p = d.path().join("a.txt");
        std::fs::write(&p, "old bytes").unwrap();
        {
            let mut f = SafeFile::create(&p, &[]).unwrap();
            f.write_all(b"half of the new").unwrap();
            // Dropped without commit: the operation failed.
        }
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old bytes");
        assert!(leftovers(d.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_not_private_and_an_old_one_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch();
        let p = d.path().join("new.txt");
        write_atomic(&p, b"x", &[]).unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_ne!(mode & 0o044, 0, "{mode:o}");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&p, b"y", &[]).unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    #[test]
    fn refuses_an_input_under_any_name() {
        let d = scratch();
        let p = d.path().join("p.txt");
        std::fs::write(&p, "puzzles").unwrap();
        let other = d.path().join(".").join("p.txt");
        let e = write_atomic(&other, b"x", &[&p]).unwrap_err();
        assert!(e.message.starts_with("refusing to write over"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "puzzles");
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_and_links_to_them_are_targets() {
        let d = scratch();
        let file = d.path().join("f.txt");
        std::fs::write(&file, "x").unwrap();
        let link = d.path().join("l.txt");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let real = std::fs::canonicalize(&file).unwrap();
        assert_eq!(check_target(&link).unwrap().path, real);
        assert!(
            check_target(&d.path().join("new.txt"))
                .unwrap()
                .existing
                .is_none()
        );
        let e = check_target(Path::new("/dev/null")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/null: is a character device, not a regular file: puzzlelab writes only regular files, replacing them whole"
        );
    }

    #[test]
    fn listed_temporaries_are_removed_on_demand() {
        let d = scratch();
        let p = d.path().join("a.txt");
        let f = SafeFile::create(&p, &[]).unwrap();
        assert_eq!(leftovers(d.path()).len(), 1);
        // Only this test's: tests run side by side in one process.
        remove_listed(|t| t.starts_with(d.path()));
        assert!(leftovers(d.path()).is_empty());
        drop(f);
        assert!(!temporaries().iter().any(|t| t.starts_with(d.path())));
    }

    #[test]
    fn a_folder_or_missing_folder_is_a_clear_error() {
        let d = scratch();
        let e = write_atomic(d.path(), b"x", &[]).unwrap_err();
        assert!(e.message.contains("folder"), "{e}");
        let e = write_atomic(d.path().join("no/such/x.txt"), b"x", &[]).unwrap_err();
        assert!(e.message.starts_with("cannot write in"), "{e}");
    }
}

//! The hot-text layout (`src/link/hot-text.ld`, handed to the linker by
//! `build.rs` on Linux): the script is well formed, the binary the tests
//! run was linked with it (it has a `.text.hot` section, before the rest of
//! the code), and the script is not stale: most of its names are functions
//! of that binary, placed in `.text.hot`. Why the layout exists and how to
//! regenerate it: `src/link/hot_text.py`.
//!
//! `PUZZLELAB_LAYOUT_BINARY=target/release/puzzlelab cargo test --test
//! tests layout::` checks another build (the release, which ships) instead.

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

fn script() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/link/hot-text.ld");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The binary checked: the one the tests run, or `PUZZLELAB_LAYOUT_BINARY`.
fn binary() -> PathBuf {
    match std::env::var_os("PUZZLELAB_LAYOUT_BINARY") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(env!("CARGO_BIN_EXE_puzzlelab")),
    }
}

/// Whether the binary checked was linked with the script: the tests' own
/// when `build.rs` handed the script to the linker (Linux, no
/// `PUZZLELAB_PLAIN_LAYOUT`); one named by `PUZZLELAB_LAYOUT_BINARY`
/// always (it was named to be checked).
fn linked_with_script() -> bool {
    let ours = cfg!(target_os = "linux") && option_env!("PUZZLELAB_HOT_TEXT") == Some("1");
    if !ours && std::env::var_os("PUZZLELAB_LAYOUT_BINARY").is_none() {
        eprintln!(
            "skipped: not linked with src/link/hot-text.ld (not Linux, or PUZZLELAB_PLAIN_LAYOUT set)"
        );
        return false;
    }
    true
}

#[test]
fn hot_text_script_is_one_output_section_of_section_names() {
    let text = script();
    let body = text
        .split_once(".text.hot : {")
        .and_then(|(_, rest)| rest.split_once("\n  }\n}\nINSERT BEFORE .text;"))
        .map(|(body, _)| body)
        .expect("one `.text.hot : { ... }` inserted before .text");
    let mut seen = std::collections::HashSet::new();
    let mut lines = 0;
    for line in body.lines().filter(|l| !l.trim().is_empty()) {
        // `*(.text.NAME .text.unlikely.NAME)`, NAME a symbol or a symbol
        // with its hash left to a `*`.
        let inner = line
            .trim()
            .strip_prefix("*(")
            .and_then(|l| l.strip_suffix(')'))
            .unwrap_or_else(|| panic!("not an input section description: {line:?}"));
        let (hot, cold) = inner
            .split_once(' ')
            .unwrap_or_else(|| panic!("two names expected: {line:?}"));
        let name = hot
            .strip_prefix(".text.")
            .unwrap_or_else(|| panic!("{line:?}"));
        assert_eq!(cold, format!(".text.unlikely.{name}"), "{line:?}");
        assert!(
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_graphic() && b != b')'),
            "{line:?}"
        );
        assert!(
            !name.contains('*') || name.ends_with("17h*"),
            "only a legacy hash is left to a wildcard: {line:?}"
        );
        assert!(seen.insert(name.to_string()), "listed twice: {line:?}");
        lines += 1;
    }
    // Start-up alone reaches over a thousand functions (fewer names: one
    // stands for all the copies of a generic function).
    assert!(lines > 500, "only {lines} names");
    for name in [
        "_ZN9puzzlelab4repl11new_session17h*",
        "_ZN9puzzlelab9polyomino7compile7compile17h*",
    ] {
        assert!(seen.contains(name), "{name} is not listed");
    }
}

/// A section of the binary: its name, flags, address and size.
#[derive(Debug)]
struct Section {
    name: String,
    flags: u64,
    address: u64,
    size: u64,
}

/// What the tests read of an ELF file (64-bit, little-endian): its
/// section headers and the functions of its symbol table, each with the
/// index of its section.
struct Elf {
    sections: Vec<Section>,
    functions: Vec<(String, usize)>,
}

fn read_elf(path: &Path) -> Elf {
    let mut file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut read = |at: u64, len: usize| {
        let mut buf = vec![0; len];
        file.seek(SeekFrom::Start(at)).unwrap();
        file.read_exact(&mut buf).unwrap();
        buf
    };
    let head = read(0, 64);
    assert_eq!(
        &head[..6],
        b"\x7fELF\x02\x01",
        "a 64-bit little-endian ELF file"
    );
    let u16_at = |b: &[u8], i: usize| u16::from_le_bytes([b[i], b[i + 1]]) as usize;
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap());
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
    let (shoff, size, count, names) = (
        u64_at(&head, 0x28),
        u16_at(&head, 0x3a),
        u16_at(&head, 0x3c),
        u16_at(&head, 0x3e),
    );
    let table = read(shoff, size * count);
    let header = |i: usize| &table[i * size..][..size];
    // A section's contents: offset at 24, size at 32.
    let mut contents = |h: &[u8]| read(u64_at(h, 24), u64_at(h, 32) as usize);
    let name_at = |strings: &[u8], at: usize| {
        let end = strings[at..].iter().position(|&b| b == 0).unwrap() + at;
        String::from_utf8_lossy(&strings[at..end]).into_owned()
    };
    let strings = contents(header(names));
    let sections: Vec<Section> = (0..count)
        .map(|i| {
            let h = header(i);
            Section {
                name: name_at(&strings, u32_at(h, 0) as usize),
                flags: u64_at(h, 8),
                address: u64_at(h, 16),
                size: u64_at(h, 32),
            }
        })
        .collect();
    // The symbol table (type 2), its names in the section it links to.
    const SYMTAB: u32 = 2;
    const FUNC: u8 = 2;
    let mut functions = Vec::new();
    if let Some(symtab) = (0..count).map(header).find(|h| u32_at(h, 4) == SYMTAB) {
        let names = contents(header(u32_at(symtab, 40) as usize));
        let symbols = contents(symtab);
        for s in symbols.chunks_exact(24) {
            if s[4] & 0xf == FUNC {
                functions.push((name_at(&names, u32_at(s, 0) as usize), u16_at(s, 6)));
            }
        }
    }
    Elf {
        sections,
        functions,
    }
}

#[test]
fn the_binary_is_linked_with_its_hot_text_first() {
    if !linked_with_script() {
        return;
    }
    let elf = read_elf(&binary());
    let find = |name: &str| {
        elf.sections
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("no {name} section in the binary"))
    };
    let (hot, text) = (find(".text.hot"), find(".text"));
    const EXECUTABLE: u64 = 0x4;
    assert!(hot.flags & EXECUTABLE != 0, "{hot:?} is not code");
    // The functions the test build reaches at start-up are in it (tens of
    // KiB at the least), and it comes before the rest of the code.
    assert!(hot.size > 64 * 1024, "{hot:?} holds almost nothing");
    assert!(
        hot.address + hot.size <= text.address,
        "{hot:?} is not before {text:?}"
    );
}

/// The script's names, in its order: a symbol, or a symbol's path with
/// its hash left to a `*` (`_ZN9puzzlelab4repl11new_session17h*`).
fn script_names() -> Vec<String> {
    script()
        .lines()
        .filter_map(|l| l.trim().strip_prefix("*(.text."))
        .filter_map(|l| l.split_once(' '))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// The share of the script's names that must be functions in the
/// binary's `.text.hot`. Fresh, the script has every name there in the
/// release build. It goes stale silently (the linker ignores a name that
/// matches nothing): a compiler or dependency update moves the hashes of
/// the names kept whole (230 of 883 when this test was written), a
/// change of symbol mangling (Rust's v0, `_R...`) would match none of the
/// Rust names, and renamed functions drop out.
const FRESH: f64 = 0.8;

/// A name kept whole with its hash (`...17h0123456789abcdefE`): the hash
/// is the profile's too, so only a release build has it.
fn pinned(name: &str) -> bool {
    !name.ends_with('*')
        && name.split("17h").skip(1).any(|rest| {
            rest.len() >= 17
                && rest.as_bytes()[16] == b'E'
                && rest[..16].bytes().all(|b| b.is_ascii_hexdigit())
        })
}

#[test]
fn most_of_the_scripts_names_are_in_the_hot_text() {
    if !linked_with_script() {
        return;
    }
    // The test build (opt-level 1) holds none of the pinned names and
    // inlines other functions than the release: about 90% of the other
    // names of a script fresh for the release are in its `.text.hot`.
    let release = !cfg!(debug_assertions) || std::env::var_os("PUZZLELAB_LAYOUT_BINARY").is_some();
    let elf = read_elf(&binary());
    let hot = elf
        .sections
        .iter()
        .position(|s| s.name == ".text.hot")
        .expect("no .text.hot section in the binary");
    let mut placed: Vec<&str> = elf
        .functions
        .iter()
        .filter(|f| f.1 == hot)
        .map(|f| f.0.as_str())
        .collect();
    placed.sort_unstable();
    let is_placed = |name: &str| match name.strip_suffix('*') {
        Some(prefix) => {
            let at = placed.partition_point(|f| *f < prefix);
            placed.get(at).is_some_and(|f| f.starts_with(prefix))
        }
        None => placed.binary_search(&name).is_ok(),
    };
    let names: Vec<String> = script_names()
        .into_iter()
        .filter(|n| release || !pinned(n))
        .collect();
    let which = if release { "" } else { " not pinned to a hash" };
    let missing: Vec<&String> = names.iter().filter(|n| !is_placed(n)).collect();
    let share = 1.0 - missing.len() as f64 / names.len().max(1) as f64;
    eprintln!(
        "{}: {} of the {} names{which} of src/link/hot-text.ld in .text.hot ({:.1}%)",
        binary().display(),
        names.len() - missing.len(),
        names.len(),
        100.0 * share
    );
    assert!(
        share >= FRESH,
        "src/link/hot-text.ld is stale: only {} of its {} names{which} ({:.1}%, under \
         {:.0}%) are functions in the .text.hot of {}; regenerate it with `python3 \
         src/link/hot_text.py` (it says what the layout buys; drop the layout if that is \
         nothing). Missing, the first: {:?}",
        names.len() - missing.len(),
        names.len(),
        100.0 * share,
        100.0 * FRESH,
        binary().display(),
        &missing[..missing.len().min(5)]
    );
}

#[test]
fn the_staleness_check_reads_the_names_as_the_linker_does() {
    let names = script_names();
    assert!(names.len() > 500, "only {} names", names.len());
    assert_eq!(names.len(), script().matches("*(.text.").count());
    assert!(
        names
            .iter()
            .any(|n| n == "_ZN9puzzlelab4repl11new_session17h*")
    );
    assert!(pinned(
        "_ZN4core3ptr10drop_in_place17h0123456789abcdefE.llvm.42"
    ));
    assert!(!pinned("_ZN9puzzlelab4repl11new_session17h*"));
    assert!(!pinned("mi_heap_main_init.part.0"));
    assert!(names.iter().filter(|n| pinned(n)).count() > 100);
}

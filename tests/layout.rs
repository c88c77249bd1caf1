//! The hot-text layout (`src/link/hot-text.ld`, handed to the linker by
//! `build.rs` on Linux): the script is well formed, and the binary the
//! tests run was linked with it (it has a `.text.hot` section, before the
//! rest of the code). Why the layout exists: `src/link/hot_text.py`.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

fn script() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/link/hot-text.ld");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
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

/// The binary's sections: (name, flags, address, size), from its ELF
/// section headers (64-bit, little-endian).
fn sections(path: &Path) -> Vec<(String, u64, u64, u64)> {
    let mut file = std::fs::File::open(path).unwrap();
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
    let strtab = header(names);
    let strings = read(u64_at(strtab, 24), u64_at(strtab, 32) as usize);
    (0..count)
        .map(|i| {
            let h = header(i);
            let at = u32_at(h, 0) as usize;
            let end = strings[at..].iter().position(|&b| b == 0).unwrap() + at;
            let name = String::from_utf8_lossy(&strings[at..end]).into_owned();
            (name, u64_at(h, 8), u64_at(h, 16), u64_at(h, 32))
        })
        .collect()
}

#[test]
fn the_binary_is_linked_with_its_hot_text_first() {
    if !cfg!(target_os = "linux") || option_env!("PUZZLELAB_HOT_TEXT") != Some("1") {
        eprintln!(
            "skipped: not linked with src/link/hot-text.ld (not Linux, or PUZZLELAB_PLAIN_LAYOUT set)"
        );
        return;
    }
    let all = sections(Path::new(env!("CARGO_BIN_EXE_puzzlelab")));
    let find = |name: &str| {
        all.iter()
            .find(|s| s.0 == name)
            .unwrap_or_else(|| panic!("no {name} section in the binary"))
    };
    let (hot, text) = (find(".text.hot"), find(".text"));
    const EXECUTABLE: u64 = 0x4;
    assert!(hot.1 & EXECUTABLE != 0, "{hot:?} is not code");
    // The functions the test build reaches at start-up are in it (tens of
    // KiB at the least), and it comes before the rest of the code.
    assert!(hot.3 > 64 * 1024, "{hot:?} holds almost nothing");
    assert!(hot.2 + hot.3 <= text.2, "{hot:?} is not before {text:?}");
}

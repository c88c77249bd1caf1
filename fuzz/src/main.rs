//! A small mutation fuzzer for puzzlelab's parsers, on stable Rust.
//!
//! `puzzlelab-fuzz TARGET SECONDS [SEED]` mutates seed inputs (taken from
//! the repository's labs, scripts and tests, plus a few built in) and feeds
//! them to TARGET for SECONDS, catching panics. An input that gives an
//! outcome not seen before (a new error message shape) joins the corpus,
//! a cheap stand-in for coverage feedback. Panicking inputs are written to
//! `crashes/TARGET/`. `--list` names the targets.

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use puzzlelab::monitor::Silent;
use puzzlelab::pentomino;
use puzzlelab::polyomino;
use puzzlelab::sat;
use puzzlelab::similarity;
use puzzlelab::sudoku::{self, formats};

/// A target takes bytes and returns a short description of the outcome.
type Target = fn(&[u8]) -> String;

const TARGETS: &[(&str, Target, &[&str])] = &[
    ("grid", grid, &["tests", "labs", "scripts"]),
    ("puzzle_formats", puzzle_formats, &["tests", "scripts"]),
    (
        "similarity_reader",
        similarity_reader,
        &["tests", "scripts"],
    ),
    ("dimacs", dimacs, &["tests", "labs"]),
    ("solver_answer", solver_answer, &["tests", "labs"]),
    ("lab_format", lab_format, &["labs"]),
    ("text_file", text_file, &["labs", "scripts"]),
    ("region", region, &["labs", "tests"]),
    ("shape", shape, &["labs", "tests"]),
    ("piece_list", piece_list, &["labs", "tests"]),
    ("sat_board", sat_board, &["labs", "tests"]),
    ("chunk_complete", chunk_complete, &["scripts", "labs"]),
    ("session_answers", session_answers, &["tests"]),
    ("canon", canon, &["tests", "scripts"]),
    ("packing", packing, &["labs", "tests"]),
];

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The outcome's shape: Ok, or the error with digits dropped, so that
/// "line 3" and "line 4" count as one outcome.
fn shape_of<T, E: std::fmt::Display>(r: Result<T, E>) -> String {
    match r {
        Ok(_) => "ok".into(),
        Err(e) => e
            .to_string()
            .chars()
            .filter(|c| !c.is_ascii_digit())
            .take(40)
            .collect(),
    }
}

fn grid(b: &[u8]) -> String {
    shape_of(sudoku::Grid::parse(&text(b)))
}

fn puzzle_formats(b: &[u8]) -> String {
    let c = formats::parse_bytes(b, "f");
    // Written in the named and CSV forms, the records read back exactly
    // (names, puzzles, solutions; the lines are those of the new text).
    for format in [formats::Format::Named, formats::Format::Csv] {
        let back = formats::format_records(&c.records, format);
        let again = formats::parse_text(&back, "g");
        let kept = |r: &formats::Record| (r.name.clone(), r.grid, r.solution);
        assert_eq!(
            again.records.iter().map(kept).collect::<Vec<_>>(),
            c.records.iter().map(kept).collect::<Vec<_>>(),
            "{format:?} round trip changed the records"
        );
    }
    let first = c.errors.first().map(|e| e.to_string()).unwrap_or_default();
    format!(
        "{} {}",
        c.records.len().min(3),
        shape_of::<(), _>(Err(first))
    )
}

fn similarity_reader(b: &[u8]) -> String {
    let r = similarity::parse_text("s", &text(b));
    if let Ok(src) = &r {
        let report = similarity::find_similar_bounded(std::slice::from_ref(src), 10_000, &Silent);
        if let Ok(report) = report {
            let _ = similarity::render(&report, similarity::ReportOptions::default());
        }
    }
    shape_of(r)
}

fn dimacs(b: &[u8]) -> String {
    // The bytes as a file gives them: bad bytes and long lines included.
    let r = match sat::dimacs::read_dimacs_from(b, &Silent) {
        Ok(sat::Reading::Read(cnf)) => Ok(cnf),
        Ok(sat::Reading::Stopped { .. }) => panic!("a silent monitor stopped"),
        Err(e) => Err(e),
    };
    if let Ok(cnf) = &r {
        let again = sat::read_dimacs(&sat::to_dimacs(cnf));
        assert!(again.is_ok(), "written DIMACS not read back");
    }
    shape_of(r)
}

fn solver_answer(b: &[u8]) -> String {
    let r = sat::read_answer(&text(b));
    if let Ok(a) = &r {
        return shape_of(sat::answer_board(a, None));
    }
    shape_of(r)
}

/// A script or lab file's bytes as text: a BOM dropped, a bad byte placed.
fn text_file(b: &[u8]) -> String {
    let r = puzzlelab::reading::decode_text(b.to_vec(), "f");
    if let Ok(t) = &r {
        let without = b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b);
        assert_eq!(t.as_bytes(), without, "text changed");
    }
    shape_of(r)
}

fn lab_format(b: &[u8]) -> String {
    shape_of(puzzlelab::lab::format::parse("f", "f.lab", &text(b)))
}

fn region(b: &[u8]) -> String {
    let r = polyomino::Region::parse(&text(b));
    if let Ok(reg) = &r {
        let _ = reg.symmetries();
        let _ = reg.trimmed();
    }
    shape_of(r)
}

fn shape(b: &[u8]) -> String {
    let t = text(b);
    let a = shape_of(pentomino::BitBoard::parse_shape(&t));
    let c = shape_of(pentomino::CharBoard::parse(&t));
    let p = shape_of(polyomino::parse_shape(&t));
    format!("{a}|{c}|{p}")
}

fn piece_list(b: &[u8]) -> String {
    let t = text(b);
    let a = shape_of(polyomino::pieces_from_text(&t));
    let l = shape_of(polyomino::from_letters(&t));
    format!("{a}|{l}")
}

/// The canonical form of any 81 cells (digits from the bytes, anything
/// else empty; duplicates allowed): its witness gives it, and a moved copy
/// (a transform seeded by the bytes) has the same form.
fn canon(b: &[u8]) -> String {
    let mut cells = [0u8; 81];
    for (c, &x) in cells.iter_mut().zip(b) {
        if x.is_ascii_digit() {
            *c = x - b'0';
        }
    }
    let g = sudoku::Grid::from_cells(cells);
    let mut c = similarity::Canonicalizer::new();
    let (form, t) = c.canon_with_transform(&g);
    assert_eq!(t.apply(&g), form, "the witness does not give the form");
    assert_eq!(c.canon(&g), form, "canon and canon_with_transform differ");
    let seed = b.iter().fold(0x51u64, |h, &x| {
        h.wrapping_mul(31).wrapping_add(u64::from(x))
    });
    let moved = similarity::Transform::random(&mut Rng::seeded(seed).0).apply(&g);
    assert_eq!(c.canon(&moved), form, "a moved copy has another form");
    let clues = form.cells().iter().filter(|&&v| v != 0).count();
    format!("{clues}")
}

/// A small board (at most 24 cells) packed with copies of one small piece
/// (chosen by the first byte): both branching rules give the same raw and
/// unique counts.
fn packing(b: &[u8]) -> String {
    let Some((&pick, rest)) = b.split_first() else {
        return "empty".into();
    };
    let Ok(region) = polyomino::Region::parse(&text(rest)) else {
        return "no board".into();
    };
    let area = region.area();
    let piece = match pick % 4 {
        0 => polyomino::Piece::new("d", 'd', &[(0, 0), (0, 1)]),
        1 => polyomino::Piece::new("v", 'v', &[(0, 0), (1, 0), (1, 1)]),
        2 => polyomino::square(),
        _ => polyomino::piece_by_name("L4").expect("L4"),
    };
    if area > 24 || area == 0 || !area.is_multiple_of(piece.size()) {
        return format!("area {}", area.min(25));
    }
    let copies = area / piece.size();
    let pieces = vec![piece; copies];
    let mut counts = Vec::new();
    for raw in [true, false] {
        for tight in [false, true] {
            let options = polyomino::Options {
                raw,
                tight: Some(tight),
                threads: Some(1),
                ..polyomino::Options::default()
            };
            let out = polyomino::solve(&region, &pieces, &options, &Silent);
            counts.push(out.map(|o| o.count).map_err(|e| e.to_string()));
        }
    }
    assert_eq!(counts[0], counts[1], "raw counts differ by branching rule");
    assert_eq!(
        counts[2], counts[3],
        "unique counts differ by branching rule"
    );
    format!("{} {:?}", pick % 4, counts[0].as_ref().map(|&n| n.min(3)))
}

fn sat_board(b: &[u8]) -> String {
    let r = sat::SudokuBoard::parse(&text(b));
    if let Ok(board) = &r {
        let _ = sat::encode(board);
    }
    shape_of(r)
}

thread_local! {
    static IN_TARGET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static PARSER: rhai::Engine = puzzlelab::script::complete::parser();
}

fn chunk_complete(b: &[u8]) -> String {
    let t = text(b);
    PARSER.with(|p| {
        let _ = puzzlelab::script::complete::missing(p, &t);
        puzzlelab::script::complete::is_incomplete(p, &t).to_string()
    })
}

fn session_answers(b: &[u8]) -> String {
    let t = text(b);
    let mut lines = t.lines();
    let letter = lines.next().and_then(|l| l.chars().next()).unwrap_or('V');
    let Ok((mut placing, _)) = pentomino::session::Placing::start(letter) else {
        return "no start".into();
    };
    let mut last = String::new();
    for line in lines.take(200) {
        if placing.is_finished() {
            break;
        }
        for e in placing.answer(line, None, &Silent) {
            if let pentomino::session::Event::Error(m) = e {
                last = m;
            }
        }
    }
    shape_of::<(), _>(Err(last))
}

/// Splits seed files into inputs: whole files, and each line (most
/// parsers take one item; labs and scripts are also whole inputs).
fn seeds(repo: &Path, folders: &[&str]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .to_vec(),
        b"p cnf 3 2\n1 -2 0\n2 3 0\n".to_vec(),
        b"s SATISFIABLE\nv 1 -2 3 0\n".to_vec(),
        b"SAT\n1 -2 3 0\n".to_vec(),
        b"XXXX\nX..X\nXXXX\n".to_vec(),
        b"V\n1\n\nu\nT\n3\n\nn\n".to_vec(),
        b"1..4 .4.. ..3. 3..1".to_vec(),
        b"let a = [1, 2];\nfor x in a {\n".to_vec(),
    ];
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(repo.join(folder)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Ok(bytes) = std::fs::read(&p) else {
                continue;
            };
            if bytes.len() > 200_000 {
                continue;
            }
            for chunk in bytes
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .take(400)
            {
                out.push(chunk.to_vec());
            }
            out.push(bytes);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The library's one random generator (seeded ChaCha8 from `rand`), with
/// the two draws the mutator needs.
struct Rng(rand::rngs::ChaCha8Rng);

impl Rng {
    fn seeded(seed: u64) -> Rng {
        Rng(rand::SeedableRng::seed_from_u64(seed))
    }
    fn next(&mut self) -> u64 {
        rand::Rng::next_u64(&mut self.0)
    }
    /// A number in `0..n`; 0 when `n` is 0 (an empty input or corpus).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            rand::RngExt::random_range(&mut self.0, 0..n as u64) as usize
        }
    }
}

const TOKENS: &[&[u8]] = &[
    b"\n",
    b"\r",
    b"\r\n",
    b"\t",
    b",",
    b" ",
    b"0",
    b"-",
    b".",
    b"#",
    b"\xEF\xBB\xBF",
    b"\xFF",
    b"\xC3",
    b"9999999999999999999999",
    b"-2147483648",
    b"p cnf ",
    b" 0\n",
    b"s ",
    b"v ",
    b"SAT",
    b"UNSAT",
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b"\"",
    b"`",
    b"/*",
    b"*/",
    b"//",
    b"```",
    b"Lab ",
    b"## ",
    b"X",
    b"O",
    b"\xE2\x96\xA0",
    b"\\",
    b"a",
    b"Z",
    b"u",
    b"n",
    b"h",
];

fn mutate(rng: &mut Rng, input: &mut Vec<u8>, corpus: &[Vec<u8>]) {
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = input.len();
        match rng.below(8) {
            0 if len > 0 => {
                let i = rng.below(len);
                input[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(len + 1);
                input.insert(i, rng.next() as u8);
            }
            2 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(16));
                input.drain(i..i + n);
            }
            3 if len > 0 => {
                // Repeat a piece: long lines, deep nesting.
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                let piece = input[i..i + n].to_vec();
                let most = if rng.below(16) == 0 { 2000 } else { 8 };
                let times = 1 + rng.below(most);
                for _ in 0..times {
                    input.splice(i..i, piece.iter().copied());
                    if input.len() > 1 << 20 {
                        break;
                    }
                }
            }
            4 | 5 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                let i = rng.below(len + 1);
                input.splice(i..i, t.iter().copied());
            }
            6 if !corpus.is_empty() => {
                // Splice with another input.
                let other = &corpus[rng.below(corpus.len())];
                let i = rng.below(len + 1);
                let j = rng.below(other.len() + 1);
                input.truncate(i);
                input.extend_from_slice(&other[j..]);
            }
            _ if len > 0 => {
                let i = rng.below(len);
                const BYTES: &[u8] = b"0123456789.XO \n\t,-";
                input[i] = BYTES[rng.below(BYTES.len())];
            }
            _ => input.push(rng.next() as u8),
        }
    }
    input.truncate(1 << 20);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--list") {
        for (name, ..) in TARGETS {
            println!("{name}");
        }
        return;
    }
    // `TARGET --replay FILE...`: run saved inputs once each, timed.
    if args.get(2).map(String::as_str) == Some("--replay") {
        let Some(&(_, target, _)) = TARGETS
            .iter()
            .find(|(n, ..)| Some(n) == args.get(1).map(|s| s.as_str()).as_ref())
        else {
            eprintln!("unknown target: see --list");
            std::process::exit(2);
        };
        for file in &args[3..] {
            let input = std::fs::read(file).unwrap_or_default();
            let t0 = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| target(&input)));
            println!(
                "{file}: {} bytes, {:.3}s, {}",
                input.len(),
                t0.elapsed().as_secs_f64(),
                if outcome.is_ok() { "ok" } else { "PANIC" }
            );
        }
        return;
    }
    let (Some(name), Some(secs)) = (args.get(1), args.get(2).and_then(|s| s.parse::<u64>().ok()))
    else {
        eprintln!("usage: puzzlelab-fuzz TARGET SECONDS [SEED] | --list");
        std::process::exit(2);
    };
    let Some(&(_, target, folders)) = TARGETS.iter().find(|(n, ..)| n == name) else {
        eprintln!("unknown target {name:?}: see --list");
        std::process::exit(2);
    };
    let seed = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut corpus = seeds(&repo, folders);
    let crash_dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crashes")
        .join(name);
    // Panics inside targets are counted, not printed; one outside them
    // (a driver bug) still shows.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_TARGET.with(|c| c.get()) {
            default_hook(info);
        }
    }));
    let mut seen: HashSet<String> = HashSet::new();
    let mut rng = Rng::seeded(seed);
    let (mut runs, mut panics, mut slow) = (0u64, 0u64, 0u64);
    let mut panic_messages: HashSet<String> = HashSet::new();
    let start = Instant::now();
    let deadline = Duration::from_secs(secs);
    // Seeds first, unmutated.
    let mut queue: Vec<Vec<u8>> = corpus.clone();
    while start.elapsed() < deadline {
        let input = match queue.pop() {
            Some(i) => i,
            None => {
                let mut i = corpus[rng.below(corpus.len())].clone();
                mutate(&mut rng, &mut i, &corpus);
                i
            }
        };
        let t0 = Instant::now();
        IN_TARGET.with(|c| c.set(true));
        let outcome = catch_unwind(AssertUnwindSafe(|| target(&input)));
        IN_TARGET.with(|c| c.set(false));
        runs += 1;
        if t0.elapsed() > Duration::from_secs(2) {
            slow += 1;
            let _ = std::fs::create_dir_all(&crash_dir);
            let _ = std::fs::write(crash_dir.join(format!("slow-{runs}")), &input);
        }
        match outcome {
            Ok(shape) => {
                // Bounded: messages that quote the input would otherwise
                // make every input "new".
                if seen.len() < 200_000
                    && seen.insert(shape)
                    && input.len() < 100_000
                    && corpus.len() < 20_000
                {
                    corpus.push(input);
                }
            }
            Err(p) => {
                panics += 1;
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                if panic_messages.insert(msg.clone()) {
                    eprintln!(
                        "{name}: PANIC {msg:?} on {:?}",
                        text(&input[..input.len().min(200)])
                    );
                    let _ = std::fs::create_dir_all(&crash_dir);
                    let _ = std::fs::write(crash_dir.join(format!("panic-{runs}")), &input);
                }
            }
        }
    }
    println!(
        "{name}: {runs} inputs in {}s, corpus {}, outcomes {}, panics {panics} ({} distinct), slow (>2s) {slow}",
        start.elapsed().as_secs(),
        corpus.len(),
        seen.len(),
        panic_messages.len()
    );
    if panics > 0 {
        std::process::exit(1);
    }
}

//! The request protocol between `benches/outside.rs` and its launcher
//! (issue 54, item 8): what the bench sends reads back as the same run,
//! a cost reads back as the same figures, and a bad request or a reply
//! cut short is an error that says what was wrong, never a run or a cost.

use std::ffi::OsString;
use std::io::Cursor;
use std::os::unix::ffi::OsStringExt;

#[path = "../benches/common/launcher.rs"]
mod protocol;

use protocol::{Cost, MAX_WORDS, Run, read_reply, read_request, reply, request};

fn read_one(bytes: &[u8]) -> Result<Option<Run>, String> {
    read_request(&mut Cursor::new(bytes))
}

#[test]
fn requests_read_back_as_sent() {
    let runs = [
        Run::new("/bin/true", &[]),
        Run::new(
            "puzzlelab",
            &["-q", "-e", "count_polyomino(rect(6, 10), \"pentominoes\")"],
        ),
        // An empty argument, spaces, and bytes that are not UTF-8.
        Run {
            program: "/opt/peer with space/tdoku".into(),
            args: vec![
                OsString::new(),
                OsString::from_vec(vec![0xff, 0xfe, b'x']),
                "a b".into(),
            ],
        },
    ];
    // Several requests on one stream, then the end between requests.
    let mut stream = Vec::new();
    for run in &runs {
        stream.extend(request(run));
    }
    let mut input = Cursor::new(stream);
    for run in &runs {
        assert_eq!(read_request(&mut input).unwrap().as_ref(), Some(run));
    }
    assert_eq!(read_request(&mut input), Ok(None));
    assert_eq!(
        runs[1].text(),
        "puzzlelab -q -e count_polyomino(rect(6, 10), \"pentominoes\")"
    );
    // The bytes are the documented ones: a count, then length and bytes.
    assert_eq!(
        request(&Run::new("ab", &["c"])),
        [2, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 1, 0, 0, 0, b'c']
    );
}

#[test]
fn bad_requests_are_errors() {
    assert_eq!(read_one(&[0, 0, 0, 0]), Err("an empty request".to_string()));
    assert_eq!(
        read_one(&(MAX_WORDS + 1).to_le_bytes()),
        Err(format!(
            "a request of {} words (at most {MAX_WORDS})",
            MAX_WORDS + 1
        ))
    );
    // A word's length far past the bound: refused before any allocation.
    let mut huge = 1u32.to_le_bytes().to_vec();
    huge.extend(u32::MAX.to_le_bytes());
    assert_eq!(
        read_one(&huge),
        Err(format!("a word of {} bytes (at most 1048576)", u32::MAX))
    );
    // Cut short: inside the count, before a word, inside a length, inside
    // a word.
    let whole = request(&Run::new("/bin/echo", &["hello"]));
    assert_eq!(
        read_one(&whole[..2]),
        Err("the input ends inside a length".to_string())
    );
    assert_eq!(
        read_one(&whole[..4]),
        Err("the input ends before a word".to_string())
    );
    assert_eq!(
        read_one(&whole[..6]),
        Err("the input ends inside a length".to_string())
    );
    assert_eq!(
        read_one(&whole[..whole.len() - 1]),
        Err("the input ends inside a word of 5 bytes".to_string())
    );
    assert!(read_one(&whole).unwrap().is_some());
}

#[test]
fn replies_read_back_as_sent() {
    let costs = [
        Cost {
            cpu: 0.0,
            wall: 0.0,
            peak: 0,
        },
        Cost {
            cpu: 0.1 + 0.2,
            wall: 1e-7,
            peak: 3 << 20,
        },
        // A peak above 2^53 bytes reads back whole, as an integer.
        Cost {
            cpu: 12345.678901234567,
            wall: 9.5,
            peak: (1 << 60) + 1,
        },
    ];
    for cost in costs {
        assert_eq!(read_reply(&mut Cursor::new(reply(&Ok(cost)))), Ok(cost));
    }
    let failed = Err("/bin/false failed (256): ".to_string());
    assert_eq!(read_reply(&mut Cursor::new(reply(&failed))), failed);
}

#[test]
fn bad_replies_are_errors() {
    let gone = Err("the launcher is gone".to_string());
    assert_eq!(read_reply(&mut Cursor::new(Vec::new())), gone);
    assert_eq!(read_reply(&mut Cursor::new(vec![7, 0])), gone);
    let whole = reply(&Ok(Cost {
        cpu: 1.5,
        wall: 2.0,
        peak: 10,
    }));
    assert_eq!(
        read_reply(&mut Cursor::new(&whole[..whole.len() - 1])),
        Err("the launcher is gone (a reply cut short)".to_string())
    );
    let text = |t: &str| {
        let mut out = (t.len() as u32).to_le_bytes().to_vec();
        out.extend(t.as_bytes());
        read_reply(&mut Cursor::new(out))
    };
    // Figures missing, one too many, not numbers, a fractional peak.
    for bad in [
        "ok 1 2",
        "ok 1 2 3 4",
        "ok a b c",
        "ok 1 2 3.5",
        "fine 1 2 3",
        "",
    ] {
        assert_eq!(text(bad), Err(format!("not a reply: {bad:?}")), "{bad}");
    }
}

//! A small board (the text after the first byte, at most 24 cells) packed
//! with copies of one small piece (the first byte picks it): both branching
//! rules give the same raw and unique counts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::monitor::Silent;
use puzzlelab::polyomino;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(region) = polyomino::Region::parse(&puzzlelab_fuzz::text(rest)) else {
        return;
    };
    let area = region.area();
    let piece = match pick % 4 {
        0 => polyomino::Piece::new("d", 'd', &[(0, 0), (0, 1)]),
        1 => polyomino::Piece::new("v", 'v', &[(0, 0), (1, 0), (1, 1)]),
        2 => polyomino::square(),
        _ => polyomino::piece_by_name("L4").expect("L4 is a piece"),
    };
    if area > 24 || area == 0 || !area.is_multiple_of(piece.size()) {
        return;
    }
    let pieces = vec![piece.clone(); area / piece.size()];
    let mut counts = Vec::new();
    for raw in [true, false] {
        for tight in [false, true] {
            let options = polyomino::Options {
                raw,
                tight: Some(tight),
                threads: Some(1),
                ..polyomino::Options::default()
            };
            let outcome = polyomino::solve(&region, &pieces, &options, &Silent);
            counts.push(outcome.map(|o| o.count).map_err(|e| e.to_string()));
        }
    }
    assert_eq!(counts[0], counts[1], "raw counts differ by branching rule");
    assert_eq!(
        counts[2], counts[3],
        "unique counts differ by branching rule"
    );
});

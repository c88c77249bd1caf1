//! Polycube text: a box drawn by layers (`Space::parse`: `.` cells, `#`
//! holes, `/` rows, `|` layers) and solid pieces (`solids_from_text`,
//! `solids_from_item`: names, sets, drawings by layers). A NUL byte, if
//! any, splits the box's text from the pieces'. A small box whose volume
//! the pieces fill exactly is packed (at most 0.5 s).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::polyomino::{self, Space, space};

fuzz_target!(|data: &[u8]| {
    let (box_bytes, piece_bytes) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, data),
    };
    let box_text = puzzlelab_fuzz::text(box_bytes);
    let piece_text = puzzlelab_fuzz::text(piece_bytes);
    let space = Space::parse(&box_text);
    if let Ok(space) = &space {
        let _ = space.symmetries();
        let _ = space.cells();
    }
    let mut pieces = Vec::new();
    for solids in [
        space::solids_from_text(&piece_text),
        space::solids_from_item(&piece_text, 1),
    ] {
        if let Ok(solids) = solids {
            for solid in &solids {
                let _ = solid.drawing();
                let _ = space::solid_orientations(&solid.cells);
            }
            pieces = solids;
        }
    }
    let Ok(space) = space else {
        return;
    };
    let cells: usize = pieces.iter().map(|p| p.cells.len()).sum();
    if pieces.is_empty() || pieces.len() > 8 || cells != space.volume() || cells > 24 {
        return;
    }
    let host = puzzlelab_fuzz::FuzzHost::new(Vec::new());
    let monitor = puzzlelab::script::host::monitor_of(&host);
    let options = polyomino::Options {
        threads: Some(1),
        ..polyomino::Options::default()
    };
    let _ = polyomino::solve_solid(&space, &pieces, &options, &*monitor);
});

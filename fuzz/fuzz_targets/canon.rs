//! The canonical form of any 81 cells (digits from the bytes, anything else
//! empty; duplicates allowed): its witness transform gives it, `canon`
//! agrees, and a copy moved by a transform seeded from the bytes has the
//! same form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::similarity;
use puzzlelab::sudoku::Grid;

fuzz_target!(|data: &[u8]| {
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(data) {
        if byte.is_ascii_digit() {
            *cell = byte - b'0';
        }
    }
    let grid = Grid::from_cells(cells);
    let mut canonicalizer = similarity::Canonicalizer::new();
    let (form, transform) = canonicalizer.canon_with_transform(&grid);
    assert_eq!(
        transform.apply(&grid),
        form,
        "the witness does not give the form"
    );
    assert_eq!(
        canonicalizer.canon(&grid),
        form,
        "canon and canon_with_transform differ"
    );
    let seed = data.iter().fold(0x51u64, |h, &x| {
        h.wrapping_mul(31).wrapping_add(u64::from(x))
    });
    let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let moved = similarity::Transform::random(&mut rng).apply(&grid);
    assert_eq!(
        canonicalizer.canon(&moved),
        form,
        "a moved copy has another form"
    );
});

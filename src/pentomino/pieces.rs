//! The twelve pentominoes as the source's listing defines them (`F_0` ..
//! `Z_0`), their orientations (`pen`) and their placements at the top-left
//! of the 6×10 frame (`p_data`).

use super::{BitBoard, PentominoError, Shape};

/// Rows of the source's frame.
pub const FRAME_ROWS: usize = 6;
/// Columns of the source's frame.
pub const FRAME_COLS: usize = 10;

/// The piece letters, in the listing's order.
pub const LETTERS: [char; 12] = ['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'];

/// (letter, rows, cols, values) as the listing writes `rows cols $ values`.
/// Y's listing has 10 values for 8 cells; J's `$` takes the first 8.
const DATA: [(char, usize, usize, &[u8]); 12] = [
    ('F', 3, 3, &[0, 1, 1, 1, 1, 0, 0, 1, 0]),
    ('I', 5, 1, &[1]),
    ('L', 4, 2, &[1, 0, 1, 0, 1, 0, 1, 1]),
    ('N', 4, 2, &[0, 1, 0, 1, 1, 1, 1, 0]),
    ('P', 3, 2, &[1, 1, 1, 1, 1, 0]),
    ('T', 3, 3, &[1, 1, 1, 0, 1, 0, 0, 1, 0]),
    ('U', 2, 3, &[1, 0, 1, 1, 1, 1]),
    ('V', 3, 3, &[1, 0, 0, 1, 0, 0, 1, 1, 1]),
    ('W', 3, 3, &[1, 0, 0, 1, 1, 0, 0, 1, 1]),
    ('X', 3, 3, &[0, 1, 0, 1, 1, 1, 0, 1, 0]),
    ('Y', 4, 2, &[0, 1, 1, 1, 0, 1, 0, 1, 0, 1]),
    ('Z', 3, 3, &[1, 1, 0, 0, 1, 0, 0, 1, 1]),
];

/// The base shape (`X_0`) of piece `letter`.
pub fn piece(letter: char) -> Result<Shape, PentominoError> {
    let (_, rows, cols, values) = DATA
        .iter()
        .find(|d| d.0 == letter)
        .ok_or_else(|| PentominoError::UnknownPiece(letter.to_string()))?;
    BitBoard::from_values(*rows, *cols, values)
}

/// The piece named by a text of exactly one letter (surrounding spaces and
/// commas ignored, as the source's `pentomino` strips them).
pub fn piece_letter(text: &str) -> Result<char, PentominoError> {
    let mut chars = text.chars().filter(|c| !c.is_whitespace() && *c != ',');
    match (chars.next(), chars.next()) {
        (Some(c), None) if LETTERS.contains(&c) => Ok(c),
        _ => Err(PentominoError::UnknownPiece(text.to_string())),
    }
}

/// The source's `pen` for a piece letter: its distinct orientations.
pub fn pen(letter: char) -> Result<Vec<Shape>, PentominoError> {
    Ok(piece(letter)?.orientations())
}

/// The source's `p_data`: each orientation of `shape` at the top-left of the
/// 6×10 frame.
pub fn p_data(shape: &Shape) -> Result<Vec<BitBoard>, PentominoError> {
    shape
        .orientations()
        .iter()
        .map(|s| s.placed_in(FRAME_ROWS, FRAME_COLS))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(b: &BitBoard) -> String {
        b.to_string()
    }

    #[test]
    fn seed_base_shapes() {
        assert_eq!(lines(&piece('P').unwrap()), "1 1\n1 1\n1 0");
        assert_eq!(lines(&piece('F').unwrap()), "0 1 1\n1 1 0\n0 1 0");
        assert_eq!(lines(&piece('V').unwrap()), "1 0 0\n1 0 0\n1 1 1");
        assert_eq!(lines(&piece('Y').unwrap()), "0 1\n1 1\n0 1\n0 1");
        assert_eq!(lines(&piece('I').unwrap()), "1\n1\n1\n1\n1");
        for l in LETTERS {
            assert_eq!(piece(l).unwrap().count(), 5, "{l}");
        }
        assert!(piece('Q').is_err());
    }

    #[test]
    fn seed_transforms() {
        let p = piece('P').unwrap();
        let f = piece('F').unwrap();
        assert_eq!(lines(&p.transform(1)), "1 1 1\n0 1 1");
        assert_eq!(lines(&p.transform(2)), "0 1\n1 1\n1 1");
        assert_eq!(lines(&f.transform(1)), "0 1 0\n1 1 1\n0 0 1");
        assert_eq!(lines(&f.transform(2)), "0 1 0\n0 1 1\n1 1 0");
    }

    #[test]
    fn orientation_counts() {
        let counts: Vec<usize> = LETTERS.iter().map(|&l| pen(l).unwrap().len()).collect();
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        assert_eq!(counts.iter().sum::<usize>(), 63);
    }

    #[test]
    fn letters_from_text() {
        assert_eq!(piece_letter(" V "), Ok('V'));
        assert_eq!(piece_letter("V,"), Ok('V'));
        assert!(piece_letter("v").is_err());
        assert!(piece_letter("VZ").is_err());
        assert!(piece_letter("").is_err());
    }
}

//! The strong links Sudoku Explainer's "Strong Links" rule sees in one
//! region for one digit, each as two ends (a cell or a group of cells),
//! in the order and with the cells SE picks for them.
//!
//! A region with two places is a plain link (a block's two places on one
//! line are left to that line). A region with three to six places is a
//! grouped link when its places fit SE's patterns: in a line, two of its
//! three mini-lines; in a block, the row and column through a "heart" cell
//! (an empty rectangle), tried for hearts 0..8, then two rows, then two
//! columns; the first pattern whose outside is empty decides. A block
//! whose four places form a rectangle gives two links (rows, columns).

/// Block positions outside the row and column of heart `e` (0..9), then
/// outside two rows (9..12: rows 0-1, 0-2, 1-2) or two columns (12..15).
const BLOCK_OUTSIDE: [u16; 15] = [
    pos(&[4, 5, 7, 8]),
    pos(&[3, 5, 6, 8]),
    pos(&[3, 4, 6, 7]),
    pos(&[1, 2, 7, 8]),
    pos(&[0, 2, 6, 8]),
    pos(&[0, 1, 6, 7]),
    pos(&[1, 2, 4, 5]),
    pos(&[0, 2, 3, 5]),
    pos(&[0, 1, 3, 4]),
    pos(&[6, 7, 8]),
    pos(&[3, 4, 5]),
    pos(&[0, 1, 2]),
    pos(&[2, 5, 8]),
    pos(&[1, 4, 7]),
    pos(&[0, 3, 6]),
];

/// The two blades of each block pattern: the heart's column and row
/// without the heart, or the two rows, or the two columns.
const BLOCK_BLADES: [[u16; 2]; 15] = [
    [pos(&[3, 6]), pos(&[1, 2])],
    [pos(&[4, 7]), pos(&[0, 2])],
    [pos(&[5, 8]), pos(&[0, 1])],
    [pos(&[0, 6]), pos(&[4, 5])],
    [pos(&[1, 7]), pos(&[3, 5])],
    [pos(&[2, 8]), pos(&[3, 4])],
    [pos(&[0, 3]), pos(&[7, 8])],
    [pos(&[1, 4]), pos(&[6, 8])],
    [pos(&[2, 5]), pos(&[6, 7])],
    [pos(&[0, 1, 2]), pos(&[3, 4, 5])],
    [pos(&[0, 1, 2]), pos(&[6, 7, 8])],
    [pos(&[3, 4, 5]), pos(&[6, 7, 8])],
    [pos(&[0, 3, 6]), pos(&[1, 4, 7])],
    [pos(&[0, 3, 6]), pos(&[2, 5, 8])],
    [pos(&[1, 4, 7]), pos(&[2, 5, 8])],
];

/// A line's mini-line `e` and the other two, as blades.
const LINE_OUTSIDE: [u16; 3] = [pos(&[0, 1, 2]), pos(&[3, 4, 5]), pos(&[6, 7, 8])];
const LINE_BLADES: [[u16; 2]; 3] = [
    [pos(&[3, 4, 5]), pos(&[6, 7, 8])],
    [pos(&[0, 1, 2]), pos(&[6, 7, 8])],
    [pos(&[0, 1, 2]), pos(&[3, 4, 5])],
];

const fn pos(list: &[u8]) -> u16 {
    let mut m = 0;
    let mut i = 0;
    while i < list.len() {
        m |= 1 << list[i];
        i += 1;
    }
    m
}

/// One strong link in a region, as positions of the region's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// SE's "empty region" flag: a grouped link.
    pub grouped: bool,
    /// The cell SE names for each end.
    pub main: [u8; 2],
    /// The cells of each end (SE adds a block's heart to a one-cell
    /// blade's partner end, candidate or not).
    pub ends: [u16; 2],
}

/// The first position of a mask.
fn first(m: u16) -> u8 {
    m.trailing_zeros() as u8
}

/// The second position of a mask.
fn second(m: u16) -> u8 {
    first(m & (m - 1))
}

/// True when two block positions share a row or column of the block.
fn same_line(a: u8, b: u8) -> bool {
    a / 3 == b / 3 || a % 3 == b % 3
}

/// The strong links of a region whose places for the digit are `p`
/// (bit `j`: the region's `j`-th cell), in SE's order: none, one or two.
pub fn shapes(block: bool, p: u16) -> ([Shape; 2], usize) {
    let none = Shape {
        grouped: false,
        main: [0, 0],
        ends: [0, 0],
    };
    let count = p.count_ones();
    if !(2..=6).contains(&count) {
        return ([none; 2], 0);
    }
    if count == 2 {
        let (a, b) = (first(p), second(p));
        if block && same_line(a, b) {
            return ([none; 2], 0);
        }
        let plain = Shape {
            grouped: false,
            main: [a, b],
            ends: [1 << a, 1 << b],
        };
        return ([plain, none], 1);
    }
    // The first pattern whose outside holds no place decides.
    let patterns = if block { 15 } else { 3 };
    let mut found = None;
    for e in 0..patterns {
        if e > 8 && count < 4 {
            continue;
        }
        let outside = if block {
            BLOCK_OUTSIDE[e]
        } else {
            LINE_OUTSIDE[e]
        };
        if p & outside == 0 {
            let blades = if block {
                BLOCK_BLADES[e]
            } else {
                LINE_BLADES[e]
            };
            let (b1, b2) = (p & blades[0], p & blades[1]);
            if b1 != 0 && b2 != 0 {
                found = Some((e, b1, b2));
            }
            break;
        }
    }
    let Some((e, b1, b2)) = found else {
        return ([none; 2], 0);
    };
    let (n1, n2) = (b1.count_ones(), b2.count_ones());
    // A block's heart (patterns 0..9 only).
    let heart: u16 = if block && e < 9 { 1 << e } else { 0 };
    if n2 == 1 {
        // One cell in the second blade (also when both have one): that
        // cell, and the first blade with the heart.
        let shape = Shape {
            grouped: true,
            main: [first(b2), first(b1)],
            ends: [b2, b1 | heart],
        };
        return ([shape, none], 1);
    }
    if n1 == 1 {
        let shape = Shape {
            grouped: true,
            main: [first(b1), first(b2)],
            ends: [b1, b2 | heart],
        };
        return ([shape, none], 1);
    }
    // Two groups; a candidate heart joins a two-cell blade.
    let heart_place = heart & p;
    let with_heart = |b: u16| {
        if b.count_ones() == 2 {
            b | heart_place
        } else {
            b
        }
    };
    let shape = Shape {
        grouped: true,
        main: [first(b1), first(b2)],
        ends: [with_heart(b1), with_heart(b2)],
    };
    let rectangle =
        e > 8 && count == 4 && same_line(second(b1), second(b2)) && same_line(first(b1), first(b2));
    if !rectangle {
        return ([shape, none], 1);
    }
    // Four places in a rectangle: its rows, then its columns.
    let across = Shape {
        grouped: true,
        main: [first(b1), second(b1)],
        ends: [
            1 << first(b1) | 1 << first(b2),
            1 << second(b1) | 1 << second(b2),
        ],
    };
    ([shape, across], 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_follow_se_reading_of_a_region() {
        // Two places of a block on one line: no link of the block.
        assert_eq!(shapes(true, pos(&[0, 2])).1, 0);
        // Two places of a line: a plain link.
        let (s, n) = shapes(false, pos(&[1, 7]));
        assert_eq!((n, s[0].grouped, s[0].main), (1, false, [1, 7]));
        // An empty rectangle with its corner holding the digit and one
        // place each way: only the place in the row against the column
        // with the corner.
        let (s, n) = shapes(true, pos(&[0, 1, 3]));
        assert_eq!(n, 1);
        assert_eq!(
            s[0],
            Shape {
                grouped: true,
                main: [1, 3],
                ends: [pos(&[1]), pos(&[0, 3])],
            }
        );
        // A 2x2 square in a block: rows, then columns.
        let (s, n) = shapes(true, pos(&[0, 1, 3, 4]));
        assert_eq!(n, 2);
        assert_eq!(s[0].ends[0], pos(&[0, 1]));
        assert_eq!(s[1].ends[0], pos(&[0, 3]));
        // A line with places in two of its blocks: the lone place first.
        let (s, n) = shapes(false, pos(&[0, 2, 7]));
        assert_eq!(n, 1);
        assert!(s[0].grouped);
        assert_eq!(s[0].main[0], 7);
        assert_eq!(s[0].ends[1], pos(&[0, 2]));
        // Places in all three blocks of a line: no link.
        assert_eq!(shapes(false, pos(&[0, 4, 8])).1, 0);
    }
}

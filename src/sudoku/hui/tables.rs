//! The index tables of Hui's listing that are his own (`I`, `R`), built at
//! compile time in exactly J's order from the grid's (`j`, `r`, `c`, `b`
//! are `BOXES`, `ROW_CELLS`, `COL_CELLS`, `BOX_CELLS` in
//! [`crate::sudoku::grid`]). Cells are 0-based, row-major.
//!
//! The order matters: `ar` walks the 27 regions of `R` (blocks, then rows,
//! then columns) and later regions overwrite earlier ones, so a different
//! order would give different intermediate grids than the source prints.

use crate::sudoku::grid::{BOX_CELLS, BOXES, COL_CELLS, ROW_CELLS};

/// J `I`: for each cell, its row, then its column, then its block, keeping
/// the first occurrence of each cell: 21 cells including the cell itself.
pub const PEERS: [[u8; 21]; 81] = peers();

/// J `R`: the 27 regions, 9 blocks then 9 rows then 9 columns.
pub const REGIONS: [[u8; 9]; 27] = regions();

const fn peers() -> [[u8; 21]; 81] {
    let (rows, cols, blks) = (ROW_CELLS, COL_CELLS, BOX_CELLS);
    let mut out = [[0u8; 21]; 81];
    let mut i = 0;
    while i < 81 {
        let mut all = [0u8; 27];
        let mut m = 0;
        while m < 9 {
            all[m] = rows[i][m];
            all[9 + m] = cols[i][m];
            all[18 + m] = blks[i][m];
            m += 1;
        }
        // J `~.`: keep the first occurrence of each cell.
        let mut n = 0;
        let mut a = 0;
        while a < 27 {
            let mut seen = false;
            let mut p = 0;
            while p < n {
                if out[i][p] == all[a] {
                    seen = true;
                }
                p += 1;
            }
            if !seen {
                out[i][n] = all[a];
                n += 1;
            }
            a += 1;
        }
        i += 1;
    }
    out
}

const fn regions() -> [[u8; 9]; 27] {
    let blocks = BOXES;
    let mut out = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        out[k] = blocks[k];
        let mut m = 0;
        while m < 9 {
            out[9 + k][m] = (k * 9 + m) as u8;
            out[18 + k][m] = (m * 9 + k) as u8;
            m += 1;
        }
        k += 1;
    }
    out
}

/// A person's name for region `k` of [`REGIONS`]: "block 2 (rows 1-3,
/// columns 4-6)", "row 5", "column 9" (all 1-based).
pub fn region_name(k: usize) -> String {
    match k {
        0..9 => {
            let r = (k / 3) * 3 + 1;
            let c = (k % 3) * 3 + 1;
            format!(
                "block {} (rows {}-{}, columns {}-{})",
                k + 1,
                r,
                r + 2,
                c,
                c + 2
            )
        }
        9..18 => format!("row {}", k - 8),
        _ => format!("column {}", k - 17),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_follow_j() {
        assert_eq!(BOXES[0], [0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(BOXES[1], [3, 4, 5, 12, 13, 14, 21, 22, 23]);
        assert_eq!(BOXES[8], [60, 61, 62, 69, 70, 71, 78, 79, 80]);
        assert_eq!(REGIONS[..9], BOXES);
        assert_eq!(REGIONS[9], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(REGIONS[18], [0, 9, 18, 27, 36, 45, 54, 63, 72]);
        assert_eq!(REGIONS[26], [8, 17, 26, 35, 44, 53, 62, 71, 80]);
    }

    #[test]
    fn peers_follow_j_nub_order() {
        assert_eq!(
            PEERS[0],
            [
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 18, 27, 36, 45, 54, 63, 72, 10, 11, 19, 20
            ]
        );
        // Every cell: 21 distinct peers, itself first in its row position.
        for (i, p) in PEERS.iter().enumerate() {
            let mut s = p.to_vec();
            s.sort();
            s.dedup();
            assert_eq!(s.len(), 21, "cell {i}");
            assert!(p.contains(&(i as u8)));
        }
        assert_eq!(BOX_CELLS[3], BOXES[1]);
        assert_eq!(COL_CELLS[10], [1, 10, 19, 28, 37, 46, 55, 64, 73]);
        assert_eq!(ROW_CELLS[10], [9, 10, 11, 12, 13, 14, 15, 16, 17]);
    }

    #[test]
    fn region_names() {
        assert_eq!(region_name(1), "block 2 (rows 1-3, columns 4-6)");
        assert_eq!(region_name(13), "row 5");
        assert_eq!(region_name(26), "column 9");
    }
}

//! The canonical form by exhaustion: the reference the fast forms are
//! tested and benched against.

use super::PERMS_OF_3;
use crate::sudoku::Grid;

/// The canonical form by trying every one of the 3,359,232 arrangements
/// (digits renamed by first appearance, each compared until it is worse).
/// Slow (a few hundredths of a second a puzzle in a release build, far
/// more in debug): a reference for tests and benches.
pub fn canon_brute_force(g: &Grid) -> Grid {
    let mut best = [u8::MAX; 81];
    let cells = g.cells();
    let mut rows = [0u8; 9];
    let mut cols = [0u8; 9];
    for transposed in [false, true] {
        for bands in PERMS_OF_3 {
            for rp in 0..216 {
                let inner = [
                    PERMS_OF_3[rp % 6],
                    PERMS_OF_3[rp / 6 % 6],
                    PERMS_OF_3[rp / 36],
                ];
                for i in 0..9 {
                    rows[i] = (3 * bands[i / 3] + inner[i / 3][i % 3]) as u8;
                }
                for stacks in PERMS_OF_3 {
                    for cp in 0..216 {
                        let inner = [
                            PERMS_OF_3[cp % 6],
                            PERMS_OF_3[cp / 6 % 6],
                            PERMS_OF_3[cp / 36],
                        ];
                        for j in 0..9 {
                            cols[j] = (3 * stacks[j / 3] + inner[j / 3][j % 3]) as u8;
                        }
                        let mut map = [0u8; 16];
                        let mut next = 1;
                        let mut less = false;
                        'cells: for i in 0..81 {
                            let (r, c) = (rows[i / 9] as usize, cols[i % 9] as usize);
                            let v = if transposed {
                                cells[9 * c + r]
                            } else {
                                cells[9 * r + c]
                            } as usize
                                & 15;
                            let x = if v == 0 {
                                0
                            } else {
                                if map[v] == 0 {
                                    map[v] = next;
                                    next += 1;
                                }
                                map[v]
                            };
                            if less {
                                best[i] = x;
                            } else if x < best[i] {
                                less = true;
                                best[i] = x;
                            } else if x > best[i] {
                                break 'cells;
                            }
                        }
                    }
                }
            }
        }
    }
    Grid::from_cells(best)
}

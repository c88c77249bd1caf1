//! Numbers laid out as J prints a matrix: each column right-aligned to its
//! widest item, one space apart, negatives with J's `_` (`_3`). `table`
//! (Hui's index tables) and `show_lines` (the SAT encoding's lines) both
//! print through [`format`].

use rhai::{Array, Dynamic, EvalAltResult};

use super::error;

/// What a flat array (no item is an array) means.
#[derive(Clone, Copy)]
pub enum Flat {
    /// One row (`table([1, 2, 3])`).
    Row,
    /// One item per row (`show_lines([1, 2, 3])`).
    Column,
}

/// The rows of integers (booleans count as 0/1) as J shows them; errors
/// name `function`, the row and the item.
pub fn format(function: &str, rows: &Array, flat: Flat) -> Result<String, Box<EvalAltResult>> {
    let cell = |v: &Dynamic, r: usize, c: usize| -> Result<String, Box<EvalAltResult>> {
        let n = match v.clone().try_cast::<bool>() {
            Some(b) => b as i64,
            None => v.as_int().map_err(|_| {
                error(format!(
                    "{function}: row {r}, item {c} is {}, not an integer",
                    super::kind_of(v)
                ))
            })?,
        };
        Ok(if n < 0 {
            format!("_{}", n.unsigned_abs())
        } else {
            n.to_string()
        })
    };
    let mut text: Vec<Vec<String>> = Vec::with_capacity(rows.len());
    if rows.iter().all(|v| !v.is_array()) {
        match flat {
            Flat::Row => text.push(
                rows.iter()
                    .enumerate()
                    .map(|(c, v)| cell(v, 0, c))
                    .collect::<Result<_, _>>()?,
            ),
            Flat::Column => {
                for (r, v) in rows.iter().enumerate() {
                    text.push(vec![cell(v, r, 0)?]);
                }
            }
        }
    } else {
        for (r, v) in rows.iter().enumerate() {
            let items = v.read_lock::<Array>().ok_or_else(|| {
                error(format!(
                    "{function}: row {r} is not an array; give an array of arrays of integers"
                ))
            })?;
            text.push(
                items
                    .iter()
                    .enumerate()
                    .map(|(c, v)| cell(v, r, c))
                    .collect::<Result<_, _>>()?,
            );
        }
    }
    let columns = text.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            text.iter()
                .filter_map(|row| row.get(c).map(String::len))
                .max()
                .unwrap_or(0)
        })
        .collect();
    Ok(text
        .iter()
        .map(|row| {
            row.iter()
                .zip(&widths)
                .map(|(s, &w)| format!("{s:>w$}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(rows: &[&[i64]]) -> Array {
        rows.iter()
            .map(|r| Dynamic::from_array(r.iter().map(|&n| Dynamic::from(n)).collect()))
            .collect()
    }

    #[test]
    fn columns_take_their_own_width_as_in_j() {
        // J: i. 3 4
        let rows = ints(&[&[0, 1, 2, 3], &[4, 5, 6, 7], &[8, 9, 10, 11]]);
        assert_eq!(
            format("t", &rows, Flat::Row).unwrap(),
            "0 1  2  3\n4 5  6  7\n8 9 10 11"
        );
        let flat: Array = [1_i64, -20, 3].into_iter().map(Dynamic::from).collect();
        assert_eq!(format("t", &flat, Flat::Row).unwrap(), "1 _20 3");
        assert_eq!(format("t", &flat, Flat::Column).unwrap(), "  1\n_20\n  3");
    }
}

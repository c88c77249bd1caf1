//! J's boxed display: a table of boxes drawn with `+ - |`, each box's text
//! at its top-left, every column as wide as its widest box and every row as
//! tall as its tallest. `pen P` in the source prints a one-row table of this
//! kind; the session's numbered orientations are a two-row one.

/// Draw a table of boxes; `table[row][col]` is the text of one box as lines.
/// Rows shorter than the longest get empty boxes.
pub fn boxed_table(table: &[Vec<Vec<String>>]) -> String {
    let ncols = table.iter().map(Vec::len).max().unwrap_or(0);
    if ncols == 0 {
        return String::new();
    }
    let width = |s: &String| s.chars().count();
    let widths: Vec<usize> = (0..ncols)
        .map(|c| {
            table
                .iter()
                .filter_map(|row| row.get(c))
                .flat_map(|cell| cell.iter().map(width))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let rule: String = {
        let mut s = String::from("+");
        for w in &widths {
            s.push_str(&"-".repeat(*w));
            s.push('+');
        }
        s
    };
    let mut lines = vec![rule.clone()];
    for row in table {
        let height = row.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..height {
            let mut s = String::from("|");
            for (c, w) in widths.iter().enumerate() {
                let text = row.get(c).and_then(|cell| cell.get(i));
                let text = text.map(String::as_str).unwrap_or("");
                s.push_str(text);
                s.push_str(&" ".repeat(w - text.chars().count()));
                s.push('|');
            }
            lines.push(s);
        }
        lines.push(rule.clone());
    }
    lines.join("\n")
}

/// A one-row table: J's display of a boxed list.
pub fn boxed_list(items: &[Vec<String>]) -> String {
    boxed_table(&[items.to_vec()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn list_and_table() {
        let l = boxed_list(&[cell(&["1 1", "1 0"]), cell(&["1 1 1"])]);
        assert_eq!(l, "+---+-----+\n|1 1|1 1 1|\n|1 0|     |\n+---+-----+");
        let t = boxed_table(&[
            vec![cell(&["0"]), cell(&["1"])],
            vec![cell(&["V.", "VV"]), cell(&["VVV"])],
        ]);
        assert_eq!(
            t,
            "+--+---+\n|0 |1  |\n+--+---+\n|V.|VVV|\n|VV|   |\n+--+---+"
        );
        assert_eq!(boxed_list(&[]), "");
    }
}

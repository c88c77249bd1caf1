//! The body lines of the parts that deal puzzles (a solved file, a
//! generated list, a rated file): each line starts with the item's index in the whole
//! job, so a merge puts every item back in its place and can tell a
//! missing or doubled one. (Group lines are `similarity::groups_file`'s.)

use crate::sudoku::Grid;
use crate::sudoku::formats::{Record, escape_name, unescape_name};

/// A puzzle record of a solved file as a body line:
/// `INDEX<TAB>LINE<TAB>NAME<TAB>PUZZLE<TAB>SOLUTION`, the name `=` and its
/// escaped text (empty for no name), the solution empty when there is none.
pub fn record_line(index: u64, r: &Record) -> String {
    let name = match &r.name {
        Some(n) => format!("={}", escape_name(n)),
        None => String::new(),
    };
    let solution = r.solution.map(|s| s.line()).unwrap_or_default();
    format!("{index}\t{}\t{name}\t{}\t{solution}", r.line, r.grid.line())
}

/// A body line of [`record_line`] read back.
pub fn parse_record_line(text: &str) -> Result<(u64, Record), String> {
    let fields: Vec<&str> = text.split('\t').collect();
    let [index, line, name, puzzle, solution] = fields[..] else {
        return Err(format!(
            "{} fields: a solved puzzle's line has 5 (index, line, name, puzzle, solution)",
            fields.len()
        ));
    };
    let name = match name {
        "" => None,
        n => Some(unescape_name(n.strip_prefix('=').ok_or_else(|| {
            format!("the name field {n:?} does not start with =")
        })?)),
    };
    Ok((
        number(index, "index")?,
        Record {
            name,
            grid: grid(puzzle, "puzzle")?,
            solution: match solution {
                "" => None,
                s => Some(grid(s, "solution")?),
            },
            line: number(line, "line")? as usize,
        },
    ))
}

/// A generated puzzle as a body line: `INDEX<TAB>PUZZLE`.
pub fn puzzle_line(index: u64, g: &Grid) -> String {
    format!("{index}\t{}", g.line())
}

/// A body line of [`puzzle_line`] read back.
pub fn parse_puzzle_line(text: &str) -> Result<(u64, Grid), String> {
    let (index, puzzle) = text
        .split_once('\t')
        .ok_or("a generated puzzle's line is INDEX<TAB>PUZZLE")?;
    Ok((number(index, "index")?, grid(puzzle, "puzzle")?))
}

/// A line of text that is one item's output (a rated puzzle's line) as a
/// body line: `INDEX<TAB>TEXT`.
pub fn text_line(index: u64, text: &str) -> String {
    format!("{index}\t{text}")
}

/// A body line of [`text_line`] read back.
pub fn parse_text_line(text: &str) -> Result<(u64, &str), String> {
    let (index, rest) = text
        .split_once('\t')
        .ok_or("an item's line is INDEX<TAB>TEXT")?;
    Ok((number(index, "index")?, rest))
}

fn number(text: &str, what: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("the {what} {text:?} is not a whole number"))
}

fn grid(text: &str, what: &str) -> Result<Grid, String> {
    if text.len() != 81 {
        return Err(format!("the {what} {text:?} is not 81 cells"));
    }
    Grid::parse(text).map_err(|e| format!("the {what} {text:?}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written() {
        let g = Grid::parse(&format!("1{}", ".".repeat(80))).unwrap();
        for name in [None, Some(String::new()), Some("\t#odd\\name ".to_string())] {
            let r = Record {
                name,
                grid: g,
                solution: Some(g),
                line: 7,
            };
            assert_eq!(parse_record_line(&record_line(12, &r)).unwrap(), (12, r));
        }
        let r = Record::new(g);
        assert_eq!(parse_record_line(&record_line(0, &r)).unwrap(), (0, r));
        assert_eq!(parse_puzzle_line(&puzzle_line(5, &g)).unwrap(), (5, g));
        assert_eq!(parse_text_line(&text_line(3, "a\tb")).unwrap(), (3, "a\tb"));
        assert_eq!(
            parse_record_line("1\t2\t3").unwrap_err(),
            "3 fields: a solved puzzle's line has 5 (index, line, name, puzzle, solution)"
        );
        assert!(parse_puzzle_line("x\t1").unwrap_err().contains("\"x\""));
    }
}

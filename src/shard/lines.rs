//! The body lines of the parts that deal puzzles (a solved file, a
//! generated list, a rated file): each line starts with the item's index in the whole
//! job, so a merge puts every item back in its place and can tell a
//! missing or doubled one. (Group lines are `similarity::groups_file`'s.)

use crate::sudoku::Grid;
use crate::sudoku::formats::{Record, escape_name, unescape_name};
use crate::sudoku::grid::cell_name;

/// What solving a puzzle found, as a solved part's line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution (the line gives it).
    Unique,
    /// Two or more (the line gives the first found).
    Multiple,
    /// Its clues break the rules; not searched.
    Invalid,
    /// No solution.
    Unsolvable,
}

impl Verdict {
    /// The verdicts, in the order a summary counts them.
    pub const ALL: [Verdict; 4] = [
        Verdict::Unique,
        Verdict::Multiple,
        Verdict::Invalid,
        Verdict::Unsolvable,
    ];

    /// Its word in a body line and its key in an end line.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Invalid => "invalid",
            Verdict::Unsolvable => "unsolvable",
        }
    }

    fn parse(text: &str) -> Result<Verdict, String> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.name() == text)
            .ok_or_else(|| {
                format!("the verdict {text:?} is not unique, multiple, invalid or unsolvable")
            })
    }
}

/// A puzzle of a solved file as a body line:
/// `INDEX<TAB>LINE<TAB>NAME<TAB>PUZZLE<TAB>VERDICT<TAB>SOLUTION`, the name
/// `=` and its escaped text (empty for no name), the solution empty when
/// there is none. `r` is the record as read (its grid the puzzle); the
/// merge makes the output's record from it, in the output's format.
pub fn record_line(index: u64, r: &Record, verdict: Verdict) -> String {
    let name = match &r.name {
        Some(n) => format!("={}", escape_name(n)),
        None => String::new(),
    };
    let solution = r.solution.map(|s| s.line()).unwrap_or_default();
    format!(
        "{index}\t{}\t{name}\t{}\t{}\t{solution}",
        r.line,
        r.grid.line(),
        verdict.name()
    )
}

/// A body line of [`record_line`] read back, once checked against itself:
/// a solved puzzle's solution is a complete grid that breaks no rule and
/// keeps every clue; an invalid puzzle's clues break a rule, an unsolvable
/// one's do not, and neither has a solution. (Whether a solved puzzle has
/// one solution or more, or an unsolvable one none, only a search can say:
/// not checked.)
pub fn parse_record_line(text: &str) -> Result<(u64, Record, Verdict), String> {
    let fields: Vec<&str> = text.split('\t').collect();
    let [index, line, name, puzzle, verdict, solution] = fields[..] else {
        return Err(format!(
            "{} fields: a solved puzzle's line has 6 (index, line, name, puzzle, verdict, solution)",
            fields.len()
        ));
    };
    let name = match name {
        "" => None,
        n => Some(unescape_name(n.strip_prefix('=').ok_or_else(|| {
            format!("the name field {n:?} does not start with =")
        })?)),
    };
    let puzzle = grid(puzzle, "puzzle")?;
    let verdict = Verdict::parse(verdict)?;
    let solution = match solution {
        "" => None,
        s => Some(grid(s, "solution")?),
    };
    check_verdict(&puzzle, verdict, solution.as_ref())?;
    Ok((
        number(index, "index")?,
        Record {
            name,
            grid: puzzle,
            solution,
            line: number(line, "line")? as usize,
            marks: None,
        },
        verdict,
    ))
}

/// `verdict` and `solution` agree with `puzzle` (see [`parse_record_line`]).
fn check_verdict(puzzle: &Grid, verdict: Verdict, solution: Option<&Grid>) -> Result<(), String> {
    let what = verdict.name();
    match (verdict, solution) {
        (Verdict::Unique | Verdict::Multiple, None) => {
            Err(format!("a {what} puzzle's solution is empty"))
        }
        (Verdict::Unique | Verdict::Multiple, Some(s)) => check_solution(puzzle, s),
        (Verdict::Invalid | Verdict::Unsolvable, Some(_)) => Err(format!(
            "an {what} puzzle has a solution: there should be none"
        )),
        (Verdict::Invalid, None) => match puzzle.check() {
            Ok(()) => Err("the puzzle is said to be invalid, but its clues break no rule".into()),
            Err(_) => Ok(()),
        },
        (Verdict::Unsolvable, None) => puzzle.check().map_err(|e| {
            format!("the puzzle is said to be unsolvable, but its clues break a rule: {e}")
        }),
    }
}

/// `solution` is a complete grid that breaks no rule and keeps every clue
/// of `puzzle`: a solution of it (81 cells and a rule check, so cheap).
fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    if let Some(cell) = solution.cells().iter().position(|&v| v == 0) {
        return Err(format!(
            "the solution is not complete: {} is empty",
            cell_name(cell)
        ));
    }
    solution
        .check()
        .map_err(|e| format!("the solution breaks the rules: {e}"))?;
    let clash = puzzle
        .cells()
        .iter()
        .zip(solution.cells())
        .position(|(&p, &s)| p != 0 && p != s);
    match clash {
        Some(cell) => Err(format!(
            "the solution has {} at {} where the puzzle's clue is {}",
            solution.get(cell),
            cell_name(cell),
            puzzle.get(cell)
        )),
        None => Ok(()),
    }
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

/// How a rated puzzle's line counts in a summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingKind {
    /// SE's three figures.
    Exact,
    /// A figure only bounded (`>=X`) or unknown (`?`).
    Bounded,
    /// Not rated (`-/-/- WHY`).
    Unrated,
}

impl RatingKind {
    /// Its key in an end line and a summary.
    pub fn name(self) -> &'static str {
        match self {
            RatingKind::Exact => "exact",
            RatingKind::Bounded => "bounded",
            RatingKind::Unrated => "unrated",
        }
    }
}

/// A rated puzzle's line (`PUZZLE ER/EP/ED` or `PUZZLE -/-/- WHY`, as
/// `sudoku::human::serate_line` writes it) read back: its puzzle and how
/// it counts. The figures are checked for their form, not rated again
/// (that is the shard's work); a puzzle said to be invalid must break a
/// rule.
pub fn parse_rated(text: &str) -> Result<(Grid, RatingKind), String> {
    let (puzzle, rest) = text
        .split_once(' ')
        .ok_or("a rated line is PUZZLE ER/EP/ED")?;
    let puzzle = match crate::sudoku::formats::is_pencil_line(puzzle) {
        true => crate::sudoku::formats::parse_pencil_line(puzzle, false)
            .map(|m| crate::sudoku::formats::pencil_givens(&m))
            .map_err(|e| format!("pencil marks: {e}"))?,
        false => grid(puzzle, "puzzle")?,
    };
    if let Some(why) = rest.strip_prefix("-/-/- ") {
        return match why {
            "invalid" if puzzle.check().is_ok() => {
                Err("the puzzle is said to be invalid, but its clues break no rule".into())
            }
            "invalid" | "no solution" | "multiple solutions" => Ok((puzzle, RatingKind::Unrated)),
            _ => Err(format!(
                "{why:?} is not why a puzzle is not rated (invalid, no solution, multiple solutions)"
            )),
        };
    }
    let figures: Vec<&str> = rest.split('/').collect();
    let is_figure = |f: &str| {
        f.split_once('.').is_some_and(|(a, b)| {
            !a.is_empty()
                && a.len() <= 3
                && b.len() == 1
                && (a.to_owned() + b).bytes().all(|c| c.is_ascii_digit())
        })
    };
    let mut exact = true;
    for f in &figures {
        if is_figure(f) {
            continue;
        }
        exact = false;
        if *f != "?" && !f.strip_prefix(">=").is_some_and(is_figure) {
            return Err(format!(
                "the rating {rest:?} is not ER/EP/ED (each a figure such as 7.2, >=7.2 or ?)"
            ));
        }
    }
    if figures.len() != 3 {
        return Err(format!(
            "the rating {rest:?} is not ER/EP/ED (each a figure such as 7.2, >=7.2 or ?)"
        ));
    }
    Ok((
        puzzle,
        if exact {
            RatingKind::Exact
        } else {
            RatingKind::Bounded
        },
    ))
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

    /// Hui's first puzzle and its solution (as published with his program).
    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn solved() -> (Grid, Grid) {
        let p = Grid::parse(P).unwrap();
        let s = crate::sudoku::solver::count_solutions(&p, 2)
            .unwrap()
            .first
            .unwrap();
        (p, s)
    }

    #[test]
    fn records_read_back_as_written() {
        let (p, s) = solved();
        for name in [None, Some(String::new()), Some("\t#odd\\name ".to_string())] {
            let r = Record {
                name,
                grid: p,
                solution: Some(s),
                line: 7,
                marks: None,
            };
            let line = record_line(12, &r, Verdict::Unique);
            assert_eq!(parse_record_line(&line).unwrap(), (12, r, Verdict::Unique));
        }
        let bad = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
        let r = Record::new(bad);
        let line = record_line(0, &r, Verdict::Invalid);
        assert_eq!(parse_record_line(&line).unwrap(), (0, r, Verdict::Invalid));
        assert_eq!(parse_puzzle_line(&puzzle_line(5, &p)).unwrap(), (5, p));
        assert_eq!(parse_text_line(&text_line(3, "a\tb")).unwrap(), (3, "a\tb"));
        assert_eq!(
            parse_record_line("1\t2\t3").unwrap_err(),
            "3 fields: a solved puzzle's line has 6 (index, line, name, puzzle, verdict, solution)"
        );
        assert!(parse_puzzle_line("x\t1").unwrap_err().contains("\"x\""));
    }

    #[test]
    fn a_solution_is_checked_against_its_puzzle() {
        let (p, s) = solved();
        let line = |sol: &str, verdict: &str| format!("0\t1\t\t{}\t{verdict}\t{sol}", p.line());
        // Two digits of the solution swapped in its first row: a column
        // (or a clue) now disagrees.
        let mut swapped = s.line().into_bytes();
        swapped.swap(1, 2);
        let swapped = String::from_utf8(swapped).unwrap();
        let e = parse_record_line(&line(&swapped, "unique")).unwrap_err();
        assert!(e.starts_with("the solution breaks the rules: "), "{e}");
        // A grid that keeps the rules but is another puzzle's solution:
        // its digits renamed (1 <-> 2 everywhere).
        let renamed: String = s
            .line()
            .chars()
            .map(|c| match c {
                '1' => '2',
                '2' => '1',
                c => c,
            })
            .collect();
        let e = parse_record_line(&line(&renamed, "unique")).unwrap_err();
        assert!(e.contains("where the puzzle's clue is"), "{e}");
        assert_eq!(
            parse_record_line(&line("", "unique")).unwrap_err(),
            "a unique puzzle's solution is empty"
        );
        let mut holed = s.line();
        holed.replace_range(80..81, ".");
        assert_eq!(
            parse_record_line(&line(&holed, "multiple")).unwrap_err(),
            "the solution is not complete: r9c9 is empty"
        );
        assert_eq!(
            parse_record_line(&line(&s.line(), "unsolvable")).unwrap_err(),
            "an unsolvable puzzle has a solution: there should be none"
        );
        assert_eq!(
            parse_record_line(&line("", "invalid")).unwrap_err(),
            "the puzzle is said to be invalid, but its clues break no rule"
        );
        assert!(parse_record_line(&line("", "solved")).is_err());
        assert!(parse_record_line(&line(&s.line(), "unique")).is_ok());
    }

    #[test]
    fn rated_lines_count_as_their_figures_say() {
        let rated = |r: &str| parse_rated(&format!("{P} {r}")).map(|x| x.1);
        assert_eq!(rated("7.2/7.2/2.3"), Ok(RatingKind::Exact));
        assert_eq!(rated(">=7.2/>=7.2/?"), Ok(RatingKind::Bounded));
        assert_eq!(rated("?/?/?"), Ok(RatingKind::Bounded));
        assert_eq!(rated("-/-/- multiple solutions"), Ok(RatingKind::Unrated));
        assert!(rated("-/-/- invalid").is_err());
        assert!(rated("7.2/7.2").is_err());
        assert!(rated("7.2/7.2/x").is_err());
        assert!(rated("7.2/7.2/2.3/1.0").is_err());
    }
}

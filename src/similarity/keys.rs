//! The Perl similar-puzzle finder's keys and verdicts, exactly as it computes them.
//!
//! A key summarises nine units (blocks, rows or columns): each unit's digits
//! sorted as characters with the zeros dropped (an all-empty unit keeps one
//! `0`, the Perl's `s/0(?!$)//g`), then the nine strings sorted as strings
//! and joined. Moving whole units around leaves the key unchanged, so equal
//! block keys flag candidates; the key ignores digit relabelling and is only
//! a filter (see [`super::canon`] for the exact test).

use crate::sudoku::Grid;

/// The cell indices of each of the 9 blocks, rows and columns.
fn unit_cells(kind: Unit, k: usize) -> [usize; 9] {
    let mut out = [0; 9];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = match kind {
            Unit::Block => (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3,
            Unit::Row => k * 9 + i,
            Unit::Column => i * 9 + k,
        };
    }
    out
}

#[derive(Clone, Copy)]
enum Unit {
    Block,
    Row,
    Column,
}

/// One unit's part of a key: its digits sorted, zeros removed except a
/// lone `0` for an empty unit.
fn unit_string(g: &Grid, cells: &[usize; 9]) -> String {
    let mut digits: Vec<u8> = cells
        .iter()
        .map(|&i| b'0' + g.get(i).min(9))
        .filter(|&c| c != b'0')
        .collect();
    digits.sort_unstable();
    if digits.is_empty() {
        return "0".to_string();
    }
    digits.into_iter().map(char::from).collect()
}

fn key(g: &Grid, kind: Unit) -> String {
    let mut parts: Vec<String> = (0..9)
        .map(|k| unit_string(g, &unit_cells(kind, k)))
        .collect();
    parts.sort();
    parts.concat()
}

/// The block key (the Perl's hash key): e.g. `12415232439568688`.
pub fn block_key(g: &Grid) -> String {
    key(g, Unit::Block)
}

/// The row information (the Perl keeps it in a variable named `$Col` and
/// prints it as 行情報).
pub fn row_key(g: &Grid) -> String {
    key(g, Unit::Row)
}

/// The column information (the Perl keeps it in `$Row`, printed as 列情報).
pub fn col_key(g: &Grid) -> String {
    key(g, Unit::Column)
}

/// The four outcomes of comparing two puzzles, in the order the Perl tests
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The same 81 cells.
    Identical,
    /// Equal row information or equal column information.
    BlocksOrRowsExchanged,
    /// The row information of one is the column information of the other.
    RowsAndColumnsExchanged,
    /// None of the above (the keys only filter: this is the honest answer).
    SimilarButDifferent,
}

impl Verdict {
    /// The fixed English wording.
    pub fn english(self) -> &'static str {
        match self {
            Verdict::Identical => "the same puzzle",
            Verdict::BlocksOrRowsExchanged => "the same puzzle with blocks or rows exchanged",
            Verdict::RowsAndColumnsExchanged => "the same puzzle with rows and columns exchanged",
            Verdict::SimilarButDifferent => "similar but different",
        }
    }

    /// The source's Japanese wording (the tail of its printed line).
    pub fn japanese(self) -> &'static str {
        match self {
            Verdict::Identical => "まったく同じ問題です。",
            Verdict::BlocksOrRowsExchanged => "ブロックまたは行を入れ替えただけの同じ問題です。",
            Verdict::RowsAndColumnsExchanged => "行と列を入れ替えただけの同じ問題です。",
            Verdict::SimilarButDifferent => "似ていますが別物です。",
        }
    }
}

/// The Perl's verdict for two puzzles, first rule that applies. The Perl
/// only asks this of puzzles whose block keys are equal; the rules are
/// applied as they stand whatever the keys. Symmetric in `a` and `b`.
pub fn verdict(a: &Grid, b: &Grid) -> Verdict {
    verdict_with_info(a, &row_key(a), &col_key(a), b, &row_key(b), &col_key(b))
}

fn verdict_with_info(
    a: &Grid,
    a_rows: &str,
    a_cols: &str,
    b: &Grid,
    b_rows: &str,
    b_cols: &str,
) -> Verdict {
    if a == b {
        Verdict::Identical
    } else if a_rows == b_rows || a_cols == b_cols {
        Verdict::BlocksOrRowsExchanged
    } else if a_cols == b_rows || a_rows == b_cols {
        Verdict::RowsAndColumnsExchanged
    } else {
        Verdict::SimilarButDifferent
    }
}

/// A puzzle with its name, as a `name<TAB>81 digits` line holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The text before the tab.
    pub name: String,
    /// The puzzle.
    pub grid: Grid,
}

/// A list of puzzles read from one place (a file, or puzzles given directly).
#[derive(Clone, Debug)]
pub struct Source {
    /// Shown in the report's `* LABEL start.....` line.
    pub label: String,
    /// The puzzles in file order.
    pub puzzles: Vec<Named>,
}

/// One puzzle of a group, with the information the Perl prints.
#[derive(Clone, Debug)]
pub struct Member {
    /// The puzzle and its name.
    pub puzzle: Named,
    /// Row information (行情報).
    pub rows: String,
    /// Column information (列情報).
    pub cols: String,
}

/// Puzzles sharing one block key.
#[derive(Clone, Debug)]
pub struct Group {
    /// The shared block key.
    pub key: String,
    /// The puzzles in input order.
    pub members: Vec<Member>,
    /// `(j, i, verdict)` with 1-based `j < i`, in the Perl's loop order
    /// (`i` outer, `j` inner).
    pub verdicts: Vec<(usize, usize, Verdict)>,
}

/// What the Perl program finds in a set of sources.
#[derive(Clone, Debug)]
pub struct Report {
    /// `(label, number of puzzles)` per source, in order.
    pub counts: Vec<(String, usize)>,
    /// Groups of two or more puzzles with equal block keys, in order of the
    /// first appearance of their key (the Perl's order is its hash order,
    /// which changes from run to run).
    pub groups: Vec<Group>,
}

impl Report {
    /// Total number of puzzles checked.
    pub fn total(&self) -> usize {
        self.counts.iter().map(|(_, n)| n).sum()
    }
}

/// The default cap on the pairs a report judges and lists (the report's
/// length grows with the square of a group's size: 20,000 copies of one
/// puzzle would be 200 million lines).
pub const DEFAULT_PAIR_LIMIT: usize = 100_000;

/// Why a bounded report was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimilarError {
    /// More pairs to judge than the limit allows.
    TooManyPairs { pairs: u64, limit: usize },
    /// Stopped by the monitor after `judged` pairs.
    Stopped { judged: u64, pairs: u64 },
}

impl std::fmt::Display for SimilarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SimilarError::TooManyPairs { pairs, limit } => write!(
                f,
                "the report would judge {pairs} pairs of similar puzzles, more than the limit of {limit}: raise it with #{{limit: {pairs}}} or give fewer puzzles"
            ),
            SimilarError::Stopped { judged, pairs } => write!(
                f,
                "stopped (Ctrl+C) after judging {judged} of {pairs} pairs: no report"
            ),
        }
    }
}

impl std::error::Error for SimilarError {}

/// Group the puzzles by block key and judge every pair in each group.
/// Unbounded: see [`find_similar_bounded`] for input from users.
pub fn find_similar(sources: &[Source]) -> Report {
    match find_similar_bounded(sources, usize::MAX, &crate::monitor::Silent) {
        Ok(r) => r,
        // Neither can happen without a limit or a monitor that stops.
        Err(_) => Report {
            counts: Vec::new(),
            groups: Vec::new(),
        },
    }
}

/// [`find_similar`] judging at most `limit` pairs (counted before any is
/// judged, so an over-large request costs nothing) and stoppable by the
/// monitor.
pub fn find_similar_bounded(
    sources: &[Source],
    limit: usize,
    monitor: &dyn crate::monitor::Monitor,
) -> Result<Report, SimilarError> {
    let mut order: Vec<String> = Vec::new();
    let mut by_key: std::collections::HashMap<String, Vec<&Named>> = Default::default();
    for p in sources.iter().flat_map(|s| &s.puzzles) {
        let key = block_key(&p.grid);
        let entry = by_key.entry(key.clone()).or_default();
        if entry.is_empty() {
            order.push(key);
        }
        entry.push(p);
    }
    let pairs: u64 = by_key
        .values()
        .map(|l| (l.len() as u64) * (l.len() as u64).saturating_sub(1) / 2)
        .fold(0u64, u64::saturating_add);
    if pairs > limit as u64 {
        return Err(SimilarError::TooManyPairs { pairs, limit });
    }
    let mut judged = 0u64;
    let mut groups = Vec::new();
    for key in order {
        let Some(list) = by_key.remove(&key) else {
            continue;
        };
        if list.len() < 2 {
            continue;
        }
        if monitor.cancelled() {
            return Err(SimilarError::Stopped { judged, pairs });
        }
        let members: Vec<Member> = list
            .into_iter()
            .map(|p| Member {
                rows: row_key(&p.grid),
                cols: col_key(&p.grid),
                puzzle: p.clone(),
            })
            .collect();
        let mut verdicts = Vec::new();
        for i in 1..members.len() {
            if i % 256 == 0 && monitor.cancelled() {
                return Err(SimilarError::Stopped { judged, pairs });
            }
            judged += i as u64;
            for j in 0..i {
                let (a, b) = (&members[j], &members[i]);
                let v = verdict_with_info(
                    &a.puzzle.grid,
                    &a.rows,
                    &a.cols,
                    &b.puzzle.grid,
                    &b.rows,
                    &b.cols,
                );
                verdicts.push((j + 1, i + 1, v));
            }
        }
        groups.push(Group {
            key,
            members,
            verdicts,
        });
    }
    Ok(Report {
        counts: sources
            .iter()
            .map(|s| (s.label.clone(), s.puzzles.len()))
            .collect(),
        groups,
    })
}

/// Language of the printed report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English wording (the default).
    #[default]
    English,
    /// The source's Japanese lines, character for character.
    Japanese,
}

/// How to print a report.
#[derive(Clone, Copy, Debug)]
pub struct ReportOptions {
    /// Language of the fixed text.
    pub lang: Lang,
    /// Print each member's key, cells, row and column information (the
    /// Perl's `$Debug = 1`, which is how the source ran it).
    pub details: bool,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            lang: Lang::English,
            details: true,
        }
    }
}

/// The report as the Perl prints it. In Japanese every line matches the
/// source's printed example; the Perl source puts a space before some lines
/// that the example does not show, and the example is what is reproduced.
pub fn render(report: &Report, opts: ReportOptions) -> String {
    let ja = opts.lang == Lang::Japanese;
    let mut out = String::new();
    out.push_str(if ja {
        "** 類似の数独問題が存在するかどうか検査します。\n"
    } else {
        "** Looking for similar Sudoku puzzles.\n"
    });
    for (label, n) in &report.counts {
        if ja {
            out.push_str(&format!("* {label} start..... ({n}個)\n"));
        } else {
            out.push_str(&format!("* {label} start..... ({n} puzzles)\n"));
        }
    }
    let total = report.total();
    out.push_str(&if ja {
        format!("** 検査結果 ** (計 {total}個の問題を検査しました)\n")
    } else {
        format!("** Results ** ({total} puzzles checked in all)\n")
    });
    for g in &report.groups {
        let n = g.members.len();
        out.push_str(&if ja {
            format!("\n* 類似の問題が {n}個見つかりました。\n")
        } else {
            format!("\n* {n} similar puzzles found.\n")
        });
        for (k, m) in g.members.iter().enumerate() {
            out.push_str(&format!("({}){}\n", k + 1, m.puzzle.name));
            if opts.details {
                let cells = m.puzzle.grid.line_zeros();
                let (key, init, rows, cols) = if ja {
                    ("キー値", "初期値", "行情報", "列情報")
                } else {
                    ("key", "cells", "rows", "columns")
                };
                out.push_str(&format!(
                    "[0]{key}=\"{}\"\n[1]{init}=\"{cells}\"\n[2]{rows}=\"{}\"\n[3]{cols}=\"{}\"\n\n",
                    g.key, m.rows, m.cols
                ));
            }
        }
        for &(j, i, v) in &g.verdicts {
            if ja {
                out.push_str(&format!("・({j})と({i})は、{}\n", v.japanese()));
            } else {
                out.push_str(&format!("- ({j}) and ({i}): {}.\n", v.english()));
            }
        }
    }
    if report.groups.is_empty() {
        out.push_str(if ja {
            "\n類似の問題はありません。"
        } else {
            "\nNo similar puzzles."
        });
    }
    out.push_str(if ja {
        "\n*** チェック終了 ***\n"
    } else {
        "\n*** Check finished ***\n"
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> Grid {
        Grid::parse(s).unwrap()
    }

    #[test]
    fn block_key_of_the_seeds_worked_example() {
        let x =
            g("000200001008000050000300000400000600210000000000050080300000002000060400009080000");
        assert_eq!(block_key(&x), "12415232439568688");
        assert_eq!(row_key(&x), "12122334646585889");
        assert_eq!(col_key(&x), "011223234465685889");
    }

    #[test]
    fn empty_grid_keys_keep_one_zero_per_unit() {
        let e = Grid::empty();
        assert_eq!(block_key(&e), "000000000");
        assert_eq!(verdict(&e, &e), Verdict::Identical);
    }

    #[test]
    fn a_report_past_its_limit_is_refused_before_any_work() {
        let x =
            g("000200001008000050000300000400000600210000000000050080300000002000060400009080000");
        let copies = |n: usize| Source {
            label: "s".into(),
            puzzles: (0..n)
                .map(|i| Named {
                    name: format!("p{i}"),
                    grid: x,
                })
                .collect(),
        };
        let e = find_similar_bounded(
            &[copies(20_000)],
            DEFAULT_PAIR_LIMIT,
            &crate::monitor::Silent,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the report would judge 199990000 pairs of similar puzzles, more than the limit of 100000: raise it with #{limit: 199990000} or give fewer puzzles"
        );
        let stop = std::sync::atomic::AtomicBool::new(true);
        let e = find_similar_bounded(&[copies(3)], 10, &crate::monitor::Flag(&stop)).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("stopped (Ctrl+C) after judging 0 of 3")
        );
        let r = find_similar_bounded(&[copies(3)], 3, &crate::monitor::Silent).unwrap();
        assert_eq!(r.groups[0].verdicts.len(), 3);
    }
}

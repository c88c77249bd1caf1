//! The CNF encoding of Sudoku from the J Sudoku-to-SAT walk-through, for any board side N = n² (4, 9, 16, 25).
//!
//! Variable `N²(d-1) + N(r-1) + c` (1-based digit d, row r, column c) is true
//! when digit d stands at row r, column c: on 9×9 that is `81(n-1)+9(r-1)+c`,
//! numbers 1..729, the source's cube `>: i. 9 9 9` with axes digit-row-column.
//!
//! Every line of the cube is a set of variables exactly one of which is true.
//! The lines come in four families:
//! - **row**: digit d somewhere in row r (lines taken digit by digit, then row);
//! - **column**: digit d somewhere in column c (digit, then column);
//! - **cell**: some digit in cell (r, c) (row, then column; the line runs over digits);
//! - **block**: digit d somewhere in block b (digit, then block row-major; the
//!   line lists the block's cells row-major).
//!
//! Clause order in a [`Cnf`] and in the DIMACS text:
//! 1. existence, one clause per line, literals ascending: all row lines, then
//!    column, cell, block lines (4·N² clauses; 324 on 9×9);
//! 2. at-most-one pairs `¬a ∨ ¬b` for the same lines in the same order; inside
//!    a line with variables x₁ < x₂ < ... the pairs run (x₂,x₁), (x₃,x₁), ...,
//!    (x₃,x₂), ... with the larger variable written first, as the source's
//!    `uniq 1 2 3` lists `2 1`, `3 1`, `3 2` (4·N²·N(N-1)/2 clauses; 11664 on 9×9);
//! 3. one unit clause per clue, cells row-major.

use super::board::SudokuBoard;

/// The four families of lines of the variable cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Digit d in row r: varies the column.
    Row,
    /// Digit d in column c: varies the row.
    Column,
    /// Cell (r, c): varies the digit.
    Cell,
    /// Digit d in block b: varies the cell inside the block.
    Block,
}

impl Family {
    /// The families in clause order.
    pub const ALL: [Family; 4] = [Family::Row, Family::Column, Family::Cell, Family::Block];

    /// Its name: `row`, `column`, `cell`, `block`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Row => "row",
            Family::Column => "column",
            Family::Cell => "cell",
            Family::Block => "block",
        }
    }

    /// The family called `name` (as [`Family::name`] gives it).
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The variable for 1-based digit `d`, row `r`, column `c` on a board of side `side`.
pub fn var(side: usize, d: usize, r: usize, c: usize) -> u32 {
    (side * side * (d - 1) + side * (r - 1) + c) as u32
}

/// The lines of one family on a board with box side `boxw`: N² lines of N
/// ascending variables, in the order the clauses use.
pub fn lines(boxw: usize, family: Family) -> Vec<Vec<u32>> {
    let side = boxw * boxw;
    let mut out = Vec::with_capacity(side * side);
    for a in 1..=side {
        for b in 1..=side {
            let line = (1..=side).map(|k| match family {
                Family::Row => var(side, a, b, k),
                Family::Column => var(side, a, k, b),
                Family::Cell => var(side, k, a, b),
                Family::Block => {
                    // b = block number row-major, k = cell inside it row-major.
                    let r = (b - 1) / boxw * boxw + (k - 1) / boxw + 1;
                    let c = (b - 1) % boxw * boxw + (k - 1) % boxw + 1;
                    var(side, a, r, c)
                }
            });
            out.push(line.collect());
        }
    }
    out
}

/// J's `cp`: every ordered pair of the line's variables, self-pairs included
/// (N² pairs), first element slowest.
pub fn cartesian(line: &[u32]) -> Vec<(u32, u32)> {
    line.iter()
        .flat_map(|&a| line.iter().map(move |&b| (a, b)))
        .collect()
}

/// The source's `uniq`: each unordered pair of distinct variables once, larger
/// first, in the order the at-most-one clauses use.
pub fn unique_pairs(line: &[u32]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(line.len() * line.len().saturating_sub(1) / 2);
    for (i, &small) in line.iter().enumerate() {
        for &large in &line[i + 1..] {
            out.push((large.max(small), large.min(small)));
        }
    }
    out
}

/// The unit clauses of a board's clues: one variable per filled cell, row-major.
pub fn clue_vars(board: &SudokuBoard) -> Vec<u32> {
    let side = board.side();
    board
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(i, &v)| var(side, v as usize, i / side + 1, i % side + 1))
        .collect()
}

/// How many clauses of each kind a Sudoku encoding holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Board side N.
    pub side: usize,
    /// Existence clauses per family (row, column, cell, block).
    pub exist: [usize; 4],
    /// At-most-one pair clauses per family.
    pub pairs: [usize; 4],
    /// Unit clauses, one per clue.
    pub clues: usize,
}

impl Counts {
    /// All existence clauses.
    pub fn exist_total(&self) -> usize {
        self.exist.iter().sum()
    }

    /// All pair clauses.
    pub fn pairs_total(&self) -> usize {
        self.pairs.iter().sum()
    }
}

/// A formula in conjunctive normal form: variables 1..=vars, clauses kept
/// flat as DIMACS writes them (each clause's literals, then 0).
///
/// Variables 1..=main are the caller's own; those above are extra
/// variables a cardinality encoding added (its counters). Counting and
/// listing models look at the main variables only, so extra variables
/// never multiply the count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    vars: u32,
    /// The caller's variables are 1..=main (main <= vars).
    main: u32,
    /// Whether `main` is settled: declared, or extra variables exist above
    /// it. A formula built from clauses alone grows it to the largest
    /// variable its clauses name.
    settled: bool,
    lits: Vec<i32>,
    clauses: usize,
    comments: Vec<String>,
    counts: Option<Counts>,
}

impl Cnf {
    /// An empty formula over `vars` variables.
    pub fn new(vars: u32) -> Cnf {
        Cnf {
            vars,
            main: vars,
            settled: true,
            lits: Vec::new(),
            clauses: 0,
            comments: Vec::new(),
            counts: None,
        }
    }

    /// Number of variables (the header's V).
    pub fn vars(&self) -> u32 {
        self.vars
    }

    /// An empty formula whose variables are those its clauses will name
    /// (the largest so far), until extra variables are added.
    pub fn growing() -> Cnf {
        Cnf {
            settled: false,
            ..Cnf::new(0)
        }
    }

    /// The caller's variables are 1..=this; those above are extra.
    pub fn main_vars(&self) -> u32 {
        self.main
    }

    /// Whether the caller's variables are settled (declared, or extra
    /// variables above them), so a literal past [`Cnf::vars`] is an error.
    pub fn is_settled(&self) -> bool {
        self.settled
    }

    /// Make variable `v` part of the formula: one it has already, or, while
    /// the caller's variables are not settled, a new one of them. False
    /// when it is past a settled formula's variables.
    pub fn admit(&mut self, v: u32) -> bool {
        if v <= self.vars {
            return true;
        }
        if self.settled {
            return false;
        }
        self.vars = v;
        self.main = v;
        true
    }

    /// `count` new extra variables after the current last one: the first
    /// of them, or `None` when the numbers would pass `i32::MAX` (DIMACS
    /// literals are i32). Settles the caller's variables.
    pub fn add_extra_vars(&mut self, count: u32) -> Option<u32> {
        let top = self.vars.checked_add(count)?;
        if top > i32::MAX as u32 {
            return None;
        }
        self.settled = true;
        let first = self.vars + 1;
        self.vars = top;
        Some(first)
    }

    /// Room for `lits` more literals in `clauses` more clauses, asked of
    /// the allocator; false when it refuses (never an abort).
    pub fn try_reserve(&mut self, lits: usize, clauses: usize) -> bool {
        self.lits.try_reserve(lits.saturating_add(clauses)).is_ok()
    }

    /// The variables of `other` (made by [`Cnf::same_vars`] before a
    /// change that was refused), clauses kept.
    pub fn take_vars_of(&mut self, other: &Cnf) {
        self.vars = other.vars;
        self.main = other.main;
        self.settled = other.settled;
    }

    /// An empty formula with the same variables (for checking clauses
    /// before any is added).
    pub fn same_vars(&self) -> Cnf {
        Cnf {
            vars: self.vars,
            main: self.main,
            settled: self.settled,
            ..Cnf::new(0)
        }
    }

    /// Number of clauses (the header's C).
    pub fn clause_count(&self) -> usize {
        self.clauses
    }

    /// The clauses, each without its final 0.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> {
        self.lits.split(|&l| l == 0).take(self.clauses)
    }

    /// Comment lines (without the leading `c `).
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// Add a comment line (line breaks become spaces).
    pub fn add_comment(&mut self, text: &str) {
        self.comments.push(text.replace(['\n', '\r'], " "));
    }

    /// The per-family counts, for formulas made by [`encode`].
    pub fn counts(&self) -> Option<&Counts> {
        self.counts.as_ref()
    }

    /// Add a clause. Literals must be nonzero and within ±vars: the caller
    /// (encoder, DIMACS reader) guarantees it. The empty clause is allowed.
    pub fn push_clause(&mut self, clause: &[i32]) {
        self.lits.extend_from_slice(clause);
        self.lits.push(0);
        self.clauses += 1;
    }

    /// The board side whose encoding has this many variables (N³ with
    /// N = 4, 9, 16, 25), if any.
    pub fn board_side(&self) -> Option<usize> {
        (2..=5)
            .map(|n| n * n)
            .find(|&side| (side * side * side) as u32 == self.vars)
    }

    /// A summary for people: variables, clauses, and for an encoded
    /// Sudoku the count of each family of clauses.
    pub fn summary(&self) -> String {
        let c = self;
        let extra = if c.main < c.vars {
            format!(" ({} main, {} extra)", c.main, c.vars - c.main)
        } else {
            String::new()
        };
        let mut s = format!(
            "CNF: {} variables{extra}, {} clauses",
            c.vars(),
            c.clause_count()
        );
        match c.counts() {
            Some(k) => {
                let each = |v: &[usize; 4]| {
                    Family::ALL
                        .iter()
                        .zip(v)
                        .map(|(f, n)| format!("{} {n}", f.name()))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                s += &format!(
                    " (Sudoku {0}×{0})\n  existence {1:>6}  ({2})\n  pairs     {3:>6}  ({4})\n  clues     {5:>6}",
                    k.side,
                    k.exist_total(),
                    each(&k.exist),
                    k.pairs_total(),
                    each(&k.pairs),
                    k.clues
                );
            }
            None => {
                s += &format!(" ({} comment lines)", c.comments().len());
            }
        }
        s
    }
}

/// The J walk-through's encoding of `board`, named `name` in its comments.
pub fn encode_named(board: &SudokuBoard, name: &str) -> Cnf {
    let boxw = board.box_side();
    let side = board.side();
    let per_line = side * (side - 1) / 2;
    let clues = clue_vars(board);
    let counts = Counts {
        side,
        exist: [side * side; 4],
        pairs: [side * side * per_line; 4],
        clues: clues.len(),
    };
    let total = counts.exist_total() + counts.pairs_total() + counts.clues;
    let mut cnf = Cnf::new((side * side * side) as u32);
    cnf.lits
        .reserve(4 * side * side * (side + 1) + 3 * counts.pairs_total() + 2 * counts.clues);
    let families: Vec<Vec<Vec<u32>>> = Family::ALL.iter().map(|&f| lines(boxw, f)).collect();
    for family in &families {
        for line in family {
            cnf.lits.extend(line.iter().map(|&v| v as i32));
            cnf.lits.push(0);
        }
    }
    for family in &families {
        for line in family {
            for (i, &small) in line.iter().enumerate() {
                for &large in &line[i + 1..] {
                    cnf.lits.extend([-(large as i32), -(small as i32), 0]);
                }
            }
        }
    }
    for v in clues {
        cnf.lits.extend([v as i32, 0]);
    }
    cnf.clauses = total;
    cnf.counts = Some(counts);
    cnf.add_comment(&format!("puzzle: {name}"));
    cnf.add_comment(&format!(
        "Sudoku {side}x{side} as SAT (the J encoding): variable {}(d-1)+{side}(r-1)+c is true when digit d is at row r, column c",
        side * side
    ));
    cnf.add_comment(&format!(
        "clauses: {} existence (row, column, cell, block), {} at-most-one pairs, {} clues",
        counts.exist_total(),
        counts.pairs_total(),
        counts.clues
    ));
    cnf
}

/// The J walk-through's encoding of `board`, named by its one-line form.
pub fn encode(board: &SudokuBoard) -> Cnf {
    encode_named(board, &board.line())
}

#[cfg(test)]
mod tests {
    use super::*;

    const YM: &str =
        "050701040703000102080406090904060803000807000108050609010603080506000701030509020";

    #[test]
    fn numbering_matches_the_seed() {
        // (<0 3 1) { b  is 29: digit 1, row 4, column 2.
        assert_eq!(var(9, 1, 4, 2), 29);
        assert_eq!(var(9, 9, 9, 9), 729);
        // The clue 2 at row 1, column 4 is variable 85.
        let clues = clue_vars(&SudokuBoard::parse(YM).unwrap());
        assert_eq!(clues.len(), 36);
        assert_eq!(var(9, 2, 1, 4), 85);
        let first_rows: Vec<Vec<u32>> = lines(3, Family::Row).into_iter().take(2).collect();
        assert_eq!(first_rows[0], (1..=9).collect::<Vec<_>>());
        assert_eq!(first_rows[1], (10..=18).collect::<Vec<_>>());
        assert_eq!(
            lines(3, Family::Column)[0],
            vec![1, 10, 19, 28, 37, 46, 55, 64, 73]
        );
        assert_eq!(
            lines(3, Family::Cell)[0],
            vec![1, 82, 163, 244, 325, 406, 487, 568, 649]
        );
        assert_eq!(
            lines(3, Family::Block)[1],
            vec![4, 5, 6, 13, 14, 15, 22, 23, 24]
        );
    }

    #[test]
    fn pairs_as_the_seed_lists_them() {
        assert_eq!(unique_pairs(&[1, 2, 3]), vec![(2, 1), (3, 1), (3, 2)]);
        assert_eq!(cartesian(&[1, 2, 3]).len(), 9);
        assert_eq!(cartesian(&[1, 2, 3])[1], (1, 2));
        assert_eq!(unique_pairs(&(1..=9).collect::<Vec<_>>()).len(), 36);
    }

    #[test]
    fn counts_for_every_size() {
        let b = SudokuBoard::parse(YM).unwrap();
        let cnf = encode(&b);
        let counts = *cnf.counts().unwrap();
        assert_eq!(counts.exist_total(), 324);
        assert_eq!(counts.pairs_total(), 11664);
        assert_eq!(counts.pairs, [2916; 4]);
        assert_eq!(cnf.clause_count(), 11988 + 36);
        assert_eq!(cnf.clauses().count(), 11988 + 36);
        assert_eq!(cnf.vars(), 729);
        assert_eq!(cnf.board_side(), Some(9));
        let first: Vec<&[i32]> = cnf.clauses().take(1).collect();
        assert_eq!(first[0], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let pair: Vec<&[i32]> = cnf.clauses().skip(324).take(2).collect();
        assert_eq!(pair, vec![&[-2, -1][..], &[-3, -1][..]]);
        let last: Vec<&[i32]> = cnf.clauses().skip(11988).take(1).collect();
        // First clue of ym: 5 at row 1, column 2.
        assert_eq!(last[0], &[var(9, 5, 1, 2) as i32]);
        for n in [2, 4, 5] {
            let side = n * n;
            let cnf = encode(&SudokuBoard::empty(n).unwrap());
            let pairs = 4 * side * side * side * (side - 1) / 2;
            assert_eq!(cnf.clause_count(), 4 * side * side + pairs);
            assert_eq!(cnf.clauses().count(), cnf.clause_count());
        }
    }
}

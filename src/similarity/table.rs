//! Groups by canonical form held compactly (what `canon_groups` returns):
//! per group its form packed four bits a cell, its first and last member
//! and its size; per puzzle grouped the next member of its group; the
//! names kept as the input gave them (a file's line numbers and the names
//! its lines carry, or the names of a list). A group's members, names and
//! line of a groups file are made when asked for, so a grouping of a large
//! file costs tens of bytes a puzzle, not a script map per group.

use hashbrown::hash_table::{Entry, HashTable};

use super::groups::Grouping;
use super::groups_file::group_line;
use super::keys::Named;
use crate::shard::{Digest, Shard};
use crate::sudoku::Grid;

/// Marks the end of a group's member list.
pub(super) const NONE: u32 = u32::MAX;

/// A canonical form packed four bits a cell, first cell highest.
pub(super) type Packed = [u64; 6];

/// `g` packed (see [`Packed`]).
pub(super) fn pack(g: &Grid) -> Packed {
    let cells = g.cells();
    // Eight cells at a time: their low nibbles gathered into 32 bits,
    // first cell highest.
    let eight = |at: usize| {
        if at >= cells.len() {
            return 0;
        }
        let mut b = [0u8; 8];
        let end = (at + 8).min(cells.len());
        b[..end - at].copy_from_slice(&cells[at..end]);
        let x = u64::from_be_bytes(b) & 0x0f0f_0f0f_0f0f_0f0f;
        let x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
        let x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
        (x | x >> 16) & 0xffff_ffff
    };
    std::array::from_fn(|w| eight(16 * w) << 32 | eight(16 * w + 8))
}

/// The grid packed in `p`.
pub(super) fn unpack(p: &Packed) -> Grid {
    Grid::from_cells(std::array::from_fn(|i| {
        (p[i / 16] >> (60 - 4 * (i % 16)) & 15) as u8
    }))
}

/// A multiply-rotate hash of a packed form, a word at a time (a form is
/// already well mixed: 324 bits of cells; a keyed hasher is slower and
/// guards against chosen collisions no file of puzzles can mount here
/// cheaply enough to matter: the worst is a slower grouping).
fn form_hash(form: &Packed) -> u64 {
    form.iter().fold(0u64, |h, &w| {
        (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95)
    })
}

/// Packed form → group number, while grouping. Only the numbers are
/// kept: a number's form is looked up in the table's forms, so no form is
/// stored twice (4 bytes an entry instead of 56).
#[derive(Default)]
pub(super) struct FormIndex(HashTable<u32>);

impl FormIndex {
    /// An index with room for `groups` groups (no rehash until then).
    pub(super) fn with_capacity(groups: usize) -> FormIndex {
        FormIndex(HashTable::with_capacity(groups))
    }
}

/// One group: its first and last member (local indices) and its size.
#[derive(Clone, Copy)]
struct Slot {
    first: u32,
    last: u32,
    count: u32,
}

/// Where the members' names come from.
enum Names {
    /// A file: per puzzle grouped its line; the names of those whose line
    /// has one, (local index, name) ascending. Unnamed is `FILE:LINE`.
    File {
        file: String,
        lines: Vec<u32>,
        named: Vec<(u32, Box<str>)>,
    },
    /// A list: the name of every puzzle of the whole input, by position.
    Given(Vec<String>),
}

/// The groups of a collection (or of one shard of it), compactly, in
/// order of first appearance, singletons included.
pub struct GroupTable {
    shard: Shard,
    forms: Vec<Packed>,
    slots: Vec<Slot>,
    /// Per puzzle grouped (local index): the next member of its group.
    next: Vec<u32>,
    names: Names,
    /// Puzzles in the whole input.
    pub total: u64,
    /// Digest of every puzzle of the input with its name (see
    /// [`crate::shard::Digest`]), for a shard's part (not kept for 1/1).
    pub digest: Digest,
    /// Per group the puzzle of its first member, packed: a shard's part
    /// carries it so that a merge can check the group's form against it
    /// (kept only when sharded).
    firsts: Option<Vec<Packed>>,
}

impl GroupTable {
    /// An empty table for the puzzles of `file` that are `shard`'s, with
    /// room for `expect` of them (a hint: the lists grow past it). Room
    /// not used is never touched, so costs no memory pages; growing
    /// instead would copy each list into fresh pages at every doubling.
    pub(super) fn for_file(file: String, shard: Shard, expect: usize) -> GroupTable {
        GroupTable {
            shard,
            forms: Vec::with_capacity(expect),
            slots: Vec::with_capacity(expect),
            next: Vec::with_capacity(expect),
            names: Names::File {
                file,
                lines: Vec::with_capacity(expect),
                named: Vec::new(),
            },
            total: 0,
            digest: Digest::default(),
            firsts: (!shard.is_whole()).then(|| Vec::with_capacity(expect)),
        }
    }

    /// The table of a grouping of `shard`'s puzzles of `named` (members at
    /// their positions in all of `named`, as
    /// [`super::groups_file::canon_groups_of_shard`] gives them).
    pub fn of_grouping(grouping: &Grouping, shard: Shard, named: Vec<Named>) -> GroupTable {
        let mut digest = Digest::default();
        if !shard.is_whole() {
            for p in &named {
                digest.add(p.grid.cells());
                digest.add(p.name.as_bytes());
                digest.add(b"\n");
            }
        }
        let mut next = vec![NONE; grouping.done];
        let mut slots = Vec::with_capacity(grouping.groups.len());
        let local = |global: usize| ((global as u64 - (shard.index() - 1)) / shard.count()) as u32;
        for g in &grouping.groups {
            let mut last = NONE;
            for &m in &g.members {
                let m = local(m);
                if last != NONE {
                    next[last as usize] = m;
                }
                last = m;
            }
            slots.push(Slot {
                first: g.members.first().map_or(NONE, |&m| local(m)),
                last,
                count: g.members.len() as u32,
            });
        }
        GroupTable {
            shard,
            forms: grouping.groups.iter().map(|g| pack(&g.form)).collect(),
            slots,
            next,
            total: named.len() as u64,
            firsts: (!shard.is_whole()).then(|| {
                grouping
                    .groups
                    .iter()
                    .map(|g| g.members.first().map_or([0; 6], |&m| pack(&named[m].grid)))
                    .collect()
            }),
            names: Names::Given(named.into_iter().map(|p| p.name).collect()),
            digest,
        }
    }

    /// The number of groups.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// True when no puzzle was grouped.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Puzzles grouped (the shard's share of the input).
    pub fn puzzles(&self) -> usize {
        self.next.len()
    }

    /// Group `g`'s canonical form (groups in order of first appearance).
    pub fn form(&self, g: usize) -> Grid {
        unpack(&self.forms[g])
    }

    /// How many puzzles group `g` has.
    pub fn count(&self, g: usize) -> usize {
        self.slots[g].count as usize
    }

    /// Group `g`'s members as positions in the whole input, ascending.
    pub fn positions(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        let mut m = self.slots[g].first;
        std::iter::from_fn(move || {
            (m != NONE).then(|| {
                let local = m;
                m = self.next[m as usize];
                self.shard.global(u64::from(local)) as usize
            })
        })
    }

    /// Group `g`'s members as positions in the whole input, ascending,
    /// with their names (a file's puzzle without one is `FILE:LINE`).
    pub fn members(&self, g: usize) -> Vec<(usize, String)> {
        let mut out = Vec::with_capacity(self.count(g));
        let mut m = self.slots[g].first;
        while m != NONE {
            let global = self.shard.global(u64::from(m)) as usize;
            out.push((global, self.name(m, global)));
            m = self.next[m as usize];
        }
        out
    }

    /// Group `g` as a line of a groups file (see [`super::groups_file`]).
    pub fn line(&self, g: usize) -> String {
        let members = self.members(g);
        let positions: Vec<usize> = members.iter().map(|m| m.0).collect();
        group_line(&self.form(g), &positions, |i| {
            let k = members.partition_point(|m| m.0 < i);
            members[k].1.as_str()
        })
    }

    /// The groups as lines of a shard's part: each the puzzle of its first
    /// member, a tab, and its line (see
    /// [`super::groups_file::part_group_line`]); `None` for the whole
    /// job's table, which keeps no puzzle.
    pub fn part_lines(&self) -> Option<impl Iterator<Item = String> + '_> {
        let firsts = self.firsts.as_ref().filter(|f| f.len() == self.len())?;
        Some(
            firsts.iter().enumerate().map(|(g, first)| {
                super::groups_file::part_group_line(&unpack(first), &self.line(g))
            }),
        )
    }

    /// The name of the member at `local` (`global` in the whole input).
    fn name(&self, local: u32, global: usize) -> String {
        match &self.names {
            Names::Given(names) => names[global].clone(),
            Names::File { file, lines, named } => {
                match named.binary_search_by_key(&local, |e| e.0) {
                    Ok(k) => named[k].1.to_string(),
                    Err(_) => format!("{file}:{}", lines[local as usize]),
                }
            }
        }
    }

    /// Takes the next puzzle of a file (local index `next.len()`), at
    /// `line`, with its name if it has one; its form comes with [`Self::add`].
    pub(super) fn take(&mut self, line: u32, name: Option<String>) {
        let local = self.next.len() as u32;
        self.next.push(NONE);
        if let Names::File { lines, named, .. } = &mut self.names {
            lines.push(line);
            if let Some(n) = name {
                named.push((local, n.into_boxed_str()));
            }
        }
    }

    /// Adds the puzzles taken at local indices `first..` with forms `forms`.
    /// Adds the puzzles `grids` of forms `forms`, the first of them the
    /// table's member `first`.
    pub(super) fn add(
        &mut self,
        first: u32,
        grids: &[Grid],
        forms: &[Packed],
        index: &mut FormIndex,
    ) {
        for (k, form) in forms.iter().enumerate() {
            let m = first + k as u32;
            let forms = &self.forms;
            let hash = form_hash(form);
            let found = index.0.entry(
                hash,
                |&g| forms[g as usize] == *form,
                |&g| form_hash(&forms[g as usize]),
            );
            match found {
                Entry::Occupied(g) => {
                    let slot = &mut self.slots[*g.get() as usize];
                    self.next[slot.last as usize] = m;
                    slot.last = m;
                    slot.count += 1;
                }
                Entry::Vacant(e) => {
                    e.insert(self.forms.len() as u32);
                    self.forms.push(*form);
                    if let (Some(firsts), Some(g)) = (&mut self.firsts, grids.get(k)) {
                        firsts.push(pack(g));
                    }
                    self.slots.push(Slot {
                        first: m,
                        last: m,
                        count: 1,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;
    use crate::similarity::groups_file::canon_groups_of_shard;

    const X: &str =
        "000200001008000050000300000400000600210000000000050080300000002000060400009080000";

    #[test]
    fn packing_round_trips() {
        let g = Grid::parse(X).unwrap();
        assert_eq!(unpack(&pack(&g)), g);
        assert_eq!(unpack(&pack(&Grid::empty())), Grid::empty());
        // Cell by cell, as the packed form is described.
        let cells: [u8; 81] = std::array::from_fn(|i| (i * 7 % 10) as u8);
        let mut want = [0u64; 6];
        for (i, &v) in cells.iter().enumerate() {
            want[i / 16] |= u64::from(v) << (60 - 4 * (i % 16));
        }
        assert_eq!(pack(&Grid::from_cells(cells)), want);
    }

    /// The table of a list's grouping gives back its groups, whole and
    /// by shard (positions in the whole list, names by position).
    #[test]
    fn a_list_grouping_reads_back() {
        let x = Grid::parse(X).unwrap();
        let mut t = crate::similarity::Transform::IDENTITY;
        t.rows = [1, 0, 2, 3, 4, 5, 6, 7, 8];
        let mut other = *x.cells();
        other.swap(0, 3);
        let grids = [x, Grid::from_cells(other), t.apply(&x), x, Grid::empty()];
        let named: Vec<Named> = grids
            .iter()
            .enumerate()
            .map(|(i, &grid)| Named {
                name: format!("p{i}"),
                grid,
            })
            .collect();
        for shard in [Shard::WHOLE, Shard::new(1, 2).unwrap()] {
            let grouping = canon_groups_of_shard(&grids, shard, &Silent);
            let table = GroupTable::of_grouping(&grouping, shard, named.clone());
            assert_eq!(table.len(), grouping.groups.len());
            assert_eq!(table.puzzles(), grouping.done);
            assert_eq!(table.total, 5);
            for (g, want) in grouping.groups.iter().enumerate() {
                assert_eq!(table.form(g), want.form);
                assert_eq!(table.count(g), want.members.len());
                assert_eq!(table.positions(g).collect::<Vec<_>>(), want.members);
                let names: Vec<String> = table.members(g).into_iter().map(|m| m.1).collect();
                let want_names: Vec<String> =
                    want.members.iter().map(|i| format!("p{i}")).collect();
                assert_eq!(names, want_names);
            }
        }
        // Whole: x and its moved copies, the other, the empty grid.
        let table = GroupTable::of_grouping(
            &canon_groups_of_shard(&grids, Shard::WHOLE, &Silent),
            Shard::WHOLE,
            named,
        );
        let members: Vec<Vec<usize>> = (0..3).map(|g| table.positions(g).collect()).collect();
        assert_eq!(members, vec![vec![0, 2, 3], vec![1], vec![4]]);
    }
}

//! Human solving techniques as Sudoku Explainer (SE) rates them: each
//! technique finds all its instances in a candidate grid, [`hint`] takes
//! the step SE would take next, [`explain`] every step, and [`se_rate`]
//! SE's ER/EP/ED when the whole path is one this engine can reproduce.
//!
//! SE's rule for the next step (as `serate` runs it, default settings of
//! Sukaku Explainer): its techniques are tried in a fixed order, roughly
//! by rating ([`SE_ORDER`]), and the first instance the first productive
//! technique finds is applied. So a step is only known to be SE's when
//! every technique before it in that order is implemented here: when one
//! that is not comes first, SE might have
//! found an instance of it instead. Steps carry that as [`Step::exact`],
//! and [`se_rate`] never reports a figure that depends on such a step as
//! SE's: it gives a lower bound instead (see [`Rating`]).
//!
//! Ratings are kept in tenths (`12` is SE's 1.2) so that comparisons are
//! exact.

mod aligned;
mod batch;
mod board;
mod chains;
mod fish;
mod links;
mod path;
mod position;
mod sets;
mod singles;
mod step;
#[cfg(test)]
mod tests;
mod turbot;
mod uniqueness;
mod wings;

use std::ops::ControlFlow;

use crate::monitor::{Monitor, Silent};

pub use batch::{RateSummary, Rated, rate_file, serate_line};
pub use board::{CandidateGrid, REGIONS, region_name};
pub use path::{
    BEYOND_SOLVER, Explanation, RateError, Rating, SearchStopped, explain, explain_capped,
    explain_with, hint, hint_up_to, hint_watched, se_rate, se_rate_capped, se_rate_position,
    se_rate_with, stuck_reason,
};
pub use position::{
    Before, PositionError, apply_step, position_before, position_before_capped, technique_matches,
};
pub use step::{Link, Sink, Step};

/// A technique's finder: every instance in SE's scan order.
type Finder = fn(&CandidateGrid, &mut Sink) -> ControlFlow<()>;

/// One entry of SE's order of techniques.
pub struct Producer {
    /// What SE calls the technique (family) here.
    pub name: &'static str,
    /// Its ratings, lowest to highest, in tenths.
    pub ratings: (u8, u8),
    /// The finder, `None` when not implemented yet.
    finder: Option<Finder>,
}

impl Producer {
    /// True when this engine can find the technique.
    pub fn implemented(&self) -> bool {
        self.finder.is_some()
    }

    /// True for SE's "advanced" and "experimental" producers, the nested
    /// forcing chains: SE tries them only when its validity checks gave no
    /// warning, on a position with exactly one solution (they can take
    /// minutes on a grid with many).
    pub fn advanced(&self) -> bool {
        self.name.starts_with("Nested Forcing Chain")
    }

    /// Every instance of the technique on a board (empty when not
    /// implemented).
    pub fn find_all(&self, b: &CandidateGrid) -> Vec<Step> {
        self.run(b, false)
    }

    /// Every instance, watched by `monitor`, and whether it stopped the
    /// search (the instances are then incomplete).
    pub fn find_all_watched(&self, b: &CandidateGrid, monitor: &dyn Monitor) -> (Vec<Step>, bool) {
        self.run_watched(b, false, monitor)
    }

    fn run(&self, b: &CandidateGrid, first_only: bool) -> Vec<Step> {
        self.run_watched(b, first_only, &Silent).0
    }

    /// The instances found and whether the monitor stopped the search.
    fn run_watched(
        &self,
        b: &CandidateGrid,
        first_only: bool,
        monitor: &dyn Monitor,
    ) -> (Vec<Step>, bool) {
        let mut sink = Sink::watched(first_only, monitor);
        if let Some(f) = self.finder {
            let _ = f(b, &mut sink);
        }
        (sink.steps, sink.stopped)
    }
}

const fn implemented(name: &'static str, lo: u8, hi: u8, f: Finder) -> Producer {
    Producer {
        name,
        ratings: (lo, hi),
        finder: Some(f),
    }
}

#[allow(dead_code)] // every SE technique is built now; kept for new ones
const fn missing(name: &'static str, lo: u8, hi: u8) -> Producer {
    Producer {
        name,
        ratings: (lo, hi),
        finder: None,
    }
}

/// SE's techniques in the order `serate` tries them (Sukaku Explainer's
/// default settings, its `Solver` constructor), with their ratings.
pub const SE_ORDER: &[Producer] = &[
    implemented("Hidden Single", 10, 15, singles::hidden_single),
    implemented("Direct Pointing/Claiming", 17, 19, singles::direct_locking),
    implemented("Direct Hidden Pair", 20, 20, singles::direct_hidden_pair),
    implemented("Naked Single", 23, 23, singles::naked_single),
    implemented(
        "Direct Hidden Triplet",
        25,
        25,
        singles::direct_hidden_triplet,
    ),
    implemented("Pointing/Claiming", 26, 28, sets::locking),
    implemented("Naked Pair", 30, 30, sets::naked_pair),
    implemented("X-Wing", 32, 32, fish::x_wing),
    implemented("Hidden Pair", 34, 34, sets::hidden_pair),
    implemented("Naked Triplet", 36, 36, sets::naked_triplet),
    implemented("Swordfish", 38, 38, fish::swordfish),
    implemented("Hidden Triplet", 40, 40, sets::hidden_triplet),
    implemented("Turbot Fish", 40, 43, turbot::turbot_fish),
    implemented("XY-Wing", 42, 42, fish::xy_wing),
    implemented("XYZ-Wing", 44, 44, fish::xyz_wing),
    implemented("Unique Rectangle/Loop", 45, 50, uniqueness::unique_loops),
    implemented("Naked Quad", 50, 50, sets::naked_quad),
    implemented("Jellyfish", 52, 52, fish::jellyfish),
    implemented("Hidden Quad", 54, 54, sets::hidden_quad),
    implemented("3 Strong Links", 54, 57, links::three_strong_links),
    implemented("WXYZ-Wing", 55, 56, wings::wxyz_wing),
    implemented("Bivalue Universal Grave", 56, 62, uniqueness::bug),
    implemented("4 Strong Links", 58, 61, links::four_strong_links),
    implemented("VWXYZ-Wing", 62, 64, wings::vwxyz_wing),
    implemented("Aligned Pair Exclusion", 62, 62, aligned::aligned_pair),
    implemented("UVWXYZ-Wing", 66, 66, wings::uvwxyz_wing),
    implemented(
        "Forcing Chain / Bidirectional Cycle",
        65,
        80,
        chains::forcing_chains_and_cycles,
    ),
    implemented("TUVWXYZ-Wing", 75, 75, wings::tuvwxyz_wing),
    implemented(
        "Aligned Triplet Exclusion",
        75,
        75,
        aligned::aligned_triplet,
    ),
    implemented("Nishio Forcing Chain", 75, 90, chains::nishio),
    implemented("Multiple Forcing Chain", 80, 95, chains::multiple),
    implemented("Dynamic Forcing Chain", 85, 100, chains::dynamic),
    implemented("Dynamic Forcing Chain (+)", 90, 105, chains::dynamic_plus),
    implemented(
        "Nested Forcing Chain (+ Forcing Chains)",
        95,
        120,
        chains::nested_forcing_chains,
    ),
    implemented(
        "Nested Forcing Chain (+ Multiple Forcing Chains)",
        100,
        120,
        chains::nested_multiple_chains,
    ),
    implemented(
        "Nested Forcing Chain (+ Dynamic Forcing Chains)",
        105,
        120,
        chains::nested_dynamic_chains,
    ),
];

/// A technique as [`techniques`] lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechniqueInfo {
    /// SE's name.
    pub name: &'static str,
    /// SE's base rating in tenths.
    pub rating: u8,
    /// The [`SE_ORDER`] entry that finds it.
    pub producer: &'static str,
    /// What the name covers when SE rates instances differently.
    pub note: &'static str,
}

/// The implemented techniques by SE's names, in SE's order, with their
/// base ratings.
pub const TECHNIQUES: &[TechniqueInfo] = &[
    info(
        "Hidden Single",
        10,
        "Hidden Single",
        "1.0 last empty cell of a region, 1.2 in a block, 1.5 in a row or column",
    ),
    info(
        "Direct Pointing",
        17,
        "Direct Pointing/Claiming",
        "a pointing that leaves a hidden single",
    ),
    info(
        "Direct Claiming",
        19,
        "Direct Pointing/Claiming",
        "a claiming that leaves a hidden single",
    ),
    info(
        "Direct Hidden Pair",
        20,
        "Direct Hidden Pair",
        "a hidden pair that leaves a hidden single",
    ),
    info(
        "Naked Single",
        23,
        "Naked Single",
        "a cell with one candidate",
    ),
    info(
        "Direct Hidden Triplet",
        25,
        "Direct Hidden Triplet",
        "a hidden triplet that leaves a hidden single",
    ),
    info(
        "Pointing",
        26,
        "Pointing/Claiming",
        "a digit of a block confined to one line",
    ),
    info(
        "Claiming",
        28,
        "Pointing/Claiming",
        "a digit of a line confined to one block",
    ),
    info("Naked Pair", 30, "Naked Pair", ""),
    info("X-Wing", 32, "X-Wing", ""),
    info("Hidden Pair", 34, "Hidden Pair", ""),
    info("Naked Triplet", 36, "Naked Triplet", ""),
    info("Swordfish", 38, "Swordfish", ""),
    info("Hidden Triplet", 40, "Hidden Triplet", ""),
    info(
        "Skyscraper",
        40,
        "Turbot Fish",
        "two strong links on parallel lines",
    ),
    info(
        "2-String Kite",
        41,
        "Turbot Fish",
        "strong links on a row and a column",
    ),
    info(
        "2 Strong links",
        41,
        "Turbot Fish",
        "a turbot fish with a strong link in a block",
    ),
    info(
        "(2 Strong Links) X-Loop",
        40,
        "Turbot Fish",
        "two strong links whose ends meet in pairs: it also clears the regions joining them; 4.1 unless on parallel lines",
    ),
    info(
        "Grouped Skyscraper",
        43,
        "Turbot Fish",
        "a skyscraper with a grouped link: the places of a line in two of its blocks",
    ),
    info(
        "Grouped 2-String Kite",
        43,
        "Turbot Fish",
        "a 2-string kite with a grouped link",
    ),
    info(
        "Grouped 2 Strong links",
        43,
        "Turbot Fish",
        "a block link and a grouped one (an empty rectangle, a block's places in two of its rows or columns, a line's in two blocks)",
    ),
    info(
        "(2 Strong Links) Grouped X-Loop",
        43,
        "Turbot Fish",
        "an X-loop of two strong links, one or both grouped",
    ),
    info("XY-Wing", 42, "XY-Wing", ""),
    info("XYZ-Wing", 44, "XYZ-Wing", ""),
    info(
        "Unique Rectangle type 1",
        45,
        "Unique Rectangle/Loop",
        "a loop of 6 cells is \"Unique Loop 6 type 1\" (4.6), 8 cells 4.7, 10 or more 5.0",
    ),
    info(
        "Unique Rectangle type 2",
        45,
        "Unique Rectangle/Loop",
        "the rescue cells share one extra digit",
    ),
    info(
        "Unique Rectangle type 3",
        45,
        "Unique Rectangle/Loop",
        "a naked set (+0.1 a digit beyond one) or hidden set (+0.1 a cell beyond two) with the rescue cells",
    ),
    info(
        "Unique Rectangle type 4",
        45,
        "Unique Rectangle/Loop",
        "a loop digit locked in the rescue cells",
    ),
    info("Unique Loop 6 type 1", 46, "Unique Rectangle/Loop", ""),
    info("Unique Loop 6 type 2", 46, "Unique Rectangle/Loop", ""),
    info("Unique Loop 6 type 3", 46, "Unique Rectangle/Loop", ""),
    info("Unique Loop 6 type 4", 46, "Unique Rectangle/Loop", ""),
    info("Unique Loop 8 type 1", 47, "Unique Rectangle/Loop", ""),
    info("Unique Loop 8 type 2", 47, "Unique Rectangle/Loop", ""),
    info("Unique Loop 8 type 3", 47, "Unique Rectangle/Loop", ""),
    info("Unique Loop 8 type 4", 47, "Unique Rectangle/Loop", ""),
    info("Naked Quad", 50, "Naked Quad", ""),
    info("Jellyfish", 52, "Jellyfish", ""),
    info("Hidden Quad", 54, "Hidden Quad", ""),
    info(
        "3 Skyscrapers",
        54,
        "3 Strong Links",
        "three strong links on parallel lines, joined by weak links",
    ),
    info(
        "(3 Strong Links) X-Loop",
        54,
        "3 Strong Links",
        "three strong links closing into a loop: 5.4 lines of one kind, 5.5 with a block or both kinds, 5.6 with both; grouped 5.7",
    ),
    info(
        "3-String Kite",
        55,
        "3 Strong Links",
        "three strong links on rows and columns",
    ),
    info(
        "3 Strong links",
        55,
        "3 Strong Links",
        "three strong links, one or more in a block: 5.5, 5.6 with rows and columns too",
    ),
    info(
        "Grouped 3 Skyscrapers",
        57,
        "3 Strong Links",
        "3 Skyscrapers with a grouped link (places in two mini-lines, or an empty rectangle)",
    ),
    info(
        "Grouped 3-String Kite",
        57,
        "3 Strong Links",
        "3-String Kite with a grouped link",
    ),
    info(
        "Grouped 3 Strong links",
        57,
        "3 Strong Links",
        "3 Strong links with a grouped link",
    ),
    info(
        "(3 Strong Links) Grouped X-Loop",
        57,
        "3 Strong Links",
        "a loop of three strong links, one grouped",
    ),
    info(
        "WXYZ-Wing",
        55,
        "WXYZ-Wing",
        "a set of 3 cells with 4 digits and a bivalue cell; 5.6 when its biggest cell has 3",
    ),
    info(
        "BUG type 1",
        56,
        "Bivalue Universal Grave",
        "one cell breaks the grave",
    ),
    info(
        "BUG type 2",
        57,
        "Bivalue Universal Grave",
        "one digit breaks it",
    ),
    info(
        "BUG type 3",
        58,
        "Bivalue Universal Grave",
        "a naked set with the breaking digits: 5.8 pair, +0.1 a digit",
    ),
    info(
        "BUG type 4",
        57,
        "Bivalue Universal Grave",
        "a digit locked in the two breaking cells",
    ),
    info(
        "4 Skyscrapers",
        58,
        "4 Strong Links",
        "four strong links on parallel lines, joined by weak links",
    ),
    info(
        "(4 Strong Links) X-Loop",
        58,
        "4 Strong Links",
        "four strong links closing into a loop: 5.8 lines of one kind, 5.9 with a block or both kinds, 6.0 with both; grouped 6.1",
    ),
    info(
        "4 Strong links",
        59,
        "4 Strong Links",
        "four strong links, not all on parallel lines: 5.9, 6.0 with a block, rows and columns",
    ),
    info(
        "Grouped 4 Skyscrapers",
        61,
        "4 Strong Links",
        "4 Skyscrapers with a grouped link",
    ),
    info(
        "Grouped 4 Strong links",
        61,
        "4 Strong Links",
        "4 Strong links with a grouped link",
    ),
    info(
        "(4 Strong Links) Grouped X-Loop",
        61,
        "4 Strong Links",
        "a loop of four strong links, one grouped",
    ),
    info(
        "VWXYZ-Wing",
        62,
        "VWXYZ-Wing",
        "a set of 4 cells with 5 digits and a bivalue cell; 6.3-6.4 by its biggest cell",
    ),
    info("Aligned Pair Exclusion", 62, "Aligned Pair Exclusion", ""),
    info(
        "UVWXYZ-Wing",
        66,
        "UVWXYZ-Wing",
        "a set of 5 cells with 6 digits and a bivalue cell",
    ),
    info(
        "Bidirectional X-Cycle",
        65,
        "Forcing Chain / Bidirectional Cycle",
        "a loop of X-links; 6.5 plus 0.1 per step of length (4, 6, 8, 12, 16, ...)",
    ),
    info(
        "Bidirectional Y-Cycle",
        65,
        "Forcing Chain / Bidirectional Cycle",
        "a loop through bivalue cells; plus the length increment",
    ),
    info(
        "Generalized X-Wing",
        65,
        "Forcing Chain / Bidirectional Cycle",
        "an X-cycle on four cells",
    ),
    info(
        "Turbot Fish",
        66,
        "Forcing Chain / Bidirectional Cycle",
        "a forcing X-chain of six nodes",
    ),
    info(
        "Forcing X-Chain",
        66,
        "Forcing Chain / Bidirectional Cycle",
        "X-links from a candidate to its opposite; plus the length increment",
    ),
    info(
        "Bidirectional Cycle",
        70,
        "Forcing Chain / Bidirectional Cycle",
        "a loop of X- and Y-links; plus the length increment",
    ),
    info(
        "Forcing Chain",
        70,
        "Forcing Chain / Bidirectional Cycle",
        "X- and Y-links from a candidate to its opposite; plus the length increment",
    ),
    info(
        "TUVWXYZ-Wing",
        75,
        "TUVWXYZ-Wing",
        "a set of 6 cells with 7 digits and a bivalue cell",
    ),
    info(
        "Aligned Triplet Exclusion",
        75,
        "Aligned Triplet Exclusion",
        "",
    ),
    info(
        "Nishio Forcing Chain",
        75,
        "Nishio Forcing Chain",
        "a candidate whose X-links lead to a contradiction (dynamic); plus the length increment",
    ),
    info(
        "Cell Forcing Chains",
        80,
        "Multiple Forcing Chain",
        "every candidate of a cell implies it; 8.0 static, 8.5 dynamic (9.0, 9.5, 10.0, 10.5 with (+) and nested chains), plus the length increment",
    ),
    info(
        "Region Forcing Chains",
        80,
        "Multiple Forcing Chain",
        "every place of a digit in a region implies it; 8.0 static, 8.5 dynamic (9.0, 9.5, 10.0, 10.5 with (+) and nested chains), plus the length increment",
    ),
    info(
        "Double Forcing Chain",
        85,
        "Dynamic Forcing Chain",
        "a candidate on and off both imply it; plus the length increment (9.0 in Dynamic Forcing Chain (+), whose chains also use pointing/claiming, hidden and naked pairs and X-wings; 9.5, 10.0 and 10.5 in Nested Forcing Chains, whose chains also use forcing chains, then multiple forcing chains, then (level 4) dynamic forcing chains, and count their lengths)",
    ),
    info(
        "Contradiction Forcing Chain",
        85,
        "Dynamic Forcing Chain",
        "a candidate leads to a contradiction; plus the length increment (9.0 in Dynamic Forcing Chain (+), 9.5, 10.0 and 10.5 in Nested Forcing Chains)",
    ),
];

const fn info(
    name: &'static str,
    rating: u8,
    producer: &'static str,
    note: &'static str,
) -> TechniqueInfo {
    TechniqueInfo {
        name,
        rating,
        producer,
        note,
    }
}

/// Every implemented technique with its base rating.
pub fn techniques() -> &'static [TechniqueInfo] {
    TECHNIQUES
}

/// Every instance of the technique named `name` (SE's name, e.g.
/// `Naked Pair`; `Pointing` and `Claiming` share one finder, as do the
/// direct ones) on a board, or `None` when no implemented technique has
/// that name.
pub fn find(name: &str, b: &CandidateGrid) -> Option<Vec<Step>> {
    let wanted = TECHNIQUES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))?;
    let producer = SE_ORDER.iter().find(|p| p.name == wanted.producer)?;
    Some(
        producer
            .find_all(b)
            .into_iter()
            .filter(|s| s.technique == wanted.name)
            .collect(),
    )
}

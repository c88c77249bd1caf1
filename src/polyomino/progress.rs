//! What one top-level branch of a search found, and the progress shared
//! by the threads searching.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::monitor::{Monitor, Progress};

use super::packing::Packing;

/// Why a search ended before exhausting the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The monitor asked to stop.
    Cancelled,
    /// `limit` solutions were found.
    Limit,
}

/// What one branch found.
#[derive(Debug, Default)]
pub(crate) struct Found {
    pub count: u64,
    pub packings: Vec<Packing>,
    pub nodes: u64,
    pub stopped: Option<Stopped>,
}

/// What the threads of one search share: its progress, and the flat
/// sweep's table of counts by state.
pub(crate) struct Shared<'a> {
    pub monitor: &'a dyn Monitor,
    pub branches_done: AtomicU64,
    pub branches: u64,
    pub found: AtomicU64,
    pub cancelled: AtomicBool,
    pub counts: super::search::Counts,
}

impl Shared<'_> {
    pub(crate) fn report(&self) {
        self.monitor.report(&Progress {
            label: "polyomino: top-level branches",
            done: self.branches_done.load(Ordering::Relaxed),
            total: Some(self.branches),
            found: self.found.load(Ordering::Relaxed),
        });
    }
}

//! Similar Sudoku puzzles (after the Perl similar-puzzle finder): block/row/column keys, verdicts, the
//! report the Perl program prints, and an exact canonical form under the
//! whole symmetry group, with grouping of whole collections.
//!
//! - [`keys`]: the source's keys, verdicts and report, faithfully.
//! - [`canon`]: the minlex canonical form, transformations, equivalence.
//! - [`groups`]: canonical forms of many puzzles on all cores.
//! - [`groups_file`]: groups as a file, and the groups of one shard.
//! - [`read`]: puzzle files as named puzzles, through `sudoku::formats`.
//! - [`stream`]: grouping a file as it is read, keeping only the groups.
//! - [`table`]: groups held compactly, members and names made on demand.

pub mod canon;
pub mod groups;
pub mod groups_file;
pub mod keys;
pub mod read;
pub mod stream;
pub mod table;

pub use canon::{Canonicalizer, Transform, TransformError, canon, canon_brute_force, equivalent};
pub use groups::{CanonGroup, Grouping, canon_groups};
pub use keys::{
    DEFAULT_PAIR_LIMIT, Group, Lang, Member, Named, Report, ReportOptions, SimilarError, Source,
    Verdict, block_key, col_key, find_similar, find_similar_bounded, render, row_key, verdict,
};
pub use read::{ReadError, parse_text, read_file};
pub use table::GroupTable;

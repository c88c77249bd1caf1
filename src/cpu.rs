//! Which compiled copy of the hot searches runs: the one place that asks
//! the CPU what it has and reads `PUZZLELAB_ISA`.
//!
//! The Sudoku solver (`sudoku::solver`), the search for solids in boxes
//! (`polyomino::search::fewest::copies`) and the puzzle minlex search
//! (`similarity::canon::puzzle::copies`) are each compiled for the
//! target's baseline and, on x86-64, once more per level below, with that
//! level's instructions enabled (`#[target_feature]`); each run picks a
//! copy by [`level`]. Executing a copy whose instructions the CPU lacks is
//! undefined behaviour, so a level is only ever in use where the CPU
//! reported every feature it names (asked once, then remembered).
//!
//! The levels, each including the ones before it:
//! - `portable`: the target's baseline (runs everywhere);
//! - `v3`: AVX2, BMI1, BMI2, LZCNT and POPCNT (the integer part of
//!   x86-64-v3; its FMA, F16C and MOVBE are not used);
//! - `v4`: `v3` and AVX-512 F, VL, BW, DQ and VPOPCNTDQ (x86-64-v4 without
//!   CD, plus the vector popcount the packing search counts with: Ice
//!   Lake, Zen 4 and later; an AVX-512 CPU without VPOPCNTDQ, such as
//!   Skylake-X, runs `v3`).
//!
//! A copy's entry points enable exactly their level's list, written as
//! [`V3_FEATURES`] or [`V4_FEATURES`] spell it; the helpers they inline
//! enable part of it. A test below reads every `#[target_feature]` in
//! `src/` and holds it to that.
//!
//! `PUZZLELAB_ISA=portable|v3|v4|native` forces a level (`native`, the best
//! this CPU runs, is the default), so that each copy can be run and
//! measured. A name that is no level, or a level this CPU cannot run, is
//! an error the front end reports before any work ([`chosen`]); a caller
//! that did not ask gets the best level the CPU runs, never more.

use std::fmt;
use std::sync::OnceLock;

/// The environment variable that forces a level.
pub const VARIABLE: &str = "PUZZLELAB_ISA";

/// What a `v3` copy's entry points enable (`#[target_feature(enable = ..)]`).
pub const V3_FEATURES: &str = "avx2,bmi1,bmi2,lzcnt,popcnt";

/// What a `v4` copy's entry points enable.
pub const V4_FEATURES: &str =
    "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq";

/// A compiled copy's instruction level; each later one needs everything
/// the earlier ones need (so `Ord` ranks them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The target's baseline instructions only.
    Portable,
    /// x86-64 with [`V3_FEATURES`].
    V3,
    /// x86-64 with [`V4_FEATURES`].
    V4,
}

impl Level {
    /// Every level, slowest first.
    pub const ALL: [Level; 3] = [Level::Portable, Level::V3, Level::V4];

    /// The level's name, as `PUZZLELAB_ISA` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::V3 => "v3",
            Level::V4 => "v4",
        }
    }

    /// The CPU features the level needs, the earlier levels' included
    /// (none for `portable`).
    pub fn features(self) -> Vec<&'static str> {
        match self {
            Level::Portable => Vec::new(),
            Level::V3 => V3_FEATURES.split(',').collect(),
            Level::V4 => V4_FEATURES.split(',').collect(),
        }
    }

    /// True when this CPU has every feature the level needs.
    pub fn runs_here(self) -> bool {
        self <= best()
    }

    /// The features the level needs that this CPU lacks (none where it
    /// [`runs_here`](Level::runs_here)).
    pub fn missing(self) -> Vec<&'static str> {
        self.features().into_iter().filter(|f| !has(f)).collect()
    }

    /// Why this CPU cannot run the level (`v4 needs avx512f, ...; this CPU
    /// lacks avx512vpopcntdq`), or `None` when it can: the words of a
    /// test's SKIPPED line and of the refusal of a forced level.
    pub fn lacks(self) -> Option<String> {
        let missing = self.missing();
        (!missing.is_empty()).then(|| {
            format!(
                "{} needs {}; this CPU lacks {}",
                self.name(),
                self.features().join(", "),
                missing.join(", ")
            )
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether this CPU has `feature` (one of the names in the levels' lists;
/// any other name is `false`).
fn has(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as detected;
        match feature {
            "avx2" => detected!("avx2"),
            "bmi1" => detected!("bmi1"),
            "bmi2" => detected!("bmi2"),
            "lzcnt" => detected!("lzcnt"),
            "popcnt" => detected!("popcnt"),
            "avx512f" => detected!("avx512f"),
            "avx512vl" => detected!("avx512vl"),
            "avx512bw" => detected!("avx512bw"),
            "avx512dq" => detected!("avx512dq"),
            "avx512vpopcntdq" => detected!("avx512vpopcntdq"),
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}

/// The best level this CPU runs (asked of the CPU once, then remembered).
pub fn best() -> Level {
    static BEST: OnceLock<Level> = OnceLock::new();
    *BEST.get_or_init(|| {
        Level::ALL
            .into_iter()
            .rev()
            .find(|l| l.features().iter().all(|f| has(f)))
            .unwrap_or(Level::Portable)
    })
}

/// The level every search runs: the one `PUZZLELAB_ISA` forces, else the
/// best this CPU runs. Where the variable is wrong ([`chosen`] says why)
/// the best level this CPU runs: never one it cannot.
#[inline]
pub fn level() -> Level {
    match chosen() {
        Ok(level) => *level,
        Err(_) => best(),
    }
}

/// The level `PUZZLELAB_ISA` asks for (read once), or why it cannot be
/// used: what the front ends check before any work.
pub fn chosen() -> &'static Result<Level, LevelError> {
    static CHOSEN: OnceLock<Result<Level, LevelError>> = OnceLock::new();
    CHOSEN.get_or_init(|| match std::env::var_os(VARIABLE) {
        None => Ok(best()),
        Some(value) => parse(&value.to_string_lossy(), best()),
    })
}

/// The level `name` names on a CPU whose best is `best`: a level's name,
/// `native` (`best`) or nothing (`best` too: `PUZZLELAB_ISA=` is unset).
/// Case and surrounding spaces do not matter.
pub fn parse(name: &str, best: Level) -> Result<Level, LevelError> {
    let name = name.trim();
    if name.is_empty() || name.eq_ignore_ascii_case("native") {
        return Ok(best);
    }
    let level = Level::ALL
        .into_iter()
        .find(|l| name.eq_ignore_ascii_case(l.name()))
        .ok_or_else(|| LevelError::Unknown(name.to_string()))?;
    if level > best {
        return Err(LevelError::Unsupported { level, best });
    }
    Ok(level)
}

/// Why `PUZZLELAB_ISA` cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// The value names no level.
    Unknown(String),
    /// A level this CPU cannot run (its best is `best`).
    Unsupported { level: Level, best: Level },
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        match self {
            LevelError::Unknown(name) => write!(
                f,
                "{VARIABLE}={name:?} names no level: use one of {} or native",
                names.join(", ")
            ),
            LevelError::Unsupported { level, best } => {
                let why = level
                    .lacks()
                    .unwrap_or_else(|| format!("{level} needs {}", level.features().join(", ")));
                write!(
                    f,
                    "{VARIABLE}={level} cannot run here: {why} (its best level is {best}; \
                     unset {VARIABLE} or use native for it)"
                )
            }
        }
    }
}

impl std::error::Error for LevelError {}

/// The level in use and how it was chosen, for `--version`: `v4 (native)`,
/// `v3 (PUZZLELAB_ISA=v3; native is v4)`.
pub fn describe() -> String {
    let level = level();
    match std::env::var(VARIABLE) {
        Ok(v) if !v.trim().is_empty() && level != best() => {
            format!("{level} ({VARIABLE}={}; native is {})", v.trim(), best())
        }
        _ => format!("{level} (native)"),
    }
}

/// Runs a test's check of `level`'s copy where this CPU runs it: true
/// then; else prints `SKIPPED: test: why` (shown with `--nocapture`) and
/// gives false, so that a copy left untested says so.
#[cfg(test)]
pub(crate) fn runs_or_skips(level: Level, test: &str) -> bool {
    match level.lacks() {
        None => true,
        Some(why) => {
            println!("SKIPPED: {test}: {why}");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_unknown_ones_list_the_levels() {
        assert_eq!(parse("v3", Level::V4), Ok(Level::V3));
        assert_eq!(parse(" V4 ", Level::V4), Ok(Level::V4));
        assert_eq!(parse("portable", Level::Portable), Ok(Level::Portable));
        assert_eq!(parse("native", Level::V3), Ok(Level::V3));
        assert_eq!(parse("", Level::V3), Ok(Level::V3));
        let e = parse("avx512", Level::V4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "PUZZLELAB_ISA=\"avx512\" names no level: use one of portable, v3, v4 or native"
        );
        let e = parse("v4", Level::V3).unwrap_err();
        assert_eq!(
            e,
            LevelError::Unsupported {
                level: Level::V4,
                best: Level::V3
            }
        );
        let text = e.to_string();
        assert!(
            text.starts_with("PUZZLELAB_ISA=v4 cannot run here: v4 needs avx2, bmi1,"),
            "{text}"
        );
        assert!(text.contains("its best level is v3"), "{text}");
    }

    #[test]
    fn the_best_level_has_every_feature_it_names() {
        let best = best();
        assert!(best.missing().is_empty());
        assert!(best.lacks().is_none());
        assert!(Level::Portable.runs_here());
        for level in Level::ALL {
            assert_eq!(level.runs_here(), level <= best, "{level}");
            assert_eq!(level.runs_here(), level.missing().is_empty(), "{level}");
        }
        // Each level's list holds the one before it.
        let v3 = Level::V3.features();
        assert!(Level::V4.features().starts_with(&v3));
        // Independent of `has`: the standard library's own answer.
        #[cfg(target_arch = "x86_64")]
        {
            let v4 = std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
                && std::arch::is_x86_feature_detected!("avx2");
            assert_eq!(best == Level::V4, v4 && Level::V4.missing().is_empty());
        }
    }

    /// Every `#[target_feature(enable = "...")]` in `src/` enables only
    /// features of a level, and the copies' entry points (functions named
    /// `..._x86v3`, `..._x86v4...`) exactly their level's list: a copy
    /// runs only where [`level`] says the CPU has every feature it uses.
    #[test]
    fn every_target_feature_is_within_its_level() {
        let v3 = Level::V3.features();
        let v4 = Level::V4.features();
        let mut seen = 0;
        let mut files = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("cpu.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (at, _) in text.match_indices("#[target_feature(") {
                let rest = &text[at..];
                let list = rest.split('"').nth(1).unwrap();
                let features: Vec<&str> = list.split(',').collect();
                let after = &rest[rest.find(')').unwrap()..];
                let name = after.split("fn ").nth(1).unwrap();
                let name = &name[..name.find(['(', '<']).unwrap()];
                let place = format!("{}: fn {name}", path.display());
                assert!(features.iter().all(|f| v4.contains(f)), "{place}: {list}");
                if !features.iter().any(|f| f.starts_with("avx512")) {
                    assert!(features.iter().all(|f| v3.contains(f)), "{place}: {list}");
                }
                if name.ends_with("_x86v3") {
                    assert_eq!(list, V3_FEATURES, "{place}");
                } else if name.contains("_x86v4") {
                    assert_eq!(list, V4_FEATURES, "{place}");
                }
                seen += 1;
            }
        }
        assert!(seen > 20, "{seen} attributes found");
    }
}

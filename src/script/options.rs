//! The options map a script function may take (`#{limit: 1, raw: true}`),
//! read one way everywhere: an unknown key is an error naming the key, the
//! function and the known keys; a value of the wrong kind names the option
//! and what it must be.

use std::ops::RangeInclusive;

use rhai::{Array, Dynamic, EvalAltResult, Map};

use super::error;

/// Whole-number argument `what` of script function `function` (a count or a
/// side) as a `usize`: a negative one is refused with the value as given,
/// never cast to 0 or wrapped (so `board(-1, 5)` says -1, not "0×5").
pub fn count(function: &str, what: &str, n: i64) -> Result<usize, Box<EvalAltResult>> {
    usize::try_from(n)
        .map_err(|_| error(format!("{function}: {what} is {n}: it must be 0 or more")))
}

/// An options map being read by script function `function`.
pub struct Options {
    function: &'static str,
    map: Map,
}

impl Options {
    /// Check that every key of `map` is one of `known`, then read it.
    pub fn new(
        function: &'static str,
        map: Map,
        known: &[&str],
    ) -> Result<Options, Box<EvalAltResult>> {
        // Rhai's maps are ordered, so the first unknown key is the same each run.
        if let Some(key) = map.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(error(format!(
                "unknown option {:?} for {function}; known: {}",
                key.as_str(),
                known.join(", ")
            )));
        }
        Ok(Options { function, map })
    }

    fn take(&mut self, key: &str) -> Option<Dynamic> {
        self.map.remove(key)
    }

    /// `key` as given, for an option of several kinds (read by the caller).
    pub fn value(&mut self, key: &str) -> Option<Dynamic> {
        self.take(key)
    }

    /// The error for option `key`, which must be `must` and is `given`.
    fn wrong(&self, key: &str, must: &str, given: &Dynamic) -> Box<EvalAltResult> {
        error(format!(
            "{}: option {key} must be {must}, not {}",
            self.function,
            shown(given)
        ))
    }

    /// `key` as true or false, if given.
    pub fn bool(&mut self, key: &str) -> Result<Option<bool>, Box<EvalAltResult>> {
        self.take(key)
            .map(|v| {
                v.as_bool()
                    .map_err(|_| self.wrong(key, "true or false", &v))
            })
            .transpose()
    }

    /// `key` as a whole number in `range`, if given.
    pub fn int(
        &mut self,
        key: &str,
        range: RangeInclusive<i64>,
    ) -> Result<Option<i64>, Box<EvalAltResult>> {
        let Some(value) = self.take(key) else {
            return Ok(None);
        };
        let must = if *range.end() == i64::MAX {
            format!("a whole number, {} or more", range.start())
        } else {
            format!("a whole number from {} to {}", range.start(), range.end())
        };
        match value.as_int() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(self.wrong(key, &must, &value)),
        }
    }

    /// The `threads` option: 0 (one thread a core, also when not given) to
    /// [`crate::threads::MAX_THREADS`], checked as `--threads` is, and its
    /// pool started now, so that threads the system refuses are an error
    /// before any work.
    pub fn threads(&mut self) -> Result<usize, Box<EvalAltResult>> {
        let Some(value) = self.take("threads") else {
            return Ok(0);
        };
        let n = value
            .as_int()
            .map_err(|_| self.wrong("threads", &crate::threads::allowed(), &value))?;
        // The words of `--threads`'s refusal.
        let n = crate::threads::check(n)
            .map_err(|why| error(format!("{}: option threads {why}", self.function)))?;
        crate::threads::start(n).map_err(|e| error(format!("{}: {e}", self.function)))?;
        Ok(n)
    }

    /// The `random` and `seed` options: the seed of a random order (`None`
    /// for the fixed one) and whether the caller gave it; `random: true`
    /// without a seed takes a new seed each call, and a seed without
    /// `random: true` is refused.
    pub fn random_seed(&mut self) -> Result<(Option<u64>, bool), Box<EvalAltResult>> {
        let random = self.bool("random")?.unwrap_or(false);
        let seed = self.int("seed", i64::MIN..=i64::MAX)?.map(|n| n as u64);
        if !random {
            return match seed {
                Some(_) => Err(error(format!(
                    "{}: option seed goes with random: true",
                    self.function
                ))),
                None => Ok((None, false)),
            };
        }
        let given = seed.is_some();
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        Ok((Some(seed), given))
    }

    /// `key` as a string, if given.
    pub fn string(&mut self, key: &str) -> Result<Option<String>, Box<EvalAltResult>> {
        self.take(key)
            .map(|v| match v.is_string() {
                true => Ok(v.to_string()),
                false => Err(self.wrong(key, "a string", &v)),
            })
            .transpose()
    }

    /// `key` as an array, if given.
    pub fn array(&mut self, key: &str) -> Result<Option<Array>, Box<EvalAltResult>> {
        self.take(key)
            .map(|v| match v.is_array() {
                true => Ok(v.cast::<Array>()),
                false => Err(self.wrong(key, "an array", &v)),
            })
            .transpose()
    }
}

/// A value as an error message echoes it: a number, boolean or character
/// as written, a string quoted (cut at 40 characters), else what kind it is.
fn shown(v: &Dynamic) -> String {
    if v.is_int() || v.is_float() || v.is_bool() {
        v.to_string()
    } else if v.is_string() || v.is_char() {
        let text = v.to_string();
        let cut: String = text.chars().take(40).collect();
        if cut.len() < text.len() {
            format!("{cut:?}...")
        } else {
            format!("{text:?}")
        }
    } else {
        super::kind_of(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, Dynamic)]) -> Map {
        pairs
            .iter()
            .map(|(k, v)| ((*k).into(), v.clone()))
            .collect()
    }

    #[test]
    fn unknown_keys_name_the_key_the_function_and_the_known_ones() {
        let e = Options::new(
            "count_polyomino",
            map(&[("lim", Dynamic::from(1_i64))]),
            &["raw", "one_sided", "limit", "copies"],
        )
        .err()
        .unwrap();
        assert_eq!(
            e.to_string(),
            "Runtime error: unknown option \"lim\" for count_polyomino; \
             known: raw, one_sided, limit, copies"
        );
    }

    #[test]
    fn values_are_checked() {
        let mut o = Options::new(
            "f",
            map(&[
                ("n", Dynamic::from(5_i64)),
                ("b", Dynamic::from(1_i64)),
                ("s", Dynamic::from("x")),
            ]),
            &["n", "b", "s", "absent"],
        )
        .unwrap();
        assert_eq!(o.int("n", 0..=9).unwrap(), Some(5));
        assert!(
            o.bool("b")
                .unwrap_err()
                .to_string()
                .contains("f: option b must be true or false, not 1")
        );
        assert_eq!(o.string("s").unwrap().as_deref(), Some("x"));
        assert_eq!(o.int("absent", 0..=i64::MAX).unwrap(), None);
        let mut o = Options::new("f", map(&[("n", Dynamic::from(-1_i64))]), &["n"]).unwrap();
        assert!(
            o.int("n", 0..=i64::MAX)
                .unwrap_err()
                .to_string()
                .contains("option n must be a whole number, 0 or more, not -1")
        );
    }
}

//! The options map a script function may take (`#{limit: 1, raw: true}`),
//! read one way everywhere: an unknown key is an error naming the key, the
//! function and the known keys; a value of the wrong kind names the option
//! and what it must be.

use std::ops::RangeInclusive;

use rhai::{Array, Dynamic, EvalAltResult, Map};

use super::error;

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

    fn wrong(&self, key: &str, must: &str) -> Box<EvalAltResult> {
        error(format!("{}: option {key} must be {must}", self.function))
    }

    /// `key` as true or false, if given.
    pub fn bool(&mut self, key: &str) -> Result<Option<bool>, Box<EvalAltResult>> {
        self.take(key)
            .map(|v| v.as_bool().map_err(|_| self.wrong(key, "true or false")))
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
            _ => Err(self.wrong(key, &must)),
        }
    }

    /// `key` as a string, if given.
    pub fn string(&mut self, key: &str) -> Result<Option<String>, Box<EvalAltResult>> {
        self.take(key)
            .map(|v| v.into_string().map_err(|_| self.wrong(key, "a string")))
            .transpose()
    }

    /// `key` as an array, if given.
    pub fn array(&mut self, key: &str) -> Result<Option<Array>, Box<EvalAltResult>> {
        self.take(key)
            .map(|v| v.into_array().map_err(|_| self.wrong(key, "an array")))
            .transpose()
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
                .contains("f: option b must be true or false")
        );
        assert_eq!(o.string("s").unwrap().as_deref(), Some("x"));
        assert_eq!(o.int("absent", 0..=i64::MAX).unwrap(), None);
        let mut o = Options::new("f", map(&[("n", Dynamic::from(-1_i64))]), &["n"]).unwrap();
        assert!(
            o.int("n", 0..=i64::MAX)
                .unwrap_err()
                .to_string()
                .contains("option n must be a whole number, 0 or more")
        );
    }
}

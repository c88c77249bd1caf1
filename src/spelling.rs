//! The one "did you mean" rule, shared by the REPL's help and errors and
//! by the domains' own errors (a misspelt piece set).

/// The names in `known` closest to `wanted` (Jaro–Winkler similarity of
/// 0.85 or more; `wanted` itself excluded), closest first, at most three:
/// the one "did you mean" rule for help, functions and variables.
pub fn closest(wanted: &str, known: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut near: Vec<(f64, String)> = known
        .into_iter()
        .filter(|k| k != wanted)
        .map(|k| (strsim::jaro_winkler(wanted, &k), k))
        .filter(|(score, _)| *score >= 0.85)
        .collect();
    near.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    near.dedup_by(|a, b| a.1 == b.1);
    near.into_iter().take(3).map(|(_, k)| k).collect()
}

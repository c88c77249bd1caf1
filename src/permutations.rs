//! The six orders of three things, shared by every domain that permutes
//! three of something: bands and stacks (similarity), a band's rows against
//! its boxes (the Sudoku solver's tables), the axes of space (polyomino).

/// The six permutations of `0, 1, 2`, smallest first (lexicographic), the
/// identity at index 0. A `const`, so compile-time tables can use it.
pub const PERMS_OF_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

#[cfg(test)]
mod tests {
    use super::PERMS_OF_3;

    #[test]
    fn six_distinct_permutations_in_order() {
        for p in PERMS_OF_3 {
            let mut sorted = p;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2], "{p:?} is not a permutation");
        }
        assert!(PERMS_OF_3.windows(2).all(|w| w[0] < w[1]));
    }
}

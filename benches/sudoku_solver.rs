//! Benchmark placeholder: filled in by its issue.
fn main() {}

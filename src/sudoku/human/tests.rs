//! Unit tests of the human techniques on constructed positions.

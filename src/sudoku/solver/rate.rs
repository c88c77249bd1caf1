//! A human-style rater (being written).

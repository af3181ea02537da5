//! Polyglot hashing: the Zobrist key of a position and Polyglot's 781 random numbers.

mod polyglot_random;
pub mod zobrist;

//! Checks shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`, through this crate)
//! and `tests/fuzz_corpus.rs` (which replays the kept corpora, `fuzz/seeds/<target>/`,
//! through the same functions on every `cargo test`).
//!
//! Each check takes the fuzzer's bytes, feeds them to one reader of untrusted input and panics
//! (an assertion) when the result breaks an invariant: a reader may only answer with a value
//! or a typed error with a documented code; whatever it accepts must write back and read back
//! the same; the game layer must agree with an independent move generator (shakmaty).

pub mod bytes;
pub mod clock;
pub mod fen;
pub mod moves;
pub mod pgn;
pub mod san;
pub mod uci;

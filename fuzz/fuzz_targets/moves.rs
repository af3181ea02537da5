//! Fuzz target `moves` (move-sequence): bytes pick legal moves, illegal attempts and undos through the game layer; after each step the Zobrist hash equals the recomputed one, the FEN reads back, and the legal moves equal shakmaty's.
//! The checks are in `src/testkit/src/fuzz_checks/moves.rs`, shared with `tests/fuzz_corpus.rs`, which
//! replays the kept corpus `fuzz/seeds/moves/` on every `cargo test`.
//!
//! Run (cargo-fuzz needs unstable flags; RUSTC_BOOTSTRAP lets the stable toolchain pass them):
//!     cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run moves corpus/moves seeds/moves -- -runs=10000000

#![no_main]

use rocada_testkit::fuzz_checks as checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::moves::check_bytes(data));

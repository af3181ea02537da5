//! Fuzz target `pgn` (PGN): any bytes read by the streaming PGN reader: games that write back and read back equal, or errors with a documented detail code; a tiny read buffer reads the same.
//! The checks are in `src/testkit/src/fuzz_checks/pgn.rs`, shared with `tests/fuzz_corpus.rs`, which
//! replays the kept corpus `fuzz/seeds/pgn/` on every `cargo test`.
//!
//! Run (cargo-fuzz needs unstable flags; RUSTC_BOOTSTRAP lets the stable toolchain pass them):
//!     cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run pgn corpus/pgn seeds/pgn -- -runs=10000000

#![no_main]

use rocada_testkit::fuzz_checks as checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::pgn::check_bytes(data));

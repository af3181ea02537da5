//! Fuzz target `fen` (FEN): any bytes read as a FEN (both castling modes) give a position or a typed error; accepted positions write FENs that read back and survive move generation.
//! The checks are in `src/testkit/src/fuzz_checks/fen.rs`, shared with `tests/fuzz_corpus.rs`, which
//! replays the kept corpus `fuzz/seeds/fen/` on every `cargo test`.
//!
//! Run (cargo-fuzz needs unstable flags; RUSTC_BOOTSTRAP lets the stable toolchain pass them):
//!     cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run fen corpus/fen seeds/fen -- -runs=10000000

#![no_main]

use rocada_testkit::fuzz_checks as checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fen::check_bytes(data));

//! Fuzz target `uci` (UCI): a position chosen by the first bytes, then text read as a UCI move: a legal move that writes back, or an error with a documented code; the game layer agrees.
//! The checks are in `src/testkit/src/fuzz_checks/uci.rs`, shared with `tests/fuzz_corpus.rs`, which
//! replays the kept corpus `fuzz/seeds/uci/` on every `cargo test`.
//!
//! Run (cargo-fuzz needs unstable flags; RUSTC_BOOTSTRAP lets the stable toolchain pass them):
//!     cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run uci corpus/uci seeds/uci -- -runs=10000000

#![no_main]

use rocada_testkit::fuzz_checks as checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::uci::check_bytes(data));

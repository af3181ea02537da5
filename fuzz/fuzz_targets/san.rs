//! Fuzz target `san` (SAN): a position chosen by the first bytes, then text read as SAN/LAN in every language, lenient and strict: a legal move whose canonical SAN reads back, or an error with a documented code.
//! The checks are in `src/testkit/src/fuzz_checks/san.rs`, shared with `tests/fuzz_corpus.rs`, which
//! replays the kept corpus `fuzz/seeds/san/` on every `cargo test`.
//!
//! Run (cargo-fuzz needs unstable flags; RUSTC_BOOTSTRAP lets the stable toolchain pass them):
//!     cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run san corpus/san seeds/san -- -runs=10000000

#![no_main]

use rocada_testkit::fuzz_checks as checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::san::check_bytes(data));

//! Fuzz target `time_control` (time-control): any bytes read as a time control (human and PGN notation): a control that writes back and reads back equal (and drives a clock), or `invalid-time-control`.
//! The checks are in `src/testkit/src/fuzz_checks/clock.rs`, shared with `tests/fuzz_corpus.rs`, which
//! replays the kept corpus `fuzz/seeds/time_control/` on every `cargo test`.
//!
//! Run (cargo-fuzz needs unstable flags; RUSTC_BOOTSTRAP lets the stable toolchain pass them):
//!     cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run time_control corpus/time_control seeds/time_control -- -runs=10000000

#![no_main]

use rocada_testkit::fuzz_checks as checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::clock::check_bytes(data));

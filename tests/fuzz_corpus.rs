#![cfg(not(target_arch = "wasm32"))]
//! The short version of the fuzzing, on every `cargo test`: every input of the kept fuzz
//! corpora (`fuzz/seeds/<target>/`, minimized with `cargo fuzz cmin` after each long run) goes
//! through the same checks the cargo-fuzz targets run (`src/testkit/src/fuzz_checks/`). A corpus input
//! covers a path the fuzzer found; replaying all of them checks every such path again.

use rocada_testkit::fuzz_checks;

use std::path::PathBuf;

/// Replays every file of `fuzz/seeds/<target>/` through `check`; returns how many there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds").join(target);
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.expect("directory entry").path()).collect();
    files.sort();
    for file in &files {
        let data = std::fs::read(file).expect("corpus file");
        let outcome = std::panic::catch_unwind(|| check(&data));
        if let Err(e) = outcome {
            let why = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("{} fails: {}", file.display(), why.unwrap_or_default());
        }
    }
    files.len()
}

#[test]
fn fen_corpus() {
    assert!(replay("fen", fuzz_checks::fen::check_bytes) >= 50);
}

#[test]
fn san_corpus() {
    assert!(replay("san", fuzz_checks::san::check_bytes) >= 50);
}

#[test]
fn uci_corpus() {
    assert!(replay("uci", fuzz_checks::uci::check_bytes) >= 50);
}

#[test]
fn pgn_corpus() {
    assert!(replay("pgn", fuzz_checks::pgn::check_bytes) >= 50);
}

#[test]
fn time_control_corpus() {
    assert!(replay("time_control", fuzz_checks::clock::check_bytes) >= 50);
}

#[test]
fn moves_corpus() {
    assert!(replay("moves", fuzz_checks::moves::check_bytes) >= 50);
}

#![cfg(not(target_arch = "wasm32"))]
//! The bench signature: total nodes of fixed-depth searches over the bench positions
//! (`rocada::search::BENCH_POSITIONS`). Search is deterministic, so this number changes only
//! when the search or the evaluation changes. A change that is meant to alter the search
//! updates `SIGNATURE` below (and says so in its commit, with the new number from
//! `cargo run --release --bin rocada-uci bench`); any other change must leave it alone.

use rocada::search::{bench, BENCH_DEPTH};

/// `rocada-uci bench` at the default depth.
const SIGNATURE: u64 = 549434;

#[test]
fn bench_signature() {
    let report = bench(BENCH_DEPTH);
    assert_eq!(report.nodes, SIGNATURE, "bench signature changed: {} nodes at depth {BENCH_DEPTH}", report.nodes);
}

#[test]
fn bench_is_repeatable() {
    assert_eq!(bench(5).nodes, bench(5).nodes);
}

#![cfg(not(target_arch = "wasm32"))]
//! The bench signature: total nodes of fixed-depth searches over the bench positions
//! (`rocada::search::BENCH_POSITIONS`), with the built-in net and with the hand-written
//! evaluation alone. Search is deterministic, so this number changes only
//! when the search or the evaluation changes. A change that is meant to alter the search
//! updates the signatures in tests/common/signatures.rs (and says so in its commit, with the new
//! number from `cargo run --release --bin rocada-uci bench`); any other change must leave it
//! alone. The same file pins the bench with a learned evaluation (a fixed test net), which the
//! WebAssembly build must match too (tests/wasm_node.rs).

use rocada::search::{bench, bench_with, BENCH_DEPTH};

#[path = "common/signatures.rs"]
mod signatures;
use signatures::{test_net, HAND_WRITTEN_SIGNATURE, MIRRORED_NET_SIGNATURE, NET_DEPTH, NET_SIGNATURE, SIGNATURE};

#[test]
fn bench_signature() {
    let report = bench(BENCH_DEPTH);
    assert_eq!(report.nodes, SIGNATURE, "bench signature changed: {} nodes at depth {BENCH_DEPTH}", report.nodes);
}

#[test]
fn bench_signature_of_the_hand_written_evaluation() {
    let report = bench_with(BENCH_DEPTH, None);
    assert_eq!(report.nodes, HAND_WRITTEN_SIGNATURE, "the hand-written evaluation's bench changed: {} nodes", report.nodes);
}

#[test]
fn bench_is_repeatable() {
    assert_eq!(bench(5).nodes, bench(5).nodes);
}

#[test]
fn bench_signature_with_a_net() {
    let report = bench_with(NET_DEPTH, Some(&test_net()));
    assert_eq!(report.nodes, NET_SIGNATURE, "bench signature with the test net changed: {} nodes at depth {NET_DEPTH}", report.nodes);
}

#[test]
fn bench_signature_with_a_king_mirrored_net() {
    let report = bench_with(NET_DEPTH, Some(&test_net().with_king_mirror(true)));
    assert_eq!(report.nodes, MIRRORED_NET_SIGNATURE, "bench signature with the king-mirrored test net changed: {} nodes", report.nodes);
}

//! The bench: fixed-depth searches over fixed positions. Its total node count is the
//! *bench signature*: any change to search or evaluation that is not meant to change the
//! search shows up as a different number (tests/bench_signature.rs pins it).

use super::{Limits, Search};
#[cfg(feature = "nnue")]
use crate::eval::nnue::Network;
use crate::{CastlingMode, Position};

/// Default depth of `rocada-uci bench`.
pub const BENCH_DEPTH: u32 = 12;

/// The bench positions: openings, middlegames with tactics, endgames, a Chess960 start.
/// Each is `(fen, Chess960?)`.
pub const BENCH_POSITIONS: [(&str, bool); 12] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false),
    ("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", false),
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", false),
    ("2r3k1/pp3pp1/4p2p/3pP3/1P1n4/P2B1N2/5PPP/2R3K1 b - - 0 24", false),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
    ("8/8/1p1k4/p1p5/P1P2K2/1P6/8/8 w - - 0 1", false),
    ("6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1", false),
    ("8/8/8/4k3/8/8/3QK3/8 w - - 0 1", false),
    ("4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17", false),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true),
];

/// What the bench measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Total nodes (the signature).
    pub nodes: u64,
    /// Total milliseconds.
    pub time_ms: u64,
}

/// Searches every bench position to `depth` from a cleared engine with a 16 MiB table and
/// the default evaluation (the built-in net, with the `nnue` feature).
pub fn bench(depth: u32) -> BenchReport {
    run(depth, &mut |_| {})
}

/// [`bench()`] with a learned evaluation (`None`: the hand-written one alone). Its node count
/// is the net's own signature: integer arithmetic throughout, so native and WebAssembly builds give
/// the same (tests/bench_signature.rs and tests/wasm_node.rs pin one).
#[cfg(feature = "nnue")]
pub fn bench_with(depth: u32, net: Option<&Network>) -> BenchReport {
    run(depth, &mut |search| search.set_net(net.cloned()))
}

/// The bench, with `setup` applied to the engine first.
fn run(depth: u32, setup: &mut dyn FnMut(&mut Search)) -> BenchReport {
    let mut search = Search::new(16);
    setup(&mut search);
    let mut nodes = 0;
    let mut time_ms = 0;
    for (fen, chess960) in BENCH_POSITIONS {
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let pos = Position::from_fen(fen, mode).expect("bench position");
        search.clear();
        let r = search.go(&pos, &[], Limits::depth(depth), &mut |_| {}, &mut || false);
        nodes += r.nodes;
        time_ms += r.time_ms;
    }
    BenchReport { nodes, time_ms }
}

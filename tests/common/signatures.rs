//! The search's signatures, shared by the native tests (tests/bench_signature.rs) and the
//! WebAssembly ones (tests/wasm_node.rs), so that both builds are held to the same numbers.
// Each test file that includes this uses part of it.
#![allow(dead_code)]

use rocada::eval::nnue::{Activation, Network, INPUTS};

/// `rocada-uci bench` at the default depth (`BENCH_DEPTH`): the built-in net (the default).
pub const SIGNATURE: u64 = 590894;

/// The bench at `BENCH_DEPTH` with the hand-written evaluation alone (levels 1..19 play with it).
pub const HAND_WRITTEN_SIGNATURE: u64 = 523211;

/// The bench with [`test_net`] at depth [`NET_DEPTH`].
pub const NET_SIGNATURE: u64 = 114071;

/// The bench with [`test_net`] king-mirrored at depth [`NET_DEPTH`] (each side's view mirrored
/// when its king is on files a-d: the updates that refresh one side when its king crosses).
pub const MIRRORED_NET_SIGNATURE: u64 = 98708;

/// The depth of the net's bench.
pub const NET_DEPTH: u32 = 8;

/// A net made from a fixed seed (xorshift64*), within the trainer's bounds: feature weights and
/// biases within +-505, output weights within +-127. It plays nonsense, and that is enough to
/// pin every integer step of the evaluation and of the accumulators' updates.
pub fn test_net() -> Network {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |bound: i64| {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) % (2 * bound as u64 + 1)) as i64 - bound
    };
    let n = 32;
    let w1 = (0..INPUTS * n).map(|_| next(505) as i16).collect();
    let b1 = (0..n).map(|_| next(505) as i16).collect();
    let w2 = (0..2 * n).map(|_| next(127) as i16).collect();
    Network::new(Activation::SCReLU, 400, w1, b1, w2, next(3000) as i16).expect("within bounds")
}

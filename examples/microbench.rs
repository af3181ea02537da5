use rocada::{CastlingMode, Position};
use std::hint::black_box;
use std::time::Instant;
fn main() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ] {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
        let t = Instant::now();
        let mut s = 0;
        for _ in 0..n {
            s += black_box(&pos).count_legal_moves();
        }
        let count_ns = t.elapsed().as_nanos() as f64 / n as f64;
        let t = Instant::now();
        for _ in 0..n {
            s += black_box(&pos).legal_moves().len();
        }
        let list_ns = t.elapsed().as_nanos() as f64 / n as f64;
        let moves = pos.legal_moves();
        let t = Instant::now();
        for _ in 0..n / 10 {
            for m in &moves {
                let mut c = black_box(&pos).clone();
                c.play_unchecked(*m);
                s += c.halfmoves() as usize;
            }
        }
        let play_ns = t.elapsed().as_nanos() as f64 / (n / 10 * moves.len()) as f64;
        println!("count {count_ns:.1} ns, list {list_ns:.1} ns, play {play_ns:.1} ns/move ({s})");
    }
}

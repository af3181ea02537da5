//! Prints perft counts and speed: `cargo run --release --example perft -- [depth] [fen...]`;
//! `PERFT_EVERY_LEAF=1` plays every leaf move instead of counting the last ply in bulk.

use rocada::{perft, perft_every_leaf, CastlingMode, Position};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen: Vec<String> = args.collect();
    let pos = if fen.is_empty() {
        Position::new()
    } else {
        match Position::from_fen(&fen.join(" "), CastlingMode::Chess960) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{e} ({})", e.code());
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let nodes = if std::env::var_os("PERFT_EVERY_LEAF").is_some() { perft_every_leaf(&pos, depth) } else { perft(&pos, depth) };
    let secs = start.elapsed().as_secs_f64();
    println!("perft({depth}) = {nodes} in {secs:.3} s, {:.1} M nodes/s", nodes as f64 / secs / 1e6);
}

//! SAN cost per move, over the positions of seeded random games (standard and Chess960).
//!
//! `cargo run --release --example bench_san [runs]` prints, as the median of `runs` (default 7):
//! - `to_san`: one call per legal move (English);
//! - `san_all`: all legal moves of a position at once, with a `String` per move;
//! - `for_each_san`: the same without allocating;
//! - `parse_san`: reading each canonical SAN back (lenient), and `parse_uci` for comparison;
//! - `legal_moves`: generating the moves alone, as a baseline.

use rocada::{for_each_san, parse_san, parse_uci, san_all, to_san, to_uci, Position, SanOptions, SanStyle};
use std::hint::black_box;
use std::time::Instant;

/// xorshift64*: a fixed, dependency-free sequence.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

fn positions() -> Vec<Position> {
    let mut rng = Rng(0x5eed_5a11);
    let mut out = Vec::new();
    for game in 0..200 {
        let mut pos = if game % 2 == 0 { Position::new() } else { Position::chess960(rng.below(960) as u32).unwrap() };
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(7);
    let positions = positions();
    let moves: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    let sans: Vec<Vec<(rocada::Move, String)>> = positions.iter().map(|p| san_all(p, SanStyle::default())).collect();
    let checks = sans.iter().flatten().filter(|(_, s)| s.ends_with(['+', '#'])).count();
    println!(
        "{} positions from 200 seeded random games (half Chess960), {moves} legal moves ({:.1} per position, {:.1}% checking), median of {runs} runs:",
        positions.len(),
        moves as f64 / positions.len() as f64,
        100.0 * checks as f64 / moves as f64
    );

    let time = |f: &mut dyn FnMut() -> usize| -> f64 {
        median(
            (0..runs)
                .map(|_| {
                    let t = Instant::now();
                    black_box(f());
                    t.elapsed().as_nanos() as f64 / moves as f64
                })
                .collect(),
        )
    };

    let single = time(&mut || {
        let mut n = 0;
        for p in &positions {
            for m in p.legal_moves() {
                n += to_san(black_box(p), m).len();
            }
        }
        n
    });
    let all = time(&mut || positions.iter().map(|p| san_all(black_box(p), SanStyle::default()).len()).sum());
    let each = time(&mut || {
        let mut n = 0;
        for p in &positions {
            for_each_san(black_box(p), SanStyle::default(), |_, s| n += s.len());
        }
        n
    });
    let generate = time(&mut || positions.iter().map(|p| black_box(p).legal_moves().len()).sum());
    let lenient = SanOptions::default();
    let parse = time(&mut || {
        let mut n = 0;
        for (p, list) in positions.iter().zip(&sans) {
            for (_, s) in list {
                n += parse_san(black_box(p), s, &lenient).is_ok() as usize;
            }
        }
        n
    });
    let strict = SanOptions { strict: true, ..SanOptions::default() };
    let parse_strict = time(&mut || {
        let mut n = 0;
        for (p, list) in positions.iter().zip(&sans) {
            for (_, s) in list {
                n += parse_san(black_box(p), s, &strict).is_ok() as usize;
            }
        }
        n
    });
    let ucis: Vec<Vec<String>> = positions.iter().map(|p| p.legal_moves().iter().map(|m| to_uci(p, *m)).collect()).collect();
    let uci = time(&mut || {
        let mut n = 0;
        for (p, list) in positions.iter().zip(&ucis) {
            for s in list {
                n += parse_uci(black_box(p), s).is_ok() as usize;
            }
        }
        n
    });

    println!("  to_san (one call per move)     {single:7.1} ns/move");
    println!("  san_all (whole position)       {all:7.1} ns/move");
    println!("  for_each_san (no allocation)   {each:7.1} ns/move");
    println!("  legal_moves alone (baseline)   {generate:7.1} ns/move");
    println!("  parse_san lenient              {parse:7.1} ns/move");
    println!("  parse_san strict               {parse_strict:7.1} ns/move");
    println!("  parse_uci                      {uci:7.1} ns/move");
}

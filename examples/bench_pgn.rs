//! PGN reading throughput on a generated multi-game text.
//!
//! ```text
//! cargo run --release --example bench_pgn                 # 2,000 games, 7 runs
//! cargo run --release --example bench_pgn -- 5000 11      # 5,000 games, 11 runs
//! cargo run --release --example bench_pgn -- --emit 50 7  # print 50 games made from seed 7
//! ```
//!
//! The games are seeded random games (standard, and every tenth a Chess960 start) written the
//! way real files are: tags, move numbers (sometimes `12.e4`, sometimes `12... e5`), comments
//! (plain, lichess `[%clk]`/`[%eval]`, `;` to the end of the line), NAGs (`$n` and `!?`-style
//! suffixes), and variations nested up to three deep. The figures are medians over the runs:
//! games per second and megabytes of text per second for [`rocada::pgn::parse_pgn`] (every
//! move resolved with the SAN parser and played), and for the writer.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::pgn::{self, WriteOptions};
use rocada::{to_san, Move, Position};
use std::fmt::Write;
use std::time::Instant;

const COMMENTS: [&str; 8] = [
    "A natural developing move.",
    "The start of a long plan on the queenside, aiming at c5 and b5 with a minority attack.",
    "Threatening the pinned knight.",
    "White had to consider the sharp alternative here; the engine prefers it slightly.",
    "Weakens the long diagonal.",
    "Only move.",
    "Time trouble begins to show.",
    "The critical position of the game: both kings are exposed and every tempo counts.",
];

fn pick_move(rng: &mut SmallRng, pos: &Position) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    // Castle when possible, capture somewhat more often than chance: games look played.
    if let Some(&c) = moves.iter().find(|m| m.is_castle()) {
        if rng.gen_bool(0.6) {
            return Some(c);
        }
    }
    if rng.gen_bool(0.3) {
        let caps: Vec<Move> = moves.iter().copied().filter(|m| pos.capture_of(*m).is_some()).collect();
        if !caps.is_empty() {
            return Some(caps[rng.gen_range(0..caps.len())]);
        }
    }
    Some(moves[rng.gen_range(0..moves.len())])
}

struct Text {
    out: String,
    col: usize,
}

impl Text {
    fn tok(&mut self, t: &str) {
        if self.col > 0 && self.col + t.len() + 1 > 79 {
            self.out.push('\n');
            self.col = 0;
        }
        if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(t);
        self.col += t.len();
    }
    fn line_comment(&mut self, t: &str) {
        self.tok(&format!("; {t}"));
        self.out.push('\n');
        self.col = 0;
    }
}

/// Writes a line of `plies` random moves from `pos` (ply number `ply`), with annotations and,
/// below `depth` 3, variations.
fn line(rng: &mut SmallRng, text: &mut Text, mut pos: Position, mut ply: u32, plies: u32, depth: u32, clock: &mut [u32; 2]) -> Position {
    let mut need_number = true;
    for _ in 0..plies {
        let Some(m) = pick_move(rng, &pos) else { break };
        let number = ply / 2 + 1;
        let white = ply % 2 == 0;
        let mut san = to_san(&pos, m);
        if white {
            if rng.gen_bool(0.1) {
                san = format!("{number}.{san}");
            } else {
                text.tok(&format!("{number}."));
            }
        } else if need_number {
            text.tok(&format!("{number}..."));
        }
        need_number = false;
        if rng.gen_bool(0.04) {
            san.push_str(["!", "?", "!!", "??", "!?", "?!"][rng.gen_range(0..6)]);
        }
        text.tok(&san);
        if rng.gen_bool(0.05) {
            text.tok(&format!("${}", rng.gen_range(1..=146)));
        }
        if depth == 0 && rng.gen_bool(0.3) {
            let side = (ply % 2) as usize;
            clock[side] = clock[side].saturating_sub(rng.gen_range(0..12));
            let c = clock[side];
            let eval = rng.gen_range(-300..300) as f64 / 100.0;
            text.tok(&format!("{{ [%eval {eval:.2}] [%clk {}:{:02}:{:02}] }}", c / 3600, c / 60 % 60, c % 60));
            need_number = true;
        } else if rng.gen_bool(0.05) {
            let c = COMMENTS[rng.gen_range(0..COMMENTS.len())];
            if rng.gen_bool(0.2) {
                text.line_comment(c);
            } else {
                text.tok(&format!("{{{c}}}"));
            }
            need_number = true;
        }
        if depth < 3 && rng.gen_bool(if depth == 0 { 0.06 } else { 0.1 }) {
            text.tok("(");
            let n = rng.gen_range(1..8);
            line(rng, text, pos.clone(), ply, n, depth + 1, clock);
            text.tok(")");
            need_number = true;
        }
        pos.play_unchecked(m);
        ply += 1;
    }
    pos
}

/// `games` seeded random games as one PGN text.
fn generate(games: usize, seed: u64) -> String {
    let mut text = Text { out: String::new(), col: 0 };
    for i in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
        let chess960 = i % 10 == 9;
        let start = if chess960 { Position::chess960(rng.gen_range(0..960)).unwrap() } else { Position::new() };
        let names = ["Popescu, Ana", "García, Luis", "Ionescu, Mihai", "Smith, John", "Fernández, Marta", "Nagy, Éva"];
        let w = names[rng.gen_range(0..names.len())];
        let b = names[rng.gen_range(0..names.len())];
        let plies = rng.gen_range(10..120);
        let mut body = Text { out: String::new(), col: 0 };
        let mut clock = [600, 600];
        let end = line(&mut rng, &mut body, start.clone(), 0, plies, 0, &mut clock);
        let result = if end.is_checkmate() {
            if end.turn() == rocada::Color::White {
                "0-1"
            } else {
                "1-0"
            }
        } else if end.is_stalemate() {
            "1/2-1/2"
        } else {
            ["1-0", "0-1", "1/2-1/2", "*"][rng.gen_range(0..4)]
        };
        let _ = writeln!(text.out, "[Event \"Generated {}\"]", seed);
        let _ = writeln!(text.out, "[Site \"Rocada bench\"]");
        let _ = writeln!(text.out, "[Date \"2025.{:02}.{:02}\"]", 1 + i % 12, 1 + i % 28);
        let _ = writeln!(text.out, "[Round \"{}\"]", i + 1);
        let _ = writeln!(text.out, "[White \"{w}\"]");
        let _ = writeln!(text.out, "[Black \"{b}\"]");
        let _ = writeln!(text.out, "[Result \"{result}\"]");
        if chess960 {
            let _ = writeln!(text.out, "[Variant \"Chess960\"]");
            let _ = writeln!(text.out, "[SetUp \"1\"]");
            let _ = writeln!(text.out, "[FEN \"{}\"]", start.fen());
        }
        let _ = writeln!(text.out, "[TimeControl \"600+5\"]");
        text.out.push('\n');
        body.tok(result);
        text.out.push_str(&body.out);
        text.out.push_str("\n\n");
    }
    text.out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--emit") {
        let n = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(50);
        let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
        print!("{}", generate(n, seed));
        return;
    }
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(7);
    let text = generate(games, 1);
    let mb = text.len() as f64 / 1e6;
    let parsed = pgn::parse_pgn(&text).expect("generated text reads");
    assert_eq!(parsed.len(), games);
    let nodes: usize = parsed.iter().map(|g| count_nodes(&g.root)).sum();
    println!("text: {games} games, {nodes} moves (variations included), {:.2} MB", mb);

    let mut read_s = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let n = pgn::read_games(&text).filter(|g| g.is_ok()).count();
        read_s.push(t.elapsed().as_secs_f64());
        assert_eq!(n, games);
    }
    let r = median(read_s);
    println!(
        "read:  {:>9.0} games/s  {:>6.1} MB/s  {:>5.2} M moves/s  (median of {runs}: {:.1} ms)",
        games as f64 / r,
        mb / r,
        nodes as f64 / r / 1e6,
        r * 1e3
    );

    let mut write_s = Vec::new();
    let mut written = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let out = pgn::write_games(&parsed, &WriteOptions::default());
        write_s.push(t.elapsed().as_secs_f64());
        written = out.len();
    }
    let w = median(write_s);
    println!(
        "write: {:>9.0} games/s  {:>6.1} MB/s  (median of {runs}: {:.1} ms, {:.2} MB written)",
        games as f64 / w,
        written as f64 / 1e6 / w,
        w * 1e3,
        written as f64 / 1e6
    );
}

fn count_nodes(line: &pgn::Line) -> usize {
    let mut stack = vec![line];
    let mut n = 0;
    while let Some(l) = stack.pop() {
        n += l.nodes.len();
        for node in &l.nodes {
            stack.extend(node.variations.iter());
        }
    }
    n
}

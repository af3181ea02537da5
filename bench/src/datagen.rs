//! `rocada-datagen`: training data for a learned evaluation, made by the engine playing itself.
//! A development tool: never shipped.
//!
//! Each game starts from the standard position or a Chess960 start (one game in four), then
//! `--random-plies` random legal moves (8 or 9, so that both sides start), and is played at
//! `--nodes` nodes a move (a fresh search state per game, so a game depends only on its seed).
//! Every position is kept unless it is noisy: the side to move is in check, the search's best
//! move is a capture or a promotion, or the score is a mate. Each kept position is written with
//! the search score (centipawns, White's point of view) and, once the game ends, the result
//! (White's: 2 win, 1 draw, 0 loss). Games end by mate, stalemate, threefold repetition, fifty
//! moves, a dead position, or adjudication: a score above `ADJUDICATE_WIN_CP` for both sides'
//! searches over 8 plies in a row, or within `ADJUDICATE_DRAW_CP` for 16 plies after ply 80.
//!
//! Format: 32-byte records, described in `record.rs` (shared with `rocada-train`).
//!
//! Resuming: game `n` of a run is seeded by `seed * 2^32 + n`. Threads (`--threads`, default
//! all cores) take game numbers from one counter; the games are written in number order, and
//! `OUT.state` says how many there are and where the last ends (`output.rs`), so a run stopped
//! at any point goes on with `--resume`, and the file is the same bytes however many threads
//! made it and however often it was stopped. The state names the run (nodes, seed, random
//! plies, evaluation), and a new run over data, or a resume of another run, is refused.
//!
//! ```text
//! cargo run --release -p rocada-bench --bin rocada-datagen -- --out data/gen1.bin --games 100000 --nodes 5000 --seed 1 [--threads 2] [--resume] [--net gen0.nnue]
//! ```
//!
//! `--net FILE`: the engine searches with that learned evaluation (`rocada-train`'s `.nnue`)
//! instead of the hand-written one: the bootstrap, each generation of data made by the
//! previous generation's net.
//!
//! `--expand IN.bin`: instead of games, positions one random move away from each of `IN`'s
//! (`--children K` distinct moves, default 8), each scored by a search of `--depth D` plies
//! (default 1, then the quiescence search) and kept unless noisy as above; a record keeps the
//! result of the game its parent came from. Far cheaper than a game's positions (a shallow
//! search each instead of `--nodes`): many positions, judged by little more than the
//! evaluation, for pretraining a net before it learns the deeper scores of the games (the
//! trainer's `--from`). Record `i`'s children depend only on `--seed` and `i`; threads take
//! blocks of records, written in block order, so the file is the same for any `--threads`.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::eval::nnue::Network;
use rocada::game::dead_position;
use rocada::search::{Limits, Score, Search};
use rocada::{Color, Move, Position};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[path = "output.rs"]
mod output;
#[path = "record.rs"]
mod record;
use output::Output;
use record::{decode, pack, Record, RECORD};

/// Adjudicated as a win past this score (centipawns) for 8 plies.
const ADJUDICATE_WIN_CP: i32 = 2000;
/// Adjudicated as a draw within this score for 16 plies after ply 80.
const ADJUDICATE_DRAW_CP: i32 = 10;
/// Games longer than this are drawn.
const MAX_PLIES: usize = 400;

struct Args {
    out: String,
    games: u64,
    nodes: u64,
    seed: u64,
    threads: usize,
    resume: bool,
    random_plies: u32,
    net: Option<String>,
    expand: Option<String>,
    children: usize,
    depth: u32,
}

/// What `--help` prints.
const USAGE: &str = "usage: rocada-datagen --out FILE [--games N] [--nodes N] [--seed N] [--threads N] [--resume]
                      [--random-plies N] [--net NET.nnue]
       rocada-datagen --out FILE --expand IN.bin [--children K] [--depth D] [--seed N] [--threads N]
(bench/src/datagen.rs and bench/README.md describe them)";

fn parse_args() -> Args {
    let args: Vec<String> = std::env::args().skip(1).collect();
    parse_from(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn parse_from(args: &[&str]) -> Args {
    let mut a = Args {
        out: String::new(),
        games: 1000,
        nodes: 5000,
        seed: 1,
        threads: 0,
        resume: false,
        random_plies: 8,
        net: None,
        expand: None,
        children: 8,
        depth: 1,
    };
    let mut it = args.iter().map(|s| s.to_string());
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--out" => a.out = value(),
            "--games" => a.games = value().parse().expect("--games N"),
            "--nodes" => a.nodes = value().parse().expect("--nodes N"),
            "--seed" => a.seed = value().parse().expect("--seed N"),
            "--threads" => a.threads = value().parse().expect("--threads N"),
            "--random-plies" => a.random_plies = value().parse().expect("--random-plies N"),
            "--resume" => a.resume = true,
            "--net" => a.net = Some(value()),
            "--expand" => a.expand = Some(value()),
            "--children" => a.children = value().parse().expect("--children K"),
            "--depth" => a.depth = value().parse().expect("--depth D"),
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => panic!("unknown argument {other} (--help lists them)"),
        }
    }
    assert!(!a.out.is_empty(), "--out FILE is required");
    if a.threads == 0 {
        a.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    }
    a
}

/// One game from seed `seed`, searched with `net` (or the hand-written evaluation): its kept
/// records, results filled in.
fn play_game(seed: u64, nodes: u64, random_plies: u32, net: Option<&Network>) -> Vec<Record> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = if rng.gen_ratio(1, 4) { Position::chess960(rng.gen_range(0..960)).expect("0..959") } else { Position::new() };
    let plies = random_plies + rng.gen_range(0..2);
    let mut history: Vec<u64> = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Vec::new();
        }
        history.push(pos.zobrist_hash());
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    if pos.legal_moves().is_empty() {
        return Vec::new();
    }
    let mut search = Search::new(4);
    search.set_net(net.cloned());
    let mut kept: Vec<(Position, i32)> = Vec::new();
    let (mut win_streak, mut draw_streak, mut last_sign) = (0, 0, 0);
    let result: u8 = loop {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break if pos.is_check() {
                if pos.turn() == Color::White {
                    0
                } else {
                    2
                }
            } else {
                1
            };
        }
        let repetitions = history.iter().filter(|&&h| h == pos.zobrist_hash()).count();
        if repetitions >= 2 || pos.halfmoves() >= 100 || dead_position(&pos).is_some() || history.len() >= MAX_PLIES {
            break 1;
        }
        let r = search.go(&pos, &history, Limits::nodes(nodes), &mut |_| {}, &mut || false);
        let Some(best) = r.best_move else { break 1 };
        let white = if pos.turn() == Color::White { 1 } else { -1 };
        let cp = match r.score {
            Score::Cp(cp) => Some(cp),
            Score::Mate(_) => None,
        };
        let noisy = pos.is_check() || is_noisy(&pos, best) || cp.is_none();
        if let (false, Some(cp)) = (noisy, cp) {
            kept.push((pos.clone(), cp * white));
        }
        let view = cp.unwrap_or(if matches!(r.score, Score::Mate(n) if n > 0) { 30000 } else { -30000 }) * white;
        let sign = view.signum();
        if view.abs() >= ADJUDICATE_WIN_CP {
            win_streak = if sign == last_sign { win_streak + 1 } else { 1 };
        } else {
            win_streak = 0;
        }
        last_sign = sign;
        if win_streak >= 8 {
            break if view > 0 { 2 } else { 0 };
        }
        draw_streak = if history.len() > 80 && view.abs() <= ADJUDICATE_DRAW_CP { draw_streak + 1 } else { 0 };
        if draw_streak >= 16 {
            break 1;
        }
        history.push(pos.zobrist_hash());
        pos.play_unchecked(best);
    };
    kept.iter().map(|(p, s)| pack(p, *s, result)).collect()
}

/// `--expand`: the scored children of `records` (the block starting at record `first`).
fn expand_block(records: &[Record], first: u64, args: &Args, search: &mut Search) -> Vec<Record> {
    let mut out = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let Ok(parent) = decode(r) else { continue };
        let mut rng = SmallRng::seed_from_u64(args.seed.wrapping_mul(1 << 32).wrapping_add(first + i as u64));
        let mut moves = parent.legal_moves();
        for k in 0..args.children.min(moves.len()) {
            let pick = rng.gen_range(k..moves.len());
            moves.swap(k, pick);
            let mut child = parent.clone();
            child.play_unchecked(moves[k]);
            if child.is_check() || child.legal_moves().is_empty() {
                continue;
            }
            // Each child's search forgets the last one's (its table, history and corrections),
            // so a score depends only on the child, not on the order of the work.
            search.clear();
            let res = search.go(&child, &[], Limits::depth(args.depth), &mut |_| {}, &mut || false);
            let (Some(best), Score::Cp(cp)) = (res.best_move, res.score) else { continue };
            if !is_noisy(&child, best) {
                out.push(pack(&child, if child.turn() == Color::White { cp } else { -cp }, r[30]));
            }
        }
    }
    out
}

/// `--expand IN`: every record's children, by blocks over the threads.
fn expand(args: &Args, input: &str) {
    const BLOCK: usize = 4096;
    let bytes = std::fs::read(input).unwrap_or_else(|e| panic!("--expand {input}: {e}"));
    let records: Arc<Vec<Record>> = Arc::new(bytes.chunks_exact(RECORD).map(|c| c.try_into().expect("32 bytes")).collect());
    let run = format!("expand {input} children {} depth {} seed {}", args.children, args.depth, args.seed);
    let out = Output::open(&args.out, false, &run).unwrap_or_else(|e| panic!("--out {}: {e}", args.out));
    let sink = Arc::new(Mutex::new((out, 0u64, 0u64)));
    let next = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    eprintln!(
        "rocada-datagen --expand: {} records of {input}, {} children each at depth {}, seed {}, {} threads, to {}",
        records.len(),
        args.children,
        args.depth,
        args.seed,
        args.threads,
        args.out
    );
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            let (sink, next, records) = (Arc::clone(&sink), Arc::clone(&next), Arc::clone(&records));
            scope.spawn(move || {
                // The smallest table: each search is shallow, and the table is cleared for each.
                let mut search = Search::new(0);
                loop {
                    let block = next.fetch_add(1, Ordering::SeqCst) as usize;
                    let Some(chunk) = records.chunks(BLOCK).nth(block) else { return };
                    let out = expand_block(chunk, (block * BLOCK) as u64, args, &mut search);
                    let mut guard = sink.lock().expect("sink");
                    let (output, done, positions) = &mut *guard;
                    output.finish(block as u64, out.concat()).expect("write --out");
                    *done += chunk.len() as u64;
                    *positions += out.len() as u64;
                    let secs = started.elapsed().as_secs_f64();
                    eprintln!("{done} records, {positions} positions, {:.0} positions/s", *positions as f64 / secs);
                }
            });
        }
    });
    let (_, done, positions) = &*sink.lock().expect("sink");
    eprintln!("done: {done} records, {positions} positions in {:.0} s", started.elapsed().as_secs_f64());
}

/// The 64-bit FNV-1a hash of `bytes`: a net's identity in the run's description.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn is_noisy(pos: &Position, m: Move) -> bool {
    m.promotion().is_some() || pos.capture_of(m).is_some()
}

fn main() {
    let args = parse_args();
    if let Some(input) = &args.expand {
        return expand(&args, input);
    }
    let net_bytes = args.net.as_ref().map(|path| std::fs::read(path).unwrap_or_else(|e| panic!("--net {path}: {e}")));
    let net = net_bytes
        .as_ref()
        .map(|bytes| Network::from_bytes(bytes).unwrap_or_else(|e| panic!("--net {}: {e}", args.net.as_deref().unwrap_or_default())));
    // What makes the games: a resume with anything else would mix two runs' data.
    let evaluation = net_bytes.as_ref().map_or("hand-written".to_owned(), |bytes| format!("net fnv1a-{:016x}", fnv1a(bytes)));
    let run = format!("nodes {} seed {} random-plies {} evaluation {evaluation}", args.nodes, args.seed, args.random_plies);
    let out = Output::open(&args.out, args.resume, &run).unwrap_or_else(|e| panic!("--out {}: {e}", args.out));
    let (start_game, start_bytes) = (out.next_game(), out.bytes());
    let sink = Arc::new(Mutex::new(out));
    let next = Arc::new(AtomicU64::new(start_game));
    let started = Instant::now();
    let net = Arc::new(net);
    eprintln!(
        "rocada-datagen: games {}..{} at {} nodes, seed {}, {} threads, evaluation {}, to {}",
        start_game,
        args.games,
        args.nodes,
        args.seed,
        args.threads,
        args.net.as_deref().unwrap_or("hand-written"),
        args.out
    );
    let workers: Vec<_> = (0..args.threads)
        .map(|_| {
            let (sink, next, net) = (Arc::clone(&sink), Arc::clone(&next), Arc::clone(&net));
            let (nodes, games, seed, plies) = (args.nodes, args.games, args.seed, args.random_plies);
            std::thread::spawn(move || loop {
                let n = next.fetch_add(1, Ordering::SeqCst);
                if n >= games {
                    return;
                }
                let records = play_game(seed.wrapping_mul(1 << 32).wrapping_add(n), nodes, plies, net.as_ref().as_ref());
                let bytes: Vec<u8> = records.iter().flatten().copied().collect();
                let mut out = sink.lock().expect("sink");
                let written = out.finish(n, bytes).expect("write --out");
                let done = out.next_game();
                if done / 16 > (done - written) / 16 {
                    let secs = started.elapsed().as_secs_f64();
                    let positions = (out.bytes() - start_bytes) / RECORD as u64;
                    eprintln!(
                        "{done} games, {positions} positions this run, {:.0} positions/s, {:.2} games/s",
                        positions as f64 / secs,
                        (done - start_game) as f64 / secs
                    );
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("worker");
    }
    let out = sink.lock().expect("sink");
    let positions = (out.bytes() - start_bytes) / RECORD as u64;
    eprintln!("done: {} games, {positions} positions this run in {:.0} s", out.next_game(), started.elapsed().as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_pack_the_position() {
        let pos = Position::new();
        let r = pack(&pos, -35, 2);
        assert_eq!(u64::from_le_bytes(r[0..8].try_into().unwrap()), 0xFFFF_0000_0000_FFFF);
        // a1: a white rook with a castling right (6), b1: a white knight (1).
        assert_eq!(r[8], 0x16);
        assert_eq!(r[24], 0);
        assert_eq!(i16::from_le_bytes([r[28], r[29]]), -35);
        assert_eq!(r[30], 2);
    }

    /// The records of `bench/tune/records.txt`, which `bench/tune/relabel.py` reads back in
    /// test/bench_tools.py: each FEN packs to those bytes.
    #[test]
    fn records_match_the_shared_fixtures() {
        use rocada::CastlingMode;
        let text = include_str!("../tune/records.txt");
        let mut count = 0;
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let f: Vec<&str> = line.split(';').collect();
            let pos = Position::from_fen(f[1], CastlingMode::Chess960).unwrap_or_else(|e| panic!("{}: {e:?}", f[1]));
            let r = pack(&pos, f[2].parse().unwrap(), f[3].parse().unwrap());
            let hex: String = r.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(hex, f[0], "{}", f[1]);
            count += 1;
        }
        assert_eq!(count, 5);
    }

    /// `--expand`: each kept child is one legal move from its parent, quiet, not in check,
    /// scored as a search of that depth scores it (White's view), with its parent's result;
    /// the same records and seed give the same children.
    #[test]
    fn expanded_records_are_scored_quiet_children() {
        let parents = play_game(5, 300, 8, None);
        let args = parse_from(&["--out", "unused", "--children", "3", "--depth", "1", "--seed", "9"]);
        let children = expand_block(&parents, 0, &args, &mut Search::new(0));
        assert!(children.len() > parents.len() / 2, "{} children of {} parents", children.len(), parents.len());
        assert!(children.len() <= 3 * parents.len());
        assert_eq!(children, expand_block(&parents, 0, &args, &mut Search::new(0)));
        let parent_positions: Vec<Position> = parents.iter().map(|r| decode(r).unwrap()).collect();
        for c in &children {
            let pos = decode(c).unwrap();
            assert!(!pos.is_check());
            let parent = parent_positions
                .iter()
                .zip(&parents)
                .find(|(p, _)| {
                    p.legal_moves().iter().any(|&m| {
                        let mut q = Position::clone(p);
                        q.play_unchecked(m);
                        q.fen() == pos.fen()
                    })
                })
                .expect("a child of some parent");
            assert_eq!(c[30], parent.1[30], "the parent's result");
            let r = Search::new(0).go(&pos, &[], Limits::depth(1), &mut |_| {}, &mut || false);
            let Score::Cp(cp) = r.score else { panic!("a mate kept") };
            assert!(!is_noisy(&pos, r.best_move.unwrap()));
            let white = if pos.turn() == Color::White { cp } else { -cp };
            assert_eq!(i16::from_le_bytes([c[28], c[29]]) as i32, white);
        }
    }

    #[test]
    fn a_game_is_reproducible_from_its_seed() {
        let a = play_game(42, 300, 8, None);
        assert!(!a.is_empty());
        assert_eq!(a, play_game(42, 300, 8, None));
        assert!(a.iter().all(|r| r[30] <= 2 && r[30] == a[0][30]), "one result per game");
    }

    /// The bootstrap: a game searched with a net (here a crude one: with White to move, a
    /// white queen on the board is worth about 63 pawns, and nothing else counts) is
    /// reproducible, and it is the net that steered it.
    #[test]
    fn a_game_with_a_net_is_reproducible_and_scored_by_the_net() {
        use rocada::eval::nnue::{Activation, INPUTS};
        let n = 8;
        let mut w1 = vec![0i16; INPUTS * n];
        // Seen from White, its own queen (feature 4 * 64 + sq) fills every neuron to the clip;
        // only the side to move's half of the output weights is non-zero.
        for sq in 0..64 {
            for j in 0..n {
                w1[(4 * 64 + sq) * n + j] = 255;
            }
        }
        let net = Network::new(Activation::CReLU, 400, w1, vec![0; n], [vec![127; n], vec![0; n]].concat(), 0).unwrap();
        let a = play_game(7, 300, 8, Some(&net));
        assert_eq!(a, play_game(7, 300, 8, Some(&net)));
        assert_ne!(a, play_game(7, 300, 8, None));
    }

    /// The published FNV-1a test vectors: a net's identity must not change with the build.
    #[test]
    fn fnv1a_is_the_standard_hash() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}

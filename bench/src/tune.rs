//! `rocada-tune`: fits the evaluation's linear weights (`rocada::eval::EvalParams`, the
//! `EVAL` block of src/engine/src/eval/params.rs) to scored positions, Texel-style. A development
//! tool: never shipped.
//!
//! Input: lines `FEN;score`, the score in centipawns for the side to move, made by
//! bench/tune/gen_data.py (Stockfish self-play scored by Stockfish's own search) and
//! bench/tune/label_games.py (rocada self-play and the match PGNs, scored by Stockfish). The
//! weights in params.rs (2026-12-01) come from two rounds on 297,775 distinct positions
//! (70,350 from gen_data.py, 102,346 from the games of scripts/match's matches, 125,039 from
//! self-play), then two on 780,228 from self-play (`label_games.py --minutes 50`, seeds 11
//! and 12, in parallel), all self-play at 3,000 nodes a move and all scored at depth 8.
//! `pawn_push_threat` (2026-12-02) is the value two rounds on those 780,228 gave it; the
//! others' values from that run were not kept (fixed-node A/B: the term alone +10 Elo over
//! 400 games, with every weight re-tuned -6 over 393). `weak_pawn`, `passed_safe_stop` and
//! `king_danger_linear` (2026-12-02, later) come from two rounds with `--from-pair 348` on
//! 340,887 new positions of self-play (`label_games.py --minutes 40`, seeds 11 and 12, stopped
//! after 31 minutes, and one minute with seed 99), and the three `complexity_*` weights from
//! two more with `--from-pair 351` after them: held-out loss 0.011688, 0.011494, 0.011412.
//! Twelve other candidate terms explained less than 0.00003 each and were left out.
//! `king_pawn_distance` (2026-12-03) is set by hand, 8 cp per step in the endgame, and kept on
//! a fixed-node A/B (+13 Elo over 650 games, scripts/match/README.md); it is pair 354, so
//! `--from-pair 354` fits it alone.
//!
//! Method: the evaluation is linear in almost every weight, so the tool measures, once per
//! round, each position's evaluation and its slope along every weight (finite differences
//! through `rocada::eval::evaluate_with`, so it shares no code with the evaluation it tunes),
//! then minimises the mean squared difference of win probabilities,
//! `(sigmoid(eval) - sigmoid(score))^2` with `sigmoid(x) = 1 / (1 + 10^(-x/400))`, by Adam
//! over that linear model, with a light pull toward the starting weights, keeping the epoch
//! with the lowest loss on held-out positions (every tenth block of 200 lines). The few
//! non-linear parts (king attack units, endgame scaling, mop-up) stay fixed; the complexity
//! weights (clamped so that the score never changes side) are fitted by the same local
//! slopes. A second round re-measures the slopes at the new weights. Every round reports the
//! loss on held-out positions measured with the real evaluation, so a wrong model shows.
//! With `--from-pair N` only the pairs from `N` on (in `pair_mut`'s order: new terms go last)
//! move and have their slopes measured: a new term is fitted against the weights in use, in
//! seconds, and the held-out loss before and after says how much it explains.
//!
//! ```text
//! cargo run --release -p rocada-bench --bin rocada-tune -- DATA [--rounds 2] [--epochs 400] [--from-pair N] [--write src/engine/src/eval/params.rs]
//! ```

use rocada::eval::params::EVAL;
use rocada::eval::{evaluate_with, EvalParams, S};
use rocada::{CastlingMode, Position};
use std::io::BufRead;

/// Weight step for the finite differences.
const STEP: i32 = 16;
/// Scale of the win-probability curve: 400 / ln 10.
const SIGMOID_SCALE: f64 = 173.717_792_761_245_37;
/// Adam's step, in centipawns.
const LEARNING_RATE: f64 = 0.5;
/// L2 pull toward the starting weights, per weight and epoch.
const L2: f64 = 1e-8;

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / SIGMOID_SCALE).exp())
}

/// Number of tunable score pairs.
const PAIRS: usize = 6 + 6 * 32 + 4 * 28 + 8 + 8 + 8 + 21;

/// Tunable pair `i` of `w`, in a fixed order.
fn pair_mut(w: &mut EvalParams, i: usize) -> &mut S {
    match i {
        0..6 => &mut w.piece_value[i],
        6..198 => &mut w.pst[(i - 6) / 32][(i - 6) % 32],
        198..310 => &mut w.mobility[(i - 198) / 28][(i - 198) % 28],
        310..318 => &mut w.passed_pawn[i - 310],
        318..326 => &mut w.passed_free[i - 318],
        326..334 => &mut w.connected_pawn[i - 326],
        334 => &mut w.passed_king_distance,
        335 => &mut w.isolated_pawn,
        336 => &mut w.doubled_pawn,
        337 => &mut w.bishop_pair,
        338 => &mut w.rook_open_file,
        339 => &mut w.rook_semi_open_file,
        340 => &mut w.threatened_piece,
        341 => &mut w.outpost,
        342 => &mut w.king_shield_pawn,
        343 => &mut w.king_open_file,
        344 => &mut w.king_danger,
        345 => &mut w.hanging_piece,
        346 => &mut w.bishop_pawns,
        347 => &mut w.pawn_push_threat,
        348 => &mut w.weak_pawn,
        349 => &mut w.passed_safe_stop,
        350 => &mut w.king_danger_linear,
        351 => &mut w.complexity_pawns,
        352 => &mut w.complexity_both_flanks,
        353 => &mut w.complexity_base,
        _ => &mut w.king_pawn_distance,
    }
}

/// Tunable number `k` (pair `k / 2`, mg then eg).
fn slot(w: &mut EvalParams, k: usize) -> &mut i32 {
    let s = pair_mut(w, k / 2);
    if k.is_multiple_of(2) {
        &mut s.0
    } else {
        &mut s.1
    }
}

fn get(w: &EvalParams) -> Vec<i32> {
    let mut w = w.clone();
    (0..2 * PAIRS).map(|k| *slot(&mut w, k)).collect()
}

fn set(w: &mut EvalParams, values: &[i32]) {
    for (k, &x) in values.iter().enumerate() {
        *slot(w, k) = x;
    }
}

/// A position's evaluation and its slopes along the weights (sparse).
struct Sample {
    target: f64,
    base: f64,
    slopes: Vec<(u32, f32)>,
}

/// Measures the slopes along the numbers from `first` on (the ones `fit` moves).
fn measure(positions: &[(Position, f64)], w: &EvalParams, first: usize) -> Vec<Sample> {
    let mut probe = w.clone();
    let n = 2 * PAIRS;
    positions
        .iter()
        .map(|(pos, target)| {
            let base = evaluate_with(pos, w);
            let mut slopes = Vec::new();
            for k in first..n {
                *slot(&mut probe, k) += STEP;
                let e = evaluate_with(pos, &probe);
                *slot(&mut probe, k) -= STEP;
                if e != base {
                    slopes.push((k as u32, (e - base) as f32 / STEP as f32));
                }
            }
            Sample { target: *target, base: base as f64, slopes }
        })
        .collect()
}

fn loss_real(positions: &[(Position, f64)], w: &EvalParams) -> f64 {
    positions.iter().map(|(pos, t)| (sigmoid(evaluate_with(pos, w) as f64) - sigmoid(*t)).powi(2)).sum::<f64>() / positions.len() as f64
}

/// The linear model's loss over `samples` with weight changes `delta`.
fn model_loss(samples: &[Sample], delta: &[f64]) -> f64 {
    samples
        .iter()
        .map(|s| {
            let pred = s.base + s.slopes.iter().map(|&(k, d)| d as f64 * delta[k as usize]).sum::<f64>();
            (sigmoid(pred) - sigmoid(s.target)).powi(2)
        })
        .sum::<f64>()
        / samples.len().max(1) as f64
}

/// Adam over the linear model, moving the numbers from `first` on (the others stay fixed);
/// returns the weight changes at the epoch with the lowest held-out loss (early stopping:
/// rarely seen weights otherwise drift on noise).
fn fit(samples: &[Sample], held_out: &[Sample], n: usize, first: usize, epochs: usize) -> Vec<f64> {
    let mut delta = vec![0.0f64; n];
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, lr, eps) = (0.9, 0.999, LEARNING_RATE, 1e-8);
    let mut best = (model_loss(held_out, &delta), delta.clone(), 0);
    for epoch in 1..=epochs {
        let mut grad = vec![0.0f64; n];
        let mut loss = 0.0;
        for s in samples {
            let pred = s.base + s.slopes.iter().map(|&(k, d)| d as f64 * delta[k as usize]).sum::<f64>();
            let p = sigmoid(pred);
            let err = p - sigmoid(s.target);
            loss += err * err;
            let g = 2.0 * err * p * (1.0 - p) / SIGMOID_SCALE;
            for &(k, d) in &s.slopes {
                grad[k as usize] += g * d as f64;
            }
        }
        let count = samples.len() as f64;
        for k in first..n {
            let g = grad[k] / count + 2.0 * L2 * delta[k];
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(epoch as i32));
            let vh = v[k] / (1.0 - b2.powi(epoch as i32));
            delta[k] -= lr * mh / (vh.sqrt() + eps);
        }
        if epoch % 5 == 0 {
            let held = model_loss(held_out, &delta);
            if held < best.0 {
                best = (held, delta.clone(), epoch);
            }
            if epoch % 50 == 0 {
                eprintln!("  epoch {epoch}: training {:.6}, held-out {held:.6}", loss / count);
            }
        }
    }
    eprintln!("  kept epoch {} (held-out {:.6})", best.2, best.0);
    best.1
}

fn pair(s: &S) -> String {
    format!("S({:4}, {:4})", s.0, s.1)
}

fn list(xs: &[S]) -> String {
    format!("[{}]", xs.iter().map(pair).collect::<Vec<_>>().join(", "))
}

/// The `EVAL` block as Rust source.
fn render(w: &EvalParams) -> String {
    const ROLES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let mut t = String::from("#[rustfmt::skip]\npub const EVAL: EvalParams = EvalParams {\n");
    t += &format!("    piece_value: {},\n    pst: [\n", list(&w.piece_value));
    for (r, table) in w.pst.iter().enumerate() {
        t += &format!("        // {}\n        [\n", ROLES[r]);
        for row in table.chunks(4) {
            t += &format!("            {},\n", row.iter().map(pair).collect::<Vec<_>>().join(", "));
        }
        t += "        ],\n";
    }
    t += "    ],\n";
    t += "    mobility: [\n";
    for row in &w.mobility {
        t += &format!("        {},\n", list(row));
    }
    t += "    ],\n";
    t += &format!("    passed_pawn: {},\n", list(&w.passed_pawn));
    t += &format!("    passed_free: {},\n", list(&w.passed_free));
    t += &format!("    passed_king_distance: {},\n", pair(&w.passed_king_distance));
    t += &format!("    isolated_pawn: {},\n", pair(&w.isolated_pawn));
    t += &format!("    doubled_pawn: {},\n", pair(&w.doubled_pawn));
    t += &format!("    connected_pawn: {},\n", list(&w.connected_pawn));
    t += &format!("    bishop_pair: {},\n", pair(&w.bishop_pair));
    t += &format!("    rook_open_file: {},\n", pair(&w.rook_open_file));
    t += &format!("    rook_semi_open_file: {},\n", pair(&w.rook_semi_open_file));
    t += &format!("    threatened_piece: {},\n", pair(&w.threatened_piece));
    t += &format!("    outpost: {},\n", pair(&w.outpost));
    t += &format!("    king_shield_pawn: {},\n", pair(&w.king_shield_pawn));
    t += &format!("    king_open_file: {},\n", pair(&w.king_open_file));
    t += &format!("    king_danger: {},\n", pair(&w.king_danger));
    t += &format!("    hanging_piece: {},\n", pair(&w.hanging_piece));
    t += &format!("    bishop_pawns: {},\n", pair(&w.bishop_pawns));
    t += &format!("    pawn_push_threat: {},\n", pair(&w.pawn_push_threat));
    t += &format!("    weak_pawn: {},\n", pair(&w.weak_pawn));
    t += &format!("    passed_safe_stop: {},\n", pair(&w.passed_safe_stop));
    t += &format!("    king_danger_linear: {},\n", pair(&w.king_danger_linear));
    t += &format!("    complexity_pawns: {},\n", pair(&w.complexity_pawns));
    t += &format!("    complexity_both_flanks: {},\n", pair(&w.complexity_both_flanks));
    t += &format!("    complexity_base: {},\n", pair(&w.complexity_base));
    t += &format!("    king_pawn_distance: {},\n", pair(&w.king_pawn_distance));
    t += "};\n";
    t
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(data) = args.first() else {
        eprintln!("usage: rocada-tune DATA [--rounds N] [--epochs N] [--limit N] [--from-pair N] [--write PARAMS_RS]");
        std::process::exit(2);
    };
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let rounds: usize = opt("--rounds").and_then(|x| x.parse().ok()).unwrap_or(2);
    let epochs: usize = opt("--epochs").and_then(|x| x.parse().ok()).unwrap_or(400);
    let limit: usize = opt("--limit").and_then(|x| x.parse().ok()).unwrap_or(usize::MAX);
    // Pairs before this index (in `pair_mut`'s order) keep their values: new terms are tuned
    // against the weights already in use.
    let first_pair: usize = opt("--from-pair").and_then(|x| x.parse().ok()).unwrap_or(0).min(PAIRS);

    let file = std::fs::File::open(data).expect("data file");
    let mut positions = Vec::new();
    for line in std::io::BufReader::new(file).lines().map_while(Result::ok).take(limit) {
        let Some((fen, score)) = line.rsplit_once(';') else {
            continue;
        };
        let (Ok(pos), Ok(score)) = (Position::from_fen(fen, CastlingMode::Standard), score.trim().parse::<f64>()) else {
            continue;
        };
        positions.push((pos, score));
    }
    // Every tenth block of 200 lines is held out (whole games, mostly: consecutive positions
    // of one game are too alike to test each other).
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, p) in positions.into_iter().enumerate() {
        if (i / 200) % 10 == 9 {
            test.push(p)
        } else {
            train.push(p)
        }
    }
    eprintln!("{} training, {} held-out positions", train.len(), test.len());

    let mut w = EVAL.clone();
    // How the evaluation's scale compares with the scores': the best multiple c of it.
    let evals: Vec<(f64, f64)> = test.iter().map(|(pos, t)| (evaluate_with(pos, &w) as f64, *t)).collect();
    let scaled = |c: f64| evals.iter().map(|(e, t)| (sigmoid(c * e) - sigmoid(*t)).powi(2)).sum::<f64>() / evals.len() as f64;
    let best = (50..=300).map(|i| i as f64 / 100.0).min_by(|a, b| scaled(*a).total_cmp(&scaled(*b))).unwrap_or(1.0);
    eprintln!("scale: the scores fit {best:.2} x the evaluation best (loss {:.6} at 1.00, {:.6} at {best:.2})", scaled(1.0), scaled(best));
    eprintln!("start: held-out loss {:.6}, training loss {:.6}", loss_real(&test, &w), loss_real(&train, &w));
    for round in 1..=rounds {
        let t = std::time::Instant::now();
        let samples = measure(&train, &w, 2 * first_pair);
        let held_out = measure(&test, &w, 2 * first_pair);
        eprintln!("round {round}: slopes measured in {:.1} s", t.elapsed().as_secs_f64());
        let start = get(&w);
        let delta = fit(&samples, &held_out, start.len(), 2 * first_pair, epochs);
        let next: Vec<i32> = start.iter().enumerate().map(|(k, &x)| x + delta[k].round() as i32).collect();
        set(&mut w, &next);
        eprintln!("round {round}: held-out loss {:.6}, training loss {:.6}", loss_real(&test, &w), loss_real(&train, &w));
    }

    let block = render(&w);
    match opt("--write") {
        Some(path) => {
            // The block is written into an existing params.rs (a copy of src/engine/src/eval/params.rs).
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                eprintln!("{path}: {e} (--write takes an existing params.rs, whose EVAL block it replaces)");
                print!("{block}");
                std::process::exit(1);
            });
            let (Some(a), Some(b)) = (text.find("// BEGIN EVAL\n"), text.find("// END EVAL")) else {
                panic!("{path}: no BEGIN EVAL / END EVAL markers");
            };
            let out = format!("{}// BEGIN EVAL\n{}{}", &text[..a], block, &text[b..]);
            std::fs::write(&path, out).expect("write params");
            eprintln!("wrote {path}");
        }
        None => print!("{block}"),
    }
}

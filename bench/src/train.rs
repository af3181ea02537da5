//! `rocada-train`: trains a learned evaluation (a small NNUE) on `rocada-datagen`'s records, and
//! measures it against the hand-written evaluation on the same held-out positions. A development
//! tool: never shipped.
//!
//! Network (a "perspective" net): 768 inputs per side, one per (piece colour relative to the
//! side, role, square), the board mirrored vertically for Black (so a1 seen by Black is a8), and
//! the feature of a piece of the side itself first: `index = (them ? 384 : 0) + role * 64 +
//! square`. One hidden layer of `N` (`--hidden`) per side with shared weights (the
//! accumulators), clipped at 1: CReLU `clamp(x, 0, 1)` or SCReLU `clamp(x, 0, 1)^2`
//! (`--activation`); then the side to move's `N` activations, the other side's `N`, and one
//! output `y`: the evaluation is `y * SCALE` centipawns for the side to move.
//!
//! Target: `lambda * sigmoid(score / SCALE) + (1 - lambda) * result`, both for the side to move
//! (the records hold White's: the score is negated and the result `0, 1, 2` becomes `2 - r` for
//! Black, then halved), `sigmoid(x) = 1 / (1 + e^-x)`. The loss is the mean squared difference
//! of `sigmoid(y)` and the target. An engine using the net maps its output to centipawns with
//! the same `SCALE` (it is in the file's header).
//!
//! Training: Adam (0.9, 0.999) over shuffled mini-batches (`--batch`), the learning rate
//! decayed geometrically from `--lr` at the first epoch to `--lr-end` at the last; the feature
//! weights are sparse (about 30 of 768 rows per side and position), so each batch moves only the
//! rows its positions use, with their Adam moments (lazy Adam). Every weight is clipped to
//! +-1.98 after each step, so that the quantised net fits int16 (below). The threads
//! (`--threads`, default all cores) each sum the gradient of one slice of the batch, and the
//! sums are added in a fixed order: a run is deterministic given `--seed` and `--threads`.
//! Three helps for small data, on by default (measured on gen0, bench/README.md): every
//! position is also trained as its mirror image, files a <-> h (`--no-mirror`; the inputs do
//! not see castling, the one asymmetry); a factoriser (`--no-factoriser`; see [`train`]); and
//! weight decay of the feature rows (`--weight-decay`, toward the factor rows).
//!
//! Validation: whole games are held out, `--val-percent` of them (default 10) chosen by a hash
//! of (file number, game number). A record does not say which game it comes from, but
//! datagen appends whole games, and within one game the kept positions have a rising ply, one
//! result and never more pieces; a new game is started wherever that breaks. Such a split can
//! merge two games (never cut one), so no game has positions on both sides: consecutive
//! positions of one game are too alike to test each other. The game numbers of a file that
//! grows stay the same, so a later run's validation set contains an earlier one's.
//!
//! The measurement, on the validation set: the float net's loss, the quantised net's (through
//! the engine's integer evaluation, `rocada::eval::nnue`), the hand-written evaluation's with the scale
//! `K` that suits it best (`sigmoid(eval / K)`, `K` fitted on the validation set itself, which
//! can only flatter it), and the constant predictor's (the training set's mean target).
//!
//! Files (little-endian): a 16-byte header, `b"RCNN"`, `u16` version (1), `u8` format (0: f32,
//! 1: int16, 2: compact; bit 7 set for a residual net, bit 6 for a king-mirrored one, in both
//! files), `u8` activation (0: CReLU, 1: SCReLU), `u16` N, `u16` SCALE, `u16` QA, `u16` QB
//! (255 and 64; 1 and 1 in a float file); then the feature weights `[768][N]` (feature-major: the N weights of feature 0
//! first), the hidden biases `[N]`, the output weights `[2N]` (the side to move's half first)
//! and the output bias, all f32 or all i16 (format 2: the feature weights i8, in steps of
//! `nnue::FEATURE_STEP`). Quantised, the feature weights and hidden biases are `round(w * QA)`, the output weights `round(w * QB)` and the
//! output bias `round(b * QA * QB)` (after a bias correction: [`quantise`]); with the
//! clip at 1.98 every one fits i16 (the output weights even fit i8: at most 127), an accumulator
//! (a bias and at most 32 rows) stays within +-16,665, so i16 accumulators are exact, and the
//! output sum is i32 (the engine's `Network::new` checks its bound). The quantised net, its file
//! and its evaluation are the engine's own (`rocada::eval::nnue::Network`): what is measured here
//! is what the engine computes.
//!
//! ```text
//! cargo build --release -p rocada-bench --bin rocada-train
//! nice -n 10 target/release/rocada-train /work/data/gen0.bin [MORE.bin ...] --out /tmp/net
//!     [--hidden 128] [--activation screlu|crelu] [--epochs 10] [--batch 4096] [--lr 0.004]
//!     [--lr-end 0.0004] [--weight-decay 5] [--no-mirror] [--no-factoriser] [--lambda 0.7]
//!     [--scale 400] [--score-scale SCALE] [--seed 1] [--threads 2] [--val-percent 10] [--limit RECORDS]
//!     [--train-limit POSITIONS] [--residual] [--king-mirror] [--compact] [--from F.f32]
//! target/release/rocada-train /work/data/gen0.bin --net /tmp/net.nnue   # measure a saved net only
//! ```
//! writes `/tmp/net.f32` (the float net) and `/tmp/net.nnue` (quantised). `--limit` reads the
//! first records only (over all files); `--train-limit` keeps the first training positions
//! only, the validation set unchanged (a learning curve).
//!
//! `--residual`: the net learns a correction to the hand-written evaluation: its output is added
//! to `evaluate(pos) / SCALE` before the sigmoid (the hand-written evaluation of each record is
//! computed once, [`base_outputs`]), and the file is marked so that the engine adds the two
//! ([`Network::adds_hand_written`]). `--compact`: the feature weights quantised in steps of
//! `nnue::FEATURE_STEP` within `i8`, so the file is format 2 (half the bytes). `--from F.f32`:
//! start from that float net instead of a random one (pretraining, then training on other
//! data); with `--epochs 0` it is only quantised again (e.g. `--compact`). A residual float
//! net goes on as a residual one, `--residual` or not.
//!
//! `--king-mirror`: each side's view is mirrored (files a <-> h) when its own king is on files
//! a-d (`nnue::king_flip`), so one set of weights serves both wings and a king's surroundings
//! are learnt once; bit 6 of the format byte says so, in both files, and a king-mirrored float
//! net goes on as one. The mirror image of a position then has the same inputs, so `--mirror`
//! is off with it.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::eval::evaluate;
use rocada::eval::nnue::{self, Activation, Network, INPUTS, QA, QB};
use rocada::{Bitboard, Color, Piece, Position, Role, Square};
use std::time::Instant;

#[path = "record.rs"]
mod record;
use record::{code_piece, decode, record_turn, Record, RECORD};

/// Every float weight stays within this, so that the quantised net fits int16.
const CLIP: f32 = 1.98;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

// ---------------------------------------------------------------------------------------------
// Records and features

/// The active inputs of a position, the side to move's list first.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Features {
    len: usize,
    idx: [[u16; 32]; 2],
}

impl Features {
    fn from_pieces(turn: Color, pieces: impl Iterator<Item = (Square, Color, Role)>) -> Features {
        let mut f = Features { len: 0, idx: [[0; 32]; 2] };
        for (sq, color, role) in pieces {
            f.idx[0][f.len] = nnue::feature(turn, 0, Piece { color, role }, sq) as u16;
            f.idx[1][f.len] = nnue::feature(!turn, 0, Piece { color, role }, sq) as u16;
            f.len += 1;
        }
        f
    }

    #[cfg(test)]
    fn of_position(pos: &Position) -> Features {
        Features::from_pieces(pos.turn(), pos.board().pieces().map(|(sq, p)| (sq, p.color, p.role)))
    }

    /// Straight from the record's bytes (the trainer's path: no position is built).
    fn of_record(r: &Record) -> Features {
        let occupied = u64::from_le_bytes(r[0..8].try_into().expect("8 bytes"));
        let pieces = Bitboard(occupied).into_iter().take(32).enumerate().map(|(i, sq)| {
            let (color, role) = code_piece((r[8 + i / 2] >> (4 * (i % 2))) & 15).unwrap_or((Color::White, Role::Pawn));
            (sq, color, role)
        });
        Features::from_pieces(record_turn(r), pieces)
    }

    /// The same position with the files mirrored (a <-> h): every square's file `f` becomes
    /// `7 - f`, the low three bits of an index.
    fn mirrored(mut self) -> Features {
        for list in &mut self.idx {
            for i in &mut list[..self.len] {
                *i ^= 7;
            }
        }
        self
    }

    /// The inputs of a king-mirrored net ([`nnue::king_flip`]): each side's view mirrored
    /// (files a <-> h) when its own king is on files a-d. The own king's input is the one of
    /// role king among the side's own pieces (the first 384), and its file is the index's low
    /// three bits in either view.
    fn king_mirrored(mut self) -> Features {
        for list in &mut self.idx {
            let list = &mut list[..self.len];
            if list.iter().find(|&&i| i as usize / 64 == Role::King as usize).is_some_and(|&k| k & 7 < 4) {
                list.iter_mut().for_each(|i| *i ^= 7);
            }
        }
        self
    }

    /// A record's inputs for the net `cfg` trains.
    fn of(r: &Record, cfg: &Config) -> Features {
        let f = Features::of_record(r);
        if cfg.king_mirror {
            f.king_mirrored()
        } else {
            f
        }
    }

    fn side(&self, s: usize) -> &[u16] {
        &self.idx[s][..self.len]
    }
}

/// The record's target for the side to move: `lambda * sigmoid(score / scale) + (1 - lambda) * result`.
fn target(r: &Record, lambda: f64, scale: f64) -> f64 {
    let score = i16::from_le_bytes([r[28], r[29]]) as f64;
    let result = r[30].min(2) as f64 / 2.0;
    let (score, result) = if record_turn(r) == Color::White { (score, result) } else { (-score, 1.0 - result) };
    lambda * sigmoid(score / scale) + (1.0 - lambda) * result
}

/// The ply of a record's position (from the move counter and the side to move).
fn record_ply(r: &Record) -> u32 {
    2 * (u16::from_le_bytes([r[26], r[27]]) as u32).saturating_sub(1) + (record_turn(r) == Color::Black) as u32
}

/// The game number of each record: a new game wherever the ply does not rise, the result
/// changes or the number of pieces grows (none of which happens within a game).
fn game_numbers(records: &[Record]) -> Vec<u32> {
    let mut game = 0u32;
    let mut out = Vec::with_capacity(records.len());
    for (i, r) in records.iter().enumerate() {
        if i > 0 {
            let p = &records[i - 1];
            let pieces = |r: &Record| u64::from_le_bytes(r[0..8].try_into().expect("8 bytes")).count_ones();
            if record_ply(r) <= record_ply(p) || r[30] != p[30] || pieces(r) > pieces(p) {
                game += 1;
            }
        }
        out.push(game);
    }
    out
}

fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Whether game `game` of file `file` is held out.
fn held_out(file: usize, game: u32, percent: u64) -> bool {
    splitmix64(((file as u64) << 40) ^ game as u64) % 100 < percent
}

// ---------------------------------------------------------------------------------------------
// The float network

/// The activation in float (the engine's [`Activation`] is the integer one).
trait Float {
    fn apply(self, x: f32) -> f32;
    /// The slope at `x` (0 where clipped).
    fn slope(self, x: f32) -> f32;
}

impl Float for Activation {
    fn apply(self, x: f32) -> f32 {
        let c = x.clamp(0.0, 1.0);
        match self {
            Activation::CReLU => c,
            Activation::SCReLU => c * c,
        }
    }

    fn slope(self, x: f32) -> f32 {
        if x <= 0.0 || x >= 1.0 {
            0.0
        } else {
            match self {
                Activation::CReLU => 1.0,
                Activation::SCReLU => 2.0 * x,
            }
        }
    }
}

/// The float net; all numbers in one vector, in the file's order: feature weights `[768][N]`,
/// hidden biases `[N]`, output weights `[2N]`, output bias.
#[derive(Clone, Debug, PartialEq)]
struct Net {
    n: usize,
    act: Activation,
    p: Vec<f32>,
}

impl Net {
    fn len(n: usize) -> usize {
        INPUTS * n + n + 2 * n + 1
    }

    /// Start of the hidden biases, the output weights and the output bias in `p`.
    fn b1(&self) -> usize {
        INPUTS * self.n
    }
    fn w2(&self) -> usize {
        INPUTS * self.n + self.n
    }
    fn b2(&self) -> usize {
        INPUTS * self.n + 3 * self.n
    }

    /// Random weights: feature weights uniform in +-0.1 (an accumulator of ~30 rows then spreads
    /// over about +-0.3), output weights uniform in +-1/sqrt(2N), biases 0.
    fn random(n: usize, act: Activation, seed: u64) -> Net {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut net = Net { n, act, p: vec![0.0; Net::len(n)] };
        let (b1, w2, b2) = (net.b1(), net.w2(), net.b2());
        let out = 1.0 / (2.0 * n as f32).sqrt();
        for x in &mut net.p[..b1] {
            *x = rng.gen_range(-0.1..0.1);
        }
        for x in &mut net.p[w2..b2] {
            *x = rng.gen_range(-out..out);
        }
        net
    }

    /// The accumulators (side to move's, then the other's) into `acc` (`2N`).
    fn accumulate(&self, f: &Features, acc: &mut [f32]) {
        let n = self.n;
        for s in 0..2 {
            let a = &mut acc[s * n..(s + 1) * n];
            a.copy_from_slice(&self.p[self.b1()..self.b1() + n]);
            for &i in f.side(s) {
                let row = &self.p[i as usize * n..(i as usize + 1) * n];
                for (x, w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
        }
    }

    /// The output `y` (the evaluation is `y * SCALE` centipawns), given the accumulators.
    fn output(&self, acc: &[f32]) -> f32 {
        let w2 = &self.p[self.w2()..self.b2()];
        let mut y = self.p[self.b2()];
        for (a, w) in acc.iter().zip(w2) {
            y += self.act.apply(*a) * w;
        }
        y
    }

    fn forward(&self, f: &Features) -> f32 {
        let mut acc = vec![0.0; 2 * self.n];
        self.accumulate(f, &mut acc);
        self.output(&acc)
    }

    /// Every weight written as the quantised net reads it back (for the tests).
    #[cfg(test)]
    fn dequantised(q: &Network) -> Net {
        let (w1, b1, w2, b2) = q.weights();
        let mut p: Vec<f32> = w1.iter().chain(b1).map(|&x| x as f32 / QA as f32).collect();
        p.extend(w2.iter().map(|&x| x as f32 / QB as f32));
        p.push(b2 as f32 / (QA * QB) as f32);
        Net { n: q.hidden(), act: q.activation(), p }
    }
}

// ---------------------------------------------------------------------------------------------
// The quantised network

/// Quantises `net` into the engine's network ([`Network`], whose doc gives the scales); an
/// error if its output sum could overflow.
///
/// Bias correction: rounding an output weight to 1/64 moves the output by its error times the
/// neuron's activation, and many neurons sit at their clip in most positions, so the errors
/// add up to an offset (tens of centipawns, the same in every position). The output bias
/// takes it back: it absorbs each output weight's rounding error times the neuron's mean
/// activation over `sample` (training positions; none if `sample` is empty).
fn quantise(net: &Net, scale: i32, sample: &[Features], compact: bool) -> Result<Network, String> {
    let q = |x: f32, k: i32| (x * k as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    // Compact (format 2): the feature weights rounded to multiples of FEATURE_STEP within i8.
    let step = if compact { nnue::FEATURE_STEP as f32 } else { 1.0 };
    let q1 = |x: f32| ((x * QA as f32 / step).round().clamp(-128.0, 127.0) * step) as i16;
    let p = &net.p;
    let w2: Vec<i16> = p[net.w2()..net.b2()].iter().map(|&x| q(x, QB)).collect();
    let mut bias = p[net.b2()] as f64;
    if !sample.is_empty() {
        let mut mean = vec![0.0f64; 2 * net.n];
        let mut acc = vec![0.0f32; 2 * net.n];
        for f in sample {
            net.accumulate(f, &mut acc);
            for (m, a) in mean.iter_mut().zip(&acc) {
                *m += net.act.apply(*a) as f64 / sample.len() as f64;
            }
        }
        bias += mean.iter().zip(&p[net.w2()..net.b2()]).zip(&w2).map(|((m, &w), &wq)| m * (w as f64 - wq as f64 / QB as f64)).sum::<f64>();
    }
    let w1 = p[..net.b1()].iter().map(|&x| if compact { q1(x) } else { q(x, QA) }).collect();
    let b1 = p[net.b1()..net.w2()].iter().map(|&x| q(x, QA)).collect();
    Network::new(net.act, scale, w1, b1, w2, q(bias as f32, QA * QB)).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------------------------
// Files

/// The float net's file: the quantised file's header (format 0, QA = QB = 1), then f32s.
fn header(format: u8, act: Activation, n: usize, scale: i32, qa: i32, qb: i32) -> Vec<u8> {
    let mut h = nnue::MAGIC.to_vec();
    h.extend(nnue::VERSION.to_le_bytes());
    h.extend([format, act.code()]);
    for x in [n as u16, scale as u16, qa as u16, qb as u16] {
        h.extend(x.to_le_bytes());
    }
    h
}

/// A float net's file read back (what [`float_file`] writes), and its flags (`nnue::RESIDUAL`,
/// `nnue::KING_MIRRORED`).
fn read_float_file(bytes: &[u8]) -> Result<(Net, u8), String> {
    let format = bytes.get(6).copied().unwrap_or(9);
    let ok = bytes.len() >= nnue::HEADER && &bytes[..4] == nnue::MAGIC && format & !(nnue::RESIDUAL | nnue::KING_MIRRORED) == 0;
    let act = Activation::from_code(bytes.get(7).copied().unwrap_or(9)).filter(|_| ok).ok_or("not a float net file")?;
    let n = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let p: Vec<f32> = bytes[nnue::HEADER..].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    if p.len() != Net::len(n) || !(bytes.len() - nnue::HEADER).is_multiple_of(4) {
        return Err(format!("{} floats for N = {n}", p.len()));
    }
    Ok((Net { n, act, p }, format))
}

/// The float net's file; its format byte carries the engine's flags (`nnue::RESIDUAL`,
/// `nnue::KING_MIRRORED`), so that `--from` goes on with the same kind of net.
fn float_file(net: &Net, scale: i32, flags: u8) -> Vec<u8> {
    let mut out = header(flags, net.act, net.n, scale, 1, 1);
    out.extend(net.p.iter().flat_map(|x| x.to_le_bytes()));
    out
}

// ---------------------------------------------------------------------------------------------
// Training

#[derive(Clone, Debug)]
struct Config {
    epochs: usize,
    batch: usize,
    lr: f64,
    lr_end: f64,
    lambda: f64,
    scale: f64,
    /// The scale of the scores in the target (`--score-scale`; `scale` when `None`): with a
    /// smaller `scale`, the net's evaluation is that much smaller than the scores it learns.
    score_scale: Option<f64>,
    seed: u64,
    threads: usize,
    /// Each position is also trained as its mirror image (files a <-> h): chess is symmetric
    /// that way but for castling, which the inputs do not see.
    mirror: bool,
    /// A king-mirrored net ([`Features::king_mirrored`]; `--king-mirror`). Its inputs do not
    /// change when the position is mirrored, so `mirror` is off with it.
    king_mirror: bool,
    /// Decoupled weight decay (AdamW) of the feature rows: each step moves a row's weights by
    /// `-lr * decay * w` too (a row only when used; with the factoriser, these are the
    /// squares' departures from their piece's factor row).
    decay: f64,
    /// Train with factor rows ([`train`]).
    factoriser: bool,
    quiet: bool,
}

impl Config {
    /// The scale of the scores in the target.
    fn score_scale(&self) -> f64 {
        self.score_scale.unwrap_or(self.scale)
    }
}

/// One thread's gradient sums (the net's layout) and which feature rows it touched.
struct Grad {
    g: Vec<f32>,
    touched: Vec<bool>,
    loss: f64,
}

impl Grad {
    fn new(len: usize) -> Grad {
        Grad { g: vec![0.0; len], touched: vec![false; INPUTS], loss: 0.0 }
    }
}

/// Adds the gradient of the squared error over `batch` (indices into `records`) to `grad`.
fn backprop(net: &Net, records: &[Record], base: &[f32], batch: &[u32], cfg: &Config, grad: &mut Grad) {
    let n = net.n;
    let (b1, w2, b2) = (net.b1(), net.w2(), net.b2());
    let mut acc = vec![0.0f32; 2 * n];
    let mut delta = vec![0.0f32; 2 * n];
    for &i in batch {
        let (i, mirror) = if cfg.mirror { (i as usize / 2, i % 2 == 1) } else { (i as usize, false) };
        let r = &records[i];
        let f = if mirror { Features::of(r, cfg).mirrored() } else { Features::of(r, cfg) };
        net.accumulate(&f, &mut acc);
        let y = net.output(&acc) as f64 + base_at(base, i);
        let p = sigmoid(y);
        let e = p - target(r, cfg.lambda, cfg.score_scale());
        grad.loss += e * e;
        let g = (2.0 * e * p * (1.0 - p)) as f32;
        grad.g[b2] += g;
        for j in 0..2 * n {
            let w = net.p[w2 + j];
            grad.g[w2 + j] += g * net.act.apply(acc[j]);
            delta[j] = g * w * net.act.slope(acc[j]);
        }
        for s in 0..2 {
            let d = &delta[s * n..(s + 1) * n];
            for (gb, x) in grad.g[b1..b1 + n].iter_mut().zip(d) {
                *gb += x;
            }
            for &k in f.side(s) {
                let k = k as usize;
                grad.touched[k] = true;
                for (gw, x) in grad.g[k * n..(k + 1) * n].iter_mut().zip(d) {
                    *gw += x;
                }
            }
        }
    }
}

/// Adam's moments and step count.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;
    const EPS: f64 = 1e-8;

    /// One step of the numbers `p` (a net's, then the factors if any: see [`train`]) with
    /// the mean gradient `grad.g / count`: the touched feature rows and every other number;
    /// then the gradient is cleared.
    fn step(&mut self, p: &mut [f32], n: usize, grad: &mut Grad, count: usize, lr: f64, decay: f64) {
        self.t += 1;
        let (c1, c2) = (1.0 - Self::B1.powi(self.t), 1.0 - Self::B2.powi(self.t));
        let (scale, len) = (1.0 / count as f32, p.len());
        let mut update = |k: usize| {
            let g = grad.g[k] * scale;
            grad.g[k] = 0.0;
            self.m[k] = Self::B1 as f32 * self.m[k] + (1.0 - Self::B1 as f32) * g;
            self.v[k] = Self::B2 as f32 * self.v[k] + (1.0 - Self::B2 as f32) * g * g;
            let step = lr * (self.m[k] as f64 / c1) / ((self.v[k] as f64 / c2).sqrt() + Self::EPS);
            let shrink = if k < INPUTS * n { 1.0 - (lr * decay) as f32 } else { 1.0 };
            p[k] = (p[k] * shrink - step as f32).clamp(-CLIP, CLIP);
        };
        for row in 0..INPUTS {
            if grad.touched[row] {
                grad.touched[row] = false;
                (row * n..(row + 1) * n).for_each(&mut update);
            }
        }
        (INPUTS * n..len).for_each(update);
    }
}

/// `f` over `items` in `threads` slices, on as many threads; the results in slice order.
fn parallel<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&[T], usize) -> R + Sync) -> Vec<R> {
    let size = items.len().div_ceil(threads.max(1)).max(1);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.chunks(size).enumerate().map(|(t, c)| s.spawn(move || f(c, t))).collect();
        handles.into_iter().map(|h| h.join().expect("worker")).collect()
    })
}

/// The float net's mean loss over `samples` (records with their targets).
fn net_loss(net: &Net, records: &[Record], base: &[f32], cfg: &Config) -> f64 {
    let index: Vec<usize> = (0..records.len()).collect();
    let sums = parallel(&index, cfg.threads, |chunk, _| {
        chunk
            .iter()
            .map(|&i| {
                let y = net.forward(&Features::of(&records[i], cfg)) as f64 + base_at(base, i);
                (sigmoid(y) - target(&records[i], cfg.lambda, cfg.score_scale())).powi(2)
            })
            .sum::<f64>()
    });
    sums.iter().sum::<f64>() / records.len().max(1) as f64
}

/// Record `i`'s base output ([`base_outputs`]; 0 when `base` is empty: a net of its own).
fn base_at(base: &[f32], i: usize) -> f64 {
    base.get(i).map_or(0.0, |&b| b as f64)
}

/// `--residual`: each record's hand-written evaluation in the net's output units (side to
/// move's centipawns / `scale`), which the net's output is added to (0 for a record that is
/// not a legal position).
fn base_outputs(records: &[Record], scale: f64, threads: usize) -> Vec<f32> {
    parallel(records, threads, |chunk, _| {
        chunk.iter().map(|r| decode(r).map_or(0.0, |p| (evaluate(&p) as f64 / scale) as f32)).collect::<Vec<f32>>()
    })
    .concat()
}

/// What one training run saw, epoch by epoch: (training loss, validation loss).
struct History {
    epochs: Vec<(f64, f64)>,
    seconds: f64,
    rate: f64,
}

/// Trains `net` on `train`, reporting the loss on `valid` after each epoch.
///
/// With `cfg.factoriser`, the numbers trained are the net's and 12 "factor" rows of `N`, one
/// per (colour relative to the side, role) whatever the square: the net's feature row `k` is
/// its own row plus factor row `k / 64`, so what a piece is worth anywhere is learnt from
/// every square at once (a help when the data is small). The net is remade from them after
/// each step; the file holds the sums.
fn train(net: &mut Net, train: &[Record], valid: &[Record], bases: (&[f32], &[f32]), cfg: &Config) -> History {
    let mut rng = SmallRng::seed_from_u64(cfg.seed ^ 0x5EED);
    // With `mirror`, index `2i + 1` is record `i` mirrored.
    let mut order: Vec<u32> = (0..(train.len() * (1 + cfg.mirror as usize)) as u32).collect();
    let (n, len) = (net.n, net.p.len());
    let mut params = net.p.clone();
    params.resize(len + if cfg.factoriser { 12 * n } else { 0 }, 0.0);
    let mut grads: Vec<Grad> = (0..cfg.threads).map(|_| Grad::new(params.len())).collect();
    let mut adam = Adam { m: vec![0.0; params.len()], v: vec![0.0; params.len()], t: 0 };
    let started = Instant::now();
    let mut history = History { epochs: Vec::new(), seconds: 0.0, rate: 0.0 };
    for epoch in 0..cfg.epochs {
        let t0 = Instant::now();
        let lr = cfg.lr * (cfg.lr_end / cfg.lr).powf(epoch as f64 / (cfg.epochs.max(2) - 1) as f64);
        // Fisher-Yates with the seeded generator.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.gen_range(0..=i));
        }
        let mut loss = 0.0;
        for batch in order.chunks(cfg.batch) {
            let size = batch.len().div_ceil(cfg.threads);
            std::thread::scope(|s| {
                let net = &*net;
                let handles: Vec<_> = batch
                    .chunks(size)
                    .zip(grads.iter_mut())
                    .map(|(part, g)| s.spawn(move || backprop(net, train, bases.0, part, cfg, g)))
                    .collect();
                handles.into_iter().for_each(|h| h.join().expect("worker"));
            });
            // Sum into the first thread's buffer, in thread order.
            let (first, rest) = grads.split_first_mut().expect("a thread");
            for g in rest {
                for row in 0..INPUTS {
                    if g.touched[row] {
                        g.touched[row] = false;
                        first.touched[row] = true;
                        let range = row * net.n..(row + 1) * net.n;
                        for (a, b) in first.g[range.clone()].iter_mut().zip(&mut g.g[range]) {
                            *a += *b;
                            *b = 0.0;
                        }
                    }
                }
                for (a, b) in first.g[INPUTS * net.n..].iter_mut().zip(&mut g.g[INPUTS * net.n..]) {
                    *a += *b;
                    *b = 0.0;
                }
                first.loss += std::mem::take(&mut g.loss);
            }
            loss += std::mem::take(&mut first.loss);
            if cfg.factoriser {
                for row in (0..INPUTS).filter(|&r| first.touched[r]) {
                    let (f, k) = (len + row / 64 * n, row * n);
                    for j in 0..n {
                        first.g[f + j] += first.g[k + j];
                    }
                }
                adam.step(&mut params, n, first, batch.len(), lr, cfg.decay);
                for row in 0..INPUTS {
                    let (f, k) = (len + row / 64 * n, row * n);
                    for j in 0..n {
                        net.p[k + j] = (params[k + j] + params[f + j]).clamp(-CLIP, CLIP);
                    }
                }
                net.p[INPUTS * n..].copy_from_slice(&params[INPUTS * n..len]);
            } else {
                adam.step(&mut net.p, n, first, batch.len(), lr, cfg.decay);
            }
        }
        let seconds = t0.elapsed().as_secs_f64();
        let valid_loss = net_loss(net, valid, bases.1, cfg);
        let train_loss = loss / order.len().max(1) as f64;
        history.epochs.push((train_loss, valid_loss));
        if !cfg.quiet {
            eprintln!(
                "epoch {:3}/{}: training {train_loss:.6}, validation {valid_loss:.6}, lr {lr:.6}, {:.0} positions/s, {:.1} s",
                epoch + 1,
                cfg.epochs,
                order.len() as f64 / seconds,
                started.elapsed().as_secs_f64()
            );
        }
    }
    history.seconds = started.elapsed().as_secs_f64();
    history.rate = (order.len() * cfg.epochs) as f64 / history.seconds.max(1e-9);
    history
}

// ---------------------------------------------------------------------------------------------
// The measurement

/// The mean squared error of `sigmoid(cp / k)` against the targets.
fn cp_loss(cps: &[(f64, f64)], k: f64) -> f64 {
    cps.iter().map(|(cp, t)| (sigmoid(cp / k) - t).powi(2)).sum::<f64>() / cps.len().max(1) as f64
}

/// The scale `K` (1..=5000) with the lowest [`cp_loss`], and that loss: a coarse grid, then a
/// finer one around its best.
fn best_scale(cps: &[(f64, f64)]) -> (f64, f64) {
    let mut best: (f64, f64) = (400.0, cp_loss(cps, 400.0));
    for step in [50.0f64, 5.0, 0.5] {
        let centre = best.0;
        let mut k = (centre - 20.0 * step).max(step);
        while k <= (centre + 20.0 * step).min(5000.0) {
            let l = cp_loss(cps, k);
            if l < best.1 {
                best = (k, l);
            }
            k += step;
        }
    }
    best
}

// ---------------------------------------------------------------------------------------------
// Command line

struct Args {
    files: Vec<String>,
    hidden: usize,
    act: Activation,
    net: Option<String>,
    out: Option<String>,
    val_percent: u64,
    limit: usize,
    train_limit: usize,
    /// The quantised net in format 2 (`i8` feature weights, in steps of `FEATURE_STEP`).
    compact: bool,
    /// Train the net as a correction added to the hand-written evaluation.
    residual: bool,
    /// Start from this float net (`--epochs 0`: only quantise it) instead of a random one.
    from: Option<String>,
    cfg: Config,
}

/// What `--help` prints.
const USAGE: &str = "usage: rocada-train FILE... [--out PREFIX] [--hidden N] [--activation screlu|crelu] [--epochs N]
                    [--batch N] [--lr X] [--lr-end X] [--weight-decay X] [--no-mirror] [--no-factoriser]
                    [--lambda X] [--scale X] [--score-scale X] [--seed N] [--threads N] [--val-percent N] [--limit RECORDS]
                    [--train-limit POSITIONS] [--residual] [--king-mirror] [--compact] [--from F.f32]
       rocada-train FILE... --net NET.nnue   (measure a saved net only)
(bench/src/train.rs and bench/README.md describe them)";

fn parse_args() -> Args {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut a = Args {
        files: Vec::new(),
        hidden: 128,
        act: Activation::SCReLU,
        net: None,
        out: None,
        val_percent: 10,
        limit: usize::MAX,
        train_limit: usize::MAX,
        compact: false,
        residual: false,
        from: None,
        cfg: Config {
            epochs: 10,
            batch: 4096,
            lr: 0.004,
            lr_end: 0.0004,
            lambda: 0.7,
            scale: 400.0,
            score_scale: None,
            seed: 1,
            threads,
            mirror: true,
            king_mirror: false,
            decay: 5.0,
            factoriser: true,
            quiet: false,
        },
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--hidden" => a.hidden = value().parse().expect("--hidden N"),
            "--activation" => {
                a.act = match value().as_str() {
                    "crelu" => Activation::CReLU,
                    "screlu" => Activation::SCReLU,
                    other => panic!("--activation crelu|screlu, not {other}"),
                }
            }
            "--epochs" => a.cfg.epochs = value().parse().expect("--epochs N"),
            "--batch" => a.cfg.batch = value().parse().expect("--batch N"),
            "--lr" => a.cfg.lr = value().parse().expect("--lr X"),
            "--lr-end" => a.cfg.lr_end = value().parse().expect("--lr-end X"),
            "--lambda" => a.cfg.lambda = value().parse().expect("--lambda X"),
            "--scale" => a.cfg.scale = value().parse().expect("--scale CP"),
            "--score-scale" => a.cfg.score_scale = Some(value().parse().expect("--score-scale CP")),
            "--seed" => a.cfg.seed = value().parse().expect("--seed N"),
            "--threads" => a.cfg.threads = value().parse().expect("--threads N"),
            "--val-percent" => a.val_percent = value().parse().expect("--val-percent P"),
            "--limit" => a.limit = value().parse().expect("--limit RECORDS"),
            // The first POSITIONS training positions only (the validation set unchanged: a
            // learning curve).
            "--train-limit" => a.train_limit = value().parse().expect("--train-limit POSITIONS"),
            "--no-mirror" => a.cfg.mirror = false,
            "--king-mirror" => a.cfg.king_mirror = true,
            "--no-factoriser" => a.cfg.factoriser = false,
            "--weight-decay" => a.cfg.decay = value().parse().expect("--weight-decay X"),
            "--net" => a.net = Some(value()),
            "--compact" => a.compact = true,
            "--residual" => a.residual = true,
            "--from" => a.from = Some(value()),
            "--out" => a.out = Some(value()),
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            f if f.starts_with("--") => panic!("unknown argument {f} (--help lists them)"),
            file => a.files.push(file.to_string()),
        }
    }
    assert!(!a.files.is_empty(), "{USAGE}");
    assert!(a.cfg.threads >= 1 && a.cfg.batch >= 1 && a.hidden >= 1);
    assert!(a.cfg.scale >= 1.0 && a.cfg.scale <= u16::MAX as f64, "--scale must fit the header's u16");
    a
}

fn main() {
    let mut args = parse_args();
    let (mut train_set, mut valid_set) = (Vec::new(), Vec::new());
    for (file_no, path) in args.files.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let records: Vec<Record> = bytes
            .chunks_exact(RECORD)
            .take(args.limit.saturating_sub(train_set.len() + valid_set.len()))
            .map(|c| c.try_into().expect("32 bytes"))
            .collect();
        let games = game_numbers(&records);
        let before = valid_set.len();
        for (r, g) in records.iter().zip(&games) {
            if held_out(file_no, *g, args.val_percent) {
                valid_set.push(*r)
            } else {
                train_set.push(*r)
            }
        }
        eprintln!(
            "{path}: {} records ({} bytes read), {} games, {} held out",
            records.len(),
            bytes.len(),
            games.last().map_or(0, |g| g + 1),
            valid_set.len() - before
        );
    }
    // The validation set is also measured with the hand-written evaluation: it keeps the
    // records that decode to a legal position (all of datagen's should).
    train_set.truncate(args.train_limit);
    let positions: Vec<(Record, Position)> = valid_set.iter().filter_map(|r| decode(r).ok().map(|p| (*r, p))).collect();
    if positions.len() != valid_set.len() {
        eprintln!("warning: {} validation records are not legal positions (left out)", valid_set.len() - positions.len());
    }
    let valid_set: Vec<Record> = positions.iter().map(|(r, _)| *r).collect();
    eprintln!("{} training, {} validation positions", train_set.len(), valid_set.len());
    let targets: Vec<f64> = valid_set.iter().map(|r| target(r, args.cfg.lambda, args.cfg.score_scale())).collect();
    let from = args.from.as_ref().map(|path| {
        read_float_file(&std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))).unwrap_or_else(|e| panic!("{path}: {e}"))
    });
    // `--from` a residual or king-mirrored net goes on as one.
    let flags = from.as_ref().map_or(0, |(_, f)| *f);
    let residual = args.residual || flags & nnue::RESIDUAL != 0;
    args.cfg.king_mirror |= flags & nnue::KING_MIRRORED != 0;
    args.cfg.mirror &= !args.cfg.king_mirror;
    let cfg = &args.cfg;
    let flags = if residual { nnue::RESIDUAL } else { 0 } | if cfg.king_mirror { nnue::KING_MIRRORED } else { 0 };
    let (train_base, valid_base) = if residual {
        (base_outputs(&train_set, cfg.scale, cfg.threads), base_outputs(&valid_set, cfg.scale, cfg.threads))
    } else {
        (Vec::new(), Vec::new())
    };

    let (quant, float_loss, history) = match &args.net {
        Some(path) => {
            let q = Network::from_bytes(&std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}")))
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            (q, None, None)
        }
        None => {
            let mut net = match from {
                Some((net, _)) => net,
                None => Net::random(args.hidden, args.act, cfg.seed),
            };
            eprintln!(
                "training N = {} ({}), {} epochs, batch {}, lr {} -> {}, weight decay {}, lambda {}, scale {} (scores {}), seed {}, {} threads{}{}",
                net.n,
                net.act.name(),
                cfg.epochs,
                cfg.batch,
                cfg.lr,
                cfg.lr_end,
                cfg.decay,
                cfg.lambda,
                cfg.scale,
                cfg.score_scale(),
                cfg.seed,
                cfg.threads,
                if cfg.mirror { ", mirrored too" } else { "" },
                if cfg.factoriser { ", factoriser" } else { "" }
            );
            let history = train(&mut net, &train_set, &valid_set, (&train_base, &valid_base), cfg);
            let sample: Vec<Features> = train_set.iter().step_by((train_set.len() / 20_000).max(1)).map(|r| Features::of(r, cfg)).collect();
            let q = quantise(&net, cfg.scale.round() as i32, &sample, args.compact)
                .unwrap_or_else(|e| panic!("{e}"))
                .with_hand_written(residual)
                .with_king_mirror(cfg.king_mirror);
            if let Some(out) = &args.out {
                std::fs::write(format!("{out}.f32"), float_file(&net, cfg.scale.round() as i32, flags)).expect("write the float net");
                std::fs::write(format!("{out}.nnue"), q.to_bytes()).expect("write the quantised net");
                eprintln!("wrote {out}.f32 and {out}.nnue");
            }
            let float_loss = history.epochs.last().map(|e| e.1);
            // How far the integer evaluation is from the float one, in centipawns.
            let diffs: Vec<f64> =
                positions.iter().map(|(r, p)| q.evaluate(p) as f64 - net.forward(&Features::of(r, cfg)) as f64 * cfg.scale).collect();
            let count = diffs.len().max(1) as f64;
            eprintln!(
                "quantised - float: mean {:+.2} cp, mean absolute {:.2} cp, largest {:.0} cp",
                diffs.iter().sum::<f64>() / count,
                diffs.iter().map(|d| d.abs()).sum::<f64>() / count,
                diffs.iter().map(|d| d.abs()).fold(0.0, f64::max)
            );
            (q, float_loss, Some(history))
        }
    };

    // A residual net's evaluation is the hand-written one plus the net's.
    let hand = |p: &Position| if quant.adds_hand_written() { evaluate(p) as f64 } else { 0.0 };
    let quant_cps: Vec<(f64, f64)> = positions.iter().zip(&targets).map(|((_, p), t)| (quant.evaluate(p) as f64 + hand(p), *t)).collect();
    let quant_loss = cp_loss(&quant_cps, quant.scale() as f64);
    let hce: Vec<(f64, f64)> = positions.iter().zip(&targets).map(|((_, p), t)| (evaluate(p) as f64, *t)).collect();
    let (k, hce_loss) = best_scale(&hce);
    let mean = train_set.iter().map(|r| target(r, cfg.lambda, cfg.score_scale())).sum::<f64>() / train_set.len().max(1) as f64;
    let constant_loss = targets.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / targets.len().max(1) as f64;

    println!("validation positions     {}", valid_set.len());
    println!("training positions       {}", train_set.len());
    if let Some(h) = &history {
        let best = h.epochs.iter().enumerate().min_by(|a, b| a.1 .1.total_cmp(&b.1 .1)).map_or(0, |(i, _)| i + 1);
        println!(
            "net                      N = {}, {}, {} epochs in {:.0} s, {:.0} positions/s (best validation at epoch {best})",
            quant.hidden(),
            quant.activation().name(),
            h.epochs.len(),
            h.seconds,
            h.rate
        );
    }
    if let Some(l) = float_loss {
        println!("net, float               {l:.6}");
    }
    let (net_k, net_k_loss) = best_scale(&quant_cps);
    println!("net, quantised           {quant_loss:.6} (at its best K = {net_k}: {net_k_loss:.6})");
    let largest = |w: &[i16]| w.iter().map(|x| x.unsigned_abs()).max().unwrap_or(0);
    let average = |w: &[i16]| w.iter().map(|&x| (x as f64).abs()).sum::<f64>() / w.len().max(1) as f64;
    println!(
        "quantised weights        feature max {} mean {:.1}, hidden bias max {}, output max {} mean {:.1}, output bias {}",
        largest(quant.weights().0),
        average(quant.weights().0),
        largest(quant.weights().1),
        largest(quant.weights().2),
        average(quant.weights().2),
        quant.weights().3
    );
    println!("hand-written, K = {k:<7}  {hce_loss:.6} (at K = {}: {:.6})", cfg.scale, cp_loss(&hce, cfg.scale));
    println!("constant {mean:.4}          {constant_loss:.6}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use rocada::{Board, CastlingMode, Setup};

    /// Positions of random games from the standard start and Chess960 starts.
    fn random_positions(count: usize, seed: u64) -> Vec<Position> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = if rng.gen_bool(0.5) { Position::chess960(rng.gen_range(0..960)).expect("0..959") } else { Position::new() };
            for _ in 0..rng.gen_range(0..120) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Pawn moves first now and then, so that en passant squares turn up.
                let pawn = moves.iter().copied().filter(|m| pos.board().role_at(m.from()) == Some(Role::Pawn)).collect::<Vec<_>>();
                let m = if !pawn.is_empty() && rng.gen_bool(0.5) {
                    pawn[rng.gen_range(0..pawn.len())]
                } else {
                    moves[rng.gen_range(0..moves.len())]
                };
                pos.play_unchecked(m);
                // One in four kept: more games, fewer near-copies.
                if rng.gen_ratio(1, 4) {
                    out.push(pos.clone());
                }
            }
        }
        out.truncate(count);
        out
    }

    /// The position with colours swapped and the board mirrored vertically (the same
    /// position, seen from the other side).
    fn colour_flipped(pos: &Position) -> Position {
        let s = pos.to_setup();
        let mut board = Board::empty();
        for (sq, p) in s.board.pieces() {
            board.put(sq.flip_vertical(), Piece::new(!p.color, p.role));
        }
        let setup = Setup {
            board,
            turn: !s.turn,
            castling_rights: s.castling_rights.flip_vertical(),
            ep_square: s.ep_square.map(Square::flip_vertical),
            halfmoves: s.halfmoves,
            fullmoves: s.fullmoves,
        };
        Position::from_setup(setup, CastlingMode::Chess960).expect("a mirror of a legal position")
    }

    fn material(pos: &Position) -> i32 {
        const VALUE: [i32; 6] = [100, 300, 300, 500, 900, 0];
        pos.board().pieces().map(|(_, p)| if p.color == Color::White { VALUE[p.role as usize] } else { -VALUE[p.role as usize] }).sum()
    }

    fn quiet_config(threads: usize) -> Config {
        Config {
            epochs: 8,
            batch: 256,
            lr: 0.01,
            lr_end: 0.001,
            lambda: 1.0,
            scale: 400.0,
            score_scale: None,
            seed: 7,
            threads,
            mirror: false,
            king_mirror: false,
            decay: 0.0,
            factoriser: false,
            quiet: true,
        }
    }

    #[test]
    fn records_round_trip_through_datagens_pack() {
        let (mut ep, mut castling, mut chess960_rights) = (0, 0, 0);
        for (i, pos) in random_positions(3000, 1).iter().enumerate() {
            let score = (i as i32 * 37) % 2001 - 1000;
            let r = record::pack(pos, score, (i % 3) as u8);
            let back = decode(&r).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
            assert_eq!(back.to_setup(), pos.to_setup(), "{}", pos.fen());
            assert_eq!(record::pack(&back, score, (i % 3) as u8), r);
            assert_eq!(i16::from_le_bytes([r[28], r[29]]) as i32, score);
            ep += pos.ep_square().is_some() as u32;
            castling += pos.castling_rights().any() as u32;
            chess960_rights += (pos.castling_rights() & !Bitboard(0x8100_0000_0000_0081)).any() as u32;
        }
        assert!(
            ep > 20 && castling > 300 && chess960_rights > 100,
            "coverage: {ep} en passant, {castling} with rights, {chess960_rights} Chess960 rights"
        );
    }

    #[test]
    fn record_features_are_the_positions_features() {
        for pos in random_positions(500, 2) {
            let r = record::pack(&pos, 0, 1);
            let (mut a, mut b) = (Features::of_record(&r), Features::of_position(&pos));
            assert_eq!(a.len, pos.board().occupied().count() as usize);
            for f in [&mut a, &mut b] {
                f.idx[0][..f.len].sort_unstable();
                f.idx[1][..f.len].sort_unstable();
            }
            assert_eq!(a, b, "{}", pos.fen());
        }
    }

    /// The trainer's king-mirrored inputs are the engine's (`nnue::feature` with
    /// `nnue::king_flip`), in both views, with the kings on either half of the board.
    #[test]
    fn king_mirrored_features_are_the_engines() {
        let mut flipped = [0; 2];
        for pos in random_positions(500, 3) {
            let r = record::pack(&pos, 0, 1);
            let cfg = Config { king_mirror: true, ..quiet_config(1) };
            let f = Features::of(&r, &cfg);
            for (s, side) in [pos.turn(), !pos.turn()].into_iter().enumerate() {
                let flip = nnue::king_flip(true, pos.board(), side);
                flipped[s] += (flip == 7) as usize;
                let mut engine: Vec<u16> = pos.board().pieces().map(|(sq, p)| nnue::feature(side, flip, p, sq) as u16).collect();
                let mut ours = f.side(s).to_vec();
                engine.sort_unstable();
                ours.sort_unstable();
                assert_eq!(ours, engine, "{} side {s}", pos.fen());
            }
        }
        assert!(flipped.iter().all(|&k| k > 50 && k < 450), "{flipped:?}");
    }

    #[test]
    fn a_colour_flipped_mirror_has_the_same_features() {
        let sorted = |f: &Features, s: usize| {
            let mut v = f.side(s).to_vec();
            v.sort_unstable();
            v
        };
        for pos in random_positions(500, 3) {
            let (a, b) = (Features::of_position(&pos), Features::of_position(&colour_flipped(&pos)));
            assert_eq!(sorted(&a, 0), sorted(&b, 0), "side to move's view of {}", pos.fen());
            assert_eq!(sorted(&a, 1), sorted(&b, 1), "other side's view of {}", pos.fen());
        }
        // And the two views of one position differ: the mirror is not the identity.
        let f = Features::of_position(&Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", CastlingMode::Standard).unwrap());
        assert_eq!(sorted(&f, 0), vec![12, 5 * 64 + 4, 384 + 5 * 64 + 60]);
        assert_eq!(sorted(&f, 1), vec![5 * 64 + 4, 384 + 52, 384 + 5 * 64 + 60]);
    }

    #[test]
    fn mirrored_features_are_the_mirrored_positions() {
        for pos in random_positions(300, 10) {
            let s = pos.to_setup();
            let mut board = Board::empty();
            for (sq, p) in s.board.pieces() {
                board.put(Square::new(sq as u32 ^ 7), p);
            }
            let mirror = Setup { board, castling_rights: Bitboard::EMPTY, ep_square: s.ep_square.map(|e| Square::new(e as u32 ^ 7)), ..s };
            let mirror = Position::from_setup(mirror, CastlingMode::Chess960).expect("a mirror of a legal position");
            let (mut a, mut b) = (Features::of_position(&pos).mirrored(), Features::of_position(&mirror));
            for f in [&mut a, &mut b] {
                f.idx[0][..f.len].sort_unstable();
                f.idx[1][..f.len].sort_unstable();
            }
            assert_eq!(a, b, "{}", pos.fen());
            assert_ne!(Features::of_position(&pos).mirrored(), Features::of_position(&pos));
        }
    }

    #[test]
    fn the_target_is_for_the_side_to_move() {
        let white = record::pack(&Position::new(), 400, 2);
        let mut black_pos = Position::new();
        black_pos.play(black_pos.legal_moves()[0]).unwrap();
        let black = record::pack(&black_pos, 400, 2);
        assert!((target(&white, 1.0, 400.0) - sigmoid(1.0)).abs() < 1e-12);
        assert!((target(&black, 1.0, 400.0) - sigmoid(-1.0)).abs() < 1e-12);
        assert_eq!(target(&white, 0.0, 400.0), 1.0);
        assert_eq!(target(&black, 0.0, 400.0), 0.0);
        assert!((target(&black, 0.7, 400.0) - 0.7 * sigmoid(-1.0)).abs() < 1e-12);
    }

    #[test]
    fn the_integer_evaluation_matches_the_float_one() {
        let positions = random_positions(300, 4);
        for (seed, act) in [(1, Activation::CReLU), (2, Activation::SCReLU), (3, Activation::CReLU), (4, Activation::SCReLU)] {
            // Random nets with weights of a trained net's size: feature weights +-0.1 with a
            // bias of +0.3 (most activations inside the clip), output weights +-1.
            let mut net = Net::random(64, act, seed);
            let mut rng = SmallRng::seed_from_u64(seed);
            let (b1, w2, b2) = (net.b1(), net.w2(), net.b2());
            net.p[b1..w2].iter_mut().for_each(|x| *x = 0.3 + rng.gen_range(-0.2..0.2));
            net.p[w2..b2].iter_mut().for_each(|x| *x = rng.gen_range(-1.0..1.0));
            net.p[b2] = 0.05;
            let q = quantise(&net, 400, &[], false).unwrap();
            assert_eq!(Network::from_bytes(&q.to_bytes()), Ok(q.clone()), "the file reads back");
            let exact = Net::dequantised(&q);
            let mut total = 0.0;
            for pos in &positions {
                let f = Features::of_position(pos);
                let cp = q.evaluate(pos) as f64;
                // Against the same weights in float: only the final divisions truncate.
                let same = exact.forward(&f) as f64 * 400.0;
                assert!((cp - same).abs() <= 1.5, "{act:?}: {cp} v {same}");
                // Against the float net: the rounding of every weight, bounded term by term
                // (an accumulator is off by at most (1 + pieces) / 2QA, an activation by that
                // times its slope, an output weight by 1 / 2QB).
                let float = net.forward(&f) as f64 * 400.0;
                let acc_err = (1 + f.len) as f64 * 0.5 / QA as f64;
                let slope = if act == Activation::SCReLU { 2.0 } else { 1.0 };
                let w_sum: f64 = net.p[w2..b2].iter().map(|w| w.abs() as f64 + 0.5 / QB as f64).sum();
                let bound = 400.0 * (w_sum * acc_err * slope + 2.0 * net.n as f64 * 0.5 / QB as f64 + 0.5 / (QA * QB) as f64) + 1.5;
                assert!((cp - float).abs() <= bound, "{act:?}: {cp} v {float} (bound {bound})");
                total += (cp - float).abs();
            }
            // In practice the errors cancel: on average far within the worst case (measured: 9 to 11 cp).
            assert!(total / positions.len() as f64 <= 15.0, "{act:?}: mean error {}", total / positions.len() as f64);
            // Bias correction (on other positions) takes out the mean error: here half the
            // neurons are always at their clip and every output weight rounds down by 0.4/64.
            let mut skewed = net.clone();
            skewed.p[b1..b1 + 32].iter_mut().for_each(|x| *x = 1.5);
            skewed.p[w2..b2].iter_mut().for_each(|x| *x = ((*x * 64.0).round() + 0.4) / 64.0);
            let sample: Vec<Features> = random_positions(300, 40 + seed).iter().map(Features::of_position).collect();
            let (plain, corrected) = (quantise(&skewed, 400, &[], false).unwrap(), quantise(&skewed, 400, &sample, false).unwrap());
            let (pw, cw) = (plain.weights(), corrected.weights());
            assert_eq!((cw.0, cw.1, cw.2), (pw.0, pw.1, pw.2), "only the output bias changes");
            let offset = |q: &Network| {
                positions.iter().map(|p| q.evaluate(p) as f64 - skewed.forward(&Features::of_position(p)) as f64 * 400.0).sum::<f64>()
                    / positions.len() as f64
            };
            let (before, after) = (offset(&plain), offset(&corrected));
            assert!(before < -100.0 && after.abs() <= 6.0, "{act:?}: mean error {before:+.2} cp, corrected {after:+.2}");
        }
    }

    #[test]
    fn a_net_whose_output_sum_could_overflow_is_refused() {
        let mut net = Net::random(256, Activation::SCReLU, 1);
        let (w2, b2) = (net.w2(), net.b2());
        net.p[w2..b2].iter_mut().for_each(|x| *x = CLIP);
        assert!(quantise(&net, 400, &[], false).is_err());
        net.p[w2..b2].iter_mut().for_each(|x| *x = 0.5);
        assert!(quantise(&net, 400, &[], false).is_ok());
    }

    #[test]
    fn games_are_never_cut_by_the_validation_split() {
        // Games as datagen writes them: rising plies, one result, pieces only taken.
        let mut rng = SmallRng::seed_from_u64(5);
        let (mut records, mut truth) = (Vec::new(), Vec::new());
        for game in 0..200u32 {
            let mut pos = if game % 4 == 0 { Position::chess960(rng.gen_range(0..960)).unwrap() } else { Position::new() };
            let result = rng.gen_range(0..3u8);
            for ply in 0..rng.gen_range(10..100) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
                // Not every position is kept.
                if ply >= 8 && rng.gen_bool(0.7) {
                    records.push(record::pack(&pos, 0, result));
                    truth.push(game);
                }
            }
        }
        let found = game_numbers(&records);
        for i in 1..records.len() {
            assert!(truth[i] != truth[i - 1] || found[i] == found[i - 1], "a game cut at record {i}");
        }
        let (cut, games) = (found.last().unwrap() + 1, truth.iter().collect::<std::collections::HashSet<_>>().len() as u32);
        assert!(cut >= games * 9 / 10 && cut <= games, "{cut} games found of {games}");
        let valid = found.iter().filter(|&&g| held_out(0, g, 10)).count();
        assert!(valid > records.len() / 20 && valid < records.len() / 5, "{valid} of {} held out", records.len());
    }

    /// Records whose score is the material balance (White's view), split into two sets.
    fn material_records(count: usize, seed: u64) -> Vec<Record> {
        random_positions(count, seed).iter().map(|p| record::pack(p, material(p), 1)).collect()
    }

    #[test]
    fn the_trainer_learns_material() {
        let (train_set, valid) = (material_records(12_000, 6), material_records(2_000, 7));
        let mean = train_set.iter().map(|r| target(r, 1.0, 400.0)).sum::<f64>() / train_set.len() as f64;
        let constant = valid.iter().map(|r| (target(r, 1.0, 400.0) - mean).powi(2)).sum::<f64>() / valid.len() as f64;
        let plain = Config { epochs: 30, ..quiet_config(2) };
        let factored = Config { epochs: 15, mirror: true, factoriser: true, decay: 5.0, ..quiet_config(2) };
        for (cfg, act) in [(plain, Activation::SCReLU), (factored, Activation::CReLU)] {
            let mut net = Net::random(32, act, 1);
            let history = train(&mut net, &train_set, &valid, (&[], &[]), &cfg);
            let learned = history.epochs.last().unwrap().1;
            assert!(learned < constant / 30.0, "{cfg:?}: validation loss {learned} v the constant's {constant}");
            // The quantised net has learned it too.
            let q = quantise(&net, 400, &[], false).unwrap();
            let cps: Vec<(f64, f64)> = valid.iter().map(|r| (q.evaluate(&decode(r).unwrap()) as f64, target(r, 1.0, 400.0))).collect();
            assert!(cp_loss(&cps, 400.0) < constant / 10.0);
        }
        // And the hand-written evaluation's scale fit finds about 1 for the material itself.
        let exact: Vec<(f64, f64)> = valid.iter().map(|r| (target_cp(r), target(r, 1.0, 400.0))).collect();
        let (k, l) = best_scale(&exact);
        assert!((k - 400.0).abs() <= 1.0 && l < 1e-9, "K {k}, loss {l}");
    }

    /// `--scale 200 --score-scale 400`: the net learns `sigmoid(score / 400)` with its own
    /// output read as `sigmoid(eval / 200)`, so its evaluation is half the scores (the scale fit
    /// of its quantised evaluation against the targets finds about 200, not 400).
    #[test]
    fn a_smaller_scale_than_the_scores_makes_a_smaller_evaluation() {
        let (train_set, valid) = (material_records(12_000, 6), material_records(2_000, 7));
        let cfg = Config { epochs: 15, scale: 200.0, score_scale: Some(400.0), ..quiet_config(2) };
        let mut net = Net::random(32, Activation::SCReLU, 1);
        train(&mut net, &train_set, &valid, (&[], &[]), &cfg);
        let q = quantise(&net, 200, &[], false).unwrap();
        let cps: Vec<(f64, f64)> = valid.iter().map(|r| (q.evaluate(&decode(r).unwrap()) as f64, target(r, 1.0, 400.0))).collect();
        let (k, _) = best_scale(&cps);
        assert!((k - 200.0).abs() < 20.0, "K {k}");
    }

    /// `--residual`: the net learns what the hand-written evaluation misses. Records scored
    /// by the hand-written evaluation plus 100 cp a knight for its side: the hand-written
    /// evaluation alone is far off, the residual net's sum comes close (a plain net of the
    /// same training is further), and the quantised sum, as the engine computes it, too.
    #[test]
    fn a_residual_net_learns_the_hand_written_evaluations_error() {
        let score = |p: &Position| {
            let white = if p.turn() == Color::White { 1 } else { -1 };
            let knights = |c: Color| p.board().pieces().filter(|(_, pc)| pc.color == c && pc.role == Role::Knight).count() as i32;
            evaluate(p) * white + 100 * (knights(Color::White) - knights(Color::Black))
        };
        let records = |count, seed| random_positions(count, seed).iter().map(|p| record::pack(p, score(p), 1)).collect::<Vec<_>>();
        let (train_set, valid) = (records(8_000, 10), records(1_000, 11));
        let base = (base_outputs(&train_set, 400.0, 2), base_outputs(&valid, 400.0, 2));
        let loss = |cps: &[(f64, f64)]| cp_loss(cps, 400.0);
        let targets: Vec<f64> = valid.iter().map(|r| target(r, 1.0, 400.0)).collect();
        let hand: Vec<(f64, f64)> = valid.iter().zip(&targets).map(|(r, &t)| (evaluate(&decode(r).unwrap()) as f64, t)).collect();
        let cfg = Config { epochs: 10, ..quiet_config(2) };
        let mut residual = Net::random(16, Activation::CReLU, 1);
        let learned = train(&mut residual, &train_set, &valid, (&base.0, &base.1), &cfg).epochs.last().unwrap().1;
        let mut plain = Net::random(16, Activation::CReLU, 1);
        let alone = train(&mut plain, &train_set, &valid, (&[], &[]), &cfg).epochs.last().unwrap().1;
        assert!(learned < loss(&hand) / 5.0 && learned < alone, "residual {learned}, plain {alone}, hand-written {}", loss(&hand));
        let q = quantise(&residual, 400, &[], false).unwrap().with_hand_written(true);
        let sums: Vec<(f64, f64)> = valid
            .iter()
            .zip(&targets)
            .map(|(r, &t)| {
                let p = decode(r).unwrap();
                ((q.evaluate(&p) + evaluate(&p)) as f64, t)
            })
            .collect();
        assert!(loss(&sums) < loss(&hand) / 4.0, "quantised {}", loss(&sums));
    }

    /// The record's score for the side to move.
    fn target_cp(r: &Record) -> f64 {
        let s = i16::from_le_bytes([r[28], r[29]]) as f64;
        if record_turn(r) == Color::White {
            s
        } else {
            -s
        }
    }

    /// A float net reads back as it was written, with its flags (so that `--from` goes on
    /// with a residual or king-mirrored net as one), and a quantised file is not taken for a
    /// float one.
    #[test]
    fn a_float_file_reads_back_with_its_flags() {
        let net = Net::random(8, Activation::SCReLU, 3);
        for flags in [0, nnue::RESIDUAL, nnue::KING_MIRRORED, nnue::RESIDUAL | nnue::KING_MIRRORED] {
            let (back, flag) = read_float_file(&float_file(&net, 400, flags)).unwrap();
            assert_eq!((back.n, back.act, &back.p, flag), (net.n, net.act, &net.p, flags));
        }
        let quantised = quantise(&net, 400, &[], false).unwrap().with_hand_written(true).to_bytes();
        assert!(read_float_file(&quantised).is_err());
    }

    /// The gradient [`backprop`] sums is the loss's, number by number (against central
    /// differences): feature rows, hidden biases, output weights and bias.
    #[test]
    fn backprop_is_the_gradient_of_the_loss() {
        let records = material_records(40, 12);
        let batch: Vec<u32> = (0..records.len() as u32).collect();
        let cfg = quiet_config(1);
        for act in [Activation::CReLU, Activation::SCReLU] {
            let mut net = Net::random(6, act, 5);
            let (b1, w2) = (net.b1(), net.w2());
            let mut rng = SmallRng::seed_from_u64(6);
            net.p[b1..w2].iter_mut().for_each(|x| *x = 0.4 + rng.gen_range(-0.2..0.2));
            let mut grad = Grad::new(net.p.len());
            backprop(&net, &records, &[], &batch, &cfg, &mut grad);
            let loss = |net: &Net| {
                records.iter().map(|r| (sigmoid(net.forward(&Features::of_record(r)) as f64) - target(r, 1.0, 400.0)).powi(2)).sum::<f64>()
            };
            assert_eq!(grad.loss, loss(&net));
            // The hidden biases, every output number, and a weight of each of the first
            // record's feature rows.
            let mut numbers: Vec<usize> = (b1..net.p.len()).collect();
            let f = Features::of_record(&records[0]);
            numbers.extend(f.side(0).iter().chain(f.side(1)).map(|&k| k as usize * 6 + 1));
            for k in numbers {
                let eps = 1e-3;
                let (mut up, mut down) = (net.clone(), net.clone());
                up.p[k] += eps;
                down.p[k] -= eps;
                let numeric = (loss(&up) - loss(&down)) / (2.0 * eps as f64);
                let analytic = grad.g[k] as f64;
                // CReLU's kinks (an accumulator within eps of 0 or 1) cost the differences up
                // to 2%; a wrong term would be off by far more.
                assert!((numeric - analytic).abs() <= 1e-4 + 0.05 * analytic.abs(), "{act:?}, number {k}: {numeric} v {analytic}");
            }
        }
    }

    #[test]
    fn training_is_deterministic_given_a_seed() {
        let (train_set, valid) = (material_records(3000, 8), material_records(500, 9));
        let cfg = Config { epochs: 2, mirror: true, decay: 5.0, factoriser: true, ..quiet_config(2) };
        let run = || {
            let mut net = Net::random(16, Activation::CReLU, 3);
            train(&mut net, &train_set, &valid, (&[], &[]), &cfg);
            net
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b);
        assert_ne!(a, Net::random(16, Activation::CReLU, 3), "training moved the weights");
    }
}

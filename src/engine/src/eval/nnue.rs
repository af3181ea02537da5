//! A learned evaluation (NNUE): the quantised network `rocada-train` writes, evaluated in exact
//! integer arithmetic, with accumulators the search updates move by move.
//!
//! The network (a "perspective" net, as the trainer's doc describes it): 768 inputs per side,
//! one per (piece colour relative to the side, role, square), the board mirrored vertically for
//! Black, the side's own pieces first: `index = (theirs ? 384 : 0) + role * 64 + square`
//! ([`feature`]). One hidden layer of `N` per side with shared weights; its sums are the
//! *accumulators*, one per side, kept here by absolute colour (White's view, then Black's).
//! Activation `clamp(acc, 0, QA)` (CReLU) or its square (SCReLU); the output is
//! `sum(h * w2) (/ QA for SCReLU) + b2`, the side to move's half first, then
//! `* SCALE / (QA * QB)` centipawns for the side to move.
//!
//! Exactness: every step is integer arithmetic with a fixed order of operations, so every
//! target (native, WebAssembly, with or without SIMD) gives the same score for the same net and
//! position. The accumulators are `i16`: a net the trainer writes keeps every weight within
//! +-505 (it clips at 1.98 and scales by 255), so a bias plus 32 rows stays within +-16,665 and
//! the sums are exact; [`Network::from_bytes`] refuses a net whose output sum could pass `i32`.
//! A net from elsewhere whose accumulators would pass `i16` wraps (the score is then wrong,
//! never undefined and never a panic).
//!
//! Incremental updates ([`Network::update`]): a child's accumulators are its parent's plus the
//! rows of the pieces that appeared and minus those that left, found by comparing the two
//! boards' sets (so castling, Chess960 castling, en passant and promotion need no special
//! case). The loops are plain slices of `i16`, which the compiler turns into SIMD where
//! the target has it (SSE2 on every x86-64; `simd128` on WebAssembly when built with it).
//!
//! File format (little-endian, `rocada-train`'s): a 16-byte header, `b"RCNN"`, `u16` version 1,
//! `u8` format, `u8` activation (0 CReLU, 1 SCReLU), `u16` N, `u16` SCALE, `u16` QA (255),
//! `u16` QB (64); then the feature weights `[768][N]` (feature-major), the hidden biases `[N]`,
//! the output weights `[2N]` and the output bias. Format 1: all of them `i16`. Format 2 (compact):
//! the feature weights `i8`, each its `i16` weight divided by
//! [`FEATURE_STEP`], the rest `i16`; the same arithmetic once read, half the bytes.
//! [`Network::to_bytes`] writes format 2 whenever every feature weight allows it. Bit 7 of the
//! format byte marks a *residual* net: its output is a correction the engine adds to the
//! hand-written evaluation ([`Network::adds_hand_written`]), not an evaluation of its own.
//! Bit 6 marks a *king-mirrored* net: each side's view is mirrored (files a <-> h) whenever
//! its own king is on files a-d ([`king_flip`]), so the same weights serve a king on either
//! wing; a king move across the middle refreshes that side's accumulator.

use crate::{Board, Color, Piece, Position, Role, Square};
use core::fmt;

/// Inputs per side: 2 colours x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// The quantisation of the feature weights and hidden biases (and the activation's clip).
pub const QA: i32 = 255;
/// The quantisation of the output weights.
pub const QB: i32 = 64;
/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"RCNN";
/// The file format's version.
pub const VERSION: u16 = 1;
/// The header's length in bytes.
pub const HEADER: usize = 16;
/// The largest hidden layer a file may have (a net of 4,096 is 6.3 MB).
pub const MAX_HIDDEN: usize = 4096;
/// Format 2's unit of the feature weights: each is stored as `i8`, the weight divided by this.
pub const FEATURE_STEP: i16 = 4;
/// The largest net file there can be (N = [`MAX_HIDDEN`]): a reader stops past it.
pub const MAX_FILE_BYTES: usize = HEADER + 2 * (INPUTS * MAX_HIDDEN + 3 * MAX_HIDDEN + 1);
/// The built-in net's file ([`Network::builtin`]; how it was made: src/engine/nets/README.md).
pub const BUILTIN: &[u8] = include_bytes!("../../nets/default.nnue");
/// An evaluation is kept within this many centipawns (the search's mate scores start far
/// above it).
pub const MAX_EVAL: i32 = 20_000;

/// The hidden layer's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// Clipped ReLU: `clamp(x, 0, QA)`.
    CReLU = 0,
    /// Squared clipped ReLU: `clamp(x, 0, QA)^2` (the sum then divided by `QA`).
    SCReLU = 1,
}

impl Activation {
    /// The activation's code in a file.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The activation of a file's code.
    pub fn from_code(code: u8) -> Option<Activation> {
        match code {
            0 => Some(Activation::CReLU),
            1 => Some(Activation::SCReLU),
            _ => None,
        }
    }

    /// Its name (`crelu`, `screlu`).
    pub fn name(self) -> &'static str {
        match self {
            Activation::CReLU => "crelu",
            Activation::SCReLU => "screlu",
        }
    }
}

/// Why a net cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// No `RCNN` header.
    NotANet,
    /// A version, format, activation or scale this engine does not read.
    Unsupported(String),
    /// The length does not match the header's N.
    Length {
        /// The bytes there are.
        got: usize,
        /// The bytes N asks for.
        expected: usize,
    },
    /// The output sum could pass `i32` with these output weights.
    Overflow(i64),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANet => write!(f, "not a Rocada net (no RCNN header)"),
            NetError::Unsupported(what) => write!(f, "unsupported net: {what}"),
            NetError::Length { got, expected } => write!(f, "a net of {got} bytes where its header asks for {expected}"),
            NetError::Overflow(bound) => write!(f, "the net's output sum could reach {bound}, past i32"),
        }
    }
}

/// The input a piece sets, seen from `side`, whose view is mirrored by `flip` (0, or 7 to
/// mirror the files: [`king_flip`]).
#[inline(always)]
pub fn feature(side: Color, flip: usize, piece: Piece, sq: Square) -> usize {
    let (sq, theirs) = match side {
        Color::White => (sq as usize, piece.color != Color::White),
        Color::Black => (sq as usize ^ 56, piece.color != Color::Black),
    };
    theirs as usize * 384 + piece.role as usize * 64 + (sq ^ flip)
}

/// How `side`'s view of `board` is mirrored in a king-mirrored net: 7 (files a <-> h) when
/// its king is on files a-d, so that the king is always on files e-h of its own view;
/// 0 otherwise, and in a net that is not king-mirrored.
#[inline(always)]
pub fn king_flip(mirrored: bool, board: &Board, side: Color) -> usize {
    if !mirrored {
        return 0;
    }
    match board.king_of(side) {
        Some(k) if (k as usize) % 8 < 4 => 7,
        _ => 0,
    }
}

/// A quantised network, as the engine evaluates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    n: usize,
    act: Activation,
    scale: i32,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: i16,
    /// A residual net: the evaluation is the hand-written one plus this net's output.
    residual: bool,
    /// A king-mirrored net: each side's view is mirrored so that its king is on files e-h.
    mirrored: bool,
}

/// The format byte's flag of a residual net (the trainer's float files carry it too).
pub const RESIDUAL: u8 = 0x80;
/// The format byte's flag of a king-mirrored net ([`king_flip`]; float files carry it too).
pub const KING_MIRRORED: u8 = 0x40;

/// The accumulators of one position: White's view, then Black's (`2N` values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator(Vec<i16>);

impl Network {
    /// A network from its parts (`w1`: `[768][n]`, `b1`: `[n]`, `w2`: `[2n]`, the side to
    /// move's half first); an error if a part has the wrong length or the output sum could
    /// overflow.
    pub fn new(act: Activation, scale: i32, w1: Vec<i16>, b1: Vec<i16>, w2: Vec<i16>, b2: i16) -> Result<Network, NetError> {
        let n = b1.len();
        if n == 0 || n > MAX_HIDDEN || w1.len() != INPUTS * n || w2.len() != 2 * n {
            return Err(NetError::Unsupported(format!("{} feature weights, {n} biases, {} output weights", w1.len(), w2.len())));
        }
        if !(1..=i16::MAX as i32).contains(&scale) {
            return Err(NetError::Unsupported(format!("scale {scale}")));
        }
        // The largest the output sum can be: every activation at its clip.
        let top = match act {
            Activation::CReLU => QA as i64,
            Activation::SCReLU => (QA * QA) as i64,
        };
        let bound: i64 = w2.iter().map(|&w| top * (w as i64).abs()).sum();
        if bound > i32::MAX as i64 {
            return Err(NetError::Overflow(bound));
        }
        Ok(Network { n, act, scale, w1, b1, w2, b2, residual: false, mirrored: false })
    }

    /// Reads a net file (the module's doc gives the format).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER || &bytes[0..4] != MAGIC {
            return Err(NetError::NotANet);
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let (format, residual, mirrored) =
            (bytes[6] & !(RESIDUAL | KING_MIRRORED), bytes[6] & RESIDUAL != 0, bytes[6] & KING_MIRRORED != 0);
        if u16_at(4) != VERSION || !(1..=2).contains(&format) {
            return Err(NetError::Unsupported(format!(
                "version {} format {format} (this engine reads version {VERSION}, formats 1 and 2)",
                u16_at(4)
            )));
        }
        let act = Activation::from_code(bytes[7]).ok_or_else(|| NetError::Unsupported(format!("activation {}", bytes[7])))?;
        let n = u16_at(8) as usize;
        if (u16_at(12) as i32, u16_at(14) as i32) != (QA, QB) {
            return Err(NetError::Unsupported(format!("QA {} QB {} (this engine reads {QA} and {QB})", u16_at(12), u16_at(14))));
        }
        let feature_bytes = if format == 1 { 2 } else { 1 };
        let expected = HEADER + feature_bytes * INPUTS * n + 2 * (3 * n + 1);
        if bytes.len() != expected {
            return Err(NetError::Length { got: bytes.len(), expected });
        }
        let (features, rest) = bytes[HEADER..].split_at(feature_bytes * INPUTS * n);
        let w1: Vec<i16> = if format == 1 {
            features.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect()
        } else {
            features.iter().map(|&b| b as i8 as i16 * FEATURE_STEP).collect()
        };
        let v: Vec<i16> = rest.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let (b1, rest) = v.split_at(n);
        let (w2, rest) = rest.split_at(2 * n);
        Ok(Network::new(act, u16_at(10) as i32, w1, b1.to_vec(), w2.to_vec(), rest[0])?
            .with_hand_written(residual)
            .with_king_mirror(mirrored))
    }

    /// The net the engine searches with unless told otherwise ([`BUILTIN`]): a residual,
    /// king-mirrored net, a correction to the hand-written evaluation learned from Stockfish's
    /// scores.
    pub fn builtin() -> Network {
        Network::from_bytes(BUILTIN).expect("the built-in net is a net (tested)")
    }

    /// The same net, residual or not: with `on`, its output is a correction the engine adds to
    /// the hand-written evaluation ([`crate::eval::evaluate`]).
    pub fn with_hand_written(self, on: bool) -> Network {
        Network { residual: on, ..self }
    }

    /// The same net, its views king-mirrored ([`king_flip`]) or not.
    pub fn with_king_mirror(self, on: bool) -> Network {
        Network { mirrored: on, ..self }
    }

    /// Whether each side's view is mirrored so that its king is on files e-h ([`king_flip`]).
    pub fn king_mirrored(&self) -> bool {
        self.mirrored
    }

    /// Whether the engine adds this net's output to the hand-written evaluation (a residual
    /// net) instead of using it alone. [`Network::evaluate`] is the net's part either way.
    pub fn adds_hand_written(&self) -> bool {
        self.residual
    }

    /// Whether the feature weights fit format 2: each a multiple of [`FEATURE_STEP`] whose
    /// quotient is an `i8`.
    pub fn compact(&self) -> bool {
        self.w1.iter().all(|&w| w % FEATURE_STEP == 0 && i8::try_from(w / FEATURE_STEP).is_ok())
    }

    /// The net as a file: format 2 if [`Network::compact`], else format 1.
    pub fn to_bytes(&self) -> Vec<u8> {
        let compact = self.compact();
        let mut out = MAGIC.to_vec();
        out.extend(VERSION.to_le_bytes());
        let flags = if self.residual { RESIDUAL } else { 0 } | if self.mirrored { KING_MIRRORED } else { 0 };
        out.extend([if compact { 2 } else { 1 } | flags, self.act.code()]);
        for x in [self.n as u16, self.scale as u16, QA as u16, QB as u16] {
            out.extend(x.to_le_bytes());
        }
        if compact {
            out.extend(self.w1.iter().map(|&w| (w / FEATURE_STEP) as i8 as u8));
        } else {
            out.extend(self.w1.iter().flat_map(|x| x.to_le_bytes()));
        }
        out.extend(self.b1.iter().chain(&self.w2).chain([&self.b2]).flat_map(|x| x.to_le_bytes()));
        out
    }

    /// The hidden layer's size N.
    pub fn hidden(&self) -> usize {
        self.n
    }

    /// The activation.
    pub fn activation(&self) -> Activation {
        self.act
    }

    /// Centipawns per unit of the net's output (`SCALE`).
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The weights, as [`Network::new`] takes them: `(w1, b1, w2, b2)`.
    pub fn weights(&self) -> (&[i16], &[i16], &[i16], i16) {
        (&self.w1, &self.b1, &self.w2, self.b2)
    }

    /// Accumulators for a net of this size (all zero: [`Network::refresh`] fills them).
    pub fn accumulator(&self) -> Accumulator {
        Accumulator(vec![0; 2 * self.n])
    }

    /// `board`'s accumulators, from scratch.
    pub fn refresh(&self, board: &Board, acc: &mut Accumulator) {
        let n = self.n;
        acc.0.resize(2 * n, 0);
        for side in Color::ALL {
            self.refresh_side(board, side, &mut acc.0[side.index() * n..(side.index() + 1) * n]);
        }
    }

    /// `side`'s half of `board`'s accumulators, from scratch.
    fn refresh_side(&self, board: &Board, side: Color, a: &mut [i16]) {
        let flip = king_flip(self.mirrored, board, side);
        a.copy_from_slice(&self.b1);
        for (sq, piece) in board.pieces() {
            add(a, self.row(feature(side, flip, piece, sq)));
        }
    }

    /// `child`'s accumulators from its parent's (`parent` holds those of `from`): the rows of
    /// the pieces that left are taken off, those of the pieces that appeared put on. The
    /// squares that changed are those where a colour's or a role's set differs (two to four
    /// for a move); the sums wrap, so their order does not matter. A side whose view a king
    /// move mirrored (a king-mirrored net), and boards more than a move apart, are refreshed.
    pub fn update(&self, from: &Board, to: &Board, parent: &Accumulator, child: &mut Accumulator) {
        let n = self.n;
        child.0.clear();
        child.0.extend_from_slice(&parent.0);
        // A square that fills or empties changes a role's set; a capture by the same role
        // changes only the colour's.
        let mut changed = from.by_color(Color::White) ^ to.by_color(Color::White);
        for role in Role::ALL {
            changed |= from.by_role(role) ^ to.by_role(role);
        }
        // What left and what appeared: at most four changes for a move (castling); boards
        // further apart are refreshed.
        let mut changes = [(Piece { color: Color::White, role: Role::Pawn }, Square::A1, false); 4];
        let mut count = 0;
        for sq in changed {
            for (piece, put) in [(from.piece_at(sq), false), (to.piece_at(sq), true)] {
                let Some(piece) = piece else { continue };
                if count == changes.len() {
                    return self.refresh(to, child);
                }
                changes[count] = (piece, sq, put);
                count += 1;
            }
        }
        for side in Color::ALL {
            let a = &mut child.0[side.index() * n..(side.index() + 1) * n];
            // A king that crossed to the other half of the board mirrors its side's whole view.
            let flip = king_flip(self.mirrored, to, side);
            if flip != king_flip(self.mirrored, from, side) {
                self.refresh_side(to, side, a);
                continue;
            }
            for &(piece, sq, put) in &changes[..count] {
                let row = self.row(feature(side, flip, piece, sq));
                if put {
                    add(a, row);
                } else {
                    sub(a, row);
                }
            }
        }
    }

    /// The evaluation for `turn`, the side to move, given the accumulators.
    pub fn output(&self, acc: &Accumulator, turn: Color) -> i32 {
        let n = self.n;
        let mut sum: i32 = 0;
        for (half, side) in [turn, !turn].into_iter().enumerate() {
            let a = &acc.0[side.index() * n..(side.index() + 1) * n];
            let w = &self.w2[half * n..(half + 1) * n];
            sum += match self.act {
                Activation::CReLU => crelu_dot(a, w),
                Activation::SCReLU => screlu_dot(a, w),
            };
        }
        let out = match self.act {
            Activation::CReLU => sum,
            Activation::SCReLU => sum / QA,
        } as i64
            + self.b2 as i64;
        (out * self.scale as i64 / (QA * QB) as i64).clamp(-MAX_EVAL as i64, MAX_EVAL as i64) as i32
    }

    /// The evaluation of `pos` for the side to move, from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut acc = self.accumulator();
        self.refresh(pos.board(), &mut acc);
        self.output(&acc, pos.turn())
    }

    #[inline(always)]
    fn row(&self, feature: usize) -> &[i16] {
        &self.w1[feature * self.n..(feature + 1) * self.n]
    }
}

#[inline(always)]
fn add(a: &mut [i16], row: &[i16]) {
    for (x, w) in a.iter_mut().zip(row) {
        *x = x.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub(a: &mut [i16], row: &[i16]) {
    for (x, w) in a.iter_mut().zip(row) {
        *x = x.wrapping_sub(*w);
    }
}

/// `sum(clamp(a, 0, QA) * w)`: at most `QA * |w|` a term, within `i32` by [`Network::new`]'s check.
#[inline(always)]
fn crelu_dot(a: &[i16], w: &[i16]) -> i32 {
    a.iter().zip(w).map(|(&x, &w)| (x as i32).clamp(0, QA) * w as i32).sum()
}

/// `sum(h * (h * w))`, `h = clamp(a, 0, QA)`: `h * w` fits `i16 * 255`, the product by `h`
/// at most `QA^2 * |w|` a term, within `i32` by [`Network::new`]'s check.
#[inline(always)]
fn screlu_dot(a: &[i16], w: &[i16]) -> i32 {
    a.iter()
        .zip(w)
        .map(|(&x, &w)| {
            let h = (x as i32).clamp(0, QA);
            h * (h * w as i32)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastlingMode, MoveList};

    /// xorshift64*: deterministic numbers for the tests.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn weight(&mut self, bound: i16) -> i16 {
            (self.below(2 * bound as u64 + 1) as i32 - bound as i32) as i16
        }
    }

    /// A random net within the trainer's bounds (feature weights and biases within +-505, so
    /// the accumulators cannot overflow; output weights within +-127).
    fn random_net(n: usize, act: Activation, seed: u64) -> Network {
        let mut r = Rng(seed | 1);
        let w1 = (0..INPUTS * n).map(|_| r.weight(505)).collect();
        let b1 = (0..n).map(|_| r.weight(505)).collect();
        let w2 = (0..2 * n).map(|_| r.weight(127)).collect();
        Network::new(act, 400, w1, b1, w2, r.weight(3000)).unwrap()
    }

    fn fen(f: &str) -> Position {
        Position::from_fen(f, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn a_one_neuron_net_gives_the_score_worked_by_hand() {
        // N = 1. Seen from White, its own king on e1 is feature 5*64 + 4 = 324 (weight 300)
        // and the black king on e8 is theirs, 384 + 5*64 + 60 = 764 (weight 100); seen from
        // Black (the board mirrored), its own king e8 -> "e1" is 324 too and White's e1 ->
        // "e8" is 764. The bias is 10.
        let mut w1 = vec![0i16; INPUTS];
        w1[5 * 64 + 4] = 300;
        w1[764] = 100;
        let b1 = vec![10];
        let w2 = vec![2, -3]; // the side to move's neuron, the other's
        let mut net = Network::new(Activation::CReLU, 400, w1.clone(), b1.clone(), w2.clone(), 64).unwrap();
        let pos = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        // White: 10 + 300 + 100 = 410 -> clipped to 255; Black: 10 + 300 (its king on "e1")
        // + 100 = 410 -> 255. Sum 255*2 - 255*3 + 64 = -191; * 400 / (255 * 64) = -4.68 -> -4.
        assert_eq!(net.evaluate(&pos), -4);
        // SCReLU: (255*255*2 - 255*255*3) / 255 + 64 = -191 again -> -4.
        net.act = Activation::SCReLU;
        assert_eq!(net.evaluate(&pos), -4);
        // With the white king on d1 White's view loses its 300: h = 110; CReLU 110*2 - 255*3
        // + 64 = -481 -> -481 * 400 / 16320 = -11.79 -> -11 (toward zero).
        let net = Network::new(Activation::CReLU, 400, w1, b1, w2, 64).unwrap();
        assert_eq!(net.evaluate(&fen("4k3/8/8/8/8/8/8/3K4 w - - 0 1")), -11);
    }

    #[test]
    fn a_file_reads_back_and_a_bad_one_is_refused() {
        let net = random_net(16, Activation::SCReLU, 7);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), HEADER + 2 * (INPUTS * 16 + 3 * 16 + 1));
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        assert_eq!(Network::from_bytes(b"not a net"), Err(NetError::NotANet));
        assert!(matches!(Network::from_bytes(&bytes[..bytes.len() - 1]), Err(NetError::Length { .. })));
        let mut version = bytes.clone();
        version[4] = 2;
        assert!(matches!(Network::from_bytes(&version), Err(NetError::Unsupported(_))));
        let mut act = bytes.clone();
        act[7] = 9;
        assert!(matches!(Network::from_bytes(&act), Err(NetError::Unsupported(_))));
        let mut format = bytes.clone();
        format[6] = 3;
        assert!(matches!(Network::from_bytes(&format), Err(NetError::Unsupported(_))));
        // Format 2: feature weights that are multiples of FEATURE_STEP within i8 go as i8.
        let (w1, b1, w2, b2) = net.weights();
        let step = |w: i16| (w / FEATURE_STEP).clamp(-128, 127) * FEATURE_STEP;
        let compact = Network::new(Activation::SCReLU, 400, w1.iter().map(|&w| step(w)).collect(), b1.to_vec(), w2.to_vec(), b2).unwrap();
        assert!(compact.compact() && !net.compact());
        let small = compact.to_bytes();
        assert_eq!((small[6], small.len()), (2, HEADER + INPUTS * 16 + 2 * (3 * 16 + 1)));
        assert_eq!(Network::from_bytes(&small), Ok(compact.clone()));
        assert!(matches!(Network::from_bytes(&small[..small.len() - 1]), Err(NetError::Length { .. })));
        // A residual net: bit 7 of the format byte, in both formats.
        for net in [net.clone(), compact.clone()] {
            let residual = net.clone().with_hand_written(true);
            let file = residual.to_bytes();
            assert_eq!(file[6] & 0x80, 0x80);
            assert_eq!(Network::from_bytes(&file), Ok(residual));
            assert!(!Network::from_bytes(&net.to_bytes()).unwrap().adds_hand_written());
        }
        // One weight off the step, or past i8 * STEP, and the file is format 1 again.
        for w in [1, 128 * FEATURE_STEP] {
            let mut w1 = compact.weights().0.to_vec();
            w1[5] = w;
            let wide = Network::new(Activation::SCReLU, 400, w1, b1.to_vec(), w2.to_vec(), b2).unwrap();
            assert_eq!(wide.to_bytes()[6], 1);
            assert_eq!(Network::from_bytes(&wide.to_bytes()), Ok(wide));
        }
        // Output weights of i16::MAX on 2 x 64 SCReLU neurons could pass i32 (255^2 x 32,767 x 128).
        let n = 64;
        let overflow = Network::new(Activation::SCReLU, 400, vec![0; INPUTS * n], vec![0; n], vec![i16::MAX; 2 * n], 0);
        assert!(matches!(overflow, Err(NetError::Overflow(_))));
    }

    #[test]
    fn the_built_in_net_reads_and_is_residual() {
        let net = Network::builtin();
        assert!(net.adds_hand_written() && net.king_mirrored() && net.compact());
        assert_eq!((net.hidden(), net.activation()), (64, Activation::SCReLU));
        assert_eq!(net.to_bytes(), BUILTIN);
    }

    /// Random legal games (standard and Chess960): the accumulators updated move by move
    /// (captures, castling, en passant, promotions, the king onto its rook) and across a null
    /// move always equal the ones computed from scratch, and so do the scores.
    #[test]
    fn incremental_accumulators_equal_a_refresh() {
        let mut r = Rng(0x9E37_79B9_7F4A_7C15);
        let kinds = [(Activation::CReLU, false), (Activation::SCReLU, false), (Activation::SCReLU, true)];
        for (i, (act, mirrored)) in kinds.into_iter().enumerate() {
            let net = random_net(24, act, 11 + i as u64).with_king_mirror(mirrored);
            let mut moves_seen = 0;
            for game in 0..60 {
                let mut pos = if game % 3 == 0 { Position::chess960(r.below(960) as u32).unwrap() } else { Position::new() };
                let mut acc = net.accumulator();
                net.refresh(pos.board(), &mut acc);
                for _ in 0..160 {
                    let moves: MoveList = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[r.below(moves.len() as u64) as usize];
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    let mut next = net.accumulator();
                    net.update(pos.board(), child.board(), &acc, &mut next);
                    let mut fresh = net.accumulator();
                    net.refresh(child.board(), &mut fresh);
                    assert_eq!(next, fresh, "after {m:?} in {}", pos.board().board_fen());
                    assert_eq!(net.output(&next, child.turn()), net.evaluate(&child));
                    // The same board (a null move): nothing changes.
                    let mut same = net.accumulator();
                    net.update(child.board(), child.board(), &next, &mut same);
                    assert_eq!(same, next);
                    pos = child;
                    acc = next;
                    moves_seen += 1;
                }
            }
            assert!(moves_seen > 5_000, "{moves_seen} moves");
        }
    }

    /// Boards more than a move apart (no search makes them, but `update` is public) are
    /// refreshed, plain or king-mirrored: the result is the second board's accumulators.
    #[test]
    fn an_update_between_unrelated_boards_is_a_refresh() {
        for mirrored in [false, true] {
            let net = random_net(16, Activation::SCReLU, 3).with_king_mirror(mirrored);
            let (a, b) = (Position::new(), fen("2kr3r/ppp2ppp/2n5/8/3P4/8/PPP2PPP/R3K2R b - - 0 1"));
            let (mut from, mut expected, mut got) = (net.accumulator(), net.accumulator(), net.accumulator());
            net.refresh(a.board(), &mut from);
            net.refresh(b.board(), &mut expected);
            net.update(a.board(), b.board(), &from, &mut got);
            assert_eq!(got, expected, "mirrored: {mirrored}");
        }
    }

    /// In a king-mirrored net a position and its image with the files mirrored (a <-> h) set
    /// the same inputs; in a plain one they do not.
    #[test]
    fn a_king_mirrored_net_sees_a_file_mirrored_position_alike() {
        let net = random_net(32, Activation::SCReLU, 9);
        let mirrored = net.clone().with_king_mirror(true);
        let file_mirrored = |pos: &Position| {
            let mut b = Board::empty();
            for (sq, pc) in pos.board().pieces() {
                b.put(Square::new(sq as u32 ^ 7), pc);
            }
            let turn = if pos.turn() == Color::White { 'w' } else { 'b' };
            fen(&format!("{} {turn} - - 0 1", b.board_fen()))
        };
        for f in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "2kr3r/ppp2ppp/2n5/8/3P4/8/PPP2PPP/R3K2R b - - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
        ] {
            let pos = fen(f);
            assert_eq!(mirrored.evaluate(&pos), mirrored.evaluate(&file_mirrored(&pos)), "{f}");
            assert_ne!(net.evaluate(&pos), net.evaluate(&file_mirrored(&pos)), "{f}");
        }
        let file = mirrored.to_bytes();
        assert_eq!(file[6] & KING_MIRRORED, KING_MIRRORED);
        assert_eq!(Network::from_bytes(&file), Ok(mirrored));
    }

    /// A position and its colour-flipped image (the board mirrored, the colours and the side to
    /// move swapped) set the same inputs, so they get the same score.
    #[test]
    fn a_colour_flipped_position_gets_the_same_score() {
        let net = random_net(32, Activation::SCReLU, 5);
        for f in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
        ] {
            let pos = fen(f);
            let mut b = Board::empty();
            for (sq, pc) in pos.board().pieces() {
                b.put(sq.flip_vertical(), Piece { color: !pc.color, role: pc.role });
            }
            let turn = if pos.turn() == Color::White { 'b' } else { 'w' };
            let flipped = fen(&format!("{} {turn} - - 0 1", b.board_fen()));
            assert_eq!(net.evaluate(&pos), net.evaluate(&flipped), "{f}");
        }
    }
}

//! Turning fuzz bytes into choices: a cursor over the input, and a position chosen by it (one
//! of the `tests/data/perft.txt` positions or a Chess960 start, then a few random plies).

use rocada::{CastlingMode, CastlingNotation, Position};
use std::sync::OnceLock;

/// A cursor over the fuzzer's bytes; reads past the end give 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte (0 at the end).
    pub fn byte(&mut self) -> u8 {
        self.next_byte().unwrap_or(0)
    }

    /// The next byte, `None` at the end.
    pub fn next_byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.data.split_first()?;
        self.data = rest;
        Some(b)
    }

    /// Up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }

    /// What is left.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// Every position of `tests/data/perft.txt` with its FEN, read once.
pub fn perft_positions() -> &'static [(Position, &'static str)] {
    static POSITIONS: OnceLock<Vec<(Position, &'static str)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let data = include_str!("../../../../tests/data/perft.txt");
        let mut out = Vec::new();
        let mut fen = None;
        for line in data.lines() {
            if let Some(f) = line.strip_prefix("fen: ") {
                fen = Some(f);
            } else if let Some(flag) = line.strip_prefix("chess960: ") {
                let mode = if flag == "yes" { CastlingMode::Chess960 } else { CastlingMode::Standard };
                let fen = fen.take().expect("fen: before chess960: in perft.txt");
                out.push((Position::from_fen(fen, mode).expect("perft.txt positions are legal"), fen));
            }
        }
        out
    })
}

/// A start chosen by the next bytes, with the FEN it was read from: byte 0 below 192 picks a
/// perft position, else it and the next byte pick a Chess960 start.
pub fn start(b: &mut Bytes) -> (Position, String) {
    let k = b.byte();
    if k < 192 {
        let all = perft_positions();
        let (pos, fen) = &all[k as usize % all.len()];
        (pos.clone(), fen.to_string())
    } else {
        let n = (u32::from(k - 192) * 256 + u32::from(b.byte())) % 960;
        let pos = Position::chess960(n).expect("0..960 is a Chess960 start");
        let fen = pos.fen_with(CastlingNotation::Shredder);
        (pos, fen)
    }
}

/// A [`start`], then `byte % 16` random legal plies, each picked by a byte.
pub fn position(b: &mut Bytes) -> Position {
    let (mut pos, _) = start(b);
    for _ in 0..b.byte() % 16 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[b.byte() as usize % moves.len()]);
    }
    pos
}

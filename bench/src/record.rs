//! The records of `rocada-datagen` (and its `--expand` mode), which `rocada-train` reads: 32
//! bytes each, little-endian (a packed board, after the "marlinformat" idea):
//! - `u64` occupancy (bit 0 = a1);
//! - 16 bytes: one nibble per occupied square in occupancy order, `color * 8 + role` (role 0
//!   pawn .. 5 king; 6 = a rook with a castling right);
//! - `u8`: side to move in bit 7, en passant file + 1 in bits 0..3 (0: none);
//! - `u8` half-move clock, `u16` full-move number (saturated);
//! - `i16` score (White's view, centipawns), `u8` result (White's: 0, 1, 2), `u8` reserved (0).
//!
//! Included by each tool that reads or writes them (`#[path = "record.rs"] mod record;`).

#![allow(dead_code)] // each tool uses its part

use rocada::{Bitboard, CastlingMode, Color, Piece, Position, Role, Setup, Square};

/// A record's size in bytes.
pub const RECORD: usize = 32;

/// One record.
pub type Record = [u8; RECORD];

/// Packs `pos` with its White-view `score` and `result` into a record.
pub fn pack(pos: &Position, score: i32, result: u8) -> Record {
    let board = pos.board();
    let occupied = board.occupied();
    let mut out = [0u8; RECORD];
    out[0..8].copy_from_slice(&occupied.0.to_le_bytes());
    let rights = pos.castling_rights();
    for (i, sq) in occupied.into_iter().enumerate() {
        let piece = board.piece_at(sq).expect("occupied");
        let role = if piece.role == Role::Rook && rights.contains(sq) { 6 } else { piece.role as u8 };
        let code = (piece.color as u8) * 8 + role;
        out[8 + i / 2] |= code << (4 * (i % 2));
    }
    let ep = pos.ep_square().map_or(0, |s| s.file().index() as u8 + 1);
    out[24] = ((pos.turn() == Color::Black) as u8) << 7 | ep;
    out[25] = pos.halfmoves().min(255) as u8;
    out[26..28].copy_from_slice(&(pos.fullmoves().min(u16::MAX as u32) as u16).to_le_bytes());
    out[28..30].copy_from_slice(&(score.clamp(i16::MIN as i32, i16::MAX as i32) as i16).to_le_bytes());
    out[30] = result;
    out
}

/// A record as a position (in Chess960 castling mode, which accepts every start datagen uses),
/// or why it is not a legal one.
pub fn decode(r: &Record) -> Result<Position, String> {
    let occupied = u64::from_le_bytes(r[0..8].try_into().expect("8 bytes"));
    let mut setup = Setup::empty();
    for (i, sq) in Bitboard(occupied).into_iter().enumerate() {
        let code = (r[8 + i / 2] >> (4 * (i % 2))) & 15;
        let (color, role) = code_piece(code).ok_or_else(|| format!("bad piece code {code}"))?;
        setup.board.put(sq, Piece::new(color, role));
        if code & 7 == 6 {
            setup.castling_rights = setup.castling_rights.with(sq);
        }
    }
    setup.turn = if r[24] >> 7 == 1 { Color::Black } else { Color::White };
    let ep = r[24] & 15;
    if ep > 0 {
        let rank = if setup.turn == Color::White { 5 } else { 2 };
        setup.ep_square = Some(Square::new(rank * 8 + ep as u32 - 1));
    }
    setup.halfmoves = r[25] as u32;
    setup.fullmoves = u16::from_le_bytes([r[26], r[27]]) as u32;
    Position::from_setup(setup, CastlingMode::Chess960).map_err(|e| format!("{e:?}"))
}

/// The colour and role of a record's piece code (`color * 8 + role`, role 6: a castling rook).
pub fn code_piece(code: u8) -> Option<(Color, Role)> {
    let color = if code >> 3 == 1 { Color::Black } else { Color::White };
    let role = match code & 7 {
        6 => Role::Rook,
        k if k < 6 => Role::ALL[k as usize],
        _ => return None,
    };
    Some((color, role))
}

/// The side to move of a record.
pub fn record_turn(r: &Record) -> Color {
    if r[24] >> 7 == 1 {
        Color::Black
    } else {
        Color::White
    }
}

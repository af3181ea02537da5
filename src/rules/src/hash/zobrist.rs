//! Zobrist hashing with Polyglot's keys, so hashes match Polyglot opening books.
//!
//! A position's hash XORs one key per piece on its square, one per castling right (by side),
//! one for the en passant file when a pawn of the side to move stands ready to capture, and
//! one when White is to move. [`Position`](crate::Position) keeps it up to date move by move.

use super::polyglot_random::{CASTLING, EN_PASSANT, PIECES, WHITE_TO_MOVE};
use crate::{CastlingSide, Color, File, Piece, Square};

/// The key of `piece` standing on `sq`.
#[inline(always)]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECES[2 * piece.role as usize + (piece.color == Color::White) as usize][sq as usize]
}

/// The key of `color`'s right to castle to `side`.
#[inline(always)]
pub fn castling_key(color: Color, side: CastlingSide) -> u64 {
    CASTLING[2 * color as usize + side as usize]
}

/// The key of an en passant capture being possible on `file`.
#[inline(always)]
pub fn en_passant_key(file: File) -> u64 {
    EN_PASSANT[file as usize]
}

/// The key XORed in when White is to move.
#[inline(always)]
pub fn white_to_move_key() -> u64 {
    WHITE_TO_MOVE
}

//! `Setup`: a position as written in a FEN, not yet checked to be legal.

use crate::{Bitboard, Board, Color, Square};

/// A position as a FEN describes it: placement, side to move, castling rooks, en passant square
/// and move counters. Fields are public and may describe an impossible position;
/// [`Position::from_setup`](crate::Position::from_setup) checks it and lists every fault.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Squares of the rooks that may still castle (king-to-rook, so Chess960 needs nothing else).
    pub castling_rights: Bitboard,
    /// The square a pawn just skipped with a double step, if the FEN names one.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (the 50-move counter).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl Setup {
    /// The standard starting position.
    pub const fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::White,
            castling_rights: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board, White to move, no rights.
    pub const fn empty() -> Setup {
        Setup { board: Board::empty(), turn: Color::White, castling_rights: Bitboard::EMPTY, ep_square: None, halfmoves: 0, fullmoves: 1 }
    }
}

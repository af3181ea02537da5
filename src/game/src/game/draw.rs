//! Repetition and the move-count rules: FIDE's position identity, threefold and fivefold
//! repetition, the 50- and 75-move rules, and draw claims by a declared move (FIDE 9.2, 9.3, 9.6).
//!
//! FIDE 9.2.3: positions are the same when the same player has the move, pieces of the same
//! kind and colour stand on the same squares, and the possible moves of all the pieces are
//! the same: a castling right lost, or an en passant capture that was possible and is no
//! longer, makes a position different. So the identity is placement, side to move, castling
//! rights, and the en passant square *only when an en passant capture is legal*
//! ([`Position::ep_square`] gives exactly that). The Zobrist hash is not used as identity: it
//! includes pseudo-legal en passant squares, as Polyglot does.

use crate::{Bitboard, Board, Color, Move, Position, Role, Square};

/// Half-moves without capture or pawn move after which a draw may be claimed (FIDE 9.3).
pub const FIFTY_MOVES: u32 = 100;
/// Half-moves without capture or pawn move after which the game is drawn (FIDE 9.6.2).
pub const SEVENTY_FIVE_MOVES: u32 = 150;

/// A position's identity for the repetition rules (FIDE 9.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

impl RepetitionKey {
    /// The identity of `pos`.
    pub fn of(pos: &Position) -> RepetitionKey {
        RepetitionKey { board: *pos.board(), turn: pos.turn(), castling: pos.castling_rights(), ep: pos.ep_square() }
    }
}

/// How many times `key` occurs in `keys`, looking back `window` entries from the end (the
/// positions since the last capture or pawn move; earlier ones cannot repeat).
pub(crate) fn count_in(keys: &[RepetitionKey], key: &RepetitionKey, window: usize) -> usize {
    let start = keys.len().saturating_sub(window);
    keys[start..].iter().filter(|k| *k == key).count()
}

/// Whether a move may keep a repetition going: no capture, no pawn move (these change the
/// position for good), no castling (a lost right never comes back).
pub(crate) fn is_reversible(pos: &Position, m: Move) -> bool {
    m.role() != Role::Pawn && !m.is_castle() && pos.capture_of(m).is_none()
}

/// Whether a move keeps the 50-move count going (no capture, no pawn move).
pub(crate) fn keeps_fifty_count(pos: &Position, m: Move) -> bool {
    m.role() != Role::Pawn && pos.capture_of(m).is_none()
}

//! The board editor's rule: after pieces are put or removed, the castling rights and the en
//! passant square that the new board no longer supports are dropped, each right kept only if
//! the rules accept it on its own; what remains is a legal position, or the board and why it
//! is not one (kept for further editing).

use crate::{Bitboard, CastlingMode, CastlingSide, Color, Invalid, Piece, Position, PositionError, Rank, Role, Setup};

/// A board that is not (yet) a legal position, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    /// The board, with the rights and en passant square that cannot stand already dropped.
    pub setup: Setup,
    /// Why it is not a legal position.
    pub error: PositionError,
}

/// The position of an edited board: `setup` as given if the rules accept it, else with the
/// en passant square and the castling rights that no longer apply dropped. `sandbox` builds
/// lesson positions ([`Position::sandbox`]).
///
/// ```
/// use rocada_rules::{CastlingMode, Setup, Square};
/// use rocada_game::editor::edited_position;
/// // The h1 rook is gone: White's kingside right goes, the others stay.
/// let mut setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// setup.board.remove(Square::H1);
/// let pos = edited_position(setup, CastlingMode::Standard, false).unwrap();
/// assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1");
/// ```
pub fn edited_position(mut setup: Setup, mode: CastlingMode, sandbox: bool) -> Result<Position, Unplayable> {
    let build = |s: Setup| if sandbox { Position::sandbox(s, mode) } else { Position::from_setup(s, mode) };
    let error = match build(setup.clone()) {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    let mut changed = false;
    if error.has(Invalid::InvalidEnPassant) && setup.ep_square.is_some() {
        setup.ep_square = None;
        changed = true;
    }
    if error.has(Invalid::InvalidCastlingRights) {
        let mut kept = Bitboard::EMPTY;
        for rook in setup.castling_rights {
            let mut one = setup.clone();
            one.castling_rights = Bitboard::from_square(rook);
            if build(one).map_or_else(|e| !e.has(Invalid::InvalidCastlingRights), |_| true) {
                kept = kept.with(rook);
            }
        }
        setup.castling_rights = kept;
        changed = true;
    }
    if !changed {
        return Err(Unplayable { setup, error });
    }
    build(setup.clone()).map_err(|error| Unplayable { setup, error })
}

/// Passes the turn, as a null move does (chess.js's `setTurn`, python-chess's null move): the
/// other side moves, no en passant, the halfmove clock counts one more, and the move number
/// goes on after Black passes.
///
/// ```
/// use rocada_rules::{CastlingNotation, Setup};
/// use rocada_game::editor::pass_turn;
/// let mut setup = Setup::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 30").unwrap();
/// pass_turn(&mut setup);
/// assert_eq!(setup.fen(CastlingNotation::Standard), "4k3/8/8/8/3pP3/8/8/4K3 w - - 1 31");
/// ```
pub fn pass_turn(setup: &mut Setup) {
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
}

/// Gives `color` the right to castle on `side` (`on`), or takes it away: the right goes with
/// the outermost rook of `color` on its back rank on that side of its king (in a standard
/// position, the corner rook). Given where no such rook or king stands, nothing changes; a
/// right the rules refuse is dropped by [`edited_position`] afterwards.
///
/// ```
/// use rocada_rules::{CastlingSide, Color, Setup};
/// use rocada_game::editor::set_castling;
/// let mut setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
/// set_castling(&mut setup, Color::White, CastlingSide::KingSide, true);
/// set_castling(&mut setup, Color::Black, CastlingSide::QueenSide, true);
/// assert_eq!(setup.fen(rocada_rules::CastlingNotation::Standard), "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
/// ```
pub fn set_castling(setup: &mut Setup, color: Color, side: CastlingSide, on: bool) {
    let back = Bitboard::from_rank(if color == Color::White { Rank::First } else { Rank::Eighth });
    let Some(king) = (setup.board.by_piece(Piece { color, role: Role::King }) & back).first() else {
        return;
    };
    let beside = |sq: crate::Square| match side {
        CastlingSide::KingSide => sq.file() > king.file(),
        CastlingSide::QueenSide => sq.file() < king.file(),
    };
    for sq in setup.castling_rights & back {
        if beside(sq) {
            setup.castling_rights = setup.castling_rights.without(sq);
        }
    }
    if on {
        // Squares come lowest file first.
        let mut rooks = (setup.board.by_piece(Piece { color, role: Role::Rook }) & back).filter(|&sq| beside(sq));
        let outer = match side {
            CastlingSide::KingSide => rooks.last(),
            CastlingSide::QueenSide => rooks.next(),
        };
        if let Some(rook) = outer {
            setup.castling_rights = setup.castling_rights.with(rook);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn setup(fen: &str) -> Setup {
        Setup::from_fen(fen).unwrap()
    }

    #[test]
    fn keeps_what_still_applies_and_drops_the_rest() {
        // Both white rooks gone: both white rights go, Black's stay.
        let mut s = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        s.board.remove(Square::A1);
        s.board.remove(Square::H1);
        assert_eq!(edited_position(s, CastlingMode::Standard, false).unwrap().fen(), "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1");
        // The pawn that made en passant possible is gone: the square goes.
        let mut s = setup("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        s.board.remove(Square::D5);
        assert_eq!(edited_position(s, CastlingMode::Standard, false).unwrap().fen(), "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn a_board_that_is_not_legal_is_kept_with_its_reasons() {
        let mut s = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        s.board.remove(Square::E1);
        s.board.remove(Square::H1);
        let u = edited_position(s, CastlingMode::Standard, false).unwrap_err();
        assert!(u.error.has(Invalid::MissingKing));
        // No white king: no white right can be judged to stand, so they go; Black's stay.
        assert_eq!(u.setup.castling_rights.into_iter().collect::<Vec<_>>(), vec![Square::A8, Square::H8]);
        // In a sandbox a board without kings is a position.
        let s = setup("8/8/8/8/3R4/8/8/8 w - - 0 1");
        assert!(edited_position(s.clone(), CastlingMode::Standard, false).is_err());
        assert!(edited_position(s, CastlingMode::Standard, true).is_ok());
    }
}

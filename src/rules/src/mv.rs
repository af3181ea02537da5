//! `Move`: a legal or candidate move, as the move generator produces it.

use crate::{CastlingMode, CastlingSide, Role, Square};
use core::fmt;

/// What kind of move a [`Move`] is, beyond from, to and the moving role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture (a pawn's double step included).
    Normal,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant,
    /// Castling; `from` is the king's square and `to` the castling rook's square.
    Castle,
    /// A pawn promoting to the given role (with or without a capture).
    Promotion(Role),
}

/// A move. Castling is stored king-to-rook (`e1` to `h1`), so Chess960 needs no special case;
/// [`Move::uci`] and SAN turn it into `e1g1` / `O-O` at the edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    role: Role,
    kind: MoveKind,
}

impl Move {
    /// A move of `role` from `from` to `to`, of kind `kind` (castling: `to` is the rook).
    #[inline(always)]
    pub const fn new(role: Role, from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, role, kind }
    }

    /// The square the piece leaves (the king's square for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The target square; for castling the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The role of the moving piece (`King` for castling).
    #[inline(always)]
    pub const fn role(self) -> Role {
        self.role
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The promotion role, if the move promotes.
    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the move is castling.
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// Whether the move is an en passant capture.
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// For castling, which side; `None` for other moves.
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle().then(|| CastlingSide::from_king_and_rook(self.from, self.to))
    }

    /// Where the moving piece ends: the `to` square, except for castling, where the king lands
    /// on the g- or c-file.
    pub fn destination(self) -> Square {
        match self.castling_side() {
            Some(side) => side.king_to(self.from.rank()),
            None => self.to,
        }
    }

    /// The move in UCI notation: `e2e4`, `e7e8q`; castling is `e1g1` in standard chess and
    /// king-onto-rook (`e1h1`, `b1a1`) in Chess960.
    pub fn uci(self, mode: CastlingMode) -> String {
        let to = match mode {
            CastlingMode::Standard => self.destination(),
            CastlingMode::Chess960 => self.to,
        };
        let mut s = format!("{}{}", self.from, to);
        if let Some(r) = self.promotion() {
            s.push(r.char());
        }
        s
    }
}

/// UCI, with castling king-to-rook.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci(CastlingMode::Chess960))
    }
}

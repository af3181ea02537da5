//! Touch-move (FIDE Laws 4.3-4.7): what a player who has touched pieces must now play.
//!
//! [`Touches`] records the squares the player to move has deliberately touched this turn, in
//! order (pieces touched at the same moment share a group), and derives the [`Obligation`]:
//!
//! - 4.3.1: a touched own piece must be moved, the first touched that has a legal move;
//! - 4.3.2: a touched enemy piece must be captured, the first touched that can be;
//! - 4.3.3: one own and one enemy piece touched: capture the enemy piece with the own piece; if
//!   that is illegal, 4.3.1/4.3.2 apply to the first piece touched (own pieces count as touched
//!   first when both were touched at once);
//! - 4.4.1: king, then (or together with) a rook that may castle: castle on that side if legal;
//! - 4.4.2: a rook touched *before* the king: no castling with that rook this move, and the
//!   rook, touched first, must move (4.3.1). Castling starts with the king;
//! - 4.4.3: castling with that rook illegal: another legal king move must be made (castling on
//!   the other side included); if the king has none, the player is free;
//! - 4.5: if none of the touched pieces can be moved or captured, any legal move may be made.
//!
//! A king moved two squares toward a rook *is* castling in this API (`e1g1`, `e1c1`, and
//! king-onto-rook), so it "commits to castling" by construction; if that castling is illegal the
//! attempt counts as touching the king (FIDE 7.5.1: an illegal move is replaced by a legal move,
//! touch-move applying), which then must make another legal move: see
//! [`Touches::record_attempt`]. Adjusting a piece after saying "j'adoube" ([`Touches::adjust`])
//! creates no obligation. Only the player to move may touch or adjust pieces (4.2, 4.3).
//!
//! (US Chess rules differ on castling: touching the rook first is not penalised there. Rocada
//! follows FIDE.)

use crate::{Bitboard, Color, Move, MoveList, Piece, Position, Role, Square};
use core::fmt;

/// What the player to move must play because of the pieces touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obligation {
    /// No obligation: any legal move (nothing touched, or no touched piece can move or be
    /// captured; FIDE 4.5).
    Free,
    /// The own piece on `square` must be moved (4.3.1).
    Move {
        /// The touched piece.
        square: Square,
    },
    /// The enemy piece on `square` must be captured, by any piece (4.3.2).
    Capture {
        /// The touched enemy piece.
        square: Square,
    },
    /// The own piece on `piece` must capture the enemy piece on `target` (4.3.3).
    CaptureWith {
        /// The touched own piece.
        piece: Square,
        /// The touched enemy piece.
        target: Square,
    },
    /// King and rook touched: castle with the rook on `rook` (4.4.1).
    Castle {
        /// The king's square.
        king: Square,
        /// The castling rook's square.
        rook: Square,
    },
    /// Castling on the touched side is illegal: another legal move with the king (4.4.3).
    KingMove {
        /// The king's square.
        king: Square,
    },
}

impl Obligation {
    /// The square the obligation is about (the piece to move or to capture).
    pub const fn square(self) -> Option<Square> {
        match self {
            Obligation::Free => None,
            Obligation::Move { square } | Obligation::Capture { square } => Some(square),
            Obligation::CaptureWith { target, .. } => Some(target),
            Obligation::Castle { rook, .. } => Some(rook),
            Obligation::KingMove { king } => Some(king),
        }
    }

    /// A stable code: `free`, `move`, `capture`, `capture-with`, `castle`, `king-move`.
    pub const fn code(self) -> &'static str {
        match self {
            Obligation::Free => "free",
            Obligation::Move { .. } => "move",
            Obligation::Capture { .. } => "capture",
            Obligation::CaptureWith { .. } => "capture-with",
            Obligation::Castle { .. } => "castle",
            Obligation::KingMove { .. } => "king-move",
        }
    }
}

impl fmt::Display for Obligation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Obligation::Free => f.write_str("any legal move"),
            Obligation::Move { square } => write!(f, "move the piece on {square}"),
            Obligation::Capture { square } => write!(f, "capture the piece on {square}"),
            Obligation::CaptureWith { piece, target } => write!(f, "capture on {target} with the piece on {piece}"),
            Obligation::Castle { rook, .. } => write!(f, "castle with the rook on {rook}"),
            Obligation::KingMove { .. } => f.write_str("make another legal king move"),
        }
    }
}

/// A touch that is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TouchError {
    /// Only the player to move may touch or adjust the pieces.
    NotYourTurn,
}

impl TouchError {
    /// The stable code `not-your-turn`.
    pub const fn code(self) -> &'static str {
        match self {
            TouchError::NotYourTurn => "not-your-turn",
        }
    }
}

impl fmt::Display for TouchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TouchError::NotYourTurn => f.write_str("only the player to move may touch the pieces"),
        }
    }
}

impl std::error::Error for TouchError {}

/// A move that breaks the touch-move rule: what the player had to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TouchViolation {
    /// The obligation the move does not meet.
    pub obligation: Obligation,
    /// The move was castling with a rook that was touched before the king (4.4.2).
    pub rook_touched_first: bool,
}

/// The squares touched by the player to move this turn, in order. Reset after every move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touches {
    /// (square, group): squares touched at the same moment share a group.
    touched: Vec<(Square, u32)>,
    next_group: u32,
}

/// One touched piece, as the analysis sees it.
#[derive(Clone, Copy)]
struct Touched {
    square: Square,
    piece: Piece,
    group: u32,
}

impl Touches {
    /// Nothing touched.
    pub fn new() -> Touches {
        Touches::default()
    }

    /// Forgets every touch (after a move is made).
    pub fn clear(&mut self) {
        self.touched.clear();
        self.next_group = 0;
    }

    /// The touched squares, in order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.touched.iter().map(|t| t.0)
    }

    /// Whether nothing was touched.
    pub fn is_empty(&self) -> bool {
        self.touched.is_empty()
    }

    /// The player to move deliberately touches the piece on `sq` (an empty square changes
    /// nothing). Returns the obligation now in force.
    pub fn touch(&mut self, pos: &Position, sq: Square) -> Obligation {
        self.touch_together(pos, &[sq])
    }

    /// `color` touches `sq`: refused unless `color` is to move (FIDE 4.2/4.3).
    pub fn touch_as(&mut self, pos: &Position, color: Color, sq: Square) -> Result<Obligation, TouchError> {
        if color != pos.turn() {
            return Err(TouchError::NotYourTurn);
        }
        Ok(self.touch(pos, sq))
    }

    /// The player to move touches several pieces at the same moment (the king and a rook
    /// together, for instance).
    pub fn touch_together(&mut self, pos: &Position, squares: &[Square]) -> Obligation {
        let group = self.next_group;
        self.next_group += 1;
        for &sq in squares {
            if pos.board().piece_at(sq).is_some() && !self.touched.iter().any(|t| t.0 == sq) {
                self.touched.push((sq, group));
            }
        }
        self.obligation(pos)
    }

    /// `color` adjusts the piece on `sq` after saying "j'adoube": no obligation, but only the
    /// player to move may do it (FIDE 4.2.1).
    pub fn adjust(&self, pos: &Position, color: Color, _sq: Square) -> Result<(), TouchError> {
        if color != pos.turn() {
            return Err(TouchError::NotYourTurn);
        }
        Ok(())
    }

    /// Records an attempted move that was illegal: the piece on `from` was touched (and the
    /// piece on `to`, if an enemy piece stands there, after it). FIDE 7.5.1: the illegal move is
    /// replaced by a legal one, touch-move applying.
    /// An attempt to move a piece of the side not to move records nothing.
    pub fn record_attempt(&mut self, pos: &Position, from: Square, to: Square) {
        let Some(mover) = pos.board().piece_at(from) else {
            return;
        };
        if mover.color != pos.turn() {
            return;
        }
        self.touch(pos, from);
        if let Some(target) = pos.board().piece_at(to) {
            // A capture attempt touches the enemy piece; king onto its own rook is a castling
            // attempt, touching the rook after the king.
            if target.color != mover.color || (mover.role == Role::King && target.role == Role::Rook) {
                self.touch(pos, to);
            }
        }
    }

    fn entries(&self, pos: &Position) -> Vec<Touched> {
        let us = pos.turn();
        let mut entries: Vec<Touched> = self
            .touched
            .iter()
            .filter_map(|&(square, group)| pos.board().piece_at(square).map(|piece| Touched { square, piece, group }))
            .collect();
        // Within a group (touched at the same moment) own pieces count as touched first
        // (FIDE 4.3.3), and the king before a rook (king and rook together: 4.4.1).
        crate::sort::sort_by_key(&mut entries, |t| (t.group, t.piece.color != us, t.piece.role != Role::King));
        entries
    }

    /// Rooks touched before the king: castling with them is not allowed this move (4.4.2).
    fn forbidden_castles(&self, pos: &Position, entries: &[Touched]) -> Bitboard {
        let us = pos.turn();
        let king_group = entries.iter().find(|t| t.piece == Piece::new(us, Role::King)).map(|t| t.group);
        let mut forbidden = Bitboard::EMPTY;
        for t in entries {
            if t.piece == Piece::new(us, Role::Rook)
                && pos.castling_rights().contains(t.square)
                && !matches!(king_group, Some(g) if t.group >= g)
            {
                forbidden = forbidden.with(t.square);
            }
        }
        forbidden
    }

    /// The obligation in force in `pos` given the touches so far.
    pub fn obligation(&self, pos: &Position) -> Obligation {
        self.analyse(pos).0
    }

    fn analyse(&self, pos: &Position) -> (Obligation, Bitboard) {
        let entries = self.entries(pos);
        if entries.is_empty() {
            return (Obligation::Free, Bitboard::EMPTY);
        }
        let us = pos.turn();
        let forbidden = self.forbidden_castles(pos, &entries);
        let legal: MoveList = pos.legal_moves().into_iter().filter(|m| !(m.is_castle() && forbidden.contains(m.to()))).collect();
        let own = |t: &&Touched| t.piece.color == us;

        // 4.4.1 / 4.4.3: the king first, then (or together with) a rook that may castle.
        if let Some(first_own) = entries.iter().find(own) {
            if first_own.piece.role == Role::King {
                let king = first_own.square;
                let rook = entries.iter().find(|t| {
                    t.piece == Piece::new(us, Role::Rook) && t.group >= first_own.group && pos.castling_rights().contains(t.square)
                });
                if let Some(rook) = rook {
                    let ob = if legal.iter().any(|m| m.is_castle() && m.from() == king && m.to() == rook.square) {
                        Obligation::Castle { king, rook: rook.square }
                    } else if legal.iter().any(|m| m.from() == king) {
                        Obligation::KingMove { king }
                    } else {
                        Obligation::Free
                    };
                    return (ob, forbidden);
                }
            }
        }
        // 4.3.3: an own piece that can capture a touched enemy piece.
        for o in entries.iter().filter(own) {
            for e in entries.iter().filter(|t| t.piece.color != us) {
                if legal.iter().any(|m| m.from() == o.square && captured_square(*m, pos) == Some(e.square)) {
                    return (Obligation::CaptureWith { piece: o.square, target: e.square }, forbidden);
                }
            }
        }
        // 4.3.1 / 4.3.2: the first touched piece that can be moved or captured.
        for t in &entries {
            if t.piece.color == us {
                if legal.iter().any(|m| m.from() == t.square) {
                    return (Obligation::Move { square: t.square }, forbidden);
                }
            } else if legal.iter().any(|m| captured_square(*m, pos) == Some(t.square)) {
                return (Obligation::Capture { square: t.square }, forbidden);
            }
        }
        (Obligation::Free, forbidden)
    }

    /// The legal moves that meet the obligation.
    pub fn allowed_moves(&self, pos: &Position) -> MoveList {
        let (ob, forbidden) = self.analyse(pos);
        let mut moves = pos.legal_moves();
        moves.retain(|m| !(m.is_castle() && forbidden.contains(m.to())) && meets(ob, *m, pos));
        moves
    }

    /// Whether `m` (a legal move) meets the obligation; if not, what was required.
    pub fn check(&self, pos: &Position, m: Move) -> Result<(), TouchViolation> {
        let (ob, forbidden) = self.analyse(pos);
        let rook_touched_first = m.is_castle() && forbidden.contains(m.to());
        if rook_touched_first || !meets(ob, m, pos) {
            Err(TouchViolation { obligation: ob, rook_touched_first })
        } else {
            Ok(())
        }
    }
}

/// Whether the legal move `m` meets `ob`.
fn meets(ob: Obligation, m: Move, pos: &Position) -> bool {
    match ob {
        Obligation::Free => true,
        Obligation::Move { square } => m.from() == square,
        Obligation::Capture { square } => captured_square(m, pos) == Some(square),
        Obligation::CaptureWith { piece, target } => m.from() == piece && captured_square(m, pos) == Some(target),
        Obligation::Castle { king, rook } => m.is_castle() && m.from() == king && m.to() == rook,
        Obligation::KingMove { king } => m.from() == king,
    }
}

/// The square of the piece `m` captures, if any (the passed pawn's square for en passant).
fn captured_square(m: Move, pos: &Position) -> Option<Square> {
    if m.is_en_passant() {
        Some(Square::from_coords(m.to().file(), m.from().rank()))
    } else if !m.is_castle() && pos.board().by_color(!pos.turn()).contains(m.to()) {
        Some(m.to())
    } else {
        None
    }
}

//! Dead positions: no sequence of legal moves can end in checkmate (FIDE 5.2.2), and its
//! one-sided form used on flag fall: this side can never mate (FIDE 6.9).
//!
//! Every answer here is *sound*: "cannot mate" is only said when it is proven, by one of two
//! arguments.
//! 1. **Material.** A side with a pawn, rook or queen can always mate with help. A lone
//!    knight (king and knight only) mates only against an enemy piece that can be stuck beside
//!    its own king without being able to capture or block: any enemy piece but a queen
//!    (K+N v K+B mates: Kh1, Bh2 against Kf1, Nf2). Bishops (any number) mate only if some
//!    square of the other colour can be blocked or covered: a bishop of the other colour, a
//!    knight or a pawn anywhere; enemy rooks and queens next to their king can always
//!    interpose on or capture the checking diagonal. So K+B v K+B with bishops on one colour
//!    is dead, and K+B v K+N is not.
//! 2. **Locked pawns.** Only kings and pawns are left; every pawn has a pawn right in front
//!    of it (so it can never advance) and no enemy piece on a square it attacks (so it can
//!    never capture); no en passant capture is possible now; and neither king can ever reach
//!    an enemy pawn that no pawn of its own side defends (a search over the squares the king
//!    can walk to, avoiding squares enemy pawns attack). Then nothing but the kings will ever
//!    move, and kings cannot give check.
//!
//! Other dead positions exist (a bishop shut in behind its own locked pawns, for instance);
//! they are not detected, so such games go on until another rule ends them.

use crate::attacks::{king_attacks, pawn_attacks};
use crate::{Bitboard, Board, Color, Piece, Position, Role};

/// Why a position is dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadPosition {
    /// Neither side has the material to mate, whatever the other does (argument 1).
    InsufficientMaterial,
    /// The pawns are locked and the kings can never reach one to capture (argument 2).
    LockedPawns,
}

impl DeadPosition {
    /// A stable code: `insufficient-material` or `locked-pawns`.
    pub const fn code(self) -> &'static str {
        match self {
            DeadPosition::InsufficientMaterial => "insufficient-material",
            DeadPosition::LockedPawns => "locked-pawns",
        }
    }
}

/// Whether `color` lacks the material to mate by any sequence of legal moves, judged from the
/// pieces on the board alone (argument 1 of the module docs).
///
/// ```
/// use rocada_rules::{CastlingMode, Color, Position};
/// use rocada_game::game::material_cannot_mate;
/// // K+B v K+N: the knight side can mate with help (Kh1 Bh2 v Kf1 Nf2#), and so can the bishop side.
/// let pos = Position::from_fen("8/8/8/4k3/8/2n5/8/2B1K3 w - - 0 1", CastlingMode::Standard)?;
/// assert!(!material_cannot_mate(pos.board(), Color::White));
/// assert!(!material_cannot_mate(pos.board(), Color::Black));
/// # Ok::<(), rocada_rules::FenError>(())
/// ```
pub fn material_cannot_mate(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let theirs = board.by_color(!color);
    let heavy_or_pawn = board.by_role(Role::Pawn) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
    if (ours & heavy_or_pawn).any() {
        return false;
    }
    let knights = ours & board.by_role(Role::Knight);
    let bishops = ours & board.by_role(Role::Bishop);
    if knights.any() {
        // Only K+N, against a king with nothing but queens, cannot mate.
        let their_blockers = theirs & !board.by_role(Role::King) & !board.by_role(Role::Queen);
        return knights.count() == 1 && bishops.is_empty() && their_blockers.is_empty();
    }
    if bishops.any() {
        let all_bishops = board.by_role(Role::Bishop);
        let one_colour = (all_bishops & Bitboard::LIGHT_SQUARES).is_empty() || (all_bishops & Bitboard::DARK_SQUARES).is_empty();
        return one_colour && (board.by_role(Role::Pawn) | board.by_role(Role::Knight)).is_empty();
    }
    // A bare king.
    true
}

/// Whether `color` can never checkmate, by any sequence of legal moves from `pos`: by
/// material, or because the position is dead. This decides FIDE 6.9 when the *other* side's
/// flag falls. In a sandbox position, also when the other side has no king to mate.
pub fn has_insufficient_material(pos: &Position, color: Color) -> bool {
    if pos.is_sandbox() && pos.board().king_of(!color).is_none() {
        return true;
    }
    material_cannot_mate(pos.board(), color) || locked_pawns(pos)
}

/// Whether `pos` is a dead position (neither side can ever mate), and why. Never for a
/// sandbox position (lessons have no draw rules).
///
/// ```
/// use rocada_rules::{CastlingMode, Position};
/// use rocada_game::game::{dead_position, DeadPosition};
/// let same_colour_bishops = Position::from_fen("8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1", CastlingMode::Standard)?;
/// assert_eq!(dead_position(&same_colour_bishops), Some(DeadPosition::InsufficientMaterial));
/// let wall = Position::from_fen("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1", CastlingMode::Standard)?;
/// assert_eq!(dead_position(&wall), Some(DeadPosition::LockedPawns));
/// # Ok::<(), rocada_rules::FenError>(())
/// ```
pub fn dead_position(pos: &Position) -> Option<DeadPosition> {
    let board = pos.board();
    if pos.is_sandbox() {
        None
    } else if material_cannot_mate(board, Color::White) && material_cannot_mate(board, Color::Black) {
        Some(DeadPosition::InsufficientMaterial)
    } else if locked_pawns(pos) {
        Some(DeadPosition::LockedPawns)
    } else {
        None
    }
}

/// Argument 2 of the module docs.
fn locked_pawns(pos: &Position) -> bool {
    let board = pos.board();
    let pawns = board.by_role(Role::Pawn);
    let kings = board.by_role(Role::King);
    if pawns.is_empty() || board.occupied() != pawns | kings || pos.ep_square().is_some() || pos.is_check() {
        return false;
    }
    // Every pawn is blocked by a pawn and attacks no enemy pawn.
    for color in Color::ALL {
        let ours = board.by_piece(Piece::new(color, Role::Pawn));
        let theirs = board.by_piece(Piece::new(!color, Role::Pawn));
        for sq in ours {
            let front = match sq.offset(if color == Color::White { 8 } else { -8 }) {
                Some(f) => f,
                None => return false,
            };
            if !pawns.contains(front) || (pawn_attacks(color, sq) & theirs).any() {
                return false;
            }
        }
    }
    // Neither king can walk to an enemy pawn that no pawn defends.
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else { return false };
        let own_pawns = board.by_piece(Piece::new(color, Role::Pawn));
        let enemy_pawns = board.by_piece(Piece::new(!color, Role::Pawn));
        let enemy_pawn_attacks = pawn_attack_set(enemy_pawns, !color);
        let walkable = !own_pawns & !enemy_pawns & !enemy_pawn_attacks;
        let reach = flood(king, walkable);
        let mut touchable = Bitboard::EMPTY;
        for sq in reach {
            touchable |= king_attacks(sq);
        }
        // An enemy pawn a king can step onto is one not defended by an enemy pawn.
        if (touchable & enemy_pawns & !enemy_pawn_attacks).any() {
            return false;
        }
    }
    true
}

/// The squares pawns of `color` on `pawns` attack.
fn pawn_attack_set(pawns: Bitboard, color: Color) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for sq in pawns {
        set |= pawn_attacks(color, sq);
    }
    set
}

/// Every square a king on `from` reaches by steps over `walkable` squares (`from` included).
fn flood(from: crate::Square, walkable: Bitboard) -> Bitboard {
    let mut reach = Bitboard::from_square(from);
    loop {
        let mut next = reach;
        for sq in reach {
            next |= king_attacks(sq) & walkable;
        }
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

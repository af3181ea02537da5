//! Why a move is legal or not, for learners: a [`Reason`] code, the squares involved, and a
//! message in English, Romanian or Spanish.
//!
//! [`explain`] judges an attempted move given only as from, to and promotion, by the rules of
//! `RULES.md` and on its own, without asking the move generator: does the piece exist and
//! belong to the side to move, does it move like that, is the path clear, does the move leave
//! the king in check, is castling allowed. The verdict is then checked against
//! [`Position::legal_moves`]: the two always agree (a property test plays thousands of random
//! positions and attempts), and if they ever did not, the generator would win and the reason
//! would be [`Reason::IllegalMove`].
//!
//! Castling is recognised when the king moves onto one of its own rooks on its back rank
//! (king-takes-rook, as in Chess960; in standard chess not onto a neighbouring rook without a
//! castling right, which is a plain move onto an own piece) or two or more squares along its
//! back rank to the g- or c-file (`e1g1`). Game-level reasons ([`Reason::GameOver`], [`Reason::TouchMove`]) come
//! from [`Game::explain`](crate::game::Game::explain).

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::messages::{self, Vars};
use crate::touch::Obligation;
use crate::{Bitboard, CastlingMode, CastlingSide, Color, File, Lang, Move, MoveKind, Piece, Position, Rank, Role, SanAttempt, Square};
use core::fmt;

/// Why an attempted move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The game has ended.
    GameOver,
    /// The piece belongs to the side not to move.
    NotYourTurn,
    /// There is no piece on the from square.
    NoPiece,
    /// The move names a piece the side to move does not have (SAN `Bb5` with no bishop, or
    /// none on the file or rank it gives); `from` is then `to`.
    NoSuchPiece,
    /// From and to are the same square (a move is compulsory).
    SameSquare,
    /// A piece of the same side stands on the target square (culprit: that square).
    OwnPieceOnTarget,
    /// The piece does not move that way.
    WrongPieceMovement,
    /// A piece stands in the way (culprit: the first blocker).
    PathBlocked,
    /// A pawn tried to capture straight ahead, or to move diagonally without capturing
    /// (culprit: the piece in front, if any).
    PawnCapturesDiagonally,
    /// En passant against a pawn that did not just advance two squares (culprit: that pawn).
    EnPassantExpired,
    /// A pawn reaching the last rank without a promotion piece.
    MustPromote,
    /// A promotion piece for a move that does not reach the last rank, or a king or pawn.
    InvalidPromotion,
    /// The king is in check and the move does not end the check (culprit: a checker that
    /// would still give check).
    KingInCheck,
    /// The piece is pinned: moving it exposes the king (culprit: the pinner).
    Pinned,
    /// The king would move onto an attacked square (culprit: an attacker).
    KingIntoCheck,
    /// The king would stand next to the enemy king (culprit: the enemy king).
    KingsAdjacent,
    /// No castling right on that side: the king or that rook has moved.
    CastleRightsLost,
    /// Castling while in check (culprit: a checker).
    CastleInCheck,
    /// A piece stands between king and rook or on their destinations (culprit: that piece).
    CastleBlocked,
    /// The king would cross an attacked square (culprit: the square; attacker: the piece).
    CastleThroughCheck,
    /// The king would land on an attacked square (culprit: the square; attacker: the piece).
    CastleIntoCheck,
    /// The move breaks the touch-move rule (culprit: the touched piece).
    TouchMove,
    /// Not legal, for a reason the classifier did not find (should never happen).
    IllegalMove,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 23] = [
        Reason::GameOver,
        Reason::NotYourTurn,
        Reason::NoPiece,
        Reason::NoSuchPiece,
        Reason::SameSquare,
        Reason::OwnPieceOnTarget,
        Reason::WrongPieceMovement,
        Reason::PathBlocked,
        Reason::PawnCapturesDiagonally,
        Reason::EnPassantExpired,
        Reason::MustPromote,
        Reason::InvalidPromotion,
        Reason::KingInCheck,
        Reason::Pinned,
        Reason::KingIntoCheck,
        Reason::KingsAdjacent,
        Reason::CastleRightsLost,
        Reason::CastleInCheck,
        Reason::CastleBlocked,
        Reason::CastleThroughCheck,
        Reason::CastleIntoCheck,
        Reason::TouchMove,
        Reason::IllegalMove,
    ];

    /// The stable code, as JavaScript's `explain()` gives it.
    pub const fn code(self) -> &'static str {
        match self {
            Reason::GameOver => "game-over",
            Reason::NotYourTurn => "not-your-turn",
            Reason::NoPiece => "no-piece",
            Reason::NoSuchPiece => "no-such-piece",
            Reason::SameSquare => "same-square",
            Reason::OwnPieceOnTarget => "own-piece-on-target",
            Reason::WrongPieceMovement => "wrong-piece-movement",
            Reason::PathBlocked => "path-blocked",
            Reason::PawnCapturesDiagonally => "pawn-captures-diagonally",
            Reason::EnPassantExpired => "en-passant-expired",
            Reason::MustPromote => "must-promote",
            Reason::InvalidPromotion => "invalid-promotion",
            Reason::KingInCheck => "king-in-check",
            Reason::Pinned => "pinned",
            Reason::KingIntoCheck => "king-into-check",
            Reason::KingsAdjacent => "kings-adjacent",
            Reason::CastleRightsLost => "castle-rights-lost",
            Reason::CastleInCheck => "castle-in-check",
            Reason::CastleBlocked => "castle-blocked",
            Reason::CastleThroughCheck => "castle-through-check",
            Reason::CastleIntoCheck => "castle-into-check",
            Reason::TouchMove => "touch-move",
            Reason::IllegalMove => "illegal-move",
        }
    }

    /// The reason with this code.
    pub fn from_code(code: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.code() == code)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The verdict on an attempted move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Explanation {
    /// The square the move starts from.
    pub from: Square,
    /// The square given as target (for castling, the king's destination or the rook's square).
    pub to: Square,
    /// The promotion piece given, if any.
    pub promotion: Option<Role>,
    /// `None` for a legal move.
    pub reason: Option<Reason>,
    /// The legal move, when the attempt is legal.
    pub mv: Option<Move>,
    /// The piece on `from`.
    pub piece: Option<Piece>,
    /// The main square involved: the checking piece, the pinner, the blocker, the attacked
    /// square a castling king crosses, the touched piece, the enemy king.
    pub culprit: Option<Square>,
    /// The piece on `culprit`, if any.
    pub culprit_piece: Option<Piece>,
    /// For castling through or into check: the attacking piece's square.
    pub attacker: Option<Square>,
    /// The piece on `attacker`.
    pub attacker_piece: Option<Piece>,
    /// Every square involved (all checkers, all blockers, ...), `culprit` included.
    pub squares: Bitboard,
    /// For [`Reason::TouchMove`]: what the touch-move rule required.
    pub touch: Option<Obligation>,
    /// For [`Reason::TouchMove`]: castling was attempted with a rook touched before the king.
    pub rook_touched_first: bool,
}

impl Explanation {
    fn new(from: Square, to: Square, promotion: Option<Role>, piece: Option<Piece>) -> Explanation {
        Explanation {
            from,
            to,
            promotion,
            reason: None,
            mv: None,
            piece,
            culprit: None,
            culprit_piece: None,
            attacker: None,
            attacker_piece: None,
            squares: Bitboard::EMPTY,
            touch: None,
            rook_touched_first: false,
        }
    }

    /// Whether the attempted move is legal.
    pub const fn is_legal(&self) -> bool {
        self.reason.is_none()
    }

    /// The reason code, `None` for a legal move.
    pub fn code(&self) -> Option<&'static str> {
        self.reason.map(Reason::code)
    }

    /// The message key: the reason code (`touch-move.move`, ... for touch-move), or `legal`.
    pub fn message_key(&self) -> &'static str {
        match self.reason {
            None => "legal",
            Some(Reason::TouchMove) => {
                if self.rook_touched_first {
                    return "touch-move.rook-first";
                }
                match self.touch {
                    Some(Obligation::Move { .. }) => "touch-move.move",
                    Some(Obligation::Capture { .. }) => "touch-move.capture",
                    Some(Obligation::CaptureWith { .. }) => "touch-move.capture-with",
                    Some(Obligation::Castle { .. }) => "touch-move.castle",
                    Some(Obligation::KingMove { .. }) => "touch-move.king-move",
                    Some(Obligation::Free) | None => "touch-move",
                }
            }
            Some(r) => r.code(),
        }
    }

    /// The explanation as a sentence in `lang`.
    ///
    /// ```
    /// use rocada_rules::{CastlingMode, Lang, Position, Square};
    /// use rocada_game::explain::explain;
    /// // 1. e4 e5 2. Nf3 Nc6 3. Bb5 d6: the bishop on b5 pins the knight on c6 to the king on e8.
    /// let pos = Position::from_fen("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4", CastlingMode::Standard)?;
    /// let e = explain(&pos, Square::C6, Square::D4, None);
    /// assert_eq!(e.code(), Some("pinned"));
    /// assert_eq!(e.culprit, Some(Square::B5));
    /// assert_eq!(e.message(Lang::En), "The knight on c6 is pinned: moving it would expose your king to the bishop on b5.");
    /// assert_eq!(e.message(Lang::Ro), "Calul de pe c6 este legat: dacă se mută, regele ar rămâne atacat de nebunul de pe b5.");
    /// assert_eq!(e.message(Lang::Es), "El caballo de c6 está clavado: si se mueve, el rey quedaría atacado por el alfil de b5.");
    /// # Ok::<(), rocada_rules::FenError>(())
    /// ```
    pub fn message(&self, lang: Lang) -> String {
        let mut vars = Vars {
            piece: self.piece,
            from: Some(self.from),
            to: Some(self.to),
            by: self.culprit_piece,
            at: self.culprit,
            attacker: self.attacker_piece,
            attacker_at: self.attacker,
            ..Vars::default()
        };
        if let Some(Obligation::CaptureWith { piece, target }) = self.touch {
            vars.with = Some(piece);
            vars.at = Some(target);
        }
        messages::render(self.message_key(), lang, &vars)
    }

    /// Marks the explanation illegal for `reason`, with `culprit` as the main square.
    pub(crate) fn fault(mut self, reason: Reason, culprit: Option<Square>, pos: &Position) -> Explanation {
        self.reason = Some(reason);
        self.mv = None;
        self.culprit = culprit;
        self.culprit_piece = culprit.and_then(|sq| pos.board().piece_at(sq));
        if let Some(sq) = culprit {
            self.squares = self.squares.with(sq);
        }
        self
    }

    fn with_attacker(mut self, attacker: Square, pos: &Position) -> Explanation {
        self.attacker = Some(attacker);
        self.attacker_piece = pos.board().piece_at(attacker);
        self.squares = self.squares.with(attacker);
        self
    }
}

/// Explains the attempt to move the piece on `from` to `to` (promoting to `promotion`) in `pos`.
///
/// ```
/// use rocada_rules::{Lang, Position, Square};
/// use rocada_game::explain::explain;
/// let pos = Position::new();
/// assert!(explain(&pos, Square::G1, Square::F3, None).is_legal());
/// let e = explain(&pos, Square::F1, Square::C4, None);
/// assert_eq!(e.code(), Some("path-blocked"));
/// assert_eq!(e.culprit, Some(Square::E2));
/// assert_eq!(e.message(Lang::Ro), "Nebunul nu poate ajunge de pe f1 pe c4: pionul de pe e2 blochează drumul. Numai calul poate sări peste alte piese.");
/// ```
pub fn explain(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Explanation {
    let verdict = classify(pos, from, to, promotion);
    let generated = find_legal(pos, from, to, promotion);
    match (verdict.reason, generated) {
        (None, Some(m)) if verdict.mv == Some(m) => verdict,
        (Some(_), None) => verdict,
        // The classifier and the generator disagree: the generator is right.
        (_, Some(m)) => {
            debug_assert!(false, "explain disagrees with movegen on {from}{to} in {}", pos.fen());
            Explanation { reason: None, mv: Some(m), culprit: None, culprit_piece: None, ..verdict }
        }
        (None, None) => {
            debug_assert!(false, "explain disagrees with movegen on {from}{to} in {}", pos.fen());
            verdict.fault(Reason::IllegalMove, None, pos)
        }
    }
}

/// Explains a SAN move that names no legal move ([`rocada_rules::SanError::Illegal`]'s [`SanAttempt`]): each
/// candidate piece is judged from its square to the target, and the explanation that came
/// closest to a legal move is given (a pin or a check before a blocked path, before a wrong
/// movement), so that `d6` with the d7 pawn pinned says `pinned`, and `O-O` through an
/// attacked square says `castle-through-check`, as the same moves given by squares do.
///
/// ```
/// use rocada_rules::{parse_san, CastlingMode, Position, SanError, SanOptions, Square};
/// use rocada_game::explain::explain_san;
/// // 1. e4 e5 2. Bb5: Black's d7 pawn is pinned.
/// let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2", CastlingMode::Standard)?;
/// let Err(SanError::Illegal { attempt, .. }) = parse_san(&pos, "d6", &SanOptions::default()) else { panic!() };
/// let e = explain_san(&pos, &attempt);
/// assert_eq!((e.code(), e.from, e.culprit), (Some("pinned"), Square::D7, Some(Square::B5)));
/// # Ok::<(), rocada_rules::FenError>(())
/// ```
pub fn explain_san(pos: &Position, attempt: &SanAttempt) -> Explanation {
    let piece = Piece::new(attempt.color, attempt.role);
    let mut best: Option<(u8, Explanation)> = None;
    for from in attempt.from {
        let e = explain(pos, from, attempt.to, attempt.promotion);
        if e.is_legal() {
            continue; // a move the text's marks exclude (`Nxf3` onto an empty square)
        }
        let rank = closeness(e.reason);
        if best.as_ref().is_none_or(|(r, _)| rank < *r) {
            best = Some((rank, e));
        }
    }
    match best {
        Some((_, e)) => e,
        None if attempt.castle.is_some() => match attempt.from.first() {
            Some(king) => Explanation::new(king, attempt.to, None, Some(piece)).fault(Reason::CastleRightsLost, None, pos),
            None => Explanation::new(attempt.to, attempt.to, None, Some(piece)).fault(Reason::NoSuchPiece, None, pos),
        },
        None if attempt.from.any() => {
            let from = attempt.from.first().unwrap_or(attempt.to);
            Explanation::new(from, attempt.to, attempt.promotion, Some(piece)).fault(Reason::IllegalMove, None, pos)
        }
        None => Explanation::new(attempt.to, attempt.to, attempt.promotion, Some(piece)).fault(Reason::NoSuchPiece, None, pos),
    }
}

/// How close an illegal attempt came to a legal move (lower is closer): the rule it breaks
/// comes after the piece's movement and path were right.
fn closeness(reason: Option<Reason>) -> u8 {
    match reason {
        Some(
            Reason::Pinned
            | Reason::KingInCheck
            | Reason::KingIntoCheck
            | Reason::KingsAdjacent
            | Reason::CastleRightsLost
            | Reason::CastleInCheck
            | Reason::CastleBlocked
            | Reason::CastleThroughCheck
            | Reason::CastleIntoCheck
            | Reason::MustPromote
            | Reason::InvalidPromotion,
        ) => 0,
        Some(Reason::PathBlocked | Reason::OwnPieceOnTarget | Reason::PawnCapturesDiagonally | Reason::EnPassantExpired) => 1,
        Some(Reason::WrongPieceMovement) => 2,
        _ => 3,
    }
}

/// Explains a [`Move`] (castling given king-to-rook).
pub fn explain_move(pos: &Position, m: Move) -> Explanation {
    explain(pos, m.from(), m.to(), m.promotion())
}

/// The legal move matching an attempt, if any: same from, to and promotion; castling also by
/// the king's destination when it is two or more squares away (`e1g1`).
pub fn find_legal(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    let mut exact = None;
    let mut castle_by_destination = None;
    for m in pos.legal_moves() {
        if m.from() != from || m.promotion() != promotion {
            continue;
        }
        if m.to() == to {
            exact = Some(m);
        } else if m.is_castle() && m.destination() == to && from.distance(to) >= 2 {
            castle_by_destination = Some(m);
        }
    }
    exact.or(castle_by_destination)
}

/// Whether the piece on `from` has a legal move to `to` that promotes (whatever the piece
/// chosen): what a board UI asks before it offers the choice of a piece.
///
/// ```
/// use rocada_rules::{CastlingMode, Position, Square};
/// use rocada_game::explain::promotes;
/// let pos = Position::from_fen("8/2P2k2/8/8/8/5K2/8/8 w - - 0 1", CastlingMode::Standard).unwrap();
/// assert!(promotes(&pos, Square::C7, Square::C8));
/// assert!(!promotes(&pos, Square::F3, Square::F4));
/// ```
pub fn promotes(pos: &Position, from: Square, to: Square) -> bool {
    pos.legal_moves().iter().any(|m| m.from() == from && m.to() == to && m.promotion().is_some())
}

/// The verdict of the rules alone, without the move generator: what [`explain`] computes before
/// checking it against [`Position::legal_moves`]. Public so that the two can be compared.
pub fn classify(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Explanation {
    let board = pos.board();
    let piece = board.piece_at(from);
    let e = Explanation::new(from, to, promotion, piece);
    let Some(piece) = piece else {
        return e.fault(Reason::NoPiece, None, pos);
    };
    if from == to {
        return e.fault(Reason::SameSquare, None, pos);
    }
    let us = pos.turn();
    if piece.color != us {
        return e.fault(Reason::NotYourTurn, None, pos);
    }
    if piece.role == Role::King {
        if let Some(side) = castling_intent(pos, from, to) {
            return classify_castle(pos, e, side);
        }
    }
    let occupied = board.occupied();
    if board.by_color(us).contains(to) {
        return e.fault(Reason::OwnPieceOnTarget, Some(to), pos);
    }
    let mut kind = MoveKind::Normal;
    let mut captured = if board.by_color(!us).contains(to) { Some(to) } else { None };
    match piece.role {
        Role::Pawn => match classify_pawn(pos, from, to) {
            Ok((k, c)) => {
                kind = k;
                captured = c;
            }
            Err((reason, culprit)) => return e.fault(reason, culprit, pos),
        },
        Role::Knight => {
            if !knight_attacks(from).contains(to) {
                return e.fault(Reason::WrongPieceMovement, None, pos);
            }
        }
        Role::King => {
            if !king_attacks(from).contains(to) {
                return e.fault(Reason::WrongPieceMovement, None, pos);
            }
        }
        Role::Bishop | Role::Rook | Role::Queen => {
            let empty_board_reach = match piece.role {
                Role::Bishop => bishop_attacks(from, Bitboard::EMPTY),
                Role::Rook => rook_attacks(from, Bitboard::EMPTY),
                _ => bishop_attacks(from, Bitboard::EMPTY) | rook_attacks(from, Bitboard::EMPTY),
            };
            if !empty_board_reach.contains(to) {
                return e.fault(Reason::WrongPieceMovement, None, pos);
            }
            let blockers = between(from, to) & occupied;
            if blockers.any() {
                let nearest = blockers.into_iter().min_by_key(|b| b.distance(from));
                let mut e = e.fault(Reason::PathBlocked, nearest, pos);
                e.squares |= blockers;
                return e;
            }
        }
    }

    // King safety: play the move on the bitboards and look for attackers of our king.
    let them = !us;
    let mut new_occupied = occupied.without(from).with(to);
    if kind == MoveKind::EnPassant {
        if let Some(c) = captured {
            new_occupied = new_occupied.without(c);
        }
    }
    let king = if piece.role == Role::King { to } else { board.king_of(us).unwrap_or(to) };
    let mut removed = Bitboard::EMPTY;
    if let Some(c) = captured {
        removed = removed.with(c);
    }
    let attackers = pos.attackers_to(king, them, new_occupied) & !removed;
    if attackers.any() {
        let mut e = if piece.role == Role::King {
            let enemy_king = attackers & board.by_role(Role::King);
            match enemy_king.first() {
                Some(k) => e.fault(Reason::KingsAdjacent, Some(k), pos),
                None => e.fault(Reason::KingIntoCheck, attackers.first(), pos),
            }
        } else {
            let still_checking = attackers & pos.checkers();
            match still_checking.first() {
                Some(c) => e.fault(Reason::KingInCheck, Some(c), pos),
                None => e.fault(Reason::Pinned, attackers.first(), pos),
            }
        };
        e.squares |= attackers;
        return e;
    }

    // Promotion, once the move is otherwise legal.
    let reaches_last_rank = piece.role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
    match (reaches_last_rank, promotion) {
        (true, None) => return e.fault(Reason::MustPromote, None, pos),
        (true, Some(Role::King | Role::Pawn)) | (false, Some(_)) => return e.fault(Reason::InvalidPromotion, None, pos),
        (true, Some(r)) => kind = MoveKind::Promotion(r),
        (false, None) => {}
    }
    Explanation { mv: Some(Move::new(piece.role, from, to, kind)), ..e }
}

/// A pawn's move: its kind and the square of the piece it captures, or why it cannot move so.
#[allow(clippy::type_complexity)]
fn classify_pawn(pos: &Position, from: Square, to: Square) -> Result<(MoveKind, Option<Square>), (Reason, Option<Square>)> {
    let us = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    let (forward, start_rank, fifth_rank): (i32, Rank, Rank) = match us {
        Color::White => (1, Rank::Second, Rank::Fifth),
        Color::Black => (-1, Rank::Seventh, Rank::Fourth),
    };
    let df = to.file() as i32 - from.file() as i32;
    let dr = (to.rank() as i32 - from.rank() as i32) * forward;
    if dr <= 0 || df.abs() > 1 {
        return Err((Reason::WrongPieceMovement, None));
    }
    if df == 0 {
        match dr {
            1 => {
                if occupied.contains(to) {
                    return Err((Reason::PawnCapturesDiagonally, Some(to)));
                }
                Ok((MoveKind::Normal, None))
            }
            2 => {
                if from.rank() != start_rank {
                    return Err((Reason::WrongPieceMovement, None));
                }
                let middle = Square::new((from as u32 + to as u32) / 2);
                if occupied.contains(middle) {
                    return Err((Reason::PathBlocked, Some(middle)));
                }
                if occupied.contains(to) {
                    return Err((Reason::PawnCapturesDiagonally, Some(to)));
                }
                Ok((MoveKind::Normal, None))
            }
            _ => Err((Reason::WrongPieceMovement, None)),
        }
    } else {
        if dr != 1 {
            return Err((Reason::WrongPieceMovement, None));
        }
        if board.by_color(!us).contains(to) {
            return Ok((MoveKind::Normal, Some(to)));
        }
        let passed = Square::from_coords(to.file(), from.rank());
        if pos.ep_square_unchecked() == Some(to) {
            return Ok((MoveKind::EnPassant, Some(passed)));
        }
        if from.rank() == fifth_rank && board.by_piece(Piece::new(!us, Role::Pawn)).contains(passed) {
            return Err((Reason::EnPassantExpired, Some(passed)));
        }
        Err((Reason::PawnCapturesDiagonally, None))
    }
}

/// The castling side an attempted king move means, if it means castling: onto an own rook on
/// the king's back rank, or two or more squares along the back rank to the g- or c-file.
fn castling_intent(pos: &Position, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    let back = if us == Color::White { Rank::First } else { Rank::Eighth };
    if from.rank() != back || to.rank() != back {
        return None;
    }
    if pos.board().by_piece(Piece::new(us, Role::Rook)).contains(to) {
        let side = CastlingSide::from_king_and_rook(from, to);
        // In standard chess a king stepping onto a neighbouring rook that has no castling right
        // is just a move onto its own piece.
        let castling_rook = pos.castles().rook(us, side) == Some(to);
        if !castling_rook && pos.castling_mode() == CastlingMode::Standard && from.distance(to) < 2 {
            return None;
        }
        return Some(side);
    }
    if from.distance(to) >= 2 {
        return match to.file() {
            File::G => Some(CastlingSide::KingSide),
            File::C => Some(CastlingSide::QueenSide),
            _ => None,
        };
    }
    None
}

fn classify_castle(pos: &Position, e: Explanation, side: CastlingSide) -> Explanation {
    let us = pos.turn();
    let board = pos.board();
    let king = e.from;
    let rook = match pos.castles().rook(us, side) {
        None => {
            let culprit = board.by_piece(Piece::new(us, Role::Rook)).contains(e.to).then_some(e.to);
            return e.fault(Reason::CastleRightsLost, culprit, pos);
        }
        Some(rook) => rook,
    };
    if board.by_role(Role::Rook).contains(e.to) && e.to != rook {
        // Onto another own rook than the castling one.
        return e.fault(Reason::OwnPieceOnTarget, Some(e.to), pos);
    }
    if e.promotion.is_some() {
        return e.fault(Reason::InvalidPromotion, None, pos);
    }
    if pos.is_check() {
        let mut e = e.fault(Reason::CastleInCheck, pos.checkers().first(), pos);
        e.squares |= pos.checkers();
        return e;
    }
    let rank = king.rank();
    let (king_to, rook_to) = (side.king_to(rank), side.rook_to(rank));
    let path = (span(king, king_to) | span(rook, rook_to)).without(king).without(rook);
    let blockers = path & board.occupied();
    if blockers.any() {
        let nearest = blockers.into_iter().min_by_key(|b| b.distance(king));
        let mut e = e.fault(Reason::CastleBlocked, nearest, pos);
        e.squares |= blockers;
        return e;
    }
    let occupied = board.occupied().without(king).without(rook);
    // The squares the king crosses, from its own square outward, then its destination.
    let mut crossing: Vec<Square> = span(king, king_to).without(king).without(king_to).into_iter().collect();
    // They lie on the king's rank on one side of it: ascending squares, reversed going left.
    if king_to < king {
        crossing.reverse();
    }
    for sq in crossing {
        if let Some(attacker) = pos.attackers_to(sq, !us, occupied).first() {
            return e.fault(Reason::CastleThroughCheck, Some(sq), pos).with_attacker(attacker, pos);
        }
    }
    if let Some(attacker) = pos.attackers_to(king_to, !us, occupied).first() {
        return e.fault(Reason::CastleIntoCheck, Some(king_to), pos).with_attacker(attacker, pos);
    }
    let mut e = e;
    e.mv = Some(Move::new(Role::King, king, rook, MoveKind::Castle));
    e
}

/// The squares from `a` to `b` inclusive, on one rank.
fn span(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    (lo as u32..=hi as u32).map(Square::new).collect()
}

//! `Position`: a legal position with its rights and counters; validated, hashed, playable.

use crate::attacks::{self, between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks, rook_rays};
use crate::castling::Castles;
use crate::hash::zobrist;
use crate::notation::fen::{CastlingNotation, ParseFenError};
use crate::validation::{Invalid, PositionError};
use crate::{Bitboard, Board, CastlingMode, CastlingSide, Color, File, Move, MoveKind, Piece, Rank, Role, Setup, Square};
use core::fmt;

/// A legal chess position (standard or Chess960): placement, side to move, castling rights,
/// en passant, counters, and its Polyglot hash. Built only through validation, so its
/// invariants hold: one king each, the side not to move not in check, consistent rights.
///
/// ```
/// use rocada_rules::{CastlingMode, Position};
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// let e4 = pos.legal_moves().into_iter().find(|m| m.uci(CastlingMode::Standard) == "e2e4").unwrap();
/// pos.play(e4).unwrap();
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castles: Castles,
    /// Set only when a pawn of the side to move attacks it (Polyglot's rule).
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    mode: CastlingMode,
    sandbox: bool,
    hash: u64,
}

/// A FEN that cannot be loaded: unreadable, or readable but not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The FEN describes an illegal position.
    Position(PositionError),
}

impl FenError {
    /// A stable code: the [`ParseFenError`] or first [`Invalid`] code.
    pub fn code(&self) -> &'static str {
        match self {
            FenError::Parse(e) => e.code(),
            FenError::Position(e) => e.code(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The rejected move.
    pub mv: Move,
}

impl IllegalMoveError {
    /// The stable code `illegal-move`.
    pub fn code(&self) -> &'static str {
        "illegal-move"
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        let mut pos = Position {
            board: Board::start(),
            turn: Color::White,
            castles: Castles::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            mode: CastlingMode::Standard,
            sandbox: false,
            hash: 0,
        };
        for (color, rank) in [(Color::White, Rank::First), (Color::Black, Rank::Eighth)] {
            pos.castles.set(color, CastlingSide::KingSide, Square::from_coords(File::H, rank));
            pos.castles.set(color, CastlingSide::QueenSide, Square::from_coords(File::A, rank));
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// Reads a FEN (X-FEN and Shredder-FEN too) and checks that it is a legal position.
    ///
    /// ```
    /// use rocada_rules::{CastlingMode, Position};
    /// let err = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", CastlingMode::Standard).unwrap_err();
    /// assert_eq!(err.code(), "missing-king");
    /// ```
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        let setup = Setup::from_fen(fen).map_err(FenError::Parse)?;
        Position::from_setup(setup, mode).map_err(FenError::Position)
    }

    /// Checks `setup` and builds the position, or lists every reason it is not legal.
    /// An en passant square that is valid but allows no capture is dropped.
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::validate(setup, mode, false)
    }

    /// A *sandbox* position for lessons: kings may be missing, one side may stand alone, and
    /// pawns may stand on any rank. Each piece moves by its own rules; check, mate and pins
    /// apply only to a side that has its king. Still rejected: more than one king a side, more
    /// material than a game can have (so no position has more than 256 moves), the side not to
    /// move in check, bad castling rights or en passant square.
    ///
    /// ```
    /// use rocada_rules::{CastlingMode, Position, Setup};
    /// let rook_alone = Setup::from_fen("8/8/8/8/3R4/8/8/8 w - - 0 1").unwrap();
    /// let pos = Position::sandbox(rook_alone, CastlingMode::Standard).unwrap();
    /// assert_eq!(pos.legal_moves().len(), 14);
    /// ```
    pub fn sandbox(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::validate(setup, mode, true)
    }

    /// Whether the position was built by [`Position::sandbox`].
    pub fn is_sandbox(&self) -> bool {
        self.sandbox
    }

    fn validate(setup: Setup, mode: CastlingMode, sandbox: bool) -> Result<Position, PositionError> {
        let mut errors = PositionError::new();
        let board = setup.board;

        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)).count();
            if kings == 0 {
                errors.add(Invalid::MissingKing);
            } else if kings > 1 {
                errors.add(Invalid::TooManyKings);
            }
            let ours = board.by_color(color);
            let pawns = (ours & board.by_role(Role::Pawn)).count();
            if pawns > 8 {
                errors.add(Invalid::TooManyPawns);
            }
            let extra = |role: Role, usual: u32| (ours & board.by_role(role)).count().saturating_sub(usual);
            // A side starts with one bishop on each colour: a second one on a colour was promoted.
            let bishops = ours & board.by_role(Role::Bishop);
            let extra_bishops = (bishops & Bitboard::LIGHT_SQUARES).count().saturating_sub(1)
                + (bishops & Bitboard::DARK_SQUARES).count().saturating_sub(1);
            let promoted = extra(Role::Queen, 1) + extra(Role::Rook, 2) + extra_bishops + extra(Role::Knight, 2);
            if ours.count() > 16 || pawns + promoted > 8 {
                errors.add(Invalid::TooManyPieces);
            }
        }
        if (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
            errors.add(Invalid::PawnsOnBackrank);
        }
        if sandbox {
            for lifted in [Invalid::MissingKing, Invalid::PawnsOnBackrank] {
                errors.remove(lifted);
            }
        }

        let castles = validate_castling(&setup, mode).unwrap_or_else(|| {
            errors.add(Invalid::InvalidCastlingRights);
            Castles::NONE
        });

        let mut pos = Position {
            board,
            turn: setup.turn,
            castles,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            mode,
            sandbox,
            hash: 0,
        };

        let pushed_pawn = match setup.ep_square {
            None => None,
            Some(ep) => match pos.validate_en_passant(ep) {
                Some(pawn) => {
                    if (pawn_attacks(!pos.turn, ep) & pos.our(Role::Pawn)).any() {
                        pos.ep_square = Some(ep);
                    }
                    Some((pawn, ep))
                }
                None => {
                    errors.add(Invalid::InvalidEnPassant);
                    None
                }
            },
        };

        if errors.has(Invalid::MissingKing) || errors.has(Invalid::TooManyKings) {
            return Err(errors);
        }
        if let Some(their_king) = board.king_of(!pos.turn) {
            if pos.attackers_to(their_king, pos.turn, board.occupied()).any() {
                errors.add(Invalid::OppositeCheck);
            }
        }
        if let Some(king) = board.king_of(pos.turn).filter(|_| !sandbox) {
            if !pos.is_check_possible(king, pushed_pawn) {
                errors.add(Invalid::ImpossibleCheck);
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Whether the checks on the king on `king` could have been given by a legal last move.
    fn is_check_possible(&self, king: Square, pushed_pawn: Option<(Square, Square)>) -> bool {
        let checkers = self.checkers();
        if checkers.count() > 2 {
            return false;
        }
        if let Some((pawn, skipped)) = pushed_pawn {
            // The last move was the double step: every checker is that pawn, or a slider it uncovered.
            let from = Square::new(2 * skipped as u32 - pawn as u32);
            return checkers.into_iter().all(|c| c == pawn || between(king, c).contains(from));
        }
        if checkers.count() == 2 {
            let sliders = checkers & (self.board.bishops_and_queens() | self.board.rooks_and_queens());
            let (a, b) = (checkers.first(), checkers.into_iter().last());
            if let (Some(a), Some(b)) = (a, b) {
                if sliders.is_empty() || attacks::aligned(a, king, b) {
                    return false;
                }
            }
        }
        true
    }

    /// For an en passant square `ep` named in a FEN, the square of the pawn that skipped it, if
    /// such a double step is possible here.
    fn validate_en_passant(&self, ep: Square) -> Option<Square> {
        let them = !self.turn;
        let (ep_rank, forward) = match self.turn {
            Color::White => (Rank::Sixth, 8),
            Color::Black => (Rank::Third, -8),
        };
        let pawn = ep.offset(-forward)?;
        let from = ep.offset(forward)?;
        let ok = ep.rank() == ep_rank
            && self.board.by_piece(Piece::new(them, Role::Pawn)).contains(pawn)
            && !self.board.occupied().contains(ep)
            && !self.board.occupied().contains(from);
        ok.then_some(pawn)
    }

    /// Chess960 start position number `n` (0..=959, Scharnagl's numbering; 518 is the standard
    /// position), or `None` past 959. The position is in [`CastlingMode::Chess960`].
    pub fn chess960(n: u32) -> Option<Position> {
        let setup = crate::chess960::setup(n)?;
        Position::from_setup(setup, CastlingMode::Chess960).ok()
    }

    /// The position as a plain [`Setup`] (the en passant square only if a capture is legal).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rights: self.castles.mask(),
            ep_square: self.legal_ep_square(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The FEN (X-FEN for Chess960): castling as `KQkq` where unambiguous, the en passant square
    /// only when an en passant capture is legal.
    pub fn fen(&self) -> String {
        self.to_setup().fen(CastlingNotation::Standard)
    }

    /// The FEN with castling in the given notation (`Shredder` writes `HAha`).
    pub fn fen_with(&self, notation: CastlingNotation) -> String {
        self.to_setup().fen(notation)
    }

    /// The piece placement.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Standard or Chess960 castling.
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The castling rights.
    pub fn castles(&self) -> &Castles {
        &self.castles
    }

    /// The squares of the rooks that may still castle.
    pub fn castling_rights(&self) -> Bitboard {
        self.castles.mask()
    }

    /// The en passant square, if an en passant capture is legal now.
    pub fn ep_square(&self) -> Option<Square> {
        self.legal_ep_square()
    }

    /// The en passant square whenever a pawn of the side to move attacks it, legal or not
    /// (Polyglot's rule; what the hash includes).
    #[inline(always)]
    pub fn ep_square_unchecked(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (1 at the start, incremented after Black moves).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(king) => self.attackers_to(king, !self.turn, self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// The Polyglot-compatible Zobrist hash, kept up to date move by move. As Polyglot
    /// specifies, the en passant file is included whenever a pawn of the side to move stands
    /// beside the pawn that just made a double step, even if the capture is illegal (pinned);
    /// FIDE's repetition rule counts en passant only when the capture is legal.
    ///
    /// ```
    /// assert_eq!(rocada_rules::Position::new().zobrist_hash(), 0x463b96181691fc9c);
    /// ```
    #[inline(always)]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The role a move captures, if any (`Pawn` for en passant, `None` for castling).
    pub fn capture_of(&self, m: Move) -> Option<Role> {
        match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ if self.board.by_color(!self.turn).contains(m.to()) => self.board.role_at(m.to()),
            _ => None,
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays `m` if it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError { mv: m })
        }
    }

    /// The pieces of the side to move with `role`.
    #[inline(always)]
    pub(crate) fn our(&self, role: Role) -> Bitboard {
        self.board.by_role(role) & self.board.by_color(self.turn)
    }

    /// The pieces of `color` that attack `sq`, with `occupied` as the blockers (pieces off
    /// `occupied` are ignored, so a hypothetical occupancy may be tested).
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let theirs = b.by_color(color) & occupied;
        let mut attackers = (pawn_attacks(!color, sq) & b.by_role(Role::Pawn))
            | (knight_attacks(sq) & b.by_role(Role::Knight))
            | (king_attacks(sq) & b.by_role(Role::King));
        let rooks = b.rooks_and_queens() & theirs;
        if (rook_rays(sq) & rooks).any() {
            attackers |= rook_attacks(sq, occupied) & rooks;
        }
        let bishops = b.bishops_and_queens() & theirs;
        if (bishop_rays(sq) & bishops).any() {
            attackers |= bishop_attacks(sq, occupied) & bishops;
        }
        attackers & theirs
    }

    /// Whether a piece of `color` attacks `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        let b = &self.board;
        let them = b.by_color(color) & occupied;
        if (knight_attacks(sq) & b.by_role(Role::Knight) & them).any()
            || (pawn_attacks(!color, sq) & b.by_role(Role::Pawn) & them).any()
            || (king_attacks(sq) & b.by_role(Role::King) & them).any()
        {
            return true;
        }
        let rooks = b.rooks_and_queens() & them;
        let bishops = b.bishops_and_queens() & them;
        ((rook_rays(sq) & rooks).any() && (rook_attacks(sq, occupied) & rooks).any())
            || ((bishop_rays(sq) & bishops).any() && (bishop_attacks(sq, occupied) & bishops).any())
    }

    /// The en passant square if an en passant capture is legal (not only pseudo-legal).
    fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut any = false;
        self.generate_en_passant(&mut |_from, _to| any = true);
        any.then_some(ep)
    }

    /// The Zobrist hash computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, piece) in self.board.pieces() {
            h ^= zobrist::piece_key(piece, sq);
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castles.rook(color, side).is_some() {
                    h ^= zobrist::castling_key(color, side);
                }
            }
        }
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant_key(ep.file());
        }
        if self.turn == Color::White {
            h ^= zobrist::white_to_move_key();
        }
        h
    }

    /// Passes the turn (a "null move", for search): the other side moves next, any en passant
    /// right lapses, the counters advance as for a quiet move. Refused (returns `false`, the
    /// position unchanged) when the side to move is in check, since the result would be illegal.
    ///
    /// ```
    /// let mut pos = rocada_rules::Position::new();
    /// assert!(pos.play_null());
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
    /// assert_eq!(pos.zobrist_hash(), rocada_rules::Position::from_fen(&pos.fen(), rocada_rules::CastlingMode::Standard).unwrap().zobrist_hash());
    /// ```
    pub fn play_null(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        let mut hash = self.hash ^ zobrist::white_to_move_key();
        if let Some(ep) = self.ep_square.take() {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.hash = hash;
        true
    }

    /// Plays `m`, which must be legal here (as produced by [`Position::legal_moves`]): the fast
    /// path for search and perft. An illegal move leaves the position inconsistent.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let mut hash = self.hash ^ zobrist::white_to_move_key();
        if let Some(ep) = self.ep_square.take() {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        let mover = Piece::new(us, m.role());
        self.halfmoves = self.halfmoves.saturating_add(1);

        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if self.board.by_color(them).contains(to) {
                    if let Some(role) = self.board.role_at(to) {
                        let captured = Piece::new(them, role);
                        self.board.toggle(to, captured);
                        hash ^= zobrist::piece_key(captured, to);
                        self.halfmoves = 0;
                    }
                }
                let landed = Piece::new(us, m.promotion().unwrap_or(m.role()));
                self.board.toggle(from, mover);
                self.board.toggle(to, landed);
                hash ^= zobrist::piece_key(mover, from) ^ zobrist::piece_key(landed, to);
                if m.role() == Role::Pawn {
                    self.halfmoves = 0;
                    if from as u32 ^ to as u32 == 16 {
                        let skipped = Square::new((from as u32 + to as u32) / 2);
                        if (pawn_attacks(us, skipped) & self.board.by_piece(Piece::new(them, Role::Pawn))).any() {
                            self.ep_square = Some(skipped);
                            hash ^= zobrist::en_passant_key(skipped.file());
                        }
                    }
                }
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::from_coords(to.file(), from.rank());
                let captured = Piece::new(them, Role::Pawn);
                self.board.toggle(captured_sq, captured);
                self.board.toggle(from, mover);
                self.board.toggle(to, mover);
                hash ^= zobrist::piece_key(captured, captured_sq) ^ zobrist::piece_key(mover, from) ^ zobrist::piece_key(mover, to);
                self.halfmoves = 0;
            }
            MoveKind::Castle => {
                let side = CastlingSide::from_king_and_rook(from, to);
                let rank = from.rank();
                let (king_to, rook_to) = (side.king_to(rank), side.rook_to(rank));
                let rook = Piece::new(us, Role::Rook);
                self.board.toggle(from, mover);
                self.board.toggle(to, rook);
                self.board.toggle(king_to, mover);
                self.board.toggle(rook_to, rook);
                hash ^= zobrist::piece_key(mover, from)
                    ^ zobrist::piece_key(rook, to)
                    ^ zobrist::piece_key(mover, king_to)
                    ^ zobrist::piece_key(rook, rook_to);
            }
        }

        let rights = self.castles.mask();
        if rights.any() && (m.role() == Role::King || (rights & (Bitboard::from_square(from) | Bitboard::from_square(to))).any()) {
            let before = self.castles;
            if m.role() == Role::King {
                self.castles.discard_color(us);
            }
            self.castles.discard_rook(from);
            self.castles.discard_rook(to);
            for color in Color::ALL {
                for side in CastlingSide::ALL {
                    if before.rook(color, side) != self.castles.rook(color, side) {
                        hash ^= zobrist::castling_key(color, side);
                    }
                }
            }
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.hash = hash;
    }
}

/// The castling rights of `setup` if they are consistent with its placement and `mode`.
fn validate_castling(setup: &Setup, mode: CastlingMode) -> Option<Castles> {
    let mut castles = Castles::NONE;
    for color in Color::ALL {
        let backrank = Bitboard::from_rank(if color == Color::White { Rank::First } else { Rank::Eighth });
        let rights = setup.castling_rights & backrank;
        if rights.is_empty() {
            continue;
        }
        let king = (setup.board.by_piece(Piece::new(color, Role::King)) & backrank).single()?;
        for rook in rights {
            if !setup.board.by_piece(Piece::new(color, Role::Rook)).contains(rook) || rook == king {
                return None;
            }
            let side = CastlingSide::from_king_and_rook(king, rook);
            if castles.rook(color, side).is_some() {
                return None;
            }
            if mode == CastlingMode::Standard
                && (king.file() != File::E || rook.file() != if side == CastlingSide::KingSide { File::H } else { File::A })
            {
                return None;
            }
            castles.set(color, side, rook);
        }
    }
    // Rights on squares outside both back ranks are invalid too.
    (setup.castling_rights & !Bitboard::BACKRANKS).is_empty().then_some(castles)
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

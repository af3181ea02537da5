//! Legal move generation: every legal move, or their number, without trying moves out.
//!
//! The generator works out checkers, the check mask (squares that capture or block a single
//! checker) and pinned pieces once per position, then hands each piece's legal targets as a
//! bitboard to a [`MoveSink`]. Collecting into a list (every move, or quiescence's tactical
//! ones) and counting (perft's bulk counting at the last ply) are sinks over the same code.

use crate::attacks::{between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks, rook_rays};
use crate::castling::{castling_path, king_path};
use crate::{Bitboard, CastlingSide, Color, Move, MoveKind, Position, Rank, Role, Square};
use arrayvec::ArrayVec;

/// A list of moves; 256 is above the most legal moves of any position (218).
pub type MoveList = ArrayVec<Move, 256>;

/// Receives legal moves from the generator, a set of targets at a time.
pub(crate) trait MoveSink {
    /// Moves of the piece of `role` on `from` to each target; a pawn reaching the last rank
    /// promotes (four moves per target).
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard);
    /// Pawn moves to each target from `target - delta`; `promote` when the targets are on the last rank.
    fn pawns(&mut self, targets: Bitboard, delta: i32, promote: bool);
    /// An en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Castling with the king on `king` and the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
}

/// Counts moves without building them.
struct Counter(usize);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece(&mut self, role: Role, _from: Square, targets: Bitboard) {
        let promoting = if role == Role::Pawn { (targets & Bitboard::BACKRANKS).count() } else { 0 };
        self.0 += (targets.count() + 3 * promoting) as usize;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, promote: bool) {
        self.0 += targets.count() as usize * if promote { 4 } else { 1 };
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _king: Square, _rook: Square) {
        self.0 += 1;
    }
}

/// Collects moves into a list: every move, or (`tactical_only`) captures, en passant and queen
/// promotions only. One sink for both, so the search's two generators are one copy of the code.
struct ListSink {
    moves: MoveList,
    tactical_only: bool,
    /// The opponent's pieces (what a tactical move may land on, besides a promotion square).
    theirs: Bitboard,
}

impl ListSink {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        // Never full: validation bounds material, and no such position has 256 moves (218 at
        // most in chess). `try_push` keeps even a broken invariant from panicking.
        let _ = self.moves.try_push(m);
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Square, promote: bool) {
        if promote {
            for role in Role::PROMOTIONS {
                if role == Role::Queen || !self.tactical_only {
                    self.push(Move::new(Role::Pawn, from, to, MoveKind::Promotion(role)));
                }
            }
        } else {
            self.push(Move::new(Role::Pawn, from, to, MoveKind::Normal));
        }
    }
}

impl MoveSink for ListSink {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        let targets = if !self.tactical_only {
            targets
        } else if role == Role::Pawn {
            targets & (self.theirs | Bitboard::BACKRANKS)
        } else {
            targets & self.theirs
        };
        for to in targets {
            if role == Role::Pawn {
                self.pawn(from, to, Bitboard::BACKRANKS.contains(to));
            } else {
                self.push(Move::new(role, from, to, MoveKind::Normal));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promote: bool) {
        if self.tactical_only && !promote && !matches!(delta.abs(), 7 | 9) {
            return;
        }
        for to in targets {
            self.pawn(Square::new((to as i32 - delta) as u32), to, promote);
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.push(Move::new(Role::Pawn, from, to, MoveKind::EnPassant));
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        if !self.tactical_only {
            self.push(Move::new(Role::King, king, rook, MoveKind::Castle));
        }
    }
}

/// Hands each move, one at a time, to a closure.
struct EachMove<F: FnMut(Move)>(F);

impl<F: FnMut(Move)> EachMove<F> {
    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Square, promote: bool) {
        if promote {
            for role in Role::PROMOTIONS {
                (self.0)(Move::new(Role::Pawn, from, to, MoveKind::Promotion(role)));
            }
        } else {
            (self.0)(Move::new(Role::Pawn, from, to, MoveKind::Normal));
        }
    }
}

impl<F: FnMut(Move)> MoveSink for EachMove<F> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            if role == Role::Pawn {
                self.pawn(from, to, Bitboard::BACKRANKS.contains(to));
            } else {
                (self.0)(Move::new(role, from, to, MoveKind::Normal));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promote: bool) {
        for to in targets {
            self.pawn(Square::new((to as i32 - delta) as u32), to, promote);
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        (self.0)(Move::new(Role::Pawn, from, to, MoveKind::EnPassant));
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        (self.0)(Move::new(Role::King, king, rook, MoveKind::Castle));
    }
}

/// Hands the moves of `list` to `sink`, in order: a promotion's four moves are one target of
/// [`MoveSink::piece`], handed over at its first (queen) move.
fn replay<S: MoveSink>(list: &MoveList, sink: &mut S) {
    for &m in list {
        match m.kind() {
            MoveKind::EnPassant => sink.en_passant(m.from(), m.to()),
            MoveKind::Castle => sink.castle(m.from(), m.to()),
            MoveKind::Promotion(role) if role != Role::Queen => {}
            _ => sink.piece(m.role(), m.from(), Bitboard::from_square(m.to())),
        }
    }
}

/// Above this many candidate king squares, one attack map beats testing each square.
const KING_TARGETS_FOR_MAP: u32 = 2;

const NOT_A_FILE: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_H_FILE: Bitboard = Bitboard(!0x8080_8080_8080_8080);

impl Position {
    /// Every legal move.
    ///
    /// ```
    /// let pos = rocada_rules::Position::new();
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.collect_moves(false)
    }

    /// The legal captures, en passant captures and queen promotions (quiescence's moves), in
    /// the order of [`Position::legal_moves`].
    pub fn tactical_moves(&self) -> MoveList {
        self.collect_moves(true)
    }

    // Never inlined: one copy of the generator serves both lists.
    #[inline(never)]
    fn collect_moves(&self, tactical_only: bool) -> MoveList {
        let mut sink = ListSink { moves: MoveList::new(), tactical_only, theirs: self.board().by_color(!self.turn()) };
        self.generate(&mut sink);
        sink.moves
    }

    /// Calls `f` with every legal move, building no list (the order is that of
    /// [`Position::legal_moves`]).
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        self.generate(&mut EachMove(f));
    }

    /// The legal moves of the piece on `from` only.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut moves = self.legal_moves();
        moves.retain(|m| m.from() == from);
        moves
    }

    /// The number of legal moves, counted without building them (perft's bulk count).
    // Never inlined: one copy of the generator serves every caller (a call costs nothing
    // beside the generation).
    #[inline(never)]
    pub fn count_legal_moves(&self) -> usize {
        let mut sink = Counter(0);
        self.generate(&mut sink);
        sink.0
    }

    /// Every square a piece of `color` attacks, with `occupied` as the blockers.
    #[inline(always)]
    fn attacked_squares(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let b = self.board();
        let theirs = b.by_color(color);
        let pawns = b.by_role(Role::Pawn) & theirs;
        let mut attacked = if color == Color::White {
            Bitboard((pawns & NOT_A_FILE).0 << 7 | (pawns & NOT_H_FILE).0 << 9)
        } else {
            Bitboard((pawns & NOT_A_FILE).0 >> 9 | (pawns & NOT_H_FILE).0 >> 7)
        };
        for sq in b.by_role(Role::Knight) & theirs {
            attacked |= knight_attacks(sq);
        }
        for sq in b.bishops_and_queens() & theirs {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in b.rooks_and_queens() & theirs {
            attacked |= rook_attacks(sq, occupied);
        }
        if let Some(k) = b.king_of(color) {
            attacked |= king_attacks(k);
        }
        attacked
    }

    /// Our pieces that stand alone between our king and an enemy slider.
    #[inline(always)]
    fn pinned(&self, king: Square) -> Bitboard {
        let b = self.board();
        let theirs = b.by_color(!self.turn());
        let rooks = b.rooks_and_queens() & theirs & rook_rays(king);
        let bishops = b.bishops_and_queens() & theirs & bishop_rays(king);
        let mut snipers = Bitboard::EMPTY;
        if rooks.any() {
            snipers |= rook_attacks(king, theirs) & rooks;
        }
        if bishops.any() {
            snipers |= bishop_attacks(king, theirs) & bishops;
        }
        let occupied = b.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & b.by_color(self.turn())
    }

    /// Hands every legal move to `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn();
        let them = !us;
        let b = *self.board();
        let Some(king) = b.king_of(us) else { return replay(&self.kingless_moves(), sink) };
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let occupied = ours | theirs;
        let checkers = self.attackers_to(king, them, occupied);

        let without_king = occupied.without(king);
        let candidates = king_attacks(king) & !ours;
        let king_targets = if candidates.count() > KING_TARGETS_FOR_MAP {
            candidates & !self.attacked_squares(them, without_king)
        } else {
            let mut safe = Bitboard::EMPTY;
            for to in candidates {
                if !self.is_attacked(to, them, without_king) {
                    safe = safe.with(to);
                }
            }
            safe
        };
        sink.piece(Role::King, king, king_targets);

        if checkers.more_than_one() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => Bitboard::FULL,
        };
        let targets = !ours & check_mask;
        let pinned = self.pinned(king);
        let free = ours & !pinned;

        for from in b.by_role(Role::Knight) & free {
            sink.piece(Role::Knight, from, knight_attacks(from) & targets);
        }
        for from in b.by_role(Role::Bishop) & free {
            sink.piece(Role::Bishop, from, bishop_attacks(from, occupied) & targets);
        }
        for from in b.by_role(Role::Rook) & free {
            sink.piece(Role::Rook, from, rook_attacks(from, occupied) & targets);
        }
        for from in b.by_role(Role::Queen) & free {
            let attacks = bishop_attacks(from, occupied) | rook_attacks(from, occupied);
            sink.piece(Role::Queen, from, attacks & targets);
        }
        if checkers.is_empty() {
            // A pinned piece may only move along its pin line (never while in check).
            for from in pinned & !b.by_role(Role::Pawn) & !b.by_role(Role::Knight) {
                let role = if b.by_role(Role::Rook).contains(from) {
                    Role::Rook
                } else if b.by_role(Role::Bishop).contains(from) {
                    Role::Bishop
                } else {
                    Role::Queen
                };
                let attacks = match role {
                    Role::Rook => rook_attacks(from, occupied),
                    Role::Bishop => bishop_attacks(from, occupied),
                    _ => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
                };
                sink.piece(role, from, attacks & targets & line(king, from));
            }
        }

        self.generate_pawn_moves(sink, king, pinned, check_mask, checkers.is_empty());
        self.generate_en_passant(&mut |from, to| sink.en_passant(from, to));
        if checkers.is_empty() {
            self.generate_castling(sink, king);
        }
    }

    /// Every move of a side without a king (sandbox positions): each piece by its own rules,
    /// nothing to protect. One list for every sink: this cold path is compiled once, not once
    /// per sink type.
    #[cold]
    #[inline(never)]
    fn kingless_moves(&self) -> MoveList {
        let mut sink = ListSink { moves: MoveList::new(), tactical_only: false, theirs: Bitboard::EMPTY };
        let b = self.board();
        let ours = b.by_color(self.turn());
        let occupied = b.occupied();
        for from in ours & !b.by_role(Role::Pawn) {
            let Some(role) = b.role_at(from) else { continue };
            let targets = crate::attacks::attacks(role, self.turn(), from, occupied) & !ours;
            sink.piece(role, from, targets);
        }
        // No king: `king` only anchors pin lines, and nothing is pinned.
        self.generate_pawn_moves(&mut sink, Square::A1, Bitboard::EMPTY, Bitboard::FULL, true);
        self.generate_en_passant(&mut |from, to| sink.en_passant(from, to));
        sink.moves
    }

    #[inline(always)]
    fn generate_pawn_moves<S: MoveSink>(&self, sink: &mut S, king: Square, pinned: Bitboard, check_mask: Bitboard, not_in_check: bool) {
        let us = self.turn();
        let b = self.board();
        let pawns = b.by_role(Role::Pawn) & b.by_color(us);
        let theirs = b.by_color(!us);
        let empty = !b.occupied();
        let white = us == Color::White;
        let double_rank = Bitboard::from_rank(if white { Rank::Third } else { Rank::Sixth });
        let free = pawns & !pinned;

        let single = free.shift_up(white) & empty;
        let double = (single & double_rank).shift_up(white) & empty & check_mask;
        let single = single & check_mask;
        let (forward, left, right) = if white { (8, 7, 9) } else { (-8, -9, -7) };
        let (left_captures, right_captures) = if white {
            (Bitboard((free & NOT_A_FILE).0 << 7), Bitboard((free & NOT_H_FILE).0 << 9))
        } else {
            (Bitboard((free & NOT_A_FILE).0 >> 9), Bitboard((free & NOT_H_FILE).0 >> 7))
        };
        let left_captures = left_captures & theirs & check_mask;
        let right_captures = right_captures & theirs & check_mask;

        let last = Bitboard::BACKRANKS;
        sink.pawns(single & !last, forward, false);
        sink.pawns(single & last, forward, true);
        sink.pawns(double, 2 * forward, false);
        sink.pawns(left_captures & !last, left, false);
        sink.pawns(left_captures & last, left, true);
        sink.pawns(right_captures & !last, right, false);
        sink.pawns(right_captures & last, right, true);

        if not_in_check {
            for from in pawns & pinned {
                let step = Bitboard::from_square(from).shift_up(white) & empty;
                let pushes = step | ((step & double_rank).shift_up(white) & empty);
                let captures = pawn_attacks(us, from) & theirs;
                sink.piece(Role::Pawn, from, (pushes | captures) & line(king, from));
            }
        }
    }

    /// Calls `emit(from, to)` for each legal en passant capture.
    #[inline(always)]
    pub(crate) fn generate_en_passant(&self, emit: &mut impl FnMut(Square, Square)) {
        let Some(ep) = self.ep_square_unchecked() else { return };
        let us = self.turn();
        let b = self.board();
        let king = b.king_of(us);
        let captured = Square::new(if us == Color::White { ep as u32 - 8 } else { ep as u32 + 8 });
        for from in pawn_attacks(!us, ep) & b.by_role(Role::Pawn) & b.by_color(us) {
            let occupied = (b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured)).with(ep);
            if king.is_none_or(|king| !self.attackers_to(king, !us, occupied).any()) {
                emit(from, ep);
            }
        }
    }

    /// Both sides written out, not left to the loop unroller (which the wasm build limits).
    #[inline(always)]
    fn generate_castling<S: MoveSink>(&self, sink: &mut S, king: Square) {
        self.generate_castle(sink, king, CastlingSide::KingSide);
        self.generate_castle(sink, king, CastlingSide::QueenSide);
    }

    #[inline(always)]
    fn generate_castle<S: MoveSink>(&self, sink: &mut S, king: Square, side: CastlingSide) {
        let us = self.turn();
        let occupied = self.board().occupied();
        let Some(rook) = self.castles().rook(us, side) else { return };
        if (castling_path(king, rook) & occupied).any() {
            return;
        }
        let without_both = occupied.without(king).without(rook);
        if king_path(king, side).all(|sq| !self.is_attacked(sq, !us, without_both)) {
            sink.castle(king, rook);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::perft::{perft, perft_every_leaf};
    use crate::{CastlingMode, Move, MoveKind, Position, Role, Setup};

    fn sandbox(fen: &str) -> Position {
        Position::sandbox(Setup::from_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
    }

    /// The tactical list is the full list filtered to captures, en passant and queen
    /// promotions, in the same order, over positions from pseudo-random games (Chess960 and
    /// kingless ones included).
    #[test]
    fn tactical_moves_are_the_legal_captures_and_queen_promotions() {
        let starts = [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", CastlingMode::Standard),
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", CastlingMode::Standard),
            ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", CastlingMode::Chess960),
        ];
        let mut seed = 0x9e37_79b9_u64;
        let mut tactical = 0;
        for (fen, mode) in starts {
            let mut pos = Position::from_fen(fen, mode).unwrap();
            for _ in 0..150 {
                let all = pos.legal_moves();
                if all.is_empty() {
                    break;
                }
                let theirs = pos.board().by_color(!pos.turn());
                let want: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|m| match m.kind() {
                        MoveKind::EnPassant | MoveKind::Promotion(Role::Queen) => true,
                        MoveKind::Promotion(_) | MoveKind::Castle => false,
                        MoveKind::Normal => theirs.contains(m.to()),
                    })
                    .collect();
                assert_eq!(pos.tactical_moves().to_vec(), want, "{}", pos.fen());
                tactical += want.len();
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.play_unchecked(all[(seed >> 33) as usize % all.len()]);
            }
        }
        for fen in ["r3k3/1P6/8/8/8/8/6p1/R7 w - - 0 1", "4k3/8/8/8/3pP3/8/8/8 b - e3 0 1"] {
            let pos = sandbox(fen);
            assert_eq!(
                pos.tactical_moves().len(),
                pos.legal_moves()
                    .iter()
                    .filter(|m| m.is_en_passant()
                        || m.promotion() == Some(Role::Queen)
                        || m.role() != Role::Pawn && pos.board().occupied().contains(m.to()))
                    .count(),
                "{fen}"
            );
        }
        assert!(tactical > 300, "{tactical}");
    }

    /// A side without its king: every sink (list, count, callback) sees the same moves,
    /// promotions four times and en passant included, down the tree.
    #[test]
    fn kingless_moves_reach_every_sink_alike() {
        for (fen, moves) in [
            ("8/3P4/8/8/8/8/8/8 w - - 0 1", 4),
            ("r3k3/1P6/8/8/8/8/6p1/R7 w - - 0 1", 8 + 14),
            ("8/8/8/8/3pP3/8/8/4K3 b - e3 0 1", 2),
            ("4k3/8/8/8/3pP3/8/8/8 b - e3 0 1", 7),
        ] {
            let pos = sandbox(fen);
            let list = pos.legal_moves();
            assert_eq!(list.len(), moves, "{fen}");
            assert_eq!(pos.count_legal_moves(), moves, "{fen}");
            let mut each: Vec<Move> = Vec::new();
            pos.for_each_legal_move(|m| each.push(m));
            assert_eq!(each, list.to_vec(), "{fen}");
            assert_eq!(perft(&pos, 3), perft_every_leaf(&pos, 3), "{fen}");
        }
    }
}

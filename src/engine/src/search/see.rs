//! Static exchange evaluation: does a move win at least `threshold` once every capture on its
//! target square has been played out, least valuable attacker first?
//!
//! The classic swap algorithm, with x-rays (sliders behind a capturer join in as it leaves).
//! Pins are ignored, and a king only recaptures if the square is then safe. Castling
//! exchanges nothing (SEE 0).

use super::params::SEE_VALUE;
use crate::attacks::{bishop_attacks, rook_attacks};
use crate::{Bitboard, Color, Move, MoveKind, Position, Role};

/// The value of `role` for exchanges.
#[inline(always)]
pub fn value(role: Role) -> i32 {
    SEE_VALUE[role as usize]
}

/// Whether a piece (not a pawn or the king) of the side to move is en prise: attacked by a
/// lesser piece, or attacked and not defended. Passing the move then gives it away.
pub fn piece_en_prise(pos: &Position) -> bool {
    let b = pos.board();
    let us = pos.turn();
    let occupied = b.occupied();
    let pieces = b.by_color(us) & !b.by_role(Role::Pawn) & !b.by_role(Role::King);
    // `Iterator::any`: `Bitboard::any` (any square set) would be called otherwise.
    Iterator::any(&mut pieces.into_iter(), |sq| {
        let Some(piece) = b.piece_at(sq) else { return false };
        let attackers = pos.attackers_to(sq, !us, occupied);
        if attackers.is_empty() {
            return false;
        }
        let least = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .find(|&r| (attackers & b.by_role(r)).any())
            .map_or(i32::MAX, value);
        least < value(piece.role) || pos.attackers_to(sq, us, occupied).is_empty()
    })
}

/// Whether the exchange started by `m` gains at least `threshold` centipawns for the mover.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return 0 >= threshold;
    }
    let b = pos.board();
    let (from, to) = (m.from(), m.to());
    let captured = pos.capture_of(m).map_or(0, value);
    let promo_gain = m.promotion().map_or(0, |r| value(r) - value(Role::Pawn));
    let mut swap = captured + promo_gain - threshold;
    if swap < 0 {
        return false;
    }
    // Now assume the opponent wins the piece that moved.
    let moving = m.promotion().map_or(value(m.role()), value);
    swap = moving - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = b.occupied() ^ Bitboard::from_square(from);
    if m.kind() == MoveKind::EnPassant {
        let captured_sq = crate::Square::from_coords(to.file(), from.rank());
        occupied ^= Bitboard::from_square(captured_sq);
    }
    let diagonal = b.bishops_and_queens();
    let straight = b.rooks_and_queens();
    let mut attackers = pos.attackers_to(to, Color::White, occupied) | pos.attackers_to(to, Color::Black, occupied);
    let mut stm = pos.turn();
    let mut res = true;

    loop {
        stm = !stm;
        attackers &= occupied;
        let ours = attackers & b.by_color(stm);
        if ours.is_empty() {
            break;
        }
        res = !res;
        // The least valuable attacker.
        let mut found = None;
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            let bb = ours & b.by_role(role);
            if let Some(sq) = bb.first() {
                found = Some((role, sq));
                break;
            }
        }
        let Some((role, sq)) = found else { break };
        if role == Role::King {
            // A king may capture only if the square is not defended any more.
            if (attackers & b.by_color(!stm)).any() {
                res = !res;
            }
            break;
        }
        swap = value(role) - swap;
        if swap < res as i32 {
            break;
        }
        occupied ^= Bitboard::from_square(sq);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastlingMode, Position};

    fn check(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        let m = crate::parse_uci(&pos, uci).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn exchanges() {
        // Rook takes a defended pawn: loses the exchange.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(check(fen, "e1e5", 100));
        assert!(!check(fen, "e1e5", 101));
        // Knight takes a pawn defended by a pawn.
        let fen = "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1";
        assert!(!check(fen, "f3e5", 0));
        assert!(check(fen, "f3e5", -220));
        assert!(!check(fen, "f3e5", -219));
        // Quiet queen move onto a square a pawn attacks.
        let fen = "4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1";
        assert!(!check(fen, "d1d4", 0));
        assert!(check(fen, "d1d3", 0));
        // X-ray: rook behind rook.
        let fen = "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert!(!check(fen, "d2d5", 1));
    }
}

//! Whether a move gives check, without playing it: direct checks from the destination and
//! discovered checks by a slider behind the origin. Castling, en passant and promotions
//! (rare) are played on a copy instead.

use crate::attacks::{attacks, bishop_attacks, rook_attacks};
use crate::{Bitboard, Move, MoveKind, Position};

/// Whether the legal move `m` puts the opponent in check.
#[inline]
pub fn gives_check(pos: &Position, m: Move) -> bool {
    if m.kind() != MoveKind::Normal {
        let mut child = pos.clone();
        child.play_unchecked(m);
        return child.is_check();
    }
    let b = pos.board();
    let us = pos.turn();
    let Some(king) = b.king_of(!us) else {
        return false;
    };
    let (from, to) = (Bitboard::from_square(m.from()), Bitboard::from_square(m.to()));
    let occupied = (b.occupied() & !from) | to;
    if attacks(m.role(), us, m.to(), occupied).contains(king) {
        return true;
    }
    let ours = b.by_color(us) & !from;
    ((bishop_attacks(king, occupied) & b.bishops_and_queens() & ours) | (rook_attacks(king, occupied) & b.rooks_and_queens() & ours)).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    /// Agrees with playing the move, over every move of positions from pseudo-random games.
    #[test]
    fn agrees_with_playing_the_move() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        ];
        let mut seed = 0x1234_5678_u64;
        let mut checked = 0;
        for fen in starts {
            let mut pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    assert_eq!(gives_check(&pos, m), child.is_check(), "{} {}", pos.fen(), m.uci(CastlingMode::Standard));
                    checked += 1;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}

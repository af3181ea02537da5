//! Random move choice shared by the differential tests.

use rand::rngs::SmallRng;
use rand::Rng;
use rocada::{Move, Position};

/// A random move of `moves` (the legal moves of `pos`, not empty): a third of the time a
/// special one (castling, en passant, promotion, capture) when there is one, so that rule
/// edges come up often; otherwise any, uniformly.
pub fn pick_special_or_any(pos: &Position, moves: &[Move], rng: &mut SmallRng) -> Move {
    if rng.gen_bool(1.0 / 3.0) {
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_castle() || m.is_en_passant() || m.promotion().is_some() || pos.capture_of(*m).is_some())
            .collect();
        if !special.is_empty() {
            return special[rng.gen_range(0..special.len())];
        }
    }
    moves[rng.gen_range(0..moves.len())]
}

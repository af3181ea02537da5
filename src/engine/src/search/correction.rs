//! Correction history: how far search results have been from the static evaluation in
//! positions with the same pawns, learned during the search and added to later static
//! evaluations. The evaluation's errors are largely about pawn structures (a weakness it
//! does not see, a passer it overrates), and those repeat across a search and a game.

use super::params as p;
use crate::eval::{pawn_hash, pawns_of};
use crate::Position;

/// Entries per side to move.
const SIZE: usize = 1 << 14;

/// The correction of each pawn structure, per side to move, in 1/`CORRECTION_GRAIN` cp.
pub struct Correction {
    table: Vec<i32>,
}

impl Correction {
    /// No corrections.
    pub fn new() -> Correction {
        Correction { table: vec![0; 2 * SIZE] }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|c| *c = 0);
    }

    /// The entry of `pos`: side to move and a hash of each side's pawns.
    #[inline(always)]
    fn index(pos: &Position) -> usize {
        let h = pawn_hash(pawns_of(pos.board()));
        pos.turn() as usize * SIZE + (h >> (64 - SIZE.trailing_zeros())) as usize
    }

    /// The static evaluation `raw` of `pos`, corrected.
    #[inline(never)]
    pub fn apply(&self, pos: &Position, raw: i32) -> i32 {
        raw + self.table[Correction::index(pos)] / p::CORRECTION_GRAIN
    }

    /// Moves the entry of `pos` towards `score - raw` (a search result against the
    /// uncorrected evaluation), the more the deeper the search.
    pub fn update(&mut self, pos: &Position, raw: i32, score: i32, depth: i32) {
        let limit = p::CORRECTION_MAX * p::CORRECTION_GRAIN;
        let target = ((score - raw) * p::CORRECTION_GRAIN).clamp(-limit, limit);
        let weight = (depth + 1).min(p::CORRECTION_MAX_WEIGHT);
        let entry = &mut self.table[Correction::index(pos)];
        *entry = (*entry * (p::CORRECTION_WEIGHT_SCALE - weight) + target * weight) / p::CORRECTION_WEIGHT_SCALE;
    }
}

impl Default for Correction {
    fn default() -> Correction {
        Correction::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn learns_by_pawn_structure_and_side_to_move() {
        let mut c = Correction::new();
        let a = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        assert_eq!(c.apply(&a, 10), 10);
        for _ in 0..200 {
            c.update(&a, 10, 60, 15);
        }
        // Close to the +50 seen, within the grain.
        assert!((c.apply(&a, 10) - 60).abs() <= 1, "{}", c.apply(&a, 10));
        // Same pawns, other pieces: the same entry.
        assert_eq!(c.apply(&pos("3rk3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1"), 0), c.apply(&a, 10) - 10);
        // Other side to move, other pawns: untouched.
        assert_eq!(c.apply(&pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1"), 10), 10);
        assert_eq!(c.apply(&pos("4k3/p1p5/8/8/8/8/PP6/4K3 w - - 0 1"), 10), 10);
        c.clear();
        assert_eq!(c.apply(&a, 10), 10);
    }

    #[test]
    fn corrections_are_bounded() {
        let mut c = Correction::new();
        let a = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for _ in 0..1000 {
            c.update(&a, 0, 5000, 30);
        }
        assert!((p::CORRECTION_MAX - 1..=p::CORRECTION_MAX).contains(&c.apply(&a, 0)));
        for _ in 0..1000 {
            c.update(&a, 0, -5000, 30);
        }
        assert!((-p::CORRECTION_MAX..=1 - p::CORRECTION_MAX).contains(&c.apply(&a, 0)));
    }
}

//! Correction history: how far search results have been from the static evaluation in
//! positions with the same pawns, and in positions with the same pieces of one side, learned
//! during the search and added to later static evaluations. The evaluation's errors are
//! largely about structures (a pawn weakness it does not see, a passer it overrates, a
//! piece it misplaces or an attack it underrates), and those repeat across a search and a
//! game.

use super::params as p;
use crate::eval::{pawn_hash, pawns_of};
use crate::{Color, Position, Role};

/// Entries of each table per side to move.
const SIZE: usize = 1 << 14;
/// The tables: pawns, White's other pieces, Black's other pieces.
const TABLES: usize = 3;

/// The corrections by pawn structure and by each side's other pieces, per side to move, in
/// 1/`CORRECTION_GRAIN` cp.
pub struct Correction {
    table: Vec<i32>,
}

/// A hash of the pieces other than pawns of `color` (king included), whose top bits index a
/// table: as [`pawn_hash`], a sum of products by odd constants.
#[inline(always)]
fn pieces_hash(pos: &Position, color: Color) -> u64 {
    const MUL: [u64; 5] =
        [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xD6E8_FEB8_6659_FD93, 0xFF51_AFD7_ED55_8CCD];
    let b = pos.board();
    let ours = b.by_color(color);
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
        .iter()
        .zip(MUL)
        .fold(0u64, |h, (&r, k)| h.wrapping_add((b.by_role(r) & ours).0.wrapping_mul(k)))
}

impl Correction {
    /// No corrections.
    pub fn new() -> Correction {
        Correction { table: vec![0; TABLES * 2 * SIZE] }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|c| *c = 0);
    }

    /// The entries of `pos` in each table: side to move and a hash of each side's pawns, of
    /// White's other pieces, of Black's. Not inlined: one copy for `apply` and `update` keeps
    /// the engine's module smaller (125 B of the scalar build at gzip -9).
    #[inline(never)]
    fn indices(pos: &Position) -> [usize; TABLES] {
        let hashes = [pawn_hash(pawns_of(pos.board())), pieces_hash(pos, Color::White), pieces_hash(pos, Color::Black)];
        let mut out = [0; TABLES];
        for (t, h) in hashes.into_iter().enumerate() {
            out[t] = (t * 2 + pos.turn() as usize) * SIZE + (h >> (64 - SIZE.trailing_zeros())) as usize;
        }
        out
    }

    /// The static evaluation `raw` of `pos`, corrected.
    #[inline(never)]
    pub fn apply(&self, pos: &Position, raw: i32) -> i32 {
        let limit = p::CORRECTION_MAX * p::CORRECTION_GRAIN;
        let sum: i32 = Correction::indices(pos).iter().map(|&i| self.table[i]).sum();
        raw + sum.clamp(-limit, limit) / p::CORRECTION_GRAIN
    }

    /// Moves the entries of `pos` towards `score - raw` (a search result against the
    /// uncorrected evaluation), the more the deeper the search, each by its share of the
    /// error that the sum of the entries leaves.
    pub fn update(&mut self, pos: &Position, raw: i32, score: i32, depth: i32) {
        let limit = p::CORRECTION_MAX * p::CORRECTION_GRAIN;
        let target = ((score - raw) * p::CORRECTION_GRAIN).clamp(-limit, limit);
        let weight = (depth + 1).min(p::CORRECTION_MAX_WEIGHT);
        let indices = Correction::indices(pos);
        let sum: i32 = indices.iter().map(|&i| self.table[i]).sum();
        for i in indices {
            let entry = &mut self.table[i];
            let own = (*entry + (target - sum) / TABLES as i32).clamp(-limit, limit);
            *entry = (*entry * (p::CORRECTION_WEIGHT_SCALE - weight) + own * weight) / p::CORRECTION_WEIGHT_SCALE;
        }
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
    fn learns_by_pawn_structure_by_pieces_and_side_to_move() {
        let mut c = Correction::new();
        let a = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        assert_eq!(c.apply(&a, 10), 10);
        for _ in 0..200 {
            c.update(&a, 10, 60, 15);
        }
        // Close to the +50 seen, within the grain.
        assert!((c.apply(&a, 10) - 60).abs() <= 1, "{}", c.apply(&a, 10));
        // Each table holds a third of it: same pawns, other pieces of both sides ...
        let third = |v: i32| (v - 50 / 3).abs() <= 1;
        assert!(third(c.apply(&pos("3rk3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1"), 0)));
        // ... other pawns, same pieces of one side (White's king elsewhere) ...
        assert!(third(c.apply(&pos("4k3/p1p5/8/8/8/8/PP6/3K4 w - - 0 1"), 0)));
        // ... and two thirds with other pawns, the same pieces.
        assert!((c.apply(&pos("4k3/p1p5/8/8/8/8/PP6/4K3 w - - 0 1"), 0) - 100 / 3).abs() <= 1);
        // Other side to move, or nothing shared: untouched.
        assert_eq!(c.apply(&pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1"), 10), 10);
        assert_eq!(c.apply(&pos("3rk3/p1p5/8/8/8/8/PP6/3QK3 w - - 0 1"), 10), 10);
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

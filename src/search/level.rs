//! Playing levels 1..=19 (20 is full strength): a first, simple weakening.
//!
//! The tree search is untouched. A level only (1) caps the depth and nodes of the search and
//! asks for several lines (MultiPV), then (2) picks the move among those lines, preferring
//! better ones, with a tolerance for worse moves that shrinks as the level rises. So a weak
//! level plays a plausible second- or third-best move of a shallow search, not a random
//! blunder. The choice is pseudo-random but reproducible: seeded by the position's hash.
//! See [`super::limits`] for the fuller design; the figures per level are to be measured.

use super::iter_deep::RootMove;
use super::params as p;
use super::{Limits, INFINITE};

/// Depth, nodes and lines searched at `level`.
pub(super) fn shape(limits: &mut Limits, level: u8) {
    let l = level.clamp(1, 19) as u32;
    let depth = p::LEVEL_DEPTH_BASE + l / p::LEVEL_DEPTH_DIVISOR;
    limits.depth = Some(limits.depth.map_or(depth, |d| d.min(depth)));
    let nodes = p::LEVEL_NODES_BASE << (l / 2);
    limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
    limits.multipv = limits.multipv.max(p::LEVEL_LINES);
}

/// The index in `root_moves` of the move to play: one of the `lines` best by the last
/// completed iteration's scores.
pub(super) fn choose(root_moves: &[RootMove], lines: usize, level: u8, seed: u64) -> usize {
    let l = level.clamp(1, 19) as i32;
    let tolerance = (20 - l) * p::LEVEL_TOLERANCE_PER_STEP;
    let mut ranked: Vec<(usize, i32)> =
        root_moves.iter().enumerate().filter(|(_, rm)| rm.prev_score > -INFINITE).map(|(i, rm)| (i, rm.prev_score)).collect();
    ranked.sort_by_key(|&(_, s)| core::cmp::Reverse(s));
    ranked.truncate(lines);
    let Some(&(best_index, best)) = ranked.first() else { return 0 };
    // Weight 1000 for the best, falling linearly to 0 at `tolerance` cp worse.
    let weights: Vec<i64> = ranked.iter().map(|&(_, s)| (1000 - (best - s) as i64 * 1000 / tolerance.max(1) as i64).max(0)).collect();
    let total: i64 = weights.iter().sum();
    if total <= 0 {
        return best_index;
    }
    let mut x = (splitmix(seed) % total as u64) as i64;
    for (&(i, _), w) in ranked.iter().zip(&weights) {
        if x < *w {
            return i;
        }
        x -= w;
    }
    best_index
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

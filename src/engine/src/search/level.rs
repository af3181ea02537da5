//! Playing levels 1..=19 (20 is full strength): weaker play that looks human.
//!
//! The tree search itself is untouched (so analysis and the bench are unaffected); a level
//! changes what is searched and which of the results is played. Per level, from the tables
//! in [`super::params`] (`LEVEL_*`, index 0 = level 1):
//! 1. **A smaller, shallower search**: a node budget from 1 000 (level 1) through 7 000
//!    (level 10) to 400 000 (level 19), and a depth cap from 1 to 13 plies, over
//!    `LEVEL_LINES` lines (MultiPV). Short horizons are how club players err: they miss the
//!    opponent's threats two or three moves deep and quiet combinations.
//! 2. **Blind spots** (levels 1..9): the moves people overlook most, retreats (a piece
//!    moving back toward its own side) and long moves (four or more squares), are each
//!    missed with a probability of `5% x (10 - level)`: 45% at level 1, 5% at level 9. A
//!    missed move is not played even if the search liked it best (unless every line is).
//! 3. **Occasional mistakes of bounded size**: with a probability from 60% (level 1)
//!    through 14% (level 10) to 1% (level 19) the move is not the best line but another one
//!    at most `LEVEL_TOLERANCE` cp worse by the level's own search (400 cp at level 1, 120
//!    at level 10, 20 at level 19), the closer ones more likely. So weak levels mostly play
//!    sensible moves and sometimes a plausible inferior one (a lost pawn, a passive move);
//!    they do not throw away pieces at random.
//!
//! The randomness is reproducible: seeded by the position's hash and the game's length.
//! [`ELO_BY_LEVEL`] gives the measured strength. Levels 1..19 evaluate with the hand-written
//! evaluation alone, whatever net the engine has (`Search::go`): their Elo was measured so.

use super::params as p;
use super::root_move::RootMove;
use super::{Limits, INFINITE};
use crate::{Color, Move, Position, Role};

/// Approximate Elo of each level on Stockfish 15.1's `UCI_Elo` scale (index 0 = level 1 ..
/// index 19 = level 20, full strength); `rocada-uci` maps `UCI_Elo` through it.
///
/// Measured with scripts/match/match.py at 10s+0.1s (each row, with its command and the
/// earlier measurements, is in scripts/match/README.md):
/// - level 3: 17.5% against `UCI_Elo` 1350 over 40 games (about 1080);
/// - level 5: 41.2% against 1350 over 40 games (about 1290);
/// - level 7: 59.4% against 1350 over 80 games (about 1415);
/// - level 8: 71.9% against 1350 over 80 games (about 1515);
/// - level 10: 68.8% against 1600 over 40 games (about 1735);
/// - level 15: 22.5% against 2000 over 80 games (about 1785);
/// - level 19: 37.5% against 2200 over 80 games (about 2110);
/// - level 20 (full strength): 26.5% against 2800 over 100 games of 2c647ca's engine with
///   the first built-in net (about 2623, 95%: 2558 .. 2678); with the hand-written evaluation
///   alone it was 50.7% against 2400 over 200 games (about 2405). The search change and the
///   king-mirrored net since (+24 and +61 Elo at equal nodes) make full strength stronger than
///   that: a lower bound until it is measured again.
///
/// Level 1 is level 3's figure less the 325 Elo level 1 scored below level 3 in a level-
/// against-level match (Stockfish's weakest setting, 1350, is too strong to measure it). The
/// other levels are interpolated between measured ones.
pub const ELO_BY_LEVEL: [u32; 20] =
    [755, 920, 1080, 1185, 1290, 1350, 1415, 1515, 1625, 1735, 1745, 1755, 1765, 1775, 1785, 1866, 1948, 2029, 2110, 2623];

/// The level (1..=20) whose approximate Elo is closest to `elo`.
pub fn level_for_elo(elo: u32) -> u8 {
    let i = ELO_BY_LEVEL.iter().enumerate().min_by_key(|(_, &e)| e.abs_diff(elo)).map_or(19, |(i, _)| i);
    i as u8 + 1
}

/// Depth, nodes and lines searched at `level`.
pub(super) fn shape(limits: &mut Limits, level: u8) {
    let i = level.clamp(1, 19) as usize - 1;
    let depth = p::LEVEL_DEPTH[i];
    limits.depth = Some(limits.depth.map_or(depth, |d| d.min(depth)));
    let nodes = p::LEVEL_NODES[i];
    limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
    limits.multipv = limits.multipv.max(p::LEVEL_LINES);
}

/// Whether `m` is the kind of move people overlook: a retreat or a long move.
fn easy_to_miss(pos: &Position, m: Move) -> bool {
    if m.is_castle() || m.role() == Role::Pawn {
        return false;
    }
    let (from, to) = (m.from(), m.to());
    let back = match pos.turn() {
        Color::White => to.rank() < from.rank(),
        Color::Black => to.rank() > from.rank(),
    };
    back || from.distance(to) >= p::LEVEL_LONG_MOVE
}

/// The index in `root_moves` of the move to play at `level`: one of the `lines` best by
/// the last completed iteration's scores (see the module documentation).
pub(super) fn choose(pos: &Position, root_moves: &[RootMove], lines: usize, level: u8, seed: u64) -> usize {
    let i = level.clamp(1, 19) as usize - 1;
    let blind_percent = (p::LEVEL_BLIND_BELOW as u64).saturating_sub(level as u64) * p::LEVEL_BLIND_PERCENT_PER_STEP;
    let mut ranked: Vec<(usize, i32)> =
        root_moves.iter().enumerate().filter(|(_, rm)| rm.prev_score > -INFINITE).map(|(i, rm)| (i, rm.prev_score)).collect();
    crate::sort::sort_by_key(&mut ranked, |&(_, s)| core::cmp::Reverse(s));
    ranked.truncate(lines);
    let Some(&(first, _)) = ranked.first() else {
        return 0;
    };
    let seen: Vec<(usize, i32)> = ranked
        .iter()
        .copied()
        .filter(|&(j, _)| {
            let m = root_moves[j].mv;
            !(easy_to_miss(pos, m) && splitmix(seed ^ super::ordering::encode(m) as u64) % 100 < blind_percent)
        })
        .collect();
    let Some(&(best, best_score)) = seen.first() else {
        return first;
    };
    if splitmix(seed) % 100 >= p::LEVEL_MISTAKE_PERCENT[i] {
        return best;
    }
    // A mistake: another seen line within the tolerance, weighted by closeness to the best.
    let tolerance = p::LEVEL_TOLERANCE[i];
    let weights: Vec<(usize, u64)> = seen[1..]
        .iter()
        .filter(|&&(_, s)| best_score - s <= tolerance)
        .map(|&(j, s)| (j, (tolerance - (best_score - s) + 1) as u64))
        .collect();
    let total: u64 = weights.iter().map(|w| w.1).sum();
    if total == 0 {
        return best;
    }
    let mut x = splitmix(seed ^ 0x5eed) % total;
    for (j, w) in weights {
        if x < w {
            return j;
        }
        x -= w;
    }
    best
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_mapping_is_monotonic() {
        assert!(ELO_BY_LEVEL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(level_for_elo(0), 1);
        assert_eq!(level_for_elo(5000), 20);
        for (i, &e) in ELO_BY_LEVEL.iter().enumerate() {
            assert_eq!(level_for_elo(e), i as u8 + 1);
        }
    }
}

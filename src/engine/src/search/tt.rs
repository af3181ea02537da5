//! The transposition table: what earlier searches learned about a position, by Zobrist hash.
//!
//! A fixed array of 64-byte buckets of five 12-byte entries, allocated once by [`Tt::new`]
//! or [`Tt::resize`] and never again during search. A bucket is chosen by the hash's high
//! bits (multiply-shift, so any size works) and an entry is recognised by the hash's low 32
//! bits. Replacement prefers, in order: the same position, an empty entry, then the entry
//! with the lowest `depth - 8 * age`. Mate scores are stored relative to the node (plies to
//! mate from here), not to the root.

use super::ordering::encode;
use super::{Bound, MATE_BOUND};
use crate::Move;

/// One stored result.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u32,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bits 0-1: bound; bit 2: on a principal variation; bits 3-7: generation.
    gen_bound: u8,
}

impl Entry {
    /// Whether the slot holds a result (an empty slot has no bound).
    #[inline(always)]
    fn is_used(&self) -> bool {
        self.gen_bound & 3 != 0
    }

    /// The search generation that stored it.
    #[inline(always)]
    fn generation(&self) -> u8 {
        self.gen_bound >> 3
    }
}

const ENTRIES_PER_BUCKET: usize = 5;
/// Generations wrap at this mask (five bits of `gen_bound`).
const GENERATION_MASK: u8 = 31;
/// The PV bit of `gen_bound`.
const PV_BIT: u8 = 4;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    /// The best move found, in 16 bits (from, to, kind: see `ordering::encode`); 0 for none.
    pub mv: u16,
    /// The score, already converted to be relative to the root at `ply`.
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// Exact, lower or upper bound.
    pub bound: Bound,
    /// Whether the position was on a principal variation when stored (or earlier).
    pub pv: bool,
}

impl TtHit {
    /// `eval` refined by this entry: its score when the bound says the true value lies on the
    /// score's side of `eval` (never a mate score), else `eval`.
    #[inline(always)]
    pub fn refine(&self, eval: i32) -> i32 {
        if self.score.abs() < MATE_BOUND && (self.bound == Bound::Exact || (self.bound == Bound::Lower) == (self.score > eval)) {
            self.score
        } else {
            eval
        }
    }
}

/// The transposition table.
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A table of at most `mb` MiB (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        let mut tt = Tt { buckets: Vec::new(), generation: 0 };
        tt.resize(mb);
        tt
    }

    /// Reallocates to `mb` MiB, clearing everything.
    pub fn resize(&mut self, mb: usize) {
        let n = (mb.saturating_mul(1024 * 1024) / core::mem::size_of::<Bucket>()).max(1);
        self.buckets = Vec::new();
        self.buckets = vec![Bucket::default(); n];
        self.generation = 0;
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    #[inline(always)]
    fn index(&self, hash: u64) -> usize {
        ((hash as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Hints the processor to fetch the bucket of `hash` into its cache, so that a probe soon
    /// after waits less for memory (x86-64 only; elsewhere nothing).
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = &self.buckets[self.index(hash)];
            // SAFETY: a prefetch is only a hint: it reads nothing the program sees and cannot fault.
            unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The entry for `hash`, if any, with its score made relative to the root at `ply`.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtHit> {
        let bucket = &self.buckets[self.index(hash)];
        let key = hash as u32;
        bucket.entries.iter().find(|e| e.key == key && e.is_used()).map(|e| TtHit {
            mv: e.mv,
            score: score_from_tt(e.score as i32, ply),
            eval: e.eval as i32,
            depth: e.depth as i32,
            bound: Bound::from_bits(e.gen_bound & 3),
            pv: e.gen_bound & PV_BIT != 0,
        })
    }

    /// Stores a search result for `hash` (the score relative to the root at `ply`); `pv`: the
    /// position is (or was) on a principal variation.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(&mut self, hash: u64, ply: usize, mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound, pv: bool) {
        let generation = self.generation;
        let i = self.index(hash);
        let bucket = &mut self.buckets[i];
        let key = hash as u32;
        let age = |e: &Entry| ((generation as i32 - e.generation() as i32) & GENERATION_MASK as i32) * 8;
        let mut slot = 0;
        let mut worst = i32::MAX;
        for (j, e) in bucket.entries.iter().enumerate() {
            if e.key == key || !e.is_used() {
                slot = j;
                break;
            }
            let value = e.depth as i32 - age(e);
            if value < worst {
                worst = value;
                slot = j;
            }
        }
        let e = &mut bucket.entries[slot];
        let same = e.key == key && e.is_used();
        // Keep a deeper result of this same position unless the new one is exact.
        if same && bound != Bound::Exact && depth + 2 < e.depth as i32 && e.generation() == generation {
            return;
        }
        let encoded = match mv {
            Some(m) => encode(m),
            None if same => e.mv,
            None => 0,
        };
        *e = Entry {
            key,
            mv: encoded,
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: generation << 3 | if pv { PV_BIT } else { 0 } | bound as u8,
        };
    }

    /// How full the table is, per mille (from a sample of the first buckets, this search's entries).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(1000 / ENTRIES_PER_BUCKET + 1);
        let mut used = 0;
        let mut total = 0;
        for b in &self.buckets[..sample] {
            for e in &b.entries {
                total += 1;
                if e.is_used() && e.generation() == self.generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / total.max(1)) as u32
    }
}

/// A root-relative score to a node-relative one (mates counted from this node).
#[inline(always)]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`].
#[inline(always)]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn store_probe_and_mate_scores() {
        let mut tt = Tt::new(1);
        assert!(tt.probe(0x1234_5678_9abc_def0, 0).is_none());
        // Mate in 5 plies from the root, found at ply 3: stored as mate in 2 from the node.
        tt.store(0x1234_5678_9abc_def0, 3, None, MATE - 5, 17, 6, Bound::Exact, true);
        let hit = tt.probe(0x1234_5678_9abc_def0, 3).unwrap();
        assert_eq!((hit.score, hit.eval, hit.depth, hit.bound, hit.pv), (MATE - 5, 17, 6, Bound::Exact, true));
        // Reached at ply 1 by another path: mate in 3 plies from the root.
        assert_eq!(tt.probe(0x1234_5678_9abc_def0, 1).unwrap().score, MATE - 3);
        assert_eq!(tt.probe(0x1234_5678_9abc_def0 ^ 1, 1).map(|h| h.score), None);
        // A later search overwrites the entry, PV flag included.
        tt.new_search();
        tt.store(0x1234_5678_9abc_def0, 3, None, 40, 17, 7, Bound::Lower, false);
        let hit = tt.probe(0x1234_5678_9abc_def0, 3).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound, hit.pv), (40, 7, Bound::Lower, false));
        tt.clear();
        assert!(tt.probe(0x1234_5678_9abc_def0, 3).is_none());
        assert_eq!(tt.bytes(), 1024 * 1024);
    }
}

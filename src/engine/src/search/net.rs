//! The learned evaluation as the search sees it: which evaluation a node gets, and the
//! accumulators kept in step with the positions on the search's path, one per ply.
//!
//! Without the `nnue` feature (the npm package's WebAssembly, which ships no net yet: the code
//! would cost it 1.9 KB at gzip -9 for nothing) this is empty, and every node gets the
//! hand-written evaluation; the feature is on by default for Rust users and the native tools.

use crate::eval::{evaluate_cached, PawnCache};
use crate::Position;

#[cfg(feature = "nnue")]
use crate::eval::nnue::{Accumulator, Network};
#[cfg(feature = "nnue")]
use crate::eval::no_mating_material;

/// The net a search evaluates with, if any, and its accumulators by ply (`accs[ply]` holds those
/// of the position searched at `ply`).
pub(super) struct NetState<'a> {
    #[cfg(feature = "nnue")]
    net: Option<&'a Network>,
    #[cfg(feature = "nnue")]
    accs: &'a mut [Accumulator],
    #[cfg(not(feature = "nnue"))]
    _none: core::marker::PhantomData<&'a ()>,
}

impl<'a> NetState<'a> {
    /// The hand-written evaluation.
    pub fn none() -> NetState<'a> {
        NetState {
            #[cfg(feature = "nnue")]
            net: None,
            #[cfg(feature = "nnue")]
            accs: &mut [],
            #[cfg(not(feature = "nnue"))]
            _none: core::marker::PhantomData,
        }
    }

    /// `net`, with room for an accumulator per ply in `accs`.
    #[cfg(feature = "nnue")]
    pub fn new(net: &'a Network, accs: &'a mut [Accumulator]) -> NetState<'a> {
        NetState { net: Some(net), accs }
    }

    /// The static evaluation of `pos`, searched at `ply`, for the side to move: the net's from
    /// the ply's accumulators when there is a net, else the hand-written one.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position, ply: usize, cache: &mut PawnCache) -> i32 {
        #[cfg(feature = "nnue")]
        if let Some(net) = self.net {
            if no_mating_material(pos.board()) {
                return 0;
            }
            let score = net.output(&self.accs[ply], pos.turn());
            // Every evaluated node checks that the search kept its accumulators in step.
            debug_assert_eq!(score, net.evaluate(pos), "accumulators out of step at ply {ply}: {}", pos.board().board_fen());
            return score;
        }
        #[cfg(not(feature = "nnue"))]
        let _ = ply;
        evaluate_cached(pos, cache)
    }

    /// `child`, made from `pos` at `ply` (a move or a null move), is about to be searched at
    /// `ply + 1`: its accumulators follow from `pos`'s.
    #[inline]
    pub fn made(&mut self, pos: &Position, child: &Position, ply: usize) {
        #[cfg(feature = "nnue")]
        if let Some(net) = self.net {
            let (below, above) = self.accs.split_at_mut(ply + 1);
            net.update(pos.board(), child.board(), &below[ply], &mut above[0]);
        }
        #[cfg(not(feature = "nnue"))]
        let _ = (pos, child, ply);
    }

    /// The root's accumulators, from scratch.
    #[inline]
    pub fn set_root(&mut self, pos: &Position) {
        #[cfg(feature = "nnue")]
        if let Some(net) = self.net {
            net.refresh(pos.board(), &mut self.accs[0]);
        }
        #[cfg(not(feature = "nnue"))]
        let _ = pos;
    }
}

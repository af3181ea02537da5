//! The learned evaluation as the search sees it: which evaluation a node gets, and the
//! accumulators kept in step with the positions on the search's path, one per ply.
//!
//! The updates are lazy: making a move only records the child's board, and an evaluation
//! brings the accumulators up from the nearest ply below that has them. A node the table
//! cuts, or one in check, or one whose every child is cut, is never evaluated: in the bench
//! (depth 10, a 128-neuron net) 39% of the children made were not, and their updates are saved.
//!
//! Without the `nnue` feature this is empty, and every node gets the hand-written evaluation;
//! the feature is on by default for Rust users and the native tools, and in the npm package's
//! engine and bin modules (not in the page's, which does not search).

use crate::eval::{evaluate_cached, PawnCache};
use crate::Position;

#[cfg(feature = "nnue")]
use crate::eval::nnue::{Accumulator, Network, MAX_EVAL};
#[cfg(feature = "nnue")]
use crate::eval::{bare_king, no_mating_material};
#[cfg(feature = "nnue")]
use crate::Board;

/// By ply of the search's path: the board there, its accumulators, and whether those are
/// up to date (`accs[ply]` is the board `boards[ply]`'s when `fresh[ply]`).
#[cfg(feature = "nnue")]
pub(super) struct NetStack {
    accs: Vec<Accumulator>,
    boards: Vec<Board>,
    fresh: Vec<bool>,
}

#[cfg(feature = "nnue")]
impl NetStack {
    /// Room for `plies` plies of `net`'s accumulators.
    pub fn new(net: &Network, plies: usize) -> NetStack {
        NetStack { accs: (0..plies).map(|_| net.accumulator()).collect(), boards: vec![Board::empty(); plies], fresh: vec![false; plies] }
    }
}

/// The net a search evaluates with, if any, and its accumulators by ply.
pub(super) struct NetState<'a> {
    #[cfg(feature = "nnue")]
    net: Option<&'a Network>,
    #[cfg(feature = "nnue")]
    stack: Option<&'a mut NetStack>,
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
            stack: None,
            #[cfg(not(feature = "nnue"))]
            _none: core::marker::PhantomData,
        }
    }

    /// `net`, with its accumulators by ply in `stack`.
    #[cfg(feature = "nnue")]
    pub fn new(net: &'a Network, stack: &'a mut NetStack) -> NetState<'a> {
        NetState { net: Some(net), stack: Some(stack) }
    }

    /// The static evaluation of `pos`, searched at `ply`, for the side to move: the net's from
    /// the ply's accumulators when there is a net, else the hand-written one.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position, ply: usize, cache: &mut PawnCache) -> i32 {
        #[cfg(feature = "nnue")]
        if let (Some(net), Some(stack)) = (self.net, self.stack.as_deref_mut()) {
            if no_mating_material(pos.board()) {
                return 0;
            }
            // A residual net corrects the hand-written evaluation, but not against a bare king:
            // there the mop-up drives the king to the edge (and to the bishop's corner), which
            // the net, taught on positions with pieces on both sides, would blur (a bishop and
            // knight mate then missed the fifty-move rule). Its accumulators then wait.
            let hand = if net.adds_hand_written() {
                let hand = evaluate_cached(pos, cache);
                if bare_king(pos.board()) {
                    return hand;
                }
                Some(hand)
            } else {
                None
            };
            // Up from the nearest ply below with fresh accumulators (the root's always are).
            let mut from = ply;
            while !stack.fresh[from] {
                from -= 1;
            }
            for p in from + 1..=ply {
                let (below, above) = stack.accs.split_at_mut(p);
                net.update(&stack.boards[p - 1], &stack.boards[p], &below[p - 1], &mut above[0]);
                stack.fresh[p] = true;
            }
            let score = net.output(&stack.accs[ply], pos.turn());
            // Every evaluated node checks that the search kept its accumulators in step.
            debug_assert_eq!(score, net.evaluate(pos), "accumulators out of step at ply {ply}: {}", pos.board().board_fen());
            return match hand {
                Some(hand) => (score + hand).clamp(-MAX_EVAL, MAX_EVAL),
                None => score,
            };
        }
        #[cfg(not(feature = "nnue"))]
        let _ = ply;
        evaluate_cached(pos, cache)
    }

    /// `child`, made from `pos` at `ply` (a move or a null move), is about to be searched at
    /// `ply + 1`: its board is recorded, and its accumulators follow from `pos`'s when it is
    /// evaluated.
    #[inline]
    pub fn made(&mut self, pos: &Position, child: &Position, ply: usize) {
        #[cfg(feature = "nnue")]
        if let Some(stack) = self.stack.as_deref_mut() {
            debug_assert!(stack.boards[ply] == *pos.board(), "the board at ply {ply} is not the parent's");
            stack.boards[ply + 1] = *child.board();
            stack.fresh[ply + 1] = false;
        }
        #[cfg(not(feature = "nnue"))]
        let _ = (pos, child, ply);
    }

    /// The root's accumulators, from scratch.
    #[inline]
    pub fn set_root(&mut self, pos: &Position) {
        #[cfg(feature = "nnue")]
        if let (Some(net), Some(stack)) = (self.net, self.stack.as_deref_mut()) {
            net.refresh(pos.board(), &mut stack.accs[0]);
            stack.boards[0] = *pos.board();
            stack.fresh[0] = true;
        }
        #[cfg(not(feature = "nnue"))]
        let _ = pos;
    }
}

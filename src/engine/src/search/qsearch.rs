//! Quiescence search: at the horizon, keep playing captures (and queen promotions) until
//! the position is quiet, so the static evaluation is never taken in the middle of an
//! exchange. The side to move may "stand pat" on its static evaluation; captures that
//! lose material by SEE, or cannot raise the score to alpha even if free (delta pruning),
//! are skipped. In check every evasion is searched, and no evasion means mate.

use super::negamax::Worker;
use super::ordering::{Conts, MovePicker};
use super::params as p;
use super::see::{see_ge, value};
use super::{Bound, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::Position;

impl Worker<'_> {
    /// The quiescence search of `pos` at `ply` within (`alpha`, `beta`).
    pub fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
        self.pv.clear(ply);
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(pos, ply) };
        }

        let hash = pos.zobrist_hash();
        let tt = self.tt.probe(hash, ply);
        let tt_pv = pv_node || tt.is_some_and(|t| t.pv);
        if let Some(t) = tt {
            if !pv_node {
                let cut = match t.bound {
                    Bound::Exact => true,
                    Bound::Lower => t.score >= beta,
                    Bound::Upper => t.score <= alpha,
                };
                if cut {
                    return t.score;
                }
            }
        }

        let static_eval;
        let mut best;
        if in_check {
            static_eval = -INFINITE;
            best = -MATE + ply as i32;
        } else {
            static_eval = match tt {
                Some(t) => t.eval,
                None => self.evaluate(pos, ply),
            };
            let corrected = self.history.correction.apply(pos, static_eval);
            best = tt.map_or(corrected, |t| t.refine(corrected));
            if best >= beta {
                if tt.is_none() {
                    self.tt.store(hash, ply, None, best, static_eval, 0, Bound::Lower, tt_pv);
                }
                return best;
            }
            alpha = alpha.max(best);
        }

        let tt_move = tt.map_or(0, |t| t.mv);
        let mut picker = if in_check {
            MovePicker::new(pos, self.history, tt_move, [None; 2], None, Conts::default())
        } else {
            MovePicker::captures(pos, self.history, tt_move)
        };
        if in_check && picker.is_empty() {
            return -MATE + ply as i32;
        }

        let mut best_move = None;
        let stand_pat = best;
        while let Some(m) = picker.next(pos, self.history, false) {
            if !in_check {
                // Delta pruning: even winning the piece for free does not reach alpha.
                let gain = pos.capture_of(m).map_or(0, value) + m.promotion().map_or(0, |r| value(r) - value(crate::Role::Pawn));
                if stand_pat + gain + p::QS_DELTA_MARGIN <= alpha {
                    continue;
                }
                if !see_ge(pos, m, 0) {
                    continue;
                }
            } else if best > -MATE_BOUND && !super::ordering::is_tactical(pos, m) && !see_ge(pos, m, 0) {
                // Out of check with a move found: skip evasions that hang material.
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.tt.prefetch(child.zobrist_hash());
            self.net.made(pos, &child, ply);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, pv_node);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }

        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        self.tt.store(hash, ply, best_move, best, static_eval, 0, bound, tt_pv);
        best
    }
}

//! Iterative deepening at the root: depth 1, 2, 3, ... each inside an aspiration window
//! around the previous score, over a root move list kept sorted by the last results.
//! MultiPV searches line `k` over the moves not already chosen for lines `1..k`.
//!
//! Reports go out after each completed iteration (one per line) and whenever another move
//! takes the lead during the search of line 1. When the search is stopped the move played
//! is the front of the root list: the previous iteration's best, or a move that has since
//! beaten it in a completed search.

use super::negamax::{Node, Worker};
use super::params as p;
use super::root_move::RootMove;
use super::{Bound, Limits, Score, SearchInfo, SearchResult, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::Position;

impl Worker<'_> {
    /// Runs iterative deepening under `limits`; see the module documentation.
    pub fn iterate(&mut self, pos: &Position, limits: &Limits, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        let level = limits.level.filter(|&l| l < 20);
        let shaped;
        let limits = match level {
            Some(l) => {
                let mut copy = limits.clone();
                super::level::shape(&mut copy, l);
                self.node_limit = copy.nodes.unwrap_or(u64::MAX);
                shaped = copy;
                &shaped
            }
            None => limits,
        };
        let mut root_moves: Vec<RootMove> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| limits.search_moves.is_empty() || limits.search_moves.contains(m))
            .map(|mv| RootMove { mv, score: -INFINITE, prev_score: -INFINITE, bound: Bound::Upper, pv: vec![mv], seldepth: 0 })
            .collect();
        if root_moves.is_empty() {
            let score = if pos.is_check() { Score::Mate(0) } else { Score::Cp(0) };
            return SearchResult { best_move: None, ponder: None, score, pv: Vec::new(), depth: 0, nodes: 0, time_ms: 0 };
        }
        // The root's static evaluation, for `improving` two plies down.
        self.net.set_root(pos);
        self.frames[0].eval = if pos.is_check() {
            -INFINITE
        } else {
            let raw = self.evaluate(pos, 0);
            self.history.correction.apply(pos, raw)
        };
        let multipv = limits.multipv().min(root_moves.len());
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 4, |d| (d as i32).clamp(1, MAX_PLY as i32 - 4));
        let mut completed = 0;
        let mut last_best = root_moves[0].mv;
        let mut instability = 1.0f64;
        let mut iteration_scores: Vec<i32> = Vec::new();

        for depth in 1..=max_depth {
            self.root_depth = depth;
            self.can_stop = depth > 1;
            self.seldepth = 0;
            for pv_idx in 0..multipv {
                self.search_line(pos, &mut root_moves, depth, pv_idx, on_info);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            for rm in root_moves.iter_mut() {
                rm.prev_score = rm.score;
            }
            // Lines sorted by score for the report.
            crate::sort::sort_by_key(&mut root_moves[..multipv], |rm| core::cmp::Reverse(rm.score));
            for (i, rm) in root_moves[..multipv].iter().enumerate() {
                let info = self.info(depth, i, rm);
                on_info(&info);
            }

            // Time management between iterations.
            let best = root_moves[0].mv;
            if best != last_best {
                instability = (instability + 0.4).min(p::INSTABILITY_MAX_PERCENT / 100.0);
                last_best = best;
            } else {
                instability = (instability * 0.9).max(0.8);
            }
            let score = root_moves[0].score;
            let mate_found = score.abs() >= MATE_BOUND && depth >= p::MATE_STOP_FACTOR * (MATE - score.abs()) + p::MATE_STOP_EXTRA;
            self.root_score = Some(score);
            let bounded = self.time.active || limits.nodes.is_some();
            if bounded && (mate_found || root_moves.len() == 1 && depth >= 4) {
                break;
            }
            iteration_scores.push(score);
            let earlier = iteration_scores[iteration_scores.len().saturating_sub(4)];
            let falling = super::time::falling_eval(self.previous_score.unwrap_or(score), earlier, score);
            if self.time.stop_after_iteration(self.elapsed(), instability, falling) {
                break;
            }
            if (self.should_stop)() || self.nodes >= self.node_limit {
                break;
            }
        }

        let chosen = match level {
            Some(l) => super::level::choose(pos, &root_moves, multipv, l, pos.zobrist_hash() ^ self.root_index as u64),
            None => 0,
        };
        let best = &root_moves[chosen];
        SearchResult {
            best_move: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: Score::from_internal(if best.score == -INFINITE { best.prev_score } else { best.score }),
            pv: best.pv.clone(),
            depth: completed as u32,
            nodes: self.nodes,
            time_ms: self.elapsed().max(0.0) as u64,
        }
    }

    /// Searches line `pv_idx` to `depth` with aspiration windows, leaving the root list
    /// sorted from `pv_idx` on.
    fn search_line(
        &mut self,
        pos: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        pv_idx: usize,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) {
        let prev = root_moves[pv_idx].prev_score;
        let mut delta = p::ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= p::ASPIRATION_MIN_DEPTH && prev.abs() < MATE_BOUND {
            ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(pos, root_moves, depth, alpha, beta, pv_idx, on_info);
            crate::sort::sort_by_key(&mut root_moves[pv_idx..], |rm| core::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta = delta * p::ASPIRATION_GROWTH_PERCENT / 100;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// One pass over the root moves from `pv_idx` within (`alpha`, `beta`); returns the best score.
    #[allow(clippy::too_many_arguments, clippy::needless_range_loop)]
    fn search_root(
        &mut self,
        pos: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_idx: usize,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> i32 {
        self.tick();
        self.pv.clear(0);
        // Only moves searched in this pass compete with the first one when sorting.
        for rm in root_moves[pv_idx + 1..].iter_mut() {
            rm.score = -INFINITE;
        }
        let mut best = -INFINITE;
        for i in pv_idx..root_moves.len() {
            let m = root_moves[i].mv;
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.net.made(pos, &child, 0);
            let gives_check = child.is_check();
            let new_depth = depth - 1 + gives_check as i32;
            self.frames[0].mv = Some(m);
            self.hashes.push(child.zobrist_hash());
            let score = if i == pv_idx {
                -self.negamax(&child, new_depth, -beta, -alpha, 1, Node::Pv)
            } else {
                let quiet = !super::ordering::is_tactical(pos, m);
                let r = if depth >= 3 && i >= pv_idx + 3 && quiet && !gives_check { 1 } else { 0 };
                let mut s = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, 1, Node::Cut);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, Node::Cut);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, 1, Node::Pv);
                }
                s
            };
            self.hashes.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
            }
            let rm = &mut root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(m);
                if score > alpha {
                    rm.pv.extend(self.pv.line(1));
                }
                if score > alpha && i != pv_idx && pv_idx == 0 && depth > 1 {
                    let info = self.info(depth, 0, &root_moves[i]);
                    on_info(&info);
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The report for root move `rm` as line `index` (0-based).
    fn info(&self, depth: i32, index: usize, rm: &RootMove) -> SearchInfo {
        let elapsed = self.elapsed().max(0.0);
        let score = if rm.score == -INFINITE { rm.prev_score } else { rm.score };
        SearchInfo {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: index as u32 + 1,
            score: Score::from_internal(score.clamp(-MATE, MATE)),
            bound: rm.bound,
            pv: rm.pv.clone(),
            nodes: self.nodes,
            nps: if elapsed >= 1.0 { (self.nodes as f64 * 1000.0 / elapsed) as u64 } else { 0 },
            hashfull: self.tt.hashfull(),
            time_ms: elapsed as u64,
        }
    }
}

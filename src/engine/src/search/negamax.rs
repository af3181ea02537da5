//! The main search: a fail-soft principal variation search (negamax with alpha-beta), with
//! the state it needs during one `go` (the `Worker`).
//!
//! [`Worker::negamax`] is split into numbered steps:
//! 1. horizon: hand over to quiescence;
//! 2. count the node and poll for a stop;
//! 3. draws (repetition, 50 moves, no mating material) and mate distance pruning;
//! 4. transposition table probe and cut-off;
//! 5. static evaluation (drawn towards 0 as the 50-move rule nears, then corrected);
//! 6. reverse futility pruning;
//! 7. razoring (not of the reply to a null move);
//! 8. null move pruning (not when the table's upper bound is below beta), the reply to the
//!    null move searched at least one ply deep;
//! 9. internal iterative reduction;
//! 10. the move loop, with
//! 11. shallow-depth pruning (late move, futility, history, SEE) of moves that do not check,
//! 12. extensions: singular (the hash move alone holds the score) and check,
//! 13. late move reductions (more at expected cut nodes and for quiet moves after a tactical
//!     hash move, less at positions that are or were on a principal variation) and PVS
//!     re-searches,
//! 14. history and killers on a cut (capture history for the move that cut and the captures
//!     tried before it), and for a quiet best move that raised alpha without one (at a PV
//!     node);
//! 15. mate or stalemate when there is no move;
//! 16. the table store, and the correction history update.

use super::gives_check::gives_check;
use super::net::NetState;
use super::ordering::{cont_key, encode, is_tactical, History, MovePicker, Stage};
use super::params as p;
use super::see::{piece_en_prise, see_ge};
use super::time::TimeManager;
use super::tt::{Tt, TtHit};
use super::{Bound, Limits, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::eval::{no_mating_material, PawnCache};
use crate::time::TimeSource;
use crate::{Color, Move, Position, Role};
use arrayvec::ArrayVec;

/// The triangular principal variation table: row `ply` holds the best line from `ply`.
pub struct PvTable {
    moves: [[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1],
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    /// An empty table.
    pub fn new() -> PvTable {
        PvTable { moves: [[None; MAX_PLY + 1]; MAX_PLY + 1], len: [0; MAX_PLY + 1] }
    }

    #[inline(always)]
    pub(super) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// Row `ply` becomes `m` followed by row `ply + 1`.
    #[inline(always)]
    pub(super) fn update(&mut self, ply: usize, m: Move) {
        let child = if ply < MAX_PLY { self.len[ply + 1] } else { 0 };
        self.moves[ply][0] = Some(m);
        for i in 0..child.min(MAX_PLY - ply) {
            self.moves[ply][i + 1] = self.moves[ply + 1][i];
        }
        self.len[ply] = child.min(MAX_PLY - ply) + 1;
    }

    /// The line from `ply`.
    pub(super) fn line(&self, ply: usize) -> impl Iterator<Item = Move> + '_ {
        self.moves[ply][..self.len[ply]].iter().flatten().copied()
    }
}

impl Default for PvTable {
    fn default() -> PvTable {
        PvTable::new()
    }
}

/// Per-ply search state.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// Static evaluation at this ply (`-INFINITE` when in check).
    pub eval: i32,
    /// The move played from this ply (`None`: a null move, or none yet).
    pub mv: Option<Move>,
    /// The move a singular-extension search at this ply leaves out.
    pub excluded: Option<Move>,
}

/// Everything one `go` needs: borrowed long-lived tables plus per-search counters.
pub(super) struct Worker<'a> {
    pub tt: &'a mut Tt,
    pub history: &'a mut History,
    pub pv: &'a mut PvTable,
    /// The evaluation's pawn-only terms, by pawn placement.
    pub pawn_cache: &'a mut PawnCache,
    pub clock: &'a dyn TimeSource,
    pub should_stop: &'a mut dyn FnMut() -> bool,
    pub frames: [Frame; MAX_PLY + 2],
    /// Hashes of the game before the root, then of the root and the current search path.
    pub hashes: Vec<u64>,
    /// Index of the root's hash in `hashes`.
    pub root_index: usize,
    /// Repetitions are not looked for below this index (the last null move).
    pub null_floor: usize,
    pub nodes: u64,
    pub node_limit: u64,
    pub next_check: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// Whether limits may stop the search now (not during the first iteration).
    pub can_stop: bool,
    pub start_ms: u64,
    pub time: TimeManager,
    /// Nominal depth of the current iteration (caps check extensions).
    pub root_depth: i32,
    pub lmr: [[u8; 64]; 64],
    /// The root score of the previous search (the same side's last move), for time.
    pub previous_score: Option<i32>,
    /// The root score of the last completed iteration.
    pub root_score: Option<i32>,
    /// The learned evaluation, if one is set, and its accumulators.
    pub net: NetState<'a>,
}

impl<'a> Worker<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tt: &'a mut Tt,
        history: &'a mut History,
        pv: &'a mut PvTable,
        pawn_cache: &'a mut PawnCache,
        clock: &'a dyn TimeSource,
        should_stop: &'a mut dyn FnMut() -> bool,
        limits: &Limits,
        pos: &Position,
        history_hashes: &[u64],
        net: NetState<'a>,
    ) -> Worker<'a> {
        let mut hashes = Vec::with_capacity(history_hashes.len() + MAX_PLY + 4);
        hashes.extend_from_slice(history_hashes);
        hashes.push(pos.zobrist_hash());
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = (p::LMR_BASE as f64 + ln(d) * ln(m) * 10000.0 / p::LMR_DIVISOR as f64) / 100.0;
                *r = v.max(0.0) as u8;
            }
        }
        Worker {
            tt,
            history,
            pv,
            pawn_cache,
            clock,
            should_stop,
            frames: [Frame { eval: -INFINITE, mv: None, excluded: None }; MAX_PLY + 2],
            root_index: history_hashes.len(),
            null_floor: 0,
            hashes,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            next_check: p::STOP_CHECK_INTERVAL,
            seldepth: 0,
            stopped: false,
            can_stop: false,
            start_ms: clock.now_ms(),
            time: TimeManager::new(limits, pos.turn(), pos.fullmoves()),
            root_depth: 1,
            lmr,
            previous_score: None,
            root_score: None,
            net,
        }
    }

    /// The static evaluation of `pos`, searched at `ply`, for the side to move (the net's,
    /// if the search has one), drawn towards 0 as the 50-move rule nears, but against a bare
    /// king: a mate there takes up to 33 moves without a capture or a pawn move, and the
    /// scaling would tell the search that its progress is worth less.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let eval = self.net.evaluate(pos, ply, self.pawn_cache);
        let b = pos.board();
        let others = b.occupied() & !b.by_role(Role::King);
        if (others & b.by_color(Color::White)).is_empty() || (others & b.by_color(Color::Black)).is_empty() {
            return eval;
        }
        let halfmoves = pos.halfmoves().min(100) as i32;
        eval * (p::FIFTY_MOVE_SCALE - halfmoves) / p::FIFTY_MOVE_SCALE
    }

    /// Milliseconds since the search started.
    pub fn elapsed(&self) -> f64 {
        self.clock.now_ms().saturating_sub(self.start_ms) as f64
    }

    /// Counts a node; polls the stop conditions every `STOP_CHECK_INTERVAL` nodes. Returns
    /// whether the search must unwind.
    #[inline(always)]
    pub fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.can_stop {
            if self.nodes >= self.node_limit {
                self.stopped = true;
            }
            if self.nodes >= self.next_check {
                self.next_check = self.nodes + p::STOP_CHECK_INTERVAL;
                if (self.should_stop)() || (self.time.active && self.elapsed() >= self.time.hard_ms) {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Whether the node at `ply` is a draw by the 50-move rule, repetition or material.
    pub fn is_draw(&self, pos: &Position, ply: usize) -> bool {
        if pos.halfmoves() >= 100 && !(pos.is_check() && pos.count_legal_moves() == 0) {
            return true;
        }
        if no_mating_material(pos.board()) {
            return true;
        }
        let current = self.root_index + ply;
        let hash = pos.zobrist_hash();
        let lowest = current.saturating_sub(pos.halfmoves() as usize).max(self.null_floor);
        let mut before_root = 0;
        let mut i = current;
        while i >= lowest + 2 {
            i -= 2;
            if self.hashes[i] == hash {
                if i >= self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The search below the root (see the module documentation for the steps).
    pub fn negamax(&mut self, pos: &Position, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, node: Node) -> i32 {
        let pv_node = node == Node::Pv;
        let cut_node = node == Node::Cut;
        // Step 1. Horizon.
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, pv_node);
        }
        self.pv.clear(ply);

        // Step 2. Count the node, poll for a stop.
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();

        // Step 3. Draws, the ply limit, mate distance pruning.
        if self.is_draw(pos, ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(pos, ply) };
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 4. Transposition table (its entry is for the whole node: no cut-off in a
        // search that leaves a move out).
        let excluded = self.frames[ply].excluded;
        let hash = pos.zobrist_hash();
        let tt = self.tt.probe(hash, ply);
        let tt_move = tt.map_or(0, |t| t.mv);
        // On a principal variation now or when this position was stored: reduced less.
        let tt_pv = pv_node || tt.is_some_and(|t| t.pv);
        if let Some(t) = tt {
            if !pv_node && excluded.is_none() && t.depth >= depth {
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

        // Step 5. Static evaluation: the evaluation (`raw_eval`, which the table keeps),
        // corrected by what the search learned of its pawns and pieces (`static_eval`), then
        // refined by the table's score when its bound allows (`eval`).
        let raw_eval = match tt {
            _ if in_check => -INFINITE,
            Some(t) => t.eval,
            None => self.evaluate(pos, ply),
        };
        let static_eval = if in_check { -INFINITE } else { self.history.correction.apply(pos, raw_eval) };
        let eval = match tt {
            Some(t) if !in_check => t.refine(static_eval),
            _ => static_eval,
        };
        self.frames[ply].eval = eval;
        // Improving: above our evaluation two plies back (four, when we were in check then).
        let improving = !in_check
            && match ply {
                0 | 1 => false,
                _ if self.frames[ply - 2].eval != -INFINITE => eval > self.frames[ply - 2].eval,
                _ => ply >= 4 && eval > self.frames[ply - 4].eval,
            };
        let us = pos.turn();
        let has_pieces = (pos.board().by_color(us) & !pos.board().by_role(Role::Pawn) & !pos.board().by_role(Role::King)).any();

        if !pv_node && !in_check && excluded.is_none() {
            // Step 6. Reverse futility pruning.
            if depth <= p::RFP_MAX_DEPTH
                && eval < p::PRUNE_DECISIVE
                && eval.abs() < MATE_BOUND
                && beta > -MATE_BOUND
                && eval - p::RFP_MARGIN * (depth - improving as i32) >= beta
            {
                return eval;
            }

            // Step 7. Razoring, but not of the reply to a null move: the quiescence search
            // plays no quiet move, and the threat a null move asks about may be one (a quiet
            // mate in one, WAC.001: `Qg6` then `Qh7#`).
            let after_null = ply >= 1 && self.frames[ply - 1].mv.is_none();
            if !after_null && depth <= p::RAZOR_MAX_DEPTH && eval + p::RAZOR_MARGIN * depth < alpha {
                let v = self.qsearch(pos, alpha, alpha + 1, ply, false);
                if self.stopped {
                    return 0;
                }
                if v <= alpha {
                    return v;
                }
            }

            // Step 8. Null move pruning.
            // Not when the table already says that a search of this node failed below beta.
            let tt_says_below = tt.is_some_and(|t| t.bound == Bound::Upper && t.score < beta);
            // Not with a piece en prise: passing would give it away, and the null search, reduced
            // into the quiescence search, would not see the threat that put it there (a mate in
            // 3 after a quiet rook move was found 7 plies late). Not when beta is decisively low
            // either: the opponent needs a decided result here, which is what a mating attack
            // gives, and the reduced null search cannot see a quiet mate (mates.139: a mate in 2
            // after a quiet pawn move, found at depth 19 instead of 11 with the built-in net).
            // With the hand-written evaluation alone the bench does not change.
            if depth >= p::NMP_MIN_DEPTH
                && eval >= beta
                && eval < p::PRUNE_DECISIVE
                && beta > -p::PRUNE_DECISIVE
                && !after_null
                && !tt_says_below
                && has_pieces
                && beta > -MATE_BOUND
                && !piece_en_prise(pos)
            {
                let mut null_pos = pos.clone();
                if null_pos.play_null() {
                    self.net.made(pos, &null_pos, ply);
                    self.tt.prefetch(null_pos.zobrist_hash());
                    let r =
                        p::NMP_BASE_REDUCTION + depth / p::NMP_DEPTH_DIVISOR + ((eval - beta) / p::NMP_EVAL_DIVISOR).min(p::NMP_EVAL_MAX);
                    self.frames[ply].mv = None;
                    let floor = self.null_floor;
                    self.hashes.push(null_pos.zobrist_hash());
                    self.null_floor = self.hashes.len() - 1;
                    // At least one full-width ply for the opponent: its threat may be a quiet move.
                    let v = -self.negamax(&null_pos, (depth - 1 - r).max(1), -beta, -beta + 1, ply + 1, node.child());
                    self.hashes.pop();
                    self.null_floor = floor;
                    if self.stopped {
                        return 0;
                    }
                    if v >= beta {
                        return if v >= MATE_BOUND { beta } else { v };
                    }
                }
            }
        }

        // Step 9. Internal iterative reduction: no hash move, so this node was never searched
        // to any depth that matters; a deep node expected to fail high loses one ply more.
        if tt_move == 0 && depth >= p::IIR_MIN_DEPTH {
            depth -= 1 + (cut_node && depth >= p::IIR_CUT_NODE_MIN_DEPTH) as i32;
        }

        // Step 10. The move loop.
        let prev = if ply >= 1 { self.frames[ply - 1].mv.map(|m| (!us, m)) } else { None };
        let killers = self.history.killers(ply);
        let counter = self.history.counter(prev);
        let conts = [
            if ply >= 1 { cont_key(!us, self.frames[ply - 1].mv) } else { None },
            if ply >= 2 { cont_key(us, self.frames[ply - 2].mv) } else { None },
            if ply >= 4 { cont_key(us, self.frames[ply - 4].mv) } else { None },
        ];
        let mut picker = MovePicker::new(pos, self.history, tt_move, killers, counter, conts);
        if picker.is_empty() {
            // Step 15. Mate or stalemate.
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.history.clear_killers(ply + 1);

        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut moves_searched = 0;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures_tried: ArrayVec<Move, 32> = ArrayVec::new();
        // Whether the hash move is a capture or promotion: quiet moves after it are reduced more.
        let mut tt_move_tactical = false;
        let lmp_count = (p::LMP_BASE + depth * depth) / if improving { 1 } else { 2 };

        while let Some(m) = picker.next(pos, self.history, true) {
            if Some(m) == excluded {
                continue;
            }
            let quiet = !is_tactical(pos, m);
            let gives_check = gives_check(pos, m);
            if !quiet && encode(m) == tt_move {
                tt_move_tactical = true;
            }

            // Step 11. Pruning at shallow depth, once a move has saved us from being mated
            // (never of a check: mates hide there).
            if best_score > -MATE_BOUND && has_pieces && !gives_check {
                if quiet {
                    if depth <= p::LMP_MAX_DEPTH && moves_searched >= lmp_count {
                        picker.skip_quiets();
                        continue;
                    }
                    if !in_check
                        && depth <= p::FP_MAX_DEPTH
                        && alpha < MATE_BOUND
                        && static_eval + p::FP_BASE + p::FP_MARGIN * depth <= alpha
                    {
                        picker.skip_quiets();
                        continue;
                    }
                    if depth <= p::HISTORY_PRUNE_MAX_DEPTH
                        && picker.stage() == Stage::Quiets
                        && self.history.quiet(us, m, &conts) < -p::HISTORY_PRUNE_MARGIN * depth
                    {
                        continue;
                    }
                    if depth <= p::SEE_PRUNE_MAX_DEPTH && !see_ge(pos, m, -p::SEE_QUIET_MARGIN * depth) {
                        continue;
                    }
                } else if picker.stage() == Stage::BadCaptures
                    && depth <= p::SEE_PRUNE_MAX_DEPTH
                    && !see_ge(pos, m, -p::SEE_CAPTURE_MARGIN * depth)
                {
                    continue;
                }
            }

            // Step 12. Extensions, while the path is shorter than twice the iteration's depth.
            let mut extension = 0;
            if (ply as i32) < p::MAX_EXTENSION_RATIO * self.root_depth {
                if let Some(t) = tt.filter(|_| encode(m) == tt_move && excluded.is_none()) {
                    match self.singular(pos, m, t, depth, beta, ply, node) {
                        _ if self.stopped => return 0,
                        Singular::Cut(v) => return v,
                        Singular::Extend(e) => extension = e,
                    }
                }
                if gives_check {
                    extension = extension.max(1);
                }
            }
            let new_depth = depth - 1 + extension;

            let mut child = pos.clone();
            child.play_unchecked(m);
            self.tt.prefetch(child.zobrist_hash());
            self.net.made(pos, &child, ply);
            debug_assert_eq!(gives_check, child.is_check());

            self.frames[ply].mv = Some(m);
            self.hashes.push(child.zobrist_hash());

            // Step 13. Late move reductions and principal variation search.
            let score = if moves_searched == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, node.child())
            } else {
                let mut r = 0;
                if depth >= p::LMR_MIN_DEPTH
                    && moves_searched >= p::LMR_MIN_MOVES + pv_node as i32
                    && (quiet || picker.stage() == Stage::BadCaptures)
                {
                    r = self.lmr[depth.min(63) as usize][moves_searched.min(63) as usize] as i32;
                    r -= tt_pv as i32;
                    r += p::LMR_CUT_NODE * cut_node as i32;
                    r += !improving as i32;
                    r -= gives_check as i32;
                    if quiet {
                        r += tt_move_tactical as i32;
                        if Some(m) == killers[0] || Some(m) == killers[1] || Some(m) == counter {
                            r -= 1;
                        }
                        r -= self.history.quiet(us, m, &conts) / p::LMR_HISTORY_DIVISOR;
                    }
                    r = r.min(new_depth - 1).max(0);
                }
                let mut s = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, Node::Cut);
                if s > alpha && r > 0 {
                    let full = if cut_node { Node::All } else { Node::Cut };
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, full);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, Node::Pv);
                }
                s
            };
            self.hashes.pop();
            moves_searched += 1;
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.pv.update(ply, m);
                    }
                    if score >= beta {
                        // Step 14. History and killers.
                        if quiet {
                            self.history.update_quiet(us, m, &quiets_tried, depth, ply, prev, &conts);
                        }
                        self.history.update_captures(pos, Some(m).filter(|_| !quiet), &captures_tried, depth);
                        break;
                    }
                    alpha = score;
                }
            }
            if Some(m) != best_move {
                let _ = if quiet { quiets_tried.try_push(m) } else { captures_tried.try_push(m) };
            }
        }

        // A quiet best move that raised alpha without a cut (at a PV node) is rewarded too.
        if let Some(m) = best_move.filter(|&m| best_score < beta && !is_tactical(pos, m)) {
            self.history.update_quiet(us, m, &quiets_tried, depth, ply, prev, &conts);
        }

        if moves_searched == 0 && excluded.is_some() {
            // The left-out move was the only one (or all others were pruned).
            return alpha;
        }

        // Step 16. Transposition table store.
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_move.is_some() && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            self.tt.store(hash, ply, best_move, best_score, raw_eval, depth, bound, tt_pv);
            // Learn the evaluation's error from a quiet result that bounds it on the right side.
            if !in_check
                && best_move.is_none_or(|m| !is_tactical(pos, m))
                && best_score.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best_score <= static_eval)
                && !(bound == Bound::Upper && best_score >= static_eval)
            {
                self.history.correction.update(pos, raw_eval, best_score, depth);
            }
        }
        best_score
    }

    /// Singular extension of the hash move `m` (entry `t`): a reduced search of every other
    /// move against a bound just below the hash move's score. When all fail low, `m` alone
    /// holds the score and is searched one ply deeper (two at a non-PV node when they fail by
    /// far); when even that bound is at least `beta`, several moves refute the node (a
    /// multi-cut); when only the hash score reaches `beta`, `m` is searched one ply shallower.
    #[allow(clippy::too_many_arguments)]
    fn singular(&mut self, pos: &Position, m: Move, t: TtHit, depth: i32, beta: i32, ply: usize, node: Node) -> Singular {
        if depth < p::SE_MIN_DEPTH || t.depth < depth - p::SE_TT_DEPTH_MARGIN || t.bound == Bound::Upper || t.score.abs() >= MATE_BOUND {
            return Singular::Extend(0);
        }
        let singular_beta = t.score - p::SE_MARGIN_PER_PLY * depth;
        self.frames[ply].excluded = Some(m);
        let without_m = if node == Node::Cut { Node::Cut } else { Node::All };
        let v = self.negamax(pos, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, without_m);
        self.frames[ply].excluded = None;
        if v < singular_beta {
            Singular::Extend(if node != Node::Pv && v < singular_beta - p::SE_DOUBLE_MARGIN { 2 } else { 1 })
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if t.score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }
}

/// What a node is expected to be: on the principal variation, failing high (a cut node: one
/// move should refute it, so late moves are reduced more), or failing low (an all node).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// Searched with an open window.
    Pv,
    /// Expected to fail high.
    Cut,
    /// Expected to fail low.
    All,
}

impl Node {
    /// The kind of this node's first child (and of its null-move child): a PV node's first
    /// child is on the PV; the first reply to a cut node should fail low, and the other way.
    fn child(self) -> Node {
        match self {
            Node::Pv => Node::Pv,
            Node::Cut => Node::All,
            Node::All => Node::Cut,
        }
    }
}

/// What a singular-extension search decided for the hash move.
enum Singular {
    /// Plies to add to (or, negative, take from) the hash move's depth.
    Extend(i32),
    /// The node fails high without searching further, with this score.
    Cut(i32),
}

/// The natural logarithm of `x` >= 1, to double precision: `x = 2^k m` with `1 <= m < 2`,
/// then `ln m = 2 atanh((m - 1) / (m + 1))` by its series. Written out because `f64::ln` links
/// libm's `log` into the wasm (150 B at gzip -9) for the one table that needs it.
fn ln(x: usize) -> f64 {
    let k = x.ilog2();
    let m = x as f64 / (1u64 << k) as f64;
    let z = (m - 1.0) / (m + 1.0);
    let (mut term, mut sum) = (z, 0.0);
    for i in 0..20 {
        sum += term / (2 * i + 1) as f64;
        term *= z * z;
    }
    k as f64 * core::f64::consts::LN_2 + 2.0 * sum
}

#[cfg(test)]
mod tests {
    use super::ln;

    #[test]
    fn ln_matches_std_on_the_reduction_table() {
        for x in 1..64usize {
            assert!((ln(x) - (x as f64).ln()).abs() < 1e-12, "{x}");
        }
    }
}

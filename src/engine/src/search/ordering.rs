//! Move ordering: a staged move picker, and the history tables it reads.
//!
//! The picker hands out the legal moves of a node best-first, in stages:
//! 1. `TtMove`: the hash move, if it is legal here;
//! 2. `GoodCaptures`: captures and promotions by the value they win, then by capture history
//!    (how often this piece taking this victim on this square caused a cut), each checked
//!    by SEE as it comes up; losing ones are set aside;
//! 3. `Killers`: the two quiet moves that last caused a cut at this ply, then the counter
//!    move (the quiet reply that refuted the opponent's last move);
//! 4. `Quiets`: the rest by history score (butterfly history plus the continuation histories
//!    of the moves one, two and four plies back), raised for a piece escaping an attack by a
//!    lesser piece and lowered for one moving into such an attack (scored only when reached);
//! 5. `BadCaptures`: the captures that lose material by SEE.
//!
//! All legal moves are generated once up front (the generator is fast and exact, so no
//! pseudo-legal hash move check is needed); selection is lazy, so a cut-off after the first
//! few moves never sorts the rest. Quiescence takes only the tactical moves
//! (`Position::tactical_moves`, from the same copy of the generator).

use super::correction::Correction;
use super::params::{HISTORY_BONUS_CAP, HISTORY_MAX, SEE_VALUE, THREAT_ESCAPE_BONUS};
use super::see::see_ge;
use super::MAX_PLY;
use crate::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{Bitboard, Color, Move, MoveKind, Position, Role};
use arrayvec::ArrayVec;

/// A move with an ordering score.
#[derive(Clone, Copy)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Higher first.
    pub score: i32,
}

/// A move in 16 bits (for the transposition table): from, to, kind. Never 0.
#[inline(always)]
pub fn encode(m: Move) -> u16 {
    let kind = match m.kind() {
        MoveKind::Normal => 0,
        MoveKind::EnPassant => 1,
        MoveKind::Castle => 2,
        MoveKind::Promotion(Role::Knight) => 3,
        MoveKind::Promotion(Role::Bishop) => 4,
        MoveKind::Promotion(Role::Rook) => 5,
        MoveKind::Promotion(_) => 6,
    };
    m.from() as u16 | (m.to() as u16) << 6 | kind << 12
}

/// Whether `m` captures or promotes (the moves quiescence looks at, and the ones that are
/// not "quiet" for killers and history).
#[inline(always)]
pub fn is_tactical(pos: &Position, m: Move) -> bool {
    m.promotion().is_some() || m.is_en_passant() || (!m.is_castle() && pos.board().by_color(!pos.turn()).contains(m.to()))
}

/// The ordering score of a capture or promotion: the value it wins (victim plus promotion)
/// first, then how often this piece taking this victim on this square caused a cut.
#[inline(always)]
fn capture_score(pos: &Position, m: Move, history: &History) -> i32 {
    let victim = pos.capture_of(m).map_or(0, |r| SEE_VALUE[r as usize]);
    let promo = m.promotion().map_or(0, |r| SEE_VALUE[r as usize]);
    (victim + promo) * 16 + history.capture(pos, m) / 2
}

/// A move as continuation histories see it: the moving piece (`colour * 6 + role`) and its
/// destination square (the king's for castling).
pub type ContKey = Option<(u8, u8)>;

/// The continuation key of `side`'s move `m` (`None`: no move, or a null move).
#[inline(always)]
pub fn cont_key(side: Color, m: Option<Move>) -> ContKey {
    m.map(|m| (side as u8 * 6 + m.role() as u8, m.destination() as u8))
}

/// The continuation keys a quiet move is scored after: the moves one, two and four plies
/// back (the opponent's last move, then our own two before it).
pub type Conts = [ContKey; 3];

/// Size of a continuation history: [previous piece][previous to][piece][to].
const CONT_SIZE: usize = 12 * 64 * 12 * 64;

#[inline(always)]
fn cont_index(prev: (u8, u8), side: Color, m: Move) -> usize {
    (((prev.0 as usize * 64 + prev.1 as usize) * 12 + side as usize * 6 + m.role() as usize) * 64) + m.destination() as usize
}

/// Size of the capture history: [moved piece][to][victim role, or 6 for none].
const CAPTURE_SIZE: usize = 12 * 64 * 7;

/// The capture history entry of the tactical move `m`: the moving piece (`colour * 6 + role`),
/// its destination and the role it takes there (6 for none: a promotion or en passant).
#[inline(always)]
fn capture_slot(pos: &Position, m: Move) -> usize {
    ((pos.turn() as usize * 6 + m.role() as usize) * 64 + m.to() as usize) * 7 + pos.board().role_at(m.to()).map_or(6, |r| r as usize)
}

/// Move-ordering statistics shared by the whole search.
pub struct History {
    /// Butterfly history: [side][from][to], within +-HISTORY_MAX.
    butterfly: [[[i32; 64]; 64]; 2],
    /// Continuation history (shared by the one-, two- and four-ply-back keys), within +-HISTORY_MAX.
    cont: Vec<i16>,
    /// Capture history, by [`capture_slot`].
    capture: [i32; CAPTURE_SIZE],
    /// Two killer moves per ply.
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// Counter moves: [moved piece (colour * 6 + role)][destination] of the previous move.
    counter: [[Option<Move>; 64]; 12],
    /// Static evaluation corrections by pawn structure and by each side's other pieces.
    pub correction: Correction,
}

impl History {
    /// Empty tables.
    pub fn new() -> History {
        History {
            butterfly: [[[0; 64]; 64]; 2],
            cont: vec![0; CONT_SIZE],
            capture: [0; CAPTURE_SIZE],
            killers: [[None; 2]; MAX_PLY + 1],
            counter: [[None; 64]; 12],
            correction: Correction::new(),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.butterfly = [[[0; 64]; 64]; 2];
        self.cont.iter_mut().for_each(|h| *h = 0);
        self.capture = [0; CAPTURE_SIZE];
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.counter = [[None; 64]; 12];
        self.correction.clear();
    }

    /// Keeps the tables between searches but halves the history and forgets killers.
    pub fn age(&mut self) {
        for side in self.butterfly.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// The history score of a quiet move for `side`: butterfly plus continuation histories
    /// after the moves `conts` (one, two and four plies back).
    #[inline(always)]
    pub fn quiet(&self, side: Color, m: Move, conts: &Conts) -> i32 {
        let mut h = self.butterfly[side as usize][m.from() as usize][m.to() as usize];
        for c in conts.iter().flatten() {
            h += self.cont[cont_index(*c, side, m)] as i32;
        }
        h
    }

    /// The capture history score of the tactical move `m`.
    #[inline(always)]
    pub fn capture(&self, pos: &Position, m: Move) -> i32 {
        self.capture[capture_slot(pos, m)]
    }

    /// Rewards the tactical move `best` that caused a cut (if any) and punishes the tactical
    /// moves `tried` before the cut.
    pub fn update_captures(&mut self, pos: &Position, best: Option<Move>, tried: &[Move], depth: i32) {
        let bonus = (depth * depth).min(HISTORY_BONUS_CAP);
        if let Some(m) = best {
            gravity(&mut self.capture[capture_slot(pos, m)], bonus);
        }
        for &m in tried {
            gravity(&mut self.capture[capture_slot(pos, m)], -bonus);
        }
    }

    /// The killers at `ply`.
    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// Clears the killers of the ply below `ply` (its children start afresh).
    #[inline(always)]
    pub fn clear_killers(&mut self, ply: usize) {
        if ply < MAX_PLY {
            self.killers[ply] = [None; 2];
        }
    }

    /// The counter move to `prev` (a move of `side`'s opponent), if any.
    #[inline(always)]
    pub fn counter(&self, prev: Option<(Color, Move)>) -> Option<Move> {
        let (c, m) = prev?;
        self.counter[c as usize * 6 + m.role() as usize][m.destination() as usize]
    }

    /// Rewards the quiet move `best` that caused a cut at `ply` and punishes the quiets tried
    /// before it.
    #[allow(clippy::too_many_arguments)]
    pub fn update_quiet(
        &mut self,
        side: Color,
        best: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
        prev: Option<(Color, Move)>,
        conts: &Conts,
    ) {
        let bonus = (depth * depth).min(HISTORY_BONUS_CAP);
        self.reward(side, best, bonus, conts);
        for &m in tried {
            if m != best {
                self.reward(side, m, -bonus, conts);
            }
        }
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
        if let Some((c, m)) = prev {
            self.counter[c as usize * 6 + m.role() as usize][m.destination() as usize] = Some(best);
        }
    }
}

impl History {
    #[inline(always)]
    fn reward(&mut self, side: Color, m: Move, bonus: i32, conts: &Conts) {
        gravity(&mut self.butterfly[side as usize][m.from() as usize][m.to() as usize], bonus);
        for c in conts.iter().flatten() {
            let h = &mut self.cont[cont_index(*c, side, m)];
            let mut v = *h as i32;
            gravity(&mut v, bonus);
            *h = v as i16;
        }
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

/// Moves a history entry toward +-HISTORY_MAX, more slowly the closer it is.
#[inline(always)]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
    *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
}

/// The stages of the main-search picker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// The hash move.
    TtMove,
    /// Captures and promotions that do not lose material.
    GoodCaptures,
    /// First killer.
    Killer1,
    /// Second killer.
    Killer2,
    /// Counter move.
    Counter,
    /// Quiet moves, scored by history.
    Quiets,
    /// Captures that lose material.
    BadCaptures,
    /// Nothing left.
    Done,
}

/// Hands out the legal moves of a node best-first (see the module documentation).
pub struct MovePicker {
    list: ArrayVec<ScoredMove, 256>,
    /// `list[..n_caps]` are captures and promotions, `list[n_caps..]` quiet moves.
    n_caps: usize,
    /// Captures set aside by SEE are moved to `list[..bad_end]`.
    bad_end: usize,
    bad_cur: usize,
    cur: usize,
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    conts: Conts,
    skip_quiets: bool,
}

impl MovePicker {
    /// A picker for the main search: every legal move of `pos`.
    pub fn new(
        pos: &Position,
        history: &History,
        tt_move: u16,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        conts: Conts,
    ) -> MovePicker {
        let mut list = ArrayVec::new();
        let theirs = pos.board().by_color(!pos.turn());
        let mut found_tt = None;
        let mut n_caps = 0;
        // Over `legal_moves()`, the generator's copy that the rest of the crate shares (its own
        // closure would instantiate the generator once more: 3.5 KB of wasm, no faster).
        for &m in pos.legal_moves().iter() {
            if tt_move != 0 && encode(m) == tt_move {
                found_tt = Some(m);
            }
            let tactical = m.promotion().is_some() || m.is_en_passant() || (!m.is_castle() && theirs.contains(m.to()));
            list.push(ScoredMove { mv: m, score: 0 });
            if tactical {
                let last = list.len() - 1;
                list.swap(n_caps, last);
                n_caps += 1;
            }
        }
        for sm in list[..n_caps].iter_mut() {
            sm.score = capture_score(pos, sm.mv, history);
        }
        let killers = [killers[0].filter(|&k| Some(k) != found_tt), killers[1].filter(|&k| Some(k) != found_tt)];
        let counter = counter.filter(|&c| Some(c) != found_tt && Some(c) != killers[0] && Some(c) != killers[1]);
        MovePicker {
            list,
            n_caps,
            bad_end: 0,
            bad_cur: 0,
            cur: 0,
            stage: Stage::TtMove,
            tt_move: found_tt,
            killers,
            counter,
            conts,
            skip_quiets: false,
        }
    }

    /// A picker for quiescence: captures and queen promotions only (all moves if in check,
    /// which is handled by [`MovePicker::new`]).
    pub fn captures(pos: &Position, history: &History, tt_move: u16) -> MovePicker {
        let mut list = ArrayVec::new();
        let mut found_tt = None;
        for &m in pos.tactical_moves().iter() {
            if tt_move != 0 && encode(m) == tt_move {
                found_tt = Some(m);
            }
            list.push(ScoredMove { mv: m, score: capture_score(pos, m, history) });
        }
        let n_caps = list.len();
        MovePicker {
            list,
            n_caps,
            bad_end: 0,
            bad_cur: 0,
            cur: 0,
            stage: Stage::TtMove,
            tt_move: found_tt,
            killers: [None; 2],
            counter: None,
            conts: Conts::default(),
            skip_quiets: true,
        }
    }

    /// Whether there are no moves at all.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// From now on, hand out no more quiet moves (late move pruning).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The current stage.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    fn contains_quiet(&self, m: Move) -> bool {
        self.list[self.n_caps..].iter().any(|sm| sm.mv == m)
    }

    /// The next move, or `None` when all have been handed out. With `use_see`, captures that
    /// lose material by SEE wait until after the quiet moves; without it (quiescence, which
    /// prunes them itself) every capture comes in the order of `capture_score`.
    pub fn next(&mut self, pos: &Position, history: &History, use_see: bool) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GoodCaptures;
                    if let Some(m) = self.tt_move {
                        return Some(m);
                    }
                }
                Stage::GoodCaptures => {
                    if self.cur < self.n_caps {
                        let best = select_best(&self.list, self.cur, self.n_caps);
                        let m = self.list[best].mv;
                        self.list.swap(self.cur, best);
                        if Some(m) == self.tt_move {
                            self.cur += 1;
                            continue;
                        }
                        if use_see && !see_ge(pos, m, 0) {
                            self.list.swap(self.bad_end, self.cur);
                            self.bad_end += 1;
                            self.cur += 1;
                            continue;
                        }
                        self.cur += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Killer1;
                }
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    if let Some(k) = self.killers[0] {
                        if !self.skip_quiets && self.contains_quiet(k) {
                            return Some(k);
                        }
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    if let Some(k) = self.killers[1] {
                        if !self.skip_quiets && self.contains_quiet(k) {
                            return Some(k);
                        }
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::Quiets;
                    self.cur = self.n_caps;
                    if !self.skip_quiets {
                        let side = pos.turn();
                        let threats = threatened_squares(pos);
                        for sm in self.list[self.n_caps..].iter_mut() {
                            let (role, from, to) = (sm.mv.role() as usize, sm.mv.from(), sm.mv.to());
                            let escape =
                                if sm.mv.is_castle() { 0 } else { threats[role].contains(from) as i32 - threats[role].contains(to) as i32 };
                            sm.score = history.quiet(side, sm.mv, &self.conts) + escape * THREAT_ESCAPE_BONUS;
                        }
                    }
                    if let Some(c) = self.counter {
                        if !self.skip_quiets && self.contains_quiet(c) {
                            return Some(c);
                        }
                    }
                }
                Stage::Quiets => {
                    if !self.skip_quiets && self.cur < self.list.len() {
                        let end = self.list.len();
                        let best = select_best(&self.list, self.cur, end);
                        self.list.swap(self.cur, best);
                        let m = self.list[self.cur].mv;
                        self.cur += 1;
                        if Some(m) == self.tt_move || Some(m) == self.killers[0] || Some(m) == self.killers[1] || Some(m) == self.counter {
                            continue;
                        }
                        return Some(m);
                    }
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    if self.bad_cur < self.bad_end {
                        let m = self.list[self.bad_cur].mv;
                        self.bad_cur += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

/// For each role of the side to move, the squares where such a piece would be attacked by a
/// less valuable enemy piece (pawns for minors, minors for rooks, rooks for queens).
fn threatened_squares(pos: &Position) -> [Bitboard; 6] {
    let b = pos.board();
    let them = !pos.turn();
    let occupied = b.occupied();
    let theirs = b.by_color(them);
    let mut by_pawn = Bitboard::EMPTY;
    for sq in theirs & b.by_role(Role::Pawn) {
        by_pawn |= pawn_attacks(them, sq);
    }
    let mut by_minor = by_pawn;
    for sq in theirs & b.by_role(Role::Knight) {
        by_minor |= knight_attacks(sq);
    }
    for sq in theirs & b.by_role(Role::Bishop) {
        by_minor |= bishop_attacks(sq, occupied);
    }
    let mut by_rook = by_minor;
    for sq in theirs & b.by_role(Role::Rook) {
        by_rook |= rook_attacks(sq, occupied);
    }
    [Bitboard::EMPTY, by_pawn, by_pawn, by_minor, by_rook, Bitboard::EMPTY]
}

/// The index of the highest score in `list[from..to]`.
#[inline(always)]
fn select_best(list: &[ScoredMove], from: usize, to: usize) -> usize {
    let mut best = from;
    for i in from + 1..to {
        if list[i].score > list[best].score {
            best = i;
        }
    }
    best
}

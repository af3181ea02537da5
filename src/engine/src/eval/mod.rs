//! Static evaluation: how good a quiet position is for the side to move, in centipawns.
//!
//! A hand-crafted, tapered evaluation. Every term is a score pair `S(mg, eg)`; the sum of
//! all terms (White's minus Black's) is blended by the game phase, with the endgame half
//! moved by the pawns on the board (fewer: toward zero) and scaled down in drawish endings:
//!
//! 1. material and piece-square tables;
//! 2. mobility: a score per number of reachable squares (not own pieces nor attacked by enemy
//!    pawns), one table per piece;
//! 3. pawn structure: passed (with free and safe stop square and king distance), isolated,
//!    doubled, connected;
//! 4. pieces: bishop pair, bishops' own pawns on their colour, rooks on open files, outposts,
//!    pieces threatened by lesser ones, pieces and pawns attacked and undefended, pieces a
//!    safe pawn push would attack;
//! 5. king safety: attackers of the king zone and safe checks (linear and quadratic), pawn
//!    shield; and in the endgame, the king's distance to the nearest pawn;
//! 6. endgame knowledge: no mating material is 0, opposite-coloured bishops and a
//!    pawnless minor-piece edge are scaled down, a bare king is driven to the edge (and, against
//!    a bishop and a knight, to a corner of the bishop's colour).
//!
//! Guarantees: deterministic, symmetric (a colour-flipped position gets the negated score
//! before the tempo bonus), never within the mate score range. All weights live in
//! [`params`] (the linear ones in [`EvalParams`], for the tuner).
//!
//! The search evaluates through a [`PawnCache`] ([`evaluate_cached`]): the terms that depend
//! on the pawns alone are kept by pawn placement, so repeated structures cost nothing.
//!
//! A learned evaluation, [`nnue`], corrects this one (the built-in net, a residual one, by
//! default at full strength) or replaces it (a net alone given to `Search::set_net` or by
//! `rocada-uci`'s `EvalFile` option); levels 1..19 search with this one alone.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{Bitboard, Board, Color, Piece, Position, Rank, Role, Square};
use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use params as p;

#[cfg(feature = "nnue")]
pub mod nnue;
pub mod params;

/// A score pair: middlegame and endgame values, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}
impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}
impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

#[inline(always)]
fn file_mask(file: u32) -> Bitboard {
    Bitboard(FILE_A << file)
}

/// The files beside `file`.
#[inline(always)]
fn adjacent_files(file: u32) -> Bitboard {
    let mut m = 0;
    if file > 0 {
        m |= FILE_A << (file - 1);
    }
    if file < 7 {
        m |= FILE_A << (file + 1);
    }
    Bitboard(m)
}

/// The ranks strictly ahead of `sq` from `color`'s side.
#[inline(always)]
fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let r = sq.rank() as u32;
    match color {
        Color::White => Bitboard(if r >= 7 { 0 } else { !0u64 << (8 * (r + 1)) }),
        Color::Black => Bitboard((1u64 << (8 * r)) - 1),
    }
}

/// The rank counted from `color`'s side (0 = own back rank).
#[inline(always)]
fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// Index into the piece-square tables (rank 8 first, files a..d; files e..h mirror them) for
/// a piece of `color` on `sq`.
#[inline(always)]
fn pst_index(color: Color, sq: Square) -> usize {
    let rank = match color {
        Color::White => 7 - sq.rank() as usize,
        Color::Black => sq.rank() as usize,
    };
    let file = sq.file() as usize;
    rank * 4 + file.min(7 - file)
}

/// Squares attacked by the pawns `pawns` of `color`.
#[inline(always)]
fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !FILE_A;
    let not_h = !(FILE_A << 7);
    let b = pawns.0;
    match color {
        Color::White => Bitboard(((b & not_a) << 7) | ((b & not_h) << 9)),
        Color::Black => Bitboard(((b & not_a) >> 9) | ((b & not_h) >> 7)),
    }
}

/// Steps from the four centre squares (0..=6).
#[inline(always)]
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (3 - f).max(f - 4) + (3 - r).max(r - 4)
}

/// The linear weights of the evaluation (the value used is [`params::EVAL`];
/// the tuner evaluates with others through [`evaluate_with`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalParams {
    /// Material by role (pawn, knight, bishop, rook, queen, king).
    pub piece_value: [S; 6],
    /// Piece-square tables by role, drawn from White's side (row 1 is rank 8) for files a..d;
    /// files e..h are their mirror image.
    pub pst: [[S; 32]; 6],
    /// By the number of reachable squares (not own pieces, not attacked by enemy pawns),
    /// for knight, bishop, rook and queen.
    pub mobility: [[S; 28]; 4],
    /// Passed pawn by relative rank (rank 1 .. rank 8).
    pub passed_pawn: [S; 8],
    /// Passed pawn whose stop square is free, by relative rank.
    pub passed_free: [S; 8],
    /// Per square of (their king's distance - ours) to a passed pawn's stop square, times
    /// the pawn's relative rank less one (ranks 3..7).
    pub passed_king_distance: S,
    /// A pawn with no friendly pawn on the adjacent files.
    pub isolated_pawn: S,
    /// Each pawn behind another friendly pawn on the same file.
    pub doubled_pawn: S,
    /// A pawn defended by a pawn or beside one (phalanx), by relative rank.
    pub connected_pawn: [S; 8],
    /// Both bishops.
    pub bishop_pair: S,
    /// A rook on a file without pawns.
    pub rook_open_file: S,
    /// A rook on a file with enemy pawns only.
    pub rook_semi_open_file: S,
    /// A minor attacked by a pawn, a rook by a pawn or minor, a queen by anything lesser.
    pub threatened_piece: S,
    /// A minor on ranks 4-6, defended by a pawn, that no enemy pawn can attack.
    pub outpost: S,
    /// Each own pawn on the two ranks in front of a king on its first two ranks (three files).
    pub king_shield_pawn: S,
    /// Each file next to (or of) such a king without own pawns.
    pub king_open_file: S,
    /// King danger, per `units^2 / 64` (units: attackers of the king zone and safe checks).
    pub king_danger: S,
    /// A piece (not a pawn or the king) attacked and not defended.
    pub hanging_piece: S,
    /// Each own pawn on the squares of a bishop's colour, per bishop.
    pub bishop_pawns: S,
    /// A piece (not a pawn or the king) that an enemy pawn would attack after a safe push.
    pub pawn_push_threat: S,
    /// A pawn attacked and not defended.
    pub weak_pawn: S,
    /// Per relative rank less one (ranks 3..7), a passed pawn whose stop square no enemy piece
    /// or pawn attacks.
    pub passed_safe_stop: S,
    /// King danger, per unit (with `king_danger`, whatever the number of attackers).
    pub king_danger_linear: S,
    /// Endgame score added toward the stronger side per pawn on the board (the endgame half
    /// of the pair; `complexity_*` never reverses the score's sign).
    pub complexity_pawns: S,
    /// ... when there are pawns on both flanks (files a..d and e..h);
    pub complexity_both_flanks: S,
    /// ... and always (negative: fewer pawns, a smaller advantage).
    pub complexity_base: S,
    /// Per step between a king and the nearest pawn, its own or the enemy's.
    pub king_pawn_distance: S,
}

/// What the first pass learns about one side.
#[derive(Default)]
struct SideInfo {
    /// Squares attacked, by role of the attacker.
    attacks: [Bitboard; 6],
    /// Union of `attacks`.
    all: Bitboard,
    /// King-attack units against the enemy king zone.
    units: i32,
    /// Number of pieces attacking the enemy king zone.
    attackers: i32,
}

/// The evaluation of `pos` for the side to move, in centipawns.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &p::EVAL)
}

/// [`evaluate`], reading the pawn-only terms from `cache` (the same result, faster when the
/// pawns repeat, as they do across a search).
#[inline]
pub fn evaluate_cached(pos: &Position, cache: &mut PawnCache) -> i32 {
    let b = pos.board();
    let entry = cache.entry(b, &p::EVAL);
    evaluate_from(pos, &p::EVAL, &entry)
}

/// [`evaluate`] with the linear weights `w` (for the tuner).
pub fn evaluate_with(pos: &Position, w: &EvalParams) -> i32 {
    let b = pos.board();
    evaluate_from(pos, w, &PawnEntry::new(pawns_of(b), w))
}

/// The evaluation with weights `w`, given the pawn-only terms `pawn_terms` of `pos`.
fn evaluate_from(pos: &Position, w: &EvalParams, pawn_terms: &PawnEntry) -> i32 {
    let b = pos.board();
    if no_mating_material(b) {
        return 0;
    }
    let (white, wphase) = material_and_tables(b, Color::White, w);
    let (black, bphase) = material_and_tables(b, Color::Black, w);
    let mut score = white - black;
    let phase = (wphase + bphase).min(p::PHASE_MAX);

    let mut info = [SideInfo::default(), SideInfo::default()];
    for color in Color::ALL {
        let s = pieces(b, color, &mut info[color as usize], w);
        score += if color == Color::White { s } else { -s };
    }
    for color in Color::ALL {
        let i = color as usize;
        let their_attacks = info[!color as usize].all;
        let s = pawn_terms.structure[i] + passers(b, color, pawn_terms.passed[i], their_attacks, w) + threats_and_king(b, color, &info, w);
        score += if color == Color::White { s } else { -s };
    }

    score.1 += complexity(b, score.1, w);
    let strong = if score.1 >= 0 { Color::White } else { Color::Black };
    let scale = endgame_scale(b, strong, w);
    let eg = score.1 * scale / p::SCALE_FULL;
    let mut v = (score.0 * phase + eg * (p::PHASE_MAX - phase)) / p::PHASE_MAX;
    v += mop_up(b, strong, w) * if strong == Color::White { 1 } else { -1 };

    let v = if pos.turn() == Color::White { v } else { -v };
    v + p::TEMPO
}

/// How much the endgame score `eg` (White's) grows with the pawns on the board, toward the
/// side it favours; it shrinks at most to zero.
#[inline(always)]
fn complexity(b: &Board, eg: i32, w: &EvalParams) -> i32 {
    let pawns = b.by_role(Role::Pawn);
    let queenside = Bitboard(FILE_A * 0b1111); // files a..d
    let both_flanks = (pawns & queenside).any() && (pawns & !queenside).any();
    let c = w.complexity_pawns.1 * pawns.count() as i32 + w.complexity_both_flanks.1 * both_flanks as i32 + w.complexity_base.1;
    eg.signum() * c.max(-eg.abs())
}

/// Whether neither side can possibly mate (K v K, K+minor v K, bishops all on one colour).
pub fn no_mating_material(b: &Board) -> bool {
    if (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen)).any() {
        return false;
    }
    let minors = b.by_role(Role::Knight) | b.by_role(Role::Bishop);
    if minors.count() <= 1 {
        return true;
    }
    let bishops = b.by_role(Role::Bishop);
    b.by_role(Role::Knight).is_empty() && ((bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty())
}

/// Material and piece-square tables of `color`, and its phase weight.
fn material_and_tables(b: &Board, color: Color, w: &EvalParams) -> (S, i32) {
    let mut s = S(0, 0);
    let mut phase = 0;
    for role in Role::ALL {
        let bb = b.by_piece(Piece::new(color, role));
        let n = bb.count() as i32;
        s += w.piece_value[role as usize] * n;
        phase += p::PHASE_WEIGHT[role as usize] * n;
        for sq in bb {
            s += w.pst[role as usize][pst_index(color, sq)];
        }
    }
    (s, phase)
}

/// Mobility, attack maps, king-zone attacks, bishop pair, rook files, outposts of `color`.
fn pieces(b: &Board, color: Color, info: &mut SideInfo, w: &EvalParams) -> S {
    let them = !color;
    let ours = b.by_color(color);
    let occupied = b.occupied();
    let our_pawns = b.by_piece(Piece::new(color, Role::Pawn));
    let their_pawns = b.by_piece(Piece::new(them, Role::Pawn));
    let their_pawn_attacks = pawn_attack_set(them, their_pawns);
    let our_pawn_attacks = pawn_attack_set(color, our_pawns);
    let area = !ours & !their_pawn_attacks;
    let zone = match b.king_of(them) {
        Some(k) => king_attacks(k).with(k),
        None => Bitboard::EMPTY,
    };
    let mut s = S(0, 0);
    info.attacks[Role::Pawn as usize] = our_pawn_attacks;

    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let r = role as usize;
        for sq in b.by_piece(Piece::new(color, role)) {
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                _ => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
            };
            info.attacks[r] |= attacks;
            s += w.mobility[r - 1][(attacks & area).count() as usize];
            if (attacks & zone).any() {
                info.units += p::KING_ATTACK_UNITS[r];
                info.attackers += 1;
            }
            match role {
                Role::Knight | Role::Bishop => {
                    if role == Role::Bishop {
                        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) { Bitboard::LIGHT_SQUARES } else { Bitboard::DARK_SQUARES };
                        s += w.bishop_pawns * (our_pawns & colour).count() as i32;
                    }
                    let rr = relative_rank(color, sq);
                    let span = adjacent_files(sq.file() as u32) & ranks_ahead(color, sq);
                    if (3..=5).contains(&rr) && our_pawn_attacks.contains(sq) && (span & their_pawns).is_empty() {
                        s += w.outpost;
                    }
                }
                Role::Rook => {
                    let file = file_mask(sq.file() as u32);
                    if (file & our_pawns).is_empty() {
                        s += if (file & their_pawns).is_empty() { w.rook_open_file } else { w.rook_semi_open_file };
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(k) = b.king_of(color) {
        info.attacks[Role::King as usize] = king_attacks(k);
    }
    info.all = info.attacks.iter().fold(Bitboard::EMPTY, |acc, &a| acc | a);
    if b.by_piece(Piece::new(color, Role::Bishop)).more_than_one() {
        s += w.bishop_pair;
    }
    s
}

/// The terms that depend on the pawns alone: each side's structure score (doubled, isolated,
/// connected, passed by rank) and its passed pawns.
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    /// The key: White's pawns, then Black's.
    pawns: [Bitboard; 2],
    structure: [S; 2],
    passed: [Bitboard; 2],
}

impl PawnEntry {
    /// The pawn-only terms of `pawns` (White's, Black's) with weights `w`.
    fn new(pawns: [Bitboard; 2], w: &EvalParams) -> PawnEntry {
        let [(white, white_passed), (black, black_passed)] = Color::ALL.map(|c| pawn_structure(pawns, c, w));
        PawnEntry { pawns, structure: [white, black], passed: [white_passed, black_passed] }
    }
}

/// A cache of the pawn-only terms, by the exact pawn placement (no collisions). The empty
/// entry (no pawns at all) is a correct one.
pub struct PawnCache {
    entries: Vec<PawnEntry>,
}

/// Each side's pawns on `b`: White's, then Black's (the key of tables by pawn placement).
#[inline(always)]
pub fn pawns_of(b: &Board) -> [Bitboard; 2] {
    Color::ALL.map(|c| b.by_piece(Piece::new(c, Role::Pawn)))
}

/// A hash of `pawns` (White's, Black's) whose top bits index tables by pawn placement (the
/// [`PawnCache`], the search's correction history): the top bits of a product depend on every
/// bit of the factor.
#[inline(always)]
pub fn pawn_hash(pawns: [Bitboard; 2]) -> u64 {
    pawns[0].0.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(pawns[1].0.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
}

/// Entries in a [`PawnCache`].
const PAWN_CACHE_SIZE: usize = 1 << 12;

impl PawnCache {
    /// An empty cache.
    pub fn new() -> PawnCache {
        PawnCache { entries: vec![PawnEntry::default(); PAWN_CACHE_SIZE] }
    }

    /// The entry of `b`'s pawns, computed with `w` on a miss.
    #[inline]
    fn entry(&mut self, b: &Board, w: &EvalParams) -> PawnEntry {
        let pawns = pawns_of(b);
        let slot = &mut self.entries[(pawn_hash(pawns) >> (64 - PAWN_CACHE_SIZE.trailing_zeros())) as usize];
        if slot.pawns != pawns {
            *slot = PawnEntry::new(pawns, w);
        }
        *slot
    }
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}

/// Pawn structure of `color` given both sides' pawns (White's, Black's), and its passed pawns.
fn pawn_structure(pawns: [Bitboard; 2], color: Color, w: &EvalParams) -> (S, Bitboard) {
    let them = !color;
    let ours = pawns[color as usize];
    let theirs = pawns[them as usize];
    let mut s = S(0, 0);
    let mut passed_pawns = Bitboard::EMPTY;
    for sq in ours {
        let file = sq.file() as u32;
        let ahead = ranks_ahead(color, sq);
        let rr = relative_rank(color, sq);
        let same_file_ahead = file_mask(file) & ahead;
        let adjacent = adjacent_files(file);
        if (ours & same_file_ahead).any() {
            s += w.doubled_pawn;
        }
        if (ours & adjacent).is_empty() {
            s += w.isolated_pawn;
        }
        let rank_bb = Bitboard::from_rank(sq.rank());
        let defended = (pawn_attacks(them, sq) & ours).any();
        let phalanx = (adjacent & rank_bb & ours).any();
        if defended || phalanx {
            s += w.connected_pawn[rr];
        }
        let passed = (theirs & (same_file_ahead | (adjacent & ahead))).is_empty() && (ours & same_file_ahead).is_empty();
        if passed {
            s += w.passed_pawn[rr];
            passed_pawns = passed_pawns.with(sq);
        }
    }
    (s, passed_pawns)
}

/// The terms of `color`'s passed pawns `passed` that depend on the other pieces: a free stop
/// square, one the enemy (attacking `their_attacks`) does not control, and the kings'
/// distances to it.
fn passers(b: &Board, color: Color, passed: Bitboard, their_attacks: Bitboard, w: &EvalParams) -> S {
    let our_king = b.king_of(color);
    let their_king = b.king_of(!color);
    let occupied = b.occupied();
    let mut s = S(0, 0);
    for sq in passed {
        let rr = relative_rank(color, sq);
        let stop = Square::new(if color == Color::White { sq as u32 + 8 } else { sq as u32 - 8 });
        if !occupied.contains(stop) {
            s += w.passed_free[rr];
        }
        if !their_attacks.contains(stop) {
            s += w.passed_safe_stop * (rr as i32 - 1).max(0);
        }
        if let (Some(ok), Some(tk), true) = (our_king, their_king, rr >= 2) {
            let weight = rr as i32 - 1;
            let d = tk.distance(stop) as i32 - ok.distance(stop) as i32;
            s += w.passed_king_distance * (d * weight);
        }
    }
    s
}

/// Threats against `color`'s pieces, the safety of `color`'s king and the king's distance to the
/// nearest pawn.
fn threats_and_king(b: &Board, color: Color, info: &[SideInfo; 2], w: &EvalParams) -> S {
    let them = !color;
    let mine = &info[color as usize];
    let theirs = &info[them as usize];
    let ours = b.by_color(color);
    let mut s = S(0, 0);

    // Threats: minors attacked by pawns, rooks by minors or pawns, queens by anything lesser.
    let by_pawn = theirs.attacks[Role::Pawn as usize];
    let by_minor = theirs.attacks[Role::Knight as usize] | theirs.attacks[Role::Bishop as usize];
    let minors = ours & (b.by_role(Role::Knight) | b.by_role(Role::Bishop));
    let rooks = ours & b.by_role(Role::Rook);
    let queens = ours & b.by_role(Role::Queen);
    let threatened =
        (minors & by_pawn) | (rooks & (by_pawn | by_minor)) | (queens & (by_pawn | by_minor | theirs.attacks[Role::Rook as usize]));
    s += w.threatened_piece * threatened.count() as i32;
    let pieces = ours & !b.by_role(Role::Pawn) & !b.by_role(Role::King);
    let undefended = ours & theirs.all & !mine.all;
    s += w.hanging_piece * (pieces & undefended).count() as i32;
    s += w.weak_pawn * (b.by_role(Role::Pawn) & undefended).count() as i32;

    // Pieces an enemy pawn would attack after a safe push (one step, or two from its rank).
    let empty = !b.occupied();
    let up = them == Color::White;
    let one = b.by_piece(Piece::new(them, Role::Pawn)).shift_up(up) & empty;
    let double_rank = Bitboard::from_rank(if up { Rank::Third } else { Rank::Sixth });
    let two = (one & double_rank).shift_up(up) & empty;
    let safe = (one | two) & !mine.attacks[Role::Pawn as usize] & (theirs.all | !mine.all);
    s += w.pawn_push_threat * (pawn_attack_set(them, safe) & pieces & !by_pawn).count() as i32;

    let Some(king) = b.king_of(color) else {
        return s;
    };

    // Distance to the nearest pawn: in the endgame the king belongs among the pawns.
    if let Some(d) = b.by_role(Role::Pawn).into_iter().map(|sq| king.distance(sq) as i32).min() {
        s += w.king_pawn_distance * d;
    }

    // Pawn shield and open files around a king on its first two ranks.
    let our_pawns = b.by_piece(Piece::new(color, Role::Pawn));
    if relative_rank(color, king) <= 1 {
        let kf = king.file() as u32;
        let files = file_mask(kf) | adjacent_files(kf);
        let near_ranks = match color {
            Color::White => Bitboard::from_rank(Rank::Second) | Bitboard::from_rank(Rank::Third),
            Color::Black => Bitboard::from_rank(Rank::Seventh) | Bitboard::from_rank(Rank::Sixth),
        };
        s += w.king_shield_pawn * (files & near_ranks & our_pawns).count().min(3) as i32;
        for f in kf.saturating_sub(1)..=(kf + 1).min(7) {
            if (file_mask(f) & our_pawns).is_empty() {
                s += w.king_open_file;
            }
        }
    }

    // King danger: attackers of the zone plus safe checks, linear and quadratic in the units.
    let occupied = b.occupied();
    let safe = !b.by_color(them) & !mine.all;
    let mut units = theirs.units;
    let checks = [
        (Role::Knight, knight_attacks(king)),
        (Role::Bishop, bishop_attacks(king, occupied)),
        (Role::Rook, rook_attacks(king, occupied)),
        (Role::Queen, bishop_attacks(king, occupied) | rook_attacks(king, occupied)),
    ];
    for (role, from) in checks {
        if (from & theirs.attacks[role as usize] & safe).any() {
            units += p::SAFE_CHECK_UNITS[role as usize];
        }
    }
    s += w.king_danger_linear * units;
    let has_queen = (b.by_piece(Piece::new(them, Role::Queen))).any();
    if theirs.attackers >= 2 || (has_queen && theirs.attackers >= 1) {
        if !has_queen {
            units /= 2;
        }
        let square = (units * units).min(p::KING_DANGER_MAX_UNITS_SQUARED);
        s += S(w.king_danger.0 * square / 64, w.king_danger.1 * square / 64);
    }
    s
}

/// Non-pawn material of `color` in endgame values.
fn non_pawn_material(b: &Board, color: Color, w: &EvalParams) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| b.by_piece(Piece::new(color, r)).count() as i32 * w.piece_value[r as usize].1)
        .sum()
}

/// How much of the endgame score the stronger side keeps, out of `SCALE_FULL`.
fn endgame_scale(b: &Board, strong: Color, w: &EvalParams) -> i32 {
    let weak = !strong;
    let strong_pawns = b.by_piece(Piece::new(strong, Role::Pawn));
    let (npm_strong, npm_weak) = (non_pawn_material(b, strong, w), non_pawn_material(b, weak, w));
    if strong_pawns.is_empty() {
        let strong_pieces = b.by_color(strong) & !b.by_role(Role::King);
        let only_knights = (strong_pieces & !b.by_role(Role::Knight)).is_empty();
        if only_knights && strong_pieces.count() <= 2 {
            return 0;
        }
        if npm_strong - npm_weak <= w.piece_value[Role::Bishop as usize].1 {
            return p::SCALE_NO_PAWNS_MINOR_UP;
        }
    }
    let bishops = b.by_role(Role::Bishop);
    let wb = bishops & b.by_color(Color::White);
    let bb = bishops & b.by_color(Color::Black);
    if wb.count() == 1 && bb.count() == 1 {
        let wl = (wb & Bitboard::LIGHT_SQUARES).any();
        let bl = (bb & Bitboard::LIGHT_SQUARES).any();
        if wl != bl {
            let others = b.by_role(Role::Knight) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
            return if others.is_empty() { p::SCALE_OPPOSITE_BISHOPS } else { p::SCALE_OPPOSITE_BISHOPS_PIECES };
        }
    }
    p::SCALE_FULL
}

/// Whether a side has nothing but its king.
pub fn bare_king(b: &Board) -> bool {
    let kings = b.by_role(Role::King);
    Color::ALL.into_iter().any(|c| (b.by_color(c) & !kings).is_empty())
}

/// Against a bare king: drive it to the edge and bring the kings together.
fn mop_up(b: &Board, strong: Color, w: &EvalParams) -> i32 {
    let weak = !strong;
    if (b.by_color(weak) & !b.by_role(Role::King)).any() || non_pawn_material(b, strong, w) == 0 {
        return 0;
    }
    let (Some(sk), Some(wk)) = (b.king_of(strong), b.king_of(weak)) else {
        return 0;
    };
    let df = (sk.file() as i32 - wk.file() as i32).abs();
    let dr = (sk.rank() as i32 - wk.rank() as i32).abs();
    let edge = p::MOPUP_EDGE * centre_distance(wk) + p::MOPUP_KINGS * (14 - df - dr);
    match bishop_and_knight_colour(b, strong) {
        Some(dark) => edge + p::MOPUP_BN_CORNER * (14 - mating_corner_distance(wk, dark)),
        None => edge,
    }
}

/// With exactly a bishop and a knight (and the king) for `strong`: whether the bishop is on
/// the dark squares. King, bishop and knight mate only in a corner of the bishop's colour.
fn bishop_and_knight_colour(b: &Board, strong: Color) -> Option<bool> {
    let ours = b.by_color(strong);
    let bishops = ours & b.by_role(Role::Bishop);
    let knights = ours & b.by_role(Role::Knight);
    if bishops.count() != 1 || knights.count() != 1 || (ours & !bishops & !knights & !b.by_role(Role::King)).any() {
        return None;
    }
    Some((bishops & Bitboard::DARK_SQUARES).any())
}

/// Steps (file plus rank) from `sq` to the nearer corner of that colour (a1 and h8 are dark,
/// a8 and h1 light), 0..=14.
fn mating_corner_distance(sq: Square, dark: bool) -> i32 {
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    if dark {
        (f + r).min(14 - f - r)
    } else {
        (f + 7 - r).min(7 - f + r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    fn mirror(fen: &str) -> String {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        let mut b = Board::empty();
        for (sq, pc) in pos.board().pieces() {
            b.put(sq.flip_vertical(), Piece::new(!pc.color, pc.role));
        }
        let turn = if pos.turn() == Color::White { 'b' } else { 'w' };
        format!("{} {} - - 0 1", b.board_fen(), turn)
    }

    #[test]
    fn symmetric() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K2R w - - 0 1",
        ] {
            let a = evaluate(&Position::from_fen(fen, CastlingMode::Standard).unwrap());
            let m = evaluate(&Position::from_fen(&mirror(fen), CastlingMode::Standard).unwrap());
            assert_eq!(a, m, "{fen}");
        }
    }

    #[test]
    fn the_pawn_cache_changes_no_score() {
        // Pseudo-random games: every position's cached score equals the uncached one, through
        // hits, misses and slots taken over by other pawn placements.
        let mut cache = PawnCache::new();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut positions = 0;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
        ] {
            for _ in 0..40 {
                let mut pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
                for _ in 0..80 {
                    assert_eq!(evaluate_cached(&pos, &mut cache), evaluate(&pos), "{}", pos.fen());
                    positions += 1;
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(positions > 5000, "{positions}");
    }

    /// White to move's evaluation of `fen` with every weight zero but those `set` gives.
    fn with_only(fen: &str, set: impl Fn(&mut EvalParams)) -> i32 {
        let mut w = EvalParams::default();
        set(&mut w);
        evaluate_with(&Position::from_fen(fen, CastlingMode::Standard).unwrap(), &w) - p::TEMPO
    }

    #[test]
    fn a_weak_pawn_is_attacked_and_undefended() {
        let weak = |w: &mut EvalParams| w.weak_pawn = S(-10, -10);
        // e4 attacked by the knight, then defended by d3 (which nothing attacks); Black's a7
        // keeps the ending from counting as a pawnless one.
        assert_eq!(with_only("4k3/p7/5n2/8/4P3/8/8/4K3 w - - 0 1", weak), -10);
        assert_eq!(with_only("4k3/p7/5n2/8/4P3/3P4/8/4K3 w - - 0 1", weak), 0);
    }

    #[test]
    fn a_passed_pawn_gains_by_rank_when_no_enemy_controls_its_stop_square() {
        let safe = |w: &mut EvalParams| w.passed_safe_stop = S(10, 10);
        // e5 is on its fifth rank: three times the weight; then the knight on g7 guards e6.
        assert_eq!(with_only("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", safe), 30);
        assert_eq!(with_only("4k3/6n1/8/4P3/8/8/8/4K3 w - - 0 1", safe), 0);
    }

    #[test]
    fn a_king_far_from_the_pawns_loses_per_step() {
        let distance = |w: &mut EvalParams| w.king_pawn_distance = S(-10, -10);
        // White's king is three steps from a4, then four; Black's seven from a5.
        assert_eq!(with_only("7k/8/8/p7/P7/3K4/8/8 w - - 0 1", distance), 40);
        assert_eq!(with_only("7k/8/8/p7/P7/4K3/8/8 w - - 0 1", distance), 30);
    }

    #[test]
    fn complexity_moves_the_endgame_score_but_never_past_zero() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let pawn = |w: &mut EvalParams| w.piece_value[Role::Pawn as usize] = S(0, 20);
        assert_eq!(with_only(fen, pawn), 20);
        assert_eq!(
            with_only(fen, |w| {
                pawn(w);
                w.complexity_base = S(0, 10);
            }),
            30
        );
        assert_eq!(
            with_only(fen, |w| {
                pawn(w);
                w.complexity_pawns = S(0, 5);
                w.complexity_base = S(0, -100);
            }),
            0
        );
        // The same for Black: the score moves toward Black's side, and stops at zero.
        let black = "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            with_only(black, |w| {
                pawn(w);
                w.complexity_base = S(0, 10);
            }),
            -30
        );
        assert_eq!(
            with_only(black, |w| {
                pawn(w);
                w.complexity_base = S(0, -100);
            }),
            0
        );
    }

    #[test]
    fn bishop_and_knight_drive_the_king_to_their_corner() {
        assert_eq!(mating_corner_distance(Square::A1, true), 0);
        assert_eq!(mating_corner_distance(Square::H8, true), 0);
        assert_eq!(mating_corner_distance(Square::A8, true), 7);
        assert_eq!(mating_corner_distance(Square::H1, false), 0);
        assert_eq!(mating_corner_distance(Square::D4, false), 7);
        // Dark-squared bishop (e3): the bare king in h8 is worth more to White than in a8,
        // though both are corners; with a light-squared bishop (d3) the other way.
        let eval = |fen: &str| evaluate(&Position::from_fen(fen, CastlingMode::Standard).unwrap());
        assert!(eval("7k/8/5K2/8/8/4BN2/8/8 w - - 0 1") > eval("k7/8/2K5/8/8/4BN2/8/8 w - - 0 1") + 200);
        assert!(eval("k7/8/2K5/8/8/3BN3/8/8 w - - 0 1") > eval("7k/8/5K2/8/8/3BN3/8/8 w - - 0 1") + 200);
        // Other material keeps the plain edge term.
        assert_eq!(
            bishop_and_knight_colour(
                Position::from_fen("k7/8/2K5/8/8/3BB3/8/8 w - - 0 1", CastlingMode::Standard).unwrap().board(),
                Color::White
            ),
            None
        );
    }

    #[test]
    fn dead_material_is_zero() {
        let pos = Position::from_fen("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1", CastlingMode::Standard).unwrap();
        assert_eq!(evaluate(&pos), 0);
    }
}

//! SAN (Standard Algebraic Notation) and LAN (its long form): writing moves as `Nf3`, `exd5`,
//! `e8=Q+`, `O-O#` (or `Ng1-f3`, `e7xd8=Q`) in English, Romanian or Spanish letters or in
//! figurines, and reading them back.
//!
//! # Writing
//! [`to_san`] and [`to_san_styled`] give canonical SAN: the piece letter (none for pawns),
//! the least disambiguation that names the move among the *legal* moves (the from-file, else
//! the from-rank, else both), `x` for every capture (en passant included), the destination,
//! `=Q` for a promotion, `O-O` / `O-O-O` for castling (in Chess960 too, where the move is
//! stored king-onto-rook), then `+` for check or `#` for mate. [`for_each_san`] and
//! [`san_all`] write every legal move of a position at once, sharing the move generation, the
//! disambiguation and the check detection: what a board UI wants for
//! `moves({ verbose: true })`. [`to_lan`] writes LAN. A double check is
//! written `+` in every style (the Romanian `++` is read, not written).
//!
//! Reading is documented on [`parse_san`] (lenient forms, strict mode, piece letters by
//! language, errors), since this module is private and re-exported at the crate root.

use crate::attacks::{self, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::notation::quoted::Quoted;
use crate::{figurine, Bitboard, CastlingSide, Color, File, Lang, Move, MoveKind, MoveList, Piece, Position, Rank, Role, Square};
use arrayvec::{ArrayString, ArrayVec};
use core::fmt;

/// How SAN names pieces on output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanStyle {
    /// Letters of a language: English `K Q R B N`, Romanian `R D T N C`, Spanish `R D T A C`.
    Letters(Lang),
    /// Figurines `♔ ♕ ♖ ♗ ♘` (the white ones, for both sides, as printed books do).
    Figurine,
}

impl Default for SanStyle {
    fn default() -> SanStyle {
        SanStyle::Letters(Lang::En)
    }
}

impl SanStyle {
    /// The symbol this style writes for `role` (`None` for the pawn).
    pub const fn piece_char(self, role: Role) -> Option<char> {
        match self {
            SanStyle::Letters(lang) => lang.piece_letter(role),
            SanStyle::Figurine => figurine(role),
        }
    }
}

/// How [`parse_san`] reads: which language's piece letters it accepts besides English, and
/// whether it accepts only canonical SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SanOptions {
    /// The language whose piece letters are accepted besides English (and win where the two
    /// clash). Default: English.
    pub lang: Lang,
    /// Accept only canonical SAN (plus one trailing annotation). Default: lenient.
    pub strict: bool,
}

/// Why a SAN (or LAN) string could not be read as a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// `invalid-move-syntax`: the text is not SAN (or, in strict mode, not canonical SAN).
    Syntax {
        /// The text given (shortened if very long).
        input: String,
        /// What is wrong, in English.
        detail: String,
    },
    /// `illegal-move`: well-formed, but no legal move matches. Why not is the game layer's
    /// to say (`rocada_game::explain::explain_san`, in three languages, by the one explainer
    /// that also judges moves given by squares): this error carries what the text names.
    Illegal {
        /// The text given.
        input: String,
        /// What the text names: the piece, the target, the candidates' squares.
        attempt: SanAttempt,
    },
    /// `ambiguous-move`: several legal moves match.
    Ambiguous {
        /// The text given.
        input: String,
        /// The legal moves that match, each with its canonical SAN.
        candidates: Vec<(Move, String)>,
    },
}

/// What an illegal SAN move names, read against the position but not judged: the moving
/// role, the target and the squares of the side's pieces that the text's disambiguation
/// allows. An explainer tries each candidate (`from` to `to`) and says why it fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SanAttempt {
    /// The side that was to move.
    pub color: Color,
    /// The moving piece's role ([`Role::King`] for castling).
    pub role: Role,
    /// The target square. For castling: the castling rook's square when the right exists
    /// (king-takes-rook), otherwise the king's destination on the g- or c-file.
    pub to: Square,
    /// Castling (`O-O`, `O-O-O`), and which side.
    pub castle: Option<CastlingSide>,
    /// The promotion piece written, if any.
    pub promotion: Option<Role>,
    /// The candidates: the side's pieces of `role` on the file and rank the text names (the
    /// king for castling). Empty when there is none.
    pub from: Bitboard,
    /// The text marks a capture (`x`, `:`).
    pub capture: bool,
    /// The text marks an en passant capture (`e.p.`).
    pub en_passant: bool,
}

impl fmt::Display for SanAttempt {
    /// A short English summary ("no legal white knight move to f3"); the reasons are the
    /// explainer's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = color_name(self.color);
        match self.castle {
            Some(side) => write!(f, "{} may not castle {} now", capitalized(self.color), side_name(side)),
            None if self.from.is_empty() => write!(f, "there is no {color} {} that the move can name", self.role),
            None => write!(f, "no legal {color} {} move to {}", self.role, self.to),
        }
    }
}

impl SanError {
    /// A stable code: `invalid-move-syntax`, `illegal-move` or `ambiguous-move`.
    pub fn code(&self) -> &'static str {
        match self {
            SanError::Syntax { .. } => "invalid-move-syntax",
            SanError::Illegal { .. } => "illegal-move",
            SanError::Ambiguous { .. } => "ambiguous-move",
        }
    }

    /// The text that was being read.
    pub fn input(&self) -> &str {
        match self {
            SanError::Syntax { input, .. } | SanError::Illegal { input, .. } | SanError::Ambiguous { input, .. } => input,
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { input, detail } => write!(f, "invalid move syntax {}: {detail}", Quoted(input)),
            SanError::Illegal { input, attempt } => write!(f, "illegal move {}: {attempt}", Quoted(input)),
            SanError::Ambiguous { input, candidates } => {
                write!(f, "ambiguous move {}: ", Quoted(input))?;
                let promotions =
                    candidates.len() > 1 && candidates.iter().all(|(m, _)| m.promotion().is_some() && m.from() == candidates[0].0.from());
                if promotions {
                    f.write_str("the pawn must promote, write ")?;
                } else {
                    f.write_str("could be ")?;
                }
                for (i, (_, san)) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() { " or " } else { ", " })?;
                    }
                    f.write_str(san)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SanError {}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// A SAN or LAN string built on the stack (the longest, `e7xd8=♕#`, is 10 bytes).
type Buf = ArrayString<24>;

/// The legal non-castling moves of `role` onto `to`, in generation order: what reading SAN or
/// disambiguating one move needs. Filtered from [`Position::legal_moves`], so that the move
/// generator is not compiled once more for a filtering sink (11 KB of wasm).
pub(crate) fn moves_to(pos: &Position, role: Role, to: Square) -> MoveList {
    let mut moves = pos.legal_moves();
    moves.retain(|m| m.role() == role && m.to() == to && !m.is_castle());
    moves
}

/// Whether the side to move in `pos`, which is in check, is mated; a king with a safe square
/// answers at once, without generating the moves.
fn is_mated(pos: &Position) -> bool {
    let b = pos.board();
    let us = pos.turn();
    if let Some(king) = b.king_of(us) {
        let without_king = b.occupied().without(king);
        for sq in king_attacks(king) & !b.by_color(us) {
            if !pos.is_attacked(sq, !us, without_king) {
                return false;
            }
        }
    }
    pos.count_legal_moves() == 0
}

/// What is precomputed once per position to tell which moves give check.
struct Checks {
    /// The enemy king.
    king: Square,
    /// For each role, the squares from which a piece of ours of that role would attack the
    /// enemy king (with the present occupancy).
    direct: [Bitboard; 6],
    /// Our pieces that alone stand between the enemy king and one of our sliders: moving one
    /// off that line discovers check.
    blockers: Bitboard,
}

impl Checks {
    fn new(pos: &Position) -> Option<Checks> {
        let us = pos.turn();
        let b = pos.board();
        let king = b.king_of(!us)?;
        let occupied = b.occupied();
        let ours = b.by_color(us);
        let bishop = bishop_attacks(king, occupied);
        let rook = rook_attacks(king, occupied);
        let direct = [pawn_attacks(!us, king), knight_attacks(king), bishop, rook, bishop | rook, Bitboard::EMPTY];
        let snipers = ((rook_attacks(king, Bitboard::EMPTY) & b.rooks_and_queens())
            | (bishop_attacks(king, Bitboard::EMPTY) & b.bishops_and_queens()))
            & ours;
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let inside = between(king, sniper) & occupied;
            if !inside.more_than_one() {
                blockers |= inside & ours;
            }
        }
        Some(Checks { king, direct, blockers })
    }

    /// Whether legal move `m` may give check: exact for normal moves and promotions; castling
    /// and en passant answer `true` (the caller plays them out).
    #[inline]
    fn may_check(&self, pos: &Position, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let discovered = self.blockers.contains(from) && !line(self.king, from).contains(to);
        match m.kind() {
            MoveKind::Normal => discovered || self.direct[m.role().index()].contains(to),
            MoveKind::Promotion(role) => {
                let occupied = pos.board().occupied().without(from);
                discovered || attacks::attacks(role, pos.turn(), to, occupied).contains(self.king)
            }
            MoveKind::EnPassant | MoveKind::Castle => true,
        }
    }

    /// `+`, `#` or nothing for legal move `m`.
    #[inline]
    fn suffix(&self, pos: &Position, m: Move) -> Option<char> {
        if !self.may_check(pos, m) {
            return None;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        if !after.is_check() {
            None
        } else if is_mated(&after) {
            Some('#')
        } else {
            Some('+')
        }
    }
}

/// The check mark of `m` played in `pos`, given the position's [`Checks`] (absent only for a
/// side without a king, which a valid `Position` never has).
fn suffix_of(pos: &Position, m: Move, checks: Option<&Checks>) -> Option<char> {
    checks.and_then(|c| c.suffix(pos, m))
}

/// Our other pieces of `m`'s role that attack its target (legal or not).
#[inline]
fn rivals(pos: &Position, m: Move) -> Bitboard {
    let role = m.role();
    if matches!(role, Role::Pawn | Role::King) || m.is_castle() {
        return Bitboard::EMPTY;
    }
    let b = pos.board();
    attacks::attacks(role, pos.turn(), m.to(), b.occupied()) & b.by_piece(Piece::new(pos.turn(), role)).without(m.from())
}

/// Whether the from-file and from-rank must be written, given the rivals that can also
/// legally reach the target.
#[inline]
fn disambiguation(from: Square, legal_rivals: Bitboard) -> (bool, bool) {
    if legal_rivals.is_empty() {
        (false, false)
    } else if (legal_rivals & Bitboard::from_file(from.file())).is_empty() {
        (true, false)
    } else if (legal_rivals & Bitboard::from_rank(from.rank())).is_empty() {
        (false, true)
    } else {
        (true, true)
    }
}

#[inline(always)]
fn push(buf: &mut Buf, c: char) {
    // The buffer is sized for the longest move; a failed push cannot happen.
    let _ = buf.try_push(c);
}

fn push_square(buf: &mut Buf, sq: Square) {
    push(buf, sq.file().char());
    push(buf, sq.rank().char());
}

/// Writes `m` (legal in `pos`) without its check mark: SAN with the given disambiguation, or
/// LAN (`lan`: the from-square always, `-` for quiet moves).
fn write_body(buf: &mut Buf, pos: &Position, m: Move, style: SanStyle, (file, rank): (bool, bool), lan: bool) {
    if let Some(side) = m.castling_side() {
        buf.push_str(match side {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        });
        return;
    }
    let (from, to) = (m.from(), m.to());
    let capture = m.is_en_passant() || pos.board().by_color(!pos.turn()).contains(to);
    if let Some(c) = style.piece_char(m.role()) {
        push(buf, c);
    }
    if lan {
        push_square(buf, from);
        push(buf, if capture { 'x' } else { '-' });
    } else {
        if file || (m.role() == Role::Pawn && capture) {
            push(buf, from.file().char());
        }
        if rank {
            push(buf, from.rank().char());
        }
        if capture {
            push(buf, 'x');
        }
    }
    push_square(buf, to);
    if let Some(role) = m.promotion() {
        push(buf, '=');
        if let Some(c) = style.piece_char(role) {
            push(buf, c);
        }
    }
}

/// The rivals of `m` that have a legal move to its target, by generating the legal moves.
fn legal_rivals(pos: &Position, m: Move) -> Bitboard {
    let rivals = rivals(pos, m);
    if rivals.is_empty() {
        return rivals;
    }
    moves_to(pos, m.role(), m.to()).into_iter().filter(|x| rivals.contains(x.from())).map(|x| x.from()).collect()
}

fn san_buf(pos: &Position, m: Move, style: SanStyle) -> Buf {
    let mut buf = Buf::new();
    write_body(&mut buf, pos, m, style, disambiguation(m.from(), legal_rivals(pos, m)), false);
    if let Some(c) = suffix_of(pos, m, Checks::new(pos).as_ref()) {
        push(&mut buf, c);
    }
    buf
}

/// The canonical English SAN of `m`, which must be legal in `pos` (an illegal move gives some
/// string, never a panic).
///
/// ```
/// use rocada_rules::{to_san, Position};
/// let pos = Position::new();
/// let m = pos.legal_moves().into_iter().find(|m| m.to() == rocada_rules::Square::F3 && m.role() == rocada_rules::Role::Knight).unwrap();
/// assert_eq!(to_san(&pos, m), "Nf3");
/// ```
pub fn to_san(pos: &Position, m: Move) -> String {
    san_buf(pos, m, SanStyle::Letters(Lang::En)).as_str().to_string()
}

/// The canonical SAN of `m` (legal in `pos`) in the given style.
///
/// ```
/// use rocada_rules::{to_san_styled, Lang, Position, Role, SanStyle, Square};
/// let pos = Position::new();
/// let m = pos.legal_moves().into_iter().find(|m| m.to() == Square::F3 && m.role() == Role::Knight).unwrap();
/// assert_eq!(to_san_styled(&pos, m, SanStyle::Letters(Lang::Ro)), "Cf3");
/// assert_eq!(to_san_styled(&pos, m, SanStyle::Figurine), "♘f3");
/// ```
pub fn to_san_styled(pos: &Position, m: Move, style: SanStyle) -> String {
    san_buf(pos, m, style).as_str().to_string()
}

/// The LAN (long algebraic notation) of `m`, legal in `pos`: `Ng1-f3`, `e2-e4`, `Bb5xc6+`,
/// `e7xd8=Q#`, `O-O`.
pub fn to_lan(pos: &Position, m: Move, style: SanStyle) -> String {
    let mut buf = Buf::new();
    write_body(&mut buf, pos, m, style, (true, true), true);
    if let Some(c) = suffix_of(pos, m, Checks::new(pos).as_ref()) {
        push(&mut buf, c);
    }
    buf.as_str().to_string()
}

/// Calls `f` with every legal move of `pos` and its canonical SAN, in the order of
/// [`Position::legal_moves`], allocating nothing: the move generation, the disambiguation and
/// the check detection are shared by all moves.
pub fn for_each_san(pos: &Position, style: SanStyle, mut f: impl FnMut(Move, &str)) {
    let moves = pos.legal_moves();
    let checks = Checks::new(pos);
    for &m in &moves {
        let rivals = rivals(pos, m);
        let mut legal = Bitboard::EMPTY;
        if rivals.any() {
            for x in &moves {
                if x.to() == m.to() && x.role() == m.role() && rivals.contains(x.from()) {
                    legal = legal.with(x.from());
                }
            }
        }
        let mut buf = Buf::new();
        write_body(&mut buf, pos, m, style, disambiguation(m.from(), legal), false);
        if let Some(c) = suffix_of(pos, m, checks.as_ref()) {
            push(&mut buf, c);
        }
        f(m, buf.as_str());
    }
}

/// Every legal move of `pos` with its canonical SAN, in the order of
/// [`Position::legal_moves`]: what `moves({ verbose: true })` needs. The work is shared as in
/// [`for_each_san`]; what remains is one `String` per move (use [`for_each_san`] to skip it).
///
/// ```
/// use rocada_rules::{san_all, Position, SanStyle};
/// let all = san_all(&Position::new(), SanStyle::default());
/// assert_eq!(all.len(), 20);
/// assert!(all.iter().any(|(_, san)| san == "Nf3"));
/// ```
pub fn san_all(pos: &Position, style: SanStyle) -> Vec<(Move, String)> {
    let mut out = Vec::with_capacity(64);
    for_each_san(pos, style, |m, san| out.push((m, san.to_string())));
    out
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Longer input is rejected at once (the longest lenient SAN, with marks, is far shorter).
const MAX_INPUT: usize = 48;

/// Reads SAN in `pos`, and returns the legal move it names.
///
/// Lenient by default: beyond canonical SAN it accepts
/// - castling as `O-O`, `0-0`, `o-o`, `OO` (and the same with three `O`s), any dash;
/// - over-disambiguation (`Ng1f3`, `N1f3`, `e2e4` for a pawn), LAN (`Ng1-f3`, `e7xd8=Q`),
///   and LAN without its piece letter, which names the piece on the from-square (`b1-c3`,
///   `g1xf3`, as chess.js reads them);
/// - a missing or superfluous `x` (on a pawn push only after a whole from-square: `e2xe4`, not
///   `exe4`), and `:` or `×` for `x`;
/// - a missing or wrong check mark (`+`, `++`, `#` are never verified);
/// - promotions as `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`, with a lowercase letter too (`e8q`);
/// - en passant marks `e.p.`, `ep`, `a.p.` (with or without a space); the move must then be
///   an en passant capture;
/// - trailing annotations `!`, `?`, `!!`, `??`, `!?`, `?!` (and `‼ ⁇ ⁉ ⁈`), in any order with
///   the check mark;
/// - lowercase piece letters (`nf3`). A lowercase letter that is also a file (`b`; and `a`,
///   `c`, `d` in Romanian or Spanish) is read as a file first, as a piece letter only if the
///   file reading names no legal move: `bc4` is the b-pawn capturing on c4 if it can, else a
///   bishop move. So a canonical pawn move is never misread;
/// - a king move to its castling square (`Kg1`) or onto its own castling rook (`Kxh1`,
///   Chess960) as castling, when no ordinary king move matches.
///
/// With [`SanOptions::strict`] set, only canonical SAN is accepted (exactly what
/// [`to_san_styled`] writes in English, in the selected language or in figurines), followed by
/// at most one annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`); `++` is accepted in place of `+`
/// for a double check (the Romanian convention).
///
/// Null moves (`--`, `Z0`) are not moves (a move is compulsory) and read as
/// `invalid-move-syntax`, as does anything longer than 48 bytes.
///
/// # Piece letters on input
/// English letters `K Q R B N` are always understood, plus the letters of
/// [`SanOptions::lang`] and the figurines `♔♕♖♗♘` (and black `♚♛♜♝♞`; `♙♟` or `P` name a
/// pawn). Where the two alphabets clash **the selected language wins for its own letters**:
/// in Romanian `R` is the king (rege) and `N` the bishop (nebun), so an English rook or knight
/// must be written `T` or `C`; in Spanish `R` is the king (rey), and `N` still means knight
/// (Spanish does not use it). Non-clashing English letters (`K`, `Q`, `B`) keep their meaning.
///
/// # Errors
/// [`SanError::code`]: `invalid-move-syntax` (the text is not SAN, or in strict mode not
/// canonical), `illegal-move` (well-formed, but no legal move matches: the error's
/// [`SanAttempt`] says what the text names, for `rocada_game::explain::explain_san` to say why
/// in three languages), `ambiguous-move` (several legal moves match: they are
/// listed, e.g. a pawn reaching the last rank without a promotion piece). No input panics.
///
/// ```
/// use rocada_rules::{parse_san, to_san, Lang, Position, SanOptions};
/// let pos = Position::new();
/// let lenient = SanOptions::default();
/// assert_eq!(to_san(&pos, parse_san(&pos, "Ng1f3!?", &lenient)?), "Nf3");
/// let ro = SanOptions { lang: Lang::Ro, strict: true };
/// assert_eq!(to_san(&pos, parse_san(&pos, "Cf3", &ro)?), "Nf3");
/// assert_eq!(parse_san(&pos, "Nf3", &ro).unwrap_err().code(), "illegal-move"); // N is the bishop
/// assert_eq!(parse_san(&pos, "Ke2", &lenient).unwrap_err().to_string(),
///           "illegal move \"Ke2\": no legal white king move to e2");
/// # Ok::<(), rocada_rules::SanError>(())
/// ```
pub fn parse_san(pos: &Position, san: &str, options: &SanOptions) -> Result<Move, SanError> {
    parse_with(pos, san, options, false)
}

/// Reads LAN (`Ng1-f3`, `e2-e4`, `e7xd8=Q`). In lenient mode this is [`parse_san`], which
/// accepts LAN too; in strict mode only what [`to_lan`] writes is accepted (plus one
/// annotation).
pub fn parse_lan(pos: &Position, lan: &str, options: &SanOptions) -> Result<Move, SanError> {
    parse_with(pos, lan, options, true)
}

fn parse_with(pos: &Position, input: &str, options: &SanOptions, lan: bool) -> Result<Move, SanError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(syntax(input, "empty move"));
    }
    if text.len() > MAX_INPUT {
        return Err(syntax(input, "too long to be a move"));
    }
    if !options.strict {
        return resolve_text(pos, input, text, options);
    }
    let body = strip_one_annotation(text);
    let m = resolve_text(pos, input, body, options)?;
    let styles = [SanStyle::Letters(Lang::En), SanStyle::Letters(options.lang), SanStyle::Figurine];
    let checks = Checks::new(pos);
    let suffix = suffix_of(pos, m, checks.as_ref());
    let disamb = if lan { (true, true) } else { disambiguation(m.from(), legal_rivals(pos, m)) };
    let mut expected = Buf::new();
    for (i, style) in styles.into_iter().enumerate() {
        let mut buf = Buf::new();
        write_body(&mut buf, pos, m, style, disamb, lan);
        if let Some(c) = suffix {
            push(&mut buf, c);
        }
        if body == buf.as_str() {
            return Ok(m);
        }
        if suffix == Some('+') && body.strip_suffix("++") == buf.as_str().strip_suffix('+') {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.checkers().more_than_one() {
                return Ok(m);
            }
        }
        if i == 1 {
            expected = buf;
        }
    }
    Err(syntax(input, &format!("strict mode accepts only canonical {}: {}", if lan { "LAN" } else { "SAN" }, expected.as_str())))
}

/// Removes one of the six standard annotations from the end, if present.
fn strip_one_annotation(text: &str) -> &str {
    for a in ["!!", "??", "!?", "?!", "!", "?"] {
        if let Some(rest) = text.strip_suffix(a) {
            return rest;
        }
    }
    text
}

fn shorten(input: &str) -> String {
    const KEEP: usize = 40;
    match input.char_indices().nth(KEEP) {
        Some((i, _)) => format!("{}…", &input[..i]),
        None => input.to_string(),
    }
}

fn syntax(input: &str, detail: &str) -> SanError {
    SanError::Syntax { input: shorten(input), detail: detail.to_string() }
}

fn illegal(input: &str, attempt: SanAttempt) -> SanError {
    SanError::Illegal { input: shorten(input), attempt }
}

const EXPECTED: &str = "expected SAN such as e4, Nf3, exd5, e8=Q or O-O";

/// Where a piece letter came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// The first character is whatever it is (an uppercase piece letter, a figurine, a file).
    AsIs,
    /// The first character, a lowercase letter, is a piece letter.
    LowercasePiece,
}

/// A piece move or pawn move, read but not yet matched against the position.
#[derive(Clone, Copy, Debug)]
struct Parsed {
    role: Role,
    /// No piece letter, and a whole from-square (`b1-c3`, `e2xe4`): LAN without its letter,
    /// which names the piece standing there (as chess.js reads it).
    role_from_square: bool,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
}

/// The role an uppercase piece letter, figurine or `P` names, the selected language first.
fn input_role(c: char, lang: Lang) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' | 'P' => Some(Role::Pawn),
        _ => lang.role_of_letter(c).or_else(|| Lang::En.role_of_letter(c)),
    }
}

fn lowercase_role(c: char, lang: Lang) -> Option<Role> {
    if c.is_ascii_lowercase() {
        input_role(c.to_ascii_uppercase(), lang)
    } else {
        None
    }
}

fn is_capture_mark(c: char) -> bool {
    matches!(c, 'x' | 'X' | ':' | '×')
}

fn is_annotation(c: char) -> bool {
    matches!(c, '!' | '?' | '‼' | '⁇' | '⁈' | '⁉')
}

/// Reads a piece or pawn move (no castling, no suffixes).
fn parse_core(cs: &[char], lang: Lang, reading: Reading) -> Option<Parsed> {
    let mut end = cs.len();
    let last = *cs.last()?;
    let mut promotion = None;
    if last == ')' {
        if end < 3 || cs[end - 3] != '(' {
            return None;
        }
        let c = cs[end - 2];
        promotion = Some(input_role(c, lang).or_else(|| lowercase_role(c, lang))?);
        end -= 3;
        if end > 0 && cs[end - 1] == '=' {
            end -= 1;
        }
    } else if !last.is_ascii_digit() {
        promotion = Some(input_role(last, lang).or_else(|| lowercase_role(last, lang))?);
        end -= 1;
        if end > 0 && matches!(cs[end - 1], '=' | '/') {
            end -= 1;
        }
    }
    if end < 2 {
        return None;
    }
    let to = Square::from_coords(File::from_char(cs[end - 2])?, Rank::from_char(cs[end - 1])?);
    end -= 2;
    let mut capture = false;
    let mut dash = false;
    if end > 0 && is_capture_mark(cs[end - 1]) {
        capture = true;
        end -= 1;
    } else if end > 0 && matches!(cs[end - 1], '-' | '–') {
        dash = true;
        end -= 1;
    }
    let prefix = &cs[..end];
    let mut i = 0;
    let mut letter = None;
    if let Some(&c) = prefix.first() {
        letter = match reading {
            Reading::LowercasePiece => lowercase_role(c, lang),
            Reading::AsIs => input_role(c, lang),
        };
        if letter.is_some() {
            i = 1;
        }
    }
    let from_file = prefix.get(i).and_then(|c| File::from_char(*c));
    if from_file.is_some() {
        i += 1;
    }
    let from_rank = prefix.get(i).and_then(|c| Rank::from_char(*c));
    if from_rank.is_some() {
        i += 1;
    }
    if i != prefix.len() || (dash && (from_file.is_none() || from_rank.is_none())) {
        return None;
    }
    let role_from_square = letter.is_none() && from_file.is_some() && from_rank.is_some();
    Some(Parsed { role: letter.unwrap_or(Role::Pawn), role_from_square, from_file, from_rank, capture, to, promotion })
}

/// Reads `text` (trimmed, at most [`MAX_INPUT`] bytes) leniently and finds its legal move.
fn resolve_text(pos: &Position, input: &str, text: &str, options: &SanOptions) -> Result<Move, SanError> {
    let mut cs: ArrayVec<char, MAX_INPUT> = ArrayVec::new();
    for c in text.chars() {
        if cs.try_push(c).is_err() {
            return Err(syntax(input, "too long to be a move"));
        }
    }
    // Strip trailing check marks, annotations, en passant marks and spaces, in any order.
    let mut en_passant = false;
    while let Some(&last) = cs.last() {
        if last.is_whitespace() || is_annotation(last) || matches!(last, '+' | '#' | '‡') {
            cs.pop();
            continue;
        }
        if !en_passant {
            if let Some(n) = en_passant_mark_len(&cs) {
                cs.truncate(cs.len() - n);
                en_passant = true;
                continue;
            }
        }
        break;
    }
    if cs.is_empty() {
        return Err(syntax(input, EXPECTED));
    }

    // Castling.
    if cs.iter().all(|c| matches!(c, 'O' | 'o' | '0' | '-' | '–' | '—')) {
        let side = match cs.iter().filter(|c| !matches!(c, '-' | '–' | '—')).count() {
            2 => CastlingSide::KingSide,
            3 => CastlingSide::QueenSide,
            _ => return Err(syntax(input, EXPECTED)),
        };
        if en_passant {
            return Err(syntax(input, "castling is not an en passant capture"));
        }
        return resolve_castling(pos, input, side);
    }
    if cs.iter().any(|c| c.is_whitespace()) {
        return Err(syntax(input, EXPECTED));
    }

    let lang = options.lang;
    let first = cs[0];
    let lowercase_piece = lowercase_role(first, lang).is_some();
    let as_is = parse_core(&cs, lang, Reading::AsIs);
    let as_piece = if lowercase_piece { parse_core(&cs, lang, Reading::LowercasePiece) } else { None };
    match (as_is, as_piece) {
        (None, None) => Err(syntax(input, EXPECTED)),
        (Some(p), None) | (None, Some(p)) => resolve_parsed(pos, input, &p, en_passant, lang),
        (Some(p), Some(q)) => match resolve_parsed(pos, input, &p, en_passant, lang) {
            Err(SanError::Illegal { .. }) => match resolve_parsed(pos, input, &q, en_passant, lang) {
                Ok(m) => Ok(m),
                Err(e @ SanError::Ambiguous { .. }) => Err(e),
                Err(_) => resolve_parsed(pos, input, &p, en_passant, lang),
            },
            other => other,
        },
    }
}

/// The length of an en passant mark (`e.p.`, `ep`, `e. p.`, `a.p.`, any case) ending `cs`.
fn en_passant_mark_len(cs: &[char]) -> Option<usize> {
    // Walk back over letters e/a, p, dots and one inner space.
    let lower = |c: char| c.to_ascii_lowercase();
    let n = cs.len();
    let mut i = n;
    if i > 0 && cs[i - 1] == '.' {
        i -= 1;
    }
    if i == 0 || lower(cs[i - 1]) != 'p' {
        return None;
    }
    i -= 1;
    if i > 0 && cs[i - 1] == ' ' {
        i -= 1;
    }
    if i > 0 && cs[i - 1] == '.' {
        i -= 1;
    }
    if i == 0 || !matches!(lower(cs[i - 1]), 'e' | 'a') {
        return None;
    }
    i -= 1;
    // The mark must follow a square (a digit), possibly after spaces.
    let mut j = i;
    while j > 0 && cs[j - 1] == ' ' {
        j -= 1;
    }
    (j > 0 && cs[j - 1].is_ascii_digit()).then_some(n - i)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn capitalized(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "king side (O-O)",
        CastlingSide::QueenSide => "queen side (O-O-O)",
    }
}

fn resolve_castling(pos: &Position, input: &str, side: CastlingSide) -> Result<Move, SanError> {
    if let Some(m) = pos.legal_moves().into_iter().rfind(|m| m.castling_side() == Some(side)) {
        return Ok(m);
    }
    let us = pos.turn();
    let king = pos.board().king_of(us);
    let rank = if us == Color::White { Rank::First } else { Rank::Eighth };
    let to = pos.castles().rook(us, side).unwrap_or_else(|| side.king_to(rank));
    let attempt = SanAttempt {
        color: us,
        role: Role::King,
        to,
        castle: Some(side),
        promotion: None,
        from: king.map_or(Bitboard::EMPTY, Bitboard::from_square),
        capture: false,
        en_passant: false,
    };
    Err(illegal(input, attempt))
}

fn matches_parsed(m: Move, p: &Parsed, en_passant: bool) -> bool {
    if m.is_castle() || m.role() != p.role || m.to() != p.to {
        return false;
    }
    let from = m.from();
    if p.from_file.is_some_and(|f| f != from.file()) || p.from_rank.is_some_and(|r| r != from.rank()) {
        return false;
    }
    if p.role == Role::Pawn {
        let straight = from.file() == p.to.file();
        // A pawn named without its file pushes (`e4`), or captures if marked (`xd5`).
        if p.from_file.is_none() && straight == p.capture {
            return false;
        }
        // A capture mark on a push is superfluous only where the from-square is whole (LAN).
        if p.capture && straight && p.from_rank.is_none() {
            return false;
        }
    }
    if en_passant && !m.is_en_passant() {
        return false;
    }
    match (m.promotion(), p.promotion) {
        (None, None) | (Some(_), None) => true,
        (Some(a), Some(b)) => a == b,
        (None, Some(_)) => false,
    }
}

fn resolve_parsed(pos: &Position, input: &str, p: &Parsed, en_passant: bool, lang: Lang) -> Result<Move, SanError> {
    let mut named = *p;
    if let (true, Some(file), Some(rank)) = (p.role_from_square, p.from_file, p.from_rank) {
        if let Some(piece) = pos.board().piece_at(Square::from_coords(file, rank)).filter(|piece| piece.color == pos.turn()) {
            named.role = piece.role;
        }
    }
    let p = &named;
    let mut found = moves_to(pos, p.role, p.to);
    found.retain(|m| matches_parsed(*m, p, en_passant));
    if found.is_empty() && p.role == Role::King && p.promotion.is_none() && !en_passant {
        // `Kg1` or `Kxh1` for castling, when no ordinary king move matches.
        for m in pos.legal_moves() {
            if m.is_castle()
                && (m.destination() == p.to || m.to() == p.to)
                && p.from_file.unwrap_or(m.from().file()) == m.from().file()
                && p.from_rank.unwrap_or(m.from().rank()) == m.from().rank()
            {
                found.push(m);
            }
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(illegal(input, attempt_of(pos, p, en_passant))),
        _ => {
            let style = SanStyle::Letters(lang);
            let candidates = found.iter().map(|&m| (m, to_san_styled(pos, m, style))).collect();
            Err(SanError::Ambiguous { input: shorten(input), candidates })
        }
    }
}

/// What `p` names in `pos`, for the explainer: the side's pieces of its role on the file and
/// rank it gives.
fn attempt_of(pos: &Position, p: &Parsed, en_passant: bool) -> SanAttempt {
    let us = pos.turn();
    let mut from = pos.board().by_piece(Piece::new(us, p.role));
    if let Some(f) = p.from_file {
        from &= Bitboard::from_file(f);
    }
    if let Some(r) = p.from_rank {
        from &= Bitboard::from_rank(r);
    }
    if p.role == Role::Pawn && p.from_file.is_none() {
        // `d6` names the pawns of the d-file, `xd6` those beside it.
        let file = p.to.file().index();
        let files = if p.capture {
            [file.wrapping_sub(1), file + 1]
                .into_iter()
                .filter(|&f| f < 8)
                .fold(Bitboard::EMPTY, |b, f| b | Bitboard::from_file(File::new(f as u32)))
        } else {
            Bitboard::from_file(p.to.file())
        };
        from &= files;
    }
    SanAttempt { color: us, role: p.role, to: p.to, castle: None, promotion: p.promotion, from, capture: p.capture, en_passant }
}

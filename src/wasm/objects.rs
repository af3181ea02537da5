//! The JS objects of the API (moves, status, board) are built by `pkg/objects.js` from compact
//! data: one call across the boundary per API call, instead of one per field. This file packs
//! that data; `objects.js` unpacks it. The layouts:
//!
//! - a move is two `u32` words. Word 0: bits 0-5 from square, 6-11 to square (the king's
//!   destination for castling), 12-17 the UCI target square (the rook's square for Chess960
//!   castling, else the same as to), 18-20 the moving role, 21-23 the captured role, 24-26 the
//!   promotion role (roles as 1 = pawn .. 6 = king, 0 = none), 27-29 the kind (0 other, 1 pawn
//!   double step, 2 en passant, 3 king-side castling, 4 queen-side castling). Word 1: bit 0 the
//!   mover is Black, bit 1 the move gives check (mate included), bit 2 checkmate. Squares: 0 = a1 .. 63 = h8.
//!   SAN strings travel joined by spaces, FENs joined by newlines.
//! - `status()` is one `u32` ([`status_bits`]).
//! - a board is 64 bytes, a1 first: 0 empty, else color * 8 + role (1..6).

use crate::game::{Status, Termination};
use crate::{CastlingMode, CastlingSide, Color, Move, MoveKind, Piece, Position, Role};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(raw_module = "./objects.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeMoves)]
    pub(crate) fn make_moves(words: &[u32], sans: &str, befores: &str, history: bool, chess960: bool) -> JsValue;

    #[wasm_bindgen(js_name = makeMove)]
    pub(crate) fn make_move(w0: u32, w1: u32, san: &str, before: &str, after: &str, chess960: bool) -> JsValue;

    #[wasm_bindgen(js_name = splitSans)]
    pub(crate) fn split_sans(sans: &str) -> JsValue;

    #[wasm_bindgen(js_name = splitLines)]
    pub(crate) fn split_lines(text: &str) -> JsValue;

    #[wasm_bindgen(js_name = makeStatus)]
    pub(crate) fn make_status(bits: u32) -> JsValue;

    #[wasm_bindgen(js_name = makePiece)]
    pub(crate) fn make_piece(code: u32) -> JsValue;

    #[wasm_bindgen(js_name = makeBoard)]
    pub(crate) fn make_board(codes: &[u8]) -> JsValue;

    #[wasm_bindgen(js_name = makeAscii)]
    pub(crate) fn make_ascii(codes: &[u8]) -> String;

    #[wasm_bindgen(js_name = makeSquares)]
    pub(crate) fn make_squares(low: u32, high: u32) -> JsValue;

    #[wasm_bindgen(js_name = setFenAfter)]
    fn set_fen_after(f: &Closure<dyn Fn(String, String, bool) -> JsValue>);
}

/// Installs the function behind the lazy `Move.after` in `objects.js`, once.
pub(crate) fn install_fen_after() {
    thread_local! {
        static INSTALLED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
    }
    if INSTALLED.with(|c| c.replace(true)) {
        return;
    }
    let f = Closure::<dyn Fn(String, String, bool) -> JsValue>::new(fen_after);
    set_fen_after(&f);
    f.forget(); // lives as long as the module
}

/// The FEN after `uci` in the position `before` (`undefined` if either is not valid: a user
/// may have changed a move's `before`).
fn fen_after(before: String, uci: String, chess960: bool) -> JsValue {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    // A FEN that is not a legal position may be a sandbox (lesson) position.
    let parsed = Position::from_fen(&before, mode)
        .or_else(|_| crate::Setup::from_fen(&before).ok().and_then(|s| Position::sandbox(s, mode).ok()).ok_or(()));
    let Ok(mut pos) = parsed else {
        return JsValue::UNDEFINED;
    };
    match crate::parse_uci(&pos, &uci) {
        Ok(m) => {
            pos.play_unchecked(m);
            JsValue::from_str(&crate::game::sandbox_pass(pos).fen())
        }
        Err(_) => JsValue::UNDEFINED,
    }
}

/// 1 = pawn .. 6 = king.
pub(crate) const fn role_code(role: Role) -> u32 {
    role.index() as u32 + 1
}

/// The two words of `m`, legal in `pos`, whose SAN is `san` (its last character tells check
/// and mate).
pub(crate) fn move_words(pos: &Position, m: Move, san: &str) -> (u32, u32) {
    let captured = pos.capture_of(m).map_or(0, role_code);
    let promotion = m.promotion().map_or(0, role_code);
    let kind = match m.kind() {
        MoveKind::Castle => match m.castling_side() {
            Some(CastlingSide::KingSide) => 3,
            _ => 4,
        },
        MoveKind::EnPassant => 2,
        MoveKind::Normal if m.role() == Role::Pawn && m.from().distance(m.to()) == 2 => 1,
        _ => 0,
    };
    // The UCI target: `Move::uci` writes king-onto-rook in Chess960, the king's destination
    // otherwise.
    let uci_to = if m.is_castle() && pos.castling_mode() == CastlingMode::Standard { m.destination() } else { m.to() };
    let w0 = m.from() as u32
        | (m.destination() as u32) << 6
        | (uci_to as u32) << 12
        | role_code(m.role()) << 18
        | captured << 21
        | promotion << 24
        | kind << 27;
    let mark = san.as_bytes().last().copied();
    let w1 =
        (pos.turn() == Color::Black) as u32 | ((mark == Some(b'+') || mark == Some(b'#')) as u32) << 1 | ((mark == Some(b'#')) as u32) << 2;
    (w0, w1)
}

/// The index of `t` in `Termination::ALL`, plus one (0 = none), as `objects.js` lists them.
pub(crate) fn termination_code(t: Option<Termination>) -> u32 {
    t.and_then(|t| Termination::ALL.iter().position(|&x| x == t)).map_or(0, |i| i as u32 + 1)
}

/// `status()` in one word: bits 0-11 the booleans in the order of the `Status` interface,
/// 12-13 the result (0 `*`, 1 `1-0`, 2 `0-1`, 3 `1/2-1/2`), 14-17 the termination
/// ([`termination_code`]), 18-19 the winner (0 none, 1 White, 2 Black).
pub(crate) fn status_bits(s: &Status) -> u32 {
    let flags = [
        s.check,
        s.checkmate,
        s.stalemate,
        s.insufficient_material,
        s.threefold_repetition,
        s.fivefold_repetition,
        s.fifty_moves,
        s.seventy_five_moves,
        s.can_claim_threefold,
        s.can_claim_fifty,
        s.can_claim_draw,
        s.game_over,
    ];
    let mut bits = 0;
    for (i, f) in flags.into_iter().enumerate() {
        bits |= (f as u32) << i;
    }
    let result = match s.result.as_str() {
        "1-0" => 1,
        "0-1" => 2,
        "1/2-1/2" => 3,
        _ => 0,
    };
    let winner = match s.winner {
        None => 0,
        Some(Color::White) => 1,
        Some(Color::Black) => 2,
    };
    bits | result << 12 | termination_code(s.termination) << 14 | winner << 18
}

/// A piece's code: color * 8 + role code.
pub(crate) fn piece_code(p: Option<Piece>) -> u32 {
    p.map_or(0, |p| (p.color == Color::Black) as u32 * 8 + role_code(p.role))
}

/// The 64 piece codes of a board, a1 first.
pub(crate) fn board_codes(board: &crate::Board) -> [u8; 64] {
    let mut codes = [0u8; 64];
    for (sq, piece) in board.pieces() {
        codes[sq as usize] = piece_code(Some(piece)) as u8;
    }
    codes
}

/// Square names of a set.
pub(crate) fn squares(set: crate::Bitboard) -> JsValue {
    make_squares(set.0 as u32, (set.0 >> 32) as u32)
}

/// `explain()`'s result: `{ legal, reason?, message, from, to, promotion?, piece?, culprit?,
/// attacker?, squares, obligation?, san? }` (`san` of a legal move, given by the caller).
pub(crate) fn explanation_object(e: &crate::Explanation, lang: crate::Lang, san: Option<String>) -> JsValue {
    use super::js::Obj;
    let piece = |p: Option<Piece>| p.map(|p| make_piece(piece_code(Some(p))));
    Obj::new()
        .set("legal", e.is_legal())
        .opt("reason", e.code())
        .set("message", e.message(lang))
        .set("from", e.from.to_string())
        .set("to", e.to.to_string())
        .opt("promotion", e.promotion.map(|r| r.char().to_string()))
        .opt("piece", piece(e.piece))
        .opt("culprit", e.culprit.map(|s| s.to_string()))
        .opt("attacker", e.attacker.map(|s| s.to_string()))
        .set("squares", squares(e.squares))
        .opt("obligation", e.touch.map(obligation_object))
        .opt("san", san)
        .build()
}

/// A touch-move obligation: `{ type, square?, target?, rook? }`.
pub(crate) fn obligation_object(o: crate::touch::Obligation) -> JsValue {
    use super::js::Obj;
    use crate::touch::Obligation;
    let obj = Obj::new().set("type", o.code());
    match o {
        Obligation::Free => obj,
        Obligation::Move { square } | Obligation::Capture { square } => obj.set("square", square.to_string()),
        Obligation::CaptureWith { piece, target } => obj.set("square", piece.to_string()).set("target", target.to_string()),
        Obligation::Castle { king, rook } => obj.set("square", king.to_string()).set("rook", rook.to_string()),
        Obligation::KingMove { king } => obj.set("square", king.to_string()),
    }
    .set("message", o.to_string())
    .build()
}

/// A colour as chess.js writes it.
pub(crate) fn color_str(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

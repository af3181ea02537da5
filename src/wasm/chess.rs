//! `class Chess`: a position, its legal moves and perft, for JS. Names follow chess.js.

use super::error::{type_name, Failure};
use super::options::Options;
use super::types::{ChessOptionsArg, FenArg, MovesOptionsArg};
use crate::{perft, CastlingMode, Color, Move, MoveKind, Position, Role, Setup, Square};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The deepest `perft` accepted: far beyond what finishes in a lifetime, and shallow enough
/// that the recursion can never exhaust the wasm stack.
const MAX_PERFT_DEPTH: u32 = 30;

/// A chess position with its rules: legal moves, perft, FEN.
///
/// ```ts
/// import init, { Chess } from 'rocada';
/// await init(); // needed once in browsers; a no-op in Node
/// const chess = new Chess();
/// chess.moves().length; // 20
/// ```
#[wasm_bindgen]
pub struct Chess {
    pos: Position,
}

/// A verbose move as JS sees it; see `Move` in `types.rs`.
#[derive(Serialize)]
struct MoveJs {
    color: &'static str,
    from: String,
    to: String,
    piece: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    captured: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<&'static str>,
    flags: &'static str,
    uci: String,
}

#[wasm_bindgen]
impl Chess {
    /// A position: the standard start position when `fen` is omitted, otherwise the given FEN
    /// (X-FEN and Shredder-FEN accepted). `{ chess960: true }` applies Chess960 castling rules.
    ///
    /// Throws `ChessError` with code `invalid-fen` and `detail` `{ reason, reasons, field?,
    /// message }` (the core's codes, e.g. `fen-board`, `missing-king`), or `invalid-option`.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<FenArg>, options: Option<ChessOptionsArg>) -> Result<Chess, JsValue> {
        let options = Options::read(options.as_deref(), "options", &["chess960"])?;
        let mode = if options.bool("chess960")?.unwrap_or(false) {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let fen: Option<&JsValue> = fen.as_deref().filter(|v| !v.is_undefined() && !v.is_null());
        let pos = match fen {
            Some(value) => {
                let text = value
                    .as_string()
                    .ok_or_else(|| Failure::FenNotString(type_name(value)))?;
                Position::from_fen(&text, mode).map_err(Failure::from)?
            }
            None => match mode {
                CastlingMode::Standard => Position::new(),
                CastlingMode::Chess960 => Position::from_setup(Setup::start(), mode)
                    .map_err(|e| Failure::Fen(crate::FenError::Position(e)))?,
            },
        };
        Ok(Chess { pos })
    }

    /// The position as FEN (X-FEN for Chess960: `KQkq` where unambiguous).
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The side to move: `'w'` or `'b'`.
    #[wasm_bindgen(unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        color_str(self.pos.turn()).to_owned()
    }

    /// Whether Chess960 castling rules apply (the `chess960` option).
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.pos.castling_mode() == CastlingMode::Chess960
    }

    /// See the `Chess` interface in the custom TypeScript section for the overloads.
    #[wasm_bindgen(skip_typescript)]
    pub fn moves(&self, options: Option<MovesOptionsArg>) -> Result<JsValue, JsValue> {
        let options = Options::read(options.as_deref(), "options", &["verbose", "square"])?;
        let verbose = options.bool("verbose")?.unwrap_or(false);
        let moves = match options.string("square")? {
            None => self.pos.legal_moves(),
            Some(name) => {
                let square: Square = name.parse().map_err(|_| Failure::Square { square: name.clone() })?;
                self.pos.legal_moves_from(square)
            }
        };
        let mode = self.pos.castling_mode();
        if !verbose {
            let list = js_sys::Array::new_with_length(moves.len() as u32);
            for (i, m) in moves.iter().enumerate() {
                list.set(i as u32, JsValue::from_str(&m.uci(mode)));
            }
            return Ok(list.into());
        }
        let color = color_str(self.pos.turn());
        let verbose: Vec<MoveJs> = moves.iter().map(|&m| self.move_js(m, color, mode)).collect();
        // Plain structs of strings always serialize; map the impossible error anyway.
        serde_wasm_bindgen::to_value(&verbose).map_err(JsValue::from)
    }

    /// The number of leaf nodes `depth` plies deep (legal moves counted in bulk at the last
    /// ply): perft(1) of the start position is 20, perft(3) is 8902. `depth` is an integer
    /// from 0 to 30; otherwise throws `ChessError` `invalid-option` (detail `option: 'depth'`).
    /// Counts above 2^53 lose precision (a depth that large does not finish anyway).
    pub fn perft(&self, depth: f64) -> Result<f64, JsValue> {
        if !(depth.fract() == 0.0 && (0.0..=MAX_PERFT_DEPTH as f64).contains(&depth)) {
            return Err(Failure::Option {
                option: "depth".to_owned(),
                message: format!(
                    "expected an integer from 0 to {MAX_PERFT_DEPTH}, got {}",
                    js_number(depth)
                ),
            }
            .into());
        }
        Ok(perft(&self.pos, depth as u32) as f64)
    }
}

impl Chess {
    fn move_js(&self, m: Move, color: &'static str, mode: CastlingMode) -> MoveJs {
        let captured = self.pos.capture_of(m);
        let flags = match m.kind() {
            MoveKind::Castle => match m.castling_side() {
                Some(crate::CastlingSide::KingSide) => "k",
                _ => "q",
            },
            MoveKind::EnPassant => "e",
            MoveKind::Promotion(_) if captured.is_some() => "cp",
            MoveKind::Promotion(_) => "np",
            MoveKind::Normal if captured.is_some() => "c",
            MoveKind::Normal if m.role() == Role::Pawn && m.from().distance(m.to()) == 2 => "b",
            MoveKind::Normal => "n",
        };
        MoveJs {
            color,
            from: m.from().to_string(),
            to: m.destination().to_string(),
            piece: role_str(m.role()),
            captured: captured.map(role_str),
            promotion: m.promotion().map(role_str),
            flags,
            uci: m.uci(mode),
        }
    }
}

/// A number as JS writes it (`Infinity`, not Rust's `inf`).
fn js_number(x: f64) -> String {
    match x {
        f64::INFINITY => "Infinity".to_owned(),
        f64::NEG_INFINITY => "-Infinity".to_owned(),
        _ => x.to_string(),
    }
}

fn color_str(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

fn role_str(role: Role) -> &'static str {
    match role {
        Role::Pawn => "p",
        Role::Knight => "n",
        Role::Bishop => "b",
        Role::Rook => "r",
        Role::Queen => "q",
        Role::King => "k",
    }
}

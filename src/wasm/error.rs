//! The one way a failure leaves the adapter: a [`Failure`] becomes a JS `ChessError`.
//!
//! `ChessError` is the hand-written class in `pkg/chess_error.js`; the package's entry points
//! re-export that same module, so users can write `e instanceof ChessError`. Every exported
//! function returns `Result<_, JsValue>` and builds its error as `Failure::...into()`. The
//! message is English; `detail` holds the facts (and, for moves, the explanation in the
//! selected language).

use super::js::{strings, Obj};
use super::objects::explanation_object;
use crate::clock::{ClockError, TimeControlError};
use crate::game::GameError;
use crate::pgn::{PgnError, PgnErrorKind};
use crate::record::NoteError;
use crate::{FenError, Lang, PositionError, SanError, UciError};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(raw_module = "./chess_error.js")]
extern "C" {
    /// `class ChessError extends Error { code; detail }` from `pkg/chess_error.js`.
    #[wasm_bindgen(extends = js_sys::Error)]
    type ChessError;

    #[wasm_bindgen(constructor)]
    fn new(code: &str, message: &str, detail: &JsValue) -> ChessError;
}

/// Everything that can go wrong in a call from JS.
#[derive(Debug)]
pub(crate) enum Failure {
    /// `invalid-fen`: the core could not read the FEN, or it is not a legal position.
    Fen(FenError),
    /// `invalid-fen`: the FEN argument is not a string (`typeof` given).
    FenNotString(String),
    /// `invalid-option`: an option or numeric argument has the wrong type or is out of range;
    /// `option` names it (`chess960`, `depth`, ... or the whole `options` object).
    Option { option: String, message: String },
    /// `invalid-argument`: an argument that is not an option has the wrong type.
    Argument { argument: &'static str, message: String },
    #[cfg(feature = "js-rules")]
    /// `invalid-argument`: a note (comment, NAG, header) refused: for the start position, or
    /// past the PGN reader's limits.
    Note { argument: &'static str, error: NoteError },
    /// `invalid-square`: not a square name such as `e4`.
    Square { square: String },
    /// `invalid-piece`: not a piece such as `{ type: 'q', color: 'w' }`.
    Piece { message: String },
    #[cfg(feature = "js-rules")]
    /// `invalid-position`: the board was edited into a position that is not legal chess.
    Position(PositionError),
    /// A game action refused (`illegal-move`, `game-over`, `touch-move`, ...).
    Game { error: GameError, input: String, lang: Lang },
    #[cfg(feature = "js-rules")]
    /// A SAN string that names no single legal move.
    San(SanError),
    /// A UCI string that names no legal move.
    Uci(UciError),
    #[cfg(feature = "js-rules")]
    /// `invalid-pgn`.
    Pgn(PgnError),
    #[cfg(feature = "js-rules")]
    /// `invalid-pgn`: a PGN game goes on after the game ended (fivefold repetition, 75 moves).
    PgnAfterEnd { ply: usize, error: GameError },
    #[cfg(feature = "js-rules")]
    /// `invalid-time-control`.
    TimeControl(TimeControlError),
    #[cfg(feature = "js-rules")]
    /// `flag-fallen`, `clock-stopped`, `clock-paused`.
    Clock(ClockError),
}

impl Failure {
    /// The stable `ChessError.code`.
    pub(crate) fn code(&self) -> &'static str {
        match self {
            Failure::Fen(_) | Failure::FenNotString(_) => "invalid-fen",
            Failure::Option { .. } => "invalid-option",
            Failure::Argument { .. } => "invalid-argument",
            #[cfg(feature = "js-rules")]
            Failure::Note { .. } => "invalid-argument",
            Failure::Square { .. } => "invalid-square",
            Failure::Piece { .. } => "invalid-piece",
            #[cfg(feature = "js-rules")]
            Failure::Position(_) => "invalid-position",
            Failure::Game { error, .. } => error.code(),
            #[cfg(feature = "js-rules")]
            Failure::San(e) => e.code(),
            Failure::Uci(e) => e.code(),
            #[cfg(feature = "js-rules")]
            Failure::Pgn(_) | Failure::PgnAfterEnd { .. } => "invalid-pgn",
            #[cfg(feature = "js-rules")]
            Failure::TimeControl(e) => e.code(),
            #[cfg(feature = "js-rules")]
            Failure::Clock(e) => e.code(),
        }
    }

    /// The English message and the `detail` object.
    fn message_and_detail(&self) -> (String, JsValue) {
        match self {
            Failure::Fen(e) => {
                let message = e.to_string();
                let (reasons, field) = match e {
                    FenError::Parse(p) => (vec![p.code()], p.field()),
                    FenError::Position(p) => (p.reasons().map(|r| r.code()).collect(), None),
                };
                let detail = Obj::new()
                    .set("reason", e.code())
                    .set("reasons", strings(reasons))
                    .opt("field", field)
                    .set("message", message.as_str());
                (format!("invalid FEN: {message}"), detail.build())
            }
            Failure::FenNotString(got) => {
                let message = format!("FEN must be a string, got {got}");
                let detail = Obj::new().set("reason", "fen-type").set("reasons", strings(["fen-type"])).set("message", message.as_str());
                (format!("invalid FEN: {message}"), detail.build())
            }
            Failure::Option { option, message } => {
                let detail = Obj::new().set("option", option.as_str()).set("message", message.as_str());
                (format!("invalid option {option}: {message}"), detail.build())
            }
            Failure::Argument { argument, message } => {
                let detail = Obj::new().set("argument", *argument).set("message", message.as_str());
                (format!("invalid argument {argument}: {message}"), detail.build())
            }
            #[cfg(feature = "js-rules")]
            Failure::Note { argument, error } => {
                let message = error.to_string();
                let detail = Obj::new().set("argument", *argument).set("reason", error.code()).set("message", message.as_str());
                (format!("invalid argument {argument}: {message}"), detail.build())
            }
            Failure::Square { square } => {
                let message = "expected a square name: a file a-h and a rank 1-8, such as e4";
                let detail = Obj::new().set("square", square.as_str()).set("message", message);
                (format!("invalid square {square}: {message}"), detail.build())
            }
            Failure::Piece { message } => {
                let detail = Obj::new().set("message", message.as_str());
                (format!("invalid piece: {message}"), detail.build())
            }
            #[cfg(feature = "js-rules")]
            Failure::Position(e) => {
                let message = e.to_string();
                let detail = Obj::new()
                    .set("reason", e.code())
                    .set("reasons", strings(e.reasons().map(|r| r.code())))
                    .set("message", message.as_str());
                (format!("the board is not a legal position: {message}"), detail.build())
            }
            Failure::Game { error, input, lang } => game_error(error, input, *lang),
            #[cfg(feature = "js-rules")]
            Failure::San(e) => {
                let message = e.to_string();
                let mut detail = Obj::new().set("move", e.input()).set("message", message.as_str());
                if let SanError::Ambiguous { candidates, .. } = e {
                    detail = detail.set("candidates", strings(candidates.iter().map(|(_, san)| san)));
                }
                if e.code() == "illegal-move" {
                    detail = detail.set("reason", "illegal-move");
                }
                (message, detail.build())
            }
            Failure::Uci(e) => {
                let message = e.to_string();
                let input = match e {
                    UciError::Syntax { input } | UciError::Illegal { input, .. } => input.as_str(),
                    UciError::NullMove => "0000",
                };
                let mut detail = Obj::new().set("move", input).set("message", message.as_str());
                if e.code() == "illegal-move" {
                    detail = detail.set("reason", "illegal-move");
                }
                (message, detail.build())
            }
            #[cfg(feature = "js-rules")]
            Failure::Pgn(e) => {
                let message = e.kind.to_string();
                let mut detail = Obj::new()
                    .set("game", e.game as u32)
                    .set("line", e.line as u32)
                    .set("column", e.column as u32)
                    .set("reason", e.detail())
                    .set("message", message.as_str());
                // A move that fails: the move and its position, for `explain()` in any language.
                if let PgnErrorKind::InvalidMove { san, position, .. } = &e.kind {
                    detail = detail.set("move", san.as_str()).set("fen", position.fen().as_str());
                }
                (format!("invalid PGN: {e}"), detail.build())
            }
            #[cfg(feature = "js-rules")]
            Failure::PgnAfterEnd { ply, error } => {
                let message = format!("move {} comes after the end of the game: {error}", ply + 1);
                let detail = Obj::new().set("game", 1).set("reason", error.code()).set("ply", *ply as u32).set("message", message.as_str());
                (format!("invalid PGN: {message}"), detail.build())
            }
            #[cfg(feature = "js-rules")]
            Failure::TimeControl(e) => {
                let detail = Obj::new().set("message", e.message());
                (e.to_string(), detail.build())
            }
            #[cfg(feature = "js-rules")]
            Failure::Clock(e) => {
                let mut detail = Obj::new().set("message", e.to_string());
                if let ClockError::Flagged(color) = e {
                    detail = detail.set("color", super::objects::color_str(*color));
                }
                (e.to_string(), detail.build())
            }
        }
    }
}

/// Message and detail of a refused search of a finished game, the engine module's only game
/// failure: worded without the message catalogue (`rocada_game::messages`, three languages,
/// 8.5 KB of that module's 82 at gzip -9, which `GameError`'s Display reaches through the
/// explained illegal moves). The page's module (below) says the ending in the game's language.
#[cfg(not(feature = "js-rules"))]
fn game_error(error: &GameError, _input: &str, _lang: Lang) -> (String, JsValue) {
    let (message, detail) = match error {
        GameError::GameOver(ending) => (
            format!("the game is over ({ending})"),
            Obj::new().set("result", ending.result().as_str()).set("termination", ending.termination.code()),
        ),
        _ => ("the game refused the action".to_owned(), Obj::new()),
    };
    (message.clone(), detail.set("message", message).build())
}

/// Message and detail of a refused game action.
#[cfg(feature = "js-rules")]
fn game_error(error: &GameError, input: &str, lang: Lang) -> (String, JsValue) {
    let english = error.to_string();
    match error {
        GameError::IllegalMove(e) | GameError::TouchMove(e) => {
            let detail = Obj::new()
                .set("move", input)
                .set("reason", e.code().unwrap_or("illegal-move"))
                .set("message", e.message(lang))
                .set("explanation", explanation_object(e, lang, None));
            let what = if matches!(error, GameError::TouchMove(_)) { "touch-move rule" } else { "illegal move" };
            (format!("{what} {input}: {english}"), detail.build())
        }
        GameError::GameOver(ending) => {
            let detail = Obj::new()
                .set("result", ending.result().as_str())
                .set("termination", ending.termination.code())
                .set("message", ending.message(lang));
            (english, detail.build())
        }
        GameError::Notation { message, .. } => {
            let detail = Obj::new().set("move", input).set("message", message.as_str());
            (english, detail.build())
        }
        GameError::NotYourTurn | GameError::InvalidDrawOffer | GameError::NoDrawOffer | GameError::InvalidClaim => {
            (english.clone(), Obj::new().set("message", english).build())
        }
    }
}

impl From<FenError> for Failure {
    fn from(e: FenError) -> Failure {
        Failure::Fen(e)
    }
}

#[cfg(feature = "js-rules")]
impl From<PgnError> for Failure {
    fn from(e: PgnError) -> Failure {
        Failure::Pgn(e)
    }
}

#[cfg(feature = "js-rules")]
impl From<ClockError> for Failure {
    fn from(e: ClockError) -> Failure {
        Failure::Clock(e)
    }
}

/// The conversion every exported function goes through.
impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        let (message, detail) = failure.message_and_detail();
        ChessError::new(failure.code(), &message, &detail).into()
    }
}

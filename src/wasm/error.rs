//! The one way a failure leaves the adapter: a `Failure` becomes a JS `ChessError`.
//!
//! `ChessError` is the hand-written class in `pkg/chess_error.js`; the package's entry points
//! re-export that same module, so users can write `e instanceof ChessError`. Every exported
//! function returns `Result<_, JsValue>` and builds its error as `Failure::...into()`.

use crate::FenError;
use serde::Serialize;
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
    /// `invalid-option`: an option or numeric argument is missing, of the wrong type or out of
    /// range; `option` names it (`chess960`, `depth`, ... or the whole `options` object).
    Option { option: String, message: String },
    /// `invalid-square`: a string that is not a square name such as `e4`.
    Square { square: String },
}

/// `detail` of `invalid-fen`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FenDetail<'a> {
    /// The first reason's code.
    reason: &'a str,
    /// Every reason's code (one for an unreadable FEN, all faults for an illegal position).
    reasons: Vec<&'a str>,
    /// The FEN field at fault, for an unreadable FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'a str>,
    message: String,
}

/// `detail` of `invalid-option`.
#[derive(Serialize)]
struct OptionDetail<'a> {
    option: &'a str,
    message: &'a str,
}

/// `detail` of `invalid-square`.
#[derive(Serialize)]
struct SquareDetail<'a> {
    square: &'a str,
    message: &'a str,
}

impl Failure {
    /// The stable `ChessError.code`.
    pub(crate) fn code(&self) -> &'static str {
        match self {
            Failure::Fen(_) | Failure::FenNotString(_) => "invalid-fen",
            Failure::Option { .. } => "invalid-option",
            Failure::Square { .. } => "invalid-square",
        }
    }

    /// The English message and the `detail` object.
    fn message_and_detail(&self) -> (String, Result<JsValue, serde_wasm_bindgen::Error>) {
        match self {
            Failure::Fen(e) => {
                let message = e.to_string();
                let (reasons, field) = match e {
                    FenError::Parse(p) => (vec![p.code()], p.field()),
                    FenError::Position(p) => (p.reasons().map(|r| r.code()).collect(), None),
                };
                let detail = FenDetail {
                    reason: e.code(),
                    reasons,
                    field,
                    message: message.clone(),
                };
                let detail = serde_wasm_bindgen::to_value(&detail);
                (format!("invalid FEN: {message}"), detail)
            }
            Failure::FenNotString(got) => {
                let message = format!("FEN must be a string, got {got}");
                let detail = FenDetail {
                    reason: "fen-type",
                    reasons: vec!["fen-type"],
                    field: None,
                    message: message.clone(),
                };
                let detail = serde_wasm_bindgen::to_value(&detail);
                (format!("invalid FEN: {message}"), detail)
            }
            Failure::Option { option, message } => {
                let detail = serde_wasm_bindgen::to_value(&OptionDetail { option, message });
                (format!("invalid option {option}: {message}"), detail)
            }
            Failure::Square { square } => {
                let message = "expected a square name: a file a-h and a rank 1-8, such as e4";
                let detail = serde_wasm_bindgen::to_value(&SquareDetail { square, message });
                (format!("invalid square {square:?}: {message}"), detail)
            }
        }
    }
}

impl From<FenError> for Failure {
    fn from(e: FenError) -> Failure {
        Failure::Fen(e)
    }
}

/// The conversion every exported function goes through.
impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        let (message, detail) = failure.message_and_detail();
        // Serializing these plain structs cannot fail; should it ever, the error still throws.
        let detail = detail.unwrap_or_else(|_| js_sys::Object::new().into());
        ChessError::new(failure.code(), &message, &detail).into()
    }
}

/// `typeof value`, for messages.
pub(crate) fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_owned()
    } else if js_sys::Array::is_array(value) {
        "array".to_owned()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

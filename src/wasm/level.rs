//! `levelElo`: the approximate Elo of each engine level, in the page's module, so that a page
//! can show it beside a level (`Engine.levelElo`, synchronous) without loading the engine's
//! module. It links the table only.

use super::error::Failure;
use super::js::type_name;
use crate::search::ELO_BY_LEVEL;
use wasm_bindgen::prelude::*;

/// The approximate Elo of `level` (a whole number from 1 to 20), as measured against
/// Stockfish (`ELO_BY_LEVEL`): what a page shows beside a level. `Engine.levelElo` in JS.
#[wasm_bindgen(js_name = levelElo, skip_typescript)]
pub fn level_elo(level: &JsValue) -> Result<u32, JsValue> {
    match level.as_f64() {
        Some(l) if l.fract() == 0.0 && (1.0..=20.0).contains(&l) => Ok(ELO_BY_LEVEL[l as usize - 1]),
        _ => {
            Err(Failure::Argument { argument: "level", message: format!("expected a whole number from 1 to 20, got {}", type_name(level)) }
                .into())
        }
    }
}

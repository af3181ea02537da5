//! Reading an options object (`{ chess960: true }`) strictly: `undefined` or `null` means
//! "all defaults", each known field must have the documented type, and an unknown field is an
//! error (a typo such as `{ verbos: true }` should not be silently ignored).

use super::error::Failure;
use super::js::{array_len, describe, get, is_array, item, own_keys, type_name};
use crate::notation::quoted::Quoted;
use crate::{Color, Lang, Piece, Role, Square};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A validated options object: the known fields it sets (read once each: an options object is
/// read in the hot calls too, `moves({ verbose: true })`).
pub(crate) struct Options {
    entries: Vec<(&'static str, JsValue)>,
}

impl Options {
    /// Checks that `value` is absent or a plain object whose own keys are all in `known`.
    /// `what` names the argument in messages (`options`).
    #[inline]
    pub(crate) fn read<T: AsRef<JsValue>>(value: Option<&T>, what: &str, known: &[&'static str]) -> Result<Options, Failure> {
        Options::read_value(value.map(AsRef::as_ref), what, known)
    }

    fn read_value(value: Option<&JsValue>, what: &str, known: &[&'static str]) -> Result<Options, Failure> {
        let value = match value {
            Some(v) if !v.is_undefined() && !v.is_null() => v,
            _ => return Ok(Options { entries: Vec::new() }),
        };
        let unreadable = || Failure::Option { option: what.to_owned(), message: "its fields cannot be read".to_owned() };
        if !value.is_object() || is_array(value).ok_or_else(unreadable)? {
            return Err(Failure::Option {
                option: what.to_owned(),
                message: format!(
                    "expected an object such as {{ {}: ... }}, got {}",
                    known.first().copied().unwrap_or(""),
                    type_name(value)
                ),
            });
        }
        let object: &js_sys::Object = value.unchecked_ref();
        let keys = own_keys(object).map_err(|_| unreadable())?;
        let mut entries = Vec::new();
        for i in 0..array_len(&keys, u32::MAX).ok().flatten().unwrap_or(0) {
            let key = item(&keys, i).map_err(|_| unreadable())?;
            // Symbol keys are never options; skip them.
            let Some(name) = key.as_string() else { continue };
            let Some(&known_name) = known.iter().find(|k| **k == name) else {
                return Err(Failure::Option {
                    option: name.clone(),
                    message: format!("unknown option {}; the known ones are: {}", Quoted(&name), known.join(", ")),
                });
            };
            let v = get(object, &key).map_err(|_| unreadable())?;
            if !v.is_undefined() && !v.is_null() {
                entries.push((known_name, v));
            }
        }
        Ok(Options { entries })
    }

    /// The field `key`, or `None` if it is absent, `undefined` or `null`.
    pub(crate) fn get_raw(&self, key: &str) -> Result<Option<JsValue>, Failure> {
        Ok(self.entries.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()))
    }

    /// A boolean field.
    pub(crate) fn bool(&self, key: &str) -> Result<Option<bool>, Failure> {
        match self.get_raw(key)? {
            None => Ok(None),
            Some(v) => v
                .as_bool()
                .map(Some)
                .ok_or_else(|| Failure::Option { option: key.to_owned(), message: format!("expected a boolean, got {}", type_name(&v)) }),
        }
    }

    /// A number field.
    pub(crate) fn number(&self, key: &str) -> Result<Option<f64>, Failure> {
        match self.get_raw(key)? {
            None => Ok(None),
            Some(v) => v
                .as_f64()
                .map(Some)
                .ok_or_else(|| Failure::Option { option: key.to_owned(), message: format!("expected a number, got {}", type_name(&v)) }),
        }
    }

    /// The `lang` field: `'en'`, `'ro'` or `'es'`.
    pub(crate) fn lang(&self) -> Result<Option<Lang>, Failure> {
        match self.string("lang")? {
            None => Ok(None),
            Some(code) => match code.as_str() {
                "en" => Ok(Some(Lang::En)),
                "ro" => Ok(Some(Lang::Ro)),
                "es" => Ok(Some(Lang::Es)),
                _ => Err(Failure::Option {
                    option: "lang".to_owned(),
                    message: format!("expected 'en', 'ro' or 'es', got {}", Quoted(&code)),
                }),
            },
        }
    }

    /// A string field.
    pub(crate) fn string(&self, key: &str) -> Result<Option<String>, Failure> {
        match self.get_raw(key)? {
            None => Ok(None),
            Some(v) => v
                .as_string()
                .map(Some)
                .ok_or_else(|| Failure::Option { option: key.to_owned(), message: format!("expected a string, got {}", type_name(&v)) }),
        }
    }
}

/// A square argument (`'e4'`).
pub(crate) fn square(value: &JsValue) -> Result<Square, Failure> {
    square_in(value, false)
}

/// A square argument in either case (`'e4'`, `'E4'`), where chess.js reads one so.
pub(crate) fn square_any_case(value: &JsValue) -> Result<Square, Failure> {
    square_in(value, true)
}

fn square_in(value: &JsValue, any_case: bool) -> Result<Square, Failure> {
    match value.as_string() {
        Some(mut name) => {
            if any_case {
                name.make_ascii_lowercase();
            }
            name.parse().map_err(|_| Failure::Square { square: describe(value) })
        }
        None => Err(Failure::Square { square: type_name(value) }),
    }
}

/// A color argument: `'w'` or `'b'`.
pub(crate) fn color(value: &JsValue, argument: &'static str) -> Result<Color, Failure> {
    match value.as_string().as_deref() {
        Some("w") => Ok(Color::White),
        Some("b") => Ok(Color::Black),
        _ => Err(Failure::Argument { argument, message: format!("expected 'w' or 'b', got {}", describe(value)) }),
    }
}

/// A piece argument, chess.js's `{ type: 'q', color: 'w' }`.
pub(crate) fn piece(value: &JsValue) -> Result<Piece, Failure> {
    let bad = || Failure::Piece {
        message: format!("expected {{ type: 'p' | 'n' | 'b' | 'r' | 'q' | 'k', color: 'w' | 'b' }}, got {}", type_name(value)),
    };
    if !value.is_object() || is_array(value) != Some(false) {
        return Err(bad());
    }
    let field = |key: &str| get(value, &JsValue::from_str(key)).ok().and_then(|v| v.as_string());
    let role = match field("type").as_deref() {
        Some(t) if t.len() == 1 => t.chars().next().and_then(Role::from_char),
        _ => None,
    };
    let color = match field("color").as_deref() {
        Some("w") => Some(Color::White),
        Some("b") => Some(Color::Black),
        _ => None,
    };
    match (role, color) {
        (Some(role), Some(color)) => Ok(Piece::new(color, role)),
        _ => Err(bad()),
    }
}

/// A promotion piece letter (`'q'`, `'r'`, `'b'`, `'n'`; uppercase too), or none.
pub(crate) fn promotion(value: &JsValue) -> Result<Option<Role>, Failure> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let role = value.as_string().and_then(|s| {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_char(c.to_ascii_lowercase()),
            _ => None,
        }
    });
    match role {
        Some(r) if Role::PROMOTIONS.contains(&r) => Ok(Some(r)),
        _ => Err(Failure::Argument { argument: "promotion", message: format!("expected 'q', 'r', 'b' or 'n', got {}", describe(value)) }),
    }
}

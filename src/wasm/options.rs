//! Reading an options object (`{ chess960: true }`) strictly: `undefined` or `null` means
//! "all defaults", each known field must have the documented type, and an unknown field is an
//! error (a typo such as `{ verbos: true }` should not be silently ignored).

use super::error::{type_name, Failure};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A validated options object, or none.
pub(crate) struct Options {
    object: Option<js_sys::Object>,
}

impl Options {
    /// Checks that `value` is absent or a plain object whose own keys are all in `known`.
    /// `what` names the argument in messages (`options`).
    pub(crate) fn read(value: Option<&JsValue>, what: &str, known: &[&str]) -> Result<Options, Failure> {
        let value = match value {
            Some(v) if !v.is_undefined() && !v.is_null() => v,
            _ => return Ok(Options { object: None }),
        };
        if !value.is_object() || js_sys::Array::is_array(value) {
            return Err(Failure::Option {
                option: what.to_owned(),
                message: format!(
                    "expected an object such as {{ {}: ... }}, got {}",
                    known.first().copied().unwrap_or(""),
                    type_name(value)
                ),
            });
        }
        let object: js_sys::Object = value.clone().unchecked_into();
        let keys = js_sys::Reflect::own_keys(&object).map_err(|_| Failure::Option {
            option: what.to_owned(),
            message: "its keys cannot be read".to_owned(),
        })?;
        for key in keys.iter() {
            // Symbol keys are never options; skip them.
            if let Some(key) = key.as_string() {
                if !known.contains(&key.as_str()) {
                    return Err(Failure::Option {
                        option: key.clone(),
                        message: format!("unknown option {key:?}; the known ones are: {}", known.join(", ")),
                    });
                }
            }
        }
        Ok(Options { object: Some(object) })
    }

    /// The field `key`, or `None` if it is absent, `undefined` or `null`.
    fn get(&self, key: &str) -> Result<Option<JsValue>, Failure> {
        let Some(object) = &self.object else { return Ok(None) };
        let value = js_sys::Reflect::get(object, &JsValue::from_str(key)).map_err(|_| Failure::Option {
            option: key.to_owned(),
            message: "reading it threw".to_owned(),
        })?;
        Ok((!value.is_undefined() && !value.is_null()).then_some(value))
    }

    /// A boolean field.
    pub(crate) fn bool(&self, key: &str) -> Result<Option<bool>, Failure> {
        match self.get(key)? {
            None => Ok(None),
            Some(v) => v.as_bool().map(Some).ok_or_else(|| Failure::Option {
                option: key.to_owned(),
                message: format!("expected a boolean, got {}", type_name(&v)),
            }),
        }
    }

    /// A string field.
    pub(crate) fn string(&self, key: &str) -> Result<Option<String>, Failure> {
        match self.get(key)? {
            None => Ok(None),
            Some(v) => v.as_string().map(Some).ok_or_else(|| Failure::Option {
                option: key.to_owned(),
                message: format!("expected a string, got {}", type_name(&v)),
            }),
        }
    }
}

//! Small helpers for building plain JS objects and naming JS values in messages.

use crate::quoted::Quoted;
use wasm_bindgen::prelude::*;

/// A plain JS object under construction (error details, explanations, PGN trees: the calls
/// that are not hot; the hot ones go through `objects.js`).
pub(crate) struct Obj(js_sys::Object);

impl Obj {
    pub(crate) fn new() -> Obj {
        Obj(js_sys::Object::new())
    }

    /// Sets `key` (on a fresh plain object this cannot fail).
    pub(crate) fn set(self, key: &str, value: impl Into<JsValue>) -> Obj {
        let _ = js_sys::Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    /// Sets `key` when `value` is `Some`.
    pub(crate) fn opt(self, key: &str, value: Option<impl Into<JsValue>>) -> Obj {
        match value {
            Some(v) => self.set(key, v),
            None => self,
        }
    }

    pub(crate) fn build(self) -> JsValue {
        self.0.into()
    }
}

/// A JS array of strings.
pub(crate) fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> JsValue {
    let array = js_sys::Array::new();
    for s in items {
        array.push(&JsValue::from_str(s.as_ref()));
    }
    array.into()
}

/// `typeof value` (with `null` and `array` told apart), for messages.
pub(crate) fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_owned()
    } else if js_sys::Array::is_array(value) {
        "array".to_owned()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// A short rendering of a value for messages: strings quoted and cut to 40 characters.
pub(crate) fn describe(value: &JsValue) -> String {
    match value.as_string() {
        Some(s) => {
            let cut: String = s.chars().take(40).collect();
            if cut.len() < s.len() {
                format!("{}...", Quoted(&cut))
            } else {
                Quoted(&cut).to_string()
            }
        }
        None => type_name(value),
    }
}

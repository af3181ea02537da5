//! Small helpers for building plain JS objects, reading the caller's arrays, and naming JS
//! values in messages.
//!
//! Every JS operation on a value the caller passed goes through `pkg/read.js`, which catches
//! (`Reflect.get`, `Reflect.ownKeys`, `Array.isArray`, `Function.prototype.call`): a revoked
//! Proxy, a throwing trap, getter or function becomes an `Err` here, never a JS exception
//! unwinding through the wasm frames (which would leave the object borrowed and the shadow stack
//! pointer where it was: the instance locked, then corrupted). Not wasm-bindgen's `catch`
//! imports: those that return a value keep an externref slot and a few bytes per exception. The other operations
//! on caller values are wasm-bindgen's `typeof`-based ones (`as_string`, `as_f64`, `is_object`,
//! ...), which run no JS code of the caller. `test/hostile.test.mjs` lists the module's imports
//! that do not catch and checks that none of them takes a caller's value.

use crate::notation::quoted::Quoted;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(raw_module = "./read.js")]
extern "C" {
    #[wasm_bindgen(js_name = readFailed)]
    fn read_failed() -> bool;
    #[wasm_bindgen(js_name = readGet)]
    fn read_get(target: &JsValue, key: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = readOwnKeys)]
    fn read_own_keys(target: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = readIsArray)]
    fn read_is_array(value: &JsValue) -> u32;
    #[wasm_bindgen(js_name = readCall)]
    fn read_call(f: &JsValue, this: &JsValue, arg: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = readBytes)]
    fn read_bytes(value: &JsValue) -> JsValue;
}

/// The bytes of `value` if it is a `Uint8Array` (`None` if it is something else), or `Err` if
/// reading it throws.
pub(crate) fn bytes(value: &JsValue) -> Result<Option<Vec<u8>>, ()> {
    let copy = read_bytes(value);
    if read_failed() {
        return Err(());
    }
    Ok((!copy.is_undefined()).then(|| js_sys::Uint8Array::unchecked_from_js(copy).to_vec()))
}

/// Whether `value` is an array; `None` when that cannot be told (a revoked Proxy).
pub(crate) fn is_array(value: &JsValue) -> Option<bool> {
    if !value.is_object() {
        return Some(false);
    }
    match read_is_array(value) {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

/// `value[key]` (`Reflect.get`), or `Err` if it throws.
pub(crate) fn get(value: &JsValue, key: &JsValue) -> Result<JsValue, ()> {
    let v = read_get(value, key);
    if read_failed() {
        Err(())
    } else {
        Ok(v)
    }
}

/// `Reflect.ownKeys(value)` (a fresh array made by JS), or `Err` if it throws.
pub(crate) fn own_keys(value: &JsValue) -> Result<JsValue, ()> {
    let keys = read_own_keys(value);
    if read_failed() {
        Err(())
    } else {
        Ok(keys)
    }
}

/// `f.call(this)`, or `f.call(this, arg)` unless `arg` is `undefined`; `Err` if it throws.
pub(crate) fn call(f: &JsValue, this: &JsValue, arg: &JsValue) -> Result<JsValue, ()> {
    let v = read_call(f, this, arg);
    if read_failed() {
        Err(())
    } else {
        Ok(v)
    }
}

/// The length of an array argument, at most `max`: `Ok(None)` if `value` is not an array,
/// `Err` if it cannot be read (a revoked Proxy, a throwing trap). Its items are then read with
/// [`item`], by index (not by its iterator, which the caller may have replaced).
pub(crate) fn array_len(value: &JsValue, max: u32) -> Result<Option<u32>, ()> {
    match is_array(value) {
        None => Err(()),
        Some(false) => Ok(None),
        Some(true) => {
            let length = get(value, &JsValue::from_str("length"))?.as_f64().unwrap_or(0.0);
            Ok(Some(if length >= 0.0 { (length as u32).min(max) } else { 0 }))
        }
    }
}

/// `value[i]`, caught.
pub(crate) fn item(value: &JsValue, i: u32) -> Result<JsValue, ()> {
    get(value, &JsValue::from(i))
}

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
    } else if is_array(value) == Some(true) {
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

/// A JS value in a message about a number: the number as JS writes it, else its type.
pub(crate) fn number_text(v: &JsValue) -> String {
    match v.as_f64() {
        Some(x) => js_number(x),
        None => type_name(v),
    }
}

/// A number as JS writes it (`Infinity`, `1e+21`), by JS itself: Rust's float formatting
/// would add 14 KB of code to the module.
pub(crate) fn js_number(x: f64) -> String {
    js_sys::Number::from(x).to_string_with_radix(10).map(String::from).unwrap_or_default()
}

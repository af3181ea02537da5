//! The JS adapter in headless Chromium (wasm-bindgen-test with `run_in_browser`):
//! `CHROMEDRIVER=$(command -v chromedriver) cargo test --target wasm32-unknown-unknown --test wasm_browser`.
//! The Node suite (wasm_node.rs) covers the API in depth; this one checks that the same module
//! loads and behaves in a browser, where `./chess_error.js` and `./objects.js` are fetched over
//! HTTP, and that each family of errors is a `ChessError` there too.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use rocada::wasm::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(raw_module = "./chess_error.js")]
extern "C" {
    #[wasm_bindgen(extends = js_sys::Error)]
    type ChessError;
}

#[wasm_bindgen(raw_module = "./objects.js")]
extern "C" {
    #[wasm_bindgen(js_name = Move)]
    type MoveClass;
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("Reflect.get")
}

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

fn arg<T: JsCast>(v: impl Into<JsValue>) -> T {
    v.into().unchecked_into()
}

fn opts<T: JsCast>(json: &str) -> Option<T> {
    Some(js_sys::JSON::parse(json).unwrap().unchecked_into())
}

fn code<T>(r: Result<T, JsValue>) -> String {
    let Err(e) = r else { panic!("expected an error") };
    assert!(e.is_instance_of::<ChessError>(), "a ChessError");
    get(&e, "code").as_string().unwrap()
}

/// `typeof document !== 'undefined'`, without a web-sys dependency.
fn web_window_exists() -> bool {
    Reflect::has(&js_sys::global(), &s("document")).unwrap_or(false)
}

#[wasm_bindgen_test]
fn runs_in_a_browser() {
    assert!(web_window_exists(), "expected a browser window");
    let mut chess = Chess::new(None, None).unwrap();
    assert_eq!(Array::from(&chess.moves(None).unwrap()).length(), 20);
    assert_eq!(chess.perft(JsValue::from(4.0)).unwrap(), 197_281.0);
    let m = chess.play(s("e4"), None).unwrap();
    assert!(m.is_instance_of::<MoveClass>());
    assert_eq!(get(&m, "san").as_string().as_deref(), Some("e4"));
    let verbose = Array::from(&chess.moves(opts(r#"{"verbose": true}"#)).unwrap());
    assert_eq!(verbose.length(), 20);
    assert!(get(&verbose.get(0), "after").as_string().is_some(), "lazy after works");
    assert_eq!(get(&chess.status(), "result").as_string().as_deref(), Some("*"));
    assert!(chess.pgn(None).unwrap().ends_with("1. e4 *"));
}

#[wasm_bindgen_test]
fn errors_are_chess_errors() {
    assert_eq!(code(Chess::new(Some(arg(s("8/8/8 w"))), None)), "invalid-fen");
    let mut chess = Chess::new(None, None).unwrap();
    assert_eq!(code(chess.play(s("Ke2"), None)), "illegal-move");
    assert_eq!(code(chess.play(s("zz"), None)), "invalid-move-syntax");
    assert_eq!(code(chess.moves(opts(r#"{"nope": 1}"#))), "invalid-option");
    assert_eq!(code(chess.get(s("k9"))), "invalid-square");
    assert_eq!(code(parse_pgn(s("1. e4 {"), None)), "invalid-pgn");
    assert_eq!(code(Clock::new(s("never"), None)), "invalid-time-control");
    // The module keeps working after errors.
    assert_eq!(Chess::new(None, None).unwrap().perft(JsValue::from(2.0)).unwrap(), 400.0);
}

#[wasm_bindgen_test]
fn chess960_and_languages() {
    let chess = Chess::new(
        Some(arg(s("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"))),
        opts(r#"{"chess960": true, "lang": "es"}"#),
    )
    .unwrap();
    assert_eq!(chess.perft(JsValue::from(2.0)).unwrap(), 528.0);
    let e = chess.explain(s("f1f2"), None).unwrap();
    assert!(get(&e, "message").as_string().unwrap().len() > 10);
}

#[wasm_bindgen_test]
fn clock_reads_performance_now() {
    let mut clock = Clock::new(s("3+2"), None).unwrap();
    clock.start(None).unwrap();
    let left = clock.remaining(arg(s("w"))).unwrap();
    assert!(left <= 180_000.0 && left > 170_000.0, "{left}");
}

//! The JS adapter in headless Chromium (wasm-bindgen-test with `run_in_browser`):
//! `CHROMEDRIVER=$(command -v chromedriver) cargo test --target wasm32-unknown-unknown --test wasm_browser`.
//! The Node suite (wasm_node.rs) covers the API in depth; this one checks that the same module
//! loads and behaves in a browser, where `./chess_error.js` is fetched over HTTP.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use rocada::wasm::Chess;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(raw_module = "./chess_error.js")]
extern "C" {
    #[wasm_bindgen(extends = js_sys::Error)]
    type ChessError;
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("Reflect.get")
}

#[wasm_bindgen_test]
fn runs_in_a_browser() {
    assert!(web_window_exists(), "expected a browser window");
    let chess = Chess::new(None, None).unwrap();
    assert_eq!(Array::from(&chess.moves(None).unwrap()).length(), 20);
    assert_eq!(chess.perft(4.0).unwrap(), 197_281.0);
    assert_eq!(chess.turn(), "w");
}

#[wasm_bindgen_test]
fn errors_are_chess_errors() {
    let Err(e) = Chess::new(Some(JsValue::from_str("8/8/8 w").unchecked_into()), None) else {
        panic!("a bad FEN must throw");
    };
    assert!(e.is_instance_of::<ChessError>());
    assert_eq!(get(&e, "code").as_string().as_deref(), Some("invalid-fen"));
    assert_eq!(
        get(&get(&e, "detail"), "reason").as_string().as_deref(),
        Some("fen-board")
    );
    // The module keeps working after an error.
    assert_eq!(Chess::new(None, None).unwrap().perft(2.0).unwrap(), 400.0);
}

#[wasm_bindgen_test]
fn chess960_in_a_browser() {
    let options = js_sys::JSON::parse(r#"{"chess960": true}"#).unwrap();
    let fen = JsValue::from_str("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    let chess = Chess::new(Some(fen.unchecked_into()), Some(options.unchecked_into())).unwrap();
    assert_eq!(chess.perft(2.0).unwrap(), 528.0);
}

/// `typeof window !== 'undefined'`, without a web-sys dependency.
fn web_window_exists() -> bool {
    Reflect::has(&js_sys::global(), &JsValue::from_str("document")).unwrap_or(false)
}

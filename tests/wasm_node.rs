//! The JS adapter (`rocada::wasm`) as JavaScript sees it, run in Node by wasm-bindgen-test:
//! `cargo test --target wasm32-unknown-unknown --test wasm_node` (see scripts/test.sh).
//! Node runs the test module as ES modules (`run_in_node_experimental`), which lets
//! scripts/wasm-test-runner.sh point the adapter's `./chess_error.js` import at pkg/.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use rocada::wasm::Chess;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_node_experimental);

#[wasm_bindgen(raw_module = "./chess_error.js")]
extern "C" {
    /// The class users import from the package; the adapter must throw this very class.
    #[wasm_bindgen(extends = js_sys::Error)]
    type ChessError;
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

fn fen(s: &str) -> Option<rocada::wasm::FenArg> {
    Some(JsValue::from_str(s).unchecked_into())
}

/// A JS value from a JSON text (options objects).
fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).expect("test JSON parses")
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("Reflect.get")
}

fn strings(v: &JsValue) -> Vec<String> {
    Array::from(v)
        .iter()
        .map(|s| s.as_string().expect("a string"))
        .collect()
}

/// Runs `f`, expects a `ChessError` with `code`, and returns it.
fn expect_error<T>(result: Result<T, JsValue>, code: &str) -> JsValue {
    let Err(e) = result else {
        panic!("expected a ChessError {code}, got Ok")
    };
    assert!(
        e.is_instance_of::<ChessError>(),
        "not the ChessError class of pkg/chess_error.js"
    );
    assert!(e.is_instance_of::<js_sys::Error>());
    assert_eq!(get(&e, "name").as_string().as_deref(), Some("ChessError"));
    assert_eq!(get(&e, "code").as_string().as_deref(), Some(code));
    e
}

#[wasm_bindgen_test]
fn start_position_by_default() {
    let chess = Chess::new(None, None).unwrap();
    assert_eq!(chess.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(chess.turn(), "w");
    assert!(!chess.is_chess960());
    let moves = strings(&chess.moves(None).unwrap());
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e2e4".to_owned()) && moves.contains(&"g1f3".to_owned()));
}

#[wasm_bindgen_test]
fn undefined_and_null_mean_defaults() {
    let undef = Chess::new(
        Some(JsValue::UNDEFINED.unchecked_into()),
        Some(JsValue::NULL.unchecked_into()),
    )
    .unwrap();
    assert_eq!(undef.fen(), Chess::new(None, None).unwrap().fen());
    let opts = Chess::new(None, Some(json(r#"{"chess960": null}"#).unchecked_into())).unwrap();
    assert!(!opts.is_chess960());
}

#[wasm_bindgen_test]
fn perft_counts() {
    let start = Chess::new(None, None).unwrap();
    assert_eq!(start.perft(0.0).unwrap(), 1.0);
    assert_eq!(start.perft(1.0).unwrap(), 20.0);
    assert_eq!(start.perft(3.0).unwrap(), 8902.0);
    let kiwipete = Chess::new(fen(KIWIPETE), None).unwrap();
    assert_eq!(kiwipete.perft(2.0).unwrap(), 2039.0);
}

#[wasm_bindgen_test]
fn perft_rejects_bad_depths_and_keeps_working() {
    let chess = Chess::new(None, None).unwrap();
    for depth in [-1.0, 1.5, f64::NAN, f64::INFINITY, 31.0, 1e12] {
        let e = expect_error(chess.perft(depth), "invalid-option");
        assert_eq!(get(&get(&e, "detail"), "option").as_string().as_deref(), Some("depth"));
    }
    assert_eq!(chess.perft(2.0).unwrap(), 400.0);
}

#[wasm_bindgen_test]
fn bad_fen_throws_invalid_fen_with_reasons() {
    let e = expect_error(Chess::new(fen("not a fen"), None), "invalid-fen");
    let detail = get(&e, "detail");
    assert_eq!(get(&detail, "reason").as_string().as_deref(), Some("fen-board"));
    assert_eq!(get(&detail, "field").as_string().as_deref(), Some("board"));
    assert_eq!(strings(&get(&detail, "reasons")), ["fen-board"]);
    assert!(get(&e, "message").as_string().unwrap().starts_with("invalid FEN: "));

    // A readable FEN of an illegal position lists every fault.
    let e = expect_error(Chess::new(fen("8/8/8/8/8/8/8/8 w - - 0 1"), None), "invalid-fen");
    let detail = get(&e, "detail");
    assert_eq!(get(&detail, "reason").as_string().as_deref(), Some("missing-king"));
    assert!(get(&detail, "field").is_undefined());

    let e = expect_error(Chess::new(fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), None), "invalid-fen");
    assert_eq!(strings(&get(&get(&e, "detail"), "reasons")), ["pawns-on-backrank"]);
}

#[wasm_bindgen_test]
fn fen_that_is_not_a_string_throws() {
    let e = expect_error(
        Chess::new(Some(JsValue::from_f64(5.0).unchecked_into()), None),
        "invalid-fen",
    );
    assert_eq!(
        get(&get(&e, "detail"), "reason").as_string().as_deref(),
        Some("fen-type")
    );
}

#[wasm_bindgen_test]
fn bad_options_throw_invalid_option() {
    for (options, at_fault) in [
        (r#"{"chess960": "yes"}"#, "chess960"),
        (r#"{"sandbox": true}"#, "sandbox"),
        (r#"[]"#, "options"),
        (r#""chess960""#, "options"),
    ] {
        let e = expect_error(Chess::new(None, Some(json(options).unchecked_into())), "invalid-option");
        assert_eq!(
            get(&get(&e, "detail"), "option").as_string().as_deref(),
            Some(at_fault),
            "{options}"
        );
    }
    let chess = Chess::new(None, None).unwrap();
    expect_error(
        chess.moves(Some(json(r#"{"verbose": 1}"#).unchecked_into())),
        "invalid-option",
    );
    expect_error(
        chess.moves(Some(json(r#"{"piece": "p"}"#).unchecked_into())),
        "invalid-option",
    );
    let e = expect_error(
        chess.moves(Some(json(r#"{"square": "z9"}"#).unchecked_into())),
        "invalid-square",
    );
    assert_eq!(get(&get(&e, "detail"), "square").as_string().as_deref(), Some("z9"));
    // The instance is unharmed.
    assert_eq!(strings(&chess.moves(None).unwrap()).len(), 20);
}

#[wasm_bindgen_test]
fn moves_of_one_square() {
    let chess = Chess::new(None, None).unwrap();
    let mut moves = strings(&chess.moves(Some(json(r#"{"square": "g1"}"#).unchecked_into())).unwrap());
    moves.sort();
    assert_eq!(moves, ["g1f3", "g1h3"]);
    let empty = chess.moves(Some(json(r#"{"square": "e4"}"#).unchecked_into())).unwrap();
    assert_eq!(Array::from(&empty).length(), 0);
}

#[wasm_bindgen_test]
fn verbose_moves_follow_chess_js() {
    let chess = Chess::new(fen(KIWIPETE), None).unwrap();
    let moves = Array::from(
        &chess
            .moves(Some(json(r#"{"verbose": true}"#).unchecked_into()))
            .unwrap(),
    );
    assert_eq!(moves.length(), 48);
    let find = |uci: &str| {
        moves
            .iter()
            .find(|m| get(m, "uci").as_string().as_deref() == Some(uci))
            .expect(uci)
    };

    let castle = find("e1g1");
    assert_eq!(get(&castle, "from").as_string().as_deref(), Some("e1"));
    assert_eq!(get(&castle, "to").as_string().as_deref(), Some("g1"));
    assert_eq!(get(&castle, "piece").as_string().as_deref(), Some("k"));
    assert_eq!(get(&castle, "flags").as_string().as_deref(), Some("k"));
    assert_eq!(get(&castle, "color").as_string().as_deref(), Some("w"));
    assert!(get(&castle, "captured").is_undefined());
    assert!(
        !Reflect::has(&castle, &"promotion".into()).unwrap(),
        "absent fields are left out"
    );
    assert_eq!(get(&find("e1c1"), "flags").as_string().as_deref(), Some("q"));

    let capture = find("e5f7");
    assert_eq!(get(&capture, "captured").as_string().as_deref(), Some("p"));
    assert_eq!(get(&capture, "flags").as_string().as_deref(), Some("c"));
    assert_eq!(get(&find("a2a4"), "flags").as_string().as_deref(), Some("b"));
    assert_eq!(get(&find("a2a3"), "flags").as_string().as_deref(), Some("n"));
}

#[wasm_bindgen_test]
fn promotions_and_en_passant() {
    let chess = Chess::new(fen("1r2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 2"), None).unwrap();
    let moves = Array::from(
        &chess
            .moves(Some(json(r#"{"verbose": true}"#).unchecked_into()))
            .unwrap(),
    );
    let find = |uci: &str| {
        moves
            .iter()
            .find(|m| get(m, "uci").as_string().as_deref() == Some(uci))
            .expect(uci)
    };
    let ep = find("e5d6");
    assert_eq!(get(&ep, "flags").as_string().as_deref(), Some("e"));
    assert_eq!(get(&ep, "captured").as_string().as_deref(), Some("p"));
    let push = find("a7a8n");
    assert_eq!(get(&push, "promotion").as_string().as_deref(), Some("n"));
    assert_eq!(get(&push, "flags").as_string().as_deref(), Some("np"));
    let take = find("a7b8q");
    assert_eq!(get(&take, "captured").as_string().as_deref(), Some("r"));
    assert_eq!(get(&take, "flags").as_string().as_deref(), Some("cp"));
}

#[wasm_bindgen_test]
fn chess960_castles_king_onto_rook() {
    let opts = || Some(json(r#"{"chess960": true}"#).unchecked_into());
    let chess = Chess::new(fen(CHESS960), opts()).unwrap();
    assert!(chess.is_chess960());
    assert_eq!(chess.perft(1.0).unwrap(), 21.0);
    assert_eq!(chess.perft(3.0).unwrap(), 12189.0);

    let corners = Chess::new(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), opts()).unwrap();
    let uci = strings(
        &corners
            .moves(Some(json(r#"{"square": "e1"}"#).unchecked_into()))
            .unwrap(),
    );
    assert!(
        uci.contains(&"e1h1".to_owned()) && uci.contains(&"e1a1".to_owned()),
        "{uci:?}"
    );
    let verbose = Array::from(
        &corners
            .moves(Some(json(r#"{"square": "e1", "verbose": true}"#).unchecked_into()))
            .unwrap(),
    );
    let short = verbose
        .iter()
        .find(|m| get(m, "uci").as_string().as_deref() == Some("e1h1"))
        .unwrap();
    assert_eq!(
        get(&short, "to").as_string().as_deref(),
        Some("g1"),
        "to is the king's destination"
    );

    // The default start position in Chess960 mode.
    let start = Chess::new(None, opts()).unwrap();
    assert!(start.is_chess960());
    assert_eq!(start.perft(2.0).unwrap(), 400.0);
}

#[wasm_bindgen_test]
fn black_to_move() {
    let chess = Chess::new(fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), None).unwrap();
    assert_eq!(chess.turn(), "b");
    let moves = Array::from(
        &chess
            .moves(Some(json(r#"{"verbose": true}"#).unchecked_into()))
            .unwrap(),
    );
    assert!(moves
        .iter()
        .all(|m| get(&m, "color").as_string().as_deref() == Some("b")));
}

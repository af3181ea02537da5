//! The JS adapter (`rocada::wasm`) as JavaScript sees it, run in Node by wasm-bindgen-test:
//! `cargo test --target wasm32-unknown-unknown --test wasm_node` (see scripts/test.sh).
//! Node runs the test module as ES modules (`run_in_node_experimental`), which lets
//! scripts/wasm-test-runner.sh point the adapter's `./chess_error.js` and `./objects.js`
//! imports at pkg/.
//!
//! Covered: every binding of `Chess`, `Clock`, `PgnGame`, `parsePgn`, `validateFen`; every
//! `ChessError` code; the packed layouts of src/wasm/objects.rs as objects.js reads them; and
//! that an object keeps working after each error.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use rocada::wasm::*;
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

#[wasm_bindgen(raw_module = "./objects.js")]
extern "C" {
    /// The class of verbose moves.
    #[wasm_bindgen(js_name = Move)]
    type MoveClass;
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Any JS value as an argument type.
fn arg<T: JsCast>(v: impl Into<JsValue>) -> T {
    v.into().unchecked_into()
}

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// An optional argument from a JSON text (`{"verbose": true}`).
fn opts<T: JsCast>(json: &str) -> Option<T> {
    Some(js_sys::JSON::parse(json).expect("test JSON parses").unchecked_into())
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("Reflect.get")
}

fn get_str(v: &JsValue, key: &str) -> Option<String> {
    get(v, key).as_string()
}

fn strings(v: &JsValue) -> Vec<String> {
    Array::from(v).iter().map(|s| s.as_string().expect("a string")).collect()
}

fn new_chess(fen: Option<&str>) -> Chess {
    Chess::new(fen.map(|f| arg(s(f))), None).expect("a legal FEN")
}

fn play(chess: &mut Chess, moves: &str) {
    for m in moves.split_whitespace() {
        chess.play(s(m), None).unwrap_or_else(|_| panic!("{m} is legal in {}", chess.fen()));
    }
}

/// Expects a `ChessError` with `code` and returns it.
fn expect_error<T>(result: Result<T, JsValue>, code: &str) -> JsValue {
    let Err(e) = result else { panic!("expected a ChessError {code}, got Ok") };
    assert!(e.is_instance_of::<ChessError>(), "not the ChessError class of pkg/chess_error.js: {e:?}");
    assert!(e.is_instance_of::<js_sys::Error>());
    assert_eq!(get_str(&e, "name").as_deref(), Some("ChessError"));
    assert_eq!(get_str(&e, "code").as_deref(), Some(code), "{:?}", get_str(&e, "message"));
    assert!(get(&e, "detail").is_object(), "detail is an object");
    assert!(!get_str(&e, "message").unwrap_or_default().is_empty());
    e
}

fn detail(e: &JsValue, key: &str) -> JsValue {
    get(&get(e, "detail"), key)
}

// ------------------------------------------------------------------------- positions

#[wasm_bindgen_test]
fn start_position_by_default() {
    let chess = Chess::new(None, None).unwrap();
    assert_eq!(chess.fen(), START);
    assert_eq!(chess.turn(), "w");
    assert_eq!(chess.move_number(), 1);
    assert!(!chess.is_chess960() && !chess.is_sandbox());
    let moves = strings(&chess.moves(None).unwrap());
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e4".to_owned()) && moves.contains(&"Nf3".to_owned()), "SAN, as chess.js");
}

#[wasm_bindgen_test]
fn undefined_and_null_mean_defaults() {
    let chess = Chess::new(Some(arg(JsValue::UNDEFINED)), Some(arg(JsValue::NULL))).unwrap();
    assert_eq!(chess.fen(), START);
    assert!(!Chess::new(None, opts(r#"{"chess960": null}"#)).unwrap().is_chess960());
}

#[wasm_bindgen_test]
fn load_reset_clear() {
    let mut chess = new_chess(None);
    chess.load(s(KIWIPETE), None).unwrap();
    assert_eq!(chess.fen(), KIWIPETE);
    assert_eq!(chess.perft(JsValue::from(2.0)).unwrap(), 2039.0);
    chess.reset();
    assert_eq!(chess.fen(), START);
    chess.clear(None).unwrap();
    assert_eq!(chess.fen(), "8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(Array::from(&chess.moves(None).unwrap()).length(), 0);
    let e = expect_error(chess.play(s("e4"), None), "invalid-position");
    assert_eq!(strings(&detail(&e, "reasons")), ["missing-king"]);
    // An illegal but readable FEN is kept for editing with skipValidation.
    chess.load(s("8/8/8/8/8/8/8/4K3 w - - 0 1"), opts(r#"{"skipValidation": true}"#)).unwrap();
    assert_eq!(chess.fen(), "8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(chess.put(arg(js_sys::JSON::parse(r#"{"type":"k","color":"b"}"#).unwrap()), s("e8")).unwrap());
    assert_eq!(strings(&chess.moves(None).unwrap()).len(), 0, "K v K is a dead position: the game is over");
    assert!(chess.is_insufficient_material() && chess.is_game_over());
}

#[wasm_bindgen_test]
fn board_get_put_remove() {
    let mut chess = new_chess(None);
    let piece = chess.get(s("e1")).unwrap();
    assert_eq!((get_str(&piece, "type").as_deref(), get_str(&piece, "color").as_deref()), (Some("k"), Some("w")));
    assert!(chess.get(s("e4")).unwrap().is_undefined());
    let board = Array::from(&chess.board());
    assert_eq!(board.length(), 8);
    let a8 = Array::from(&board.get(0)).get(0);
    assert_eq!(get_str(&a8, "square").as_deref(), Some("a8"));
    assert_eq!(get_str(&a8, "type").as_deref(), Some("r"));
    assert!(Array::from(&board.get(4)).get(4).is_null(), "e4 is empty");
    assert!(chess.ascii().contains(" 8 | r  n  b  q  k  b  n  r |"));

    // Removing the h1 rook drops the white king-side castling right (as chess.js).
    let removed = chess.remove(s("h1")).unwrap();
    assert_eq!(get_str(&removed, "type").as_deref(), Some("r"));
    assert_eq!(chess.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
    assert!(chess.remove(s("e4")).unwrap().is_undefined());
    let rights = chess.get_castling_rights(arg(s("w"))).unwrap();
    assert_eq!((get(&rights, "k").as_bool(), get(&rights, "q").as_bool()), (Some(false), Some(true)));
    assert_eq!(chess.hash().unwrap().len(), 16);
    let queen = || arg(js_sys::JSON::parse(r#"{"type":"q","color":"w"}"#).unwrap());
    assert!(chess.put(queen(), s("e4")).unwrap());
    assert_eq!(strings(&chess.find_piece(queen()).unwrap()), ["e4", "d1"], "chess.js's order: the eighth rank first");
    // A second king of one color is refused, as chess.js does.
    assert!(!chess.put(arg(js_sys::JSON::parse(r#"{"type":"k","color":"w"}"#).unwrap()), s("a4")).unwrap());
    assert!(chess.get(s("a4")).unwrap().is_undefined());
    assert_eq!(chess.square_color(s("a1")).unwrap(), "dark");
    assert_eq!(chess.square_color(s("h1")).unwrap(), "light");
    assert!(chess.set_turn(arg(s("b"))).unwrap());
    assert_eq!(chess.turn(), "b");
    assert!(!chess.set_turn(arg(s("b"))).unwrap());
    // Eight pawns and two queens: not a legal position, kept for editing.
    expect_error(chess.play(s("e4"), None), "invalid-position");
    assert_eq!(new_chess(None).hash().unwrap(), "463b96181691fc9c", "Polyglot key of the start position");
}

#[wasm_bindgen_test]
fn attacks() {
    let chess = new_chess(Some(KIWIPETE));
    let mut attackers = strings(&chess.attackers(s("f7"), None).unwrap());
    attackers.sort();
    assert_eq!(attackers, ["e5"]);
    assert_eq!(strings(&chess.attackers(s("d5"), Some(arg(s("b")))).unwrap()), ["b6", "e6", "f6"]);
    assert!(chess.is_attacked(s("f7"), arg(s("w"))).unwrap());
    assert!(!chess.is_attacked(s("a5"), arg(s("w"))).unwrap());
}

#[wasm_bindgen_test]
fn perft_counts() {
    let start = new_chess(None);
    assert_eq!(start.perft(JsValue::from(0.0)).unwrap(), 1.0);
    assert_eq!(start.perft(JsValue::from(3.0)).unwrap(), 8902.0);
    assert_eq!(new_chess(Some(KIWIPETE)).perft(JsValue::from(2.0)).unwrap(), 2039.0);
    for depth in [-1.0, 1.5, f64::NAN, f64::INFINITY, 31.0, 1e12] {
        let e = expect_error(start.perft(JsValue::from(depth)), "invalid-option");
        assert_eq!(detail(&e, "option").as_string().as_deref(), Some("depth"));
    }
    for depth in [s("3"), JsValue::NULL, js_sys::Symbol::for_("x").into(), js_sys::BigInt::from(3u32).into()] {
        expect_error(start.perft(depth), "invalid-option");
    }
    assert_eq!(start.perft(JsValue::from(2.0)).unwrap(), 400.0);
}

#[wasm_bindgen_test]
fn chess960() {
    let mut chess = Chess::new(Some(arg(s(CHESS960))), opts(r#"{"chess960": true}"#)).unwrap();
    assert!(chess.is_chess960());
    assert_eq!(chess.perft(JsValue::from(3.0)).unwrap(), 12189.0);
    // Castling: SAN O-O, UCI king-onto-rook, `to` the king's destination.
    chess.load(s("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), None).unwrap();
    assert!(chess.is_chess960(), "load keeps the castling mode");
    let castles: Vec<(String, String, String)> = Array::from(&chess.moves(opts(r#"{"verbose": true, "square": "e1"}"#)).unwrap())
        .iter()
        .filter(|m| matches!(get_str(m, "flags").as_deref(), Some("k" | "q")))
        .map(|m| (get_str(&m, "san").unwrap(), get_str(&m, "uci").unwrap(), get_str(&m, "to").unwrap()))
        .collect();
    assert_eq!(castles.len(), 2);
    assert!(castles.contains(&("O-O".into(), "e1h1".into(), "g1".into())), "{castles:?}");
    assert!(castles.contains(&("O-O-O".into(), "e1a1".into(), "c1".into())), "{castles:?}");
    let m = chess.play(s("e1h1"), None).unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("O-O"));
    assert_eq!(get_str(&m, "lan").as_deref(), Some("e1g1"));

    let n518 = Chess::chess960_start(Some(arg(JsValue::from(518.0))), None).unwrap();
    assert!(n518.is_chess960());
    assert_eq!(n518.fen(), START);
    let random = Chess::chess960_start(None, None).unwrap();
    assert!(random.perft(JsValue::from(1.0)).unwrap() > 0.0);
    for n in [-1.0, 960.0, 0.5, f64::NAN] {
        expect_error(Chess::chess960_start(Some(arg(JsValue::from(n))), None), "invalid-option");
    }
    for bad in [s("518"), JsValue::TRUE, js_sys::Symbol::for_("x").into()] {
        expect_error(Chess::chess960_start(Some(arg(bad)), None), "invalid-option");
    }
}

// ------------------------------------------------------------------------- moves

#[wasm_bindgen_test]
fn verbose_moves_follow_chess_js() {
    let chess = new_chess(Some(KIWIPETE));
    let moves = Array::from(&chess.moves(opts(r#"{"verbose": true}"#)).unwrap());
    assert_eq!(moves.length(), 48);
    let find = |uci: &str| moves.iter().find(|m| get_str(m, "uci").as_deref() == Some(uci)).expect(uci);

    let castle = find("e1g1");
    assert!(castle.is_instance_of::<MoveClass>());
    assert_eq!(get_str(&castle, "from").as_deref(), Some("e1"));
    assert_eq!(get_str(&castle, "to").as_deref(), Some("g1"));
    assert_eq!(get_str(&castle, "piece").as_deref(), Some("k"));
    assert_eq!(get_str(&castle, "flags").as_deref(), Some("k"));
    assert_eq!(get_str(&castle, "color").as_deref(), Some("w"));
    assert_eq!(get_str(&castle, "san").as_deref(), Some("O-O"));
    assert_eq!(get_str(&castle, "before").as_deref(), Some(KIWIPETE));
    assert_eq!(get_str(&castle, "after").as_deref(), Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"));
    assert!(get(&castle, "captured").is_undefined() && get(&castle, "promotion").is_undefined());
    assert_eq!(get_str(&find("e1c1"), "flags").as_deref(), Some("q"));

    let capture = find("e5f7");
    assert_eq!(get_str(&capture, "captured").as_deref(), Some("p"));
    assert_eq!(get_str(&capture, "flags").as_deref(), Some("c"));
    assert_eq!(get_str(&capture, "san").as_deref(), Some("Nxf7"));
    assert_eq!(get_str(&find("a2a4"), "flags").as_deref(), Some("b"));
    assert_eq!(get_str(&find("a2a3"), "flags").as_deref(), Some("n"));
    assert_eq!(get_str(&find("d5e6"), "san").as_deref(), Some("dxe6"));
    // Every move of the list is from the same position.
    assert!(moves.iter().all(|m| get_str(&m, "before").as_deref() == Some(KIWIPETE)));
}

#[wasm_bindgen_test]
fn check_mate_promotion_en_passant_flags() {
    let chess = new_chess(Some("1r2k3/P7/8/3pP3/8/8/8/4K2R w K d6 0 2"));
    let moves = Array::from(&chess.moves(opts(r#"{"verbose": true}"#)).unwrap());
    let find = |uci: &str| moves.iter().find(|m| get_str(m, "uci").as_deref() == Some(uci)).expect(uci);
    let ep = find("e5d6");
    assert_eq!(get_str(&ep, "flags").as_deref(), Some("e"));
    assert_eq!(get_str(&ep, "captured").as_deref(), Some("p"));
    let push = find("a7a8n");
    assert_eq!(get_str(&push, "promotion").as_deref(), Some("n"));
    assert_eq!(get_str(&push, "flags").as_deref(), Some("np"));
    assert_eq!(get_str(&push, "lan").as_deref(), Some("a7a8n"));
    let take = find("a7b8q");
    assert_eq!(get_str(&take, "captured").as_deref(), Some("r"));
    assert_eq!(get_str(&take, "flags").as_deref(), Some("cp"));
    assert_eq!(get_str(&take, "san").as_deref(), Some("axb8=Q+"));
    assert_eq!(get(&take, "check").as_bool(), Some(true));
    assert_eq!(get(&take, "checkmate").as_bool(), Some(false));
    let rook = find("h1h8");
    assert_eq!(get_str(&rook, "san").as_deref(), Some("Rh8+"));

    let mate = new_chess(Some("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1"));
    let m = Array::from(&mate.moves(opts(r#"{"verbose": true, "square": "a1"}"#)).unwrap())
        .iter()
        .find(|m| get_str(m, "to").as_deref() == Some("a8"))
        .unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("Ra8#"));
    assert_eq!((get(&m, "check").as_bool(), get(&m, "checkmate").as_bool()), (Some(true), Some(true)));
}

#[wasm_bindgen_test]
fn moves_filters() {
    let chess = new_chess(None);
    let mut g1 = strings(&chess.moves(opts(r#"{"square": "g1"}"#)).unwrap());
    g1.sort();
    assert_eq!(g1, ["Nf3", "Nh3"]);
    assert_eq!(strings(&chess.moves(opts(r#"{"square": "e4"}"#)).unwrap()).len(), 0);
    assert_eq!(strings(&chess.moves(opts(r#"{"piece": "n"}"#)).unwrap()).len(), 4);
    assert_eq!(strings(&chess.moves(opts(r#"{"piece": "p", "square": "e2"}"#)).unwrap()), ["e3", "e4"]);
    let e = expect_error(chess.moves(opts(r#"{"square": "z9"}"#)), "invalid-square");
    assert_eq!(detail(&e, "square").as_string().as_deref(), Some("\"z9\""));
    expect_error(chess.moves(opts(r#"{"piece": "x"}"#)), "invalid-option");
    expect_error(chess.moves(opts(r#"{"verbose": 1}"#)), "invalid-option");
    let e = expect_error(chess.moves(opts(r#"{"verbos": true}"#)), "invalid-option");
    assert_eq!(detail(&e, "option").as_string().as_deref(), Some("verbos"));
    assert_eq!(strings(&chess.moves(None).unwrap()).len(), 20, "unharmed");
}

#[wasm_bindgen_test]
fn move_by_san_uci_and_object() {
    let mut chess = new_chess(None);
    for (input, san) in [("e4", "e4"), ("e7e5", "e5"), ("Ng1f3", "Nf3"), ("Nc6", "Nc6"), ("Bb5", "Bb5"), ("a6", "a6"), ("0-0", "O-O")] {
        let m = chess.play(s(input), None).unwrap();
        assert_eq!(get_str(&m, "san").as_deref(), Some(san), "{input}");
        assert!(m.is_instance_of::<MoveClass>());
    }
    let m = chess.play(arg(js_sys::JSON::parse(r#"{"from": "a6", "to": "b5"}"#).unwrap()), None).unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("axb5"));
    assert_eq!(get_str(&m, "captured").as_deref(), Some("b"));
    assert!(get_str(&m, "after").unwrap().starts_with("r1bqkbnr/1ppp1ppp/2n5/1p2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5"));
    assert_eq!(strings(&chess.history(None).unwrap()), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "axb5"]);

    // Castling by the king's two-square move, as a board UI gives it.
    let mut c = new_chess(Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"));
    let m = c.play(arg(js_sys::JSON::parse(r#"{"from": "e8", "to": "c8"}"#).unwrap()), None).unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("O-O-O"));
    // Promotion by object, uppercase letter accepted.
    let mut p = new_chess(Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"));
    let m = p.play(arg(js_sys::JSON::parse(r#"{"from": "a7", "to": "a8", "promotion": "Q"}"#).unwrap()), None).unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("a8=Q"));
    // Strict SAN refuses what lenient SAN accepts.
    let mut strict = new_chess(None);
    expect_error(strict.play(s("Ng1f3"), opts(r#"{"strict": true}"#)), "invalid-move-syntax");
    // UCI is no SAN: strict mode refuses it, as chess.js's does; a move object is still read.
    expect_error(strict.play(s("g1f3"), opts(r#"{"strict": true}"#)), "invalid-move-syntax");
    assert!(strict.play(s("Nf3"), opts(r#"{"strict": true}"#)).is_ok());
    let m = strict.play(arg(js_sys::JSON::parse(r#"{"from": "e7", "to": "e5"}"#).unwrap()), opts(r#"{"strict": true}"#)).unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("e5"));
    // A promotion letter on a UCI move that does not promote is refused (chess.js too); a
    // move object's is ignored (chess.js too: board UIs pass one with every move).
    let e = expect_error(strict.play(s("d2d4q"), None), "illegal-move");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("invalid-promotion"));
    let m = strict.play(arg(js_sys::JSON::parse(r#"{"from": "d2", "to": "d4", "promotion": "q"}"#).unwrap()), None).unwrap();
    assert_eq!(get_str(&m, "san").as_deref(), Some("d4"));
    // LAN without its letter names the piece on the from-square, as chess.js reads it.
    assert_eq!(get_str(&strict.play(s("b8-c6"), None).unwrap(), "san").as_deref(), Some("Nc6"));
}

#[wasm_bindgen_test]
fn move_errors() {
    let mut chess = new_chess(None);
    let e = expect_error(chess.play(s("Ke2"), None), "illegal-move");
    assert_eq!(detail(&e, "move").as_string().as_deref(), Some("Ke2"));
    let e = expect_error(chess.play(s("e2e5"), None), "illegal-move");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("wrong-piece-movement"));
    assert_eq!(get(&detail(&e, "explanation"), "legal").as_bool(), Some(false));
    expect_error(chess.play(s("xyz"), None), "invalid-move-syntax");
    expect_error(chess.play(s(""), None), "invalid-move-syntax");
    expect_error(chess.play(JsValue::from(42), None), "invalid-argument");
    expect_error(chess.play(JsValue::NULL, None), "invalid-argument");
    expect_error(chess.play(arg(js_sys::JSON::parse(r#"{"from": "e2"}"#).unwrap()), None), "invalid-square");
    expect_error(
        chess.play(arg(js_sys::JSON::parse(r#"{"from": "e7", "to": "e8", "promotion": "k"}"#).unwrap()), None),
        "invalid-argument",
    );
    expect_error(chess.play(s("e4"), opts(r#"{"lang": "fr"}"#)), "invalid-option");

    let mut amb = new_chess(Some("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"));
    let e = expect_error(amb.play(s("Rd1"), None), "ambiguous-move");
    let mut candidates = strings(&detail(&e, "candidates"));
    candidates.sort();
    assert_eq!(candidates, ["Rad1", "Rhd1"]);
    let mut promo = new_chess(Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"));
    expect_error(promo.play(s("a8"), None), "ambiguous-move");
    let e = expect_error(promo.play(arg(js_sys::JSON::parse(r#"{"from": "a7", "to": "a8"}"#).unwrap()), None), "illegal-move");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("must-promote"));

    // Pinned piece, explained in Romanian.
    let mut pin =
        Chess::new(Some(arg(s("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4"))), opts(r#"{"lang": "ro"}"#)).unwrap();
    let e = expect_error(pin.play(s("c6d4"), None), "illegal-move");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("pinned"));
    assert_eq!(
        detail(&e, "message").as_string().as_deref(),
        Some("Calul de pe c6 este legat: dacă se mută, regele ar rămâne atacat de nebunul de pe b5.")
    );
    assert!(get_str(&e, "message").unwrap().contains("pinned"), "the error message is English");

    // The game after a mate: game-over.
    let mut mate = new_chess(None);
    play(&mut mate, "f3 e5 g4 Qh4#");
    for m in ["e4", "e2e4"] {
        let e = expect_error(mate.play(s(m), None), "game-over");
        assert_eq!(detail(&e, "termination").as_string().as_deref(), Some("checkmate"));
        assert_eq!(detail(&e, "result").as_string().as_deref(), Some("0-1"));
    }
    // Everything still works.
    assert_eq!(strings(&chess.moves(None).unwrap()).len(), 20);
    assert!(chess.play(s("e4"), None).is_ok());
}

#[wasm_bindgen_test]
fn undo_and_history() {
    let mut chess = new_chess(None);
    assert!(chess.undo(None).unwrap().is_null());
    play(&mut chess, "e4 e5 Nf3");
    let undone = chess.undo(None).unwrap();
    assert_eq!(get_str(&undone, "san").as_deref(), Some("Nf3"));
    assert_eq!(get_str(&undone, "after").as_deref(), Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
    assert_eq!(chess.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let history = Array::from(&chess.history(opts(r#"{"verbose": true}"#)).unwrap());
    assert_eq!(history.length(), 2);
    assert_eq!(get_str(&history.get(0), "before").as_deref(), Some(START));
    assert_eq!(get_str(&history.get(0), "after"), get_str(&history.get(1), "before"));
    assert_eq!(get_str(&history.get(1), "color").as_deref(), Some("b"));
    assert_eq!(strings(&chess.history(opts(r#"{"figurine": true}"#)).unwrap()), ["e4", "e5"]);
    play(&mut chess, "Nf3 Nc6");
    assert_eq!(
        strings(&chess.history(opts(r#"{"figurine": true}"#)).unwrap()),
        ["e4", "e5", "♘f3", "♘c6"],
        "white figurines for both sides"
    );
    assert_eq!(strings(&chess.history(opts(r#"{"lang": "es"}"#)).unwrap()), ["e4", "e5", "Cf3", "Cc6"]);
}

#[wasm_bindgen_test]
fn languages_and_figurines() {
    let mut ro = Chess::new(None, opts(r#"{"lang": "ro"}"#)).unwrap();
    let moves = strings(&ro.moves(None).unwrap());
    assert!(moves.contains(&"Cf3".to_owned()), "{moves:?}");
    // Input: the selected language's letters, English always.
    assert_eq!(get_str(&ro.play(s("Cf3"), None).unwrap(), "san").as_deref(), Some("Cf3"));
    // N is the Romanian bishop (nebun): the selected language wins where letters clash.
    expect_error(ro.play(s("Nf6"), None), "illegal-move");
    assert_eq!(get_str(&ro.play(s("Cf6"), None).unwrap(), "san").as_deref(), Some("Cf6"));
    assert_eq!(get_str(&ro.play(s("g3"), opts(r#"{"lang": "en"}"#)).unwrap(), "san").as_deref(), Some("g3"));
    let fig = Chess::new(None, opts(r#"{"figurine": true}"#)).unwrap();
    assert!(strings(&fig.moves(None).unwrap()).contains(&"♘f3".to_owned()));
    let es = new_chess(None);
    assert!(strings(&es.moves(opts(r#"{"lang": "es"}"#)).unwrap()).contains(&"Cf3".to_owned()));
    let verbose = Array::from(&es.moves(opts(r#"{"verbose": true, "figurine": true, "piece": "n"}"#)).unwrap());
    assert!(verbose.iter().all(|m| get_str(&m, "san").unwrap().starts_with('♘')));
}

// ------------------------------------------------------------------------- status and endings

/// Plays `moves` and checks `status().termination` and `result`.
fn ending(fen: Option<&str>, moves: &str, termination: &str, result: &str, winner: Option<&str>) -> Chess {
    let mut chess = new_chess(fen);
    play(&mut chess, moves);
    let status = chess.status();
    assert_eq!(get_str(&status, "termination").as_deref(), Some(termination), "{moves}");
    assert_eq!(get_str(&status, "result").as_deref(), Some(result));
    assert_eq!(get_str(&status, "winner").as_deref(), winner);
    assert_eq!(get(&status, "gameOver").as_bool(), Some(true));
    chess
}

#[wasm_bindgen_test]
fn status_of_every_ending() {
    // Automatic endings.
    let mate = ending(None, "f3 e5 g4 Qh4#", "checkmate", "0-1", Some("b"));
    assert!(mate.is_checkmate() && mate.in_check() && mate.is_check() && mate.is_game_over() && !mate.is_draw());
    assert_eq!(get(&mate.status(), "checkmate").as_bool(), Some(true));
    let stale = ending(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "", "stalemate", "1/2-1/2", None);
    assert!(stale.is_stalemate() && stale.is_draw());
    let stale2 = ending(Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "Qf7", "stalemate", "1/2-1/2", None);
    assert!(stale2.is_stalemate());
    let dead = ending(Some("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"), "Kxd2", "insufficient-material", "1/2-1/2", None);
    assert!(dead.is_insufficient_material());
    assert!(dead.has_insufficient_material(arg(s("w"))).unwrap());
    let shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    let five = ending(None, shuffle, "fivefold-repetition", "1/2-1/2", None);
    assert!(five.is_fivefold_repetition() && five.is_threefold_repetition());
    let seventy_five = ending(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 100"), "Kd1", "seventyfive-moves", "1/2-1/2", None);
    assert!(seventy_five.is_seventy_five_moves() && seventy_five.is_draw_by_fifty_moves());

    // Claims.
    let mut three = new_chess(None);
    play(&mut three, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    let st = three.status();
    assert_eq!(get(&st, "threefoldRepetition").as_bool(), Some(true));
    assert_eq!(get(&st, "canClaimThreefold").as_bool(), Some(true));
    assert_eq!(get(&st, "canClaimDraw").as_bool(), Some(true));
    assert_eq!(get(&st, "gameOver").as_bool(), Some(false), "threefold ends the game only when claimed");
    assert!(three.is_game_over(), "isGameOver() follows chess.js");
    three.claim_draw(None).unwrap();
    assert_eq!(get_str(&three.status(), "termination").as_deref(), Some("threefold-repetition"));

    // A claim by declaring the move that repeats: the move is played.
    let mut declare = new_chess(None);
    play(&mut declare, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(get(&declare.status(), "canClaimThreefold").as_bool(), Some(true));
    assert_eq!(get(&declare.status(), "threefoldRepetition").as_bool(), Some(false));
    declare.claim_draw(Some(arg(s("Ng8")))).unwrap();
    assert_eq!(strings(&declare.history(None).unwrap()).last().map(String::as_str), Some("Ng8"));
    assert_eq!(get_str(&declare.status(), "termination").as_deref(), Some("threefold-repetition"));

    let mut fifty = new_chess(Some("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"));
    assert!(fifty.is_draw_by_fifty_moves());
    assert_eq!(get(&fifty.status(), "canClaimFifty").as_bool(), Some(true));
    fifty.claim_draw(None).unwrap();
    assert_eq!(get_str(&fifty.status(), "termination").as_deref(), Some("fifty-moves"));
    let mut early = new_chess(None);
    expect_error(early.claim_draw(None), "invalid-claim");
    expect_error(early.claim_draw(Some(arg(s("e4")))), "invalid-claim");

    // Game events.
    let mut resign = new_chess(None);
    play(&mut resign, "e4");
    resign.resign(arg(s("b"))).unwrap();
    let st = resign.status();
    assert_eq!(get_str(&st, "termination").as_deref(), Some("resignation"));
    assert_eq!(get_str(&st, "winner").as_deref(), Some("w"));
    assert_eq!(get_str(&st, "result").as_deref(), Some("1-0"));
    expect_error(resign.resign(arg(s("w"))), "game-over");
    assert!(resign.is_game_over());
    assert!(resign.pgn(None).unwrap().ends_with("1. e4 1-0"));
    // Undo reopens a game ended after the last move.
    resign.undo(None).unwrap();
    assert_eq!(get(&resign.status(), "gameOver").as_bool(), Some(false));

    let mut agree = new_chess(None);
    expect_error(agree.offer_draw(arg(s("w"))), "invalid-draw-offer");
    expect_error(agree.accept_draw(), "no-draw-offer");
    expect_error(agree.decline_draw(), "no-draw-offer");
    play(&mut agree, "e4");
    expect_error(agree.offer_draw(arg(s("b"))), "invalid-draw-offer");
    agree.offer_draw(arg(s("w"))).unwrap();
    assert_eq!(agree.draw_offer().as_string().as_deref(), Some("w"));
    agree.decline_draw().unwrap();
    assert!(agree.draw_offer().is_null());
    play(&mut agree, "e5");
    agree.offer_draw(arg(s("b"))).unwrap();
    agree.accept_draw().unwrap();
    assert_eq!(get_str(&agree.status(), "termination").as_deref(), Some("agreement"));
    assert!(agree.is_draw());

    let mut flag = new_chess(None);
    flag.flag_fall(arg(s("w"))).unwrap();
    assert_eq!(get_str(&flag.status(), "termination").as_deref(), Some("timeout"));
    assert_eq!(get_str(&flag.status(), "winner").as_deref(), Some("b"));
    let mut flag_draw = new_chess(Some("4k3/8/8/8/8/8/q7/4K3 b - - 0 1"));
    flag_draw.flag_fall(arg(s("b"))).unwrap();
    assert_eq!(get_str(&flag_draw.status(), "termination").as_deref(), Some("timeout-insufficient-material"));
    assert!(get(&flag_draw.status(), "winner").is_null());

    // An ongoing game.
    let st = new_chess(None).status();
    assert_eq!(get_str(&st, "result").as_deref(), Some("*"));
    assert!(get(&st, "termination").is_null() && get(&st, "winner").is_null());
    for key in ["check", "checkmate", "stalemate", "insufficientMaterial", "fiftyMoves", "seventyFiveMoves", "canClaimFifty", "gameOver"] {
        assert_eq!(get(&st, key).as_bool(), Some(false), "{key}");
    }
}

#[wasm_bindgen_test]
fn clock_and_flag_fall() {
    let time = js_sys::Function::new_with_args("", "return globalThis.__rocadaTestNow ?? 0");
    let set_time = |ms: f64| Reflect::set(&js_sys::global(), &s("__rocadaTestNow"), &JsValue::from(ms)).unwrap();
    set_time(0.0);
    let options = js_sys::Object::new();
    Reflect::set(&options, &s("now"), &time).unwrap();
    let mut clock = Clock::new(s("5+3"), Some(options.clone().unchecked_into())).unwrap();
    assert_eq!(clock.to_pgn(), "300+3");
    assert!(clock.running().is_null());
    clock.start(None).unwrap();
    assert_eq!(clock.running().as_string().as_deref(), Some("w"));
    set_time(10_000.0);
    let press = clock.press().unwrap();
    assert_eq!(get_str(&press, "color").as_deref(), Some("w"));
    assert_eq!(get(&press, "elapsedMs").as_f64(), Some(10_000.0));
    assert_eq!(clock.remaining(arg(s("w"))).unwrap(), 293_000.0);
    assert_eq!(clock.moves(arg(s("w"))).unwrap(), 1);
    clock.pause();
    assert!(clock.is_paused());
    expect_error(clock.press(), "clock-paused");
    clock.resume();
    set_time(10_000.0 + 300_001.0);
    assert_eq!(clock.flagged().as_string().as_deref(), Some("b"));
    let mut chess = new_chess(None);
    play(&mut chess, "e4");
    assert!(chess.sync_clock(&clock));
    assert_eq!(get_str(&chess.status(), "termination").as_deref(), Some("timeout"));
    let e = expect_error(clock.press(), "flag-fallen");
    assert_eq!(detail(&e, "color").as_string().as_deref(), Some("b"));
    expect_error(clock.press(), "clock-stopped");
    assert!(clock.is_stopped());

    let stages = Clock::new(s("40/90+30, 30+30"), Some(options.clone().unchecked_into())).unwrap();
    assert_eq!(stages.moves_to_control(arg(s("w"))).unwrap().as_f64(), Some(40.0));
    assert_eq!(stages.remaining(arg(s("b"))).unwrap(), 5_400_000.0);
    let pgn = Clock::from_pgn(s("40/5400+30:1800+30"), Some(options.unchecked_into())).unwrap();
    assert_eq!(pgn.remaining(arg(s("w"))).unwrap(), 5_400_000.0);
    expect_error(Clock::new(s("soon"), None), "invalid-time-control");
    expect_error(Clock::new(JsValue::from(5), None), "invalid-argument");
    expect_error(Clock::new(s("5+3"), opts(r#"{"now": 5}"#)), "invalid-option");
    let mut real = Clock::new(s("1+0"), None).unwrap();
    real.start(Some(arg(s("b")))).unwrap();
    assert!(real.remaining(arg(s("b"))).unwrap() <= 60_000.0);
    expect_error(real.add_time(arg(s("w")), JsValue::from(-5.0)), "invalid-option");
    real.add_time(arg(s("w")), JsValue::from(120_000.0)).unwrap();
    assert_eq!(real.remaining(arg(s("w"))).unwrap(), 180_000.0);
}

// ------------------------------------------------------------------------- touch-move, explain

#[wasm_bindgen_test]
fn touch_move() {
    let mut chess = Chess::new(None, opts(r#"{"touchMove": true}"#)).unwrap();
    assert!(chess.is_touch_move());
    assert_eq!(get_str(&chess.obligation(), "type").as_deref(), Some("free"));
    let ob = chess.touch(s("g1"), None).unwrap();
    assert_eq!(get_str(&ob, "type").as_deref(), Some("move"));
    assert_eq!(get_str(&ob, "square").as_deref(), Some("g1"));
    let mut allowed = strings(&chess.moves(None).unwrap());
    allowed.sort();
    assert_eq!(allowed, ["Nf3", "Nh3"]);
    let e = expect_error(chess.play(s("e4"), None), "touch-move");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("touch-move"));
    let explained = chess.explain(s("e4"), None).unwrap();
    assert_eq!(get_str(&explained, "reason").as_deref(), Some("touch-move"));
    assert_eq!(get_str(&get(&explained, "obligation"), "type").as_deref(), Some("move"));
    let e = expect_error(chess.touch(s("e7"), Some(arg(s("b")))), "not-your-turn");
    assert!(detail(&e, "message").is_string());
    chess.play(s("Nf3"), None).unwrap();
    assert_eq!(get_str(&chess.obligation(), "type").as_deref(), Some("free"));
    let ob = chess.touch(Array::of2(&s("e7"), &s("e5")).into(), None).unwrap();
    assert_eq!(get_str(&ob, "type").as_deref(), Some("move"));
    expect_error(chess.touch(s("x1"), None), "invalid-square");
    expect_error(chess.set_touch_move(s("no")), "invalid-argument");
    chess.set_touch_move(JsValue::FALSE).unwrap();
    assert!(!chess.is_touch_move());
}

#[wasm_bindgen_test]
fn explain_in_three_languages() {
    let chess = new_chess(None);
    let e = chess.explain(arg(js_sys::JSON::parse(r#"{"from": "f1", "to": "c4"}"#).unwrap()), None).unwrap();
    assert_eq!(get(&e, "legal").as_bool(), Some(false));
    assert_eq!(get_str(&e, "reason").as_deref(), Some("path-blocked"));
    assert_eq!(get_str(&e, "culprit").as_deref(), Some("e2"));
    assert_eq!(strings(&get(&e, "squares")), ["e2"]);
    assert_eq!(get_str(&get(&e, "piece"), "type").as_deref(), Some("b"));
    let ro = chess.explain(s("f1c4"), opts(r#"{"lang": "ro"}"#)).unwrap();
    assert_eq!(
        get_str(&ro, "message").as_deref(),
        Some("Nebunul nu poate ajunge de pe f1 pe c4: pionul de pe e2 blochează drumul. Numai calul poate sări peste alte piese.")
    );
    let es = chess.explain(s("f1c4"), opts(r#"{"lang": "es"}"#)).unwrap();
    assert!(get_str(&es, "message").unwrap().starts_with("El alfil"));
    let legal = chess.explain(s("Nf3"), None).unwrap();
    assert_eq!(get(&legal, "legal").as_bool(), Some(true));
    assert_eq!(get_str(&legal, "san").as_deref(), Some("Nf3"));
    assert!(get(&legal, "reason").is_undefined());
    let san_illegal = chess.explain(s("Ke2"), None).unwrap(); // the pawn on e2: the same reason as by squares
    assert_eq!(get_str(&san_illegal, "reason").as_deref(), Some("own-piece-on-target"));
    assert_eq!(get_str(&chess.explain(s("e7e5"), None).unwrap(), "reason").as_deref(), Some("not-your-turn"));
    assert_eq!(get_str(&chess.explain(s("e3e4"), None).unwrap(), "reason").as_deref(), Some("no-piece"));
    expect_error(chess.explain(s("??"), None), "invalid-move-syntax");
    expect_error(chess.explain(JsValue::from(1), None), "invalid-argument");
}

// ------------------------------------------------------------------------- PGN

#[wasm_bindgen_test]
fn pgn_round_trip() {
    let mut chess = new_chess(None);
    play(&mut chess, "e4 e5 Nf3");
    chess.set_comment(s("the usual")).unwrap();
    assert_eq!(chess.get_comment().as_string().as_deref(), Some("the usual"));
    chess.header_pairs(vec![s("White"), s("Anna"), s("Black"), s("Ben")]);
    chess.set_header(s("Event"), s("Club")).unwrap();
    let headers = chess.get_headers();
    assert_eq!(get_str(&headers, "White").as_deref(), Some("Anna"));
    assert_eq!(get_str(&headers, "Site").as_deref(), Some("?"));
    let text = chess.pgn(None).unwrap();
    assert!(text.starts_with("[Event \"Club\"]\n[Site \"?\"]"), "{text}");
    assert!(text.ends_with("\n\n1. e4 e5 2. Nf3 {the usual} *"), "{text}");
    assert!(chess.pgn(opts(r#"{"maxWidth": 10, "newline": "<br>"}"#)).unwrap().matches("<br>").count() > 8);
    assert!(chess.remove_header(s("White")).unwrap());
    assert_eq!(get_str(&chess.get_headers(), "White").as_deref(), Some("?"));
    assert!(chess.remove_header(s("Annotator")).is_ok_and(|b| !b));

    let mut again = new_chess(None);
    again.load_pgn(s(&text), None).unwrap();
    assert_eq!(strings(&again.history(None).unwrap()), ["e4", "e5", "Nf3"]);
    assert_eq!(again.get_comment().as_string().as_deref(), Some("the usual"));
    let comments = Array::from(&again.get_comments());
    assert_eq!(comments.length(), 1);
    assert_eq!(get_str(&comments.get(0), "fen"), Some(again.fen()));
    assert_eq!(again.remove_comment().as_string().as_deref(), Some("the usual"));
    assert!(again.get_comment().is_undefined());

    // Variations, NAGs and comments are kept on load and written back.
    let source = "[Event \"V\"]\n\n1. e4 {best} e5 (1... c5 $1 {Sicilian} 2. Nf3) 2. Nf3!? *";
    let mut varied = new_chess(None);
    varied.load_pgn(s(source), None).unwrap();
    let out = varied.pgn(None).unwrap();
    assert!(out.contains("(1... c5 $1 {Sicilian} 2. Nf3)"), "{out}");
    assert!(out.contains("2. Nf3 $5"), "{out}");
    play(&mut varied, "Nc6");
    varied.undo(None).unwrap();
    varied.undo(None).unwrap();
    assert!(varied.pgn(None).unwrap().ends_with("1. e4 {best} e5 (1... c5 $1 {Sicilian} 2. Nf3) *"));

    // Chess960 via Variant and FEN tags; results.
    let c960 = format!("[Variant \"Chess960\"]\n[FEN \"{CHESS960}\"]\n[Result \"1-0\"]\n\n9. g3 c4 1-0");
    let mut g = new_chess(None);
    g.load_pgn(s(&c960), None).unwrap();
    assert!(g.is_chess960());
    assert_eq!(strings(&g.history(None).unwrap()), ["g3", "c4"]);
    assert!(g.pgn(None).unwrap().ends_with("9. g3 c4 1-0"));
    // The tags read over the start's own, as chess.js: SetUp comes with the FEN.
    assert_eq!(get_str(&g.get_headers(), "SetUp").as_deref(), Some("1"));
    assert_eq!(get_str(&g.get_headers(), "Event").as_deref(), Some("?"));

    // Loading from a position: SetUp and FEN headers.
    let from_fen = new_chess(Some(KIWIPETE));
    let headers = from_fen.get_headers();
    assert_eq!(get_str(&headers, "FEN").as_deref(), Some(KIWIPETE));
    assert_eq!(get_str(&headers, "SetUp").as_deref(), Some("1"));

    // Localized input letters.
    let mut ro = new_chess(None);
    ro.load_pgn(s("1. e4 e5 2. Cf3 Cc6 3. Nc4 *"), opts(r#"{"lang": "ro"}"#)).unwrap();
    assert_eq!(strings(&ro.history(None).unwrap()), ["e4", "e5", "Nf3", "Nc6", "Bc4"]);

    // Empty text: a fresh game.
    let mut empty = new_chess(Some(KIWIPETE));
    empty.load_pgn(s(""), None).unwrap();
    assert_eq!(empty.fen(), START);
}

#[wasm_bindgen_test]
fn pgn_errors() {
    let mut chess = new_chess(None);
    play(&mut chess, "d4");
    let e = expect_error(chess.load_pgn(s("1. e4 e5 2. Nf3 {unclosed"), None), "invalid-pgn");
    assert_eq!(detail(&e, "game").as_f64(), Some(1.0));
    assert_eq!(detail(&e, "line").as_f64(), Some(1.0));
    assert_eq!(detail(&e, "column").as_f64(), Some(17.0));
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("unterminated-comment"));
    let e = expect_error(chess.load_pgn(s("1. e4 e5\n2. Ke3 *"), None), "invalid-pgn");
    assert_eq!((detail(&e, "line").as_f64(), detail(&e, "reason").as_string().as_deref()), (Some(2.0), Some("illegal-move")));
    assert_eq!(strings(&chess.history(None).unwrap()), ["d4"], "unchanged after an error");
    expect_error(chess.load_pgn(JsValue::from(3), None), "invalid-argument");
    expect_error(chess.load_pgn(s("1. e2e4 *"), opts(r#"{"strict": true}"#)), "invalid-pgn");
    assert!(chess.load_pgn(s("1. e4 *"), opts(r#"{"strict": true}"#)).is_ok());
    // A game going on past its automatic end.
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *";
    let e = expect_error(chess.load_pgn(s(shuffle), None), "invalid-pgn");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("game-over"));
    // Headers and comments: argument errors.
    expect_error(chess.set_header(s("bad key"), s("x")), "invalid-argument");
    expect_error(chess.set_header(s("Event"), JsValue::from(1)), "invalid-argument");
    expect_error(chess.set_comment(JsValue::NULL), "invalid-argument");
    expect_error(chess.pgn(opts(r#"{"maxWidth": -1}"#)), "invalid-option");
}

#[wasm_bindgen_test]
fn parse_pgn_games() {
    let text = "[Event \"A\"]\n[White \"Anna\"]\n\n{start} 1. e4 e5 (1... c5 {Sicilian} $1) 2. Nf3 1-0\n\n[Event \"B\"]\n\n1. d4 d5 *\n";
    let games = Array::from(&parse_pgn(s(text), None).unwrap());
    assert_eq!(games.length(), 2);
    // As JS sees it: getters and methods of the PgnGame objects.
    let first = games.get(0);
    let call = |name: &str| -> JsValue {
        let f: js_sys::Function = get(&first, name).unchecked_into();
        f.call0(&first).expect(name)
    };
    assert_eq!(get_str(&get(&first, "headers"), "White").as_deref(), Some("Anna"));
    assert_eq!(get_str(&first, "result").as_deref(), Some("1-0"));
    assert_eq!(strings(&get(&first, "comments")), ["start"]);
    assert_eq!(get_str(&first, "startFen").as_deref(), Some(START));
    let moves = Array::from(&get(&first, "moves"));
    assert_eq!(moves.length(), 3);
    let e5 = moves.get(1);
    assert_eq!(get_str(&e5, "san").as_deref(), Some("e5"));
    assert_eq!(get_str(&e5, "uci").as_deref(), Some("e7e5"));
    let variation = Array::from(&Array::from(&get(&e5, "variations")).get(0));
    let c5 = variation.get(0);
    assert_eq!(get_str(&c5, "san").as_deref(), Some("c5"));
    assert_eq!(strings(&get(&c5, "comments")), ["Sicilian"]);
    assert_eq!(Array::from(&get(&c5, "nags")).get(0).as_f64(), Some(1.0));
    let mainline = Array::from(&call("mainline"));
    assert_eq!(mainline.length(), 3);
    assert!(mainline.get(2).is_instance_of::<MoveClass>());
    assert_eq!(get_str(&mainline.get(2), "san").as_deref(), Some("Nf3"));
    assert_eq!(get_str(&mainline.get(2), "before"), get_str(&mainline.get(1), "after"));
    let chess = call("toChess");
    let history: js_sys::Function = get(&chess, "history").unchecked_into();
    assert_eq!(strings(&history.call0(&chess).unwrap()), ["e4", "e5", "Nf3"]);
    let pgn: js_sys::Function = get(&chess, "pgn").unchecked_into();
    let text = pgn.call0(&chess).unwrap().as_string().unwrap();
    assert!(text.contains("(1... c5 $1 {Sicilian})"), "{text}");
    assert!(call("pgn").as_string().unwrap().contains("[White \"Anna\"]"));

    let e = expect_error(parse_pgn(s("[Event \"ok\"]\n\n1. e4 *\n\n[Event \"bad\"]\n\n1. e4 e5 2. Qxf7 *"), None), "invalid-pgn");
    assert_eq!(detail(&e, "game").as_f64(), Some(2.0));
    assert_eq!(detail(&e, "line").as_f64(), Some(7.0));
    expect_error(parse_pgn(JsValue::NULL, None), "invalid-argument");
    assert_eq!(Array::from(&parse_pgn(s(""), None).unwrap()).length(), 0);
}

// ------------------------------------------------------------------------- arguments

#[wasm_bindgen_test]
fn argument_errors_and_recovery() {
    let e = expect_error(Chess::new(Some(arg(s("not a fen"))), None), "invalid-fen");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("fen-board"));
    assert_eq!(detail(&e, "field").as_string().as_deref(), Some("board"));
    assert!(get_str(&e, "message").unwrap().starts_with("invalid FEN: "));
    let e = expect_error(Chess::new(Some(arg(s("8/8/8/8/8/8/8/8 w - - 0 1"))), None), "invalid-fen");
    assert_eq!(strings(&detail(&e, "reasons")), ["missing-king"]);
    let e = expect_error(Chess::new(Some(arg(JsValue::from(5))), None), "invalid-fen");
    assert_eq!(detail(&e, "reason").as_string().as_deref(), Some("fen-type"));
    for (options, at_fault) in [
        (r#"{"chess960": "yes"}"#, "chess960"),
        (r#"{"sandbox": 1}"#, "sandbox"),
        (r#"{"lang": "de"}"#, "lang"),
        (r#"{"typo": 1}"#, "typo"),
        (r#"[]"#, "options"),
        (r#""chess960""#, "options"),
    ] {
        let e = expect_error(Chess::new(None, opts(options)), "invalid-option");
        assert_eq!(detail(&e, "option").as_string().as_deref(), Some(at_fault), "{options}");
    }
    assert!(Chess::new(None, opts(r#"{"sandbox": false}"#)).is_ok());

    let mut chess = new_chess(None);
    expect_error(chess.get(s("i9")), "invalid-square");
    expect_error(chess.get(JsValue::from(3)), "invalid-square");
    expect_error(chess.square_color(s("")), "invalid-square");
    expect_error(chess.put(arg(s("q")), s("e4")), "invalid-piece");
    expect_error(chess.put(arg(js_sys::JSON::parse(r#"{"type":"x","color":"w"}"#).unwrap()), s("e4")), "invalid-piece");
    expect_error(chess.put(arg(js_sys::JSON::parse(r#"{"type":"q","color":"w"}"#).unwrap()), s("e9")), "invalid-square");
    expect_error(chess.find_piece(arg(JsValue::NULL)), "invalid-piece");
    expect_error(chess.attackers(s("e4"), Some(arg(s("white")))), "invalid-argument");
    expect_error(chess.is_attacked(s("e4"), arg(JsValue::UNDEFINED)), "invalid-argument");
    expect_error(chess.has_insufficient_material(arg(s("x"))), "invalid-argument");
    expect_error(chess.resign(arg(JsValue::from(0))), "invalid-argument");
    expect_error(chess.load(s("x"), None), "invalid-fen");
    expect_error(chess.load(s(START), opts(r#"{"chess960": 1}"#)), "invalid-option");
    expect_error(chess.clear(opts(r#"{"preserveHeaders": "no"}"#)), "invalid-option");
    expect_error(chess.undo(opts(r#"{"lang": 1}"#)), "invalid-option");
    expect_error(chess.history(opts(r#"{"verbose": "yes"}"#)), "invalid-option");
    // On an edited, illegal board: invalid-position.
    chess.clear(None).unwrap();
    for result in [
        chess.perft(JsValue::from(1.0)).map(|_| ()),
        chess.hash().map(|_| ()),
        chess.resign(arg(s("w"))),
        chess.accept_draw(),
        chess.touch(s("e1"), None).map(|_| ()),
    ] {
        expect_error(result, "invalid-position");
    }
    assert_eq!(get(&chess.status(), "gameOver").as_bool(), Some(false));
    assert!(chess.undo(None).unwrap().is_null());
    // validateFen
    let ok = validate_fen(s(START), None).unwrap();
    assert_eq!(get(&ok, "ok").as_bool(), Some(true));
    let bad = validate_fen(s("8/8/8/8/8/8/8/8 w - - 0 1"), None).unwrap();
    assert_eq!((get(&bad, "ok").as_bool(), get_str(&bad, "reason").as_deref()), (Some(false), Some("missing-king")));
    assert_eq!(get_str(&validate_fen(JsValue::from(1), None).unwrap(), "reason").as_deref(), Some("fen-type"));
    // The same object keeps working after all of these.
    chess.reset();
    play(&mut chess, "e4 e5");
    assert_eq!(chess.perft(JsValue::from(1.0)).unwrap(), strings(&chess.moves(None).unwrap()).len() as f64);
}

#[wasm_bindgen_test]
fn lazy_after_survives_a_changed_before() {
    let chess = new_chess(None);
    let moves = Array::from(&chess.moves(opts(r#"{"verbose": true}"#)).unwrap());
    let m = moves.get(0);
    Reflect::set(&m, &s("before"), &s("garbage")).unwrap();
    assert!(get(&m, "after").is_undefined(), "an unreadable `before` gives no `after`, never a trap");
    let m = moves.get(1);
    assert!(get_str(&m, "after").is_some());
}

#[wasm_bindgen_test]
fn sandbox_positions_for_lessons() {
    let lone_rook = "8/8/8/8/3R4/8/8/8 w - - 0 1";
    expect_error(Chess::new(Some(arg(s(lone_rook))), None), "invalid-fen");
    let mut chess = Chess::new(Some(arg(s(lone_rook))), opts(r#"{"sandbox": true}"#)).unwrap();
    assert!(chess.is_sandbox());
    play(&mut chess, "Rd7 Ra7");
    assert_eq!(chess.fen(), "8/R7/8/8/8/8/8/8 w - - 2 3");
    assert!(!chess.is_game_over());
    // Edits stay in the sandbox: a black pawn on the first rank is accepted.
    assert!(chess.put(arg(js_sys::JSON::parse(r#"{"type":"p","color":"b"}"#).unwrap()), s("e1")).unwrap());
    assert!(chess.is_sandbox());
    assert!(chess.fen().starts_with("8/R7/8/8/8/8/8/4p3 w - -"), "{}", chess.fen());
    // load keeps the mode unless told; a refused FEN keeps the game and the mode.
    expect_error(chess.load(s("8/8/8/8/8/8/8/K6K w - - 0 1"), None), "invalid-fen");
    assert!(chess.is_sandbox());
    chess.load(s(START), opts(r#"{"sandbox": false}"#)).unwrap();
    assert!(!chess.is_sandbox());
    expect_error(chess.load(s(lone_rook), None), "invalid-fen");
    assert_eq!(chess.fen(), START);
    // validateFen can check lesson positions too.
    let ok = |options: &str| get(&validate_fen(s(lone_rook), opts(options)).unwrap(), "ok").as_bool();
    assert_eq!(ok(r#"{"sandbox": true}"#), Some(true));
    assert_eq!(ok(r#"{}"#), Some(false));
}

#[path = "common/signatures.rs"]
mod signatures;

/// The search in WebAssembly gives the native build's node counts: the bench signature (the
/// built-in net), the hand-written evaluation's, and the bench with a fixed learned net, plain
/// and king-mirrored (integer arithmetic throughout: accumulators, activations, the output),
/// pinned in
/// tests/common/signatures.rs.
#[wasm_bindgen_test]
fn the_bench_signatures_hold_in_webassembly() {
    use rocada::search::{bench, bench_with, BENCH_DEPTH};
    assert_eq!(bench(BENCH_DEPTH).nodes, signatures::SIGNATURE, "the bench (the built-in net)");
    assert_eq!(bench_with(BENCH_DEPTH, None).nodes, signatures::HAND_WRITTEN_SIGNATURE, "the hand-written evaluation's bench");
    assert_eq!(
        bench_with(signatures::NET_DEPTH, Some(&signatures::test_net())).nodes,
        signatures::NET_SIGNATURE,
        "the bench with the test net"
    );
    assert_eq!(
        bench_with(signatures::NET_DEPTH, Some(&signatures::test_net().with_king_mirror(true))).nodes,
        signatures::MIRRORED_NET_SIGNATURE,
        "the bench with the king-mirrored test net"
    );
}

//! `EngineCore`: the search ([`crate::search::Search`]) for JavaScript. Internal: users call
//! `Engine` (`pkg/engine-base.js`), which runs this class in a Web Worker, a Node worker
//! thread, or in-thread (`pkg/engine-serve.js`); it is left out of the TypeScript types.
//!
//! What it adapts:
//! - the position: a FEN and the game's moves in UCI, replayed so that the search knows the
//!   earlier positions (repetition draws);
//! - the limits: a strict options object in camelCase (`movetimeMs`, `multiPv`, ...);
//! - the reports: each [`SearchInfo`] becomes a plain object (PV in UCI and SAN) for `onInfo`;
//! - time: a [`TimeSource`] reading `performance.now()` (browsers, workers and Node have it).
//!
//! Stopping: nothing here. The thread that runs a search is busy until it returns and, without
//! SharedArrayBuffer, cannot see a message or a flag set by another thread, so `Engine.stop()`
//! terminates the worker and answers with the best line it last reported.

use super::error::Failure;
use super::js::{array_len, call, item, js_number, number_text, strings, type_name, Obj};
use super::options::Options;
#[cfg(feature = "nnue")]
use crate::eval::nnue::Network;
use crate::game::{Ending, GameError, Termination};
use crate::search::{level_for_elo, Bound, Limits, Score, Search, SearchInfo, SearchResult};
use crate::time::TimeSource;
use crate::{parse_uci, to_san, CastlingMode, Lang, Move, Position};
use wasm_bindgen::prelude::*;

/// The largest transposition table accepted, in MiB (wasm32 memory ends at 4 GiB).
const MAX_HASH_MB: f64 = 1024.0;
/// The deepest iteration accepted (the search stops at 124 plies anyway).
const MAX_DEPTH: f64 = 1000.0;
/// Node counts and times up to 2^53: every integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

const LIMITS: [&str; 13] = [
    "depth",
    "nodes",
    "movetimeMs",
    "wtimeMs",
    "btimeMs",
    "wincMs",
    "bincMs",
    "movesToGo",
    "infinite",
    "multiPv",
    "level",
    "elo",
    "searchMoves",
];

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds, monotonic.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The search's time source in JS hosts.
pub(super) struct PerformanceClock;

impl TimeSource for PerformanceClock {
    fn now_ms(&self) -> u64 {
        performance_now().max(0.0) as u64
    }
}

/// One engine: a search with its transposition table, kept between searches of a game.
#[wasm_bindgen(skip_typescript)]
pub struct EngineCore {
    search: Search,
}

#[wasm_bindgen]
impl EngineCore {
    /// An engine with a transposition table of `hash_mb` MiB (an integer from 1 to 1024).
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: &JsValue) -> Result<EngineCore, JsValue> {
        let mb = integer(hash_mb, "hashMb", 1.0, MAX_HASH_MB)? as usize;
        // The table's allocation aborts (traps) when memory runs out: try for it first, so that
        // a size the host cannot give is an error. The block goes back to the allocator, where
        // the table finds it.
        if Vec::<u8>::new().try_reserve_exact(mb << 20).is_err() {
            return Err(Failure::Option { option: "hashMb".to_owned(), message: format!("{mb} MiB cannot be allocated here") }.into());
        }
        let mut search = Search::new(mb);
        search.set_clock(Box::new(PerformanceClock));
        Ok(EngineCore { search })
    }

    /// Searches with the learned evaluation in `net` (a `Uint8Array` holding a file as
    /// `rocada-train` writes it), from the next search on; `undefined`: the built-in net (the
    /// default); `null`: the hand-written evaluation alone. `invalid-option` (`net`) for
    /// anything else or a file that is no net, and the evaluation is unchanged.
    #[cfg(feature = "nnue")]
    #[wasm_bindgen(js_name = setNet)]
    pub fn set_net(&mut self, net: &JsValue) -> Result<(), JsValue> {
        self.search.set_net(read_net(net)?);
        Ok(())
    }

    /// Forgets the previous games (transposition table and history tables).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.search.clear();
    }

    /// Checks a request without searching: throws the `ChessError` that [`EngineCore::go`]
    /// would (the caller's thread answers at once; the worker then only searches).
    pub fn check(fen: &JsValue, chess960: &JsValue, moves: &JsValue, limits: &JsValue) -> Result<(), JsValue> {
        prepare(fen, chess960, moves, limits).map(|_| ()).map_err(JsValue::from)
    }

    /// Searches the position reached from `fen` by `moves` (UCI, space-separated) within
    /// `limits`, calling `on_info` with each report; returns the result object, or throws a
    /// `ChessError` (`invalid-fen`, `illegal-move`, `invalid-option`, `game-over` when there is
    /// no legal move).
    pub fn go(
        &mut self,
        fen: &JsValue,
        chess960: &JsValue,
        moves: &JsValue,
        limits: &JsValue,
        on_info: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let (pos, history, limits) = prepare(fen, chess960, moves, limits)?;
        // `seldepth` is only in the reports.
        let mut seldepth = 0;
        let mut report = |info: &SearchInfo| {
            if info.multipv == 1 {
                seldepth = info.seldepth;
            }
            // A throwing callback must not end the search.
            if on_info.is_function() {
                let _ = call(on_info, &JsValue::NULL, &info_object(&pos, info));
            }
        };
        let result = self.search.go(&pos, &history, limits, &mut report, &mut || false);
        Ok(result_object(&pos, &result, seldepth, self.search.hashfull()))
    }
}

/// The net in `value` (a `Uint8Array` holding a file as `rocada-train` writes it), the built-in
/// net for `undefined`, `None` (the hand-written evaluation alone) for `null`; `invalid-option`
/// (`net`) for anything else or a file that is no net.
#[cfg(feature = "nnue")]
pub(super) fn read_net(value: &JsValue) -> Result<Option<Network>, Failure> {
    let fail = |message: String| Failure::Option { option: "net".to_owned(), message };
    if value.is_undefined() {
        return Ok(Some(Network::builtin()));
    }
    if value.is_null() {
        return Ok(None);
    }
    let bytes = match super::js::bytes(value) {
        Err(()) => return Err(fail("it cannot be read (a getter or Proxy trap threw)".to_owned())),
        Ok(None) => return Err(fail(format!("expected a Uint8Array, got {}", type_name(value)))),
        Ok(Some(bytes)) => bytes,
    };
    Network::from_bytes(&bytes).map(Some).map_err(|e| fail(e.to_string()))
}

/// The compiled `WebAssembly.Module` of this instance, which `Engine` posts to its worker so
/// that the worker instantiates it without downloading or compiling anything.
#[wasm_bindgen(js_name = engineModule, skip_typescript)]
pub fn engine_module() -> JsValue {
    wasm_bindgen::module()
}

/// The position after `moves`, the hashes of the positions before it (oldest first), and the
/// limits; `game-over` when the position has no legal move.
fn prepare(fen: &JsValue, chess960: &JsValue, moves: &JsValue, limits: &JsValue) -> Result<(Position, Vec<u64>, Limits), Failure> {
    let text = |v: &JsValue, argument: &'static str| {
        v.as_string().ok_or_else(|| Failure::Argument { argument, message: format!("expected a string, got {}", type_name(v)) })
    };
    let (fen, moves) = (text(fen, "fen")?, text(moves, "moves")?);
    let (fen, chess960, moves) = (fen.as_str(), chess960.as_bool() == Some(true), moves.as_str());
    let mut pos = if chess960 {
        Position::from_fen(fen, CastlingMode::Chess960)?
    } else {
        // As rocada-uci: a FEN that is only legal as Chess960 (Shredder-FEN, odd rook files).
        Position::from_fen(fen, CastlingMode::Standard).or_else(|e| Position::from_fen(fen, CastlingMode::Chess960).map_err(|_| e))?
    };
    let mut history = Vec::new();
    for uci in moves.split_whitespace() {
        let m = parse_uci(&pos, uci).map_err(Failure::Uci)?;
        history.push(pos.zobrist_hash());
        pos.play_unchecked(m);
    }
    let limits = read_limits(limits, &pos)?;
    if pos.legal_moves().is_empty() {
        let ending = if pos.is_check() { Ending::win(!pos.turn(), Termination::Checkmate) } else { Ending::draw(Termination::Stalemate) };
        return Err(Failure::Game { error: GameError::GameOver(ending), input: String::new(), lang: Lang::En });
    }
    Ok((pos, history, limits))
}

/// `Limits` from the JS object (unknown keys and wrong types refused).
fn read_limits(value: &JsValue, pos: &Position) -> Result<Limits, Failure> {
    let o = Options::read(Some(value), "limits", &LIMITS)?;
    let int =
        |key: &str, min: f64, max: f64| -> Result<Option<f64>, Failure> { o.get_raw(key)?.map(|v| integer(&v, key, min, max)).transpose() };
    // Times may be fractional (differences of performance.now()); they are rounded down.
    let ms = |key: &str| -> Result<Option<u64>, Failure> {
        match o.number(key)? {
            Some(v) if !(0.0..=MAX_SAFE).contains(&v) => Err(Failure::Option {
                option: key.to_owned(),
                message: format!("expected a time in milliseconds from 0 to 2^53, got {}", js_number(v)),
            }),
            v => Ok(v.map(|v| v as u64)),
        }
    };
    let mut limits = Limits {
        depth: int("depth", 1.0, MAX_DEPTH)?.map(|v| v as u32),
        nodes: int("nodes", 1.0, MAX_SAFE)?.map(|v| v as u64),
        movetime_ms: ms("movetimeMs")?,
        wtime_ms: ms("wtimeMs")?,
        btime_ms: ms("btimeMs")?,
        winc_ms: ms("wincMs")?,
        binc_ms: ms("bincMs")?,
        movestogo: int("movesToGo", 1.0, 1000.0)?.map(|v| v as u32),
        infinite: o.bool("infinite")?.unwrap_or(false),
        multipv: int("multiPv", 1.0, 256.0)?.map_or(1, |v| v as u32),
        level: int("level", 1.0, 20.0)?.map(|v| v as u8),
        ..Limits::default()
    };
    // `elo`: the level of the nearest approximate Elo (`ELO_BY_LEVEL`).
    if let Some(elo) = int("elo", 0.0, 10_000.0)? {
        if limits.level.is_some() {
            return Err(Failure::Option { option: "elo".to_owned(), message: "give level or elo, not both".to_owned() });
        }
        limits.level = Some(level_for_elo(elo as u32)).filter(|&l| l < 20);
    }
    if let Some(list) = o.get_raw("searchMoves")? {
        let not_list = || Failure::Option {
            option: "searchMoves".to_owned(),
            message: format!("expected an array of moves in UCI such as ['e2e4'], got {}", type_name(&list)),
        };
        let n = array_len(&list, u32::MAX).map_err(|_| not_list())?.ok_or_else(not_list)?;
        for i in 0..n {
            let uci = item(&list, i).ok().and_then(|v| v.as_string()).ok_or_else(not_list)?;
            limits.search_moves.push(parse_uci(pos, &uci).map_err(Failure::Uci)?);
        }
    }
    Ok(limits)
}

/// An integer option from `min` to `max`.
pub(super) fn integer(value: &JsValue, key: &str, min: f64, max: f64) -> Result<f64, Failure> {
    match value.as_f64() {
        Some(v) if v.fract() == 0.0 && (min..=max).contains(&v) => Ok(v),
        _ => Err(Failure::Option {
            option: key.to_owned(),
            // The bounds are whole numbers: written as integers, the value by JS (no float
            // formatting in the module).
            message: format!("expected an integer from {} to {}, got {}", min as u64, max as u64, number_text(value)),
        }),
    }
}

/// `{ cp }` or `{ mate }`.
fn score_object(score: Score) -> JsValue {
    match score {
        Score::Cp(cp) => Obj::new().set("cp", cp),
        Score::Mate(n) => Obj::new().set("mate", n),
    }
    .build()
}

/// The moves of `pv` in UCI and in SAN, played from `pos` (cut at a move that is not legal,
/// which a PV from the search never holds).
fn pv_strings(pos: &Position, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    let mode = pos.castling_mode();
    let mut p = pos.clone();
    let (mut ucis, mut sans) = (Vec::with_capacity(pv.len()), Vec::with_capacity(pv.len()));
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        ucis.push(m.uci(mode));
        sans.push(to_san(&p, m));
        p.play_unchecked(m);
    }
    (ucis, sans)
}

/// A report: `{ depth, seldepth, multiPv, score, bound?, pv, pvSan, nodes, nps, hashfull, timeMs }`.
fn info_object(pos: &Position, info: &SearchInfo) -> JsValue {
    let (pv, pv_san) = pv_strings(pos, &info.pv);
    let bound = match info.bound {
        Bound::Exact => None,
        Bound::Lower => Some("lower"),
        Bound::Upper => Some("upper"),
    };
    Obj::new()
        .set("depth", info.depth)
        .set("seldepth", info.seldepth)
        .set("multiPv", info.multipv)
        .set("score", score_object(info.score))
        .opt("bound", bound)
        .set("pv", strings(pv))
        .set("pvSan", strings(pv_san))
        .set("nodes", info.nodes as f64)
        .set("nps", info.nps as f64)
        .set("hashfull", info.hashfull)
        .set("timeMs", info.time_ms as f64)
        .build()
}

/// The answer: `{ move, san, ponder?, score, pv, pvSan, depth, seldepth, nodes, nps, hashfull,
/// timeMs }` (the caller ruled out a root without moves; `Engine` adds the MultiPV `lines`).
fn result_object(pos: &Position, r: &SearchResult, seldepth: u32, hashfull: u32) -> JsValue {
    let pv = if r.pv.is_empty() { r.best_move.into_iter().collect() } else { r.pv.clone() };
    let (ucis, sans) = pv_strings(pos, &pv);
    let nps = r.nodes.saturating_mul(1000) / r.time_ms.max(1);
    Obj::new()
        .opt("move", ucis.first().map(String::as_str))
        .opt("san", sans.first().map(String::as_str))
        .opt("ponder", ucis.get(1).map(String::as_str))
        .set("score", score_object(r.score))
        .set("pv", strings(&ucis))
        .set("pvSan", strings(&sans))
        .set("depth", r.depth)
        .set("seldepth", seldepth.max(r.depth))
        .set("nodes", r.nodes as f64)
        .set("nps", nps as f64)
        .set("hashfull", hashfull)
        .set("timeMs", r.time_ms as f64)
        .build()
}

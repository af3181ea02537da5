//! `UciProtocol`: the UCI state machine ([`crate::search::uci::Uci`], shared with the native
//! `rocada-uci`) for `npx rocada-uci` (`pkg/bin/rocada-uci.mjs`), which does the I/O and runs
//! each search in an `Engine` worker. Internal: left out of the TypeScript types.
//!
//! - `command(line)` -> `{ out: string[], action: { type, ... } }`, `type` one of `none`, `go`
//!   (`fen`, `chess960`, `moves`: UCI joined by spaces, `limits`: `Engine` limits), `stop`,
//!   `stop-retry` (stop, hand the result over, give the line again), `ponderhit`
//!   (`stopAfterMs?`), `newgame`, `hash` (`mb`), `evalfile` (`path`, or `null` for the
//!   hand-written evaluation alone; `file`: whether `path` is a file to read, not the built-in
//!   net's name: the bin reads it and hands it to `evalFile`), `bench`
//!   (`depth`), `quit`;
//! - `info(report)`, `result(result)` take `Engine`'s report and result objects, `failure(message)`
//!   a failed search; each returns the lines to print;
//! - `UciProtocol.evalFile(path, bytesOrError)` -> `{ line, change }`, `UciProtocol.maxNetBytes()`;
//! - `UciProtocol.bench(depth, net?)`, `UciProtocol.benchLines(depth, nodes, timeMs)`.

use super::engine::{integer, read_net, PerformanceClock};
use super::js::{bytes, strings, Obj};
use crate::eval::nnue::MAX_FILE_BYTES;
use crate::search::uci::{Action, EvalChange, Uci, BUILTIN_NAME};
use crate::search::{Bound, Limits, Score, Search, SearchInfo, SearchResult, BENCH_POSITIONS};
use crate::{parse_uci, CastlingMode, Move, Position};
use wasm_bindgen::prelude::*;

/// The largest transposition table in the wasm build, MiB.
const MAX_HASH_MB: usize = 1024;

/// The UCI protocol for `npx rocada-uci`.
#[wasm_bindgen(skip_typescript)]
pub struct UciProtocol {
    uci: Uci,
}

fn get(o: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(o, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn num(o: &JsValue, key: &str) -> f64 {
    get(o, key).as_f64().unwrap_or(0.0).max(0.0)
}

fn score_of(o: &JsValue) -> Score {
    let s = get(o, "score");
    match get(&s, "mate").as_f64() {
        Some(m) => Score::Mate(m as i32),
        None => Score::Cp(get(&s, "cp").as_f64().unwrap_or(0.0) as i32),
    }
}

/// The moves of a JS array of UCI strings, played from `pos` (cut at the first illegal one).
fn moves_of(pos: Option<&Position>, list: &JsValue) -> Vec<Move> {
    let Some(pos) = pos else { return Vec::new() };
    let mut p = pos.clone();
    let mut out = Vec::new();
    if js_sys::Array::is_array(list) {
        for item in js_sys::Array::from(list).iter() {
            let Some(text) = item.as_string() else { break };
            let Ok(m) = parse_uci(&p, &text) else { break };
            p.play_unchecked(m);
            out.push(m);
        }
    }
    out
}

fn lines(v: Vec<String>) -> JsValue {
    strings(v)
}

#[wasm_bindgen]
impl UciProtocol {
    /// The bench: every bench position searched to `depth` from a cleared 16 MiB table, as
    /// `rocada-uci bench` does natively, with the net in `net` (a `Uint8Array` of a file
    /// [`UciProtocol::eval_file`] accepted; `undefined`: the built-in net; `null`: the
    /// hand-written evaluation alone); returns `{ nodes, timeMs }` (search time only).
    pub fn bench(depth: &JsValue, net: &JsValue) -> Result<JsValue, JsValue> {
        let depth = integer(depth, "depth", 1.0, 64.0)? as u32;
        let mut search = Search::new(16);
        search.set_clock(Box::new(PerformanceClock));
        search.set_net(read_net(net)?);
        let (mut nodes, mut time_ms) = (0u64, 0u64);
        for (fen, chess960) in BENCH_POSITIONS {
            let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
            let Ok(pos) = Position::from_fen(fen, mode) else { continue };
            search.clear();
            let r = search.go(&pos, &[], Limits::depth(depth), &mut |_| {}, &mut || false);
            nodes += r.nodes;
            time_ms += r.time_ms;
        }
        Ok(Obj::new().set("nodes", nodes as f64).set("timeMs", time_ms as f64).build())
    }

    /// `EvalFile` once the bin has read the file at `path` (`read`: its first bytes, at most
    /// one more than the largest net, as a `Uint8Array`, or why it could not be read, a
    /// string; nothing for the built-in net's name or no path): `{ line, change }`, `change`
    /// being `net` (search with these bytes from now on), `builtin`, `handwritten` or
    /// `unchanged`.
    #[wasm_bindgen(js_name = evalFile)]
    pub fn eval_file(path: Option<String>, read: &JsValue) -> JsValue {
        let (change, line) = Uci::eval_file(path.as_deref(), |_| match bytes(read) {
            Ok(Some(b)) => Ok(b),
            _ => Err(read.as_string().unwrap_or_else(|| "unreadable".to_owned())),
        });
        let change = match change {
            EvalChange::Net(_) => "net",
            EvalChange::Builtin => "builtin",
            EvalChange::Handwritten => "handwritten",
            EvalChange::Unchanged => "unchanged",
        };
        Obj::new().set("line", line).set("change", change).build()
    }

    /// The largest net file, in bytes: the bin reads one byte more at most.
    #[wasm_bindgen(js_name = maxNetBytes)]
    pub fn max_net_bytes() -> u32 {
        MAX_FILE_BYTES as u32
    }

    /// A new protocol state; `name` follows `id name`.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str) -> UciProtocol {
        UciProtocol { uci: Uci::new(name, MAX_HASH_MB).with_eval_file() }
    }

    /// Handles one input line: `{ out, action }`.
    pub fn command(&mut self, line: &str) -> JsValue {
        let reply = self.uci.command(line);
        let action = match reply.action {
            Action::None => Obj::new().set("type", "none"),
            Action::Go(job) => {
                let mode = job.start.castling_mode();
                let mut p = job.start.clone();
                let moves: Vec<String> = job
                    .moves
                    .iter()
                    .map(|&m| {
                        let s = m.uci(mode);
                        p.play_unchecked(m);
                        s
                    })
                    .collect();
                let l = job.limits_now();
                let n = |v: Option<u64>| v.map(|v| v as f64);
                let search_moves = (!l.search_moves.is_empty()).then(|| strings(l.search_moves.iter().map(|m| m.uci(mode))));
                let limits = Obj::new()
                    .opt("depth", l.depth)
                    .opt("nodes", n(l.nodes))
                    .opt("movetimeMs", n(l.movetime_ms))
                    .opt("wtimeMs", n(l.wtime_ms))
                    .opt("btimeMs", n(l.btime_ms))
                    .opt("wincMs", n(l.winc_ms))
                    .opt("bincMs", n(l.binc_ms))
                    .opt("movesToGo", l.movestogo)
                    .opt("infinite", l.infinite.then_some(true))
                    .set("multiPv", l.multipv.max(1))
                    .opt("level", l.level.map(|v| v as u32))
                    .opt("searchMoves", search_moves);
                Obj::new()
                    .set("type", "go")
                    .set("fen", job.start.fen())
                    .set("chess960", mode == CastlingMode::Chess960)
                    .set("moves", moves.join(" "))
                    .set("limits", limits.build())
            }
            Action::Stop => Obj::new().set("type", "stop"),
            Action::StopThenRetry => Obj::new().set("type", "stop-retry"),
            Action::PonderHit { stop_after_ms } => Obj::new().set("type", "ponderhit").opt("stopAfterMs", stop_after_ms.map(|v| v as f64)),
            Action::NewGame => Obj::new().set("type", "newgame"),
            Action::SetHash(mb) => Obj::new().set("type", "hash").set("mb", mb as u32),
            // The bin reads the file, then asks `evalFile`.
            Action::EvalFile(path) => Obj::new()
                .set("type", "evalfile")
                .set("file", path.as_deref().is_some_and(|p| p != BUILTIN_NAME))
                .set("path", path.map_or(JsValue::NULL, JsValue::from)),
            Action::Bench(depth) => Obj::new().set("type", "bench").set("depth", depth),
            Action::Quit => Obj::new().set("type", "quit"),
        };
        Obj::new().set("out", strings(reply.out)).set("action", action.build()).build()
    }

    /// The lines for one of `Engine`'s reports.
    pub fn info(&mut self, report: &JsValue) -> JsValue {
        let pv = moves_of(self.uci.position(), &get(report, "pv"));
        if pv.is_empty() {
            return lines(Vec::new());
        }
        let bound = match get(report, "bound").as_string().as_deref() {
            Some("lower") => Bound::Lower,
            Some("upper") => Bound::Upper,
            _ => Bound::Exact,
        };
        let info = SearchInfo {
            depth: num(report, "depth") as u32,
            seldepth: num(report, "seldepth") as u32,
            multipv: (num(report, "multiPv") as u32).max(1),
            score: score_of(report),
            bound,
            pv,
            nodes: num(report, "nodes") as u64,
            nps: num(report, "nps") as u64,
            hashfull: num(report, "hashfull") as u32,
            time_ms: num(report, "timeMs") as u64,
        };
        lines(self.uci.info(&info))
    }

    /// The lines for `Engine`'s result (the final `info` and `bestmove`, unless held).
    pub fn result(&mut self, result: &JsValue) -> JsValue {
        let pv = moves_of(self.uci.position(), &get(result, "pv"));
        let best = pv
            .first()
            .copied()
            .or_else(|| moves_of(self.uci.position(), &strings([get(result, "move").as_string().unwrap_or_default()])).first().copied());
        let r = SearchResult {
            best_move: best,
            ponder: pv.get(1).copied(),
            score: score_of(result),
            pv,
            depth: num(result, "depth") as u32,
            nodes: num(result, "nodes") as u64,
            time_ms: num(result, "timeMs") as u64,
        };
        lines(self.uci.result(&r, num(result, "hashfull") as u32))
    }

    /// The lines for a search that failed with `message`.
    pub fn failure(&mut self, message: &str) -> JsValue {
        lines(self.uci.failure(message))
    }

    /// The bench's figures as `bench` prints them.
    #[wasm_bindgen(js_name = benchLines)]
    pub fn bench_lines(depth: u32, nodes: f64, time_ms: f64) -> JsValue {
        lines(Uci::bench_lines(depth, nodes as u64, time_ms as u64))
    }
}

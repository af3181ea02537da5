//! The UCI protocol as a pure state machine: no I/O, no threads, no clock.
//!
//! Both front ends drive this one implementation: the native `rocada-uci` (a search thread)
//! and `npx rocada-uci` (through `src/wasm/uci.rs`, searching in the `Engine` worker).
//! [`Uci::command`] takes one input line and returns the lines to print and the one
//! [`Action`] the front end must take (start a search, stop it, switch a ponder search to
//! its clock, resize the table...). The front end then reports the search back:
//! [`Uci::info`] for each report, [`Uci::result`] when the search returns; each returns the
//! lines to print. The machine decides when `bestmove` goes out: after `go infinite` and
//! during `go ponder` it is held until `stop` (or `ponderhit`), as UCI requires.
//!
//! Rules, as Stockfish plays them:
//! - `position`: the moves are played with [`Position::play`], so a GUI's moves are followed
//!   past any point where the game would end by itself (dead position, fivefold, 75 moves:
//!   the GUI adjudicates). The first illegal move ends the list: the legal prefix is kept and
//!   an `info string` names the bad move. A FEN that cannot be read leaves no position: `go`
//!   then answers `bestmove 0000`.
//! - `go searchmoves`: entries that are not legal moves are ignored (with an `info string`);
//!   when none is legal every move is searched.
//! - A root without legal moves answers `info depth 0 score mate 0` (mated) or `info depth 0
//!   score cp 0` (stalemate), then `bestmove 0000`.
//! - Before each `bestmove` a final `info` line gives the result's depth, score, nodes, nps,
//!   time and PV.
//! - `go ponder` searches with the go command's limits held back: the front end runs it
//!   without time limit until `ponderhit` ([`Action::PonderHit`]), from which the clock
//!   limits count; `stop` ends it with its best move.
//! - A command that needs the engine idle (`position`, `go`, `setoption`, `ucinewgame`,
//!   `bench`, `quit`) while a search runs returns [`Action::StopThenRetry`]: the front end
//!   stops the search, hands its result to [`Uci::result`], then gives the same line again.

use super::time::TimeManager;
use super::{level_for_elo, Bound, Limits, Score, SearchInfo, SearchResult, ELO_BY_LEVEL};
#[cfg(feature = "nnue")]
use crate::eval::nnue::{Network, MAX_FILE_BYTES};
use crate::{parse_uci, CastlingMode, Move, Position};

/// The default transposition table size, MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest `Move Overhead`, ms.
pub const MAX_OVERHEAD_MS: u64 = 5000;
/// `EvalFile`'s name for the built-in net (its default).
pub const BUILTIN_NAME: &str = "<built-in>";
/// Keywords of `go` (they end a `searchmoves` list).
const GO_WORDS: [&str; 11] = ["depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "infinite", "ponder", "mate"];

/// What the evaluation becomes after `EvalFile` ([`Uci::eval_file`]).
#[cfg(feature = "nnue")]
#[derive(Debug)]
pub enum EvalChange {
    /// Search with this net (read from a file).
    Net(Network),
    /// Search with the built-in net ([`Network::builtin`]; `EvalFile` [`BUILTIN_NAME`]).
    Builtin,
    /// Search with the hand-written evaluation alone (an empty `EvalFile`).
    Handwritten,
    /// Keep the evaluation in use (the file could not be read, or is no net).
    Unchanged,
}

/// What the front end must do after a command.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Nothing.
    None,
    /// Start this search (none is running).
    Go(Box<Job>),
    /// End the running search now; its result goes to [`Uci::result`].
    Stop,
    /// A search is running: end it (as [`Action::Stop`]), hand its result to [`Uci::result`],
    /// then give the same command line again.
    StopThenRetry,
    /// The opponent played the expected move: the running ponder search now keeps the clock
    /// limits of its go command, counted from this moment. `stop_after_ms` is the time budget
    /// the time manager gives those limits (for a front end that can only stop the search from
    /// outside), `None` when they set no time.
    PonderHit {
        /// Milliseconds from now after which to stop the search, if any.
        stop_after_ms: Option<u64>,
    },
    /// Clear the search's tables (`ucinewgame`).
    NewGame,
    /// Reallocate the transposition table to this many MiB.
    SetHash(usize),
    /// Evaluate with the net in this file from now on (`None`: the hand-written evaluation
    /// alone; [`BUILTIN_NAME`]: the built-in net, read from no file); the front end reads the
    /// file and hands it to [`Uci::eval_file`], whose line it says.
    /// Only a protocol made [`Uci::with_eval_file`] (both `rocada-uci` front ends) asks for it.
    EvalFile(Option<String>),
    /// Run the bench to this depth, then give its figures to [`Uci::bench_lines`].
    Bench(u32),
    /// Exit.
    Quit,
}

/// One command's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// Lines to print, in order, before taking the action.
    pub out: Vec<String>,
    /// What to do.
    pub action: Action,
}

/// A search to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// The position the game started from (`position startpos` / `fen`).
    pub start: Position,
    /// The moves played from `start` (the legal prefix of the GUI's list).
    pub moves: Vec<Move>,
    /// The position to search (`start` after `moves`).
    pub pos: Position,
    /// Zobrist hashes of the positions before `pos`, oldest first.
    pub history: Vec<u64>,
    /// The limits (Move Overhead already taken off the clocks; searchmoves filtered).
    pub limits: Limits,
    /// `go ponder`: search without time limit until [`Action::PonderHit`] or stop; `limits`
    /// are the ones that apply from ponderhit on.
    pub ponder: bool,
}

impl Job {
    /// The limits for a front end that cannot change a running search: while pondering,
    /// `infinite` (depth and nodes still apply).
    pub fn limits_now(&self) -> Limits {
        let mut l = self.limits.clone();
        if self.ponder {
            l.infinite = true;
        }
        l
    }
}

/// The running (or finished but held) search.
#[derive(Clone, Debug)]
struct Running {
    root: Position,
    job_limits: Limits,
    /// Still pondering (no ponderhit yet).
    pondering: bool,
    /// `bestmove` waits for `stop` (go infinite, or a go with no limit at all).
    infinite: bool,
    /// `stop` was sent.
    stop_requested: bool,
    /// The search has returned (or there was none): these lines wait for stop / ponderhit.
    held: Option<Vec<String>>,
    /// Seldepth of the last line-1 report.
    seldepth: u32,
}

/// The protocol's state: options, the position the GUI set, the running search.
#[derive(Clone, Debug)]
pub struct Uci {
    name: String,
    max_hash_mb: usize,
    /// `None`: the last `position` could not be read.
    start: Option<Position>,
    moves: Vec<Move>,
    pos: Option<Position>,
    history: Vec<u64>,
    chess960: bool,
    multipv: u32,
    skill: Option<u8>,
    limit_strength: bool,
    elo: u32,
    overhead_ms: u64,
    ponder_option: bool,
    running: Option<Running>,
    /// The `EvalFile` option is offered ([`Uci::with_eval_file`]).
    eval_file: bool,
}

impl Uci {
    /// A new protocol state; `name` follows `id name`, `max_hash_mb` bounds the Hash option.
    pub fn new(name: &str, max_hash_mb: usize) -> Uci {
        Uci {
            name: name.to_owned(),
            max_hash_mb,
            start: Some(Position::new()),
            moves: Vec::new(),
            pos: Some(Position::new()),
            history: Vec::new(),
            chess960: false,
            multipv: 1,
            skill: None,
            limit_strength: false,
            elo: ELO_BY_LEVEL[9],
            overhead_ms: 0,
            ponder_option: false,
            running: None,
            eval_file: false,
        }
    }

    /// Offers the `EvalFile` option (a learned evaluation's file, as `rocada-train` writes it;
    /// [`BUILTIN_NAME`], the default: the built-in net; empty: the hand-written evaluation
    /// alone), for a front end that can read files.
    pub fn with_eval_file(mut self) -> Uci {
        self.eval_file = true;
        self
    }

    /// The position a `go` would search (`None` after an unreadable `position`).
    pub fn position(&self) -> Option<&Position> {
        self.pos.as_ref()
    }

    /// The moves played from the start position (the legal prefix of the last `position`).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whether a search is running or its result is held.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Handles one input line.
    pub fn command(&mut self, line: &str) -> Reply {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { return reply(Vec::new(), Action::None) };
        let needs_idle = matches!(cmd, "position" | "go" | "setoption" | "ucinewgame" | "bench" | "quit");
        let mut out = Vec::new();
        if needs_idle {
            if let Some(run) = &self.running {
                if run.held.is_none() {
                    return reply(Vec::new(), Action::StopThenRetry);
                }
                // A finished search still waiting for stop: its bestmove goes out first.
                out.extend(self.running.take().and_then(|r| r.held).unwrap_or_default());
            }
        }
        let action = match cmd {
            "uci" => {
                out.extend(self.uci_lines());
                Action::None
            }
            "isready" => {
                out.push("readyok".into());
                Action::None
            }
            "debug" | "register" => Action::None,
            "ucinewgame" => {
                self.set_start(Some(self.start_position()), Vec::new());
                Action::NewGame
            }
            "setoption" => self.set_option(line, &mut out),
            "position" => {
                self.set_position(&words[1..], &mut out);
                Action::None
            }
            "go" => self.go(&words[1..], &mut out),
            "stop" => match self.running.as_ref().map(|r| r.held.is_some()) {
                None => Action::None,
                Some(true) => {
                    out.extend(self.running.take().and_then(|r| r.held).unwrap_or_default());
                    Action::None
                }
                Some(false) => {
                    if let Some(run) = &mut self.running {
                        run.stop_requested = true;
                    }
                    Action::Stop
                }
            },
            "ponderhit" => self.ponderhit(&mut out),
            "quit" => Action::Quit,
            "d" => {
                out.push(self.pos.as_ref().map_or_else(|| "no position".to_owned(), Position::fen));
                Action::None
            }
            "eval" => {
                if let Some(pos) = &self.pos {
                    out.push(format!("eval {} cp (side to move)", crate::eval::evaluate(pos)));
                }
                Action::None
            }
            "bench" => Action::Bench(words.get(1).and_then(|d| d.parse().ok()).unwrap_or(super::BENCH_DEPTH).clamp(1, 64)),
            other => {
                out.push(format!("info string unknown command {other}"));
                Action::None
            }
        };
        reply(out, action)
    }

    /// The `info` line of a search report (to print at once).
    pub fn info(&mut self, info: &SearchInfo) -> Vec<String> {
        let Some(run) = &mut self.running else { return Vec::new() };
        if info.multipv == 1 {
            run.seldepth = info.seldepth;
        }
        let mode = run.root.castling_mode();
        let bound = match info.bound {
            Bound::Exact => "",
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
        };
        vec![format!(
            "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.score.uci(),
            bound,
            info.nodes,
            info.nps,
            info.hashfull,
            info.time_ms,
            pv_text(&info.pv, mode)
        )]
    }

    /// The search returned `result` (`hashfull`: the table's use now, per mille): the final
    /// `info` line and `bestmove`, or nothing while they must wait for stop / ponderhit.
    pub fn result(&mut self, result: &SearchResult, hashfull: u32) -> Vec<String> {
        let Some(run) = &mut self.running else { return Vec::new() };
        let lines = final_lines(&run.root, result, run.seldepth, hashfull);
        if !run.stop_requested && (run.pondering || run.infinite) {
            run.held = Some(lines);
            return Vec::new();
        }
        self.running = None;
        lines
    }

    /// The search failed (a crashed worker): an `info string` and `bestmove 0000`.
    pub fn failure(&mut self, message: &str) -> Vec<String> {
        self.running = None;
        vec![format!("info string error: {message}"), "bestmove 0000".into()]
    }

    /// `EvalFile` for a front end that has read the file (`read`: its first
    /// [`MAX_FILE_BYTES`]` + 1` bytes, or why it could not be read; not called for `path`
    /// `None` or [`BUILTIN_NAME`]): what to search with from now on, and the line to say.
    #[cfg(feature = "nnue")]
    pub fn eval_file(path: Option<&str>, read: impl FnOnce(&str) -> Result<Vec<u8>, String>) -> (EvalChange, String) {
        let Some(path) = path else {
            return (EvalChange::Handwritten, "info string EvalFile: the hand-written evaluation alone".into());
        };
        if path == BUILTIN_NAME {
            return (EvalChange::Builtin, format!("info string EvalFile {path}: {}", describe(&Network::builtin())));
        }
        let net = read(path).and_then(|bytes| {
            if bytes.len() > MAX_FILE_BYTES {
                return Err(format!("larger than any net ({MAX_FILE_BYTES} bytes at most)"));
            }
            Network::from_bytes(&bytes).map_err(|e| e.to_string())
        });
        match net {
            Ok(net) => {
                let line = format!("info string EvalFile {path}: {}", describe(&net));
                (EvalChange::Net(net), line)
            }
            Err(e) => (EvalChange::Unchanged, format!("info string EvalFile {path}: {e}; the evaluation is unchanged")),
        }
    }

    /// The bench's figures as `bench` prints them.
    pub fn bench_lines(depth: u32, nodes: u64, time_ms: u64) -> Vec<String> {
        vec![
            format!("depth {depth}"),
            format!("Total time (ms) : {time_ms}"),
            format!("Nodes searched  : {nodes}"),
            format!("Nodes/second    : {}", nodes * 1000 / time_ms.max(1)),
        ]
    }

    fn ponderhit(&mut self, out: &mut Vec<String>) -> Action {
        let Some(run) = self.running.as_mut().filter(|r| r.pondering) else { return Action::None };
        run.pondering = false;
        if run.held.is_some() {
            if !run.infinite {
                out.extend(self.running.take().and_then(|r| r.held).unwrap_or_default());
            }
            return Action::None;
        }
        let tm = TimeManager::new(&run.job_limits, run.root.turn(), run.root.fullmoves());
        let stop_after_ms = tm.active.then(|| if tm.soft_ms.is_finite() { tm.soft_ms } else { tm.hard_ms } as u64);
        Action::PonderHit { stop_after_ms }
    }

    fn uci_lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("id name {}", self.name),
            "id author the Rocada authors".into(),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}", self.max_hash_mb),
            "option name Ponder type check default false".into(),
            "option name MultiPV type spin default 1 min 1 max 256".into(),
            "option name UCI_Chess960 type check default false".into(),
            "option name Skill Level type spin default 20 min 1 max 20".into(),
            "option name UCI_LimitStrength type check default false".into(),
            format!("option name UCI_Elo type spin default {} min {} max {}", ELO_BY_LEVEL[9], ELO_BY_LEVEL[0], ELO_BY_LEVEL[18]),
            format!("option name Move Overhead type spin default 0 min 0 max {MAX_OVERHEAD_MS}"),
        ];
        if self.eval_file {
            lines.push(format!("option name EvalFile type string default {BUILTIN_NAME}"));
        }
        lines.push("uciok".into());
        lines
    }

    fn start_position(&self) -> Position {
        let pos = Position::new();
        if self.chess960 {
            Position::from_fen(&pos.fen(), CastlingMode::Chess960).unwrap_or(pos)
        } else {
            pos
        }
    }

    /// Sets the start position and plays `moves` (all legal).
    fn set_start(&mut self, start: Option<Position>, moves: Vec<Move>) {
        self.history.clear();
        self.pos = start.clone();
        if let Some(pos) = &mut self.pos {
            for &m in &moves {
                self.history.push(pos.zobrist_hash());
                pos.play_unchecked(m);
            }
        }
        self.start = start;
        self.moves = moves;
    }

    fn set_option(&mut self, line: &str, out: &mut Vec<String>) -> Action {
        // setoption name <name words> [value <value words>]
        let rest = line.strip_prefix("setoption").unwrap_or("").trim();
        let rest = rest.strip_prefix("name").unwrap_or(rest).trim();
        let (name, value) = match rest.find(" value") {
            Some(i) => (rest[..i].trim(), rest[i + 6..].trim()),
            None => (rest, ""),
        };
        let int = |fallback: i64| value.parse::<i64>().unwrap_or(fallback);
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                if let Ok(mb) = value.parse::<u64>() {
                    return Action::SetHash((mb.clamp(1, self.max_hash_mb as u64)) as usize);
                }
                out.push(format!("info string bad Hash value {value}"));
            }
            "ponder" => self.ponder_option = value.eq_ignore_ascii_case("true"),
            "multipv" => self.multipv = int(1).clamp(1, 256) as u32,
            "uci_chess960" => self.chess960 = value.eq_ignore_ascii_case("true"),
            "skill level" => {
                let level = int(20).clamp(1, 20) as u8;
                self.skill = (level < 20).then_some(level);
            }
            "uci_limitstrength" => self.limit_strength = value.eq_ignore_ascii_case("true"),
            "uci_elo" => self.elo = int(ELO_BY_LEVEL[9] as i64).clamp(ELO_BY_LEVEL[0] as i64, ELO_BY_LEVEL[18] as i64) as u32,
            "move overhead" => self.overhead_ms = int(0).clamp(0, MAX_OVERHEAD_MS as i64) as u64,
            "evalfile" if self.eval_file => {
                return Action::EvalFile((!value.is_empty() && value != "<empty>").then(|| value.to_owned()));
            }
            _ => out.push(format!("info string unknown option {name}")),
        }
        Action::None
    }

    fn set_position(&mut self, words: &[&str], out: &mut Vec<String>) {
        let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
        let start = match words.first() {
            Some(&"startpos") => {
                if end > 1 {
                    out.push(format!("info string ignored after startpos: {}", words[1..end].join(" ")));
                }
                Ok(self.start_position())
            }
            Some(&"fen") => {
                let fen = words[1..end].join(" ");
                Position::from_fen(&fen, mode)
                    .or_else(|e| Position::from_fen(&fen, CastlingMode::Chess960).map_err(|_| e))
                    .map_err(|e| format!("bad FEN \"{fen}\": {e}"))
            }
            _ => Err("expected startpos or fen".to_owned()),
        };
        let start = match start {
            Ok(p) => p,
            Err(e) => {
                out.push(format!("info string error: {e}; no position"));
                self.set_start(None, Vec::new());
                return;
            }
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for (i, text) in words.iter().enumerate().skip(end + 1) {
            match parse_uci(&pos, text).map_err(|e| e.to_string()).and_then(|m| pos.play(m).map(|()| m).map_err(|e| e.to_string())) {
                Ok(m) => moves.push(m),
                Err(e) => {
                    let dropped = words.len() - i;
                    out.push(format!(
                        "info string illegal move {text} ({e}): the position is the one after the {} moves before it ({dropped} ignored)",
                        moves.len()
                    ));
                    break;
                }
            }
        }
        self.set_start(Some(start), moves);
    }

    fn go(&mut self, words: &[&str], out: &mut Vec<String>) -> Action {
        let Some(pos) = self.pos.clone() else {
            out.push("info string error: no position (the last position command could not be read)".into());
            out.push("bestmove 0000".into());
            return Action::None;
        };
        let level = if self.limit_strength { Some(level_for_elo(self.elo)).filter(|&l| l < 20) } else { self.skill };
        let mut limits = Limits { multipv: self.multipv, level, ..Limits::default() };
        let mut ponder = false;
        let mut i = 0;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok()).map(|v| v.max(0) as u64);
        while i < words.len() {
            // A keyword with a number takes it; the others take nothing (searchmoves: its list).
            let mut skip = num(i).is_some();
            match words[i] {
                "depth" => limits.depth = num(i).map(|v| v.clamp(1, 1000) as u32),
                "nodes" => limits.nodes = num(i).map(|v| v.clamp(1, (1 << 53) - 1)),
                "movetime" => limits.movetime_ms = num(i).map(|v| v.min((1 << 53) - 1)),
                "wtime" => limits.wtime_ms = num(i).map(|v| v.min((1 << 53) - 1)),
                "btime" => limits.btime_ms = num(i).map(|v| v.min((1 << 53) - 1)),
                "winc" => limits.winc_ms = num(i).map(|v| v.min((1 << 53) - 1)),
                "binc" => limits.binc_ms = num(i).map(|v| v.min((1 << 53) - 1)),
                "movestogo" => limits.movestogo = num(i).map(|v| v.clamp(1, 1000) as u32),
                "infinite" => (limits.infinite, skip) = (true, false),
                "ponder" => (ponder, skip) = (true, false),
                "searchmoves" => {
                    skip = false;
                    while let Some(w) = words.get(i + 1).filter(|w| !GO_WORDS.contains(w)) {
                        match parse_uci(&pos, w) {
                            Ok(m) if !limits.search_moves.contains(&m) => limits.search_moves.push(m),
                            Ok(_) => {}
                            Err(e) => out.push(format!("info string searchmoves: {w} ignored ({e})")),
                        }
                        i += 1;
                    }
                }
                other => out.push(format!("info string go: {other} ignored")),
            }
            if skip {
                i += 1;
            }
            i += 1;
        }
        // The clock as the search should see it: less the configured latency (at least 1 ms).
        for t in [&mut limits.wtime_ms, &mut limits.btime_ms].into_iter().flatten() {
            *t = t.saturating_sub(self.overhead_ms).max(1);
        }
        let bounded = limits.depth.is_some() || limits.nodes.is_some() || limits.movetime_ms.is_some() || {
            let own = if pos.turn() == crate::Color::White { limits.wtime_ms } else { limits.btime_ms };
            own.is_some()
        };
        // No limit at all: until stop, as `go infinite`.
        let infinite = limits.infinite || !bounded;
        limits.infinite = infinite;
        let mut running = Running {
            root: pos.clone(),
            job_limits: limits.clone(),
            pondering: ponder,
            infinite,
            stop_requested: false,
            held: None,
            seldepth: 0,
        };
        if pos.legal_moves().is_empty() {
            // Mated or stalemated: nothing to search.
            let score = if pos.is_check() { "mate 0" } else { "cp 0" };
            let lines = vec![format!("info depth 0 score {score}"), "bestmove 0000".to_owned()];
            if ponder || infinite {
                running.held = Some(lines);
                self.running = Some(running);
            } else {
                out.extend(lines);
            }
            return Action::None;
        }
        self.running = Some(running);
        let start = self.start.clone().unwrap_or_else(|| pos.clone());
        Action::Go(Box::new(Job { start, moves: self.moves.clone(), pos, history: self.history.clone(), limits, ponder }))
    }
}

fn reply(out: Vec<String>, action: Action) -> Reply {
    Reply { out, action }
}

fn pv_text(pv: &[Move], mode: CastlingMode) -> String {
    pv.iter().map(|m| m.uci(mode)).collect::<Vec<_>>().join(" ")
}

/// The final `info` line and `bestmove` of `result` searched from `root`.
fn final_lines(root: &Position, r: &SearchResult, seldepth: u32, hashfull: u32) -> Vec<String> {
    let mode = root.castling_mode();
    let Some(best) = r.best_move else {
        let score = if root.is_check() { "mate 0" } else { "cp 0" };
        return vec![format!("info depth 0 score {score}"), "bestmove 0000".into()];
    };
    let pv: Vec<Move> = if r.pv.first() == Some(&best) { r.pv.clone() } else { vec![best] };
    let nps = r.nodes.saturating_mul(1000) / r.time_ms.max(1);
    let score = match r.score {
        Score::Mate(0) => Score::Cp(0),
        s => s,
    };
    let mut lines = vec![format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {nps} hashfull {hashfull} time {} pv {}",
        r.depth.max(1),
        seldepth.max(r.depth.max(1)),
        score.uci(),
        r.nodes,
        r.time_ms,
        pv_text(&pv, mode)
    )];
    let ponder = r.ponder.or_else(|| pv.get(1).copied()).filter(|&p| {
        let mut after = root.clone();
        after.play_unchecked(best);
        after.is_legal(p)
    });
    lines.push(match ponder {
        Some(p) => format!("bestmove {} ponder {}", best.uci(mode), p.uci(mode)),
        None => format!("bestmove {}", best.uci(mode)),
    });
    lines
}

/// What `EvalFile` says of a net it loaded.
#[cfg(feature = "nnue")]
fn describe(net: &Network) -> String {
    format!(
        "a net of 768x2 -> {} -> 1, {}, scale {}{}{}",
        net.hidden(),
        net.activation().name(),
        net.scale(),
        if net.king_mirrored() { ", king-mirrored" } else { "" },
        if net.adds_hand_written() { ", added to the hand-written evaluation" } else { "" }
    )
}

//! `rocada-uci`: the engine behind the Universal Chess Interface, for any chess GUI.
//!
//! A thin loop over `rocada_engine::search`: it reads commands from standard input, keeps the
//! position and the game's hashes, and runs each `go` on a thread so `stop` and `quit` work
//! while it searches. Commands: `uci`, `isready`, `ucinewgame`, `setoption`, `position
//! (startpos | fen ...) [moves ...]`, `go` (depth, nodes, movetime, wtime/btime/winc/binc,
//! movestogo, infinite, multipv? no: option, searchmoves, ponder), `stop`, `ponderhit`,
//! `quit`; extras: `d` (show the FEN), `eval`, `bench [depth]`. Options: Hash, MultiPV,
//! UCI_Chess960, Skill Level, UCI_LimitStrength with UCI_Elo (played at the level of nearest
//! Elo), Move Overhead (taken off each clock reading). `rocada-uci bench [depth]` runs the
//! bench and exits.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use rocada_engine::search::{bench, level_for_elo, Bound, Limits, Search, SearchInfo, BENCH_DEPTH, ELO_BY_LEVEL};
    use rocada_rules::{parse_uci, CastlingMode, Move, Position};
    use std::io::{BufRead, Write};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::thread::JoinHandle;

    const DEFAULT_HASH_MB: usize = 16;
    const MAX_HASH_MB: usize = 4096;
    /// Milliseconds taken off each clock reading for the GUI's and the pipes' latency (on
    /// top of the search's own `MOVE_OVERHEAD_MS`).
    const DEFAULT_OVERHEAD_MS: u64 = 0;

    struct Uci {
        search: Arc<Mutex<Search>>,
        stop: Arc<AtomicBool>,
        thread: Option<JoinHandle<()>>,
        pos: Position,
        history: Vec<u64>,
        chess960: bool,
        multipv: u32,
        skill: Option<u8>,
        /// `UCI_LimitStrength` and `UCI_Elo`: when on, the level closest to the Elo wins over `skill`.
        limit_strength: bool,
        elo: u32,
        overhead_ms: u64,
    }

    fn say(line: &str) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        if args.get(1).map(String::as_str) == Some("bench") {
            run_bench(args.get(2).and_then(|d| d.parse().ok()));
            return;
        }
        let mut uci = Uci {
            search: Arc::new(Mutex::new(Search::new(DEFAULT_HASH_MB))),
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
            pos: Position::new(),
            history: Vec::new(),
            chess960: false,
            multipv: 1,
            skill: None,
            limit_strength: false,
            elo: ELO_BY_LEVEL[9],
            overhead_ms: DEFAULT_OVERHEAD_MS,
        };
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if !uci.command(line.trim()) {
                break;
            }
        }
        uci.stop_search();
    }

    fn run_bench(depth: Option<u32>) {
        let depth = depth.unwrap_or(BENCH_DEPTH);
        let r = bench(depth);
        let nps = r.nodes * 1000 / r.time_ms.max(1);
        say(&format!("depth {depth}"));
        say(&format!("Total time (ms) : {}", r.time_ms));
        say(&format!("Nodes searched  : {}", r.nodes));
        say(&format!("Nodes/second    : {nps}"));
    }

    impl Uci {
        /// Handles one command; `false` means quit.
        fn command(&mut self, line: &str) -> bool {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("uci") => {
                    say(concat!("id name Rocada ", env!("CARGO_PKG_VERSION")));
                    say("id author the Rocada authors");
                    say(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
                    say("option name MultiPV type spin default 1 min 1 max 256");
                    say("option name UCI_Chess960 type check default false");
                    say("option name Skill Level type spin default 20 min 1 max 20");
                    say("option name UCI_LimitStrength type check default false");
                    say(&format!(
                        "option name UCI_Elo type spin default {} min {} max {}",
                        ELO_BY_LEVEL[9], ELO_BY_LEVEL[0], ELO_BY_LEVEL[18]
                    ));
                    say(&format!("option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"));
                    say("uciok");
                }
                Some("isready") => say("readyok"),
                Some("ucinewgame") => {
                    self.stop_search();
                    self.search.lock().unwrap().clear();
                    self.pos = Position::new();
                    self.history.clear();
                }
                Some("setoption") => {
                    self.stop_search();
                    self.set_option(line);
                }
                Some("position") => {
                    self.stop_search();
                    if let Err(e) = self.set_position(&words.collect::<Vec<_>>()) {
                        say(&format!("info string error: {e}"));
                    }
                }
                Some("go") => {
                    self.stop_search();
                    self.go(&words.collect::<Vec<_>>());
                }
                Some("stop") => self.stop_search(),
                Some("ponderhit") => {}
                Some("quit") => return false,
                Some("d") => say(&self.pos.fen()),
                Some("eval") => say(&format!("eval {} cp (side to move)", rocada_engine::eval::evaluate(&self.pos))),
                Some("bench") => {
                    self.stop_search();
                    run_bench(words.next().and_then(|d| d.parse().ok()));
                }
                Some(other) => say(&format!("info string unknown command {other}")),
                None => {}
            }
            true
        }

        fn stop_search(&mut self) {
            self.stop.store(true, Ordering::SeqCst);
            if let Some(t) = self.thread.take() {
                let _ = t.join();
            }
        }

        fn set_option(&mut self, line: &str) {
            // setoption name <name words> [value <value words>]
            let rest = line.strip_prefix("setoption").unwrap_or("").trim();
            let rest = rest.strip_prefix("name").unwrap_or(rest).trim();
            let (name, value) = match rest.find(" value ") {
                Some(i) => (rest[..i].trim(), rest[i + 7..].trim()),
                None => (rest, ""),
            };
            match name.to_ascii_lowercase().as_str() {
                "hash" => {
                    if let Ok(mb) = value.parse::<usize>() {
                        self.search.lock().unwrap().resize_tt(mb.clamp(1, MAX_HASH_MB));
                    }
                }
                "multipv" => self.multipv = value.parse::<u32>().unwrap_or(1).clamp(1, 256),
                "uci_chess960" => self.chess960 = value.eq_ignore_ascii_case("true"),
                "skill level" => {
                    let level = value.parse::<u8>().unwrap_or(20).clamp(1, 20);
                    self.skill = (level < 20).then_some(level);
                }
                "uci_limitstrength" => self.limit_strength = value.eq_ignore_ascii_case("true"),
                "uci_elo" => self.elo = value.parse::<u32>().unwrap_or(ELO_BY_LEVEL[9]).clamp(ELO_BY_LEVEL[0], ELO_BY_LEVEL[18]),
                "move overhead" => self.overhead_ms = value.parse::<u64>().unwrap_or(DEFAULT_OVERHEAD_MS).min(5000),
                _ => say(&format!("info string unknown option {name}")),
            }
        }

        fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
            let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
            let (mut pos, rest) = match words.first() {
                Some(&"startpos") => (Position::new(), &words[1..]),
                Some(&"fen") => {
                    let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
                    let fen = words[1..end].join(" ");
                    let pos = Position::from_fen(&fen, mode)
                        .or_else(|_| Position::from_fen(&fen, CastlingMode::Chess960))
                        .map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
                    (pos, &words[end..])
                }
                _ => return Err("expected startpos or fen".into()),
            };
            if self.chess960 && pos.castling_mode() == CastlingMode::Standard && words.first() == Some(&"startpos") {
                pos = Position::from_fen(&pos.fen(), CastlingMode::Chess960).map_err(|e| e.to_string())?;
            }
            let mut history = Vec::new();
            if rest.first() == Some(&"moves") {
                for uci in &rest[1..] {
                    let m = parse_uci(&pos, uci).map_err(|e| e.to_string())?;
                    history.push(pos.zobrist_hash());
                    pos.play_unchecked(m);
                }
            }
            self.pos = pos;
            self.history = history;
            Ok(())
        }

        fn go(&mut self, words: &[&str]) {
            let level = if self.limit_strength { Some(level_for_elo(self.elo)).filter(|&l| l < 20) } else { self.skill };
            let mut limits = Limits { multipv: self.multipv, level, ..Limits::default() };
            let mut ponder = false;
            let mut i = 0;
            let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok()).map(|v| v.max(0) as u64);
            while i < words.len() {
                match words[i] {
                    "depth" => limits.depth = num(i).map(|v| v as u32),
                    "nodes" => limits.nodes = num(i),
                    "movetime" => limits.movetime_ms = num(i),
                    "wtime" => limits.wtime_ms = num(i),
                    "btime" => limits.btime_ms = num(i),
                    "winc" => limits.winc_ms = num(i),
                    "binc" => limits.binc_ms = num(i),
                    "movestogo" => limits.movestogo = num(i).map(|v| v as u32),
                    "infinite" => limits.infinite = true,
                    "ponder" => ponder = true,
                    "searchmoves" => {
                        while let Some(m) = words.get(i + 1).and_then(|w| parse_uci(&self.pos, w).ok()) {
                            limits.search_moves.push(m);
                            i += 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            if ponder {
                limits.infinite = true;
            }
            // The clock as the search should see it: less the configured latency (at least 1 ms).
            for t in [&mut limits.wtime_ms, &mut limits.btime_ms].into_iter().flatten() {
                *t = t.saturating_sub(self.overhead_ms).max(1);
            }
            let wait_for_stop = limits.infinite;
            self.stop.store(false, Ordering::SeqCst);
            let stop = Arc::clone(&self.stop);
            let search = Arc::clone(&self.search);
            let pos = self.pos.clone();
            let history = self.history.clone();
            let mode = pos.castling_mode();
            let thread = std::thread::Builder::new()
                .name("search".into())
                .stack_size(64 << 20)
                .spawn(move || {
                    let mut search = search.lock().unwrap();
                    let result =
                        search.go(&pos, &history, limits, &mut |info| say(&info_line(info, mode)), &mut || stop.load(Ordering::Relaxed));
                    if wait_for_stop {
                        while !stop.load(Ordering::Relaxed) {
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                    }
                    match result.best_move {
                        Some(m) => match result.ponder {
                            Some(p) => say(&format!("bestmove {} ponder {}", m.uci(mode), p.uci(mode))),
                            None => say(&format!("bestmove {}", m.uci(mode))),
                        },
                        None => say("bestmove 0000"),
                    }
                })
                .expect("search thread");
            self.thread = Some(thread);
        }
    }

    fn info_line(info: &SearchInfo, mode: CastlingMode) -> String {
        let bound = match info.bound {
            Bound::Exact => "",
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
        };
        let pv: Vec<String> = info.pv.iter().map(|m: &Move| m.uci(mode)).collect();
        format!(
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
            pv.join(" ")
        )
    }
}

//! The engine: a protocol-free search facade. Limits go in, [`SearchInfo`] reports come out
//! through a callback, and the caller's `should_stop` is polled every few thousand nodes.
//! UCI (`src/engine/src/bin/rocada-uci.rs`), the Web Worker and the wasm API are thin front ends to it.
//!
//! Files, in reading order:
//! - [`limits`]: what bounds a search; [`time`]: the clock and the time manager;
//! - `iter_deep`: iterative deepening, aspiration windows, the root move list, MultiPV;
//! - `negamax`: the principal variation search (its steps numbered like Stockfish's);
//! - `qsearch`: captures until the position is quiet;
//! - `ordering`: the staged move picker and history tables; `see`: static exchange evaluation;
//!   `correction`: static evaluation corrections learned by pawn structure and by each
//!   side's other pieces;
//!   `gives_check`: whether a move checks, before it is played;
//! - `tt`: the transposition table; [`params`]: every tunable number;
//! - `net`: the learned evaluation as the search sees it (accumulators by ply; the `nnue`
//!   feature);
//! - `level`: playing levels 1..19 (shallower search, blind spots, choice among several
//!   lines) and their approximate Elo;
//! - [`crate::eval`]: the static evaluation; `bench`: the fixed positions of the bench signature.
//! - [`uci`]: the UCI protocol as a state machine without I/O, for both `rocada-uci` front ends.
//!
//! Guarantees: with the same limits and no time limit, a search from a cleared state
//! ([`Search::clear`]) is deterministic (same nodes, same move), which the bench signature
//! test pins. Memory: the transposition table is allocated by [`Search::new`] /
//! [`Search::resize_tt`] only; a search allocates small per-call vectors (root moves, game
//! history) but nothing proportional to the nodes searched.
//!
//! ```
//! use rocada_engine::search::{Limits, Search};
//! use rocada_rules::Position;
//! let mut search = Search::new(1);
//! let result = search.go(&Position::new(), &[], Limits::depth(4), &mut |_info| {}, &mut || false);
//! assert!(result.best_move.is_some());
//! ```

mod bench;
mod correction;
mod gives_check;
mod iter_deep;
mod level;
pub mod limits;
mod negamax;
mod net;
mod ordering;
pub mod params;
mod qsearch;
mod root_move;
pub mod see;
pub mod time;
pub mod tt;
pub mod uci;

#[cfg(feature = "nnue")]
pub use bench::bench_with;
pub use bench::{bench, BenchReport, BENCH_DEPTH, BENCH_POSITIONS};
pub use level::{level_for_elo, ELO_BY_LEVEL};
pub use limits::Limits;
pub use time::NoClock;

#[cfg(feature = "nnue")]
use crate::eval::nnue::Network;
use crate::eval::PawnCache;
use crate::time::TimeSource;
use crate::{Move, Position};
use ordering::History;
use tt::Tt;

/// The deepest ply the search reaches (main search and quiescence together).
pub const MAX_PLY: usize = 128;
/// The score of being checkmated at the root; mated in `n` plies is `-MATE + n`.
pub const MATE: i32 = 32000;
/// Scores beyond +-MATE_BOUND are mate scores.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Above every score.
pub const INFINITE: i32 = MATE + 1;

/// What a score is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// The true score is at most this (every move failed low).
    Upper = 1,
    /// The true score is at least this (a move failed high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

impl Bound {
    fn from_bits(bits: u8) -> Bound {
        match bits {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        }
    }
}

/// A score as reported: centipawns for the side to move, or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a pawn is about 100), positive when the side to move is better.
    Cp(i32),
    /// Mate in this many moves (full moves, UCI's convention): positive when the side to
    /// move mates, negative when it is mated; `Mate(0)`... never (a mated root has no move).
    Mate(i32),
}

impl Score {
    /// The reported form of an internal score.
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }

    /// The UCI text: `cp 34` or `mate -3`.
    pub fn uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }
}

/// A progress report: sent after each completed iteration (one per MultiPV line) and
/// whenever the best root move changes during an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth of the iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Which line (1 = best) under MultiPV.
    pub multipv: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Whether the score is exact or a bound (a line found mid-iteration may be a lower bound).
    pub bound: Bound,
    /// The principal variation, first move first (never empty).
    pub pv: Vec<Move>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Transposition table use, per mille.
    pub hashfull: u32,
    /// Milliseconds since the search started.
    pub time_ms: u64,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the root has no legal move (mate or stalemate).
    pub best_move: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// The score of the best move (`Cp(0)` for a stalemated root, `Mate(0)`-like
    /// `Cp(-MATE)` is never returned: a mated root gives `Score::Mate(0)`).
    pub score: Score,
    /// Its principal variation.
    pub pv: Vec<Move>,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Total nodes.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
}

/// The engine: transposition table, history tables and clock, kept between searches of one
/// game (call [`Search::clear`] for a new game).
pub struct Search {
    tt: Tt,
    history: Box<History>,
    pv_table: Box<negamax::PvTable>,
    pawn_cache: Box<PawnCache>,
    clock: Box<dyn TimeSource + Send>,
    /// The root score of the last search (time management compares the next one with it).
    last_score: Option<i32>,
    /// The learned evaluation in use (the built-in net unless [`Search::set_net`] changed it)
    /// and its accumulators, one per ply.
    #[cfg(feature = "nnue")]
    net: Option<(Box<Network>, net::NetStack)>,
}

impl Search {
    /// An engine with a transposition table of `tt_mb` MiB, searching with the built-in net
    /// ([`Network::builtin`], with the `nnue` feature; else the hand-written evaluation). On
    /// native targets it reads time from [`SystemTime`](crate::time::SystemTime); on
    /// WebAssembly it has no clock until [`Search::set_clock`].
    pub fn new(tt_mb: usize) -> Search {
        #[cfg(not(target_arch = "wasm32"))]
        let clock: Box<dyn TimeSource + Send> = Box::new(crate::time::SystemTime::new());
        #[cfg(target_arch = "wasm32")]
        let clock: Box<dyn TimeSource + Send> = Box::new(NoClock);
        Search {
            tt: Tt::new(tt_mb),
            history: Box::new(History::new()),
            pv_table: Box::new(negamax::PvTable::new()),
            pawn_cache: Box::new(PawnCache::new()),
            clock,
            last_score: None,
            #[cfg(feature = "nnue")]
            net: Some(Self::with_stack(Network::builtin())),
        }
    }

    #[cfg(feature = "nnue")]
    fn with_stack(net: Network) -> (Box<Network>, net::NetStack) {
        let stack = net::NetStack::new(&net, MAX_PLY + 2);
        (Box::new(net), stack)
    }

    #[cfg(feature = "nnue")]
    /// Evaluates with `net` from now on (`None`: the hand-written evaluation alone;
    /// `Some(Network::builtin())`: the default). The table and the history are cleared: their
    /// scores came from the other evaluation.
    pub fn set_net(&mut self, net: Option<Network>) {
        self.net = net.map(Self::with_stack);
        self.clear();
    }

    #[cfg(feature = "nnue")]
    /// The learned evaluation in use, if any.
    pub fn net(&self) -> Option<&Network> {
        self.net.as_ref().map(|(net, _)| net.as_ref())
    }

    /// Replaces the clock (the wasm adapter passes one reading `performance.now()`).
    pub fn set_clock(&mut self, clock: Box<dyn TimeSource + Send>) {
        self.clock = clock;
    }

    /// Reallocates the transposition table to `mb` MiB (clearing it).
    pub fn resize_tt(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Forgets everything learned (a new game): the table and the history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.last_score = None;
    }

    /// Transposition table use, per mille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` within `limits`.
    ///
    /// - `history_hashes`: the Zobrist hashes ([`Position::zobrist_hash`]) of the game's
    ///   positions before `pos`, oldest first, for repetition draws (may be empty).
    /// - `on_info`: called after each iteration (once per MultiPV line) and whenever the
    ///   best move changes mid-iteration.
    /// - `should_stop`: polled every `STOP_CHECK_INTERVAL` nodes; `true` ends the search.
    ///   The first iteration always completes (microseconds), so a move is always returned
    ///   when one exists.
    pub fn go(
        &mut self,
        pos: &Position,
        history_hashes: &[u64],
        limits: Limits,
        on_info: &mut impl FnMut(&SearchInfo),
        should_stop: &mut impl FnMut() -> bool,
    ) -> SearchResult {
        self.tt.new_search();
        self.history.age();
        let mut worker = negamax::Worker::new(
            &mut self.tt,
            &mut self.history,
            &mut self.pv_table,
            &mut self.pawn_cache,
            self.clock.as_ref(),
            should_stop,
            &limits,
            pos,
            history_hashes,
            // Levels 1..19 play with the hand-written evaluation: their Elo (`ELO_BY_LEVEL`)
            // was measured with it.
            #[cfg(feature = "nnue")]
            match self.net.as_mut() {
                Some((net, stack)) if limits.level.is_none_or(|l| l >= 20) => net::NetState::new(net, stack),
                _ => net::NetState::none(),
            },
            #[cfg(not(feature = "nnue"))]
            net::NetState::none(),
        );
        worker.previous_score = self.last_score;
        let result = worker.iterate(pos, &limits, on_info);
        self.last_score = worker.root_score;
        result
    }
}

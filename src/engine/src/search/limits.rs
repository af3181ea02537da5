//! `Limits`: what bounds a search (depth, nodes, time, clock), how many lines to report,
//! and the playing level.
//!
//! `level: Some(1..=19)` asks for a weaker, human-looking opponent (shallower search, blind
//! spots for retreats and long moves, a choice among several good lines); `None` or 20 is
//! full strength. How each level is weakened, and its measured Elo, is documented in
//! `level.rs` ([`crate::search::ELO_BY_LEVEL`]).

use crate::Move;

/// Bounds and options of one search. `Limits::default()` searches until stopped.
///
/// ```
/// use rocada_engine::search::Limits;
/// let limits = Limits { depth: Some(6), ..Limits::default() };
/// assert_eq!(limits.multipv(), 1);
/// assert_eq!(Limits::depth(6).depth, Some(6));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (exactly: the search stops at the node that reaches it).
    pub nodes: Option<u64>,
    /// Search exactly this long (milliseconds).
    pub movetime_ms: Option<u64>,
    /// White's remaining clock time (milliseconds).
    pub wtime_ms: Option<u64>,
    /// Black's remaining clock time (milliseconds).
    pub btime_ms: Option<u64>,
    /// White's increment per move (milliseconds).
    pub winc_ms: Option<u64>,
    /// Black's increment per move (milliseconds).
    pub binc_ms: Option<u64>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Search until stopped (other limits except `depth`/`nodes` are ignored).
    pub infinite: bool,
    /// Number of principal variations to report (0 or 1: one).
    pub multipv: u32,
    /// Only these root moves (UCI `searchmoves`); empty: all.
    pub search_moves: Vec<Move>,
    /// Playing level 1..=20 (`None` or 20: full strength). Lower levels search shallower,
    /// overlook some moves and pick among several good lines: see the module docs.
    pub level: Option<u8>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// Search for a fixed time.
    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime_ms: Some(ms), ..Limits::default() }
    }

    /// The number of lines to search (at least 1).
    pub fn multipv(&self) -> usize {
        self.multipv.max(1) as usize
    }

    /// Whether a clock or move time bounds the search.
    pub fn is_timed(&self) -> bool {
        !self.infinite && (self.movetime_ms.is_some() || self.wtime_ms.is_some() || self.btime_ms.is_some())
    }
}

//! A move at the root of the search and what the search knows about it: shared by iterative
//! deepening (`iter_deep`), which fills it in, and the levels (`level`), which choose among
//! the root moves.

use super::Bound;
use crate::Move;

/// A root move and what the search knows about it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    /// Score in the latest search of it (`-INFINITE`: not yet searched, or failed low).
    pub score: i32,
    /// Score from the last completed iteration.
    pub prev_score: i32,
    pub bound: Bound,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

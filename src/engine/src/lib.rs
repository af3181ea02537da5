//! # rocada-engine: the search and the evaluation
//!
//! The engine knows the rules (`rocada-rules`) and nothing else: not the game layer, not
//! WebAssembly. [`search`] is a protocol-free facade (iterative deepening, PVS, transposition
//! table, quiescence with SEE, null move, LMR, levels); [`eval`] the static evaluation.
//! `src/bin/rocada-uci.rs` speaks UCI over it. Tunables live in `search::params` and
//! `eval::params`.
//!
//! ```
//! use rocada_engine::search::{Limits, Search};
//! use rocada_rules::Position;
//! let mut search = Search::new(1);
//! let result = search.go(&Position::new(), &[], Limits::depth(4), &mut |_info| {}, &mut || false);
//! assert!(result.best_move.is_some());
//! ```

#![warn(missing_docs)]

// The rules' vocabulary, in scope for the whole crate (`crate::Position`), not re-exported.
#[allow(unused_imports)]
use rocada_rules::*;

pub mod eval;
pub mod search;

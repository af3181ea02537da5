//! # Rocada: chess rules for Rust and WebAssembly
//!
//! This crate is the top of the stack: for Rust users a facade over the layers, each its own
//! crate with the direction enforced by Cargo, and on `wasm32` the JavaScript adapter
//! published on npm (`wasm`), which converts values and decides nothing about chess.
//! - [`rocada_rules`], re-exported at the root: the vocabulary ([`Color`], [`Role`],
//!   [`Piece`], [`Square`], [`Bitboard`], [`Move`]), [`Position`] and its legal moves, FEN,
//!   SAN, UCI, Polyglot hashing, [`perft`]. It knows nothing of the layers above.
//! - [`rocada_game`]: [`game`] (history, undo, every ending), [`pgn`], [`clock`], [`touch`],
//!   [`explain()`] and [`messages`] (en/ro/es). It knows the rules only.
//! - [`rocada_engine`]: [`search`] and [`eval`], and the `rocada-uci` binary. It knows the
//!   rules only.
//!
//! ```
//! use rocada::{CastlingMode, Position, perft};
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard)?;
//! assert_eq!(perft(&pos, 2), 2039);
//! # Ok::<(), rocada::FenError>(())
//! ```

#![warn(missing_docs)]

pub use rocada_engine::{eval, search};
pub use rocada_game::{clock, editor, explain, game, messages, pgn, record, touch};
pub use rocada_game::{Ending, Explanation, Game, GameError, GameResult, Outcome, Reason, Status, Termination};
pub use rocada_rules::*;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

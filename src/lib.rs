//! # Rocada: chess rules for Rust and WebAssembly
//!
//! A tour, in reading order:
//! - Vocabulary: [`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`], [`Bitboard`].
//! - [`attacks`]: what each piece attacks, from small compile-time tables.
//! - [`Board`] (placement only) and [`Setup`] (a FEN's content, unchecked), read by
//!   [`Setup::from_fen`] (FEN, X-FEN, Shredder-FEN).
//! - [`Position`]: a validated position; [`Position::from_setup`] lists every fault in a
//!   [`PositionError`]. Castling is stored king-to-rook, so Chess960 is no special case
//!   ([`CastlingMode`], [`Position::chess960`]).
//! - [`Position::legal_moves`] gives [`Move`]s; [`Position::play`] checks, and
//!   [`Position::play_unchecked`] trusts, a move. [`Position::zobrist_hash`] is Polyglot's.
//! - [`perft`]: the move generator's standard test and benchmark.
//! - Notation: [`to_san`] / [`parse_san`] (English, Romanian, Spanish letters, figurines;
//!   lenient or strict), [`parse_uci`] / [`Move::uci`] (both castling spellings), [`Lang`].
//! - [`game`]: a [`Game`] keeps history and undo, and decides every ending with its
//!   [`Termination`]: mate, stalemate, dead position, claims, fivefold, 75 moves, resignation,
//!   agreement, flag fall; [`clock`] runs time controls; [`touch`] enforces touch-move;
//!   [`explain()`] says why a move is illegal, in words from [`messages`].
//! - [`pgn`]: many games per text, streamed, with comments, NAGs and variations kept as a
//!   tree; written back at 80 columns, losslessly.
//! - [`search`] and [`eval`]: the engine (iterative deepening, PVS, transposition table,
//!   quiescence with SEE, null move, LMR; a tapered evaluation), behind a protocol-free facade;
//!   `src/bin/rocada-uci.rs` speaks UCI over it. Tunables live in `search::params`.
//! - `wasm` (on `wasm32` only): the thin JavaScript adapter published on npm.
//!
//! ```
//! use rocada::{CastlingMode, Position, perft};
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard)?;
//! assert_eq!(perft(&pos, 2), 2039);
//! # Ok::<(), rocada::FenError>(())
//! ```

#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod castling;
pub mod chess960;
pub mod clock;
mod color;
pub mod eval;
pub mod explain;
mod fen;
pub mod game;
mod lang;
pub mod messages;
mod movegen;
mod mv;
mod perft;
pub mod pgn;
mod piece;
mod polyglot_random;
mod position;
mod quoted;
mod role;
mod san;
pub mod search;
mod setup;
mod sort;
mod square;
pub mod touch;
mod uci;
mod validation;
pub mod zobrist;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{Castles, CastlingMode, CastlingSide};
pub use color::Color;
pub use explain::{explain, Explanation, Reason};
pub use fen::{CastlingNotation, ParseFenError};
pub use game::{Ending, Game, GameError, GameResult, Outcome, Status, Termination};
pub use lang::{figurine, Lang};
pub use movegen::MoveList;
pub use mv::{Move, MoveKind};
pub use perft::{divide, perft, perft_every_leaf};
pub use piece::Piece;
pub use position::{FenError, IllegalMoveError, Position};
pub use role::Role;
pub use san::{for_each_san, parse_lan, parse_san, san_all, to_lan, to_san, to_san_styled, SanError, SanOptions, SanStyle};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{parse_uci, to_uci, UciError};
pub use validation::{Invalid, PositionError};

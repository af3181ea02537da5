//! # rocada-rules: the rules of chess
//!
//! The bottom layer of Rocada: it knows nothing of the game layer (`rocada-game`), the engine
//! (`rocada-engine`) or WebAssembly. A tour, in reading order:
//! - Vocabulary: [`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`], [`Bitboard`],
//!   [`Move`], [`CastlingMode`].
//! - [`attacks`]: what each piece attacks, from small compile-time tables.
//! - [`Board`] (placement only) and [`Setup`] (a FEN's content, unchecked), read by
//!   [`Setup::from_fen`] (FEN, X-FEN, Shredder-FEN).
//! - [`Position`]: a validated position; [`Position::from_setup`] lists every fault in a
//!   [`PositionError`]. Castling is stored king-to-rook, so Chess960 is no special case
//!   ([`CastlingMode`], [`Position::chess960`]).
//! - [`Position::legal_moves`] gives [`Move`]s; [`Position::play`] checks, and
//!   [`Position::play_unchecked`] trusts, a move. [`Position::zobrist_hash`] is Polyglot's
//!   ([`hash`]).
//! - [`perft`]: the move generator's standard test and benchmark.
//! - [`notation`]: FEN, [`to_san`] / [`parse_san`] (English, Romanian, Spanish letters,
//!   figurines; lenient or strict), [`parse_uci`] / [`Move::uci`] (both castling spellings),
//!   [`Lang`], and [`notation::quoted`] for quoting user input in messages.
//! - [`time`]: the one time source the layers above read ([`time::TimeSource`]).
//!
//! ```
//! use rocada_rules::{CastlingMode, Position, perft};
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard)?;
//! assert_eq!(perft(&pos, 2), 2039);
//! # Ok::<(), rocada_rules::FenError>(())
//! ```

#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod castling;
pub mod chess960;
mod color;
pub mod hash;
mod movegen;
mod mv;
pub mod notation;
mod perft;
mod piece;
mod position;
mod role;
mod setup;
pub mod sort;
mod square;
pub mod time;
mod validation;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{Castles, CastlingMode, CastlingSide};
pub use color::Color;
pub use hash::zobrist;
pub use movegen::MoveList;
pub use mv::{Move, MoveKind};
pub use notation::fen::{CastlingNotation, ParseFenError};
pub use notation::lang::{figurine, Lang};
pub use notation::san::{
    for_each_san, parse_lan, parse_san, san_all, to_lan, to_san, to_san_styled, SanAttempt, SanError, SanOptions, SanStyle,
};
pub use notation::uci::{parse_uci, parse_uci_squares, to_uci, UciError};
pub use perft::{divide, perft, perft_every_leaf};
pub use piece::Piece;
pub use position::{FenError, IllegalMoveError, Position};
pub use role::Role;
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use validation::{Invalid, PositionError};

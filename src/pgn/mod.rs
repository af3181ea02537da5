//! PGN (Portable Game Notation): reading and writing games with their tags, comments,
//! annotation glyphs and nested variations.
//!
//! - [`Reader`] reads games one at a time from any [`BufRead`](std::io::BufRead) (or a `&str`,
//!   with [`read_games`] / [`parse_pgn`]); it holds one game at a time, runs in linear time and
//!   never recurses, so hostile text cannot exhaust the stack: variations nest at most
//!   [`MAX_VARIATION_DEPTH`] deep. Faults are [`PgnError`]s with the game (from 1), line and
//!   column, the code `invalid-pgn` and a detail code (`illegal-move`, `unterminated-comment`,
//!   `unbalanced-parenthesis`, `bad-tag`, ...).
//! - [`Game`] holds the tags, the start position (from `FEN` / `SetUp` and `Variant`: Chess960
//!   by any of its spellings), the move tree ([`Line`] of [`Node`]s: SAN as written, resolved
//!   [`Move`](crate::Move), comments, [`Nag`]s, variations) and the [`GameResult`].
//! - [`write_game`] writes it back: the Seven Tag Roster first, 80-column lines, Black's move
//!   numbers after comments and variations (`12... e5`). Reading what it wrote gives the same
//!   game.
//!
//! What the reader accepts beyond the PGN standard, as real exports need: a byte-order mark,
//! CRLF line ends and tabs; `{...}` and `;` comments anywhere (lichess `[%clk ...]` and
//! `[%eval ...]` comments are kept verbatim); `%` escape lines; move numbers as `12.`, `12...`,
//! `12.e4`, or missing; suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (NAGs 1 to 6) attached or
//! standing alone, and glyphs such as `+-`, `=`, `±`, `∞`, `N` standing alone; castling as
//! `0-0`; `e.p.`; lenient SAN (see [`parse_san`](crate::parse_san)); a missing result marker
//! (the `Result` tag's value, else `*`); Latin-1 text. Comments keep their words, with runs of
//! whitespace made single spaces.
//!
//! ```
//! # #[cfg(not(target_arch = "wasm32"))] {
//! use rocada::pgn::{self, WriteOptions};
//! let text = "[Event \"Casual\"]\n[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n\
//!             9. g3 { a quiet move } cxd4?! (9... b5 $1) 1/2-1/2";
//! let err = pgn::parse_pgn(text).unwrap_err(); // cxd4 is not possible: no pawn on d4
//! assert_eq!((err.game, err.line, err.column, err.detail()), (1, 5, 24, "illegal-move"));
//! let fixed = text.replace("cxd4?!", "c4?!");
//! let games = pgn::parse_pgn(&fixed).unwrap();
//! let again = pgn::parse_pgn(&pgn::write_game(&games[0], &WriteOptions::default())).unwrap();
//! assert_eq!(games[0].root, again[0].root);
//! # }
//! ```

mod error;
mod lexer;
mod nag;
mod reader;
mod tree;
mod writer;

pub use error::{PgnError, PgnErrorKind};
pub use nag::Nag;
pub use reader::{parse_pgn, read_games, ReadOptions, Reader};
pub use tree::{Game, GameResult, Line, Mainline, Node, ParseResultError, Step, SEVEN_TAG_ROSTER};
pub use writer::{write_game, write_game_to, write_games, WriteOptions};

/// How deep variations may nest (a variation inside a variation is depth 2). Deeper nesting is
/// an error (`variation-too-deep`): it bounds the work and memory per open variation, and the
/// depth of the tree that dropping or comparing a [`Game`] recurses through.
pub const MAX_VARIATION_DEPTH: usize = 64;

//! PGN (Portable Game Notation): reading and writing games with their tags, comments,
//! annotation glyphs and nested variations.
//!
//! - [`Reader`] reads games one at a time from any [`BufRead`](std::io::BufRead) (or a `&str`,
//!   with [`read_games`] / [`parse_pgn`]); it holds one game at a time, runs in linear time and
//!   never recurses, so hostile text cannot exhaust the stack: variations nest at most
//!   [`MAX_VARIATION_DEPTH`] deep. Faults are [`PgnError`]s with the game (from 1), line and
//!   column, the code `invalid-pgn` and a detail code (`illegal-move`, `unterminated-comment`,
//!   `unbalanced-parenthesis`, `bad-tag`, ...).
//! - Limits bound the memory whatever the text: [`MAX_LINE_LEN`], [`MAX_COMMENT_LEN`],
//!   [`MAX_TAGS`], [`MAX_TAG_NAME_LEN`], [`MAX_TAG_VALUE_LEN`], [`MAX_GAME_LEN`], [`MAX_GAME_ITEMS`], [`MAX_VARIATION_DEPTH`] per game, and
//!   [`MAX_GAMES`] per [`parse_pgn`] call. Past one, that game is an error with its own detail
//!   code (`line-too-long`, ...) and reading goes on with the next.
//! - [`Game`] holds the tags, the start position (from `FEN` / `SetUp` and `Variant`: Chess960
//!   by any of its spellings), the move tree ([`Line`] of [`Node`]s: SAN as written, resolved
//!   [`Move`](crate::Move), comments, [`Nag`]s, variations) and the [`GameResult`].
//! - [`write_game`] writes it back: the Seven Tag Roster first, 80-column lines (never one
//!   over [`MAX_LINE_LEN`]), Black's move numbers after comments and variations (`12... e5`).
//!   Reading what it wrote gives the same game, whatever its comments and tag values hold (see
//!   [`write_game`] for how a comment holding `}` is written). [`try_write_game`] refuses a game
//!   past the reader's limits; [`check_tag`] and [`check_comment`] check one value against them.
//!
//! What the reader accepts beyond the PGN standard, as real exports need: a byte-order mark,
//! CRLF line ends and tabs; `{...}` and `;` comments anywhere (lichess `[%clk ...]` and
//! `[%eval ...]` comments are kept verbatim); `%` escape lines; move numbers as `12.`, `12...`,
//! `12.e4`, or missing; coordinate moves (`e2e4`, `g1f3`, `e7e8q`, as UCI writes them); suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (NAGs 1 to 6) attached or
//! standing alone, and glyphs such as `+-`, `=`, `±`, `∞`, `N` standing alone; castling as
//! `0-0`; `e.p.`; lenient SAN (see [`parse_san`](crate::parse_san)); a missing result marker
//! (the `Result` tag's value, else `*`); Latin-1 text. Comments keep their words, with runs of
//! whitespace made single spaces.
//!
//! ```
//! # #[cfg(not(target_arch = "wasm32"))] {
//! use rocada_game::pgn::{self, WriteOptions};
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
pub use writer::{
    check_comment, check_game, check_tag, is_tag_name, normalize_comment, try_write_game, write_game, write_game_to, write_games,
    WriteOptions,
};

// Limits. Text of any size and shape is read in time linear in its length, in memory bounded by
// these (a line, a comment, one game), never the whole input; past a limit the game is an error
// with a stable detail code, and the reader goes on with the next game.

/// How deep variations may nest (a variation inside a variation is depth 2). Deeper nesting is
/// an error (`variation-too-deep`): it bounds the work and memory per open variation, and the
/// depth of the tree that dropping or comparing a [`Game`] recurses through.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The longest line, in bytes (4 MiB; `\r` counted, `\n` not): the most the reader buffers.
/// A longer line is skipped and its game is an error (`line-too-long`).
pub const MAX_LINE_LEN: usize = 4 << 20;

/// The longest comment, in bytes after runs of whitespace are made single spaces (4 MiB).
/// A longer one is skipped to its end and its game is an error (`comment-too-long`).
pub const MAX_COMMENT_LEN: usize = 4 << 20;

/// The most tag pairs one game may have. More is an error (`too-many-tags`).
pub const MAX_TAGS: usize = 1_000;

/// The longest tag value, in bytes after `\"` and `\\` are resolved (64 KiB). Longer is an
/// error (`tag-too-long`). Written with every character escaped, a tag pair still fits a line
/// ([`MAX_LINE_LEN`]).
pub const MAX_TAG_VALUE_LEN: usize = 64 << 10;

/// The longest tag name, in bytes (255). Longer is an error (`tag-too-long`). Which names are
/// valid: see [`is_tag_name`].
pub const MAX_TAG_NAME_LEN: usize = 255;

// A tag pair written with every character of its value escaped fits one line.
const _: () = assert!(1 + MAX_TAG_NAME_LEN + 2 + 2 * MAX_TAG_VALUE_LEN + 2 <= MAX_LINE_LEN);

/// The most text one game may span, in bytes (16 MiB, from the end of the game before it).
/// Longer is an error (`game-too-long`); with [`MAX_GAME_ITEMS`] it bounds the memory a game
/// takes.
pub const MAX_GAME_LEN: usize = 16 << 20;

/// The most moves, comments and NAGs one game may have, variations included. More is an error
/// (`game-too-long`).
pub const MAX_GAME_ITEMS: usize = 100_000;

/// The most games [`parse_pgn`] (and JavaScript's `parsePgn`) reads from one text: one more is
/// an error (`too-many-games`). A [`Reader`] reads any number (see [`Reader::limit_games`]).
pub const MAX_GAMES: usize = 100_000;

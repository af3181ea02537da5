//! # rocada-game: a game of chess as the FIDE Laws run it
//!
//! The layer above the rules (`rocada-rules`, which it knows and nothing else). A tour:
//! - [`game`]: a [`Game`] keeps history and undo, and decides every ending with its
//!   [`Termination`]: mate, stalemate, dead position, claims, fivefold, 75 moves, resignation,
//!   agreement, flag fall;
//! - [`clock`] runs time controls; [`touch`] enforces touch-move; [`editor`] turns an edited
//!   board into a position, dropping the rights it no longer supports;
//! - [`explain()`] says why a move is illegal, in words from [`messages`] (en/ro/es);
//! - [`record`]: a game's tags and its moves' comments, NAGs and variations, kept in step;
//! - [`pgn`]: many games per text, streamed, with comments, NAGs and variations kept as a
//!   tree; written back at 80 columns, losslessly.
//!
//! ```
//! use rocada_game::game::{Game, Termination};
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san)?;
//! }
//! assert_eq!(game.termination(), Some(Termination::Checkmate));
//! # Ok::<(), rocada_game::game::GameError>(())
//! ```

#![warn(missing_docs)]

// The rules' vocabulary, in scope for the whole crate (`crate::Position`), not re-exported.
#[allow(unused_imports)]
use rocada_rules::*;

pub mod clock;
pub mod editor;
pub mod explain;
pub mod game;
pub mod messages;
pub mod pgn;
pub mod record;
pub mod touch;

pub use explain::{explain, Explanation, Reason};
pub use game::{Ending, Game, GameError, GameResult, Outcome, Status, Termination};

//! PGN: any bytes read by the streaming reader give games or errors with the `invalid-pgn`
//! code, a documented detail code and a position; reading through a tiny buffer gives the
//! same as reading from a slice; every game read writes back as PGN that reads back to the
//! same game.

use rocada::pgn::{self, Game, PgnError, Reader, WriteOptions};
use std::io::BufReader;

/// The detail codes of `PgnErrorKind`.
pub const DETAILS: [&str; 21] = [
    "unterminated-comment",
    "unterminated-string",
    "bad-tag",
    "bad-nag",
    "unexpected-token",
    "unbalanced-parenthesis",
    "variation-too-deep",
    "variation-without-move",
    "invalid-move-syntax",
    "illegal-move",
    "ambiguous-move",
    "null-move",
    "invalid-fen",
    "unsupported-variant",
    "io-error",
    "line-too-long",
    "comment-too-long",
    "too-many-tags",
    "tag-too-long",
    "game-too-long",
    "too-many-games",
];

/// Reads `data` and checks every game and error.
pub fn check_bytes(data: &[u8]) {
    let games: Vec<Result<Game, PgnError>> = Reader::new(data).collect();
    // The same through a BufReader of a few bytes: lines and comments cross buffer boundaries.
    let capacity = 1 + data.first().map_or(0, |b| usize::from(b % 8));
    let streamed: Vec<Result<Game, PgnError>> = Reader::new(BufReader::with_capacity(capacity, data)).collect();
    assert_eq!(games, streamed, "a {capacity}-byte buffer reads differently");
    for (i, g) in games.iter().enumerate() {
        match g {
            Ok(game) => check_game(game),
            Err(e) => {
                assert_eq!(e.code(), "invalid-pgn");
                assert!(DETAILS.contains(&e.detail()), "unknown detail {}", e.detail());
                assert_eq!(e.game, i + 1);
                assert!(e.line >= 1 && e.column >= 1, "{e}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

/// A game read writes back to PGN that reads back to the same game.
fn check_game(game: &Game) {
    let text = pgn::write_game(game, &WriteOptions::default());
    let again = pgn::parse_pgn(&text).unwrap_or_else(|e| panic!("written game does not read back: {e}\n{text}"));
    assert_eq!(again.len(), 1, "{text}");
    let again = &again[0];
    assert_eq!(again.tags, game.tags_in_export_order(), "{text}");
    assert_eq!(again.start.fen(), game.start.fen(), "{text}");
    assert_eq!(again.root, game.root, "{text}");
    assert_eq!(again.result, game.result, "{text}");
    // The main line is legal all the way.
    assert_eq!(game.mainline().count(), game.root.nodes.len());
}

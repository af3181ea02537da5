//! UCI: text read against a position gives a legal move or an error with a documented code;
//! the move written in UCI (the position's castling notation and king-onto-rook) reads back to
//! it; the game layer plays the same move.

use super::bytes::{position, Bytes};
use rocada::{parse_uci, to_uci, CastlingMode, Game, Position};

/// The codes of `UciError`.
pub const CODES: [&str; 2] = ["invalid-move-syntax", "illegal-move"];

/// Bytes: a position (see [`position`]), then the text.
pub fn check_bytes(data: &[u8]) {
    let mut b = Bytes::new(data);
    let pos = position(&mut b);
    check(&pos, &String::from_utf8_lossy(b.rest()));
}

/// Reads `text` in `pos` and checks the outcome.
pub fn check(pos: &Position, text: &str) {
    let result = parse_uci(pos, text);
    match &result {
        Ok(m) => {
            assert!(pos.is_legal(*m), "{text:?} read as illegal {m:?} in {}", pos.fen());
            assert_eq!(parse_uci(pos, &to_uci(pos, *m)), Ok(*m), "{text:?} in {}", pos.fen());
            assert_eq!(parse_uci(pos, &m.uci(CastlingMode::Chess960)), Ok(*m), "{text:?} in {}", pos.fen());
        }
        Err(e) => {
            assert!(CODES.contains(&e.code()), "unknown code {}", e.code());
            assert!(!e.to_string().is_empty());
        }
    }
    let mut game = Game::from_position(pos.clone());
    if !game.is_game_over() {
        match game.play_uci(text) {
            // The game reads UCI exactly as the rules do, no wider: a promotion letter on a
            // move that does not promote (`e2e4q`) is refused by both.
            Ok(m) => assert_eq!(result, Ok(m), "{text:?} in {}: the game played what the rules read otherwise", pos.fen()),
            Err(e) => {
                assert!(result.is_err(), "{text:?} in {}: game refuses {result:?}: {e}", pos.fen());
                assert!(!e.code().is_empty());
            }
        }
    }
}

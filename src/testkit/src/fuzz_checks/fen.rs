//! FEN: any text read by `Setup::from_fen` and `Position::from_fen` (both castling modes) gives
//! a value or an error with a documented code; an accepted position writes a FEN (X-FEN and
//! Shredder-FEN) that reads back to the same FEN, and survives move generation.

use rocada::{perft, CastlingMode, CastlingNotation, FenError, Position, Setup};

/// The codes of `ParseFenError`.
pub const PARSE_CODES: [&str; 8] =
    ["fen-empty", "fen-field-count", "fen-board", "fen-turn", "fen-castling", "fen-en-passant", "fen-halfmoves", "fen-fullmoves"];

/// The codes of `PositionError` reasons.
pub const POSITION_CODES: [&str; 9] = [
    "missing-king",
    "too-many-kings",
    "pawns-on-backrank",
    "too-many-pawns",
    "too-many-pieces",
    "opposite-check",
    "impossible-check",
    "invalid-castling-rights",
    "invalid-en-passant",
];

/// Runs the FEN check on raw bytes (read as UTF-8, invalid sequences replaced).
pub fn check_bytes(data: &[u8]) {
    check(&String::from_utf8_lossy(data));
}

/// Reads `text` every way there is and checks the outcome.
pub fn check(text: &str) {
    match Setup::from_fen(text) {
        Ok(setup) => {
            let again = setup.fen(CastlingNotation::Shredder);
            let reread = Setup::from_fen(&again).unwrap_or_else(|e| panic!("{again:?} does not read back: {e}"));
            assert_eq!(reread.fen(CastlingNotation::Shredder), again);
        }
        Err(e) => {
            assert!(PARSE_CODES.contains(&e.code()), "unknown code {}", e.code());
            assert!(!e.to_string().is_empty());
        }
    }
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        match Position::from_fen(text, mode) {
            Ok(pos) => {
                let fen = pos.fen();
                let back = Position::from_fen(&fen, mode).unwrap_or_else(|e| panic!("{fen:?} is rejected: {e}"));
                assert_eq!(back.fen(), fen);
                let shredder = pos.fen_with(CastlingNotation::Shredder);
                let back = Position::from_fen(&shredder, mode).unwrap_or_else(|e| panic!("{shredder:?} is rejected: {e}"));
                assert_eq!(back.fen(), fen);
                assert_eq!(perft(&pos, 1), pos.legal_moves().len() as u64);
                let _ = perft(&pos, 2);
                let _ = (pos.is_checkmate(), pos.is_stalemate());
                for m in pos.legal_moves() {
                    let mut child = pos.clone();
                    child.play(m).expect("a generated move is legal");
                    assert!(Position::from_fen(&child.fen(), mode).is_ok(), "{m:?} in {fen} leads to an invalid position");
                }
            }
            Err(FenError::Parse(e)) => {
                assert!(PARSE_CODES.contains(&e.code()), "unknown code {}", e.code())
            }
            Err(FenError::Position(e)) => {
                assert!(POSITION_CODES.contains(&e.code()), "unknown code {}", e.code());
                assert!(e.reasons().count() >= 1);
                assert!(e.reasons().all(|r| POSITION_CODES.contains(&r.code())));
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

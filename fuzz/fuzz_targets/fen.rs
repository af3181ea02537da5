//! Fuzz target `fen`: any byte string fed to the FEN readers must give a position or a typed
//! error, never a panic; an accepted position must write a FEN that reads back unchanged and
//! survive move generation.
//!
//! Run (stable toolchain; cargo-fuzz needs unstable sanitizer flags):
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run fen -- -runs=10000000
//! A seed corpus is in `fuzz/seeds/fen/` (copy it to `fuzz/corpus/fen/` to start from it).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rocada::{perft, CastlingMode, CastlingNotation, FenError, Position, Setup};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(setup) = Setup::from_fen(&text) {
        let again = setup.fen(CastlingNotation::Shredder);
        assert!(
            Setup::from_fen(&again).is_ok(),
            "{again:?} does not read back"
        );
    }
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        match Position::from_fen(&text, mode) {
            Ok(pos) => {
                let fen = pos.fen();
                let back = Position::from_fen(&fen, mode)
                    .unwrap_or_else(|e| panic!("{fen:?} is rejected: {e}"));
                assert_eq!(back.fen(), fen);
                let shredder = pos.fen_with(CastlingNotation::Shredder);
                let back = Position::from_fen(&shredder, mode)
                    .unwrap_or_else(|e| panic!("{shredder:?} is rejected: {e}"));
                assert_eq!(back.fen(), fen);
                let _ = perft(&pos, 2);
                for m in pos.legal_moves() {
                    let mut child = pos.clone();
                    child.play(m).expect("a generated move is legal");
                    assert!(
                        Position::from_fen(&child.fen(), mode).is_ok(),
                        "{m:?} in {fen} leads to an invalid position"
                    );
                }
            }
            Err(FenError::Parse(e)) => assert!(e.code().starts_with("fen-")),
            Err(FenError::Position(e)) => assert!(e.reasons().count() >= 1),
        }
    }
});

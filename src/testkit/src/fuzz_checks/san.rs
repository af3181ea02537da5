//! SAN: text read against a position (perft positions and Chess960 starts after a few random
//! plies) in every language, lenient and strict, as SAN and as LAN, gives a legal move or an
//! error with a documented code; the move's canonical SAN (every style) and LAN read back to
//! it strictly; the game layer plays the same move. (That every legal move's SAN reads back is
//! checked on a million positions by `tests/differential_scale.rs`.)

use super::bytes::{position, Bytes};
use rocada::{parse_lan, parse_san, to_lan, to_san, to_san_styled, Game, Lang, Move, Position};
use rocada::{SanError, SanOptions, SanStyle};

/// The codes of `SanError`.
pub const CODES: [&str; 3] = ["invalid-move-syntax", "illegal-move", "ambiguous-move"];

/// Bytes: a position (see [`position`]), then the text.
pub fn check_bytes(data: &[u8]) {
    let mut b = Bytes::new(data);
    let pos = position(&mut b);
    check(&pos, &String::from_utf8_lossy(b.rest()));
}

/// The canonical SAN of `m` in every style, and its LAN, read back to `m` strictly.
fn round_trip(pos: &Position, m: Move) {
    for lang in Lang::ALL {
        // English letters read in English (in Romanian `N` is the bishop); figurines in any.
        for (style, lang) in [(SanStyle::Letters(Lang::En), Lang::En), (SanStyle::Letters(lang), lang), (SanStyle::Figurine, lang)] {
            let strict = SanOptions { lang, strict: true };
            let san = to_san_styled(pos, m, style);
            assert_eq!(parse_san(pos, &san, &strict), Ok(m), "{san} ({lang:?}) in {}", pos.fen());
            let lan = to_lan(pos, m, style);
            assert_eq!(parse_lan(pos, &lan, &strict), Ok(m), "{lan} ({lang:?}) in {}", pos.fen());
        }
    }
}

/// Reads `text` in `pos` every way and checks the outcome.
pub fn check(pos: &Position, text: &str) {
    for lang in Lang::ALL {
        for strict in [false, true] {
            let options = SanOptions { lang, strict };
            for (lan, result) in [(false, parse_san(pos, text, &options)), (true, parse_lan(pos, text, &options))] {
                match result {
                    Ok(m) => {
                        assert!(pos.is_legal(m), "{text:?} read as illegal {m:?} in {}", pos.fen());
                        round_trip(pos, m);
                        if strict {
                            // What strict mode accepts, lenient mode reads the same way.
                            let lenient = SanOptions { lang, strict: false };
                            let again = if lan { parse_lan(pos, text, &lenient) } else { parse_san(pos, text, &lenient) };
                            assert_eq!(again, Ok(m), "{text:?} strict vs lenient in {}", pos.fen());
                        }
                    }
                    Err(e) => {
                        assert!(CODES.contains(&e.code()), "unknown code {}", e.code());
                        assert!(!e.to_string().is_empty());
                        if let SanError::Ambiguous { candidates, .. } = &e {
                            assert!(candidates.len() >= 2, "{text:?}: {e}");
                            for (m, san) in candidates {
                                assert!(pos.is_legal(*m));
                                assert!([to_san(pos, *m), to_san_styled(pos, *m, SanStyle::Letters(lang))].contains(san), "{san}");
                            }
                        }
                    }
                }
            }
        }
    }
    // The game layer reads SAN the same way (lenient, English).
    let lenient = parse_san(pos, text, &SanOptions::default());
    let mut game = Game::from_position(pos.clone());
    if !game.is_game_over() {
        match game.play_san(text) {
            Ok(m) => assert_eq!(lenient, Ok(m), "{text:?} in {}", pos.fen()),
            Err(_) => assert!(lenient.is_err(), "{text:?} in {}: game refuses {lenient:?}", pos.fen()),
        }
    }
}

#![cfg(not(target_arch = "wasm32"))]
//! UCI: every legal move of thousands of random positions (standard and Chess960) reads back
//! from its UCI in both castling spellings; shakmaty's UCI strings read to the same moves;
//! table tests of castling spellings, promotions, the null move and each error; a property test
//! that `parse_uci` never panics; the game layer reads UCI exactly as the rules do.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::{parse_uci, to_uci, CastlingMode, Game, GameError, Position, Reason, Square, UciError};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode as SMode, Chess, Position as _};

fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for g in 0..2 * games {
        let mut pos = if g % 2 == 0 { Position::new() } else { Position::chess960(rng.gen_range(0..960)).unwrap() };
        for _ in 0..plies {
            let moves = pos.legal_moves();
            out.push(pos.clone());
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
    }
    out
}

#[test]
fn round_trip_both_castling_spellings() {
    let positions = random_positions(0x0c1, 150, 170);
    let (mut moves_checked, mut castles, mut castles_960, mut step_wins) = (0usize, 0usize, 0usize, 0usize);
    for pos in &positions {
        let moves = pos.legal_moves();
        for &m in &moves {
            moves_checked += 1;
            assert_eq!(to_uci(pos, m), m.uci(pos.castling_mode()));
            // The position's own spelling, and king-onto-rook, always read back.
            assert_eq!(parse_uci(pos, &to_uci(pos, m)), Ok(m), "{} in {}", to_uci(pos, m), pos.fen());
            assert_eq!(parse_uci(pos, &m.uci(CastlingMode::Chess960)), Ok(m), "{}", pos.fen());
            // The king-destination spelling means castling unless it is an ordinary king step.
            let by_destination = m.uci(CastlingMode::Standard);
            let step = moves.iter().find(|x| !x.is_castle() && x.from() == m.from() && x.to() == m.destination());
            match (m.is_castle(), step) {
                (true, Some(&s)) => {
                    step_wins += 1;
                    assert_eq!(parse_uci(pos, &by_destination), Ok(s), "{}", pos.fen());
                }
                _ => assert_eq!(parse_uci(pos, &by_destination), Ok(m), "{by_destination} in {}", pos.fen()),
            }
            if m.is_castle() {
                castles += 1;
                castles_960 += (pos.castling_mode() == CastlingMode::Chess960) as usize;
            }
        }
    }
    println!("{} positions, {moves_checked} moves, {castles} castles ({castles_960} in Chess960, {step_wins} where the king-destination spelling is an ordinary step)", positions.len());
    assert!(positions.len() > 45_000 && castles_960 > 100);
}

/// shakmaty's UCI for each of its legal moves (in the position's castling mode, and in
/// Chess960 notation) reads, in Rocada, to the move with the same king-to-rook UCI.
#[test]
fn differential_against_shakmaty() {
    let positions = random_positions(0x0c2, 60, 160);
    let mut n = 0;
    for pos in &positions {
        let mode = match pos.castling_mode() {
            CastlingMode::Standard => SMode::Standard,
            CastlingMode::Chess960 => SMode::Chess960,
        };
        let theirs: Chess = pos.fen().parse::<Fen>().unwrap().into_position(mode).unwrap();
        for m in theirs.legal_moves() {
            let key = m.to_uci(SMode::Chess960).to_string();
            for text in [m.to_uci(mode).to_string(), key.clone()] {
                let ours = parse_uci(pos, &text).unwrap_or_else(|e| panic!("{text}: {e} in {}", pos.fen()));
                assert_eq!(ours.uci(CastlingMode::Chess960), key, "{}", pos.fen());
                assert_eq!(to_uci(pos, ours), m.to_uci(mode).to_string());
                n += 1;
            }
        }
    }
    assert!(n > 1_000_000, "{n}");
}

/// `Game::play_uci` (what the JS `move('e2e4')` calls) plays exactly what `parse_uci` reads:
/// every legal move's UCI, and none of its misspellings. A promotion letter on a move that does
/// not promote (`e2e4q`) is refused with `invalid-promotion`, as chess.js refuses it; only
/// `play_squares` (the `{ from, to, promotion }` of board UIs) drops such a letter.
#[test]
fn the_game_reads_uci_as_the_rules_do() {
    let positions = random_positions(0x0c3, 20, 120);
    let (mut played, mut refused) = (0usize, 0usize);
    for pos in &positions {
        if pos.legal_moves().is_empty() {
            continue;
        }
        for m in pos.legal_moves() {
            let uci = to_uci(pos, m);
            let base = &uci[..4];
            let mut texts = vec![uci.clone(), base.to_string(), uci.to_uppercase()];
            texts.extend(["q", "r", "b", "n", "k", "Q"].iter().map(|p| format!("{base}{p}")));
            for text in texts {
                let rules = parse_uci(pos, &text);
                let mut game = Game::from_position(pos.clone());
                if game.is_game_over() {
                    continue;
                }
                match (game.play_uci(&text), &rules) {
                    (Ok(got), Ok(want)) => {
                        assert_eq!(got, *want, "{text} in {}", pos.fen());
                        played += 1;
                    }
                    (Err(_), Err(_)) => refused += 1,
                    (got, _) => panic!("{text} in {}: the game gives {got:?}, the rules {rules:?}", pos.fen()),
                }
            }
            if m.promotion().is_none() && !m.is_castle() {
                let mut game = Game::from_position(pos.clone());
                match game.play_uci(&format!("{base}q")) {
                    Err(GameError::IllegalMove(e)) => assert_eq!(e.reason, Some(Reason::InvalidPromotion), "{base}q in {}", pos.fen()),
                    other => panic!("{base}q in {}: {other:?}", pos.fen()),
                }
                // A board UI's move object keeps chess.js's leniency.
                assert_eq!(game.play_squares(m.from(), m.to(), Some(rocada::Role::Queen)).ok(), Some(m));
            }
        }
    }
    println!("{played} played, {refused} refused");
    assert!(played > 50_000 && refused > 100_000, "{played} {refused}");
}

fn pos(fen: &str, mode: CastlingMode) -> Position {
    Position::from_fen(fen, mode).unwrap()
}

fn uci(pos: &Position, text: &str) -> Result<String, UciError> {
    parse_uci(pos, text).map(|m| m.uci(CastlingMode::Chess960))
}

#[test]
fn table() {
    use CastlingMode::{Chess960, Standard};
    let start = Position::new();
    assert_eq!(uci(&start, "e2e4"), Ok("e2e4".into()));
    assert_eq!(uci(&start, " g1f3 "), Ok("g1f3".into()));
    // Standard castling: e1g1, and king onto rook e1h1.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Standard);
    for (text, want) in [("e1g1", "e1h1"), ("e1h1", "e1h1"), ("e1c1", "e1a1"), ("e1a1", "e1a1"), ("e1d1", "e1d1"), ("e1f1", "e1f1")] {
        let m = parse_uci(&p, text).unwrap();
        assert_eq!(m.uci(Chess960), want, "{text}");
        assert_eq!(to_uci(&p, m), if m.is_castle() { m.uci(Standard) } else { text.to_string() });
    }
    assert_eq!(to_uci(&p, parse_uci(&p, "e1h1").unwrap()), "e1g1");
    // The same placement as a Chess960 game: written king-onto-rook, e1g1 still understood.
    let q = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Chess960);
    assert_eq!(to_uci(&q, parse_uci(&q, "e1g1").unwrap()), "e1h1");
    // Chess960, king f1 and rook h1: f1g1 is the ordinary step, f1h1 castles.
    let c = pos("5k2/8/8/8/8/8/8/R4K1R w AH - 0 1", Chess960);
    assert!(!parse_uci(&c, "f1g1").unwrap().is_castle());
    assert!(parse_uci(&c, "f1h1").unwrap().is_castle());
    assert_eq!(to_uci(&c, parse_uci(&c, "f1h1").unwrap()), "f1h1");
    assert!(parse_uci(&c, "f1a1").unwrap().is_castle());
    assert!(parse_uci(&c, "f1c1").unwrap().is_castle()); // c1: no ordinary step from f1
                                                         // Chess960, king b1 and rook a1; c1 is a legal step, so b1c1 steps and b1a1 castles.
    let b = pos("4k3/8/8/8/8/8/8/RK5R w AH - 0 1", Chess960);
    assert!(!parse_uci(&b, "b1c1").unwrap().is_castle());
    let long = parse_uci(&b, "b1a1").unwrap();
    assert!(long.is_castle());
    assert_eq!(long.destination(), Square::C1);
    // King already on g1: g1h1 castles, and so does g1g1 (the king's landing square, which no
    // ordinary move reaches); a king that cannot castle may not "move" to its own square.
    let g = pos("4k3/8/8/8/8/8/8/R5KR w AH - 0 1", Chess960);
    assert!(parse_uci(&g, "g1h1").unwrap().is_castle());
    assert!(parse_uci(&g, "g1g1").unwrap().is_castle());
    let e = parse_uci(&start, "e1e1").unwrap_err();
    let rocada::UciError::Illegal { from, to, .. } = e else { panic!("{e:?}") };
    assert_eq!(rocada::explain::explain(&start, from, to, None).code(), Some("same-square"));
    // Promotions.
    let pr = pos_std("3nk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(uci(&pr, "e7d8q"), Ok("e7d8q".into()));
    assert_eq!(uci(&pr, "e7d8N"), Ok("e7d8n".into()));
    assert_eq!(uci(&pr, "e7d8r"), Ok("e7d8r".into()));
    // Errors.
    let e = parse_uci(&start, "0000").unwrap_err();
    assert_eq!(
        (e.code(), e.to_string().as_str()),
        ("illegal-move", "illegal move \"0000\": the null move is not a move, a player must move")
    );
    for bad in ["", "e2", "e2e", "e2e4e", "e2-e4", "i2i4", "e9e4", "e2e4 e7e5", "Nf3", "e7d8k", "e7d8p", "e7d8x", "é2e4", "e2e4\u{301}"] {
        let e = parse_uci(&pr, bad).unwrap_err();
        assert_eq!(e.code(), "invalid-move-syntax", "{bad:?}");
    }
    // Illegal: the error names the squares; the reason is the one explainer's, the same as
    // for the move given by squares (tests/explain.rs).
    for (position, text, reason) in [
        (&start, "e3e4", "no-piece"),
        (&start, "e7e5", "not-your-turn"),
        (&start, "e2e5", "wrong-piece-movement"),
        (&start, "g1g3", "wrong-piece-movement"),
        (&start, "e2e4q", "invalid-promotion"),
        (&start, "g1f3q", "invalid-promotion"),
        (&pr, "e7d8", "must-promote"),
        (&pr, "e7e8q", "pawn-captures-diagonally"),
        (&p, "e1g1q", "invalid-promotion"),
    ] {
        let e = parse_uci(position, text).unwrap_err();
        assert_eq!(e.code(), "illegal-move");
        let rocada::UciError::Illegal { from, to, promotion, .. } = e else { panic!("{text}: {e:?}") };
        assert_eq!(format!("{from}{to}{}", promotion.map_or(String::new(), |r| r.char().to_string())), text.to_lowercase());
        assert_eq!(rocada::explain::explain(position, from, to, promotion).code(), Some(reason), "{text}");
        assert!(e.to_string().starts_with(&format!("illegal move \"{text}\": no legal move from {from} to {to}")));
    }
}

fn pos_std(fen: &str) -> Position {
    pos(fen, CastlingMode::Standard)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_any_string(s in "\\PC{0,40}") {
        let _ = parse_uci(&Position::new(), &s);
    }

    #[test]
    fn never_panics_on_uci_shaped(s in "[a-j0-9]{2}[a-j0-9-]{2,3}[qrbnkpQRBNKP ]?") {
        for p in [Position::new(), pos_std("3nk3/4P3/8/8/8/8/8/4K3 w - - 0 1"), Position::chess960(7).unwrap()] {
            if let Ok(m) = parse_uci(&p, &s) {
                prop_assert!(p.is_legal(m));
            }
        }
    }
}

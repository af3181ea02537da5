#![cfg(not(target_arch = "wasm32"))]
//! Validation: every `ParseFenError` code and every `PositionError` reason reached by a crafted
//! FEN; a FEN with several faults reports all of them; and move legality (`is_legal`, `play`)
//! agrees with `legal_moves`.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::{CastlingMode, FenError, Invalid, Move, MoveKind, ParseFenError, Position, PositionError, Role, Setup, Square};

/// The syntax error of `fen`, which must not parse.
fn parse_error(fen: &str) -> ParseFenError {
    let err = Setup::from_fen(fen).expect_err(fen);
    // Position::from_fen reports the same error, wrapped.
    match Position::from_fen(fen, CastlingMode::Standard) {
        Err(FenError::Parse(e)) => assert_eq!(e, err, "{fen:?}"),
        other => panic!("{fen:?}: Position::from_fen gave {other:?}"),
    }
    err
}

/// The position error of `fen`, which must parse but not validate (in `mode`).
fn position_error(fen: &str, mode: CastlingMode) -> PositionError {
    let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{fen:?} should parse: {e}"));
    let err = Position::from_setup(setup, mode).expect_err(fen);
    match Position::from_fen(fen, mode) {
        Err(FenError::Position(e)) => assert_eq!(e, err, "{fen:?}"),
        other => panic!("{fen:?}: Position::from_fen gave {other:?}"),
    }
    err
}

fn reasons(err: &PositionError) -> Vec<&'static str> {
    err.reasons().map(Invalid::code).collect()
}

#[test]
fn every_parse_error_code_is_reachable() {
    let cases: &[(&str, &str)] = &[
        ("", "fen-empty"),
        ("   \t ", "fen-empty"),
        ("8/8/8/8/8/8/8/8 w - - 0 1 extra", "fen-field-count"),
        ("8/8/8/8/8/8/8 w - - 0 1", "fen-board"),                                   // 7 ranks
        ("8/8/8/8/8/8/8/8/8 w - - 0 1", "fen-board"),                               // 9 ranks
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "fen-board"),  // X is no piece
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen-board"),  // 9 empty squares
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen-board"), // 9 squares
        ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen-board"),   // 7 squares
        ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen-board"), // two digits in a row
        ("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen-board"), // zero
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "fen-turn"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "fen-turn"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "fen-castling"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ1q - 0 1", "fen-castling"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "fen-en-passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z3 0 1", "fen-en-passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "fen-en-passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "fen-halfmoves"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "fen-halfmoves"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fen-fullmoves"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fen-fullmoves"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fen-fullmoves"),
    ];
    let mut codes: Vec<&str> = Vec::new();
    for (fen, code) in cases {
        let err = parse_error(fen);
        assert_eq!(err.code(), *code, "{fen:?}: {err}");
        assert!(!err.to_string().is_empty());
        codes.push(err.code());
    }
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), 8, "each of the eight codes is reached: {codes:?}");
}

#[test]
fn parse_error_messages_say_what_is_wrong() {
    let msg = parse_error("8/8/8/8/8/8/8 w - - 0 1").to_string();
    assert!(msg.contains("7 ranks") && msg.contains("expected 8"), "{msg}");
    let msg = parse_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1").to_string();
    assert!(msg.contains('X'), "{msg}");
    let msg = parse_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").to_string();
    assert!(msg.contains("\"x\""), "{msg}");
    let msg = parse_error("8/8/8/8/8/8/8/8 w - - 0 1 extra").to_string();
    assert!(msg.contains('7'), "{msg}");
    // Long user text is shortened in messages.
    let long = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq {} 0 1", "z".repeat(10_000));
    assert!(parse_error(&long).to_string().len() < 200);
}

#[test]
fn every_position_error_reason_is_reachable() {
    use CastlingMode::{Chess960, Standard};
    let cases: &[(&str, CastlingMode, Invalid)] = &[
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", Standard, Invalid::MissingKing),
        ("4k3/8/8/8/8/8/8/8 b - - 0 1", Standard, Invalid::MissingKing),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", Standard, Invalid::TooManyKings),
        ("4k3/8/8/8/8/8/8/k3K3 w - - 0 1", Standard, Invalid::TooManyKings),
        ("4k2P/8/8/8/8/8/8/4K3 b - - 0 1", Standard, Invalid::PawnsOnBackrank),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", Standard, Invalid::PawnsOnBackrank),
        ("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", Standard, Invalid::TooManyPawns),
        ("4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", Standard, Invalid::TooManyPieces), // 17 pieces
        ("4k3/8/8/8/8/Q7/PPPPPPPP/Q3K3 w - - 0 1", Standard, Invalid::TooManyPieces),      // 8 pawns and a second queen
        ("4k3/8/8/8/8/8/8/4Kr2 b - - 0 1", Standard, Invalid::OppositeCheck),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", Standard, Invalid::OppositeCheck),
        ("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", Standard, Invalid::ImpossibleCheck), // two knights
        ("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", Standard, Invalid::ImpossibleCheck),   // rooks on both sides on one line
        ("8/8/7k/8/3P4/8/8/4K2R b - d3 0 1", Standard, Invalid::ImpossibleCheck),  // d2d4 cannot uncover the h-file
        ("4k3/8/K6r/3pP3/8/8/8/8 w - d6 0 1", Standard, Invalid::ImpossibleCheck), // double step gave no check
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Standard, Invalid::InvalidCastlingRights), // no rook
        ("4k3/8/8/8/8/8/8/3K3R w K - 0 1", Standard, Invalid::InvalidCastlingRights), // king off e1 in standard
        ("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", Standard, Invalid::InvalidCastlingRights), // g-rook in standard
        ("4k3/8/8/8/8/8/8/R3K2R w KQC - 0 1", Chess960, Invalid::InvalidCastlingRights), // C names no rook
        ("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", Chess960, Invalid::InvalidCastlingRights), // king off the back rank
        ("4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", Chess960, Invalid::InvalidCastlingRights), // two rights on one side
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", Standard, Invalid::InvalidEnPassant),   // no pawn
        ("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", Standard, Invalid::InvalidEnPassant), // wrong rank for White to move
        ("4k3/8/4p3/4p3/8/8/8/4K3 w - e6 0 1", Standard, Invalid::InvalidEnPassant), // skipped square occupied
        ("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", Standard, Invalid::InvalidEnPassant), // start square occupied
    ];
    let mut reached = Vec::new();
    for (fen, mode, reason) in cases {
        let err = position_error(fen, *mode);
        assert!(err.has(*reason), "{fen:?} ({mode:?}): expected {}, got {:?}", reason.code(), reasons(&err));
        assert_eq!(err.code(), err.reasons().next().unwrap().code());
        reached.push(*reason);
    }
    for reason in Invalid::ALL {
        assert!(reached.contains(&reason), "no FEN reaches {}", reason.code());
    }
}

#[test]
fn possible_checks_are_accepted() {
    for fen in [
        // Discovered double check: the rook came from d2, uncovering the b4 bishop.
        "4k3/8/8/8/1b6/8/4r3/4K3 w - - 0 1",
        // Queen and rook: the queen came from c1, uncovering the rook.
        "4k3/8/8/8/8/8/3q4/r3K3 w - - 0 1",
        // Knight and rook: the knight moved, uncovering the rook.
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        // The double-stepped pawn gives check itself.
        "8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1",
        // The double step uncovers the c1 bishop's check.
        "8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1",
        // En passant available (and legal) after a quiet double step.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        // An en passant square that allows no capture is valid (and dropped).
        "4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1",
    ] {
        if let Err(e) = Position::from_fen(fen, CastlingMode::Standard) {
            panic!("{fen}: {e}");
        }
    }
}

#[test]
fn same_coloured_bishops_count_as_a_promotion() {
    // Two light-squared bishops mean one of them was promoted, which needs a missing pawn: with
    // all eight pawns on the board the position is impossible (shakmaty: TOO_MUCH_MATERIAL).
    // Found by differential::random_setups_agree_with_shakmaty.
    let err = position_error("4k3/8/8/8/8/8/PPPPPPPP/3BKB2 w - - 0 1", CastlingMode::Standard);
    assert!(err.has(Invalid::TooManyPieces), "{:?}", reasons(&err));
    let err = position_error("2b1k1b1/pppppppp/8/8/8/8/8/4K3 b - - 0 1", CastlingMode::Standard);
    assert!(err.has(Invalid::TooManyPieces), "{:?}", reasons(&err));
    // With a pawn missing it is possible, and so are bishops on opposite colours.
    assert!(Position::from_fen("4k3/8/8/8/8/8/PPPPPPP1/3BKB2 w - - 0 1", CastlingMode::Standard).is_ok());
    assert!(Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", CastlingMode::Standard).is_ok());
}

#[test]
fn several_faults_are_all_reported() {
    // A pawn on h8, nine white pawns (so too many pieces too), Black in check with White to
    // move, a castling right with no rook, an en passant square no pawn skipped.
    let fen = "4k2P/8/8/8/8/4R3/PPPPPPPP/4K3 w Q e6 0 1";
    let err = position_error(fen, CastlingMode::Standard);
    assert_eq!(
        reasons(&err),
        ["pawns-on-backrank", "too-many-pawns", "too-many-pieces", "opposite-check", "invalid-castling-rights", "invalid-en-passant"],
        "{err}"
    );
    assert_eq!(err.code(), "pawns-on-backrank");
    // Display lists every reason.
    let msg = err.to_string();
    for r in err.reasons() {
        assert!(msg.contains(r.message()), "{msg:?} lacks {:?}", r.message());
    }
    assert_eq!(FenError::Position(err).code(), "pawns-on-backrank");

    // Missing kings together with placement faults.
    let err = position_error("7P/8/8/8/8/8/8/p7 w KQ e3 0 1", CastlingMode::Standard);
    for code in ["missing-king", "pawns-on-backrank", "invalid-castling-rights", "invalid-en-passant"] {
        assert!(reasons(&err).contains(&code), "{code} missing from {:?}", reasons(&err));
    }
}

#[test]
fn chess960_rights_are_invalid_in_standard_mode_only() {
    let fen = "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1";
    assert!(Position::from_fen(fen, CastlingMode::Chess960).is_ok());
    assert!(position_error(fen, CastlingMode::Standard).has(Invalid::InvalidCastlingRights));
    // Standard castling rights on a Chess960 start are fine in Chess960 mode.
    assert!(Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", CastlingMode::Chess960).is_ok());
    assert!(position_error("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", CastlingMode::Standard)
        .has(Invalid::InvalidCastlingRights));
}

#[test]
fn invalid_reason_codes_are_distinct_and_stable() {
    let codes: Vec<&str> = Invalid::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(
        codes,
        [
            "missing-king",
            "too-many-kings",
            "pawns-on-backrank",
            "too-many-pawns",
            "too-many-pieces",
            "opposite-check",
            "impossible-check",
            "invalid-castling-rights",
            "invalid-en-passant"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Move legality: is_legal and play agree with legal_moves.

/// A position after `plies` random moves from the standard start or a Chess960 start.
fn random_position(seed: u64, plies: usize, chess960: Option<u32>) -> Position {
    let mut pos = match chess960 {
        None => Position::new(),
        Some(n) => Position::chess960(n).unwrap(),
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos
}

/// Every move of the side to move's pieces the `Move` type can express, legal or not: each
/// role to each square with each kind (castling onto each own rook, en passant and promotions).
fn candidate_moves(pos: &Position) -> Vec<Move> {
    let board = pos.board();
    let mut out = Vec::new();
    for from in board.by_color(pos.turn()) {
        let role = board.role_at(from).unwrap();
        for i in 0..64 {
            let to = Square::new(i);
            if to == from {
                continue;
            }
            out.push(Move::new(role, from, to, MoveKind::Normal));
            if role == Role::Pawn {
                out.push(Move::new(role, from, to, MoveKind::EnPassant));
                for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King, Role::Pawn] {
                    out.push(Move::new(role, from, to, MoveKind::Promotion(p)));
                }
            }
            if role == Role::King {
                out.push(Move::new(role, from, to, MoveKind::Castle));
            }
            // A move naming the wrong role for the piece that stands there.
            out.push(Move::new(if role == Role::Queen { Role::Rook } else { Role::Queen }, from, to, MoveKind::Normal));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn is_legal_and_play_agree_with_legal_moves(seed in any::<u64>(), plies in 0usize..150, start in prop::option::weighted(0.5, 0u32..960)) {
        let pos = random_position(seed, plies, start);
        let legal = pos.legal_moves();
        for m in &legal {
            prop_assert!(pos.is_legal(*m), "{m:?} from legal_moves is not is_legal in {}", pos.fen());
            let mut a = pos.clone();
            prop_assert!(a.play(*m).is_ok());
            let mut b = pos.clone();
            b.play_unchecked(*m);
            prop_assert_eq!(&a, &b, "play and play_unchecked differ for {:?} in {}", m, pos.fen());
            // The result is a legal position: its FEN validates (the mover's king is safe).
            prop_assert!(Position::from_fen(&a.fen(), pos.castling_mode()).is_ok(), "{:?} in {} leads to the invalid {}", m, pos.fen(), a.fen());
        }
        for m in candidate_moves(&pos) {
            let listed = legal.contains(&m);
            prop_assert_eq!(pos.is_legal(m), listed, "is_legal({:?}) in {}", m, pos.fen());
            if !listed {
                let mut p = pos.clone();
                let err = p.play(m);
                prop_assert!(err.is_err(), "play accepted {:?} in {}", m, pos.fen());
                prop_assert_eq!(err.unwrap_err().code(), "illegal-move");
                prop_assert_eq!(&p, &pos, "a rejected move changed the position");
            }
        }
        prop_assert_eq!(pos.count_legal_moves(), legal.len());
        prop_assert_eq!(pos.is_checkmate(), legal.is_empty() && pos.is_check());
        prop_assert_eq!(pos.is_stalemate(), legal.is_empty() && !pos.is_check());
    }
}

#![cfg(not(target_arch = "wasm32"))]
//! Explanations: every reason code on a constructed case, the messages in three languages, and
//! the consistency property (explain's own verdict agrees with the move generator).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::explain::{classify, explain, explain_san, Reason};
use rocada::game::Game;
use rocada::messages;
use rocada::{parse_san, CastlingMode, Lang, Move, Piece, Position, Role, SanAttempt, SanError, SanOptions, Square};
use std::collections::HashSet;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Asserts the reason code and culprit of an attempt, and that its messages render fully.
fn check(p: &Position, from: &str, to: &str, promo: Option<Role>, code: &str, culprit: Option<&str>) -> rocada::Explanation {
    let e = explain(p, sq(from), sq(to), promo);
    assert_eq!(e.code(), Some(code), "{from}{to} in {}: {e:?}", p.fen());
    assert_eq!(e.culprit, culprit.map(sq), "culprit of {code}");
    assert!(!e.is_legal());
    assert_renders(&e);
    e
}

fn assert_renders(e: &rocada::Explanation) {
    for lang in Lang::ALL {
        let m = e.message(lang);
        assert!(!m.is_empty());
        assert!(!m.contains('{') && !m.contains('}') && !m.contains('?'), "unfilled placeholder in {lang:?}: {m}");
    }
}

#[test]
fn legal_moves_are_legal() {
    let p = Position::new();
    let e = explain(&p, sq("e2"), sq("e4"), None);
    assert!(e.is_legal());
    assert_eq!(e.code(), None);
    assert_eq!(e.mv.map(|m| m.uci(CastlingMode::Standard)), Some("e2e4".into()));
    assert_eq!(e.message(Lang::En), "Legal move.");
    assert_eq!(e.message(Lang::Ro), "Mutare legală.");
    assert_eq!(e.message(Lang::Es), "Jugada legal.");
}

#[test]
fn no_piece_not_your_turn_same_square() {
    let p = Position::new();
    let e = check(&p, "e4", "e5", None, "no-piece", None);
    assert_eq!(e.message(Lang::En), "There is no piece on e4.");
    let e = check(&p, "e7", "e5", None, "not-your-turn", None);
    assert_eq!(e.message(Lang::Ro), "Pionul de pe e7 nu se poate muta acum: este rândul celuilalt jucător.");
    check(&p, "e2", "e2", None, "same-square", None);
}

#[test]
fn own_piece_on_target() {
    let p = Position::new();
    let e = check(&p, "d1", "d2", None, "own-piece-on-target", Some("d2"));
    assert_eq!(e.culprit_piece, Some(Piece::new(rocada::Color::White, Role::Pawn)));
    assert_eq!(
        e.message(Lang::Es),
        "La dama no puede ir a d2: allí está el peón, una pieza propia. Ninguna pieza puede moverse a una casilla ocupada por otra de su mismo color."
    );
}

#[test]
fn wrong_piece_movement_for_every_role() {
    let p = pos("k7/8/8/8/3QR3/3BN3/4P3/4K3 w - - 0 1");
    for (from, to) in [("d4", "e6"), ("e4", "f5"), ("d3", "d2"), ("e3", "e5"), ("e2", "f4"), ("e1", "c3")] {
        let e = check(&p, from, to, None, "wrong-piece-movement", None);
        let role = e.piece.unwrap().role;
        assert!(e.message(Lang::En).ends_with(messages::movement_rule(role, Lang::En)));
    }
    // A pawn's double step from elsewhere than its starting square; three squares.
    let p = pos("4k3/8/8/8/8/4P3/P7/4K3 w - - 0 1");
    check(&p, "e3", "e5", None, "wrong-piece-movement", None);
    check(&p, "a2", "a5", None, "wrong-piece-movement", None);
    let e = check(&p, "a2", "b1", None, "wrong-piece-movement", None);
    assert_eq!(
        e.message(Lang::Ro),
        "Pionul nu se poate muta de pe a2 pe b1. Pionul înaintează drept un câmp (două de pe câmpul inițial) și nu se mută niciodată înapoi; capturează un câmp în diagonală, înainte."
    );
}

#[test]
fn path_blocked() {
    let p = Position::new();
    let e = check(&p, "f1", "c4", None, "path-blocked", Some("e2"));
    assert_eq!(
        e.message(Lang::En),
        "The bishop cannot go from f1 to c4: the pawn on e2 is in the way. Only the knight can jump over other pieces."
    );
    check(&p, "a1", "a5", None, "path-blocked", Some("a2"));
    check(&p, "d1", "h5", None, "path-blocked", Some("e2"));
    // The pawn's double step through an occupied square.
    let p = pos("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    check(&p, "e2", "e4", None, "path-blocked", Some("e3"));
    // The nearest of several blockers is the culprit, all are listed.
    let p = pos("4k3/8/8/8/8/8/8/R1n1n2K w - - 0 1");
    let e = check(&p, "a1", "f1", None, "path-blocked", Some("c1"));
    assert!(e.squares.contains(sq("e1")));
}

#[test]
fn pawn_captures_diagonally() {
    // Straight into a piece; diagonally onto an empty square.
    let p = pos("4k3/8/8/8/4n3/4P3/8/4K3 w - - 0 1");
    let e = check(&p, "e3", "e4", None, "pawn-captures-diagonally", Some("e4"));
    assert!(e.message(Lang::Es).contains("nunca de frente"));
    check(&p, "e3", "f4", None, "pawn-captures-diagonally", None);
    assert!(explain(&p, sq("e3"), sq("d4"), None).code() == Some("pawn-captures-diagonally"));
}

#[test]
fn en_passant_expired() {
    // 1. e4 a6 2. e5 d5: exd6 is legal now, not a move later.
    let mut g = Game::new();
    for m in ["e4", "a6", "e5", "d5"] {
        g.play_san(m).unwrap();
    }
    assert!(g.explain(sq("e5"), sq("d6"), None).is_legal());
    for m in ["Nf3", "Nc6"] {
        g.play_san(m).unwrap();
    }
    let e = g.explain(sq("e5"), sq("d6"), None);
    assert_eq!(e.code(), Some("en-passant-expired"));
    assert_eq!(e.culprit, Some(sq("d5")));
    assert_eq!(
        e.message(Lang::Ro),
        "Pionul de pe d5 nu mai poate fi capturat en passant: captura en passant este permisă doar la mutarea imediat următoare avansului cu două câmpuri al pionului advers."
    );
    assert!(e.message(Lang::Es).contains("al paso"));
}

#[test]
fn promotion_reasons() {
    let p = pos("8/P3k3/8/8/8/8/4P3/4K3 w - - 0 1");
    check(&p, "a7", "a8", None, "must-promote", None);
    assert!(explain(&p, sq("a7"), sq("a8"), Some(Role::Knight)).is_legal());
    check(&p, "a7", "a8", Some(Role::King), "invalid-promotion", None);
    check(&p, "a7", "a8", Some(Role::Pawn), "invalid-promotion", None);
    check(&p, "e2", "e4", Some(Role::Queen), "invalid-promotion", None);
    check(&p, "e1", "d1", Some(Role::Queen), "invalid-promotion", None);
}

#[test]
fn king_in_check() {
    // 1. e4 f5 2. Qh5+: Black must answer the check.
    let p = pos("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
    let e = check(&p, "a7", "a6", None, "king-in-check", Some("h5"));
    assert_eq!(e.culprit_piece.map(|p| p.role), Some(Role::Queen));
    assert_eq!(
        e.message(Lang::Ro),
        "Regele este în șah (dat de dama de pe h5), iar această mutare nu parează șahul. Mută regele, capturează piesa care dă șah sau interpune o piesă."
    );
    assert_eq!(
        e.message(Lang::En),
        "Your king is in check from the queen on h5, and this move does not get it out of check. Move the king, capture the checking piece, or block the check."
    );
    assert!(e.message(Lang::Es).starts_with("El rey está en jaque (la dama de h5 da jaque)"));
    assert!(explain(&p, sq("g7"), sq("g6"), None).is_legal());
    // Double check: blocking one checker is not enough; the other is named.
    let p = pos("3rk3/8/5N2/1B6/8/8/8/4K3 b - - 0 1");
    assert!(p.checkers().count() == 2);
    let e = check(&p, "d8", "d7", None, "king-in-check", Some("f6"));
    assert!(e.squares.contains(sq("f6")));
}

#[test]
fn pinned_pieces() {
    let p = pos("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4");
    let e = check(&p, "c6", "d4", None, "pinned", Some("b5"));
    assert_eq!(e.message(Lang::Es), "El caballo de c6 está clavado: si se mueve, el rey quedaría atacado por el alfil de b5.");
    // Feminine agreement: a pinned queen, a pinned rook.
    let p = pos("4r1k1/8/8/8/8/8/4Q3/4K3 w - - 0 1");
    let e = check(&p, "e2", "d3", None, "pinned", Some("e8"));
    assert_eq!(e.message(Lang::Ro), "Dama de pe e2 este legată: dacă se mută, regele ar rămâne atacat de turnul de pe e8.");
    assert_eq!(e.message(Lang::Es), "La dama de e2 está clavada: si se mueve, el rey quedaría atacado por la torre de e8.");
    let p = pos("6k1/8/8/8/q7/8/2R5/3K4 w - - 0 1");
    let e = check(&p, "c2", "c5", None, "pinned", Some("a4"));
    assert!(e.message(Lang::Es).contains("La torre de c2 está clavada"));
    assert!(e.message(Lang::Ro).contains("Turnul de pe c2 este legat:"));
    // While in check, a pinned piece that would capture the checker is still pinned: the
    // knight on d2 is pinned by the bishop on b4 and cannot take the checking rook on b1.
    let p = pos("4k3/8/8/8/1b6/8/3N4/1r2K3 w - - 0 1");
    assert!(p.is_check());
    check(&p, "d2", "b1", None, "pinned", Some("b4"));
    check(&p, "d2", "f3", None, "king-in-check", Some("b1"));
}

#[test]
fn en_passant_pinned_along_the_rank() {
    // White Ka5, pawn b5; Black pawn c7-c5 next to it, black rook h5: bxc6 would empty the rank.
    let p = pos("4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2");
    assert_eq!(p.ep_square(), None, "en passant is not legal here");
    let e = check(&p, "b5", "c6", None, "pinned", Some("h5"));
    assert!(e.message(Lang::En).starts_with("The pawn on b5 is pinned"));
}

#[test]
fn king_into_check_and_kings_adjacent() {
    let p = pos("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    let e = check(&p, "e1", "e2", None, "king-into-check", Some("a2"));
    assert_eq!(
        e.message(Lang::Ro),
        "Regele nu se poate muta pe e2: câmpul este atacat de turnul de pe a2. Regele nu are voie să intre în șah."
    );
    // Stepping back along the checking line stays in check.
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    check(&p, "e1", "f1", None, "king-into-check", Some("a1"));
    let p = pos("8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    let e = check(&p, "d3", "d4", None, "kings-adjacent", Some("d5"));
    assert_eq!(
        e.message(Lang::Es),
        "El rey no puede ir a d4: quedaría al lado del rey rival de d5. Los reyes nunca pueden estar en casillas contiguas."
    );
}

#[test]
fn castling_reasons() {
    let p = Position::new();
    let e = check(&p, "e1", "g1", None, "castle-blocked", Some("f1"));
    assert!(e.squares.contains(sq("g1")));
    check(&p, "e1", "h1", None, "castle-blocked", Some("f1"));
    check(&p, "e1", "c1", None, "castle-blocked", Some("d1"));

    // Rights lost.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    let e = check(&p, "e1", "g1", None, "castle-rights-lost", None);
    assert_eq!(e.message(Lang::Ro), "Rocada pe această parte nu mai este posibilă: regele sau acest turn a fost deja mutat.");
    check(&p, "e1", "h1", None, "castle-rights-lost", Some("h1"));
    assert!(explain(&p, sq("e1"), sq("c1"), None).is_legal());
    assert!(explain(&p, sq("e1"), sq("a1"), None).is_legal());

    // In check.
    let p = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    let e = check(&p, "e1", "g1", None, "castle-in-check", Some("e2"));
    assert_eq!(e.message(Lang::En), "You cannot castle while your king is in check (from the rook on e2).");

    // Through check (f1 attacked by the bishop on c4), into check (c1 by the knight on b3).
    let p = pos("r3k2r/8/8/8/2b5/1n6/8/R3K2R w KQkq - 0 1");
    let e = check(&p, "e1", "g1", None, "castle-through-check", Some("f1"));
    assert_eq!(e.attacker, Some(sq("c4")));
    assert_eq!(e.message(Lang::En), "The king cannot castle through check: it would cross f1, which the bishop on c4 attacks.");
    assert_eq!(e.message(Lang::Ro), "Regele nu poate face rocada trecând printr-un câmp atacat: f1 este atacat de nebunul de pe c4.");
    assert_eq!(e.message(Lang::Es), "El rey no puede enrocar atravesando una casilla atacada: f1 está atacada por el alfil de c4.");
    let p = pos("r3k2r/8/8/8/8/1n6/8/R3K2R w KQkq - 0 1");
    let e = check(&p, "e1", "c1", None, "castle-into-check", Some("c1"));
    assert_eq!(e.attacker, Some(sq("b3")));
    assert!(e.message(Lang::Es).contains("la casilla c1, donde terminaría, está atacada por el caballo de b3"));
    // The b1 square may be attacked (the rook crosses it, not the king).
    let p = pos("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");
    assert!(explain(&p, sq("e1"), sq("c1"), None).is_legal());
    // The bishop on f3 attacks d1, which the king crosses going to c1; not f1 or g1.
    let p = pos("r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1");
    check(&p, "e1", "c1", None, "castle-through-check", Some("d1"));
    assert!(explain(&p, sq("e1"), sq("g1"), None).is_legal());
    // In standard chess, onto a neighbouring rook without a right: a plain own-piece fault.
    let p = pos("4k3/8/8/8/8/8/8/4KR2 w - - 0 1");
    check(&p, "e1", "f1", None, "own-piece-on-target", Some("f1"));
    // Onto a rook that is not the castling rook; the other rook in the castling rook's path.
    let p = pos("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    check(&p, "e1", "b1", None, "own-piece-on-target", Some("b1"));
    check(&p, "e1", "c1", None, "castle-blocked", Some("b1"));
}

#[test]
fn chess960_castling() {
    // Position 0: BBQNNRKR. King g1, rooks f1 and h1.
    let p = Position::chess960(0).unwrap();
    let e = explain(&p, sq("g1"), sq("h1"), None);
    assert!(e.is_legal() || e.code() == Some("castle-blocked"), "{e:?}");
    // A 960 position where O-O is legal at once: king g1, rook h1, nothing between.
    let p = Position::from_fen("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1", CastlingMode::Chess960).unwrap();
    check(&p, "d1", "b1", None, "castle-blocked", Some("c1"));
    let p = Position::from_fen("r2k3r/8/8/8/8/8/8/1R1K2R1 w GB - 0 1", CastlingMode::Chess960).unwrap();
    let e = explain(&p, sq("d1"), sq("b1"), None);
    assert!(e.is_legal(), "{e:?}");
    assert!(e.mv.unwrap().is_castle());
    let e = explain(&p, sq("d1"), sq("g1"), None);
    assert!(e.is_legal(), "{e:?}");
    // King c1, rook a1: O-O-O keeps the king on c1; the rook on h1 gives check.
    let p = Position::from_fen("r1k5/8/8/8/8/8/8/R1K4r w Aa - 0 1", CastlingMode::Chess960).unwrap();
    assert!(p.is_check());
    check(&p, "c1", "a1", None, "castle-in-check", Some("h1"));
    // The castling rook shields the king: king c1, castling rook b1, enemy rook a1. After
    // O-O-O the king stays on c1 and the a1 rook attacks it.
    let p = Position::from_fen("2k5/8/8/8/8/8/8/rRK5 w B - 0 1", CastlingMode::Chess960).unwrap();
    let e = check(&p, "c1", "b1", None, "castle-into-check", Some("c1"));
    assert_eq!(e.attacker, Some(sq("a1")));
}

#[test]
fn game_over_and_touch_move_reasons() {
    let mut g = Game::new();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_san(m).unwrap();
    }
    let e = g.explain(sq("a2"), sq("a3"), None);
    assert_eq!(e.code(), Some("game-over"));
    assert_renders(&e);

    let mut g = Game::new();
    g.set_touch_move(true);
    g.touch(sq("g1")).unwrap();
    let e = g.explain(sq("e2"), sq("e4"), None);
    assert_eq!(e.code(), Some("touch-move"));
    assert_eq!(e.culprit, Some(sq("g1")));
    assert_eq!(e.message(Lang::En), "Touch-move rule: you touched the knight on g1, so you must move it.");
    assert_eq!(e.message(Lang::Ro), "Regula piesei atinse: ai atins calul de pe g1, așa că trebuie să muți această piesă.");
    assert_eq!(e.message(Lang::Es), "Regla de pieza tocada: has tocado el caballo de g1, así que debes mover esa pieza.");
    assert!(g.explain(sq("g1"), sq("f3"), None).is_legal());
}

/// One constructed attempt for every reason code (the game-level ones through a `Game`).
#[test]
fn every_reason_has_a_case() {
    let cases: &[(&str, &str, &str, Option<Role>, Reason)] = &[
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e7", "e5", None, Reason::NotYourTurn),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "e5", None, Reason::NoPiece),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1", "g1", None, Reason::SameSquare),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1", "e2", None, Reason::OwnPieceOnTarget),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1", "g3", None, Reason::WrongPieceMovement),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "c1", "f4", None, Reason::PathBlocked),
        ("4k3/8/8/8/4n3/4P3/8/4K3 w - - 0 1", "e3", "e4", None, Reason::PawnCapturesDiagonally),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5", "d6", None, Reason::EnPassantExpired),
        ("8/P3k3/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8", None, Reason::MustPromote),
        ("8/P3k3/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8", Some(Role::King), Reason::InvalidPromotion),
        ("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "a7", "a6", None, Reason::KingInCheck),
        ("4r1k1/8/8/8/8/8/4Q3/4K3 w - - 0 1", "e2", "d3", None, Reason::Pinned),
        ("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "e1", "e2", None, Reason::KingIntoCheck),
        ("8/8/8/3k4/8/3K4/8/8 w - - 0 1", "d3", "d4", None, Reason::KingsAdjacent),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1", "g1", None, Reason::CastleRightsLost),
        ("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1", "g1", None, Reason::CastleInCheck),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e1", "g1", None, Reason::CastleBlocked),
        ("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", "e1", "g1", None, Reason::CastleThroughCheck),
        ("r3k2r/8/8/8/8/1n6/8/R3K2R w KQkq - 0 1", "e1", "c1", None, Reason::CastleIntoCheck),
    ];
    let mut seen = HashSet::new();
    for &(fen, from, to, promo, reason) in cases {
        let e = explain(&pos(fen), sq(from), sq(to), promo);
        assert_eq!(e.reason, Some(reason), "{fen} {from}{to}");
        assert_renders(&e);
        seen.insert(reason);
    }
    // Game level: game over, touch-move.
    let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1", CastlingMode::Standard).unwrap();
    g.set_touch_move(true);
    g.touch(sq("g6")).unwrap();
    let e = g.explain(sq("a1"), sq("a8"), None);
    assert_eq!(e.reason, Some(Reason::TouchMove));
    seen.insert(Reason::TouchMove);
    g.play_uci("g6f6").unwrap();
    g.play_uci("h8g8").unwrap();
    g.play_uci("f6g6").unwrap();
    g.play_uci("g8h8").unwrap();
    g.play_uci("a1a8").unwrap();
    let e = g.explain(sq("h8"), sq("h7"), None);
    assert_eq!(e.reason, Some(Reason::GameOver));
    seen.insert(Reason::GameOver);
    let e = explain_san(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &attempt(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "Qd4"));
    assert_eq!(e.reason, Some(Reason::NoSuchPiece));
    assert_renders(&e);
    seen.insert(Reason::NoSuchPiece);
    for r in Reason::ALL {
        assert!(seen.contains(&r) || r == Reason::IllegalMove, "no case for {r}");
    }
}

#[test]
fn every_message_exists_in_three_languages() {
    let keys: Vec<&str> = messages::keys().collect();
    for key in &keys {
        for lang in Lang::ALL {
            let t = messages::template(key, lang).unwrap();
            assert!(!t.trim().is_empty(), "{key} is empty in {lang:?}");
        }
        // Placeholders are the same in all languages (gender choices aside).
        let names = |lang| {
            let t = messages::template(key, lang).unwrap();
            let mut v: Vec<String> = t
                .split('{')
                .skip(1)
                .filter_map(|s| s.split_once('}').map(|(n, _)| n.to_lowercase()))
                .filter(|n| !n.contains('|'))
                .collect();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(names(Lang::En), names(Lang::Ro), "placeholders of {key} (ro)");
        assert_eq!(names(Lang::En), names(Lang::Es), "placeholders of {key} (es)");
    }
    for r in Reason::ALL {
        assert!(keys.contains(&r.code()), "no message for {r}");
    }
    for t in rocada::Termination::ALL {
        assert!(keys.contains(&format!("termination.{}", t.code()).as_str()), "no message for {t}");
    }
    for k in [
        "touch-move.move",
        "touch-move.capture",
        "touch-move.capture-with",
        "touch-move.castle",
        "touch-move.king-move",
        "touch-move.rook-first",
        "legal",
    ] {
        assert!(keys.contains(&k));
    }
}

#[test]
fn languages_use_proper_terms() {
    let all = |lang| messages::keys().map(|k| messages::template(k, lang).unwrap()).collect::<Vec<_>>().join(" ");
    let ro = all(Lang::Ro);
    let es = all(Lang::Es);
    // Romanian: comma-below ș ț, not the cedilla look-alikes; words with diacritics present.
    assert!(!ro.contains('ş') && !ro.contains('ţ') && !ro.contains('Ş') && !ro.contains('Ţ'));
    for w in ["șah", "mutare", "câmp", "legată", "rocada", "în", "Remiză", "damă"] {
        assert!(ro.contains(w), "Romanian lacks {w}");
    }
    assert!(messages::template("king-in-check", Lang::Ro).unwrap().starts_with("Regele este în șah"));
    // Spanish: chess terms, not the machine translation of the seeds.
    for w in ["estafador", "grajo", "obispo", "empeño", "caballero", "reina", "pedazo"] {
        assert!(!es.to_lowercase().contains(w), "Spanish uses {w}");
    }
    for w in ["torre", "alfil", "caballo", "dama", "rey", "peón", "jaque", "enroque", "al paso", "tablas"] {
        assert!(es.to_lowercase().contains(w), "Spanish lacks {w}");
    }
    assert_eq!(messages::piece_name(Role::Rook, Lang::Es), "la torre");
    assert_eq!(messages::piece_name(Role::Bishop, Lang::Ro), "nebunul");
}

// ------------------------------------------------------------------ the consistency property

fn random_positions(rng: &mut SmallRng, n: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let starts: Vec<Position> = {
        let mut v = vec![Position::new()];
        for i in [0, 100, 255, 518, 700, 959] {
            v.push(Position::chess960(i).unwrap());
        }
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2",
            "8/8/4k3/8/2K5/8/3P4/8 w - - 0 1",
            "8/5k2/8/8/8/2K5/8/7R w - - 0 1",
            "8/1k6/8/8/8/8/6K1/8 b - - 0 1",
            "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
            "r3k2r/8/8/8/2b5/1n6/8/R3K2R w KQkq - 0 1",
        ] {
            v.push(Position::from_fen(fen, CastlingMode::Standard).unwrap());
        }
        v
    };
    while out.len() < n {
        let mut p = starts[rng.gen_range(0..starts.len())].clone();
        let plies = rng.gen_range(0..80);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures and king moves now and then to reach open positions.
            let m = moves[rng.gen_range(0..moves.len())];
            p.play_unchecked(m);
            if rng.gen_ratio(1, 6) {
                out.push(p.clone());
            }
        }
        out.push(p);
    }
    out
}

/// Over random positions (standard and Chess960) and every (from, to) pair, with and without
/// promotions: explain's own verdict is "legal" exactly when the move generator has the move,
/// and it is the same move.
#[test]
fn explain_agrees_with_the_move_generator() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let positions = random_positions(&mut rng, 400);
    let mut attempts = 0u64;
    let mut legal = 0u64;
    for p in &positions {
        let generated = p.legal_moves();
        for from in 0..64 {
            for to in 0..64 {
                let (from, to) = (Square::new(from), Square::new(to));
                for promo in [None, Some(Role::Queen), Some(Role::Knight), Some(Role::King)] {
                    attempts += 1;
                    let verdict = classify(p, from, to, promo);
                    let by_generator: Vec<Move> = generated
                        .iter()
                        .copied()
                        .filter(|m| {
                            m.from() == from
                                && m.promotion() == promo
                                && (m.to() == to || (m.is_castle() && m.destination() == to && from.distance(to) >= 2))
                        })
                        .collect();
                    match verdict.mv {
                        Some(m) => {
                            legal += 1;
                            assert!(verdict.reason.is_none());
                            assert!(by_generator.contains(&m), "explain says {m:?} is legal in {}, the generator does not", p.fen());
                        }
                        None => {
                            assert!(
                                by_generator.is_empty(),
                                "explain says {from}{to} {promo:?} is illegal ({:?}) in {}, the generator has {by_generator:?}",
                                verdict.reason,
                                p.fen()
                            );
                            assert_ne!(verdict.reason, Some(Reason::IllegalMove));
                        }
                    }
                    if promo.is_none() && from.index() % 5 == 0 {
                        assert_renders(&explain(p, from, to, promo));
                    }
                }
            }
        }
        // And every generated move is explained as legal.
        for m in &generated {
            let e = classify(p, m.from(), m.to(), m.promotion());
            assert_eq!(e.mv, Some(*m), "{m:?} in {}: {e:?}", p.fen());
        }
    }
    assert!(legal > 5_000, "too few legal attempts: {legal}");
    println!("{} positions, {attempts} attempts, {legal} legal", positions.len());
}

// ------------------------------------------------------------------ SAN: the same explainer

/// What an illegal SAN names (panics if it is legal or not SAN).
fn attempt(p: &Position, san: &str) -> SanAttempt {
    match parse_san(p, san, &SanOptions::default()) {
        Err(SanError::Illegal { attempt, .. }) => attempt,
        other => panic!("{san} in {}: {other:?}", p.fen()),
    }
}

/// The reason of an illegal move does not depend on how it was written: SAN, UCI or squares.
#[test]
fn san_attempts_are_explained_as_squares_are() {
    let start = Position::new();
    // (position, SAN, reason code, culprit square, origin square)
    type Case<'a> = (&'a Position, &'a str, &'a str, Option<&'a str>, Option<&'a str>);
    let cases: &[Case] = &[
        (&start, "Nf4", "wrong-piece-movement", None, None),
        (&start, "Nd2", "own-piece-on-target", Some("d2"), None),
        (&start, "e5", "wrong-piece-movement", None, Some("e2")),
        (&start, "Ba3", "path-blocked", Some("b2"), Some("c1")),
        (&start, "Ke2", "own-piece-on-target", Some("e2"), None),
        (&start, "Nh1f3", "no-such-piece", None, None),
        (&start, "O-O", "castle-blocked", Some("f1"), Some("e1")),
        (&start, "e4=Q", "invalid-promotion", None, Some("e2")),
    ];
    for &(p, san, code, culprit, from) in cases {
        let e = explain_san(p, &attempt(p, san));
        assert_eq!(e.code(), Some(code), "{san}: {e:?}");
        assert_eq!(e.culprit, culprit.map(sq), "{san} culprit");
        if let Some(from) = from {
            assert_eq!(e.from, sq(from), "{san} from");
        }
        assert_renders(&e);
    }
    // The cases of the issue: castling through check, and a pinned pawn.
    let through = pos("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1");
    let e = explain_san(&through, &attempt(&through, "O-O"));
    assert_eq!((e.code(), e.culprit), (Some("castle-through-check"), Some(Square::F1)));
    assert_eq!(explain(&through, Square::E1, Square::G1, None).code(), e.code());
    let pinned = pos("rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2");
    let e = explain_san(&pinned, &attempt(&pinned, "d6"));
    assert_eq!((e.code(), e.from, e.culprit), (Some("pinned"), Square::D7, Some(Square::B5)));
    for lang in Lang::ALL {
        assert_eq!(e.message(lang), explain(&pinned, Square::D7, Square::D6, None).message(lang));
    }
    // Through the game layer, as `move('d6')` meets it.
    let mut g = Game::from_fen("rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2", CastlingMode::Standard).unwrap();
    match g.play_san("d6") {
        Err(rocada::GameError::IllegalMove(e)) => assert_eq!(e.code(), Some("pinned")),
        other => panic!("{other:?}"),
    }
}

/// Over random positions, every illegal attempt of the side to move written as long SAN
/// (`Ng1e2`, which names exactly one piece) gets the reason the same attempt by squares gets.
#[test]
fn explain_san_agrees_with_explain_by_squares() {
    let mut rng = SmallRng::seed_from_u64(77);
    let mut compared = 0;
    for p in random_positions(&mut rng, 150) {
        let us = p.turn();
        for from in p.board().by_color(us) {
            let role = p.board().piece_at(from).unwrap().role;
            for to in 0..64 {
                let to = Square::new(to);
                if from == to || p.board().by_color(us).contains(to) && role != Role::King {
                    continue;
                }
                let letter = if role == Role::Pawn { String::new() } else { role.upper_char().to_string() };
                let san = format!("{letter}{from}{to}");
                let Err(SanError::Illegal { attempt, .. }) = parse_san(&p, &san, &SanOptions::default()) else { continue };
                if attempt.castle.is_some() || attempt.from != rocada::Bitboard::from_square(from) {
                    continue;
                }
                let by_squares = explain(&p, from, to, None);
                if by_squares.is_legal() {
                    continue; // e.g. `Ke1h1`: castling by squares, a plain king move in SAN
                }
                assert_eq!(explain_san(&p, &attempt).reason, by_squares.reason, "{san} in {}", p.fen());
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "only {compared} attempts compared");
}

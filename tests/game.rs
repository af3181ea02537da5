#![cfg(not(target_arch = "wasm32"))]
//! The `Game` type: playing by move, SAN, UCI and squares; history and undo; Chess960; errors.

use rocada::game::{Game, GameError, GameResult};
use rocada::{CastlingMode, Color, Lang, Position, Role, SanOptions, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn play_and_undo_restore_everything() {
    let mut g = Game::new();
    let sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"];
    let mut fens = vec![g.position().fen()];
    for san in sans {
        g.play_san(san).unwrap();
        fens.push(g.position().fen());
    }
    assert_eq!(g.ply(), 10);
    assert_eq!(g.moves().len(), 10);
    assert_eq!(g.history().count(), 10);
    assert_eq!(g.positions().len(), 11);
    assert_eq!(g.position().fen(), "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6");
    // Each history entry is the position before the move.
    for ((before, m), fen) in g.history().zip(&fens) {
        assert_eq!(&before.fen(), fen);
        assert!(before.is_legal(m));
    }
    for fen in fens.iter().rev().skip(1) {
        g.undo().unwrap();
        assert_eq!(&g.position().fen(), fen);
    }
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &Position::new());
}

#[test]
fn moves_by_uci_and_squares() {
    let mut g = Game::new();
    g.play_uci("e2e4").unwrap();
    g.play_uci("e7e5").unwrap();
    g.play_squares(sq("g1"), sq("f3"), None).unwrap();
    g.play_squares(sq("b8"), sq("c6"), None).unwrap();
    g.play_uci("f1c4").unwrap();
    g.play_uci("g8f6").unwrap();
    // Castling by king destination (e1g1) and by king onto rook (e1h1) are the same move.
    let mut g2 = g.clone();
    let a = g.play_uci("e1g1").unwrap();
    let b = g2.play_squares(sq("e1"), sq("h1"), None).unwrap();
    assert_eq!(a, b);
    assert!(a.is_castle());
    assert_eq!(g.position(), g2.position());
    // Errors carry the readers' codes.
    assert_eq!(g.play_uci("e9e4").unwrap_err().code(), "invalid-move-syntax");
    assert_eq!(g.play_uci("a7a4").unwrap_err().code(), "illegal-move");
    assert_eq!(g.play_san("Nb5xd4").unwrap_err().code(), "illegal-move");
    assert_eq!(g.play_san("Zz9").unwrap_err().code(), "invalid-move-syntax");
}

#[test]
fn illegal_moves_are_explained() {
    let mut g = Game::new();
    let err = g.play_squares(sq("f1"), sq("c4"), None).unwrap_err();
    assert_eq!(err.code(), "illegal-move");
    let e = err.explanation().unwrap();
    assert_eq!(e.code(), Some("path-blocked"));
    assert_eq!(e.culprit, Some(sq("e2")));
    assert_eq!(err.to_string(), e.message(Lang::En));
    // An illegal Move value is explained too.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", CastlingMode::Standard).unwrap();
    let castle = pos.legal_moves().into_iter().find(|m| m.is_castle()).unwrap();
    let mut g = Game::new();
    let err = g.play(castle).unwrap_err();
    assert_eq!(err.explanation().unwrap().code(), Some("castle-blocked"));
    assert_eq!(g.ply(), 0);
}

#[test]
fn san_in_other_languages() {
    let mut g = Game::new();
    let ro = SanOptions { lang: Lang::Ro, strict: false };
    let es = SanOptions { lang: Lang::Es, strict: false };
    g.play_san_with("e4", &ro).unwrap();
    g.play_san_with("e5", &ro).unwrap();
    g.play_san_with("Cf3", &ro).unwrap();
    g.play_san_with("Cc6", &es).unwrap();
    g.play_san_with("Ab5", &es).unwrap();
    assert_eq!(g.position().board().role_at(sq("b5")), Some(Role::Bishop));
}

#[test]
fn chess960_game() {
    let mut g = Game::from_position(Position::chess960(0).unwrap());
    // BBQNNRKR: after a few moves, White castles king side: king g1 stays, rook h1 -> f1 needs f1 free.
    for uci in ["g2g3", "g7g6", "f2f4", "f7f5"] {
        g.play_uci(uci).unwrap();
    }
    assert_eq!(g.position().castling_mode(), CastlingMode::Chess960);
    let e = g.explain(sq("g1"), sq("h1"), None);
    assert_eq!(e.code(), Some("castle-blocked"), "{e:?}");
    g.play_uci("f1f2").unwrap();
    g.play_uci("f8f7").unwrap();
    let m = g.play_uci("g1h1").unwrap();
    assert!(m.is_castle());
    assert_eq!(g.position().board().role_at(sq("f1")), Some(Role::Rook));
    assert_eq!(g.position().board().role_at(sq("g1")), Some(Role::King));
    g.undo();
    assert!(g.position().board().role_at(sq("h1")) == Some(Role::Rook));
}

#[test]
fn game_from_a_finished_position() {
    // Mate on the board at the start.
    let g = Game::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", CastlingMode::Standard).unwrap();
    assert!(g.is_game_over());
    assert_eq!(g.result(), GameResult::WhiteWins);
    assert_eq!(g.winner(), Some(Color::White));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn status_of_a_fresh_game() {
    let s = Game::new().status();
    assert!(!s.check && !s.checkmate && !s.stalemate && !s.insufficient_material && !s.game_over);
    assert!(!s.threefold_repetition && !s.can_claim_draw && !s.fifty_moves);
    assert_eq!(s.result, GameResult::Ongoing);
    assert_eq!(s.result.as_str(), "*");
    assert_eq!((s.termination, s.winner), (None, None));
}

#[test]
fn status_counts_checks() {
    let mut g = Game::new();
    for san in ["e4", "f5", "Qh5+"] {
        g.play_san(san).unwrap();
    }
    let s = g.status();
    assert!(s.check && !s.checkmate && !s.game_over);
}

#[test]
fn random_games_end_consistently() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(99);
    let mut endings = std::collections::HashMap::new();
    for _ in 0..300 {
        let mut g = Game::new();
        while !g.is_game_over() && g.ply() < 600 {
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "an ongoing game has moves");
            let m = moves[rng.gen_range(0..moves.len())];
            g.play(m).unwrap();
            // Claims are available exactly when status says so.
            let s = g.status();
            assert_eq!(s.can_claim_draw, s.can_claim_fifty || s.can_claim_threefold);
            if s.threefold_repetition && !s.game_over {
                assert!(s.can_claim_threefold);
            }
        }
        if let Some(t) = g.termination() {
            *endings.entry(t.code()).or_insert(0) += 1;
            assert!(t.is_automatic());
            assert_ne!(g.result(), GameResult::Ongoing);
        }
        // Undo all the way back.
        while g.undo().is_some() {}
        assert_eq!(g.position(), &Position::new());
    }
    assert!(endings.contains_key("insufficient-material") && endings.contains_key("checkmate"), "{endings:?}");
}

/// chess.js plays `{ from: 'e2', to: 'e4', promotion: 'q' }` as e4: board UIs pass a promotion
/// piece with every move. Where the move does promote, the piece still decides, and a missing
/// one is still `must-promote`.
#[test]
fn a_promotion_piece_on_a_move_that_does_not_promote_is_ignored() {
    let mut g = Game::new();
    let m = g.play_squares(sq("e2"), sq("e4"), Some(Role::Queen)).unwrap();
    assert_eq!((m.from(), m.to(), m.promotion()), (sq("e2"), sq("e4"), None));
    let mut p = Game::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard).unwrap();
    match p.play_squares(sq("b7"), sq("b8"), None) {
        Err(GameError::IllegalMove(e)) => assert_eq!(e.code(), Some("must-promote")),
        other => panic!("{other:?}"),
    }
    assert_eq!(p.play_squares(sq("b7"), sq("b8"), Some(Role::Knight)).unwrap().promotion(), Some(Role::Knight));
    // An illegal move stays illegal, whatever the piece given.
    assert!(matches!(Game::new().play_squares(sq("e2"), sq("e5"), Some(Role::Queen)), Err(GameError::IllegalMove(_))));
}

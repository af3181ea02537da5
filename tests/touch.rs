#![cfg(not(target_arch = "wasm32"))]
//! Touch-move, clause by clause (FIDE Laws 4.2-4.7), through `Game`.

use rocada::game::Game;
use rocada::touch::{Obligation, Touches};
use rocada::{CastlingMode, Color, Lang, Position, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn game(fen: &str) -> Game {
    let mut g = Game::from_fen(fen, CastlingMode::Standard).unwrap();
    g.set_touch_move(true);
    g
}

fn touch_move_code(g: &mut Game, uci: &str) -> String {
    g.play_uci(uci).unwrap_err().code().to_string()
}

#[test]
fn off_by_default() {
    let mut g = Game::new();
    assert!(!g.touch_move());
    assert_eq!(g.obligation(), Obligation::Free);
    g.play_uci("e2e4").unwrap();
}

#[test]
fn touched_own_piece_must_move_4_3_1() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g.touch(sq("g1")).unwrap(), Obligation::Move { square: sq("g1") });
    assert_eq!(touch_move_code(&mut g, "e2e4"), "touch-move");
    let err = g.play_uci("e2e4").unwrap_err();
    let e = err.explanation().unwrap();
    assert_eq!(e.culprit, Some(sq("g1")));
    assert_eq!(e.touch, Some(Obligation::Move { square: sq("g1") }));
    // Only the knight's moves are allowed now.
    let allowed: Vec<String> = g.legal_moves().iter().map(|m| m.uci(CastlingMode::Standard)).collect();
    assert_eq!(allowed.len(), 2);
    assert!(allowed.contains(&"g1f3".to_string()) && allowed.contains(&"g1h3".to_string()));
    g.play_uci("g1f3").unwrap();
    // The obligation ends with the move.
    assert_eq!(g.obligation(), Obligation::Free);
    g.play_uci("e7e5").unwrap();
}

#[test]
fn the_first_touched_movable_piece_counts() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // The rook on a1 cannot move, the knight on b1 can: the knight must move.
    assert_eq!(g.touch(sq("a1")).unwrap(), Obligation::Free);
    assert_eq!(g.touch(sq("b1")).unwrap(), Obligation::Move { square: sq("b1") });
    // Touching another movable piece later changes nothing.
    assert_eq!(g.touch(sq("e2")).unwrap(), Obligation::Move { square: sq("b1") });
    assert_eq!(touch_move_code(&mut g, "e2e4"), "touch-move");
    g.play_uci("b1c3").unwrap();
}

#[test]
fn touched_piece_without_legal_move_obliges_nothing_4_5() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g.touch(sq("f1")).unwrap(), Obligation::Free);
    assert_eq!(g.touch(sq("d8")).unwrap(), Obligation::Free, "an enemy piece that cannot be captured");
    g.play_uci("d2d4").unwrap();
    // A pinned piece with no legal move.
    let mut g = game("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(g.touch(sq("e2")).unwrap(), Obligation::Free);
    g.play_uci("e1d2").unwrap();
}

#[test]
fn touched_enemy_piece_must_be_captured_4_3_2() {
    // 1. e4 d5: touching d5 obliges exd5 (or any capture of it: Qd1 cannot, so only exd5).
    let mut g = game("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(g.touch(sq("d5")).unwrap(), Obligation::Capture { square: sq("d5") });
    let err = g.play_uci("e4e5").unwrap_err();
    assert_eq!(err.code(), "touch-move");
    let e = err.explanation().unwrap();
    assert_eq!(e.message(Lang::En), "Touch-move rule: you touched the pawn on d5, an enemy piece, so you must capture it.");
    assert_eq!(e.message(Lang::Ro), "Regula piesei atinse: ai atins pionul de pe d5, o piesă adversă, așa că trebuie să o capturezi.");
    g.play_uci("e4d5").unwrap();
}

#[test]
fn any_piece_may_make_the_capture() {
    // The knight on c3 and the pawn on e4 can both take d5.
    let mut g = game("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2");
    g.touch(sq("d5")).unwrap();
    let allowed: Vec<String> = g.legal_moves().iter().map(|m| m.uci(CastlingMode::Standard)).collect();
    assert_eq!(allowed.len(), 2, "{allowed:?}");
    g.play_uci("c3d5").unwrap();
}

#[test]
fn en_passant_captures_a_touched_pawn() {
    let mut g = game("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(g.touch(sq("f5")).unwrap(), Obligation::Capture { square: sq("f5") });
    g.play_uci("e5f6").unwrap();
}

#[test]
fn own_and_enemy_piece_touched_4_3_3() {
    // Touch the knight on c3 and the pawn on d5: Nxd5 is required (not exd5).
    let mut g = game("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2");
    g.touch(sq("c3")).unwrap();
    assert_eq!(g.touch(sq("d5")).unwrap(), Obligation::CaptureWith { piece: sq("c3"), target: sq("d5") });
    let err = g.play_uci("e4d5").unwrap_err();
    assert_eq!(err.code(), "touch-move");
    let msg = err.explanation().unwrap().message(Lang::Es);
    assert_eq!(
        msg,
        "Regla de pieza tocada: has tocado tu pieza de c3 y la pieza rival de d5, así que debes capturar en d5 con la pieza de c3."
    );
    g.play_uci("c3d5").unwrap();
    // If the own piece cannot capture it, the first touched piece that can move or be captured.
    let mut g = game("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    g.touch(sq("g1")).unwrap();
    assert_eq!(g.touch(sq("d5")).unwrap(), Obligation::Move { square: sq("g1") });
    // Touched together: the own piece counts as touched first.
    let mut g = game("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(g.touch_together(&[sq("d5"), sq("g1")]).unwrap(), Obligation::Move { square: sq("g1") });
}

#[test]
fn king_and_rook_touched_oblige_castling_4_4_1() {
    let mut g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    g.touch(sq("e1")).unwrap();
    assert_eq!(g.touch(sq("h1")).unwrap(), Obligation::Castle { king: sq("e1"), rook: sq("h1") });
    assert_eq!(touch_move_code(&mut g, "e1f1"), "touch-move");
    assert_eq!(touch_move_code(&mut g, "e1c1"), "touch-move", "not on the other side");
    let e = g.explain(sq("e1"), sq("f1"), None);
    assert_eq!(e.message(Lang::En), "Touch-move rule: you touched the king and the rook on h1, so you must castle on that side.");
    g.play_uci("e1g1").unwrap();
    // At the same moment: the same.
    let mut g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert_eq!(g.touch_together(&[sq("a1"), sq("e1")]).unwrap(), Obligation::Castle { king: sq("e1"), rook: sq("a1") });
    g.play_uci("e1a1").unwrap();
    assert_eq!(g.position().board().role_at(sq("c1")), Some(rocada::Role::King));
}

#[test]
fn rook_touched_first_forbids_castling_4_4_2() {
    let mut g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert_eq!(g.touch(sq("h1")).unwrap(), Obligation::Move { square: sq("h1") });
    g.touch(sq("e1")).unwrap();
    // Castling starts with the king: with the rook touched first it is not allowed, and the
    // rook must move.
    let err = g.play_uci("e1g1").unwrap_err();
    assert_eq!(err.code(), "touch-move");
    let e = err.explanation().unwrap();
    assert!(e.rook_touched_first);
    assert_eq!(e.culprit, Some(sq("h1")));
    assert_eq!(
        e.message(Lang::En),
        "Touch-move rule: you touched the rook on h1 before the king, so you may not castle with it on this move; castling starts with the king."
    );
    assert!(e.message(Lang::Ro).contains("rocada începe cu regele"));
    assert_eq!(touch_move_code(&mut g, "e1f1"), "touch-move");
    g.play_uci("h1g1").unwrap();
}

#[test]
fn illegal_castling_obliges_another_king_move_4_4_3() {
    // King side castling is illegal (f1 attacked by the bishop on c4); queen side is legal.
    let mut g = game("r3k2r/pppppppp/8/8/2b5/8/PPPP1PPP/R3K2R w KQkq - 0 1");
    g.touch(sq("e1")).unwrap();
    assert_eq!(g.touch(sq("h1")).unwrap(), Obligation::KingMove { king: sq("e1") });
    let e = g.explain(sq("e1"), sq("g1"), None);
    assert_eq!(e.code(), Some("castle-through-check"));
    assert_eq!(touch_move_code(&mut g, "h1g1"), "touch-move", "the rook is not obliged to move");
    let msg = g.play_uci("a2a3").unwrap_err().explanation().unwrap().message(Lang::En);
    assert!(msg.contains("another legal move with the king"), "{msg}");
    // Castling on the other side counts as a king move.
    g.play_uci("e1c1").unwrap();

    // With no legal king move at all (f1 attacked by the knight on g3, the rest occupied),
    // the player is free.
    let mut g = game("4k3/8/8/8/8/6n1/3PPPPP/3QK2R w K - 0 1");
    g.touch(sq("e1")).unwrap();
    assert_eq!(g.touch(sq("h1")).unwrap(), Obligation::Free);
    g.play_uci("d2d3").unwrap();
}

#[test]
fn a_king_moved_two_squares_is_castling() {
    // Castling legal: king to g1 is castling.
    let mut g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    g.touch(sq("e1")).unwrap();
    let m = g.play_squares(sq("e1"), sq("g1"), None).unwrap();
    assert!(m.is_castle());
    // Castling illegal: the attempt fails, and the king, touched, must make another move.
    let mut g = game("r3k2r/pppppppp/8/8/2b5/8/PPPP1PPP/R3K2R w KQkq - 0 1");
    let err = g.play_squares(sq("e1"), sq("g1"), None).unwrap_err();
    assert_eq!(err.explanation().unwrap().code(), Some("castle-through-check"));
    assert_eq!(g.obligation(), Obligation::Move { square: sq("e1") });
    assert_eq!(touch_move_code(&mut g, "a2a3"), "touch-move");
    g.play_uci("e1c1").unwrap();
}

#[test]
fn an_illegal_move_is_replaced_by_a_legal_move_of_that_piece_7_5_1() {
    // Bf1-c4 is blocked: the bishop was touched but has no legal move, so the player is free.
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g.play_uci("f1c4").unwrap_err().code(), "illegal-move");
    assert_eq!(g.obligation(), Obligation::Free);
    // Ng1-g3 is illegal; the knight was touched and can move, so it must.
    assert_eq!(g.play_uci("g1g3").unwrap_err().code(), "illegal-move");
    assert_eq!(g.obligation(), Obligation::Move { square: sq("g1") });
    assert_eq!(touch_move_code(&mut g, "e2e4"), "touch-move");
    g.play_uci("g1f3").unwrap();
    // A pinned knight's attempt: it has no legal move, so nothing is obliged.
    let mut g = game("4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1");
    assert!(g.play_uci("e2c3").is_err());
    assert_eq!(g.obligation(), Obligation::Free);
    // An illegal capture attempt touches the enemy piece too. Bxd3 is illegal (the rook on e8
    // pins the bishop, which has no legal move); the pawn on d3, touched, must be captured, and
    // the knight can do it.
    let mut g = game("4r2k/8/8/8/1N6/3p4/4B3/4K3 w - - 0 1");
    let err = g.play_uci("e2d3").unwrap_err();
    assert_eq!(err.explanation().unwrap().code(), Some("pinned"));
    assert_eq!(g.obligation(), Obligation::Capture { square: sq("d3") });
    assert_eq!(touch_move_code(&mut g, "e1f2"), "touch-move");
    g.play_uci("b4d3").unwrap();
}

#[test]
fn only_the_player_to_move_touches_and_jadoube() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g.touch_as(Color::Black, sq("g8")).unwrap_err().code(), "not-your-turn");
    assert_eq!(g.obligation(), Obligation::Free);
    // J'adoube: adjusting creates no obligation, but only for the player to move.
    g.adjust(Color::White, sq("g1")).unwrap();
    assert_eq!(g.obligation(), Obligation::Free);
    assert_eq!(g.adjust(Color::Black, sq("g8")).unwrap_err().code(), "not-your-turn");
    g.play_uci("e2e4").unwrap();
    // An empty square touched means nothing; nor does an enemy piece that cannot be taken.
    assert_eq!(g.touch(sq("e5")).unwrap(), Obligation::Free);
    assert_eq!(g.touch(sq("e4")).unwrap(), Obligation::Free);
}

#[test]
fn claims_respect_touch_move() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play_uci(m).unwrap();
    }
    // Black may claim by declaring Ng8, unless another piece was touched.
    g.touch(sq("b8")).unwrap();
    let ng8 = rocada::parse_uci(g.position(), "f6g8").unwrap();
    assert_eq!(g.claim_draw(Some(ng8)).unwrap_err().code(), "invalid-claim");
}

#[test]
fn touches_alone() {
    // The bare `Touches` type works on any position.
    let pos = Position::new();
    let mut t = Touches::new();
    assert_eq!(t.touch(&pos, sq("b1")), Obligation::Move { square: sq("b1") });
    assert_eq!(t.allowed_moves(&pos).len(), 2);
    assert!(t.squares().eq([sq("b1")]));
    t.clear();
    assert!(t.is_empty());
    assert_eq!(t.allowed_moves(&pos).len(), 20);
}

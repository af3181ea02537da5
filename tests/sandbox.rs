#![cfg(not(target_arch = "wasm32"))]
//! Sandbox positions (lessons): missing kings, lone sides, pawns on any rank.

use rocada::{CastlingMode, Invalid, Position, Setup, Square};

fn sandbox(fen: &str) -> Position {
    Position::sandbox(Setup::from_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
}

fn targets(pos: &Position, from: Square) -> Vec<String> {
    let mut t: Vec<String> = pos.legal_moves_from(from).iter().map(|m| m.uci(CastlingMode::Standard)).collect();
    t.sort();
    t
}

#[test]
fn lone_pieces_move_by_their_own_rules() {
    assert_eq!(sandbox("8/8/8/8/3R4/8/8/8 w - - 0 1").legal_moves().len(), 14);
    assert_eq!(sandbox("8/8/8/8/3B4/8/8/8 w - - 0 1").legal_moves().len(), 13);
    assert_eq!(sandbox("8/8/8/8/3N4/8/8/8 w - - 0 1").legal_moves().len(), 8);
    assert_eq!(sandbox("8/8/8/8/3Q4/8/8/8 w - - 0 1").legal_moves().len(), 27);
    assert_eq!(sandbox("8/8/8/8/3K4/8/8/8 w - - 0 1").legal_moves().len(), 8);
}

#[test]
fn the_kingless_side_may_leave_pieces_en_prise_and_ignore_pins() {
    // A white rook "pinned" to nothing: every rook move is fine, and captures are allowed.
    let pos = sandbox("4r3/8/8/8/4R3/8/8/8 w - - 0 1");
    assert_eq!(targets(&pos, Square::E4).len(), 14);
    assert!(!pos.is_check());
}

#[test]
fn check_applies_to_a_side_with_its_king() {
    // White king attacked by a rook of a black side that has no king: only escapes are legal.
    let pos = sandbox("4r3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(pos.is_check());
    assert_eq!(targets(&pos, Square::E1), vec!["e1d1", "e1d2", "e1f1", "e1f2"]);
    // Mate applies too: a lone king in the corner against two rooks.
    let escapes = sandbox("K7/8/8/8/8/8/8/r7 w - - 0 1");
    assert!(escapes.is_check() && !escapes.is_checkmate());
    let mated = sandbox("K7/8/8/8/8/8/1r6/r7 w - - 0 1");
    assert!(mated.is_checkmate(), "{:?}", mated.legal_moves());
}

#[test]
fn pawns_may_stand_on_any_rank() {
    // A white pawn on the first rank steps to the second; one on the eighth cannot move.
    let pos = sandbox("P7/8/8/8/8/8/8/4P3 w - - 0 1");
    assert_eq!(targets(&pos, Square::E1), vec!["e1e2"]);
    assert!(targets(&pos, Square::A8).is_empty());
    // Promotion still offers four pieces.
    assert_eq!(sandbox("8/3P4/8/8/8/8/8/8 w - - 0 1").legal_moves().len(), 4);
}

#[test]
fn sandbox_still_rejects_what_would_break_the_rules() {
    let reject = |fen: &str, reason: Invalid| {
        let err = Position::sandbox(Setup::from_fen(fen).unwrap(), CastlingMode::Standard).unwrap_err();
        assert!(err.has(reason), "{fen}: {err}");
    };
    reject("K7/K7/8/8/8/8/8/8 w - - 0 1", Invalid::TooManyKings);
    reject("QQQQQQQQ/QQQQQQQQ/QQ6/8/8/8/8/8 w - - 0 1", Invalid::TooManyPieces);
    reject("4k3/8/8/8/8/8/8/4R3 w - - 0 1", Invalid::OppositeCheck);
    reject("8/8/8/8/8/8/8/R7 w Q - 0 1", Invalid::InvalidCastlingRights);
    // The same setups are illegal outside the sandbox.
    assert!(Position::from_fen("8/8/8/8/3R4/8/8/8 w - - 0 1", CastlingMode::Standard).is_err());
    assert!(sandbox("8/8/8/8/3R4/8/8/8 w - - 0 1").is_sandbox());
    assert!(!Position::new().is_sandbox());
}

fn sandbox_game(fen: &str) -> rocada::game::Game {
    rocada::game::Game::from_position(sandbox(fen))
}

#[test]
fn a_lone_side_moves_again_when_the_other_side_cannot_move() {
    let mut game = sandbox_game("8/8/8/8/3R4/8/8/8 w - - 0 1");
    game.play_san("Rd7").unwrap();
    // Black has nothing: it passes, White is to move again in the next full move.
    assert_eq!(game.position().fen(), "8/3R4/8/8/8/8/8/8 w - - 1 2");
    game.play_san("Ra7").unwrap();
    assert!(!game.is_game_over());
    assert!(!game.status().insufficient_material, "no draw rules in a sandbox");
    assert_eq!(game.undo().map(|m| m.to()), Some(Square::A7));
    assert_eq!(game.position().fen(), "8/3R4/8/8/8/8/8/8 w - - 1 2");
    // A side that has pieces but no king moves in turn.
    let mut duel = sandbox_game("8/8/8/8/3R4/8/8/7r w - - 0 1");
    duel.play_san("Rd7").unwrap();
    assert_eq!(duel.turn(), rocada::Color::Black);
}

#[test]
fn mate_and_stalemate_apply_only_to_a_side_with_its_king() {
    use rocada::game::Termination;
    // Two white rooks, no white king: Ra1 mates the black king.
    let mut game = sandbox_game("k7/8/8/8/8/8/1R6/7R w - - 0 1");
    game.play_san("Ra1").unwrap();
    assert_eq!(game.termination(), Some(Termination::Checkmate));
    assert_eq!(game.winner(), Some(rocada::Color::White));
    // A queen stalemates the lone black king.
    let mut game = sandbox_game("k7/8/8/1Q6/8/8/8/8 w - - 0 1");
    game.play_san("Qb6").unwrap();
    assert_eq!(game.termination(), Some(Termination::Stalemate));
    // A side with no king and no moves is never mated nor stalemated: an empty board just waits.
    let empty = sandbox_game("8/8/8/8/8/8/8/8 w - - 0 1");
    assert!(!empty.is_game_over() && empty.legal_moves().is_empty());
    // Flag fall: the side facing no king cannot mate, so a flag fall is a draw (FIDE 6.9).
    let mut lone = sandbox_game("8/8/8/8/3R4/8/8/8 w - - 0 1");
    assert!(lone.has_insufficient_material(rocada::Color::White));
    assert_eq!(lone.flag_fall(rocada::Color::Black).unwrap().termination, Termination::TimeoutInsufficientMaterial);
    // No draw rules: even K v K plays on.
    assert!(!sandbox_game("8/8/8/3k4/8/3K4/8/8 w - - 0 1").is_game_over());
}

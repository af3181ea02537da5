#![cfg(not(target_arch = "wasm32"))]
//! Constructed games for every way a game ends (FIDE Laws 5, 6.9, 9), with the result and the
//! termination code `status()` reports.

use rocada::clock::{Clock, ManualTime, TimeControl};
use rocada::game::{dead_position, has_insufficient_material, DeadPosition, Game, GameError, GameResult, Termination};
use rocada::{CastlingMode, Color, Lang, Position};

fn game(fen: &str) -> Game {
    Game::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(g: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        if san.ends_with('.') {
            continue;
        }
        g.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap()
}

// ------------------------------------------------------------------ on the board

#[test]
fn checkmate() {
    let mut g = Game::new();
    play(&mut g, "1. f3 e5 2. g4 Qh4#");
    let s = g.status();
    assert!(s.check && s.checkmate && s.game_over);
    assert_eq!(s.result, GameResult::BlackWins);
    assert_eq!(s.termination, Some(Termination::Checkmate));
    assert_eq!(s.winner, Some(Color::Black));
    assert_eq!(g.result().as_str(), "0-1");
    assert_eq!(g.ending().unwrap().message(Lang::Es), "Ganan las negras por jaque mate.");
    assert_eq!(g.ending().unwrap().message(Lang::Ro), "Negrul câștigă prin mat.");
    // Nothing can follow.
    assert_eq!(g.play_san("a3").unwrap_err().code(), "game-over");
    assert_eq!(g.resign(Color::White).unwrap_err().code(), "game-over");
    assert!(g.legal_moves().is_empty());
    // Undo reopens it.
    g.undo();
    assert!(!g.is_game_over());
    assert_eq!(g.result(), GameResult::Ongoing);
}

#[test]
fn stalemate() {
    // Sam Loyd's ten-move stalemate.
    let mut g = Game::new();
    play(&mut g, "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6");
    let s = g.status();
    assert!(s.stalemate && !s.check && s.game_over);
    assert_eq!(s.termination, Some(Termination::Stalemate));
    assert_eq!(s.result, GameResult::Draw);
    assert_eq!(s.winner, None);
}

#[test]
fn dead_position_by_a_capture() {
    // Kxe2 leaves K+B v K: dead, drawn at once.
    let mut g = game("4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1");
    assert!(!g.is_game_over());
    play(&mut g, "Kxe2");
    let s = g.status();
    assert!(s.insufficient_material && s.game_over);
    assert_eq!(s.termination, Some(Termination::InsufficientMaterial));
    assert_eq!(s.result, GameResult::Draw);
    assert_eq!(g.dead_position(), Some(DeadPosition::InsufficientMaterial));
}

#[test]
fn dead_positions_by_material() {
    let dead = [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",      // K v K
        "8/8/4k3/8/8/3K4/5B2/8 w - - 0 1",    // K+B v K
        "8/8/4k3/8/8/3K4/5N2/8 b - - 0 1",    // K+N v K
        "8/8/3bk3/8/8/3K4/8/2B5 w - - 0 1",   // K+B v K+B, both bishops on dark squares
        "8/1b6/4k3/8/8/3K4/6B1/7B w - - 0 1", // three bishops, all on light squares
    ];
    for fen in dead {
        let g = game(fen);
        assert_eq!(g.termination(), Some(Termination::InsufficientMaterial), "{fen}");
        assert_eq!(g.result(), GameResult::Draw);
    }
    let alive = [
        "8/8/4k3/8/8/3K4/5N2/2n5 w - - 0 1", // K+N v K+N
        "8/8/4k3/8/8/3K4/5B2/3b4 w - - 0 1", // K+B v K+B on opposite colours
        "8/8/4k3/8/8/3K4/5B2/2n5 w - - 0 1", // K+B v K+N: NOT dead
        "8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1",  // K+N+N v K
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",   // a pawn
        "8/8/4k3/8/8/3K4/8/7R w - - 0 1",    // K+R v K
    ];
    for fen in alive {
        let g = game(fen);
        assert!(!g.is_game_over(), "{fen} is not dead");
        assert!(!g.status().insufficient_material, "{fen}");
    }
}

#[test]
fn king_bishop_v_king_knight_is_not_dead() {
    // Mate is possible with the help of the losing side, either way round: so neither side
    // "has insufficient material", and a flag fall loses.
    let p = pos("8/8/4k3/8/8/3K4/5B2/2n5 w - - 0 1");
    assert_eq!(dead_position(&p), None);
    assert!(!has_insufficient_material(&p, Color::White));
    assert!(!has_insufficient_material(&p, Color::Black));
    // The mates that prove it: the knight mates (Kh1 Bh2 v Kf1 Nf2#), and the bishop mates
    // (Ka8 Nb8 v Kb6 Bb7#).
    assert!(pos("8/8/8/8/8/8/5N1b/5K1k b - - 0 1").is_checkmate());
    assert!(pos("kn6/1B6/1K6/8/8/8/8/8 b - - 0 1").is_checkmate());
    // And a flag fall with K+N against K+B loses.
    let mut g = game("8/8/4k3/8/8/3K4/5B2/2n5 w - - 0 1");
    let e = g.flag_fall(Color::White).unwrap();
    assert_eq!(e.termination, Termination::Timeout);
    assert_eq!(e.winner(), Some(Color::Black));
}

#[test]
fn dead_position_by_locked_pawns() {
    let wall = "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1";
    let g = game(wall);
    assert_eq!(g.dead_position(), Some(DeadPosition::LockedPawns));
    assert_eq!(g.termination(), Some(Termination::InsufficientMaterial));
    assert!(g.has_insufficient_material(Color::White) && g.has_insufficient_material(Color::Black));
    // Kings deep in their camps, the same.
    assert!(dead_position(&pos("8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3K4/8 b - - 0 1")).is_some());
    // Without the h-pawns the wall still holds (h4 and h5 are covered by the g-pawns).
    assert!(dead_position(&pos("4k3/8/1p1p1p2/pPpPpPp1/P1P1P1P1/8/8/4K3 w - - 0 1")).is_some());
    // Without the g- and h-pawns the white king walks round by h4-h7 and takes f6.
    assert_eq!(dead_position(&pos("4k3/8/1p1p1p2/pPpPpP2/P1P1P3/8/8/4K3 w - - 0 1")), None);
    // A pawn that can capture: not dead.
    assert_eq!(dead_position(&pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")), None);
    // A pawn that can advance: not dead.
    assert_eq!(dead_position(&pos("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P3/8/6P1/4K3 w - - 0 1")), None);
    // An undefended enemy pawn a king can reach: not dead. (White king on the black side of a
    // short wall.)
    assert_eq!(dead_position(&pos("8/8/8/4p3/4P3/8/k7/4K3 w - - 0 1")), None);
    // Another piece on the board: not judged dead by this rule.
    assert_eq!(dead_position(&pos("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K2B w - - 0 1")), None);
}

// ------------------------------------------------------------------ repetition

#[test]
fn threefold_repetition_is_a_claim() {
    let mut g = Game::new();
    play(&mut g, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8");
    // The start position has now occurred three times: claimable, not automatic.
    assert_eq!(g.repetition_count(), 3);
    let s = g.status();
    assert!(s.threefold_repetition && s.can_claim_threefold && s.can_claim_draw);
    assert!(!s.game_over);
    assert_eq!(s.termination, None);
    assert_eq!(s.result, GameResult::Ongoing);
    let e = g.claim_draw(None).unwrap();
    assert_eq!(e.termination, Termination::ThreefoldRepetition);
    assert_eq!(g.result(), GameResult::Draw);
    assert_eq!(g.status().termination, Some(Termination::ThreefoldRepetition));
}

#[test]
fn threefold_claim_by_declaring_the_move() {
    let mut g = Game::new();
    play(&mut g, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1");
    // Black to move: Ng8 would bring the start position a third time (FIDE 9.2.1.1).
    assert_eq!(g.repetition_count(), 2);
    let s = g.status();
    assert!(!s.threefold_repetition);
    assert!(s.can_claim_threefold && s.can_claim_draw);
    // A claim without a move is incorrect now, and so is one with a move that repeats nothing.
    assert_eq!(g.claim_draw(None).unwrap_err(), GameError::InvalidClaim);
    let nc6 = rocada::parse_san(g.position(), "Nc6", &Default::default()).unwrap();
    assert_eq!(g.claim_draw(Some(nc6)).unwrap_err().code(), "invalid-claim");
    assert_eq!(g.ply(), 7, "an incorrect claim changes nothing");
    // Declaring Ng8 is correct: the move is recorded and the game drawn.
    let ng8 = rocada::parse_san(g.position(), "Ng8", &Default::default()).unwrap();
    assert_eq!(g.claimable(Some(ng8)), Some(Termination::ThreefoldRepetition));
    let e = g.claim_draw(Some(ng8)).unwrap();
    assert_eq!(e.termination, Termination::ThreefoldRepetition);
    assert_eq!(g.ply(), 8);
    assert_eq!(g.repetition_count(), 3);
    assert!(g.status().threefold_repetition);
    assert_eq!(g.result().as_str(), "1/2-1/2");
}

#[test]
fn fivefold_repetition_is_automatic() {
    let mut g = Game::new();
    for round in 1..=4 {
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
        if round < 4 {
            assert!(!g.is_game_over(), "round {round}");
        }
    }
    assert_eq!(g.repetition_count(), 5);
    let s = g.status();
    assert!(s.fivefold_repetition && s.threefold_repetition && s.game_over);
    assert_eq!(s.termination, Some(Termination::FivefoldRepetition));
    assert!(!s.can_claim_draw, "no claims once the game is over");
    assert_eq!(g.play_san("Nf3").unwrap_err().code(), "game-over");
}

#[test]
fn repetition_identity_follows_fide() {
    // Castling rights: the kings step out and back; the positions with and without the rights
    // differ, so the start position is not repeated.
    let mut g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    play(&mut g, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(g.repetition_count(), 2, "the first occurrence had castling rights");
    // En passant: a double step that allows no *legal* en passant capture does not make the
    // position differ. After e2-e4, dxe3 would expose the black king on a4 to the rook on h4.
    let pinned_ep = pos("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    let no_ep = pos("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert_eq!(pinned_ep.ep_square(), None);
    assert_ne!(pinned_ep.zobrist_hash(), no_ep.zobrist_hash(), "the Polyglot hash keeps the pseudo-legal square");
    assert_eq!(rocada::game::RepetitionKey::of(&pinned_ep), rocada::game::RepetitionKey::of(&no_ep));
    let legal_ep = pos("8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1");
    let without = pos("8/8/8/8/3pP3/8/8/k3K3 b - - 0 1");
    assert_ne!(rocada::game::RepetitionKey::of(&legal_ep), rocada::game::RepetitionKey::of(&without));
}

#[test]
fn en_passant_that_is_possible_makes_positions_differ() {
    // 1. e4 Nf6 2. e5 d5: exd6 is possible, so the position after 2...d5 differs from the
    // same placement reached later with White to move.
    let mut g = Game::new();
    play(&mut g, "e4 Nf6 e5 d5 Nf3 Nbd7 Ng1 Nb8 Nf3 Nbd7 Ng1 Nb8");
    // The placement after 2...d5 (ep possible) recurs after 4...Nb8 and 6...Nb8 (ep gone):
    // only those two count.
    assert_eq!(g.repetition_count(), 2);
    assert!(!g.is_threefold_repetition());
    play(&mut g, "Nf3 Nbd7 Ng1 Nb8");
    assert_eq!(g.repetition_count(), 3, "not 4: the first occurrence had an en passant capture");
}

// ------------------------------------------------------------------ 50 and 75 moves

#[test]
fn fifty_moves_is_a_claim() {
    let mut g = game("8/8/4k3/8/8/3K4/8/7R w - - 100 80");
    let s = g.status();
    assert!(s.fifty_moves && s.can_claim_fifty && !s.game_over);
    assert_eq!(g.claim_draw(None).unwrap().termination, Termination::FiftyMoves);
    assert_eq!(g.status().termination, Some(Termination::FiftyMoves));
}

#[test]
fn fifty_moves_claim_by_declared_move() {
    let mut g = game("8/8/4k3/8/8/3K4/8/7R w - - 99 80");
    let s = g.status();
    assert!(!s.fifty_moves && s.can_claim_fifty);
    assert_eq!(g.claim_draw(None).unwrap_err().code(), "invalid-claim");
    // A pawn move or capture would not do; a rook move does.
    let rh2 = rocada::parse_san(g.position(), "Rh2", &Default::default()).unwrap();
    assert_eq!(g.claimable(Some(rh2)), Some(Termination::FiftyMoves));
    assert_eq!(g.claim_draw(Some(rh2)).unwrap().termination, Termination::FiftyMoves);
    assert_eq!(g.position().halfmoves(), 100);
    // With only a pawn move or captures possible, no claim.
    let g = game("8/8/8/8/8/8/P1k5/K7 w - - 99 80");
    assert!(!g.can_claim_fifty());
}

#[test]
fn seventy_five_moves_is_automatic() {
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    assert!(!g.is_game_over());
    assert!(g.status().fifty_moves && g.status().can_claim_fifty);
    play(&mut g, "Ra7");
    let s = g.status();
    assert!(s.seventy_five_moves && s.game_over);
    assert_eq!(s.termination, Some(Termination::SeventyFiveMoves));
    assert_eq!(s.result, GameResult::Draw);
}

#[test]
fn mate_on_the_seventy_fifth_move_wins() {
    // FIDE 9.6.2: if the last move (the one completing 75 moves) mates, the mate stands.
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    play(&mut g, "Ra8#");
    assert_eq!(g.position().halfmoves(), 150);
    let s = g.status();
    assert!(s.checkmate && s.seventy_five_moves);
    assert_eq!(s.termination, Some(Termination::Checkmate));
    assert_eq!(s.result, GameResult::WhiteWins);
    // One move later the counter would pass 150: a position already at 150 is drawn unless mate.
    let g = game("7k/R7/6K1/8/8/8/8/8 b - - 150 120");
    assert_eq!(g.termination(), Some(Termination::SeventyFiveMoves));
}

#[test]
fn a_capture_resets_the_count() {
    let mut g = game("7k/8/6K1/8/8/8/r7/R7 w - - 149 120");
    play(&mut g, "Rxa2");
    assert_eq!(g.position().halfmoves(), 0);
    assert!(!g.is_game_over());
}

// ------------------------------------------------------------------ events

#[test]
fn resignation_by_either_side_at_any_time() {
    let mut g = Game::new();
    // Black resigns before White's first move.
    let e = g.resign(Color::Black).unwrap();
    assert_eq!(e.termination, Termination::Resignation);
    assert_eq!(g.result(), GameResult::WhiteWins);
    assert_eq!(g.ending().unwrap().message(Lang::En), "White wins: Black resigned.");
    assert_eq!(g.resign(Color::White).unwrap_err().code(), "game-over");

    let mut g = Game::new();
    play(&mut g, "e4");
    // White resigns while Black is to move.
    g.resign(Color::White).unwrap();
    assert_eq!(g.status().winner, Some(Color::Black));
    assert_eq!(g.status().termination, Some(Termination::Resignation));
    assert_eq!(g.play_san("e5").unwrap_err().code(), "game-over");
    g.reopen();
    assert!(!g.is_game_over());
}

#[test]
fn draw_by_agreement() {
    let mut g = Game::new();
    play(&mut g, "e4");
    // White offers right after moving; Black accepts.
    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    let e = g.accept_draw().unwrap();
    assert_eq!(e.termination, Termination::Agreement);
    assert_eq!(g.result(), GameResult::Draw);
    assert_eq!(g.status().termination, Some(Termination::Agreement));
}

#[test]
fn draw_offers_must_follow_ones_own_move() {
    let mut g = Game::new();
    // Nobody has moved: neither may offer.
    assert_eq!(g.offer_draw(Color::White).unwrap_err().code(), "invalid-draw-offer");
    assert_eq!(g.offer_draw(Color::Black).unwrap_err().code(), "invalid-draw-offer");
    play(&mut g, "e4");
    // Black is to move: an offer by Black now is not after Black's own move.
    assert_eq!(g.offer_draw(Color::Black).unwrap_err(), GameError::InvalidDrawOffer);
    assert_eq!(g.accept_draw().unwrap_err().code(), "no-draw-offer");
    // White offers; Black declines.
    g.offer_draw(Color::White).unwrap();
    g.decline_draw().unwrap();
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.accept_draw().unwrap_err().code(), "no-draw-offer");
    // White offers again; Black answers by moving: the offer lapses.
    g.offer_draw(Color::White).unwrap();
    play(&mut g, "e5");
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.accept_draw().unwrap_err().code(), "no-draw-offer");
    // Now Black may offer.
    g.offer_draw(Color::Black).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::Black));
    g.accept_draw().unwrap();
    assert_eq!(g.result(), GameResult::Draw);
    // A game from a position with Black to move: White has just moved and may offer.
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    g.offer_draw(Color::White).unwrap();
}

// ------------------------------------------------------------------ flag fall (FIDE 6.9)

#[test]
fn flag_fall_with_mating_material_loses() {
    let mut g = game("8/8/4k3/8/8/3K4/8/7R w - - 0 1");
    let e = g.flag_fall(Color::Black).unwrap();
    assert_eq!(e.termination, Termination::Timeout);
    assert_eq!(g.result(), GameResult::WhiteWins);
    assert_eq!(g.status().termination, Some(Termination::Timeout));
    assert_eq!(g.ending().unwrap().message(Lang::En), "White wins on time: Black ran out of time.");
}

#[test]
fn flag_fall_without_mating_material_draws() {
    // White flags with a rook, Black has only a king: Black cannot mate, so it is a draw.
    let mut g = game("8/8/4k3/8/8/3K4/8/7R w - - 0 1");
    let e = g.flag_fall(Color::White).unwrap();
    assert_eq!(e.termination, Termination::TimeoutInsufficientMaterial);
    assert_eq!(g.result(), GameResult::Draw);
    assert_eq!(g.status().termination, Some(Termination::TimeoutInsufficientMaterial));
    // A lone knight cannot mate a king with only queens beside it.
    let mut g = game("8/8/4k3/8/2n5/3K4/8/7Q w - - 0 1");
    assert_eq!(g.flag_fall(Color::White).unwrap().termination, Termination::TimeoutInsufficientMaterial);
    // ... but it can mate a king with a rook that blocks (Kh1 Rh2 v Kf1 Ng3#).
    assert!(pos("8/8/8/8/8/6N1/7r/5K1k b - - 0 1").is_checkmate());
    let mut g = game("8/8/4k3/8/2n5/3K4/8/7R w - - 0 1");
    assert_eq!(g.flag_fall(Color::White).unwrap().termination, Termination::Timeout);
    assert_eq!(g.winner(), Some(Color::Black));
    // A pawn is always enough.
    let mut g = game("8/8/4k3/4p3/8/3K4/8/7Q w - - 0 1");
    assert_eq!(g.flag_fall(Color::White).unwrap().termination, Termination::Timeout);
}

#[test]
fn flag_fall_from_a_clock() {
    let time = ManualTime::new(0);
    let mut clock = Clock::new(TimeControl::parse("1+0").unwrap(), time.clone());
    let mut g = Game::new();
    clock.start();
    time.advance(5_000);
    g.play_san("e4").unwrap();
    clock.press().unwrap();
    time.advance(59_000);
    assert_eq!(g.sync_clock(&clock), None, "Black still has a second");
    g.play_san("e5").unwrap();
    clock.press().unwrap();
    time.advance(56_000);
    assert_eq!(clock.flagged(), Some(Color::White));
    let e = g.sync_clock(&clock).unwrap();
    assert_eq!(e.termination, Termination::Timeout);
    assert_eq!(g.result(), GameResult::BlackWins);
    // The game is over: a late move is refused; the clock agrees.
    assert_eq!(g.play_san("Nf3").unwrap_err().code(), "game-over");
    assert!(clock.press().is_err());
    // A mate before the flag stands: flag_fall after the end is refused.
    let mut g = Game::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(g.flag_fall(Color::Black).unwrap_err().code(), "game-over");
    assert_eq!(g.termination(), Some(Termination::Checkmate));
}

#[test]
fn every_termination_has_its_code() {
    let codes: Vec<&str> = Termination::ALL.iter().map(|t| t.code()).collect();
    assert_eq!(
        codes,
        [
            "checkmate",
            "stalemate",
            "insufficient-material",
            "fivefold-repetition",
            "seventyfive-moves",
            "threefold-repetition",
            "fifty-moves",
            "resignation",
            "agreement",
            "timeout",
            "timeout-insufficient-material"
        ]
    );
    for t in Termination::ALL {
        assert_eq!(Termination::from_code(t.code()), Some(t));
    }
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        assert_eq!(r.parse::<GameResult>().unwrap().as_str(), r);
    }
}

// ------------------------------------------------------------------ soundness of the material rule

/// Whether some legal placement of `mating` (besides its king) against `mated` (besides its
/// king), with the `mated` side to move, is checkmate. Exhaustive, so it proves the material
/// rule's "cannot mate" claims for these small endings (captures only lead to smaller ones,
/// and there are no pawns to promote).
fn some_mate_exists(mating: &[rocada::Role], mated: &[rocada::Role]) -> bool {
    use rocada::{Board, Piece, Role, Setup, Square};
    let loser = Color::Black;
    let mut found = false;
    let mut pieces: Vec<Piece> = vec![Piece::new(Color::Black, Role::King), Piece::new(Color::White, Role::King)];
    pieces.extend(mating.iter().map(|r| Piece::new(Color::White, *r)));
    pieces.extend(mated.iter().map(|r| Piece::new(Color::Black, *r)));
    let mut squares = vec![0usize; pieces.len()];
    fn rec(i: usize, pieces: &[Piece], squares: &mut Vec<usize>, found: &mut bool, loser: Color) {
        if *found {
            return;
        }
        if i == pieces.len() {
            let mut board = Board::empty();
            for (p, s) in pieces.iter().zip(squares.iter()) {
                board.put(Square::new(*s as u32), *p);
            }
            let setup = Setup { board, turn: loser, castling_rights: rocada::Bitboard::EMPTY, ep_square: None, halfmoves: 0, fullmoves: 1 };
            if let Ok(p) = Position::from_setup(setup, CastlingMode::Standard) {
                if p.is_checkmate() {
                    *found = true;
                }
            }
            return;
        }
        'next: for s in 0..64 {
            for prev in &squares[..i] {
                if *prev == s {
                    continue 'next;
                }
            }
            // Prune: once the mated king, its own pieces... keep it simple, but require the
            // first mating piece (index 2) to attack the mated king, i.e. give check.
            if i == 2 {
                let king = Square::new(squares[0] as u32);
                let sq = Square::new(s as u32);
                let attacks = rocada::attacks::attacks(pieces[2].role, Color::White, sq, rocada::Bitboard::EMPTY);
                if !attacks.contains(king) {
                    continue;
                }
            }
            squares[i] = s;
            rec(i + 1, pieces, squares, found, loser);
        }
    }
    rec(0, &pieces, &mut squares, &mut found, loser);
    found
}

#[test]
fn material_rule_is_sound_on_small_endings() {
    use rocada::Role::*;
    // Claimed impossible by the rule, and proven so.
    assert!(!some_mate_exists(&[Knight], &[Queen]), "K+N mates K+Q?");
    assert!(!some_mate_exists(&[Bishop], &[Rook]), "K+B mates K+R?");
    assert!(!some_mate_exists(&[Bishop], &[Queen]), "K+B mates K+Q?");
    assert!(!some_mate_exists(&[Knight], &[]), "K+N mates K?");
    assert!(!some_mate_exists(&[Bishop], &[]), "K+B mates K?");
    // Claimed possible by the rule, and shown so.
    assert!(some_mate_exists(&[Knight], &[Rook]));
    assert!(some_mate_exists(&[Knight], &[Bishop]));
    assert!(some_mate_exists(&[Knight], &[Knight]));
    assert!(some_mate_exists(&[Bishop], &[Knight]));
    assert!(some_mate_exists(&[Bishop], &[Bishop]), "opposite-coloured bishops");
    let board = |fen: &str| *pos(fen).board();
    assert!(rocada::game::material_cannot_mate(&board("8/8/4k3/8/2n5/3K4/8/7Q w - - 0 1"), Color::Black));
    assert!(rocada::game::material_cannot_mate(&board("8/8/4k3/8/2b5/3K4/8/7R w - - 0 1"), Color::Black));
    assert!(!rocada::game::material_cannot_mate(&board("8/8/4k3/8/2n5/3K4/8/7R w - - 0 1"), Color::Black));
}

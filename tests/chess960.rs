#![cfg(not(target_arch = "wasm32"))]
//! Chess960 start positions: all 960 of `Position::chess960(n)` against the rules of the
//! variant and against Scharnagl's numbering, and castling in them.

use rocada::{perft, Bitboard, CastlingMode, CastlingNotation, Color, File, Piece, Position, Rank, Role, Square};
use rocada_testkit::scharnagl_back_rank;
use std::collections::HashSet;

const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// White's back rank of `pos` as letters a to h ("RNBQKBNR").
fn back_rank(pos: &Position) -> String {
    File::ALL.iter().map(|f| pos.board().piece_at(Square::from_coords(*f, Rank::First)).map_or('.', |p| p.role.upper_char())).collect()
}

fn all() -> Vec<Position> {
    (0..960).map(|n| Position::chess960(n).unwrap_or_else(|| panic!("Position::chess960({n}) is None"))).collect()
}

#[test]
fn out_of_range_numbers_give_none() {
    assert!(Position::chess960(960).is_none());
    assert!(Position::chess960(u32::MAX).is_none());
}

#[test]
fn position_518_is_the_standard_start() {
    let pos = Position::chess960(518).unwrap();
    assert_eq!(pos.fen(), STANDARD);
    assert_eq!(pos.board(), Position::new().board());
    assert_eq!(pos.castling_rights(), Position::new().castling_rights());
    assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    assert_eq!(perft(&pos, 4), 197_281);
}

#[test]
fn known_numbers() {
    // From the Scharnagl numbering tables (checked with python-chess's Board.from_chess960_pos).
    let known = [
        (0, "BBQNNRKR"),
        (1, "BQNBNRKR"),
        (2, "BQNNRBKR"),
        (3, "BQNNRKRB"),
        (4, "QBBNNRKR"),
        (5, "QNBBNRKR"),
        (6, "QNBNRBKR"),
        (7, "QNBNRKRB"),
        (100, "QBBNRNKR"),
        (200, "QBNRBKNR"),
        (300, "QBNRKRBN"),
        (400, "BBRQNNKR"),
        (500, "RBBQNKNR"),
        (518, "RNBQKBNR"),
        (600, "RBQNBKRN"),
        (700, "RBQKNNBR"),
        (800, "BBRKQNRN"),
        (900, "RBBKQRNN"),
        (958, "RKRNNBBQ"),
        (959, "RKRNNQBB"),
    ];
    for (n, rank) in known {
        assert_eq!(back_rank(&Position::chess960(n).unwrap()), rank, "start {n}");
        assert_eq!(scharnagl_back_rank(n), rank, "the test's own decoder, start {n}");
    }
}

#[test]
fn every_number_matches_the_definition() {
    for (n, pos) in all().iter().enumerate() {
        assert_eq!(back_rank(pos), scharnagl_back_rank(n as u32), "start {n}");
    }
}

#[test]
fn every_start_follows_the_rules() {
    for (n, pos) in all().iter().enumerate() {
        let b = pos.board();
        let white = back_rank(pos);
        // 16 pieces each: K, Q, 2 R, 2 B, 2 N, 8 P.
        for color in Color::ALL {
            for (role, count) in [(Role::King, 1), (Role::Queen, 1), (Role::Rook, 2), (Role::Bishop, 2), (Role::Knight, 2), (Role::Pawn, 8)]
            {
                assert_eq!(b.by_piece(Piece::new(color, role)).count(), count, "start {n}: {color:?} {role:?}");
            }
        }
        // Pawns on their usual ranks, Black mirrors White.
        for f in File::ALL {
            let w = b.piece_at(Square::from_coords(f, Rank::First)).unwrap();
            let bl = b.piece_at(Square::from_coords(f, Rank::Eighth)).unwrap();
            assert_eq!((w.color, bl.color, w.role), (Color::White, Color::Black, bl.role), "start {n}: file {f}");
            assert_eq!(b.piece_at(Square::from_coords(f, Rank::Second)), Some(Piece::new(Color::White, Role::Pawn)));
            assert_eq!(b.piece_at(Square::from_coords(f, Rank::Seventh)), Some(Piece::new(Color::Black, Role::Pawn)));
        }
        // The king stands between the rooks.
        let king = white.find('K').unwrap();
        let (r1, r2) = (white.find('R').unwrap(), white.rfind('R').unwrap());
        assert!(r1 < king && king < r2, "start {n}: {white}");
        // The bishops stand on opposite colours.
        let light = (b.by_role(Role::Bishop) & b.by_color(Color::White) & Bitboard::LIGHT_SQUARES).count();
        assert_eq!(light, 1, "start {n}: {white}");
        // A legal position with all four castling rights, White to move: 16 pawn moves, each
        // knight's jumps to the third rank (one from a corner, two elsewhere), and any castling
        // that is possible on move one.
        assert_eq!(pos.turn(), Color::White);
        assert_eq!(pos.castling_rights().count(), 4, "start {n}");
        assert!(pos.castling_rights().into_iter().all(|sq| b.role_at(sq) == Some(Role::Rook)));
        let moves = pos.legal_moves();
        let castles = moves.iter().filter(|m| m.is_castle()).count();
        let knight_jumps: usize = white.char_indices().filter(|(_, c)| *c == 'N').map(|(f, _)| if f == 0 || f == 7 { 1 } else { 2 }).sum();
        assert_eq!(moves.len() - castles, 16 + knight_jumps, "start {n}: {}", pos.fen());
        assert!(!pos.is_check());
        // Its FEN reads back to the same position in both notations.
        for fen in [pos.fen(), pos.fen_with(CastlingNotation::Shredder)] {
            let back = Position::from_fen(&fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("start {n}: {fen}: {e}"));
            assert_eq!(back.board(), pos.board());
            assert_eq!(back.castling_rights(), pos.castling_rights());
        }
    }
}

#[test]
fn all_960_are_distinct() {
    let ranks: HashSet<String> = all().iter().map(back_rank).collect();
    assert_eq!(ranks.len(), 960);
    let hashes: HashSet<u64> = all().iter().map(Position::zobrist_hash).collect();
    assert_eq!(hashes.len(), 960);
}

#[test]
fn castling_on_move_one() {
    // In some starts the king and a rook already stand on or next to their castling squares
    // (king f1 and rook g1, for one): castling is legal at once.
    let mut with_castling = 0;
    for (n, pos) in all().iter().enumerate() {
        let castles: Vec<String> = pos.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.uci(CastlingMode::Chess960)).collect();
        for uci in &castles {
            // Castling on move one needs nothing between the king and rook, and both
            // destinations already held by the king and rook themselves.
            let rank = back_rank(pos);
            let (king_from, rook_from) = (uci.as_bytes()[0] - b'a', uci.as_bytes()[2] - b'a');
            let (king_to, rook_to) = if rook_from > king_from { (6, 5) } else { (2, 3) };
            let used: HashSet<u8> = [king_from, rook_from].into();
            for sq in [king_to, rook_to] {
                assert!(used.contains(&sq), "start {n} ({rank}): castling {uci} onto an occupied square");
            }
        }
        with_castling += !castles.is_empty() as usize;
    }
    assert!(with_castling > 0);
    // RNBBQKRN: king f1, rook g1, O-O swaps them.
    let pos = Position::from_fen("rnbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/RNBBQKRN w GAga - 0 1", CastlingMode::Chess960).unwrap();
    let castles: Vec<String> = pos.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.uci(CastlingMode::Chess960)).collect();
    assert_eq!(castles, ["f1g1"]);
    let castle = pos.legal_moves().into_iter().find(|m| m.is_castle()).unwrap();
    assert_eq!(castle.uci(CastlingMode::Standard), "f1g1");
    let mut after = pos.clone();
    after.play(castle).unwrap();
    assert_eq!(after.fen(), "rnbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/RNBBQRKN b kq - 1 1");
}

/// Plays the castling move `uci` (king-to-rook) and returns the FEN.
fn castle(fen: &str, uci: &str) -> String {
    let mut pos = Position::from_fen(fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.uci(CastlingMode::Chess960) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {fen}"));
    assert!(m.is_castle(), "{uci} in {fen} should be castling");
    pos.play(m).unwrap();
    pos.fen_with(CastlingNotation::Shredder)
}

fn castling_moves(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut v: Vec<String> = pos.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.uci(CastlingMode::Chess960)).collect();
    v.sort();
    v
}

#[test]
fn castling_ends_where_standard_castling_does() {
    // King and rook adjacent: they swap.
    assert_eq!(castle("rk6/pp6/8/8/8/8/6PP/5KR1 w Ga - 0 1", "f1g1"), "rk6/pp6/8/8/8/8/6PP/5RK1 b a - 1 1");
    // Black's long castling from b8 with the a8 rook: king c8, rook d8.
    assert_eq!(castle("rk6/pp6/8/8/8/8/6PP/5KR1 b Ga - 0 1", "b8a8"), "2kr4/pp6/8/8/8/8/6PP/5KR1 w G - 1 2");
    // The rook already stands on the king's destination.
    assert_eq!(castle("2r1k3/8/8/8/8/8/8/4K1R1 w Gc - 0 1", "e1g1"), "2r1k3/8/8/8/8/8/8/5RK1 b c - 1 1");
    assert_eq!(castle("2r1k3/8/8/8/8/8/8/4K1R1 b Gc - 0 1", "e8c8"), "2kr4/8/8/8/8/8/8/4K1R1 w G - 1 2");
    // The king already stands on its destination: only the rook moves.
    assert_eq!(castle("r1k5/8/8/8/8/8/8/6KR w Ha - 0 1", "g1h1"), "r1k5/8/8/8/8/8/8/5RK1 b a - 1 1");
    assert_eq!(castle("r1k5/8/8/8/8/8/8/6KR b Ha - 0 1", "c8a8"), "2kr4/8/8/8/8/8/8/6KR w H - 1 2");
    // King on b1, short castling over the e1 rook's square to g1.
    assert_eq!(castle("1k6/8/8/8/8/8/8/RK2R3 w EA - 0 1", "b1e1"), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
    assert_eq!(castle("1k6/8/8/8/8/8/8/RK2R3 w EA - 0 1", "b1a1"), "1k6/8/8/8/8/8/8/2KRR3 b - - 1 1");
    // The inner rook holds the right; the king crosses four squares.
    assert_eq!(castle("7k/8/8/8/8/8/8/RR4K1 w B - 0 1", "g1b1"), "7k/8/8/8/8/8/8/R1KR4 b - - 1 1");
}

#[test]
fn castling_is_refused_when_it_must_be() {
    // The castling rook shields the king's destination from the a1 rook (king stays on c1).
    assert_eq!(castling_moves("7k/8/8/8/8/8/8/rRK5 w B - 0 1"), Vec::<String>::new());
    // Same with the king moving d1 -> c1, queen behind.
    assert_eq!(castling_moves("7k/8/8/8/8/8/8/qR1K4 w B - 0 1"), Vec::<String>::new());
    // Short side: king f1, rook g1, enemy rook h1.
    assert_eq!(castling_moves("k7/8/8/8/8/8/8/5KRr w G - 0 1"), Vec::<String>::new());
    // The king crosses an attacked square (d1).
    assert_eq!(castling_moves("k7/8/8/8/8/3r4/8/1R4K1 w B - 0 1"), Vec::<String>::new());
    // The king crosses the castling rook's own square, attacked through the rook (e8 rook).
    assert_eq!(castling_moves("1k2r3/8/8/8/8/8/8/RK2R3 w EAe - 0 1"), ["b1a1"]);
    // A piece on the rook's path blocks (knight b8), while an occupied b1 does not matter to
    // White's castling from d1 with the c1 rook.
    assert_eq!(castling_moves("rnk5/2p5/8/8/8/8/2P5/1NRK4 w Ca - 0 1"), ["d1c1"]);
    assert_eq!(castling_moves("rnk5/2p5/8/8/8/8/2P5/1NRK4 b Ca - 0 1"), Vec::<String>::new());
    // The rook may cross an attacked square (b1), only the king's squares matter.
    assert_eq!(castling_moves("1r5k/8/8/8/8/8/8/R1K5 w A - 0 1"), ["c1a1"]);
    // No castling out of check.
    assert_eq!(castling_moves("2r4k/8/8/8/8/8/8/R1K5 w A - 0 1"), Vec::<String>::new());
    // Black: a knight on the king's destination blocks short castling, long is fine.
    assert_eq!(castling_moves("1r2k1nr/8/8/8/8/8/8/RBK4R b HAhb - 0 1"), ["e8b8"]);
    // White: a bishop on the rook's path blocks long castling, short is fine.
    assert_eq!(castling_moves("1r2k1nr/8/8/8/8/8/8/RBK4R w HAhb - 0 1"), ["c1h1"]);
}

#[test]
fn castling_uci_in_both_notations() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard).unwrap();
    let mut std: Vec<String> = pos.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.uci(CastlingMode::Standard)).collect();
    let mut c960: Vec<String> = pos.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.uci(CastlingMode::Chess960)).collect();
    std.sort();
    c960.sort();
    assert_eq!(std, ["e1c1", "e1g1"]);
    assert_eq!(c960, ["e1a1", "e1h1"]);
    for m in pos.legal_moves().iter().filter(|m| m.is_castle()) {
        assert_eq!(m.from(), Square::E1);
        assert!(m.to() == Square::A1 || m.to() == Square::H1, "castling is stored king-to-rook");
        assert_eq!(m.role(), Role::King);
    }
}

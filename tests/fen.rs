#![cfg(not(target_arch = "wasm32"))]
//! FEN reading and writing: property tests (round trips on positions from random playouts, in
//! X-FEN and Shredder-FEN) and examples of each notation rule.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::{CastlingMode, CastlingNotation, Position, Setup, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position reached by `plies` random legal moves from the standard start (`chess960` =
/// `None`) or from Chess960 start `n`; stops early at mate or stalemate.
fn random_position(seed: u64, plies: usize, chess960: Option<u32>) -> Position {
    let mut pos = match chess960 {
        None => Position::new(),
        Some(n) => Position::chess960(n).expect("0..960 is a valid start number"),
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Prefer castling, en passant and promotions now and then, so their FEN effects show.
        let special: Vec<_> = moves.iter().copied().filter(|m| m.is_castle() || m.is_en_passant() || m.promotion().is_some()).collect();
        let m = if !special.is_empty() && rng.gen_bool(0.5) {
            special[rng.gen_range(0..special.len())]
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        pos.play_unchecked(m);
    }
    pos
}

fn position_strategy() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0usize..160, prop::option::weighted(0.5, 0u32..960)).prop_map(|(seed, plies, n)| random_position(seed, plies, n))
}

/// What a FEN says about a position, compared field by field (the hash's en passant state is
/// not in a FEN when the capture is illegal, so whole positions are not compared).
fn same_position(a: &Position, b: &Position) -> bool {
    let mut ma: Vec<String> = a.legal_moves().iter().map(|m| m.uci(CastlingMode::Chess960)).collect();
    let mut mb: Vec<String> = b.legal_moves().iter().map(|m| m.uci(CastlingMode::Chess960)).collect();
    ma.sort();
    mb.sort();
    a.board() == b.board()
        && a.turn() == b.turn()
        && a.castling_rights() == b.castling_rights()
        && a.ep_square() == b.ep_square()
        && a.halfmoves() == b.halfmoves()
        && a.fullmoves() == b.fullmoves()
        && a.castling_mode() == b.castling_mode()
        && ma == mb
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// fen -> parse -> fen is the identity (X-FEN, the default notation).
    #[test]
    fn xfen_round_trips(pos in position_strategy()) {
        let fen = pos.fen();
        let back = Position::from_fen(&fen, pos.castling_mode());
        prop_assert!(back.is_ok(), "{fen} does not parse back: {:?}", back.err());
        let back = back.unwrap();
        prop_assert_eq!(back.fen(), fen.clone());
        prop_assert!(same_position(&pos, &back), "{fen}: the parsed position differs");
    }

    /// The same in Shredder-FEN, and both notations describe the same rights.
    #[test]
    fn shredder_fen_round_trips(pos in position_strategy()) {
        let shredder = pos.fen_with(CastlingNotation::Shredder);
        let back = Position::from_fen(&shredder, pos.castling_mode());
        prop_assert!(back.is_ok(), "{shredder} does not parse back: {:?}", back.err());
        let back = back.unwrap();
        prop_assert_eq!(back.fen_with(CastlingNotation::Shredder), shredder.clone());
        prop_assert_eq!(back.fen(), pos.fen());
        prop_assert!(same_position(&pos, &back), "{shredder}: the parsed position differs");
        // Shredder-FEN names every castling rook by its file.
        let castling = shredder.split(' ').nth(2).unwrap();
        prop_assert!(castling == "-" || castling.chars().all(|c| c.is_ascii_alphabetic() && "abcdefgh".contains(c.to_ascii_lowercase())), "{shredder}");
    }

    /// Setup::from_fen and Setup::fen are inverse, and Position::to_setup writes the same FEN.
    #[test]
    fn setup_round_trips(pos in position_strategy()) {
        let fen = pos.fen();
        let setup = Setup::from_fen(&fen);
        prop_assert!(setup.is_ok(), "{fen}: {:?}", setup.err());
        let setup = setup.unwrap();
        prop_assert_eq!(setup.fen(CastlingNotation::Standard), fen.clone());
        prop_assert_eq!(pos.to_setup(), setup.clone());
        prop_assert_eq!(Position::from_setup(setup, pos.castling_mode()).map(|p| p.fen()), Ok(fen));
    }

    /// A Chess960 FEN read in Chess960 mode gives the same castling rights in both notations.
    #[test]
    fn notations_agree_on_rights(pos in position_strategy()) {
        let x = Setup::from_fen(&pos.fen()).unwrap();
        let s = Setup::from_fen(&pos.fen_with(CastlingNotation::Shredder)).unwrap();
        prop_assert_eq!(x.castling_rights, s.castling_rights);
        prop_assert_eq!(x.castling_rights, pos.castling_rights());
    }

    /// Every FEN the library writes has six fields in canonical form.
    #[test]
    fn written_fen_is_canonical(pos in position_strategy()) {
        let fen = pos.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        prop_assert_eq!(fields.len(), 6, "{}", fen);
        prop_assert_eq!(fields[0].split('/').count(), 8);
        prop_assert!(fields[1] == "w" || fields[1] == "b");
        prop_assert!(fields[3] == "-" || fields[3].parse::<Square>().is_ok());
        prop_assert_eq!(fields[4].parse::<u32>().ok(), Some(pos.halfmoves()));
        prop_assert_eq!(fields[5].parse::<u32>().ok(), Some(pos.fullmoves()));
        // No two digits in a row, no rank longer than 8.
        for rank in fields[0].split('/') {
            let mut width = 0;
            let mut prev_digit = false;
            for c in rank.chars() {
                let d = c.to_digit(10);
                prop_assert!(!(prev_digit && d.is_some()), "{}", fen);
                prev_digit = d.is_some();
                width += d.unwrap_or(1);
            }
            prop_assert_eq!(width, 8, "{}", fen);
        }
    }
}

fn fen_of(fen: &str, mode: CastlingMode) -> String {
    Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}")).fen()
}

#[test]
fn start_position_fen() {
    assert_eq!(Position::new().fen(), START);
    assert_eq!(Position::new().fen_with(CastlingNotation::Shredder), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    assert_eq!(Setup::start().fen(CastlingNotation::Standard), START);
    assert_eq!(fen_of(START, CastlingMode::Standard), START);
    // Shredder-FEN input is accepted in standard chess too and written as KQkq.
    assert_eq!(fen_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", CastlingMode::Standard), START);
}

#[test]
fn counters_may_be_left_out() {
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", CastlingMode::Standard).unwrap();
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (0, 1));
    assert_eq!(pos.fen(), START);
}

#[test]
fn counters_are_kept() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(fen_of(fen, CastlingMode::Standard), fen);
    let fen = "8/8/8/4k3/8/8/8/4K3 b - - 99 200";
    assert_eq!(fen_of(fen, CastlingMode::Standard), fen);
}

#[test]
fn en_passant_square_only_when_a_capture_is_legal() {
    // No black pawn can capture: the square is dropped.
    assert_eq!(
        fen_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", CastlingMode::Standard),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A legal capture exists: kept.
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(fen_of(fen, CastlingMode::Standard), fen);
    // The capturing pawn is pinned on a diagonal: dropped.
    assert_eq!(fen_of("k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1", CastlingMode::Standard), "k7/8/8/8/3Pp3/8/8/4K2B b - - 0 1");
    // Pinned, but the capture stays on the pin line: kept.
    let fen = "8/7k/8/8/3Pp3/8/8/1B2K3 b - d3 0 1";
    assert_eq!(fen_of(fen, CastlingMode::Standard), fen);
    // Rank pin (both pawns leave the fifth rank): dropped.
    assert_eq!(fen_of("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1", CastlingMode::Standard), "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1");
}

#[test]
fn en_passant_square_after_a_double_step() {
    let mut pos = Position::from_fen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", CastlingMode::Standard).unwrap();
    let e4 = pos.legal_moves().into_iter().find(|m| m.uci(CastlingMode::Standard) == "e2e4").unwrap();
    pos.play(e4).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
    assert_eq!(pos.ep_square(), Some(Square::E3));
}

#[test]
fn chess960_start_positions_in_xfen_and_shredder_fen() {
    let pos = Position::chess960(0).unwrap();
    assert_eq!(pos.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert_eq!(pos.fen_with(CastlingNotation::Shredder), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    let pos = Position::chess960(518).unwrap();
    assert_eq!(pos.fen(), START);
    // Every start position reads back from both notations.
    for n in 0..960 {
        let pos = Position::chess960(n).unwrap();
        for fen in [pos.fen(), pos.fen_with(CastlingNotation::Shredder)] {
            let back = Position::from_fen(&fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back.fen(), pos.fen(), "start {n}");
            assert_eq!(back.castling_rights(), pos.castling_rights(), "start {n}");
        }
    }
}

#[test]
fn xfen_uses_a_file_letter_only_for_an_inner_rook() {
    // Two rooks on the king side; the right belongs to the inner one (g1): "K" would mean h1.
    let inner = "4k3/8/8/8/8/8/8/4K1RR w G - 0 1";
    assert_eq!(fen_of(inner, CastlingMode::Chess960), inner);
    let pos = Position::from_fen(inner, CastlingMode::Chess960).unwrap();
    assert_eq!(pos.castling_rights(), Square::G1.into());
    // The outer rook's right is written K, and read back from K or H.
    assert_eq!(fen_of("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", CastlingMode::Chess960), "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
    assert_eq!(fen_of("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", CastlingMode::Chess960), "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
    // Same on the queen side and for Black.
    assert_eq!(fen_of("1rr1k3/8/8/8/8/8/8/4K3 b c - 0 1", CastlingMode::Chess960), "1rr1k3/8/8/8/8/8/8/4K3 b c - 0 1");
    assert_eq!(fen_of("1rr1k3/8/8/8/8/8/8/4K3 b b - 0 1", CastlingMode::Chess960), "1rr1k3/8/8/8/8/8/8/4K3 b q - 0 1");
    // Both rights of one side: outer first as K/Q.
    assert_eq!(
        fen_of("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", CastlingMode::Chess960),
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"
    );
}

#[test]
fn castling_rights_follow_moves() {
    let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard).unwrap();
    let play = |pos: &mut Position, uci: &str| {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.uci(CastlingMode::Standard) == uci)
            .unwrap_or_else(|| panic!("{uci} not legal in {}", pos.fen()));
        pos.play(m).unwrap();
    };
    play(&mut pos, "h1h8"); // captures the h8 rook: White loses K, Black loses k
    assert_eq!(pos.fen(), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
    play(&mut pos, "e8d7");
    assert_eq!(pos.fen(), "r6R/3k4/8/8/8/8/8/R3K3 w Q - 1 2");
    play(&mut pos, "e1c1");
    assert_eq!(pos.fen(), "r6R/3k4/8/8/8/8/8/2KR4 b - - 2 2");
}

#![cfg(not(target_arch = "wasm32"))]
//! Zobrist hashing: Polyglot's published keys, and the incrementally updated hash against one
//! computed from scratch along random games (standard and Chess960).
//!
//! Polyglot hashes the en passant file whenever a pawn of the side to move stands beside the
//! pawn that just made a double step, whether or not the capture is legal. A FEN names the
//! square only when the capture is legal, so the from-scratch hash is computed from a FEN
//! whose en passant field is set to the skipped square after every double step.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::{CastlingMode, Position, Role};

fn play_uci(pos: &mut Position, uci: &str) {
    let mode = pos.castling_mode();
    let m = pos.legal_moves().into_iter().find(|m| m.uci(mode) == uci).unwrap_or_else(|| panic!("{uci} is not legal in {}", pos.fen()));
    pos.play(m).unwrap();
}

fn hash_of(fen: &str, mode: CastlingMode) -> u64 {
    Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}")).zobrist_hash()
}

/// The test positions of the Polyglot book format description (H.G. Muller's "PolyGlot opening
/// book format" page), also checked with python-chess's `chess.polyglot.zobrist_hash`.
const POLYGLOT: [(&str, &str, u64); 9] = [
    ("", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c),
    ("e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0x823c9b50fd114196),
    ("e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 0x0756b94461c50fb0),
    ("e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4),
    ("e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78),
    ("e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3", 0x652a607ca3f242c1),
    ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4", 0x00fdd303c946bdd9),
    ("a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637),
    ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4", 0x5c3f9b829b279560),
];

#[test]
fn polyglot_keys_by_playing_the_moves() {
    for (moves, fen, key) in POLYGLOT {
        let mut pos = Position::new();
        for m in moves.split_whitespace() {
            play_uci(&mut pos, m);
        }
        assert_eq!(pos.fen(), fen, "after {moves:?}");
        assert_eq!(pos.zobrist_hash(), key, "after {moves:?}: got {:#018x}", pos.zobrist_hash());
    }
}

#[test]
fn polyglot_keys_from_fen() {
    for (moves, fen, key) in POLYGLOT {
        assert_eq!(hash_of(fen, CastlingMode::Standard), key, "{fen} (after {moves:?})");
        // The castling mode does not change the hash of the same position.
        assert_eq!(hash_of(fen, CastlingMode::Chess960), key, "{fen} read as Chess960");
    }
}

#[test]
fn polyglot_hashes_pseudo_legal_en_passant() {
    // The e4 pawn is pinned: the capture on d3 is illegal, but Polyglot still hashes the file
    // (values from python-chess 1.x, chess.polyglot.zobrist_hash).
    assert_eq!(hash_of("k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1", CastlingMode::Standard), 0xe40eb9b7f47555db);
    assert_eq!(hash_of("k7/8/8/8/3Pp3/8/8/4K2B b - - 0 1", CastlingMode::Standard), 0xf8976764c8cdc57a);
    assert_eq!(hash_of("8/7k/8/8/3Pp3/8/8/1B2K3 b - d3 0 1", CastlingMode::Standard), 0x6c62c1a6a1714bc6);
    // No pawn beside the double-stepped one: the en passant square is not hashed.
    assert_eq!(
        hash_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", CastlingMode::Standard),
        hash_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", CastlingMode::Standard),
    );
}

#[test]
fn standard_start_is_the_same_in_chess960() {
    assert_eq!(Position::chess960(518).unwrap().zobrist_hash(), 0x463b96181691fc9c);
    assert_eq!(hash_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", CastlingMode::Chess960), 0x463b96181691fc9c);
}

#[test]
fn hash_differs_by_turn_castling_and_en_passant() {
    let base = hash_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard);
    let others = [
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
    ];
    for fen in others {
        assert_ne!(hash_of(fen, CastlingMode::Standard), base, "{fen}");
    }
    // The counters are not hashed.
    assert_eq!(hash_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 17 40", CastlingMode::Standard), base);
}

/// The FEN of `pos` with the en passant field set to `skipped` (Polyglot's view), if any.
fn fen_with_ep(pos: &Position, skipped: Option<rocada::Square>) -> String {
    let fen = pos.fen();
    match skipped {
        None => fen,
        Some(sq) => {
            let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
            fields[3] = sq.to_string();
            fields.join(" ")
        }
    }
}

/// Plays a random game, checking after every move that the incremental hash equals the hash
/// of a position built afresh from the FEN. Returns the number of positions checked.
fn check_game(seed: u64, plies: usize, chess960: Option<u32>) -> Result<usize, String> {
    let mut pos = match chess960 {
        None => Position::new(),
        Some(n) => Position::chess960(n).unwrap(),
    };
    let mode = pos.castling_mode();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut line = Vec::new();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(ply);
        }
        let special: Vec<_> = moves.iter().copied().filter(|m| m.is_castle() || m.is_en_passant() || m.promotion().is_some()).collect();
        let m = if !special.is_empty() && rng.gen_bool(0.5) {
            special[rng.gen_range(0..special.len())]
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        let double_step = m.role() == Role::Pawn && (m.from() as u32).abs_diff(m.to() as u32) == 16;
        let skipped = double_step.then(|| rocada::Square::new((m.from() as u32 + m.to() as u32) / 2));
        line.push(m.uci(mode));
        pos.play_unchecked(m);
        let fen = fen_with_ep(&pos, skipped);
        let fresh = Position::from_fen(&fen, mode).map_err(|e| format!("{fen} (after {}): {e}", line.join(" ")))?;
        if fresh.zobrist_hash() != pos.zobrist_hash() {
            return Err(format!(
                "incremental {:#018x} != from scratch {:#018x} for {fen} after {} (start {chess960:?})",
                pos.zobrist_hash(),
                fresh.zobrist_hash(),
                line.join(" ")
            ));
        }
    }
    Ok(plies)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn incremental_hash_equals_recomputed(seed in any::<u64>(), plies in 1usize..200, start in prop::option::weighted(0.5, 0u32..960)) {
        let checked = check_game(seed, plies, start);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

#[test]
fn incremental_hash_in_many_games() {
    let mut total = 0;
    for seed in 0..300u64 {
        let start = if seed % 2 == 0 { None } else { Some((seed * 37 % 960) as u32) };
        total += check_game(seed, 150, start).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(total > 20_000, "only {total} positions checked");
}

#[test]
fn hashes_of_distinct_positions_rarely_collide() {
    // Every position of a few thousand random plies: distinct FENs must give distinct hashes
    // (a collision in so few positions would point at a missing or repeated key).
    use std::collections::HashMap;
    let mut seen: HashMap<u64, String> = HashMap::new();
    let mut rng = SmallRng::seed_from_u64(7);
    for game in 0..60 {
        let mut pos = if game % 2 == 0 { Position::new() } else { Position::chess960(rng.gen_range(0..960)).unwrap() };
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            // Placement, turn, castling and en passant: what the hash covers.
            let key = pos.fen().split(' ').take(4).collect::<Vec<_>>().join(" ");
            if let Some(other) = seen.insert(pos.zobrist_hash(), key.clone()) {
                // The same hash is fine only for the same position (a repetition).
                assert_eq!(other, key, "hash collision");
            }
        }
    }
}

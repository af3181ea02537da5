#![cfg(not(target_arch = "wasm32"))]
//! The mate suite, tests/data/mates.epd: positions where the side to move mates in 1, 2 or
//! 3 moves, taken from engine games and verified with Stockfish 15.1 (shortest mate, depth
//! 24; scripts/match/make_mates.py). A position is solved when the search reports
//! `Score::Mate(n)` with `n` no more than the stated distance and plays a legal move.
//!
//! - `mate_suite_sample`: every fifth position (226) within 1 000 000 nodes each (about 1 s
//!   natively), at least 99% solved, the bar (a node-bounded search stops once its mate
//!   is proven: always on, a few seconds). The bar is not 100% because a change to pruning
//!   or evaluation can hide one such mate: mates.1056 (mate in 3 by a pawn check and a quiet
//!   queen move, in a position already won by a queen) was missed even at 4,000,000 nodes by
//!   one build of 2026-12-01; the build with correction history and the evaluation re-tuned
//!   on 780,228 positions finds it at 194,000 nodes and solves all 1127 at 1 s; 9b00ea2's
//!   at 1,694,000 nodes (0.8 s), and 946f435's, with correction by pieces as well as pawns,
//!   at 3,021,000 (2.2 s: 1126 / 1127 at 1 s), c26bdcf's, with the 50-move scaling, within
//!   1 s again (1127 / 1127): which pruning hides it is luck of the tree;
//! - `mate_suite_full` (`#[ignore]`, release): every position at 1 s each, at least 99%:
//!   `cargo test --release --test tactics -- --ignored`.

use rocada::search::{Limits, Score, Search};
use rocada::{CastlingMode, Position};

/// `(id, position, moves to mate)` of every line of the suite.
fn suite() -> Vec<(String, Position, i32)> {
    let text = include_str!("data/mates.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let (fen, ops) = line.split_once(" dm ").expect("dm operation");
            let (n, rest) = ops.split_once(';').expect("dm ends with ;");
            let id = rest.split('"').nth(1).unwrap_or(fen).to_string();
            let pos = Position::from_fen(&format!("{fen} 0 1"), CastlingMode::Standard).expect(fen);
            (id, pos, n.trim().parse().expect("mate distance"))
        })
        .collect()
}

/// Whether a search within `limits` finds the mate; the failure message otherwise.
fn solve(search: &mut Search, pos: &Position, n: i32, limits: Limits) -> Result<(), String> {
    search.clear();
    let r = search.go(pos, &[], limits, &mut |_| {}, &mut || false);
    let legal = r.best_move.is_some_and(|m| pos.is_legal(m));
    match r.score {
        Score::Mate(m) if legal && m > 0 && m <= n => Ok(()),
        other => Err(format!("{other:?}, {:?}, depth {}", r.best_move.map(|m| m.uci(CastlingMode::Standard)), r.depth)),
    }
}

#[test]
fn the_suite_is_large_and_well_formed() {
    let suite = suite();
    assert!(suite.len() >= 300, "{} positions", suite.len());
    for n in 1..=3 {
        assert!(suite.iter().filter(|s| s.2 == n).count() >= 30, "too few mates in {n}");
    }
    for (id, pos, _) in &suite {
        assert!(!pos.legal_moves().is_empty(), "{id}: no move");
    }
}

#[test]
fn mate_suite_sample() {
    let mut search = Search::new(16);
    let failures: Vec<String> = suite()
        .iter()
        .step_by(5)
        .filter_map(|(id, pos, n)| solve(&mut search, pos, *n, Limits::nodes(1_000_000)).err().map(|e| format!("{id}: {e}")))
        .collect();
    let total = suite().iter().step_by(5).count();
    let solved = total - failures.len();
    println!("mate sample: {solved} / {total} solved within 1,000,000 nodes; missed: {failures:#?}");
    assert!(solved * 100 >= total * 99, "{solved} / {total}: {failures:#?}");
}

/// The blind spot of issue 34: Black mates in 3 with the quiet `Rh2` (threatening
/// `Qxe2+`), while every other White piece hangs. The static evaluation of those positions is
/// 13 pawns below what the search already knows, so the null move after `Rh2`, reduced into the
/// quiescence search, refuted it at every depth below 19 (2.1 M nodes). No null move with a
/// piece en prise: found at depth 12, 58,000 nodes.
#[test]
fn a_quiet_mating_threat_beside_hanging_pieces() {
    let pos = Position::from_fen("rnb5/p3p3/2p1kpp1/1p5r/P5P1/2P1PP2/RP4q1/1N1K2N1 b - - 0 20", CastlingMode::Standard).unwrap();
    let mut search = Search::new(16);
    solve(&mut search, &pos, 3, Limits::nodes(200_000)).unwrap();
}

/// A quiet mate in a decided position (mates.139): Black, 15 pawns up, mates in 2 with `g3` and
/// `Qh2#`. Where `Qh2#` would be played, reverse futility pruning and the null move returned
/// the static evaluation, so `g3` looked no better than the other winning moves and was never
/// searched with a full window (no mate at depth 14). No such pruning above a decisive
/// evaluation (`PRUNE_DECISIVE`): mate in 2 at once.
#[test]
fn a_quiet_mate_in_a_decided_position() {
    let pos = Position::from_fen("r3k1nr/1pp1b3/p1p1Pp2/8/3p2pq/2P2P2/PP1NQ1P1/R1B2RK1 b kq - 0 1", CastlingMode::Standard).unwrap();
    let mut search = Search::new(16);
    solve(&mut search, &pos, 2, Limits::nodes(200_000)).unwrap();
}

/// A quiet sacrifice whose threat is a quiet mate in one (WAC.001): White mates in 2 with `Qg6`
/// (`Qh7#` next; `fxg6` `Nxg6#`). Below every reply the null move asked what White threatens
/// and answered with the quiescence search, which plays no quiet move, or razored White's reply
/// into it: `Qg6` stayed refuted until depth 19 (1,761,014 nodes). The reply to a null move now
/// gets one full-width ply and is never razored: mate at depth 16, 281,480 nodes.
#[test]
fn a_quiet_threat_behind_the_null_move() {
    let pos = Position::from_fen("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", CastlingMode::Standard).unwrap();
    let mut search = Search::new(16);
    solve(&mut search, &pos, 2, Limits::nodes(600_000)).unwrap();
}

#[test]
#[ignore = "about 1 s per position: cargo test --release --test tactics -- --ignored"]
fn mate_suite_full() {
    let suite = suite();
    let mut search = Search::new(64);
    let failures: Vec<String> = suite
        .iter()
        .filter_map(|(id, pos, n)| solve(&mut search, pos, *n, Limits::movetime(1000)).err().map(|e| format!("{id}: {e}")))
        .collect();
    let solved = suite.len() - failures.len();
    println!("mates: {solved} / {} solved at 1 s each; missed: {failures:#?}", suite.len());
    assert!(solved * 100 >= suite.len() * 99, "{solved} / {}: {failures:#?}", suite.len());
}

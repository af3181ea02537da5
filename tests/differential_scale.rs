#![cfg(not(target_arch = "wasm32"))]
//! Differential testing at scale: Rocada's game layer against shakmaty 0.30.1 (an independent
//! implementation, a dev-dependency only) on positions from
//! - the PGN corpus (`tests/data/pgn`: every position of every main line and variation, and
//!   random continuations from each main-line position: real-looking games),
//! - random games from the standard start (a third of the moves "special": captures, castling,
//!   en passant, promotions; some games shuffle pieces back and forth, to repeat positions),
//! - random games from random Chess960 starts.
//!
//! At every position: the legal moves, move for move; the SAN of every legal move (shakmaty's
//! `SanPlus`), and that Rocada reads shakmaty's SAN back, strictly, as the same move; check,
//! checkmate, stalemate; insufficient material (shakmaty's, per side, against Rocada's
//! `has_insufficient_material`, and both sides against the dead-position rule); the Polyglot
//! hash. Along games played in the game layer, also the draw claims where shakmaty can decide
//! them: the 50- and 75-move counts, the repetition count (counted here on shakmaty's hashes),
//! threefold and fivefold repetition, and whether a threefold or 50-move claim is possible now
//! or by declaring a move.
//!
//! The always-on test compares 30,000 positions; the million-position run is `#[ignore]`d:
//! `cargo test --release --test differential_scale -- --ignored --nocapture`.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::pgn::{self, Line};
use rocada::{parse_san, san_all, CastlingMode, Color, Game, Move, Position, SanOptions, SanStyle};
use rocada_testkit::pick_special_or_any;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode as SMode, Chess, EnPassantMode, Position as _};
use std::collections::HashMap;

/// Stop collecting after this many mismatches.
const MAX_ERRORS: usize = 30;

/// What was compared, so a run shows it covered the rules.
#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    corpus: usize,
    chess960: usize,
    moves: usize,
    checkmates: usize,
    stalemates: usize,
    insufficient: usize,
    fifty: usize,
    threefold: usize,
    claims_by_move: usize,
}

struct Diff {
    tally: Tally,
    errors: Vec<String>,
}

impl Diff {
    fn new() -> Diff {
        Diff { tally: Tally::default(), errors: Vec::new() }
    }

    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok && self.errors.len() < MAX_ERRORS {
            self.errors.push(what());
        }
    }

    fn report(&self) {
        assert!(
            self.errors.is_empty(),
            "{} disagreement(s) with shakmaty ({:?}):\n{}",
            self.errors.len(),
            self.tally,
            self.errors.join("\n")
        );
    }

    fn full(&self) -> bool {
        self.errors.len() >= MAX_ERRORS
    }
}

fn smode(mode: CastlingMode) -> SMode {
    match mode {
        CastlingMode::Standard => SMode::Standard,
        CastlingMode::Chess960 => SMode::Chess960,
    }
}

/// shakmaty's position from a FEN Rocada read.
fn theirs_from(fen: &str, mode: CastlingMode) -> Chess {
    fen.parse::<Fen>().expect("shakmaty parses").into_position(smode(mode)).expect("shakmaty accepts")
}

/// shakmaty's move for a Rocada move (king-onto-rook UCI for castling).
fn their_move(theirs: &Chess, m: Move) -> shakmaty::Move {
    let uci = m.uci(CastlingMode::Chess960);
    uci.parse::<UciMove>().ok().and_then(|u| u.to_move(theirs).ok()).unwrap_or_else(|| panic!("shakmaty: {uci} is illegal"))
}

/// Compares one position: moves, SAN, status, insufficient material, hash.
fn compare_position(d: &mut Diff, ours: &Position, theirs: &Chess) {
    let t = &mut d.tally;
    t.positions += 1;
    t.chess960 += usize::from(ours.castling_mode() == CastlingMode::Chess960);
    let fen = || ours.fen();

    // Moves and their SAN, keyed by king-onto-rook UCI.
    let our_san: HashMap<String, (Move, String)> =
        san_all(ours, SanStyle::default()).into_iter().map(|(m, s)| (m.uci(CastlingMode::Chess960), (m, s))).collect();
    let their_moves = theirs.legal_moves();
    d.tally.moves += their_moves.len();
    d.check(our_san.len() == their_moves.len(), || format!("{} legal moves, shakmaty {} in {}", our_san.len(), their_moves.len(), fen()));
    for t in &their_moves {
        let uci = t.to_uci(SMode::Chess960).to_string();
        let san = SanPlus::from_move(theirs.clone(), *t).to_string();
        match our_san.get(&uci) {
            None => d.check(false, || format!("missing move {uci} ({san}) in {}", fen())),
            Some((m, ours_san)) => {
                d.check(*ours_san == san, || format!("SAN of {uci}: Rocada {ours_san}, shakmaty {san} in {}", fen()));
                let strict = SanOptions { strict: true, ..SanOptions::default() };
                let back = parse_san(ours, &san, &strict);
                d.check(back == Ok(*m), || format!("shakmaty's SAN {san} reads as {back:?}, not {m:?}, in {}", fen()));
            }
        }
    }

    d.check(ours.is_check() == theirs.is_check(), || format!("check differs in {}", fen()));
    d.check(ours.is_checkmate() == theirs.is_checkmate(), || format!("checkmate differs in {}", fen()));
    d.check(ours.is_stalemate() == theirs.is_stalemate(), || format!("stalemate differs in {}", fen()));
    d.tally.checkmates += usize::from(ours.is_checkmate());
    d.tally.stalemates += usize::from(ours.is_stalemate());
    for color in Color::ALL {
        let a = rocada::game::has_insufficient_material(ours, color);
        let b = theirs.has_insufficient_material(if color == Color::White { shakmaty::Color::White } else { shakmaty::Color::Black });
        d.check(a == b, || format!("insufficient material of {color:?}: Rocada {a}, shakmaty {b} in {}", fen()));
    }
    if theirs.is_insufficient_material() {
        d.tally.insufficient += 1;
        d.check(rocada::game::dead_position(ours).is_some(), || format!("no mating material, but not a dead position: {}", fen()));
    }
    let hash = theirs.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0;
    d.check(ours.zobrist_hash() == hash, || format!("hash differs in {}", fen()));
}

/// A game played in both libraries, with shakmaty's repetition keys (the Polyglot hash with the
/// en passant file only when the capture is legal, as FIDE counts positions).
struct Pair {
    game: Game,
    theirs: Vec<Chess>,
    keys: Vec<u64>,
}

fn key(c: &Chess) -> u64 {
    c.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl Pair {
    fn new(ours: Position, theirs: Chess) -> Pair {
        let keys = vec![key(&theirs)];
        Pair { game: Game::from_position(ours), theirs: vec![theirs], keys }
    }

    fn theirs(&self) -> &Chess {
        self.theirs.last().expect("a position")
    }

    /// How often `k` occurs among the last `window` positions, the current one last, with `k`
    /// counted as if it were one more position.
    fn count_after(&self, k: u64, halfmoves: u32) -> usize {
        let window = (halfmoves as usize).min(self.keys.len());
        1 + self.keys[self.keys.len() - window..].iter().filter(|&&x| x == k).count()
    }

    fn play(&mut self, m: Move) {
        let mut next = self.theirs().clone();
        next.play_unchecked(their_move(&next, m));
        self.game.play(m).expect("a legal move");
        self.keys.push(key(&next));
        self.theirs.push(next);
    }

    /// Compares the position and the game's draw rules.
    fn compare(&self, d: &mut Diff) {
        let (ours, theirs) = (self.game.position(), self.theirs());
        compare_position(d, ours, theirs);
        let fen = || ours.fen();
        let status = self.game.status();
        let halfmoves = theirs.halfmoves();
        d.check(status.fifty_moves == (halfmoves >= 100), || format!("50 moves: {} at {halfmoves} in {}", status.fifty_moves, fen()));
        d.check(status.seventy_five_moves == (halfmoves >= 150), || {
            format!("75 moves: {} at {halfmoves} in {}", status.seventy_five_moves, fen())
        });
        let count = {
            let here = *self.keys.last().expect("a key");
            let window = (halfmoves as usize + 1).min(self.keys.len());
            self.keys[self.keys.len() - window..].iter().filter(|&&x| x == here).count()
        };
        d.check(self.game.repetition_count() == count, || {
            format!("repetitions: Rocada {}, counted {count} in {}", self.game.repetition_count(), fen())
        });
        d.check(status.threefold_repetition == (count >= 3), || {
            format!("threefold: {} for {count} in {}", status.threefold_repetition, fen())
        });
        d.check(status.fivefold_repetition == (count >= 5), || {
            format!("fivefold: {} for {count} in {}", status.fivefold_repetition, fen())
        });
        d.tally.fifty += usize::from(halfmoves >= 100);
        d.tally.threefold += usize::from(count >= 3);
        if status.game_over {
            d.check(!status.can_claim_draw, || format!("a claim after the end in {}", fen()));
            return;
        }
        // Claims now or by declaring a move (the move's position counted in).
        let mut by_fifty = halfmoves >= 100;
        let mut by_threefold = count >= 3;
        for t in theirs.legal_moves() {
            let mut next = theirs.clone();
            next.play_unchecked(t);
            let h = next.halfmoves();
            by_fifty |= h >= 100;
            if h > 0 {
                let c = self.count_after(key(&next), h);
                by_threefold |= c >= 3;
                d.tally.claims_by_move += usize::from(c >= 3 && count < 3);
            }
        }
        d.check(status.can_claim_fifty == by_fifty, || {
            format!("50-move claim: Rocada {}, shakmaty {by_fifty} in {}", status.can_claim_fifty, fen())
        });
        d.check(status.can_claim_threefold == by_threefold, || {
            format!(
                "threefold claim: Rocada {}, counted {by_threefold} in {} after {:?}",
                status.can_claim_threefold,
                fen(),
                self.game.moves()
            )
        });
    }
}

/// A random move: a third of the time a special one when there is one; when `shuffle`, often
/// the move that takes back the side's last move (a piece going back), to repeat positions.
fn pick(game: &Game, rng: &mut SmallRng, shuffle: bool) -> Option<Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let pos = game.position();
    if shuffle && rng.gen_bool(0.6) {
        let played = game.moves();
        if played.len() >= 2 {
            let mine = played[played.len() - 2];
            if let Some(back) = moves.iter().find(|m| m.from() == mine.to() && m.to() == mine.from() && !m.is_castle()) {
                return Some(*back);
            }
        }
    }
    Some(pick_special_or_any(pos, &moves, rng))
}

/// Plays a random game from `pair`, comparing every position, until `budget` positions.
fn playout(d: &mut Diff, mut pair: Pair, max_plies: usize, shuffle: bool, rng: &mut SmallRng, budget: usize) {
    for _ in 0..=max_plies {
        pair.compare(d);
        if d.full() || d.tally.positions >= budget {
            return;
        }
        let Some(m) = pick(&pair.game, rng, shuffle) else {
            return;
        };
        pair.play(m);
    }
}

/// Every position of a line and its variations (from `pos`), compared without history.
fn walk_line(d: &mut Diff, line: &Line, pos: &Position, theirs: &Chess) {
    let (mut pos, mut theirs) = (pos.clone(), theirs.clone());
    for node in &line.nodes {
        for v in &node.variations {
            walk_line(d, v, &pos, &theirs);
        }
        theirs.play_unchecked(their_move(&theirs, node.mv));
        pos.play(node.mv).expect("the reader resolved a legal move");
        compare_position(d, &pos, &theirs);
        d.tally.corpus += 1;
    }
}

/// The corpus games: every position, then `continuations` random continuations of up to 24
/// plies from each main-line position.
fn corpus(d: &mut Diff, rng: &mut SmallRng, continuations: usize, budget: usize) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut files: Vec<_> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "pgn")).collect();
    files.sort();
    let mut starts = Vec::new();
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        for game in pgn::Reader::new(&bytes[..]) {
            let game = game.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let mode = game.start.castling_mode();
            let their_start = theirs_from(&game.start.fen_with(rocada::CastlingNotation::Shredder), mode);
            compare_position(d, &game.start, &their_start);
            walk_line(d, &game.root, &game.start, &their_start);
            // The main line in the game layer, each position a start for continuations.
            let mut pair = Pair::new(game.start.clone(), their_start);
            pair.compare(d);
            for node in &game.root.nodes {
                if pair.game.is_game_over() {
                    break;
                }
                pair.play(node.mv);
                pair.compare(d);
                starts.push((pair.game.position().clone(), pair.theirs().clone()));
            }
        }
    }
    'outer: for _ in 0..continuations {
        for (pos, theirs) in &starts {
            if d.full() || d.tally.positions >= budget {
                break 'outer;
            }
            let plies = rng.gen_range(1..=24);
            playout(d, Pair::new(pos.clone(), theirs.clone()), plies, rng.gen_bool(0.2), rng, budget);
        }
    }
}

/// Compares `total` positions: a fifth from the corpus, the rest from random standard and
/// Chess960 games; returns the tally.
fn run(total: usize, seed: u64) -> Tally {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut d = Diff::new();
    let corpus_share = total / 5;
    let continuations = 1 + corpus_share / 6_000;
    corpus(&mut d, &mut rng, continuations, corpus_share);
    let mut game = 0u64;
    while d.tally.positions < total && !d.full() {
        let (ours, theirs) = if game % 2 == 0 {
            (Position::new(), Chess::default())
        } else {
            let n = rng.gen_range(0..960);
            let back_rank = rocada_testkit::scharnagl_back_rank(n);
            let ours = Position::chess960(n).expect("a Chess960 start");
            assert_eq!(ours.board().board_fen().split('/').next_back(), Some(back_rank.as_str()));
            let theirs = theirs_from(&ours.fen_with(rocada::CastlingNotation::Shredder), CastlingMode::Chess960);
            (ours, theirs)
        };
        let shuffle = game % 5 == 4;
        let max_plies = if rng.gen_bool(0.3) { 400 } else { rng.gen_range(20..=160) };
        playout(&mut d, Pair::new(ours, theirs), max_plies, shuffle, &mut rng, total);
        game += 1;
    }
    d.report();
    eprintln!("compared {} positions ({game} random games): {:?}", d.tally.positions, d.tally);
    d.tally
}

#[test]
fn thirty_thousand_positions_agree_with_shakmaty() {
    let t = run(30_000, 1);
    assert!(t.positions >= 30_000 && t.corpus >= 5_000 && t.chess960 >= 5_000, "{t:?}");
    assert!(t.checkmates > 10 && t.stalemates > 0 && t.insufficient > 20 && t.fifty > 20 && t.threefold > 100, "{t:?}");
}

#[test]
#[ignore = "a million positions: run with --release -- --ignored --nocapture"]
fn a_million_positions_agree_with_shakmaty() {
    let start = std::time::Instant::now();
    let t = run(1_000_000, 2);
    eprintln!("{:.1} s", start.elapsed().as_secs_f64());
    assert!(t.positions >= 1_000_000 && t.corpus >= 5_000 && t.chess960 >= 300_000, "{t:?}");
    assert!(t.claims_by_move > 100, "{t:?}");
}

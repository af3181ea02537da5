#![cfg(not(target_arch = "wasm32"))]
//! Differential test: Rocada against shakmaty, an independent rules library, on positions
//! reached by seeded random playouts from the standard start, from random Chess960 starts and
//! from every position of `tests/data/perft.txt`.
//!
//! Per position both libraries must agree on: the legal move set (as UCI strings, castling
//! king-to-rook as in Chess960 UCI; in standard games also the `e1g1` form), what each move
//! captures and whether it castles, captures en passant or promotes; check, the checkers,
//! checkmate and stalemate; the FEN (X-FEN, en passant square only when the capture is legal);
//! castling rights; the Polyglot hash (shakmaty's, with the en passant file hashed whenever a
//! pawn could capture, as Polyglot specifies); and perft(2).
//!
//! Mismatches are collected (up to a limit) and reported together with the FEN and the moves
//! that led there, so one run shows every kind of disagreement.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::{perft, CastlingMode, Move, Position};
use rocada_testkit::pick_special_or_any;
use rocada_testkit::scharnagl_back_rank;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode as SMode, Chess, EnPassantMode, Position as _};

/// How many positions the random-playout test compares (at least).
const POSITIONS: usize = 40_000;
/// Stop collecting after this many mismatches.
const MAX_ERRORS: usize = 40;

/// The FEN of Chess960 start `n`, castling rights in Shredder-FEN.
fn chess960_fen(n: u32) -> String {
    let back = scharnagl_back_rank(n);
    let rook_files: String = back.char_indices().filter(|(_, c)| *c == 'R').map(|(i, _)| (b'A' + i as u8) as char).collect();
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {}{} - 0 1",
        back.to_lowercase(),
        back,
        rook_files.chars().rev().collect::<String>(),
        rook_files.to_lowercase().chars().rev().collect::<String>()
    )
}

/// The same position in both libraries, with the moves that led to it.
struct Pair {
    ours: Position,
    theirs: Chess,
    mode: CastlingMode,
    start: String,
    line: Vec<String>,
}

impl Pair {
    fn from_fen(fen: &str, mode: CastlingMode) -> Pair {
        let smode = match mode {
            CastlingMode::Standard => SMode::Standard,
            CastlingMode::Chess960 => SMode::Chess960,
        };
        let theirs: Chess = fen.parse::<Fen>().expect("shakmaty parses").into_position(smode).expect("shakmaty accepts");
        let ours = Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("Rocada rejects {fen:?}: {e}"));
        Pair { ours, theirs, mode, start: fen.to_string(), line: Vec::new() }
    }

    fn context(&self) -> String {
        format!("position {} (start {:?}, moves: {})", self.ours.fen(), self.start, self.line.join(" "))
    }

    /// Plays `m` (a Rocada move) in both libraries; false if shakmaty does not know the move.
    fn play(&mut self, m: Move, errors: &mut Vec<String>) -> bool {
        let uci = m.uci(CastlingMode::Chess960);
        let theirs = match uci.parse::<UciMove>().ok().and_then(|u| u.to_move(&self.theirs).ok()) {
            Some(t) => t,
            None => return false, // already reported as a move-set mismatch
        };
        if let Err(e) = self.ours.play(m) {
            errors.push(format!("play({uci}) rejected a move from legal_moves: {e}; {}", self.context()));
            return false;
        }
        self.theirs.play_unchecked(theirs);
        self.line.push(uci);
        true
    }
}

/// What kinds of positions were compared, so the test proves it covered the rules.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    chess960: usize,
    with_castling: usize,
    with_en_passant: usize,
    with_promotion: usize,
    checks: usize,
    checkmates: usize,
    stalemates: usize,
}

fn sorted<I: IntoIterator<Item = String>>(it: I) -> Vec<String> {
    let mut v: Vec<String> = it.into_iter().collect();
    v.sort();
    v
}

/// Compares everything the brief lists; pushes a message per disagreement.
fn compare(pair: &Pair, cov: &mut Coverage, errors: &mut Vec<String>) {
    let (ours, theirs) = (&pair.ours, &pair.theirs);
    let ctx = || pair.context();
    cov.positions += 1;
    if pair.mode == CastlingMode::Chess960 {
        cov.chess960 += 1;
    }

    // FEN, en passant square shown only when the capture is legal.
    let their_fen = Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    if ours.fen() != their_fen {
        errors.push(format!("FEN: Rocada {:?}, shakmaty {:?}; {}", ours.fen(), their_fen, ctx()));
    }

    // Legal move sets, king-to-rook castling.
    let our_moves = ours.legal_moves();
    let their_moves = theirs.legal_moves();
    let a = sorted(our_moves.iter().map(|m| m.uci(CastlingMode::Chess960)));
    let b = sorted(their_moves.iter().map(|m| m.to_uci(SMode::Chess960).to_string()));
    if a != b {
        let extra: Vec<&String> = a.iter().filter(|m| !b.contains(m)).collect();
        let missing: Vec<&String> = b.iter().filter(|m| !a.contains(m)).collect();
        errors.push(format!("legal moves: Rocada extra {extra:?}, missing {missing:?}; {}", ctx()));
    }
    if pair.mode == CastlingMode::Standard {
        let a = sorted(our_moves.iter().map(|m| m.uci(CastlingMode::Standard)));
        let b = sorted(their_moves.iter().map(|m| m.to_uci(SMode::Standard).to_string()));
        if a != b {
            errors.push(format!("standard UCI: Rocada {a:?}, shakmaty {b:?}; {}", ctx()));
        }
    }
    if ours.count_legal_moves() != our_moves.len() {
        errors.push(format!("count_legal_moves {} != legal_moves().len() {}; {}", ours.count_legal_moves(), our_moves.len(), ctx()));
    }

    // Per-move details.
    for m in &our_moves {
        let uci = m.uci(CastlingMode::Chess960);
        let Some(t) = their_moves.iter().find(|t| t.to_uci(SMode::Chess960).to_string() == uci) else {
            continue;
        };
        let our_capture = ours.capture_of(*m).map(|r| r.char());
        let their_capture = t.capture().map(|r| r.char());
        if our_capture != their_capture
            || m.is_castle() != t.is_castle()
            || m.is_en_passant() != t.is_en_passant()
            || m.promotion().map(|r| r.char()) != t.promotion().map(|r| r.char())
            || m.role().char() != t.role().char()
        {
            errors.push(format!(
                "move {uci}: Rocada (role {:?}, captures {our_capture:?}, castle {}, ep {}, promotion {:?}), shakmaty {t:?}; {}",
                m.role(),
                m.is_castle(),
                m.is_en_passant(),
                m.promotion(),
                ctx()
            ));
        }
        if m.is_castle() {
            cov.with_castling += 1;
        }
        if m.is_en_passant() {
            cov.with_en_passant += 1;
        }
        if m.promotion().is_some() {
            cov.with_promotion += 1;
        }
    }

    // Check, checkers, mate, stalemate.
    if ours.is_check() != theirs.is_check() || ours.checkers().0 != theirs.checkers().0 {
        errors.push(format!(
            "check: Rocada {} {:?}, shakmaty {} {:?}; {}",
            ours.is_check(),
            ours.checkers(),
            theirs.is_check(),
            theirs.checkers(),
            ctx()
        ));
    }
    if ours.is_checkmate() != theirs.is_checkmate() {
        errors.push(format!("checkmate: Rocada {}, shakmaty {}; {}", ours.is_checkmate(), theirs.is_checkmate(), ctx()));
    }
    if ours.is_stalemate() != theirs.is_stalemate() {
        errors.push(format!("stalemate: Rocada {}, shakmaty {}; {}", ours.is_stalemate(), theirs.is_stalemate(), ctx()));
    }
    cov.checks += ours.is_check() as usize;
    cov.checkmates += ours.is_checkmate() as usize;
    cov.stalemates += ours.is_stalemate() as usize;

    // Rights and en passant.
    if ours.castling_rights().0 != theirs.castles().castling_rights().0 {
        errors.push(format!(
            "castling rights: Rocada {:?}, shakmaty {:?}; {}",
            ours.castling_rights(),
            theirs.castles().castling_rights(),
            ctx()
        ));
    }
    let their_ep = theirs.ep_square(EnPassantMode::Legal).map(|s| s.to_string());
    if ours.ep_square().map(|s| s.to_string()) != their_ep {
        errors.push(format!("ep_square: Rocada {:?}, shakmaty {their_ep:?}; {}", ours.ep_square(), ctx()));
    }

    // Polyglot hash: en passant file hashed whenever a pawn could capture (pseudo-legally).
    let their_hash = theirs.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0;
    if ours.zobrist_hash() != their_hash {
        errors.push(format!("zobrist: Rocada {:#018x}, shakmaty {their_hash:#018x}; {}", ours.zobrist_hash(), ctx()));
    }

    // perft(2).
    let (p, q) = (perft(ours, 2), shakmaty::perft(theirs, 2));
    if p != q {
        errors.push(format!("perft(2): Rocada {p}, shakmaty {q}; {}", ctx()));
    }
}

/// Picks a move: usually uniformly, but a third of the time a "special" one (castling, en
/// passant, promotion, capture) when there is one, so that rule edges come up often.
fn pick(pos: &Position, rng: &mut SmallRng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(pick_special_or_any(pos, &moves, rng))
}

/// Plays one random game from `pair`, comparing every position; returns false to stop early.
fn playout(mut pair: Pair, max_plies: usize, rng: &mut SmallRng, cov: &mut Coverage, errors: &mut Vec<String>) {
    for _ in 0..=max_plies {
        compare(&pair, cov, errors);
        if errors.len() >= MAX_ERRORS {
            return;
        }
        let Some(m) = pick(&pair.ours, rng) else {
            return;
        };
        if !pair.play(m, errors) {
            return;
        }
    }
}

fn report(errors: &[String], cov: &Coverage) {
    if !errors.is_empty() {
        panic!("{} disagreement(s) with shakmaty (coverage {cov:?}):\n{}", errors.len(), errors.join("\n"));
    }
}

#[test]
fn scharnagl_helper_matches_known_numbers() {
    assert_eq!(scharnagl_back_rank(0), "BBQNNRKR");
    assert_eq!(scharnagl_back_rank(518), "RNBQKBNR");
    assert_eq!(scharnagl_back_rank(959), "RKRNNQBB");
    assert_eq!(chess960_fen(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

#[test]
fn random_playouts_agree_with_shakmaty() {
    let mut rng = SmallRng::seed_from_u64(0x526f_6361_6461); // "Rocada"
    let mut cov = Coverage::default();
    let mut errors = Vec::new();
    let mut game = 0u32;
    while cov.positions < POSITIONS && errors.len() < MAX_ERRORS {
        let pair = if game % 2 == 0 {
            Pair::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard)
        } else {
            Pair::from_fen(&chess960_fen(rng.gen_range(0..960)), CastlingMode::Chess960)
        };
        let max_plies = rng.gen_range(10..=200);
        playout(pair, max_plies, &mut rng, &mut cov, &mut errors);
        game += 1;
    }
    report(&errors, &cov);
    eprintln!("compared {game} games: {cov:?}");
    assert!(cov.positions >= 10_000);
    assert!(cov.chess960 >= 4_000, "{cov:?}");
    assert!(cov.with_castling > 100 && cov.with_en_passant > 50 && cov.with_promotion > 100, "{cov:?}");
    assert!(cov.checks > 200 && cov.checkmates > 0 && cov.stalemates > 0, "{cov:?}");
}

#[test]
fn playouts_from_perft_data_positions_agree_with_shakmaty() {
    let data = include_str!("data/perft.txt");
    let mut rng = SmallRng::seed_from_u64(960);
    let mut cov = Coverage::default();
    let mut errors = Vec::new();
    let mut fen = None;
    for line in data.lines() {
        if let Some(f) = line.strip_prefix("fen: ") {
            fen = Some(f.to_string());
        } else if let Some(flag) = line.strip_prefix("chess960: ") {
            let mode = if flag == "yes" { CastlingMode::Chess960 } else { CastlingMode::Standard };
            let fen = fen.take().expect("fen before chess960 in perft.txt");
            for _ in 0..4 {
                playout(Pair::from_fen(&fen, mode), 30, &mut rng, &mut cov, &mut errors);
            }
        }
    }
    report(&errors, &cov);
    assert!(cov.positions > 2_000, "{cov:?}");
}

/// A random but plausible setup: both kings, a random part of each side's usual material on
/// random squares, random castling rights (rooks on the back rank), and sometimes an en passant
/// square behind a pawn that could just have made a double step.
fn random_setup_fen(rng: &mut SmallRng, chess960: bool) -> String {
    let mut board = [None::<char>; 64];
    let empty_square = |board: &mut [Option<char>; 64], rng: &mut SmallRng, pawn: bool| loop {
        let sq = rng.gen_range(0..64usize);
        if board[sq].is_none() && (!pawn || (8..56).contains(&sq)) {
            return sq;
        }
    };
    for c in ['K', 'k'] {
        // Kings on their back rank half of the time, so castling rights are possible.
        let sq = if rng.gen_bool(0.5) {
            let rank = if c == 'K' { 0 } else { 56 };
            let file = if chess960 { rng.gen_range(1..7) } else { 4 };
            if board[rank + file].is_none() {
                rank + file
            } else {
                empty_square(&mut board, rng, false)
            }
        } else {
            empty_square(&mut board, rng, false)
        };
        board[sq] = Some(c);
    }
    for (color_upper, _) in [(true, ()), (false, ())] {
        let bag = "QRRBBNNPPPPPPPP";
        for piece in bag.chars() {
            if rng.gen_bool(0.45) {
                let pawn = piece == 'P';
                // Rooks on the back rank often, for castling.
                let sq = if piece == 'R' && rng.gen_bool(0.6) {
                    let rank = if color_upper { 0 } else { 56 };
                    let file = rng.gen_range(0..8);
                    if board[rank + file].is_none() {
                        rank + file
                    } else {
                        empty_square(&mut board, rng, pawn)
                    }
                } else {
                    empty_square(&mut board, rng, pawn)
                };
                board[sq] = Some(if color_upper { piece } else { piece.to_ascii_lowercase() });
            }
        }
    }
    let turn = if rng.gen_bool(0.5) { 'w' } else { 'b' };
    // Castling: each back-rank rook of a side whose king is on its back rank, now and then.
    let mut castling = String::new();
    for (king, rook, rank) in [('K', 'R', 0usize), ('k', 'r', 56usize)] {
        let Some(k) = (0..8).find(|f| board[rank + f] == Some(king)) else {
            continue;
        };
        for f in (0..8).rev() {
            if board[rank + f] == Some(rook) && rng.gen_bool(0.7) {
                let standard_ok = k == 4 && (f == 0 || f == 7);
                if chess960 || standard_ok {
                    let letter = (b'a' + f as u8) as char;
                    castling.push(if king == 'K' { letter.to_ascii_uppercase() } else { letter });
                }
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    // En passant: a pawn of the side not to move on its fourth rank with two empty squares behind.
    let mut ep = "-".to_string();
    if rng.gen_bool(0.5) {
        let (pawn, rank, dir): (char, usize, isize) = if turn == 'w' { ('p', 4, 1) } else { ('P', 3, -1) };
        let files: Vec<usize> = (0..8)
            .filter(|f| {
                let sq = rank * 8 + f;
                let behind = (sq as isize + 8 * dir) as usize;
                let start = (sq as isize + 16 * dir) as usize;
                board[sq] == Some(pawn) && board[behind].is_none() && board[start].is_none()
            })
            .collect();
        if !files.is_empty() {
            let f = files[rng.gen_range(0..files.len())];
            ep = format!("{}{}", (b'a' + f as u8) as char, if turn == 'w' { 6 } else { 3 });
        }
    }
    let mut placement = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            match board[r * 8 + f] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(c);
                }
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if r > 0 {
            placement.push('/');
        }
    }
    format!("{placement} {turn} {castling} {ep} 0 1")
}

/// Random setups (not reached by play): both libraries must accept or reject the same ones,
/// and agree on everything for those they accept.
#[test]
fn random_setups_agree_with_shakmaty() {
    let mut rng = SmallRng::seed_from_u64(64);
    let mut cov = Coverage::default();
    let mut errors = Vec::new();
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..30_000 {
        let chess960 = i % 2 == 1;
        let fen = random_setup_fen(&mut rng, chess960);
        let (mode, smode) = if chess960 { (CastlingMode::Chess960, SMode::Chess960) } else { (CastlingMode::Standard, SMode::Standard) };
        let ours = Position::from_fen(&fen, mode);
        let theirs = fen.parse::<Fen>().expect("shakmaty parses").into_position::<Chess>(smode);
        match (ours, theirs) {
            (Ok(_), Ok(_)) => {
                accepted += 1;
                playout(Pair::from_fen(&fen, mode), 6, &mut rng, &mut cov, &mut errors);
            }
            (Err(_), Err(_)) => rejected += 1,
            (Ok(_), Err(e)) => errors.push(format!("Rocada accepts, shakmaty rejects ({:?}): {fen} ({mode:?})", e.kinds())),
            (Err(e), Ok(_)) => errors.push(format!("Rocada rejects ({}), shakmaty accepts: {fen} ({mode:?})", e)),
        }
        if errors.len() >= MAX_ERRORS {
            break;
        }
    }
    report(&errors, &cov);
    eprintln!("random setups: {accepted} accepted, {rejected} rejected by both; {cov:?}");
    assert!(accepted > 3_000 && rejected > 3_000, "{accepted} / {rejected}");
}

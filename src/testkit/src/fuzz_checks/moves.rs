//! Move sequences through the game layer: from a perft position or a Chess960 start, the bytes
//! pick legal moves, illegal attempts (by squares, UCI, SAN, or a raw `Move`) and undos, played
//! alongside in shakmaty (an independent implementation). After every step the incremental
//! Zobrist hash equals shakmaty's, computed from scratch, and the legal moves are move-for-move
//! shakmaty's (so undo restores the previous position); every fourth step and at the end, the
//! FEN is shakmaty's, and check, mate, stalemate and insufficient material agree with it and
//! with the game's status; at the end the FEN reads back to itself with the same hash. A
//! refused attempt changes nothing.

use super::bytes::{start, Bytes};
use rocada::{CastlingMode, Game, Move, MoveKind, Position, Role, Square};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode as SMode, Chess, EnPassantMode, Position as _};

/// The most steps one input makes.
const MAX_STEPS: usize = 32;

/// Runs a move sequence chosen by `data`.
pub fn check_bytes(data: &[u8]) {
    let mut b = Bytes::new(data);
    let (start, fen) = start(&mut b);
    let smode = if start.castling_mode() == CastlingMode::Chess960 { SMode::Chess960 } else { SMode::Standard };
    let first: Chess = fen
        .parse::<Fen>()
        .unwrap_or_else(|e| panic!("shakmaty cannot parse {fen}: {e}"))
        .into_position(smode)
        .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
    let mut theirs = vec![first];
    let mut game = Game::from_position(start);
    invariants(&game, theirs.last().expect("start"), true);
    for step in 0..MAX_STEPS {
        let Some(op) = b.next_byte() else { break };
        let before = game.position().clone();
        let played = match op % 8 {
            0..=2 => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    None
                } else {
                    let m = moves[b.byte() as usize % moves.len()];
                    game.play(m).unwrap_or_else(|e| panic!("{m:?} from legal_moves refused: {e}"));
                    Some(m)
                }
            }
            3 => {
                let (from, to) = (square(b.byte()), square(b.byte()));
                let promotion = Role::from_char(['q', 'r', 'b', 'n', 'k', 'p', 'x', 'q'][usize::from(b.byte() % 8)]);
                game.play_squares(from, to, promotion).ok()
            }
            4 => {
                let text: String = b.take(5).iter().map(|&c| char::from(b"abcdefgh12345678qrbnk0 -"[usize::from(c) % 24])).collect();
                game.play_uci(&text).ok()
            }
            5 => {
                let text: String = b.take(6).iter().map(|&c| char::from(b"KQRBNOo0-x=+#abcdefgh12345678"[usize::from(c) % 29])).collect();
                game.play_san(&text).ok()
            }
            6 => {
                if let Some(m) = game.undo() {
                    theirs.pop();
                    // The hash and the moves are compared with shakmaty's previous position below.
                    assert!(game.position().is_legal(m), "undone {m:?} is not legal where it was played");
                }
                None
            }
            _ => {
                let role = Role::ALL[usize::from(b.byte() % 6)];
                let kind = match b.byte() % 4 {
                    0 => MoveKind::Normal,
                    1 => MoveKind::EnPassant,
                    2 => MoveKind::Castle,
                    _ => MoveKind::Promotion(Role::ALL[usize::from(b.byte() % 6)]),
                };
                let m = Move::new(role, square(b.byte()), square(b.byte()), kind);
                let legal = before.is_legal(m);
                let result = game.play(m);
                assert!(game.is_game_over() && result.is_err() || result.is_ok() == legal, "{m:?}: {result:?}");
                result.ok().map(|()| m)
            }
        };
        match played {
            Some(m) => {
                assert!(before.legal_moves().contains(&m), "{m:?} played but illegal in {}", before.fen());
                let mut next = theirs.last().expect("start").clone();
                let uci = m.uci(CastlingMode::Chess960);
                let t = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(&next).ok())
                    .unwrap_or_else(|| panic!("shakmaty: {uci} is illegal in {}", before.fen()));
                next.play_unchecked(t);
                theirs.push(next);
            }
            None if op % 8 != 6 => assert_eq!(*game.position(), before, "a refused attempt changed the position"),
            None => {}
        }
        assert_eq!(game.ply() + 1, theirs.len());
        invariants(&game, theirs.last().expect("start"), step % 4 == 3);
    }
    invariants(&game, theirs.last().expect("start"), true);
    read_back(game.position(), theirs.last().expect("start"));
    // Undo everything, back to the start.
    while game.undo().is_some() {
        theirs.pop();
        assert_eq!(game.position().zobrist_hash(), theirs.last().expect("start").zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0);
    }
    assert_eq!(theirs.len(), 1);
}

/// The FEN reads back to a position with the same FEN and, unless the FEN (which shows only a
/// legal en passant square) dropped a pinned pawn's, the same hash.
fn read_back(pos: &Position, theirs: &Chess) {
    let fen = pos.fen();
    let fresh = Position::from_fen(&fen, pos.castling_mode()).unwrap_or_else(|e| panic!("{fen:?} does not read back: {e}"));
    assert_eq!(fresh.fen(), fen);
    if theirs.ep_square(EnPassantMode::Legal) == theirs.ep_square(EnPassantMode::PseudoLegal) {
        assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash(), "hash of the position read from {fen}");
    }
}

fn square(b: u8) -> Square {
    Square::new(u32::from(b % 64))
}

/// What must hold in the current position of `game`, `theirs` being shakmaty's: the hash and
/// the moves always; when `full`, also the FEN and the game status (every fourth step).
fn invariants(game: &Game, theirs: &Chess, full: bool) {
    let pos = game.position();
    // Polyglot: the en passant file counts when a pawn could capture, even if pinned.
    let hash = theirs.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0;
    let fen = || Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    assert_eq!(pos.zobrist_hash(), hash, "incremental hash differs from the recomputed one, {}", fen());

    // Moves as (from, to, promotion), castling king onto rook in both.
    let mut ours: Vec<(u32, u32, u8)> =
        pos.legal_moves().iter().map(|m| (m.from() as u32, m.to() as u32, m.promotion().map_or(0, |r| r.char() as u8))).collect();
    let mut their: Vec<(u32, u32, u8)> = theirs
        .legal_moves()
        .iter()
        .map(|m| match m.to_uci(SMode::Chess960) {
            UciMove::Normal { from, to, promotion } => (from as u32, to as u32, promotion.map_or(0, |r| r.char() as u8)),
            other => panic!("shakmaty move {other}"),
        })
        .collect();
    ours.sort_unstable();
    their.sort_unstable();
    assert_eq!(ours, their, "legal moves differ from shakmaty in {}", fen());
    assert_eq!(pos.is_check(), theirs.is_check(), "{}", fen());
    if !full {
        return;
    }
    let fen = fen();
    assert_eq!(pos.fen(), fen, "FEN differs from shakmaty's");
    assert_eq!(pos.is_checkmate(), theirs.is_checkmate(), "{fen}");
    assert_eq!(pos.is_stalemate(), theirs.is_stalemate(), "{fen}");

    let status = game.status();
    assert_eq!(status.checkmate, pos.is_checkmate());
    assert_eq!(status.stalemate, pos.is_stalemate());
    // Neither side having mating material is a dead position.
    if theirs.is_insufficient_material() {
        assert!(status.insufficient_material, "shakmaty: insufficient material, Rocada: not dead, {fen}");
    }
    assert_eq!(status.game_over, game.is_game_over());
    if !status.game_over {
        assert_eq!(game.legal_moves().len(), pos.legal_moves().len());
    }
}

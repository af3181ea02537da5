#![cfg(not(target_arch = "wasm32"))]
//! SAN and LAN: round trips on every legal move of thousands of random positions (standard and
//! Chess960, all four styles, lenient and strict), a differential test against shakmaty's SAN,
//! table tests of the lenient forms, strict rejections and every error code, and a property
//! test that the parsers never panic.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rocada::{
    parse_lan, parse_san, san_all, to_lan, to_san, to_san_styled, CastlingMode, CastlingSide, Color, Lang, Move, Position, Role, SanError,
    SanOptions, SanStyle, Square,
};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode as SMode, Chess, Position as _};
use std::collections::HashMap;

const STYLES: [SanStyle; 4] = [SanStyle::Letters(Lang::En), SanStyle::Letters(Lang::Ro), SanStyle::Letters(Lang::Es), SanStyle::Figurine];

/// The language whose letters a style writes (figurines are read in any language).
fn lang_of(style: SanStyle) -> Lang {
    match style {
        SanStyle::Letters(lang) => lang,
        SanStyle::Figurine => Lang::En,
    }
}

/// Positions from seeded random playouts: `games` games from the standard start and `games`
/// from random Chess960 starts, at most `plies` plies each; every position on the way.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for g in 0..2 * games {
        let mut pos = if g % 2 == 0 { Position::new() } else { Position::chess960(rng.gen_range(0..960)).unwrap() };
        for _ in 0..plies {
            let moves = pos.legal_moves();
            out.push(pos.clone());
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(m);
        }
    }
    out
}

/// Positions from seeded random playouts from crowded starts (seven queens, rooks, bishops or
/// knights a side), where SAN needs disambiguation by file, by rank and by square.
fn crowded_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let starts = [
        "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
        "rrrrkrrr/8/8/8/8/8/8/RRRRKRRR w - - 0 1",
        "bbbbkbbb/8/8/8/8/8/8/BBBBKBBB w - - 0 1",
        "nnnnknnn/8/8/8/8/8/8/NNNNKNNN w - - 0 1",
        "r1n1k1nr/pPp3Pp/8/8/8/8/PpP3pP/R1N1K1NR w - - 0 1",
    ];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for start in starts {
        for _ in 0..games {
            let mut pos = Position::from_fen(start, CastlingMode::Standard).unwrap();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                out.push(pos.clone());
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            }
        }
    }
    out
}

fn shakmaty_position(pos: &Position) -> Chess {
    let mode = match pos.castling_mode() {
        CastlingMode::Standard => SMode::Standard,
        CastlingMode::Chess960 => SMode::Chess960,
    };
    pos.fen().parse::<Fen>().unwrap().into_position(mode).unwrap_or_else(|e| panic!("shakmaty rejects {}: {e}", pos.fen()))
}

#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    chess960_positions: usize,
    moves: usize,
    by_file: usize,
    by_rank: usize,
    by_square: usize,
    promotions: usize,
    under_promotions: usize,
    en_passant: usize,
    castles: usize,
    chess960_castles: usize,
    checks: usize,
    mates: usize,
}

fn note(cov: &mut Coverage, pos: &Position, m: Move, san: &str) {
    cov.moves += 1;
    let body = san.trim_end_matches(['+', '#']);
    if m.role() != Role::Pawn && !m.is_castle() {
        let middle = &body[1..].replace('x', "");
        match middle.len() {
            3 if middle.as_bytes()[0].is_ascii_alphabetic() => cov.by_file += 1,
            3 => cov.by_rank += 1,
            4 => cov.by_square += 1,
            _ => {}
        }
    }
    if m.promotion().is_some() {
        cov.promotions += 1;
        if m.promotion() != Some(Role::Queen) {
            cov.under_promotions += 1;
        }
    }
    cov.en_passant += m.is_en_passant() as usize;
    if m.is_castle() {
        cov.castles += 1;
        if pos.castling_mode() == CastlingMode::Chess960 {
            cov.chess960_castles += 1;
        }
    }
    cov.checks += san.ends_with('+') as usize;
    cov.mates += san.ends_with('#') as usize;
}

/// Every legal move of ~50 000 positions: `san_all` agrees with `to_san_styled`; each style's
/// SAN reads back (lenient and strict, in its language) to the same move; LAN likewise; the
/// English SAN equals shakmaty's.
#[test]
fn round_trip_and_differential() {
    let mut positions = random_positions(0x5a17_2024, 150, 170);
    positions.extend(crowded_positions(0x5a17_2025, 12, 80));
    let mut cov = Coverage::default();
    let mut errors = Vec::new();
    for pos in &positions {
        cov.positions += 1;
        if pos.castling_mode() == CastlingMode::Chess960 {
            cov.chess960_positions += 1;
        }
        let moves = pos.legal_moves();

        // Differential: shakmaty's SAN by king-to-rook UCI.
        let theirs = shakmaty_position(pos);
        let their_san: HashMap<String, String> = theirs
            .legal_moves()
            .into_iter()
            .map(|m| (m.to_uci(SMode::Chess960).to_string(), SanPlus::from_move(theirs.clone(), m).to_string()))
            .collect();
        assert_eq!(their_san.len(), moves.len(), "move count differs in {}", pos.fen());

        for style in STYLES {
            let all = san_all(pos, style);
            assert_eq!(all.len(), moves.len());
            let lenient = SanOptions { lang: lang_of(style), strict: false };
            let strict = SanOptions { lang: lang_of(style), strict: true };
            for (i, &m) in moves.iter().enumerate() {
                let san = to_san_styled(pos, m, style);
                if all[i] != (m, san.clone()) {
                    errors.push(format!("san_all {:?} != to_san {san:?} in {}", all[i], pos.fen()));
                }
                for opts in [lenient, strict] {
                    match parse_san(pos, &san, &opts) {
                        Ok(back) if back == m => {}
                        other => errors.push(format!("{style:?} {opts:?}: {san:?} read as {other:?}, wanted {m:?} in {}", pos.fen())),
                    }
                }
                let lan = to_lan(pos, m, style);
                for opts in [lenient, strict] {
                    match parse_lan(pos, &lan, &opts) {
                        Ok(back) if back == m => {}
                        other => errors.push(format!("LAN {opts:?}: {lan:?} read as {other:?}, wanted {m:?} in {}", pos.fen())),
                    }
                }
                if style == SanStyle::Letters(Lang::En) {
                    note(&mut cov, pos, m, &san);
                    assert_eq!(to_san(pos, m), san);
                    let key = m.uci(CastlingMode::Chess960);
                    match their_san.get(&key) {
                        Some(t) if *t == san => {}
                        t => errors.push(format!("SAN of {key}: Rocada {san:?}, shakmaty {t:?} in {}", pos.fen())),
                    }
                }
            }
        }
        if errors.len() > 20 {
            break;
        }
    }
    assert!(errors.is_empty(), "{} errors, first ones:\n{}", errors.len(), errors[..errors.len().min(20)].join("\n"));
    println!("{cov:#?}");
    assert!(cov.positions > 45_000 && cov.chess960_positions > 20_000);
    for (name, n) in [
        ("by_file", cov.by_file),
        ("by_rank", cov.by_rank),
        ("by_square", cov.by_square),
        ("under_promotions", cov.under_promotions),
        ("en_passant", cov.en_passant),
        ("chess960_castles", cov.chess960_castles),
        ("checks", cov.checks),
        ("mates", cov.mates),
    ] {
        assert!(n > 0, "no {name} among the moves: {cov:?}");
    }
}

/// Lenient spellings derived from each canonical English SAN all read back to the same move.
#[test]
fn lenient_variants_of_every_move() {
    let mut positions = random_positions(77, 30, 160);
    positions.extend(crowded_positions(78, 4, 60));
    let lenient = SanOptions::default();
    let mut checked = 0usize;
    for pos in &positions {
        let moves = pos.legal_moves();
        for &m in &moves {
            let san = to_san(pos, m);
            let body = san.trim_end_matches(['+', '#']).to_string();
            let mut variants = vec![
                body.clone(),       // no check mark
                format!("{body}#"), // wrong check mark
                format!("{body}+"),
                format!("{san}!?"), // annotations
                format!("{san}??"),
                format!("{body}!+"),                 // marks in any order
                format!("  {san} "),                 // spaces
                body.replace('x', ":"),              // ':' for captures
                body.replace('x', ""),               // missing 'x'
                body.replace("O-O", "0-0"),          // zeros
                to_lan(pos, m, SanStyle::default()), // LAN
            ];
            if let Some(role) = m.promotion() {
                let (head, _) = body.split_once('=').unwrap();
                let letter = role.upper_char();
                variants.push(format!("{head}{letter}"));
                variants.push(format!("{head}({letter})"));
                variants.push(format!("{head}/{letter}"));
                variants.push(format!("{head}={}", role.char()));
                variants.push(format!("{head}{}", role.char()));
            }
            if m.is_en_passant() {
                variants.push(format!("{body} e.p."));
                variants.push(format!("{body}ep"));
                variants.push(format!("{body}e.p.+"));
            }
            if !m.is_castle() {
                // Over-disambiguated: the full from-square after the piece letter.
                let letter = if m.role() == Role::Pawn { String::new() } else { m.role().upper_char().to_string() };
                let x = if body.contains('x') { "x" } else { "" };
                let promo = body.split_once('=').map(|(_, p)| format!("={p}")).unwrap_or_default();
                variants.push(format!("{letter}{}{x}{}{promo}", m.from(), m.to()));
                variants.push(format!("{letter}{}{}{promo}", m.from(), m.to()));
                // LAN without its piece letter, with a dash or any capture mark (chess.js's
                // permissive reading): the piece on the from-square.
                for sep in ["-", "x", ""] {
                    variants.push(format!("{}{sep}{}{promo}", m.from(), m.to()));
                }
                variants.push(format!("{letter}{}x{}{promo}", m.from(), m.to()));
                if m.role() != Role::Pawn {
                    // By rank or by file only: ambiguous when a rival shares it.
                    for v in [format!("{letter}{}{x}{}", m.from().rank(), m.to()), format!("{letter}{}{x}{}", m.from().file(), m.to())] {
                        match parse_san(pos, &v, &lenient) {
                            Ok(back) => assert_eq!(back, m, "{v:?} in {}", pos.fen()),
                            Err(SanError::Ambiguous { candidates, .. }) => assert!(candidates.iter().any(|(c, _)| *c == m)),
                            Err(e) => panic!("{v:?}: {e} in {}", pos.fen()),
                        }
                        checked += 1;
                    }
                }
                if matches!(m.role(), Role::Knight | Role::Rook | Role::Queen | Role::King) {
                    variants.push(body.to_lowercase()); // lowercase piece letter (not b: see below)
                }
            }
            for v in &variants {
                match parse_san(pos, v, &lenient) {
                    Ok(back) if back == m => {}
                    other => panic!("{v:?} (from {san:?}) read as {other:?}, wanted {m:?} in {}", pos.fen()),
                }
                checked += 1;
            }
        }
    }
    println!("{checked} lenient variants read back");
    assert!(checked > 1_000_000);
}

/// Every `<letter><square>` and pawn `<square>` / `<file>x<square>` in random positions reads
/// as the reference says: the one legal move of that role onto that square (a pawn push for a
/// bare square, a capture from that file otherwise), else illegal, else ambiguous.
#[test]
fn every_role_and_target_against_a_reference() {
    let positions = random_positions(99, 20, 120);
    let mut outcomes = [0usize; 3];
    for pos in &positions {
        let moves = pos.legal_moves();
        for to in (0..64).map(rocada::Square::new) {
            let mut inputs: Vec<(String, Vec<Move>)> = Vec::new();
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                let mut want: Vec<Move> = moves.iter().copied().filter(|m| !m.is_castle() && m.role() == role && m.to() == to).collect();
                if role == Role::King && want.is_empty() {
                    // `Kg1` / `Kxh1`: castling, when no ordinary king move matches.
                    want = moves.iter().copied().filter(|m| m.is_castle() && (m.to() == to || m.destination() == to)).collect();
                }
                inputs.push((format!("{}{to}", role.upper_char()), want));
            }
            let pawn = |m: &Move| m.role() == Role::Pawn && m.to() == to && m.promotion().unwrap_or(Role::Queen) == Role::Queen;
            let push = moves.iter().copied().filter(|m| pawn(m) && m.from().file() == to.file()).collect();
            inputs.push((format!("{to}=Q"), push));
            for file in "abcdefgh".chars() {
                let mut capture: Vec<Move> =
                    moves.iter().copied().filter(|m| pawn(m) && m.from().file().char() == file && file != to.file().char()).collect();
                if file == 'b' && capture.is_empty() && !(to.rank() == rocada::Rank::First || to.rank() == rocada::Rank::Eighth) {
                    // No b-pawn capture: the lowercase b is read as a bishop.
                    capture = moves.iter().copied().filter(|m| m.role() == Role::Bishop && m.to() == to).collect();
                }
                inputs.push((format!("{file}x{to}=Q"), capture));
            }
            for (input, want) in inputs {
                let input =
                    if to.rank() == rocada::Rank::First || to.rank() == rocada::Rank::Eighth { input } else { input.replace("=Q", "") };
                let got = parse_san(pos, &input, &LENIENT);
                match (want.len(), &got) {
                    (1, Ok(m)) if *m == want[0] => outcomes[0] += 1,
                    (0, Err(e)) if e.code() == "illegal-move" => outcomes[1] += 1,
                    (n, Err(SanError::Ambiguous { candidates, .. }))
                        if n > 1 && candidates.iter().map(|c| c.0).eq(want.iter().copied()) =>
                    {
                        outcomes[2] += 1
                    }
                    _ => panic!("{input:?}: got {got:?}, reference {want:?} in {}", pos.fen()),
                }
            }
        }
    }
    println!("matched/illegal/ambiguous: {outcomes:?}");
    assert!(outcomes.iter().all(|n| *n > 0));
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap()
}

fn pos960(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Chess960).unwrap()
}

fn san_of(pos: &Position, text: &str, opts: SanOptions) -> Result<String, SanError> {
    parse_san(pos, text, &opts).map(|m| to_san(pos, m))
}

const LENIENT: SanOptions = SanOptions { lang: Lang::En, strict: false };
const STRICT: SanOptions = SanOptions { lang: Lang::En, strict: true };

#[test]
fn lenient_table() {
    let start = Position::new();
    // White may castle both ways, capture en passant on c6, promote on b8 or capturing on a8.
    let r = pos("4k3/p7/8/8/8/8/8/R3K3 w Q - 0 1");
    let p = pos("r2qk2r/1P3pp1/8/2pP4/8/8/PPP2PPP/R3K2R w KQkq c6 0 1");
    let cases: &[(&Position, &str, &str)] = &[
        (&start, "e4", "e4"),
        (&start, "Nf3", "Nf3"),
        (&start, "Ng1f3", "Nf3"),
        (&start, "Ngf3", "Nf3"),
        (&start, "N1f3", "Nf3"),
        (&start, "Ng1-f3", "Nf3"),
        (&start, "g1f3", "Nf3"), // no piece letter: the piece on the from-square
        (&start, "g1-f3", "Nf3"),
        (&start, "g1xf3", "Nf3"),
        (&start, "b1-c3", "Nc3"),
        (&start, "e2xe4", "e4"), // a superfluous x after a whole from-square
        (&start, "Pe2xe4", "e4"),
        (&start, "Pe2-e4", "e4"),
        (&p, "e1-g1", "O-O"),
        (&p, "e1g1", "O-O"),
        (&p, "a1-d1", "Rd1"),
        (&start, "nf3", "Nf3"),
        (&start, "♘f3", "Nf3"),
        (&start, "♞f3", "Nf3"),
        (&start, "Nf3+", "Nf3"),
        (&start, "Nf3#", "Nf3"),
        (&start, "Nf3!", "Nf3"),
        (&start, "Nf3?", "Nf3"),
        (&start, "Nf3!!", "Nf3"),
        (&start, "Nf3??", "Nf3"),
        (&start, "Nf3!?", "Nf3"),
        (&start, "Nf3?!", "Nf3"),
        (&start, "Nf3+!?", "Nf3"),
        (&start, "Nf3‼", "Nf3"),
        (&start, "e2e4", "e4"),
        (&start, "e2-e4", "e4"),
        (&start, "Pe4", "e4"),
        (&p, "O-O", "O-O"),
        (&p, "0-0", "O-O"),
        (&p, "o-o", "O-O"),
        (&p, "OO", "O-O"),
        (&p, "O-O-O", "O-O-O"),
        (&p, "0-0-0", "O-O-O"),
        (&p, "0-0-0+", "O-O-O"),
        (&p, "Kg1", "O-O"),
        (&p, "Kc1", "O-O-O"),
        (&p, "dxc6", "dxc6"),
        (&p, "dxc6 e.p.", "dxc6"),
        (&p, "dxc6e.p.", "dxc6"),
        (&p, "dxc6ep", "dxc6"),
        (&p, "dxc6 ep", "dxc6"),
        (&p, "d5xc6", "dxc6"),
        (&p, "dc6", "dxc6"),
        (&p, "d:c6", "dxc6"),
        (&p, "bxa8=Q", "bxa8=Q"),
        (&p, "bxa8Q", "bxa8=Q"),
        (&p, "bxa8(Q)", "bxa8=Q"),
        (&p, "bxa8=(Q)", "bxa8=Q"),
        (&p, "bxa8/Q", "bxa8=Q"),
        (&p, "bxa8=q", "bxa8=Q"),
        (&p, "bxa8q", "bxa8=Q"),
        (&p, "ba8N", "bxa8=N"),
        (&p, "b7a8=R", "bxa8=R"),
        (&p, "b7xa8=R", "bxa8=R"),
        (&p, "bxa8=♕", "bxa8=Q"),
        (&p, "bxa8=♛", "bxa8=Q"),
        (&p, "b8=Q", "b8=Q"),
        (&p, "b8Q", "b8=Q"),
        (&p, "b8=b", "b8=B"),
        (&r, "Rxa7", "Rxa7"),
        (&r, "Ra1xa7", "Rxa7"),
        (&r, "Ra7", "Rxa7"),
        (&r, "R:a7", "Rxa7"),
        (&r, "RXa7", "Rxa7"),
        (&r, "R×a7", "Rxa7"),
        (&r, "Rxa7!?", "Rxa7"),
        (&r, "Rxa7+", "Rxa7"),
        (&r, "Rxa7#", "Rxa7"),
        (&r, "Ra1-a5", "Ra5"),
        (&r, "Rxa5", "Ra5"), // a superfluous x
        (&r, "rxa7", "Rxa7"),
        (&r, "♖xa7", "Rxa7"),
        (&r, "0-0-0", "O-O-O"),
    ];
    for (position, input, want) in cases {
        match san_of(position, input, LENIENT) {
            Ok(got) => assert_eq!(&got, want, "{input:?}"),
            Err(e) => panic!("{input:?}: {e}"),
        }
    }
}

/// A capture mark on a pawn push is read as superfluous only after a whole from-square (LAN);
/// after a file alone it says the pawn captures, and a letter that is not the piece on the
/// from-square still names its own role.
#[test]
fn lan_without_a_letter_is_read_no_wider_than_that() {
    let start = Position::new();
    for (input, code) in [("exe4", "illegal-move"), ("Pb1-a3", "illegal-move"), ("Bb1-a3", "illegal-move"), ("e3-e4", "illegal-move")] {
        assert_eq!(san_of(&start, input, LENIENT).unwrap_err().code(), code, "{input:?}");
    }
    // Strict mode takes only canonical SAN (or LAN with its letter, through parse_lan).
    for input in ["g1-f3", "e2xe4", "b1c3"] {
        assert_eq!(san_of(&start, input, STRICT).unwrap_err().code(), "invalid-move-syntax", "{input:?}");
    }
}

#[test]
fn lowercase_b_is_a_file_first() {
    // White: a bishop on d3 and a pawn on b3; Black pieces on c4.
    let p = pos("4k3/8/8/8/2n5/1P1B4/8/4K3 w - - 0 1");
    // bxc4 / bc4: the b-pawn captures (file reading wins); Bxc4 is the bishop.
    assert_eq!(san_of(&p, "bxc4", LENIENT).unwrap(), "bxc4");
    assert_eq!(san_of(&p, "bc4", LENIENT).unwrap(), "bxc4");
    assert_eq!(san_of(&p, "Bxc4", LENIENT).unwrap(), "Bxc4");
    // b on e4 and b on f5: no pawn can get there, so it is the bishop.
    assert_eq!(san_of(&p, "be4", LENIENT).unwrap(), "Be4");
    assert_eq!(san_of(&p, "bf5", LENIENT).unwrap(), "Bf5");
    // Strict mode reads no lowercase piece letters.
    assert_eq!(san_of(&p, "be4", STRICT).unwrap_err().code(), "invalid-move-syntax");
    // Romanian/Spanish `c` (cal/caballo) lowercase against the c-file.
    let q = pos("4k3/8/8/8/8/8/2PN4/4K3 w - - 0 1"); // pawn c2, knight d2
    let ro = SanOptions { lang: Lang::Ro, strict: false };
    assert_eq!(san_of(&q, "c4", ro).unwrap(), "c4"); // the pawn
    assert_eq!(san_of(&q, "ce4", ro).unwrap(), "Ne4"); // no c-pawn reaches e4: the knight (cal)
    assert_eq!(san_of(&q, "cc4", ro).unwrap(), "c4"); // the pawn reading wins
    assert_eq!(san_of(&q, "Ce4", ro).unwrap(), "Ne4");
}

#[test]
fn language_letters_and_conflicts() {
    let p = pos("4k3/8/8/8/8/8/8/RN2KB2 w - - 0 1"); // rook a1, knight b1, king e1, bishop f1
    let en = LENIENT;
    let ro = SanOptions { lang: Lang::Ro, strict: false };
    let es = SanOptions { lang: Lang::Es, strict: false };
    // English everywhere.
    assert_eq!(san_of(&p, "Nc3", en).unwrap(), "Nc3");
    assert_eq!(san_of(&p, "Ra2", en).unwrap(), "Ra2");
    assert_eq!(san_of(&p, "Bd3", en).unwrap(), "Bd3");
    assert_eq!(san_of(&p, "Kd2", en).unwrap(), "Kd2");
    // Romanian: R = rege (king), N = nebun (bishop), T = turn, C = cal, D = damă.
    assert_eq!(san_of(&p, "Rd2", ro).unwrap(), "Kd2");
    assert_eq!(san_of(&p, "Nd3", ro).unwrap(), "Bd3");
    assert_eq!(san_of(&p, "Ta2", ro).unwrap(), "Ra2");
    assert_eq!(san_of(&p, "Cc3", ro).unwrap(), "Nc3");
    assert_eq!(san_of(&p, "Kd2", ro).unwrap(), "Kd2"); // non-clashing English letters still work
    assert_eq!(san_of(&p, "Bd3", ro).unwrap(), "Bd3");
    assert_eq!(parse_san(&p, "Nc3", &ro).unwrap_err().code(), "illegal-move"); // N is the bishop
    assert_eq!(parse_san(&p, "Ra2", &ro).unwrap_err().code(), "illegal-move"); // R is the king
                                                                               // Spanish: R = rey, A = alfil, T = torre, C = caballo; N stays the English knight.
    assert_eq!(san_of(&p, "Rd2", es).unwrap(), "Kd2");
    assert_eq!(san_of(&p, "Ad3", es).unwrap(), "Bd3");
    assert_eq!(san_of(&p, "Ta2", es).unwrap(), "Ra2");
    assert_eq!(san_of(&p, "Cc3", es).unwrap(), "Nc3");
    assert_eq!(san_of(&p, "Nc3", es).unwrap(), "Nc3");
    // Output in each style.
    let m = parse_san(&p, "Bd3", &en).unwrap();
    assert_eq!(to_san_styled(&p, m, SanStyle::Letters(Lang::Ro)), "Nd3");
    assert_eq!(to_san_styled(&p, m, SanStyle::Letters(Lang::Es)), "Ad3");
    assert_eq!(to_san_styled(&p, m, SanStyle::Figurine), "♗d3");
    // Promotions in Romanian: =D is a queen, =N a bishop, =C a knight.
    let q = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(san_of(&q, "e8=D", ro).unwrap(), "e8=Q");
    assert_eq!(san_of(&q, "e8=N", ro).unwrap(), "e8=B");
    assert_eq!(san_of(&q, "e8=C", ro).unwrap(), "e8=N");
    assert_eq!(san_of(&q, "e8=N", en).unwrap(), "e8=N");
    let m = parse_san(&q, "e8=Q", &en).unwrap();
    assert_eq!(to_san_styled(&q, m, SanStyle::Letters(Lang::Ro)), "e8=D");
    assert_eq!(to_san_styled(&q, m, SanStyle::Figurine), "e8=♕");
}

#[test]
fn canonical_output() {
    // Disambiguation by file, by rank and by both: three queens reach d4.
    let p = pos("8/8/6k1/8/Q6Q/8/8/Q3K3 w - - 0 1");
    let all: Vec<String> = san_all(&p, SanStyle::default()).into_iter().map(|(_, s)| s).collect();
    for want in ["Qa4d4", "Qhd4", "Q1d4", "Qb2"] {
        assert!(all.contains(&want.to_string()), "{want} not in {all:?}");
    }
    let k = pos("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1");
    assert_eq!(to_san(&k, parse_san(&k, "Nce4", &LENIENT).unwrap()), "Nce4");
    assert_eq!(to_san(&k, parse_san(&k, "Nge4", &LENIENT).unwrap()), "Nge4");
    // A pinned knight is no rival: Nc3, not Nbc3.
    let pinned = pos("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1");
    let m = parse_san(&pinned, "Nc3", &STRICT).unwrap();
    assert_eq!(m.from(), rocada::Square::B1);
    assert_eq!(to_san(&pinned, m), "Nc3");
    // En passant is written with x; mate with #; castling with its check.
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = parse_san(&ep, "exd6", &STRICT).unwrap();
    assert!(m.is_en_passant());
    let mate = pos("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(to_san(&mate, parse_san(&mate, "Ra8", &LENIENT).unwrap()), "Ra8#");
    let castle_check = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(to_san(&castle_check, parse_san(&castle_check, "O-O", &LENIENT).unwrap()), "O-O+");
    // Chess960: king b1, rooks a1 and h1; O-O-O is stored king-onto-rook (b1a1).
    let c = pos960("4k3/8/8/8/8/8/8/RK5R w AH - 0 1");
    let long = parse_san(&c, "O-O-O", &STRICT).unwrap();
    assert_eq!((long.from(), long.to()), (rocada::Square::B1, rocada::Square::A1));
    assert_eq!(to_san(&c, long), "O-O-O");
    assert_eq!(to_lan(&c, long, SanStyle::default()), "O-O-O");
    let short = parse_san(&c, "O-O", &STRICT).unwrap();
    assert_eq!((short.from(), short.to()), (rocada::Square::B1, rocada::Square::H1));
    assert_eq!(parse_san(&c, "Kxh1", &LENIENT), Ok(short)); // king onto its rook
    assert_eq!(parse_san(&c, "Kc1", &LENIENT).map(|m| m.is_castle()), Ok(false)); // an ordinary step
                                                                                  // LAN.
    let start = Position::new();
    assert_eq!(to_lan(&start, parse_san(&start, "Nf3", &LENIENT).unwrap(), SanStyle::default()), "Ng1-f3");
    assert_eq!(to_lan(&start, parse_san(&start, "e4", &LENIENT).unwrap(), SanStyle::Letters(Lang::Ro)), "e2-e4");
    assert_eq!(to_lan(&start, parse_san(&start, "Nc3", &LENIENT).unwrap(), SanStyle::Letters(Lang::Es)), "Cb1-c3");
    assert_eq!(to_lan(&ep, parse_san(&ep, "exd6", &LENIENT).unwrap(), SanStyle::Figurine), "e5xd6");
    assert_eq!(parse_lan(&start, "Ng1-f3", &STRICT).map(|m| to_san(&start, m)), Ok("Nf3".to_string()));
    assert_eq!(parse_lan(&start, "Nf3", &STRICT).unwrap_err().code(), "invalid-move-syntax");
}

#[test]
fn strict_mode() {
    let start = Position::new();
    let p = pos("r2qk2r/1P3pp1/8/2pP4/8/8/PPP2PPP/R3K2R w KQkq c6 0 1");
    let ro = SanOptions { lang: Lang::Ro, strict: true };
    for ok in ["Nf3", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!", "e4", "♘f3"] {
        assert!(parse_san(&start, ok, &STRICT).is_ok(), "{ok}");
    }
    for ok in ["O-O", "O-O-O", "dxc6", "bxa8=Q", "b8=Q", "b8=N!!", "Kd2", "Kf1!?"] {
        assert!(parse_san(&p, ok, &STRICT).is_ok(), "{ok}");
    }
    assert!(parse_san(&start, "Cf3", &ro).is_ok());
    assert!(parse_san(&start, "Nf3", &ro).is_err());
    for bad in ["Ng1f3", "Ngf3", "N1f3", "nf3", "Nf3+", "Nf3#", "Ng1-f3", "e2e4", "Pe4", "Nf3!!!", "Nf3 ", "♞f3"] {
        // (surrounding spaces are trimmed, "Nf3 " is fine; see below)
        if bad == "Nf3 " {
            assert!(parse_san(&start, bad, &STRICT).is_ok());
            continue;
        }
        let e = parse_san(&start, bad, &STRICT).unwrap_err();
        assert_eq!(e.code(), "invalid-move-syntax", "{bad}: {e}");
    }
    for bad in [
        "0-0",
        "o-o",
        "OO",
        "0-0-0",
        "dxc6 e.p.",
        "dxc6ep",
        "dc6",
        "d:c6",
        "bxa8Q",
        "bxa8=q",
        "bxa8=Q+",
        "b8Q",
        "b8(Q)",
        "ba8=Q",
        "b7a8=Q",
        "Kg1",
        "b8=Q!+",
        "b8=Q !",
        "Kd2!!!",
    ] {
        let e = parse_san(&p, bad, &STRICT).unwrap_err();
        assert_eq!(e.code(), "invalid-move-syntax", "{bad}: {e}");
    }
    let e = parse_san(&p, "0-0", &STRICT).unwrap_err();
    assert_eq!(e.to_string(), "invalid move syntax \"0-0\": strict mode accepts only canonical SAN: O-O");
    // `++` for a double check (Romanian), in strict mode only when it is one: the knight on
    // e4 uncovers the e1 rook; from f6 it checks too.
    let real = pos("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1");
    let m = parse_san(&real, "Nf6", &LENIENT).unwrap();
    assert_eq!(to_san(&real, m), "Nf6+");
    assert_eq!(parse_san(&real, "Nf6++", &STRICT), Ok(m));
    assert_eq!(parse_san(&real, "Nf6+", &STRICT), Ok(m));
    let single = parse_san(&real, "Nc5", &LENIENT).unwrap();
    assert_eq!(to_san(&real, single), "Nc5+");
    assert_eq!(parse_san(&real, "Nc5++", &STRICT).unwrap_err().code(), "invalid-move-syntax");
    assert_eq!(parse_san(&real, "Nc5++", &LENIENT), Ok(single));
}

#[test]
fn error_codes_and_messages() {
    let start = Position::new();
    let err = |p: &Position, s: &str| parse_san(p, s, &LENIENT).unwrap_err();
    // Syntax.
    for bad in [
        "", "   ", "hello", "Nf9", "Zf3", "N", "e", "44", "x", "O-O-O-O", "--", "Nf3 Nc6", "e4e5e6", "1-0", "0-1", "Nxx3", "=Q", "e8==Q",
        "(Q)",
    ] {
        assert_eq!(err(&start, bad).code(), "invalid-move-syntax", "{bad:?}");
    }
    assert_eq!(err(&start, &"N".repeat(100)).code(), "invalid-move-syntax");
    // Illegal: the error names what the text asks for (the reasons are the game layer's
    // explainer's, tested in tests/explain.rs).
    let cases: [(&str, Role, Square, &[Square]); 9] = [
        ("Nf4", Role::Knight, Square::F4, &[Square::B1, Square::G1]),
        ("Nd2", Role::Knight, Square::D2, &[Square::B1, Square::G1]),
        ("e5", Role::Pawn, Square::E5, &[Square::E2]),
        ("exd3", Role::Pawn, Square::D3, &[Square::E2]),
        ("xd3", Role::Pawn, Square::D3, &[Square::C2, Square::E2]),
        ("Ba3", Role::Bishop, Square::A3, &[Square::C1, Square::F1]),
        ("Nh1f3", Role::Knight, Square::F3, &[]),
        ("Ndf3", Role::Knight, Square::F3, &[]),
        ("Nf3=Q", Role::Knight, Square::F3, &[Square::B1, Square::G1]),
    ];
    for (input, role, to, from) in cases {
        let e = err(&start, input);
        assert_eq!(e.code(), "illegal-move", "{input}");
        let SanError::Illegal { attempt, .. } = &e else { unreachable!() };
        assert_eq!((attempt.role, attempt.to, attempt.color), (role, to, Color::White), "{input}");
        assert_eq!(attempt.from.into_iter().collect::<Vec<_>>(), from, "{input}");
        assert!(e.to_string().starts_with(&format!("illegal move \"{input}\": ")), "{e}");
    }
    let SanError::Illegal { attempt, .. } = err(&start, "O-O") else { unreachable!() };
    assert_eq!((attempt.castle, attempt.to, attempt.from.first()), (Some(CastlingSide::KingSide), Square::H1, Some(Square::E1)));
    assert_eq!(err(&start, "O-O").to_string(), "illegal move \"O-O\": White may not castle king side (O-O) now");
    assert_eq!(err(&start, "exd3 e.p.").code(), "illegal-move");
    assert_eq!(err(&start, "O-O e.p.").code(), "invalid-move-syntax");
    let lone = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(err(&lone, "Qd4").to_string(), "illegal move \"Qd4\": there is no white queen that the move can name");
    let SanError::Illegal { attempt, .. } = err(&lone, "O-O") else { unreachable!() };
    assert_eq!((attempt.to, attempt.from.first()), (Square::G1, Some(Square::E1)), "no right: the king's destination");
    let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(err(&pinned, "Nc3").to_string(), "illegal move \"Nc3\": no legal white knight move to c3");
    let promote = pos("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert_eq!(err(&promote, "a1=K").code(), "illegal-move");
    // Ambiguous, listing the candidates.
    let knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let e = err(&knights, "Nd2");
    assert_eq!(e.code(), "ambiguous-move");
    assert_eq!(e.to_string(), "ambiguous move \"Nd2\": could be Nbd2 or Nfd2");
    match &e {
        SanError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
        _ => unreachable!(),
    }
    let e = err(&promote, "a1");
    assert_eq!(e.code(), "ambiguous-move");
    assert_eq!(e.to_string(), "ambiguous move \"a1\": the pawn must promote, write a1=Q+, a1=R+, a1=B or a1=N");
    let e = parse_san(&knights, "Cd2", &SanOptions { lang: Lang::Es, strict: false }).unwrap_err();
    assert_eq!(e.to_string(), "ambiguous move \"Cd2\": could be Cbd2 or Cfd2");
    let e = err(&start, "Nf4");
    assert_eq!(e.input(), "Nf4");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    /// Arbitrary unicode strings.
    #[test]
    fn never_panics_on_any_string(s in "\\PC{0,80}", seed in 0usize..8) {
        let positions = fixed_positions();
        let p = &positions[seed % positions.len()];
        for opts in [LENIENT, STRICT, SanOptions { lang: Lang::Ro, strict: false }, SanOptions { lang: Lang::Es, strict: true }] {
            let _ = parse_san(p, &s, &opts);
            let _ = parse_lan(p, &s, &opts);
        }
    }

    /// SAN-shaped garbage: piece letters, files, ranks, marks, figurines, dashes and spaces.
    #[test]
    fn never_panics_on_san_shaped_garbage(s in "[KQRBNPTDACkqrbnp♔♕♖♗♘♚♛♜♝♞♙♟a-h1-9xX:×=/()+#!?‼⁉ .eO0o–-]{0,14}", seed in 0usize..8) {
        let positions = fixed_positions();
        let p = &positions[seed % positions.len()];
        for opts in [LENIENT, STRICT, SanOptions { lang: Lang::Ro, strict: false }, SanOptions { lang: Lang::Es, strict: false }] {
            if let Ok(m) = parse_san(p, &s, &opts) {
                prop_assert!(p.is_legal(m));
            }
        }
    }

    /// Long strings.
    #[test]
    fn never_panics_on_long_strings(s in ".{40,400}") {
        let p = Position::new();
        let _ = parse_san(&p, &s, &LENIENT);
        let _ = parse_san(&p, &s, &STRICT);
    }
}

fn fixed_positions() -> Vec<Position> {
    vec![
        Position::new(),
        pos("r2qk2r/1P3pp1/8/2pP4/8/8/PPP2PPP/R3K2R w KQkq c6 0 1"),
        pos("8/8/6k1/8/Q6Q/8/8/Q3K3 w - - 0 1"),
        pos("4k3/8/8/8/8/8/p7/4K3 b - - 0 1"),
        pos960("4k3/8/8/8/8/8/8/RK5R w AH - 0 1"),
        pos("4k3/8/8/8/2n5/1P1B4/8/4K3 w - - 0 1"),
        Position::chess960(0).unwrap(),
        pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"),
    ]
}

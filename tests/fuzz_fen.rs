#![cfg(not(target_arch = "wasm32"))]
//! Robustness of FEN reading: arbitrary bytes, arbitrary Unicode and FEN-shaped strings fed to
//! `Setup::from_fen` and `Position::from_fen` never panic, and every failure is a typed error
//! with one of the documented codes. Whatever is accepted writes a FEN that reads back.
//! The checks are the cargo-fuzz target's (`fuzz/fuzz_targets/fen.rs`, which adds coverage
//! guidance), shared through `src/testkit/src/fuzz_checks/fen.rs`.

#[allow(dead_code)] // only the FEN checks of the shared module are used here
use rocada_testkit::fuzz_checks;

use proptest::prelude::*;
use rocada::{CastlingMode, Position};

/// The checks of the cargo-fuzz target `fen` (`src/testkit/src/fuzz_checks/fen.rs`): a panic is a failure.
fn check(text: &str) -> Result<(), TestCaseError> {
    fuzz_checks::fen::check(text);
    Ok(())
}

/// Strings shaped like FEN: eight ranks of piece letters and digits (sometimes wrong), then
/// plausible or broken fields.
fn fen_like() -> impl Strategy<Value = String> {
    let rank = "[pnbrqkPNBRQK1-8]{0,9}";
    let board = prop::collection::vec(rank, 6..=9).prop_map(|ranks| ranks.join("/"));
    let turn = prop_oneof![Just("w".to_string()), Just("b".to_string()), "[a-zA-Z]{0,2}"];
    let castling = prop_oneof![Just("-".to_string()), "[KQkqA-Ha-h]{1,5}", "[KQkq\\-x0-9]{0,4}"];
    let ep = prop_oneof![Just("-".to_string()), "[a-h][1-8]", "[a-z]{0,2}[0-9]{0,2}"];
    let number = prop_oneof!["[0-9]{1,3}", "-?[0-9]{1,25}", "[a-z+]{0,2}"];
    (board, turn, castling, ep, number.clone(), number, 0usize..=7).prop_map(|(b, t, c, e, h, f, n)| {
        let fields = [b, t, c, e, h, f, "extra".to_string()];
        fields[..n.max(1)].join(" ")
    })
}

/// Mostly legal-looking positions: kings, a few pieces and pawns on random squares.
fn placements() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['.', '.', '.', '.', 'p', 'P', 'n', 'N', 'b', 'B', 'r', 'R', 'q', 'Q', 'k', 'K']), 64)
        .prop_flat_map(|cells| {
            let board: Vec<String> = cells
                .chunks(8)
                .map(|rank| {
                    let mut s = String::new();
                    let mut empty = 0;
                    for c in rank {
                        if *c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            s.push(*c);
                        }
                    }
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    s
                })
                .collect();
            let board = board.join("/");
            ("[wb]", "(-|[KQkq]{1,4}|[A-Ha-h]{1,4})", "(-|[a-h][36])").prop_map(move |(t, c, e)| format!("{board} {t} {c} {e} 0 1"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in "\\PC{0,120}") {
        check(&text)?;
    }

    #[test]
    fn fen_shaped_strings_never_panic(text in fen_like()) {
        check(&text)?;
    }

    #[test]
    fn random_placements_never_panic(text in placements()) {
        check(&text)?;
    }

    /// Valid FENs with one character replaced, deleted or inserted.
    #[test]
    fn mutated_valid_fens_never_panic(which in 0usize..4, at in any::<prop::sample::Index>(), c in any::<char>(), op in 0u8..3) {
        let base = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ][which];
        let mut chars: Vec<char> = base.chars().collect();
        let i = at.index(chars.len());
        match op {
            0 => chars[i] = c,
            1 => { chars.remove(i); }
            _ => chars.insert(i, c),
        }
        check(&chars.into_iter().collect::<String>())?;
    }
}

#[test]
fn hostile_inputs() {
    let long_board = "8/".repeat(10_000);
    let many_fields = "w ".repeat(10_000);
    let huge = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {} 1", "9".repeat(1000));
    let inputs = [
        "",
        " ",
        "\0",
        "/",
        "///////",
        "////////",
        "8/8/8/8/8/8/8/8",
        "k7/8/8/8/8/8/8/7K",
        "KKKKKKKK/KKKKKKKK/8/8/8/8/kkkkkkkk/kkkkkkkk w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQkqKQkqABCDEFGH - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 4294967295",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1 +1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\nKQkq\r- 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\u{a0}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq é3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ＫＱkq - 0 1",
        "♜♞♝♛♚♝♞♜/8/8/8/8/8/8/♖♘♗♕♔♗♘♖ w - - 0 1",
        "11111111/8/8/8/8/8/8/8 w - - 0 1",
        "8888/8/8/8/8/8/8/8 w - - 0 1",
        "p7p7/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - a9 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - h0 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - i3 0 1",
        &long_board,
        &many_fields,
        &huge,
    ];
    for text in inputs {
        check(text).unwrap_or_else(|e| panic!("{:?}: {e}", text.chars().take(80).collect::<String>()));
    }
}

/// The largest counters a FEN can hold: playing on must neither panic (debug builds check
/// overflow) nor wrap around to 0 (release builds); the counters saturate.
#[test]
fn counters_at_u32_max_do_not_overflow() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 4294967295";
    let mut pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
    let play = |pos: &mut Position, uci: &str| {
        let m = pos.legal_moves().into_iter().find(|m| m.uci(CastlingMode::Standard) == uci).unwrap();
        pos.play(m).unwrap();
    };
    play(&mut pos, "g1f3");
    assert_eq!(pos.halfmoves(), u32::MAX, "the half-move clock must not wrap");
    play(&mut pos, "g8f6");
    assert_eq!(pos.fullmoves(), u32::MAX, "the move number must not wrap");
    assert!(Position::from_fen(&pos.fen(), CastlingMode::Standard).is_ok());
}

#![cfg(not(target_arch = "wasm32"))]
//! The learned evaluation in the search (`Search::set_net`): every node the search evaluates
//! checks its incrementally updated accumulators against a refresh (a debug assertion in
//! `search/net.rs`, on in the tests), through null moves, checks, captures, castling (Chess960
//! too), en passant and promotions; a search with a net repeats itself exactly, and it is the
//! net that decides (the hand-written evaluation searches another tree). The unit tests of
//! `eval/nnue.rs` check the accumulators move by move and a net worked by hand.

use rocada::search::{Limits, Search};
use rocada::{CastlingMode, Position};

#[path = "common/signatures.rs"]
mod signatures;

#[test]
fn a_search_with_a_net_keeps_its_accumulators_in_step() {
    let net = signatures::test_net();
    for (fen, mode) in [
        ("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1", CastlingMode::Standard),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
        ("8/2P3k1/8/3pP3/8/8/5K2/8 w - d6 0 1", CastlingMode::Standard),
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", CastlingMode::Chess960),
    ] {
        let pos = Position::from_fen(fen, mode).unwrap();
        let run = |net: Option<rocada::eval::nnue::Network>| {
            let mut search = Search::new(1);
            search.set_net(net);
            let r = search.go(&pos, &[], Limits::depth(8), &mut |_| {}, &mut || false);
            (r.nodes, r.best_move)
        };
        let with = run(Some(net.clone()));
        assert!(with.1.is_some(), "{fen}");
        assert_eq!(with, run(Some(net.clone())), "{fen}: repeatable");
        assert_ne!(with.0, run(None).0, "{fen}: the net is used");
    }
}

/// A new engine searches with the built-in net; `set_net(None)` brings the hand-written
/// evaluation alone, and `set_net(Some(Network::builtin()))` the default back.
#[test]
fn the_built_in_net_is_the_default_and_set_net_none_the_hand_written_evaluation() {
    use rocada::eval::nnue::Network;
    let pos = Position::new();
    let nodes = |search: &mut Search| search.go(&pos, &[], Limits::depth(8), &mut |_| {}, &mut || false).nodes;
    let mut default = Search::new(1);
    assert_eq!(default.net(), Some(&Network::builtin()));
    let built_in = nodes(&mut default);
    let mut search = Search::new(1);
    search.set_net(None);
    assert!(search.net().is_none());
    let hand_written = nodes(&mut search);
    assert_ne!(hand_written, built_in, "the net is used by default");
    search.set_net(Some(signatures::test_net()));
    assert_ne!(nodes(&mut search), hand_written);
    search.set_net(None);
    assert_eq!(nodes(&mut search), hand_written, "the table and history were cleared with the net");
    search.set_net(Some(Network::builtin()));
    assert_eq!(nodes(&mut search), built_in);
}

/// Levels 1..19 play with the hand-written evaluation whatever the net (their Elo was measured
/// with it); level 20, full strength, with the net.
#[test]
fn levels_below_twenty_search_with_the_hand_written_evaluation() {
    let pos = Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1", CastlingMode::Standard).unwrap();
    let run = |level: u8, net: bool| {
        let mut search = Search::new(1);
        if !net {
            search.set_net(None);
        }
        let limits = Limits { level: Some(level), depth: Some(6), ..Limits::default() };
        let r = search.go(&pos, &[], limits, &mut |_| {}, &mut || false);
        (r.nodes, r.best_move, r.score)
    };
    for level in [1, 10, 19] {
        assert_eq!(run(level, true), run(level, false), "level {level}");
    }
    assert_ne!(run(20, true).0, run(20, false).0, "level 20 searches with the net");
}

/// A search of `pos` to `depth` by a new engine with `net` (`None`: the hand-written evaluation
/// alone): its nodes, move and score.
fn searched(pos: &Position, net: Option<rocada::eval::nnue::Network>, depth: u32) -> (u64, Option<rocada::Move>, rocada::search::Score) {
    let mut search = Search::new(1);
    search.set_net(net);
    let r = search.go(pos, &[], Limits::depth(depth), &mut |_| {}, &mut || false);
    (r.nodes, r.best_move, r.score)
}

/// A residual net adds its output to the hand-written evaluation: one whose output is always 0
/// searches exactly the hand-written evaluation's tree, and a non-zero one another tree; but
/// not against a bare king: there the hand-written evaluation stands alone.
#[test]
fn a_residual_net_adds_to_the_hand_written_evaluation() {
    use rocada::eval::nnue::{Activation, Network, INPUTS};
    let n = 8;
    let zero = Network::new(Activation::SCReLU, 400, vec![0; INPUTS * n], vec![0; n], vec![0; 2 * n], 0).unwrap().with_hand_written(true);
    let bytes = zero.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).map(|n| n.adds_hand_written()), Ok(true), "the flag is in the file");
    for fen in [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1",
        "8/2P3k1/8/3pP3/8/8/5K2/8 w - d6 0 1",
        "8/8/8/4k3/8/5p2/2B5/KN6 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        let run = |net: Option<Network>| searched(&pos, net, 8);
        assert_eq!(run(Some(zero.clone())), run(None), "{fen}: a zero correction is the hand-written evaluation");
        let net = signatures::test_net().with_hand_written(true);
        assert_ne!(run(Some(net.clone())).0, run(None).0, "{fen}: the correction is used");
        assert_ne!(run(Some(net.clone())).0, run(Some(net.with_hand_written(false))).0, "{fen}: and added to the hand-written one");
    }
    let net = signatures::test_net().with_hand_written(true);
    for fen in [
        // King, bishop and knight against a bare king; a queen; a rook and pawns, Black's.
        "8/8/8/4k3/8/8/2B5/KN6 w - - 0 1",
        "8/8/8/4k3/8/8/8/KQ6 b - - 0 1",
        "8/8/8/4k3/8/1pp5/r7/K7 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen, CastlingMode::Standard).unwrap();
        assert!(rocada::eval::bare_king(pos.board()), "{fen}");
        let run = |net: Option<Network>| searched(&pos, net, 6);
        assert_eq!(run(Some(net.clone())), run(None), "{fen}: the hand-written evaluation alone");
    }
}

#[test]
fn eval_file_says_what_the_evaluation_becomes_for_every_front_end() {
    use rocada::eval::nnue::MAX_FILE_BYTES;
    use rocada::search::uci::{EvalChange, Uci};
    let file = signatures::test_net().to_bytes();
    let (change, line) = Uci::eval_file(Some("t.nnue"), |path| {
        assert_eq!(path, "t.nnue");
        Ok(file.clone())
    });
    assert!(matches!(change, EvalChange::Net(ref n) if n.to_bytes() == file), "{change:?}");
    assert_eq!(line, "info string EvalFile t.nnue: a net of 768x2 -> 32 -> 1, screlu, scale 400");
    // A residual net says that it corrects the hand-written evaluation.
    let residual = signatures::test_net().with_hand_written(true).to_bytes();
    let (change, line) = Uci::eval_file(Some("r.nnue"), |_| Ok(residual.clone()));
    assert!(matches!(change, EvalChange::Net(ref n) if n.adds_hand_written()), "{change:?}");
    assert_eq!(line, "info string EvalFile r.nnue: a net of 768x2 -> 32 -> 1, screlu, scale 400, added to the hand-written evaluation");
    // A king-mirrored one says so, and reads back as one.
    let mirrored = signatures::test_net().with_king_mirror(true).to_bytes();
    let (change, line) = Uci::eval_file(Some("m.nnue"), |_| Ok(mirrored.clone()));
    assert!(matches!(change, EvalChange::Net(ref n) if n.king_mirrored() && !n.adds_hand_written()), "{change:?}");
    assert_eq!(line, "info string EvalFile m.nnue: a net of 768x2 -> 32 -> 1, screlu, scale 400, king-mirrored");
    let (change, line) = Uci::eval_file(None, |_| panic!("no file to read"));
    assert!(matches!(change, EvalChange::Handwritten));
    assert_eq!(line, "info string EvalFile: the hand-written evaluation alone");
    let (change, line) = Uci::eval_file(Some("<built-in>"), |_| panic!("no file to read"));
    assert!(matches!(change, EvalChange::Builtin));
    assert_eq!(
        line,
        "info string EvalFile <built-in>: a net of 768x2 -> 64 -> 1, screlu, scale 400, king-mirrored, added to the hand-written evaluation"
    );
    for (read, why) in [
        (Err("No such file or directory".to_owned()), "No such file or directory"),
        (Ok(vec![0; MAX_FILE_BYTES + 1]), "larger than any net"),
        (Ok(file[..file.len() - 1].to_vec()), ""),
        (Ok(Vec::new()), ""),
    ] {
        let (change, line) = Uci::eval_file(Some("x"), |_| read.clone());
        assert!(matches!(change, EvalChange::Unchanged), "{line}");
        assert!(
            line.starts_with("info string EvalFile x: ") && line.ends_with("; the evaluation is unchanged") && line.contains(why),
            "{line}"
        );
    }
}

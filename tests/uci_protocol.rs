#![cfg(not(target_arch = "wasm32"))]
//! The UCI state machine (`rocada::search::uci::Uci`) driven line by line, with the real
//! search run by the test as a front end would: refused `position` commands keep the legal
//! prefix, moves past automatic endings are followed, bad `searchmoves` entries are ignored,
//! ponder (held bestmove, ponderhit, stop), the final `info` line, mated and stalemated roots,
//! held infinite searches, and `stop-then-retry` while a search runs.

use rocada::search::uci::{Action, Job, Uci};
use rocada::search::Search;
use rocada::{parse_uci, Position};

fn machine() -> Uci {
    Uci::new("Rocada test", 4096)
}

/// Sends `line`; returns its output and action.
fn send(uci: &mut Uci, line: &str) -> (Vec<String>, Action) {
    let r = uci.command(line);
    (r.out, r.action)
}

fn job_of(action: Action) -> Job {
    match action {
        Action::Go(job) => *job,
        other => panic!("expected a search, got {other:?}"),
    }
}

/// Runs `job`'s search to its end (as the native front end does, without ponder clock);
/// returns the lines printed: the reports, then what `result` gave.
fn run(uci: &mut Uci, job: &Job) -> Vec<String> {
    let mut search = Search::new(4);
    let mut lines = Vec::new();
    let mut limits = job.limits_now();
    if limits.infinite && limits.depth.is_none() && limits.nodes.is_none() {
        limits.depth = Some(4);
    }
    let r = search.go(&job.pos, &job.history, limits, &mut |info| lines.extend(uci.info(info)), &mut || false);
    lines.extend(uci.result(&r, search.hashfull()));
    lines
}

fn bestmove(lines: &[String]) -> Option<&str> {
    lines.iter().find_map(|l| l.strip_prefix("bestmove ")).map(|l| l.split(' ').next().unwrap())
}

fn after(fen: Option<&str>, moves: &[&str]) -> Position {
    let mut pos = fen.map_or_else(Position::new, |f| Position::from_fen(f, rocada::CastlingMode::Standard).unwrap());
    for m in moves {
        let mv = parse_uci(&pos, m).unwrap();
        pos.play(mv).unwrap();
    }
    pos
}

#[test]
fn a_refused_move_list_keeps_its_legal_prefix() {
    let mut uci = machine();
    send(&mut uci, "position startpos moves d2d4");
    let (out, action) = send(&mut uci, "position startpos moves e2e4 e7e5 g1g3");
    assert_eq!(action, Action::None);
    assert!(out.iter().any(|l| l.starts_with("info string") && l.contains("g1g3")), "{out:?}");
    let want = after(None, &["e2e4", "e7e5"]);
    assert_eq!(uci.position(), Some(&want));
    let (_, action) = send(&mut uci, "go depth 3");
    let job = job_of(action);
    assert_eq!(job.pos, want);
    assert_eq!(job.history.len(), 2);
    let lines = run(&mut uci, &job);
    let best = parse_uci(&want, bestmove(&lines).unwrap());
    assert!(best.is_ok(), "{lines:?}");
}

#[test]
fn moves_past_automatic_endings_are_followed() {
    let mut uci = machine();
    // A locked pawn chain (dead position) before the move.
    let locked = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1";
    let (out, _) = send(&mut uci, &format!("position fen {locked} moves e2d3"));
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(uci.position(), Some(&after(Some(locked), &["e2d3"])));
    let job = job_of(send(&mut uci, "go depth 2").1);
    let lines = run(&mut uci, &job);
    let best = bestmove(&lines).unwrap();
    assert!(parse_uci(&after(Some(locked), &["e2d3"]), best).is_ok(), "{best}: a black move");
    // Fivefold repetition, then two more moves.
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(5) + "e2e4 e7e5";
    let (out, _) = send(&mut uci, &format!("position startpos moves {shuffle}"));
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(uci.moves().len(), 22);
    // The 75-move rule: halfmove clock 150 reached, then more moves.
    let (out, _) = send(&mut uci, "position fen 8/8/4k3/8/8/4K3/4R3/8 w - - 149 100 moves e2e1 e6d6 e1e2");
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(uci.moves().len(), 3);
    let job = job_of(send(&mut uci, "go nodes 3000").1);
    assert!(bestmove(&run(&mut uci, &job)).is_some());
}

#[test]
fn bad_searchmoves_entries_are_ignored() {
    let mut uci = machine();
    send(&mut uci, "position startpos");
    let (out, action) = send(&mut uci, "go depth 2 searchmoves e2e4 zz e7e5 a2a3");
    assert_eq!(out.iter().filter(|l| l.starts_with("info string searchmoves")).count(), 2, "{out:?}");
    let job = job_of(action);
    let start = Position::new();
    assert_eq!(job.limits.search_moves, vec![parse_uci(&start, "e2e4").unwrap(), parse_uci(&start, "a2a3").unwrap()]);
    assert_eq!(job.limits.depth, Some(2));
    let lines = run(&mut uci, &job);
    assert!(["e2e4", "a2a3"].contains(&bestmove(&lines).unwrap()), "{lines:?}");
    // Only bad entries: every move is searched.
    let job = job_of(send(&mut uci, "go searchmoves e7e5 5 depth 2").1);
    assert!(job.limits.search_moves.is_empty());
    assert_eq!(job.limits.depth, Some(2));
    assert_ne!(bestmove(&run(&mut uci, &job)), Some("0000"));
}

#[test]
fn ponder_holds_bestmove_until_ponderhit_or_stop() {
    let mut uci = machine();
    let (out, _) = send(&mut uci, "uci");
    assert!(out.contains(&"option name Ponder type check default false".to_owned()));
    send(&mut uci, "setoption name Ponder value true");
    send(&mut uci, "position startpos moves e2e4");
    // The search ends by itself while pondering: held until ponderhit.
    let job = job_of(send(&mut uci, "go ponder wtime 1000 btime 1000 depth 3").1);
    assert!(job.ponder && !job.limits.infinite);
    assert!(job.limits_now().infinite, "a front end that cannot change a running search ponders without time limit");
    assert!(run(&mut uci, &job).iter().all(|l| !l.starts_with("bestmove")), "no bestmove while pondering");
    let (out, action) = send(&mut uci, "ponderhit");
    assert_eq!(action, Action::None);
    assert!(bestmove(&out).is_some(), "{out:?}");
    assert!(out[0].starts_with("info depth 3 "), "{out:?}");
    // Ponderhit while it searches: the clock limits from now (budget given), then the result.
    let job = job_of(send(&mut uci, "go ponder wtime 10000 btime 8000 binc 100").1);
    match send(&mut uci, "ponderhit").1 {
        Action::PonderHit { stop_after_ms: Some(ms) } => assert!(ms > 100 && ms < 8000, "{ms}"),
        other => panic!("{other:?}"),
    }
    let mut search = Search::new(1);
    let r = search.go(&job.pos, &job.history, rocada::search::Limits::depth(3), &mut |_| {}, &mut || false);
    assert!(bestmove(&uci.result(&r, 0)).is_some(), "after ponderhit the result goes out");
    // Stop while pondering: the result goes out.
    let job = job_of(send(&mut uci, "go ponder movetime 500").1);
    assert_eq!(send(&mut uci, "stop").1, Action::Stop);
    assert!(bestmove(&run(&mut uci, &job)).is_some());
    // A second ponderhit or stop does nothing.
    assert_eq!(send(&mut uci, "ponderhit"), (Vec::new(), Action::None));
    assert_eq!(send(&mut uci, "stop"), (Vec::new(), Action::None));
}

#[test]
fn a_final_info_line_gives_the_result() {
    let mut uci = machine();
    send(&mut uci, "position startpos");
    let job = job_of(send(&mut uci, "go nodes 20000").1);
    let lines = run(&mut uci, &job);
    let n = lines.len();
    assert!(lines[n - 1].starts_with("bestmove "));
    let last = &lines[n - 2];
    assert!(
        last.starts_with("info depth ") && last.contains(" nodes 20000 ") && last.contains(" score ") && last.contains(" time "),
        "{last}"
    );
    let pv = last.split(" pv ").nth(1).unwrap();
    assert_eq!(pv.split(' ').next(), bestmove(&lines));
}

#[test]
fn mated_and_stalemated_roots() {
    let mut uci = machine();
    send(&mut uci, "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let (out, action) = send(&mut uci, "go depth 3");
    assert_eq!((out, action), (vec!["info depth 0 score mate 0".to_owned(), "bestmove 0000".to_owned()], Action::None));
    send(&mut uci, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (out, _) = send(&mut uci, "go movetime 100");
    assert_eq!(out, vec!["info depth 0 score cp 0".to_owned(), "bestmove 0000".to_owned()]);
    // go infinite on a mated root: the answer waits for stop.
    send(&mut uci, "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(send(&mut uci, "go infinite"), (Vec::new(), Action::None));
    let (out, action) = send(&mut uci, "stop");
    assert_eq!((out.last().map(String::as_str), action), (Some("bestmove 0000"), Action::None));
}

#[test]
fn infinite_waits_for_stop_and_busy_commands_stop_first() {
    let mut uci = machine();
    let job = job_of(send(&mut uci, "go infinite").1);
    assert!(job.limits.infinite);
    assert_eq!(send(&mut uci, "isready").0, vec!["readyok".to_owned()]);
    assert_eq!(send(&mut uci, "position startpos moves e2e4").1, Action::StopThenRetry);
    assert_eq!(uci.position(), Some(&Position::new()), "not applied yet");
    assert!(run(&mut uci, &job).iter().all(|l| !l.starts_with("bestmove")), "held until stop");
    // Still held: a position command lets the bestmove out first, then applies.
    let (out, action) = send(&mut uci, "position startpos moves e2e4");
    assert_eq!(action, Action::None);
    assert!(bestmove(&out).is_some());
    assert_eq!(uci.position(), Some(&after(None, &["e2e4"])));
    assert!(!uci.busy());
}

#[test]
fn an_unreadable_fen_leaves_no_position() {
    let mut uci = machine();
    let (out, _) = send(&mut uci, "position fen not a fen moves e2e4");
    assert!(out[0].starts_with("info string error"), "{out:?}");
    let (out, action) = send(&mut uci, "go depth 1");
    assert_eq!(action, Action::None);
    assert_eq!(out.last().map(String::as_str), Some("bestmove 0000"));
}

#[test]
fn options_and_chess960() {
    let mut uci = machine();
    assert_eq!(send(&mut uci, "setoption name Hash value 99999").1, Action::SetHash(4096));
    send(&mut uci, "setoption name MultiPV value 3");
    send(&mut uci, "setoption name Move Overhead value 100");
    let job = job_of(send(&mut uci, "go wtime 1000 btime 50").1);
    assert_eq!((job.limits.multipv, job.limits.wtime_ms, job.limits.btime_ms), (3, Some(900), Some(1)));
    send(&mut uci, "stop");
    run(&mut uci, &job);
    send(&mut uci, "setoption name UCI_Chess960 value true");
    send(&mut uci, "position startpos moves e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1");
    assert_eq!(uci.moves().len(), 7, "castling as king takes rook");
    assert_eq!(send(&mut uci, "ucinewgame").1, Action::NewGame);
    assert_eq!(send(&mut uci, "quit").1, Action::Quit);
    assert!(send(&mut uci, "frobnicate").0[0].contains("unknown command"));
}

/// `EvalFile` is offered only by a front end that reads files (the native one): there a path
/// (words and all) asks for the file, `<built-in>` (the default) for the built-in net, `<empty>`
/// or nothing for the hand-written evaluation alone;
/// elsewhere it is an unknown option.
#[test]
fn eval_file_only_where_files_are_read() {
    let mut plain = machine();
    let (out, _) = send(&mut plain, "uci");
    assert!(!out.iter().any(|l| l.contains("EvalFile")));
    let (out, action) = send(&mut plain, "setoption name EvalFile value net.nnue");
    assert_eq!((out, action), (vec!["info string unknown option EvalFile".to_string()], Action::None));

    let mut files = machine().with_eval_file();
    let (out, _) = send(&mut files, "uci");
    assert!(out.contains(&"option name EvalFile type string default <built-in>".to_string()), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("uciok"));
    assert_eq!(
        send(&mut files, "setoption name EvalFile value /tmp/my nets/gen 1.nnue").1,
        Action::EvalFile(Some("/tmp/my nets/gen 1.nnue".into()))
    );
    assert_eq!(send(&mut files, "setoption name EvalFile value <built-in>").1, Action::EvalFile(Some("<built-in>".into())));
    assert_eq!(send(&mut files, "setoption name evalfile value <empty>").1, Action::EvalFile(None));
    assert_eq!(send(&mut files, "setoption name EvalFile").1, Action::EvalFile(None));
}

#[test]
fn random_position_commands_give_a_legal_bestmove_in_the_legal_prefix() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(0x0c1_2026);
    let mut uci = machine();
    let starts = [None, Some("8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1"), Some("8/8/4k3/8/8/4K3/4R3/8 w - - 149 100")];
    for case in 0..60 {
        let start = starts[rng.gen_range(0..starts.len())];
        let mut pos = after(start, &[]);
        let mut texts = Vec::new();
        for _ in 0..rng.gen_range(0..60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            texts.push(m.uci(pos.castling_mode()));
            pos.play_unchecked(m);
        }
        if rng.gen_bool(0.5) {
            let bad = ["e2e5", "a1a8", "h9h1", "0000", "b1b3", "e7e8q"][rng.gen_range(0..6)];
            texts.insert(rng.gen_range(0..=texts.len()), bad.to_owned());
        }
        // The GUI's position: the legal prefix.
        let mut gui = after(start, &[]);
        for t in &texts {
            match parse_uci(&gui, t) {
                Ok(m) => gui.play_unchecked(m),
                Err(_) => break,
            }
        }
        let base = start.map_or("position startpos".to_owned(), |f| format!("position fen {f}"));
        send(&mut uci, &format!("{base} moves {}", texts.join(" ")));
        assert_eq!(uci.position(), Some(&gui), "case {case}");
        let go =
            if rng.gen_bool(0.5) { format!("go depth {}", rng.gen_range(1..=3)) } else { format!("go nodes {}", rng.gen_range(1..3000)) };
        let (out, action) = send(&mut uci, &go);
        let lines = match action {
            Action::Go(job) => run(&mut uci, &job),
            _ => out,
        };
        let best = bestmove(&lines).unwrap();
        if gui.legal_moves().is_empty() {
            assert_eq!(best, "0000");
        } else {
            assert!(parse_uci(&gui, best).is_ok(), "case {case}: {best} in {}", gui.fen());
        }
    }
}

#![cfg(not(target_arch = "wasm32"))]
//! Time controls and clocks, driven by a hand-set time source (no test sleeps).

use rocada::clock::{Bonus, Clock, ClockError, ManualTime, Stage, TimeControl};
use rocada::Color::{Black, White};

const S: u64 = 1000;
const M: u64 = 60 * S;

fn tc(s: &str) -> TimeControl {
    TimeControl::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn stage(moves: Option<u32>, time_ms: u64, bonus: Bonus) -> Stage {
    Stage { moves, time_ms, bonus }
}

// ------------------------------------------------------------------ parsing

#[test]
fn parses_the_usual_forms() {
    let cases: &[(&str, &[Stage])] = &[
        ("5+3", &[stage(None, 5 * M, Bonus::Increment(3 * S))]),
        ("15|10", &[stage(None, 15 * M, Bonus::Increment(10 * S))]),
        ("3", &[stage(None, 3 * M, Bonus::None)]),
        ("3+0", &[stage(None, 3 * M, Bonus::None)]),
        ("0.5+0", &[stage(None, 30 * S, Bonus::None)]),
        ("½+0", &[stage(None, 30 * S, Bonus::None)]),
        ("¼+0", &[stage(None, 15 * S, Bonus::None)]),
        ("0+1", &[stage(None, 0, Bonus::Increment(S))]),
        ("30s+1", &[stage(None, 30 * S, Bonus::Increment(S))]),
        ("90'+30\"", &[stage(None, 90 * M, Bonus::Increment(30 * S))]),
        ("1h30", &[stage(None, 90 * M, Bonus::None)]),
        ("1h30min", &[stage(None, 90 * M, Bonus::None)]),
        ("1h15m", &[stage(None, 75 * M, Bonus::None)]),
        ("1h45'", &[stage(None, 105 * M, Bonus::None)]),
        ("2h", &[stage(None, 120 * M, Bonus::None)]),
        ("5 d3", &[stage(None, 5 * M, Bonus::Delay(3 * S))]),
        ("5+d3", &[stage(None, 5 * M, Bonus::Delay(3 * S))]),
        ("5 b3", &[stage(None, 5 * M, Bonus::Bronstein(3 * S))]),
        ("5+b3", &[stage(None, 5 * M, Bonus::Bronstein(3 * S))]),
        ("G/90;d5", &[stage(None, 90 * M, Bonus::Delay(5 * S))]),
        ("G/90;inc30", &[stage(None, 90 * M, Bonus::Increment(30 * S))]),
        ("1.5+0.5", &[stage(None, 90 * S, Bonus::Increment(500))]),
        ("40/90+30, 30+30", &[stage(Some(40), 90 * M, Bonus::Increment(30 * S)), stage(None, 30 * M, Bonus::Increment(30 * S))]),
        (
            "40/120, 20/60, 30",
            &[stage(Some(40), 120 * M, Bonus::None), stage(Some(20), 60 * M, Bonus::None), stage(None, 30 * M, Bonus::None)],
        ),
        ("40/120 d5, SD/60 d5", &[stage(Some(40), 120 * M, Bonus::Delay(5 * S)), stage(None, 60 * M, Bonus::Delay(5 * S))]),
        ("40/120", &[stage(Some(40), 120 * M, Bonus::None)]),
        ("  5 + 3  ", &[stage(None, 5 * M, Bonus::Increment(3 * S))]),
    ];
    for (text, stages) in cases {
        assert_eq!(tc(text).stages(), *stages, "{text}");
        // Display writes a form that reads back the same.
        let shown = tc(text).to_string();
        assert_eq!(tc(&shown), tc(text), "{text} -> {shown}");
        // And so does PGN.
        assert_eq!(TimeControl::from_pgn(&tc(text).to_pgn()).unwrap(), tc(text), "{text} via PGN");
    }
    assert_eq!(tc("40/90+30, 30+30").to_string(), "40/90+30, 30+30");
    assert_eq!(tc("5 d3").to_string(), "5+d3");
    assert_eq!(tc("0.5+0").to_string(), "30s");
    assert_eq!("5+3".parse::<TimeControl>().unwrap(), TimeControl::fischer(5, 3));
}

#[test]
fn moves_come_first_in_a_stage() {
    // "90/40" is read moves first, like "40/90": 90 moves in 40 minutes.
    assert_eq!(tc("90/40+30").stages()[0], stage(Some(90), 40 * M, Bonus::Increment(30 * S)));
}

#[test]
fn parses_pgn_time_controls() {
    let t = TimeControl::from_pgn("40/5400+30:1800+30").unwrap();
    assert_eq!(t, tc("40/90+30, 30+30"));
    assert_eq!(t.to_pgn(), "40/5400+30:1800+30");
    assert_eq!(TimeControl::from_pgn("300+3").unwrap(), tc("5+3"));
    assert_eq!(TimeControl::from_pgn("40/7200:3600").unwrap(), tc("40/120, 60"));
    assert_eq!(TimeControl::from_pgn("180").unwrap(), tc("3"));
    assert_eq!(TimeControl::from_pgn("600+d5").unwrap(), tc("10 d5"));
    for bad in ["?", "-", "*180", "", "40/", "abc", "300+x", "0/300"] {
        let e = TimeControl::from_pgn(bad).unwrap_err();
        assert_eq!(e.code(), "invalid-time-control", "{bad}");
        assert!(!e.message().is_empty());
    }
}

#[test]
fn parse_errors_have_a_stable_code() {
    for bad in [
        "",
        "abc",
        "5+",
        "5+x",
        "+3",
        "40/",
        "/90",
        "x/90",
        "0/90",
        "40/90, ",
        "30, 40/90",
        "5 q3",
        "5++3",
        "0",
        "0+0",
        "1.2.3",
        "99999999",
        "5+d",
        "-5+3",
    ] {
        let e = TimeControl::parse(bad).unwrap_err();
        assert_eq!(e.code(), "invalid-time-control", "{bad:?}");
        assert!(e.to_string().starts_with("invalid time control: "), "{e}");
    }
    // The message says where.
    let e = TimeControl::parse("40/90+30, 30+x").unwrap_err();
    assert!(e.message().contains("stage 2"), "{e}");
    let e = TimeControl::parse("30, 40/90").unwrap_err();
    assert!(e.message().contains("no move count"), "{e}");
}

// ------------------------------------------------------------------ running

#[test]
fn fischer_increment() {
    let t = ManualTime::new(1_000_000);
    let mut c = Clock::new(tc("3+2"), t.clone());
    assert_eq!(c.remaining(White), 3 * M);
    assert_eq!(c.running(), None);
    // Black's press at the start starts White's clock.
    c.press().unwrap();
    assert_eq!(c.running(), Some(White));
    t.advance(10 * S);
    assert_eq!(c.remaining(White), 3 * M - 10 * S, "only the clock of the player to move runs");
    assert_eq!(c.remaining(Black), 3 * M);
    let p = c.press().unwrap();
    assert_eq!((p.color, p.elapsed_ms, p.remaining_ms), (White, 10 * S, 3 * M - 8 * S));
    assert_eq!(c.remaining(White), 3 * M - 8 * S);
    assert_eq!(c.running(), Some(Black));
    t.advance(S);
    c.press().unwrap();
    assert_eq!(c.remaining(Black), 3 * M + S, "the increment can raise the time above the start");
    assert_eq!(c.moves(White), 1);
    assert_eq!(c.moves(Black), 1);
}

#[test]
fn simple_delay() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("5 d3"), t.clone());
    c.start();
    t.advance(2 * S);
    assert_eq!(c.remaining(White), 5 * M, "the main time waits for the delay");
    assert_eq!(c.delay_left(White), S);
    c.press().unwrap();
    assert_eq!(c.remaining(White), 5 * M);
    t.advance(10 * S);
    assert_eq!(c.remaining(Black), 5 * M - 7 * S);
    assert_eq!(c.delay_left(Black), 0);
    c.press().unwrap();
    assert_eq!(c.remaining(Black), 5 * M - 7 * S, "nothing is added back");
    // The flag falls only after delay + remaining time.
    let mut c = Clock::new(tc("10s d5"), t.clone());
    c.start();
    t.advance(14_999);
    assert_eq!(c.flagged(), None);
    t.advance(1);
    assert_eq!(c.flagged(), Some(White));
}

#[test]
fn bronstein_delay() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("5 b3"), t.clone());
    c.start();
    t.advance(2 * S);
    assert_eq!(c.remaining(White), 5 * M - 2 * S, "Bronstein counts down at once");
    c.press().unwrap();
    assert_eq!(c.remaining(White), 5 * M, "and gives back the time used, up to the delay");
    t.advance(10 * S);
    c.press().unwrap();
    assert_eq!(c.remaining(Black), 5 * M - 7 * S);
    // Unlike an increment, it never raises the time.
    t.advance(0);
    c.press().unwrap();
    assert_eq!(c.remaining(White), 5 * M);
}

#[test]
fn stages_by_move_count() {
    // 2 moves in 1 minute, then 30 seconds for the rest, 10 s increment throughout.
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("2/1+10, 30s+10"), t.clone());
    c.start();
    assert_eq!(c.moves_to_control(White), Some(2));
    t.advance(20 * S);
    c.press().unwrap(); // White move 1: 60 - 20 + 10 = 50
    t.advance(S);
    c.press().unwrap(); // Black move 1
    assert_eq!(c.remaining(White), 50 * S);
    assert_eq!(c.moves_to_control(White), Some(1));
    t.advance(20 * S);
    let p = c.press().unwrap(); // White move 2 completes the stage: 50 - 20 + 10 + 30 = 70
    assert!(p.new_stage);
    assert_eq!(c.remaining(White), 70 * S);
    assert_eq!(c.stage_index(White), 1);
    assert_eq!(c.stage_index(Black), 0);
    assert_eq!(c.moves_to_control(White), None);
    t.advance(S);
    c.press().unwrap(); // Black move 2 completes it too
    assert_eq!(c.stage_index(Black), 1);
    assert_eq!(c.remaining(Black), 60 * S - 2 * S + 20 * S + 30 * S);
}

#[test]
fn fide_classical() {
    // 90 minutes for 40 moves, then 30 minutes, 30 s per move from move 1.
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("40/90+30, 30+30"), t.clone());
    c.start();
    for _ in 0..40 {
        t.advance(60 * S);
        c.press().unwrap(); // White
        t.advance(30 * S);
        c.press().unwrap(); // Black
    }
    // White: 90 min - 40 min used + 40 * 30 s + 30 min.
    assert_eq!(c.remaining(White), 90 * M - 40 * M + 20 * M + 30 * M);
    assert_eq!(c.remaining(Black), 90 * M - 20 * M + 20 * M + 30 * M);
    assert_eq!(c.stage_index(White), 1);
}

#[test]
fn a_last_stage_with_a_move_count_repeats() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("1/1"), t.clone());
    c.start();
    for n in 1..=3u64 {
        t.advance(30 * S);
        c.press().unwrap();
        assert_eq!(c.remaining(White), 60 * S + n * 30 * S, "after move {n}: -30 s, +60 s");
        c.press().unwrap();
    }
}

#[test]
fn flag_fall() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("1+0"), t.clone());
    c.start();
    t.advance(59_999);
    assert_eq!(c.flagged(), None);
    assert_eq!(c.remaining(White), 1);
    t.advance(1);
    assert_eq!(c.flagged(), Some(White), "the flag falls when the time reaches zero");
    assert_eq!(c.remaining(White), 0);
    t.advance(5 * S);
    // Pressing late does not save the player.
    assert_eq!(c.press().unwrap_err(), ClockError::Flagged(White));
    assert_eq!(c.press().unwrap_err().code(), "clock-stopped");
    assert!(c.is_stopped());
    assert_eq!(c.flagged(), Some(White));
    assert_eq!(c.remaining(Black), 60 * S);
}

#[test]
fn increment_does_not_save_a_fallen_flag() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("10s+5"), t.clone());
    c.start();
    t.advance(11 * S);
    assert_eq!(c.press().unwrap_err().code(), "flag-fallen");
}

#[test]
fn no_time_added_after_a_flag_fall() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("1+0"), t.clone());
    c.start();
    t.advance(61 * S);
    // Not yet recorded by a press: adding time must not bring the fallen flag back up.
    assert_eq!(c.add_time(White, 2 * M).unwrap_err(), ClockError::Flagged(White));
    assert_eq!(c.remaining(White), 0);
    assert_eq!(c.flagged(), Some(White));
    assert!(c.is_stopped());
    // Nor may the opponent's time change once the game is decided.
    assert_eq!(c.add_time(Black, 2 * M).unwrap_err().code(), "flag-fallen");
    assert_eq!(c.remaining(Black), 60 * S);
}

#[test]
fn pause_resume_stop_and_penalties() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("5+0"), t.clone());
    c.start();
    t.advance(10 * S);
    c.pause();
    assert!(c.is_paused());
    t.advance(60 * S);
    assert_eq!(c.remaining(White), 5 * M - 10 * S, "a paused clock does not run");
    assert_eq!(c.press().unwrap_err(), ClockError::Paused);
    c.resume();
    t.advance(5 * S);
    assert_eq!(c.remaining(White), 5 * M - 15 * S);
    // FIDE 7.5.5: two minutes to the opponent.
    c.add_time(Black, 2 * M).unwrap();
    assert_eq!(c.remaining(Black), 7 * M);
    c.stop();
    t.advance(60 * S);
    assert_eq!(c.remaining(White), 5 * M - 15 * S, "a stopped clock keeps its times");
    assert_eq!(c.running(), None);
    assert_eq!(c.press().unwrap_err().code(), "clock-stopped");
}

#[test]
fn black_to_move_first() {
    let t = ManualTime::new(0);
    let mut c = Clock::new(tc("1+0"), t.clone());
    c.start_for(Black);
    t.advance(S);
    assert_eq!(c.remaining(Black), 59 * S);
    assert_eq!(c.press().unwrap().color, Black);
    assert_eq!(c.running(), Some(White));
}

// ------------------------------------------------------------------ robustness

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

    /// The parsers never panic; whatever they accept, they write back in a form that reads the same.
    #[test]
    fn parsers_never_panic(s in "\\PC{0,24}", t in "[0-9 +|;/:,.dbhmsGSD'\"¼½¾inc-]{0,20}") {
        for text in [&s, &t] {
            if let Ok(c) = TimeControl::parse(text) {
                proptest::prop_assert_eq!(TimeControl::parse(&c.to_string()).unwrap(), c.clone());
                proptest::prop_assert_eq!(TimeControl::from_pgn(&c.to_pgn()).unwrap(), c);
            }
            if let Ok(c) = TimeControl::from_pgn(text) {
                proptest::prop_assert_eq!(TimeControl::from_pgn(&c.to_pgn()).unwrap(), c);
            }
        }
    }
}

#[test]
fn over_long_time_controls_are_refused_without_copying_them() {
    use rocada::clock::MAX_TIME_CONTROL_LEN;
    // Surrounding whitespace does not count.
    assert!(TimeControl::parse(&format!("{0}5+3{0}", " ".repeat(MAX_TIME_CONTROL_LEN))).is_ok());
    let huge = "x".repeat(8 << 20);
    for e in [TimeControl::parse(&huge).unwrap_err(), TimeControl::from_pgn(&huge).unwrap_err()] {
        assert_eq!(e.code(), "invalid-time-control");
        assert!(e.to_string().len() < 100, "{e}");
    }
    let just_over = format!("5+3{}", "0".repeat(MAX_TIME_CONTROL_LEN));
    assert!(TimeControl::parse(&just_over).unwrap_err().to_string().contains("longer than"));
}

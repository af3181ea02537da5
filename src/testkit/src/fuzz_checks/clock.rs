//! Time controls: text read by `TimeControl::parse` (human notation) and `from_pgn` (the PGN
//! tag) gives a control or an `invalid-time-control` error; an accepted control writes back
//! in both notations and reads back equal. A clock then runs on it, driven by the bytes
//! (presses, pauses, added time, time jumps within what the JS adapter allows), and its
//! accounting stays sane.

use rocada::clock::{Clock, ClockError, ManualTime, TimeControl};
use rocada::Color;

/// The longest jump of the time source the JS adapter allows (`9e15` ms).
const MAX_NOW: u64 = 9_000_000_000_000_000;

/// Runs the check on raw bytes (read as UTF-8, invalid sequences replaced).
pub fn check_bytes(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    check(&text, data);
}

/// Reads `text` both ways; runs a clock on what is accepted, driven by `ops`.
pub fn check(text: &str, ops: &[u8]) {
    for result in [TimeControl::parse(text), TimeControl::from_pgn(text)] {
        match result {
            Ok(tc) => {
                assert!(!tc.stages().is_empty());
                let pgn = tc.to_pgn();
                assert_eq!(TimeControl::from_pgn(&pgn).as_ref(), Ok(&tc), "{text:?} -> {pgn:?}");
                let human = tc.to_string();
                assert_eq!(TimeControl::parse(&human).as_ref(), Ok(&tc), "{text:?} -> {human:?}");
                run_clock(tc, ops);
            }
            Err(e) => {
                assert_eq!(e.code(), "invalid-time-control");
                assert!(!e.message().is_empty());
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

/// Drives a clock with `ops` (one operation per byte, at most 256).
fn run_clock(tc: TimeControl, ops: &[u8]) {
    let time = ManualTime::new(0);
    let mut clock = Clock::new(tc, time.clone());
    let mut now = 0u64;
    for (i, &op) in ops.iter().take(256).enumerate() {
        let arg = u64::from(ops.get(i + 1).copied().unwrap_or(0));
        match op % 8 {
            0..=2 => {
                if let Ok(p) = clock.press() {
                    assert_eq!(p.remaining_ms, clock.remaining(p.color));
                }
            }
            3 => clock.pause(),
            4 => clock.resume(),
            5 => {
                let flagged = clock.flagged();
                let color = if arg % 2 == 0 { Color::White } else { Color::Black };
                let before = clock.remaining(color);
                match clock.add_time(color, arg * arg * 1_000_000) {
                    Ok(()) => assert!(flagged.is_none() && clock.remaining(color) >= before),
                    Err(e) => {
                        assert_eq!(Some(e), flagged.map(ClockError::Flagged));
                        assert_eq!(clock.remaining(color), before, "no time added after a flag fall");
                    }
                }
            }
            6 => {
                now = (now + arg * arg * arg * 1000).min(MAX_NOW);
                time.set(now);
            }
            _ => {
                now = (now + arg * 100).min(MAX_NOW);
                time.set(now);
            }
        }
        for color in Color::ALL {
            let _ = (clock.remaining(color), clock.delay_left(color), clock.moves(color), clock.moves_to_control(color));
            assert!(clock.stage_index(color) <= clock.moves(color) as usize);
        }
        if let Some(c) = clock.flagged().filter(|_| !clock.is_stopped()) {
            assert_eq!(clock.remaining(c), 0, "a running clock shows time for a fallen flag");
        }
        if op == 255 {
            clock.stop();
            assert!(clock.is_stopped());
        }
    }
}

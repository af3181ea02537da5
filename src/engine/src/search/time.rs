//! Time: the search reads the rules crate's [`TimeSource`] (injectable), and the time manager that turns a clock or move time into a
//! soft limit (do not start another iteration / stop after one) and a hard limit (stop now).
//! Between iterations the soft limit is scaled up while the best move changes and while the
//! score falls (against the previous move's and a few iterations back), down while it rises.
//!
//! The hard limit never exceeds `HARD_LIMIT_MAX_PERCENT` of the remaining time less
//! `MOVE_OVERHEAD_MS`, so a game with a clock is never lost on time as long as the caller's
//! latency stays under the overhead.

use super::params as p;
use super::Limits;
use crate::time::TimeSource;
use crate::Color;

/// A time source that never moves: time limits never trigger (depth, nodes and
/// `should_stop` still work). The default on WebAssembly until a real source is set.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl TimeSource for NoClock {
    fn now_ms(&self) -> u64 {
        0
    }
}

/// The time budget of one search, in milliseconds from its start.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    /// Stop after an iteration once this much time has passed (scaled by instability).
    pub soft_ms: f64,
    /// Stop at once when this much time has passed.
    pub hard_ms: f64,
    /// Whether a time limit applies at all.
    pub active: bool,
}

impl TimeManager {
    /// The budget for `side` to move under `limits`, at move `fullmoves` of the game.
    pub fn new(limits: &Limits, side: Color, fullmoves: u32) -> TimeManager {
        let unlimited = TimeManager { soft_ms: f64::INFINITY, hard_ms: f64::INFINITY, active: false };
        if limits.infinite {
            return unlimited;
        }
        if let Some(mt) = limits.movetime_ms {
            // A fixed move time is used in full: only the hard limit stops the search.
            return TimeManager { soft_ms: f64::INFINITY, hard_ms: mt as f64, active: true };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime_ms, limits.winc_ms),
            Color::Black => (limits.btime_ms, limits.binc_ms),
        };
        let Some(time) = time else { return unlimited };
        let inc = inc.unwrap_or(0) as f64;
        let available = (time as f64 - p::MOVE_OVERHEAD_MS).max(1.0);
        let planned = moves_to_go(fullmoves);
        let mtg = limits.movestogo.map_or(planned, |m| (m.max(1) as f64).min(planned));
        let soft = available / mtg + inc * p::INCREMENT_USE_PERCENT / 100.0;
        let cap = if mtg <= 1.0 { available * 0.8 } else { available * p::HARD_LIMIT_MAX_PERCENT / 100.0 };
        let hard = (soft * p::HARD_LIMIT_FACTOR).min(cap).max(1.0);
        TimeManager { soft_ms: soft.min(hard), hard_ms: hard, active: true }
    }

    /// Whether to stop after an iteration, `elapsed` ms into the search, given how unstable
    /// the best move has been (1.0 = stable, up to `INSTABILITY_MAX_PERCENT / 100`) and how
    /// the score falls ([`falling_eval`]).
    pub fn stop_after_iteration(&self, elapsed: f64, instability: f64, falling: f64) -> bool {
        if !self.active || self.soft_ms.is_infinite() {
            return false;
        }
        let soft = (self.soft_ms * instability * falling).min(self.hard_ms);
        elapsed >= soft * p::SOFT_START_PERCENT / 100.0
    }
}

/// The moves a clock is budgeted over without `movestogo`: `OPENING_MOVES_TO_GO` at move 1,
/// one less each move, down to `DEFAULT_MOVES_TO_GO`. The opening gets a smaller share of a
/// long clock (at 5+3, move 1 planned over 45 moves, not 14: about 11 s, not 26 s), the
/// middlegame the share that was measured at 10+0.1.
pub fn moves_to_go(fullmoves: u32) -> f64 {
    (p::OPENING_MOVES_TO_GO - f64::from(fullmoves.max(1) - 1)).max(p::DEFAULT_MOVES_TO_GO)
}

/// How much of the soft limit to use as the score (centipawns, mate scores capped) moves:
/// more when it falls below the previous move's score (`previous`, the same side's last
/// search) and below the score of a few iterations ago (`earlier`), less when it rises.
pub fn falling_eval(previous: i32, earlier: i32, score: i32) -> f64 {
    let [previous, earlier, score] = [previous, earlier, score].map(|s| s.clamp(-1000, 1000) as f64);
    let percent = p::FALLING_EVAL_BASE_PERCENT + p::FALLING_EVAL_PERCENT_PER_CP * (2.0 * (previous - score) + (earlier - score));
    percent.clamp(p::FALLING_EVAL_MIN_PERCENT, p::FALLING_EVAL_MAX_PERCENT) / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tm(time: u64, inc: u64, mtg: Option<u32>) -> TimeManager {
        let limits = Limits { wtime_ms: Some(time), winc_ms: Some(inc), movestogo: mtg, ..Limits::default() };
        TimeManager::new(&limits, Color::White, 40)
    }

    #[test]
    fn never_plans_past_the_clock() {
        for time in [1, 10, 50, 100, 1000, 10_000, 60_000, 600_000] {
            for inc in [0, 100, 1000, 10_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let t = tm(time, inc, mtg);
                    assert!(t.soft_ms <= t.hard_ms);
                    let left = (time as f64 - p::MOVE_OVERHEAD_MS).max(1.0);
                    assert!(t.hard_ms <= left.max(1.0), "{time} {inc} {mtg:?}: {t:?}");
                }
            }
        }
    }

    #[test]
    fn movetime_and_infinite() {
        let t = TimeManager::new(&Limits::movetime(250), Color::Black, 1);
        assert_eq!(t.hard_ms, 250.0);
        assert!(!t.stop_after_iteration(249.0, 1.0, 1.0));
        let t = TimeManager::new(&Limits { infinite: true, wtime_ms: Some(10), ..Limits::default() }, Color::White, 1);
        assert!(!t.active);
    }

    #[test]
    fn more_time_when_the_score_falls() {
        let steady = falling_eval(30, 30, 30);
        assert_eq!(steady, p::FALLING_EVAL_BASE_PERCENT / 100.0);
        assert!(falling_eval(30, 30, 10) > steady);
        assert!(falling_eval(30, 30, 50) < steady);
        assert!(falling_eval(10, 30, 10) > steady && falling_eval(10, 30, 10) < falling_eval(30, 10, 10));
        assert_eq!(falling_eval(0, 0, -MATE_LIKE), p::FALLING_EVAL_MAX_PERCENT / 100.0);
        assert_eq!(falling_eval(-MATE_LIKE, -MATE_LIKE, MATE_LIKE), p::FALLING_EVAL_MIN_PERCENT / 100.0);
        let t = tm(10_000, 100, None);
        let when = t.soft_ms * p::SOFT_START_PERCENT / 100.0;
        assert!(t.stop_after_iteration(when, 1.0, 1.0));
        assert!(!t.stop_after_iteration(when, 1.0, falling_eval(30, 30, 0)));
    }

    #[test]
    fn the_opening_gets_a_smaller_share_of_a_long_clock() {
        let blitz = Limits { wtime_ms: Some(300_000), winc_ms: Some(3000), ..Limits::default() };
        let first = TimeManager::new(&blitz, Color::White, 1);
        assert!(first.soft_ms < 12_000.0, "{first:?}");
        assert!(TimeManager::new(&blitz, Color::White, 20).soft_ms > first.soft_ms);
        assert_eq!(moves_to_go(1), p::OPENING_MOVES_TO_GO);
        assert_eq!(moves_to_go(100), p::DEFAULT_MOVES_TO_GO);
        assert_eq!(moves_to_go(0), p::OPENING_MOVES_TO_GO);
        // movestogo still caps it.
        let control = Limits { movestogo: Some(5), ..blitz };
        assert!(TimeManager::new(&control, Color::White, 1).soft_ms > 60_000.0);
    }

    const MATE_LIKE: i32 = 31_000;
}

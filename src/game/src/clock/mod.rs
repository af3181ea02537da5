//! Chess clocks: a [`TimeControl`] run by a [`Clock`] that reads the time from an injectable
//! [`TimeSource`], so tests (and replays) never sleep.
//!
//! Only the clock of the player to move runs. Pressing it ([`Clock::press`]) ends that
//! player's move: the time used is taken off (after the simple delay, if any), the increment
//! or Bronstein refund is added, the move is counted, and when a stage's move count is reached
//! the next stage's time is added. Then the opponent's clock runs. A player whose time reaches
//! zero has lost on time unless the opponent cannot mate: [`Game::flag_fall`](crate::game::Game::flag_fall)
//! applies FIDE 6.9, and [`Game::sync_clock`](crate::game::Game::sync_clock) does it from a clock.
//!
//! ```
//! use rocada_game::clock::{Clock, ManualTime, TimeControl};
//! use rocada_rules::Color;
//! let time = ManualTime::new(0);
//! let mut clock = Clock::new(TimeControl::parse("5+3")?, time.clone());
//! clock.start(); // Black starts White's clock.
//! time.advance(10_000);
//! clock.press()?; // White moved after 10 s and gets 3 s back.
//! assert_eq!(clock.remaining(Color::White), 300_000 - 10_000 + 3_000);
//! assert_eq!(clock.running(), Some(Color::Black));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod control;

pub use control::{Bonus, Stage, TimeControl, TimeControlError, MAX_TIME_CONTROL_LEN};

#[cfg(not(target_arch = "wasm32"))]
pub use crate::time::SystemTime;
pub use crate::time::{ManualTime, TimeSource};
use crate::Color;
use core::fmt;

/// A clock operation that cannot be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockError {
    /// The flag of this player fell: their time ran out before they pressed.
    Flagged(Color),
    /// The clock is stopped (the game ended, or it never started and cannot start now).
    Stopped,
    /// The clock is paused.
    Paused,
}

impl ClockError {
    /// A stable code: `flag-fallen`, `clock-stopped`, `clock-paused`.
    pub const fn code(self) -> &'static str {
        match self {
            ClockError::Flagged(_) => "flag-fallen",
            ClockError::Stopped => "clock-stopped",
            ClockError::Paused => "clock-paused",
        }
    }
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Flagged(c) => write!(f, "{c:?}'s flag has fallen"),
            ClockError::Stopped => f.write_str("the clock is stopped"),
            ClockError::Paused => f.write_str("the clock is paused"),
        }
    }
}

impl std::error::Error for ClockError {}

/// What a press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Press {
    /// The player who pressed (who just moved).
    pub color: Color,
    /// The time that player spent on the move, in milliseconds.
    pub elapsed_ms: u64,
    /// Their time left after the bonus and any new stage.
    pub remaining_ms: u64,
    /// Whether the move completed a stage (its time was added).
    pub new_stage: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Not started yet.
    Idle,
    /// `color`'s clock runs since `since` (ms).
    Running { color: Color, since: u64 },
    /// Paused during `color`'s move, after `spent` ms of it.
    Paused { color: Color, spent: u64 },
    /// Stopped for good (game over, or a flag fell).
    Stopped,
}

/// A two-player chess clock.
#[derive(Clone, Debug)]
pub struct Clock<T: TimeSource> {
    control: TimeControl,
    source: T,
    /// Time left at the start of the current move, per color (ms; may be negative after a flag).
    banked: [i64; 2],
    /// Moves completed per color.
    moves: [u32; 2],
    /// Stage index and moves made in it, per color.
    stage: [usize; 2],
    stage_moves: [u32; 2],
    state: State,
    flagged: Option<Color>,
}

impl<T: TimeSource> Clock<T> {
    /// A clock set to the first stage's time for both players, not running.
    pub fn new(control: TimeControl, source: T) -> Clock<T> {
        let t = control.stage(0).time_ms as i64;
        Clock { control, source, banked: [t, t], moves: [0, 0], stage: [0, 0], stage_moves: [0, 0], state: State::Idle, flagged: None }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The time source.
    pub fn source(&self) -> &T {
        &self.source
    }

    /// Starts White's clock (at the start of a game Black presses it). Does nothing if the
    /// clock has already started.
    pub fn start(&mut self) {
        self.start_for(Color::White);
    }

    /// Starts `color`'s clock (a game from a position with Black to move). Does nothing if the
    /// clock has already started.
    pub fn start_for(&mut self, color: Color) {
        if self.state == State::Idle {
            self.state = State::Running { color, since: self.source.now_ms() };
        }
    }

    /// Whose clock runs, if any.
    pub fn running(&self) -> Option<Color> {
        match self.state {
            State::Running { color, .. } => Some(color),
            _ => None,
        }
    }

    /// Whether the clock is paused.
    pub fn is_paused(&self) -> bool {
        matches!(self.state, State::Paused { .. })
    }

    /// Whether the clock is stopped for good.
    pub fn is_stopped(&self) -> bool {
        self.state == State::Stopped
    }

    /// The milliseconds `color` has spent on the current move, if it is their move.
    fn spent(&self, color: Color) -> Option<u64> {
        match self.state {
            State::Running { color: c, since } if c == color => Some(self.source.now_ms().saturating_sub(since)),
            State::Paused { color: c, spent } if c == color => Some(spent),
            _ => None,
        }
    }

    /// The delay of `color`'s current stage (simple or Bronstein), in ms.
    fn delay(&self, color: Color) -> (u64, bool) {
        match self.control.stage(self.stage[color.index()]).bonus {
            Bonus::Delay(d) => (d, true),
            Bonus::Bronstein(d) => (d, false),
            _ => (0, false),
        }
    }

    /// `color`'s time left now, in ms (signed; negative once the flag has fallen).
    fn live(&self, color: Color) -> i64 {
        let banked = self.banked[color.index()];
        match self.spent(color) {
            None => banked,
            Some(spent) => {
                let (delay, simple) = self.delay(color);
                // A simple delay passes before the main time starts running.
                let counted = if simple { spent.saturating_sub(delay) } else { spent };
                banked - counted as i64
            }
        }
    }

    /// `color`'s time left now, in milliseconds (0 once the flag has fallen).
    pub fn remaining(&self, color: Color) -> u64 {
        self.live(color).max(0) as u64
    }

    /// The simple delay still to pass before `color`'s main time runs, in ms (0 if it is not
    /// their move or the control has no simple delay).
    pub fn delay_left(&self, color: Color) -> u64 {
        match (self.spent(color), self.delay(color)) {
            (Some(spent), (delay, true)) => delay.saturating_sub(spent),
            _ => 0,
        }
    }

    /// Moves completed by `color`.
    pub fn moves(&self, color: Color) -> u32 {
        self.moves[color.index()]
    }

    /// The index of `color`'s current stage (0 for the first; it keeps counting when a last
    /// stage with a move count repeats).
    pub fn stage_index(&self, color: Color) -> usize {
        self.stage[color.index()]
    }

    /// Moves `color` still has to make to complete the current stage (`None` in a stage for the
    /// rest of the game).
    pub fn moves_to_control(&self, color: Color) -> Option<u32> {
        let stage = self.control.stage(self.stage[color.index()]);
        stage.moves.map(|m| m - self.stage_moves[color.index()])
    }

    /// The player whose flag has fallen, if any: their time reached zero, now or earlier.
    pub fn flagged(&self) -> Option<Color> {
        if self.flagged.is_some() {
            return self.flagged;
        }
        match self.state {
            State::Running { color, .. } | State::Paused { color, .. } if self.live(color) <= 0 => Some(color),
            _ => None,
        }
    }

    /// The player to move presses the clock after moving: their time is charged and credited,
    /// and the opponent's clock starts. Before the clock has started this starts White's clock
    /// (Black's press at the start of a game). If the player's time ran out before the press,
    /// the flag falls: the clock stops and [`ClockError::Flagged`] is returned.
    pub fn press(&mut self) -> Result<Press, ClockError> {
        let now = self.source.now_ms();
        let (color, since) = match self.state {
            State::Idle => {
                self.state = State::Running { color: Color::White, since: now };
                return Ok(Press { color: Color::Black, elapsed_ms: 0, remaining_ms: self.remaining(Color::Black), new_stage: false });
            }
            State::Running { color, since } => (color, since),
            State::Paused { .. } => return Err(ClockError::Paused),
            State::Stopped => return Err(ClockError::Stopped),
        };
        if let Some(f) = self.flagged() {
            self.flag(f);
            return Err(ClockError::Flagged(f));
        }
        let i = color.index();
        let elapsed = now.saturating_sub(since);
        let stage = *self.control.stage(self.stage[i]);
        let mut left = self.live(color);
        match stage.bonus {
            Bonus::Increment(inc) => left += inc as i64,
            Bonus::Bronstein(d) => left += elapsed.min(d) as i64,
            Bonus::Delay(_) | Bonus::None => {}
        }
        self.moves[i] += 1;
        self.stage_moves[i] += 1;
        let mut new_stage = false;
        if stage.moves == Some(self.stage_moves[i]) {
            self.stage[i] += 1;
            self.stage_moves[i] = 0;
            left += self.control.stage(self.stage[i]).time_ms as i64;
            new_stage = true;
        }
        self.banked[i] = left;
        self.state = State::Running { color: !color, since: now };
        Ok(Press { color, elapsed_ms: elapsed, remaining_ms: left.max(0) as u64, new_stage })
    }

    /// Records `color`'s flag fall and stops the clock.
    fn flag(&mut self, color: Color) {
        self.banked[color.index()] = 0;
        self.flagged = Some(color);
        self.state = State::Stopped;
    }

    /// Pauses the running clock (an arbiter's stop). Does nothing if it is not running.
    pub fn pause(&mut self) {
        if let State::Running { color, since } = self.state {
            self.state = State::Paused { color, spent: self.source.now_ms().saturating_sub(since) };
        }
    }

    /// Resumes a paused clock. Does nothing if it is not paused.
    pub fn resume(&mut self) {
        if let State::Paused { color, spent } = self.state {
            let now = self.source.now_ms();
            self.state = State::Running { color, since: now.saturating_sub(spent) };
        }
    }

    /// Stops the clock for good (the game is over), keeping the times shown. If a flag had
    /// already fallen it is recorded.
    pub fn stop(&mut self) {
        if let Some(f) = self.flagged() {
            self.flag(f);
            return;
        }
        if let Some(color) = self.running().or(match self.state {
            State::Paused { color, .. } => Some(color),
            _ => None,
        }) {
            self.banked[color.index()] = self.live(color);
        }
        self.state = State::Stopped;
    }

    /// Adds `ms` to `color`'s time (FIDE 9.5.3 and 7.5.5: two minutes to the opponent after
    /// an incorrect claim or an illegal move). Once a flag has fallen the times are final: the
    /// fall is recorded and [`ClockError::Flagged`] returned, and no time is added.
    pub fn add_time(&mut self, color: Color, ms: u64) -> Result<(), ClockError> {
        if let Some(f) = self.flagged() {
            self.flag(f);
            return Err(ClockError::Flagged(f));
        }
        let banked = &mut self.banked[color.index()];
        *banked = banked.saturating_add(i64::try_from(ms).unwrap_or(i64::MAX));
        Ok(())
    }
}

//! `class Clock`: a chess clock over the core's [`crate::clock::Clock`], reading the time from
//! `performance.now()` (or a function given as the `now` option, for tests and replays).

use super::error::Failure;
use super::js::{call, number_text, type_name, Obj};
use super::objects::color_str;
use super::options::{self, Options};
use super::types::*;
use crate::clock::{self, TimeControl, TimeSource};
use core::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Milliseconds from a JS function, never going backwards (a function that throws or returns
/// something else than a number leaves the time where it was).
pub(crate) struct JsTime {
    /// `None`: `Date.now()`.
    now: Option<(JsValue, js_sys::Function)>,
    last: Cell<u64>,
}

impl TimeSource for JsTime {
    fn now_ms(&self) -> u64 {
        let t = match &self.now {
            Some((this, f)) => call(f, this, &JsValue::UNDEFINED).ok().and_then(|v| v.as_f64()),
            None => Some(js_sys::Date::now()),
        };
        if let Some(t) = t.filter(|t| t.is_finite() && *t >= 0.0) {
            let ms = t.min(9.0e15) as u64;
            if ms > self.last.get() {
                self.last.set(ms);
            }
        }
        self.last.get()
    }
}

/// A two-player chess clock: time controls such as `"5+3"` (minutes + seconds increment),
/// `"90/40+30, 30+30"` is written `"40/90+30, 30+30"` (moves/minutes first), delays
/// (`"5 d3"` simple, `"5 b3"` Bronstein). Only the clock of the player to move runs.
///
/// ```ts
/// const clock = new Clock('5+3');
/// clock.start();            // White's clock runs
/// clock.press();            // White moved: +3 s, Black's clock runs
/// clock.remaining('w');     // milliseconds
/// chess.syncClock(clock);   // ends the game on a fallen flag (FIDE 6.9)
/// ```
#[wasm_bindgen]
pub struct Clock {
    inner: clock::Clock<JsTime>,
}

#[wasm_bindgen]
impl Clock {
    /// A clock for a time control in human notation (`"5+3"`, `"40/90+30, 30+30"`, `"G/90;d5"`),
    /// not running. Option `now`: a function returning milliseconds (default
    /// `performance.now`). Throws `invalid-time-control`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] control: JsValue,
        options: Option<ClockOptionsArg>,
    ) -> Result<Clock, JsValue> {
        let text = control_text(&control)?;
        let control = TimeControl::parse(&text).map_err(Failure::TimeControl)?;
        Clock::with_control(control, options)
    }

    /// A clock for a PGN `TimeControl` tag value (`"40/5400+30:1800+30"`, in seconds).
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(
        #[wasm_bindgen(unchecked_param_type = "string")] tag: JsValue,
        options: Option<ClockOptionsArg>,
    ) -> Result<Clock, JsValue> {
        let text = control_text(&tag)?;
        let control = TimeControl::from_pgn(&text).map_err(Failure::TimeControl)?;
        Clock::with_control(control, options)
    }

    /// The time control in PGN notation (`"300+3"`).
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(&self) -> String {
        self.inner.control().to_pgn()
    }

    /// Starts the clock of `color` (default White). Does nothing if it already runs.
    pub fn start(&mut self, color: Option<ColorArg>) -> Result<(), JsValue> {
        match color {
            None => self.inner.start(),
            Some(c) => {
                let c = options::color(&c, "color")?;
                self.inner.start_for(c);
            }
        }
        Ok(())
    }

    /// The player to move presses after moving: their time is charged, the bonus added, and
    /// the opponent's clock starts. Throws `flag-fallen` (detail `color`) if their time had
    /// run out, `clock-paused`, `clock-stopped`.
    #[wasm_bindgen(unchecked_return_type = "ClockPress")]
    pub fn press(&mut self) -> Result<JsValue, JsValue> {
        let p = self.inner.press().map_err(Failure::from)?;
        Ok(Obj::new()
            .set("color", color_str(p.color))
            .set("elapsedMs", p.elapsed_ms as f64)
            .set("remainingMs", p.remaining_ms as f64)
            .set("newStage", p.new_stage)
            .build())
    }

    /// `color`'s time left in milliseconds (0 once the flag fell).
    pub fn remaining(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<f64, JsValue> {
        Ok(self.inner.remaining(options::color(&color, "color")?) as f64)
    }

    /// The simple delay `color` still has before the main time runs, in milliseconds.
    #[wasm_bindgen(js_name = delayLeft)]
    pub fn delay_left(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<f64, JsValue> {
        Ok(self.inner.delay_left(options::color(&color, "color")?) as f64)
    }

    /// Moves `color` has completed.
    pub fn moves(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<u32, JsValue> {
        Ok(self.inner.moves(options::color(&color, "color")?))
    }

    /// The index of `color`'s stage (0 for the first).
    pub fn stage(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<u32, JsValue> {
        Ok(self.inner.stage_index(options::color(&color, "color")?) as u32)
    }

    /// Moves `color` still has to make in this stage, or `null` in a stage for the rest of
    /// the game.
    #[wasm_bindgen(js_name = movesToControl, unchecked_return_type = "number | null")]
    pub fn moves_to_control(&self, #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue) -> Result<JsValue, JsValue> {
        Ok(self.inner.moves_to_control(options::color(&color, "color")?).map_or(JsValue::NULL, JsValue::from))
    }

    /// The side whose clock runs, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Color | null")]
    pub fn running(&self) -> JsValue {
        self.inner.running().map_or(JsValue::NULL, |c| JsValue::from_str(color_str(c)))
    }

    /// The side whose flag has fallen, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Color | null")]
    pub fn flagged(&self) -> JsValue {
        self.inner.flagged().map_or(JsValue::NULL, |c| JsValue::from_str(color_str(c)))
    }

    /// Whether the clock is paused.
    #[wasm_bindgen(js_name = isPaused)]
    pub fn is_paused(&self) -> bool {
        self.inner.is_paused()
    }

    /// Whether the clock is stopped for good.
    #[wasm_bindgen(js_name = isStopped)]
    pub fn is_stopped(&self) -> bool {
        self.inner.is_stopped()
    }

    /// Pauses the running clock (an arbiter's stop).
    pub fn pause(&mut self) {
        self.inner.pause();
    }

    /// Resumes a paused clock.
    pub fn resume(&mut self) {
        self.inner.resume();
    }

    /// Stops the clock for good (the game is over).
    pub fn stop(&mut self) {
        self.inner.stop();
    }

    /// Adds `ms` milliseconds to `color`'s time (e.g. two minutes after an illegal move).
    /// Throws `flag-fallen` once a flag has fallen: the times are then final.
    #[wasm_bindgen(js_name = addTime)]
    pub fn add_time(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
    ) -> Result<(), JsValue> {
        let color = options::color(&color, "color")?;
        let Some(ms) = ms.as_f64().filter(|ms| (0.0..=1.0e12).contains(ms)) else {
            return Err(Failure::Option {
                option: "ms".to_owned(),
                message: format!("expected milliseconds from 0, got {}", number_text(&ms)),
            }
            .into());
        };
        self.inner.add_time(color, ms as u64).map_err(Failure::from)?;
        Ok(())
    }
}

impl Clock {
    pub(crate) fn inner(&self) -> &clock::Clock<JsTime> {
        &self.inner
    }

    fn with_control(control: TimeControl, options: Option<ClockOptionsArg>) -> Result<Clock, JsValue> {
        let o = Options::read(options.as_ref(), "options", &["now"])?;
        let time = match o.get_raw("now")? {
            Some(f) => match f.dyn_into::<js_sys::Function>() {
                Ok(now) => JsTime { now: Some((JsValue::UNDEFINED, now)), last: Cell::new(0) },
                Err(f) => {
                    return Err(Failure::Option {
                        option: "now".to_owned(),
                        message: format!("expected a function, got {}", type_name(&f)),
                    }
                    .into())
                }
            },
            None => default_time(),
        };
        Ok(Clock { inner: clock::Clock::new(control, time) })
    }
}

/// `performance.now` where it exists (browsers, workers, Node), else `Date.now`.
fn default_time() -> JsTime {
    let performance = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance")).unwrap_or(JsValue::UNDEFINED);
    let now = if performance.is_object() {
        js_sys::Reflect::get(&performance, &JsValue::from_str("now")).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    } else {
        None
    };
    JsTime { now: now.map(|f| (performance, f)), last: Cell::new(0) }
}

fn control_text(v: &JsValue) -> Result<String, Failure> {
    v.as_string().ok_or_else(|| Failure::Argument {
        argument: "control",
        message: format!("expected a string such as \"5+3\", got {}", type_name(v)),
    })
}

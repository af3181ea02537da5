//! `TimeControl`: how much time, for how many moves, with which increment or delay; read from
//! the way people write it (`5+3`, `40/90+30, 30+30`) and from PGN's `TimeControl` tag.
//!
//! # Human notation ([`TimeControl::parse`], `FromStr`)
//! Stages separated by commas. Each stage is `[moves/]time[ bonus]`:
//! - `time` is in **minutes** unless a unit follows: `90`, `0.5`, `½`, `90m`, `90min`, `90'`,
//!   `30s`, `30"`, `1h`, `1h30`; `G/90` and `SD/30` (US "game in" / "sudden death") are
//!   the same as `90` and `30`;
//! - `moves/` makes the stage last that many moves: `40/90` is **40 moves in 90 minutes**
//!   (moves first, always, as in PGN's `40/5400`). The last stage may have a move count: it
//!   then repeats (`40/120` alone gives 120 more minutes every 40 moves);
//! - the bonus, in **seconds**, after `+`, `|`, `;` or a space: a plain number is a Fischer
//!   increment (`5+3`, `15|10`, `G/90;inc30`); `d` before it is a simple (US) delay (`5 d3`,
//!   `5+d3`, `G/90;d5`); `b` a Bronstein delay (`5 b3`, `5+b3`).
//!
//! Examples: `5+3`, `15|10`, `3`, `0.5+0`, `40/90+30, 30+30` (FIDE classical: 90 minutes for
//! 40 moves then 30 minutes, 30 seconds added per move from move 1), `40/120, 20/60, 30`,
//! `G/90;d5`, `40/120 d5, SD/60 d5`.
//!
//! # PGN notation ([`TimeControl::from_pgn`], [`TimeControl::to_pgn`])
//! The PGN standard (section 9.6.1): periods separated by `:`, each `moves/seconds`,
//! `seconds`, or `seconds+increment`, all in **seconds**: `40/5400+30:1800+30`, `300+3`.
//! Rocada also reads `+d5` and `+b5` for delays there. `?` (unknown), `-` (no control) and
//! `*seconds` (sandglass) are not time controls a clock can run and are refused.

use core::fmt;
use core::str::FromStr;

/// What a player gets back for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Bonus {
    /// Nothing.
    #[default]
    None,
    /// Fischer increment: this many milliseconds are added after each move.
    Increment(u64),
    /// Simple (US) delay: the clock waits this many milliseconds before it starts counting down.
    Delay(u64),
    /// Bronstein delay: after the move, the time used is given back, up to this many milliseconds.
    Bronstein(u64),
}

/// One period of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stage {
    /// The moves to make in this period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// The time given for the period, in milliseconds.
    pub time_ms: u64,
    /// The increment or delay of each move made in this period.
    pub bonus: Bonus,
}

/// A time control: one or more stages; the last is for the rest of the game, or repeats if it
/// has a move count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    stages: Vec<Stage>,
}

/// A time control that cannot be read. Its code is always `invalid-time-control`; the message
/// says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    message: String,
}

impl TimeControlError {
    fn new(message: impl Into<String>) -> TimeControlError {
        TimeControlError { message: message.into() }
    }

    /// The stable code `invalid-time-control`.
    pub const fn code(&self) -> &'static str {
        "invalid-time-control"
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid time control: {}", self.message)
    }
}

impl std::error::Error for TimeControlError {}

/// The longest time-control text read, in bytes (longer ones are refused at once, so that
/// errors never copy a huge input).
pub const MAX_TIME_CONTROL_LEN: usize = 256;

/// Refuses an empty or over-long text.
fn checked(text: &str) -> Result<&str, TimeControlError> {
    let text = text.trim();
    if text.is_empty() {
        Err(TimeControlError::new("empty"))
    } else if text.len() > MAX_TIME_CONTROL_LEN {
        Err(TimeControlError::new(format!("longer than {MAX_TIME_CONTROL_LEN} bytes")))
    } else {
        Ok(text)
    }
}

const SECOND: u64 = 1000;
const MINUTE: u64 = 60 * SECOND;
/// Longest period accepted: a week.
const MAX_MS: u64 = 7 * 24 * 60 * MINUTE;

impl TimeControl {
    /// A time control of the given stages. Every stage but the last needs a move count; a
    /// stage needs some time or a bonus.
    pub fn new(stages: Vec<Stage>) -> Result<TimeControl, TimeControlError> {
        if stages.is_empty() {
            return Err(TimeControlError::new("no stage"));
        }
        for (i, s) in stages.iter().enumerate() {
            if s.moves.is_none() && i + 1 < stages.len() {
                return Err(TimeControlError::new(format!("stage {} has no move count, so no stage can follow it", i + 1)));
            }
            if s.moves == Some(0) {
                return Err(TimeControlError::new(format!("stage {} has a move count of 0", i + 1)));
            }
            if s.time_ms == 0 && s.bonus == Bonus::None && i == 0 {
                return Err(TimeControlError::new("the first stage gives no time"));
            }
            if s.time_ms > MAX_MS {
                return Err(TimeControlError::new(format!("stage {} is longer than a week", i + 1)));
            }
        }
        Ok(TimeControl { stages })
    }

    /// Sudden death: `minutes` for the whole game, plus `increment_s` per move.
    pub fn fischer(minutes: u64, increment_s: u64) -> TimeControl {
        let bonus = if increment_s > 0 { Bonus::Increment(increment_s * SECOND) } else { Bonus::None };
        TimeControl { stages: vec![Stage { moves: None, time_ms: minutes * MINUTE, bonus }] }
    }

    /// The stages.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// The stage a player is in after completing `index` stages (the last repeats).
    pub fn stage(&self, index: usize) -> &Stage {
        &self.stages[index.min(self.stages.len() - 1)]
    }

    /// Reads the human notation (see the module docs).
    ///
    /// ```
    /// use rocada_game::clock::{Bonus, TimeControl};
    /// let tc = TimeControl::parse("40/90+30, 30+30")?;
    /// assert_eq!(tc.stages().len(), 2);
    /// assert_eq!(tc.stages()[0].moves, Some(40));
    /// assert_eq!(tc.stages()[0].time_ms, 90 * 60_000);
    /// assert_eq!(tc.stages()[1].bonus, Bonus::Increment(30_000));
    /// assert_eq!(TimeControl::parse("5 d3")?.stages()[0].bonus, Bonus::Delay(3_000));
    /// assert_eq!(TimeControl::parse("40/90 x").unwrap_err().code(), "invalid-time-control");
    /// # Ok::<(), rocada_game::clock::TimeControlError>(())
    /// ```
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = checked(text)?;
        let mut stages = Vec::new();
        for (i, part) in text.split(',').enumerate() {
            let part = part.trim();
            if part.is_empty() {
                return Err(TimeControlError::new(format!("stage {} is empty", i + 1)));
            }
            stages.push(parse_human_stage(part).map_err(|m| TimeControlError::new(format!("stage {} \"{part}\": {m}", i + 1)))?);
        }
        TimeControl::new(stages)
    }

    /// Reads a PGN `TimeControl` tag value (seconds; see the module docs).
    ///
    /// ```
    /// use rocada_game::clock::TimeControl;
    /// let tc = TimeControl::from_pgn("40/5400+30:1800+30")?;
    /// assert_eq!(tc, TimeControl::parse("40/90+30, 30+30")?);
    /// assert_eq!(tc.to_pgn(), "40/5400+30:1800+30");
    /// # Ok::<(), rocada_game::clock::TimeControlError>(())
    /// ```
    pub fn from_pgn(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = checked(text)?;
        match text {
            "?" => return Err(TimeControlError::new("the time control is unknown (\"?\")")),
            "-" => return Err(TimeControlError::new("the game has no time control (\"-\")")),
            _ => {}
        }
        let mut stages = Vec::new();
        for (i, part) in text.split(':').enumerate() {
            let part = part.trim();
            let stage = (|| {
                if part.starts_with('*') {
                    return Err("sandglass controls (\"*\") are not supported".to_string());
                }
                let (moves, rest) = split_moves(part)?;
                let (time, bonus) = match rest.find('+') {
                    Some(p) => (&rest[..p], Some(&rest[p + 1..])),
                    None => (rest, None),
                };
                let time_ms = parse_number(time, SECOND).ok_or_else(|| format!("\"{time}\" is not a number of seconds"))?;
                let bonus = match bonus {
                    None => Bonus::None,
                    Some(b) => parse_bonus(b)?,
                };
                Ok(Stage { moves, time_ms, bonus })
            })()
            .map_err(|m: String| TimeControlError::new(format!("period {} \"{part}\": {m}", i + 1)))?;
            stages.push(stage);
        }
        TimeControl::new(stages)
    }

    /// The PGN `TimeControl` tag value: `40/5400+30:1800+30` (delays as `+d5`, `+b5`).
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (i, s) in self.stages.iter().enumerate() {
            if i > 0 {
                out.push(':');
            }
            if let Some(m) = s.moves {
                out.push_str(&format!("{m}/"));
            }
            out.push_str(&seconds(s.time_ms));
            out.push_str(&bonus_text(s.bonus));
        }
        out
    }
}

/// The human notation: `40/90+30, 30+30`, `5+d3`, `30s+1`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.stages.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if let Some(m) = s.moves {
                write!(f, "{m}/")?;
            }
            if s.time_ms % MINUTE == 0 {
                write!(f, "{}", s.time_ms / MINUTE)?;
            } else {
                write!(f, "{}s", seconds(s.time_ms))?;
            }
            f.write_str(&bonus_text(s.bonus))?;
        }
        Ok(())
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(s)
    }
}

fn bonus_text(b: Bonus) -> String {
    match b {
        Bonus::None => String::new(),
        Bonus::Increment(ms) => format!("+{}", seconds(ms)),
        Bonus::Delay(ms) => format!("+d{}", seconds(ms)),
        Bonus::Bronstein(ms) => format!("+b{}", seconds(ms)),
    }
}

/// Milliseconds as seconds, with decimals only when needed.
fn seconds(ms: u64) -> String {
    if ms % SECOND == 0 {
        format!("{}", ms / SECOND)
    } else {
        let s = format!("{}.{:03}", ms / SECOND, ms % SECOND);
        s.trim_end_matches('0').to_string()
    }
}

/// `40/rest` -> (Some(40), rest); `rest` -> (None, rest).
fn split_moves(part: &str) -> Result<(Option<u32>, &str), String> {
    match part.split_once('/') {
        None => Ok((None, part)),
        Some((m, rest)) => {
            let m = m.trim();
            let moves: u32 = m.parse().map_err(|_| format!("\"{m}\" is not a number of moves"))?;
            Ok((Some(moves), rest.trim()))
        }
    }
}

fn parse_human_stage(part: &str) -> Result<Stage, String> {
    // US forms: G/90, SD/30 (game in / sudden death).
    let upper = part.to_ascii_uppercase();
    let (moves, rest) = if let Some(r) = upper.strip_prefix("SD/").or_else(|| upper.strip_prefix("G/")) {
        (None, &part[part.len() - r.len()..])
    } else {
        split_moves(part)?
    };
    let rest = rest.trim();
    // The time runs to the first separator of a bonus.
    let split = rest.find(['+', '|', ';', ' ']).unwrap_or(rest.len());
    let (time, bonus) = (rest[..split].trim(), rest[split..].trim_start());
    let time_ms = parse_time(time)?;
    let bonus = if bonus.is_empty() {
        Bonus::None
    } else {
        // One separator: `+`, `|`, `;`, or the space itself.
        let b = bonus.strip_prefix(['+', '|', ';']).unwrap_or(bonus).trim();
        if b.is_empty() {
            return Err("nothing after the bonus separator".into());
        }
        parse_bonus(b)?
    };
    Ok(Stage { moves, time_ms, bonus })
}

/// A bonus in seconds: `30`, `inc30`, `d5`, `b5` (optionally ending in `s`).
fn parse_bonus(b: &str) -> Result<Bonus, String> {
    let lower = b.trim().to_ascii_lowercase();
    let (kind, number) = if let Some(n) = lower.strip_prefix("inc") {
        ('i', n)
    } else if let Some(n) = lower.strip_prefix('d') {
        ('d', n)
    } else if let Some(n) = lower.strip_prefix('b') {
        ('b', n)
    } else {
        ('i', lower.as_str())
    };
    let number = number.trim();
    let number = number.strip_suffix(['s', '"']).unwrap_or(number);
    let ms = parse_number(number, SECOND).ok_or_else(|| format!("\"{b}\" is not an increment or delay in seconds"))?;
    if ms > MAX_MS {
        return Err("the increment or delay is longer than a week".into());
    }
    Ok(match (kind, ms) {
        (_, 0) => Bonus::None,
        ('d', ms) => Bonus::Delay(ms),
        ('b', ms) => Bonus::Bronstein(ms),
        (_, ms) => Bonus::Increment(ms),
    })
}

/// A time: minutes by default; `s`, `"`, `sec` seconds; `m`, `'`, `min` minutes; `h` hours
/// (`1h30` is 90 minutes).
fn parse_time(t: &str) -> Result<u64, String> {
    let lower = t.trim().to_ascii_lowercase();
    if lower.is_empty() {
        return Err("the time is missing".into());
    }
    let err = || format!("\"{t}\" is not a time (minutes, or a number with s, m or h)");
    if let Some((h, m)) = lower.split_once('h') {
        let hours = parse_number(h, 60 * MINUTE).ok_or_else(err)?;
        let mut m = m;
        while let Some(rest) = m.strip_suffix("min") {
            m = rest;
        }
        let m = m.trim_end_matches(['m', '\'']);
        let minutes = if m.is_empty() { 0 } else { parse_number(m, MINUTE).ok_or_else(err)? };
        return Ok(hours + minutes);
    }
    for (suffix, unit) in [("sec", SECOND), ("s", SECOND), ("\"", SECOND), ("min", MINUTE), ("m", MINUTE), ("'", MINUTE)] {
        if let Some(n) = lower.strip_suffix(suffix) {
            return parse_number(n, unit).ok_or_else(err);
        }
    }
    parse_number(&lower, MINUTE).ok_or_else(err)
}

/// A non-negative decimal number (or `¼`, `½`, `¾`) times `unit`, in whole milliseconds.
fn parse_number(n: &str, unit: u64) -> Option<u64> {
    let n = n.trim();
    let fraction = match n {
        "¼" => Some((1, 4)),
        "½" => Some((1, 2)),
        "¾" => Some((3, 4)),
        _ => None,
    };
    if let Some((a, b)) = fraction {
        return Some(unit * a / b);
    }
    if n.is_empty() || !n.chars().all(|c| c.is_ascii_digit() || c == '.') || n.matches('.').count() > 1 || n == "." {
        return None;
    }
    let (int, frac) = n.split_once('.').unwrap_or((n, ""));
    let int: u64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let mut total = int.checked_mul(unit)?;
    // Decimal digits, to the millisecond.
    let mut scale = unit;
    for d in frac.chars() {
        scale /= 10;
        total = total.checked_add(scale * d.to_digit(10)? as u64)?;
        if scale == 0 {
            break;
        }
    }
    (total <= MAX_MS).then_some(total)
}

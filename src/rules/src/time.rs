//! Time: the one source of milliseconds that both the game's clocks (`rocada-game`) and the
//! engine's time manager (`rocada-engine`) read, so that a host supplies one implementation
//! (the operating system's clock natively, `performance.now()` in the JavaScript adapter, a
//! hand-set time in tests and replays).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Where a clock reads the time: milliseconds from any fixed origin, never going backwards.
pub trait TimeSource {
    /// The current time in milliseconds.
    fn now_ms(&self) -> u64;
}

impl<T: TimeSource + ?Sized> TimeSource for &T {
    fn now_ms(&self) -> u64 {
        (**self).now_ms()
    }
}

impl<T: TimeSource + ?Sized> TimeSource for Box<T> {
    fn now_ms(&self) -> u64 {
        (**self).now_ms()
    }
}

impl<T: TimeSource + ?Sized> TimeSource for Arc<T> {
    fn now_ms(&self) -> u64 {
        (**self).now_ms()
    }
}

/// A time source set by hand, for tests and replays. Clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct ManualTime {
    now: Arc<AtomicU64>,
}

impl ManualTime {
    /// A source reading `start_ms`.
    pub fn new(start_ms: u64) -> ManualTime {
        ManualTime { now: Arc::new(AtomicU64::new(start_ms)) }
    }

    /// Sets the time (it should not go backwards).
    pub fn set(&self, ms: u64) {
        self.now.store(ms, Ordering::SeqCst);
    }

    /// Moves the time forward by `ms`.
    pub fn advance(&self, ms: u64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> u64 {
        self.now.load(Ordering::SeqCst)
    }
}

/// The operating system's monotonic clock (not on wasm32, where the JavaScript adapter supplies
/// its own source).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct SystemTime {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl SystemTime {
    /// A source counting from now.
    pub fn new() -> SystemTime {
        SystemTime { origin: std::time::Instant::now() }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemTime {
    fn default() -> SystemTime {
        SystemTime::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl TimeSource for SystemTime {
    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }
}

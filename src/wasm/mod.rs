//! The JavaScript adapter published on npm as `rocada` (compiled on `wasm32` only).
//!
//! A thin layer over the core: it decides nothing about chess. What it does:
//! - turns JS arguments into core values, checking each one first, so that no input reachable
//!   from JS can panic (a panic would trap the instance; see `TOOLCHAIN.md`);
//! - turns every failure into a thrown `ChessError` through one conversion (`error.rs`);
//! - declares precise TypeScript types (`types.rs`): the `.d.ts` has no `any`.
//!
//! Files: `chess.rs` (the `Chess` class), `options.rs` (reading options objects), `error.rs`,
//! `types.rs`.

mod chess;
mod error;
mod options;
mod types;

pub use chess::Chess;
pub use types::{ChessOptionsArg, FenArg, MovesOptionsArg};

use wasm_bindgen::prelude::wasm_bindgen;

/// Runs once when the module is instantiated: panics (bugs) print their Rust message and
/// stack to `console.error` before the `RuntimeError` reaches JS. `private`: with wasm-bindgen
/// 0.2.130 a plain `start` function is also exported to JS as `start()`, even when not `pub`.
#[wasm_bindgen(start, private)]
fn start() {
    console_error_panic_hook::set_once();
}

//! The JavaScript adapter published on npm as `rocada` (compiled on `wasm32` only).
//!
//! A thin layer over the core: it decides nothing about chess. What it does:
//! - turns JS arguments into core values, checking each one first, so that no input reachable
//!   from JS can panic (a panic would trap the instance; see `TOOLCHAIN.md`);
//! - turns every failure into a thrown `ChessError` through one conversion (`error.rs`);
//! - hands results to `pkg/objects.js` as packed numbers and joined strings, which builds the
//!   JS objects in one call (`objects.rs`): the hot calls (`moves`, `status`) stay cheap;
//! - declares precise TypeScript types (`types.rs`, `pkg/objects.d.ts`): the `.d.ts` has no `any`.
//!
//! Files: `chess.rs` (`Chess`, `validateFen`), `pgn.rs` (`parsePgn`, `PgnGame`), `clock.rs`
//! (`Clock`), `level.rs` (the engine levels' Elo), `engine.rs` (`EngineCore`, the search behind
//! `pkg/engine*.js`, in a module of its own: see the crate's features), `options.rs`
//! (reading options and arguments), `objects.rs`, `error.rs`, `js.rs` (plain-object helpers),
//! `types.rs`.

// A module built with one of the features uses only some of the shared helpers.
#![cfg_attr(not(all(feature = "js-rules", feature = "js-engine")), allow(dead_code, unused_imports))]

#[cfg(feature = "js-rules")]
mod chess;
#[cfg(feature = "js-rules")]
mod clock;
#[cfg(feature = "js-engine")]
mod engine;
mod error;
mod js;
#[cfg(feature = "js-rules")]
mod level;
mod objects;
mod options;
#[cfg(feature = "js-rules")]
mod pgn;
pub mod types;
#[cfg(feature = "uci")]
mod uci;

#[cfg(feature = "js-rules")]
pub use chess::{validate_fen, Chess};
#[cfg(feature = "js-rules")]
pub use clock::Clock;
#[cfg(feature = "js-rules")]
pub use pgn::{parse_pgn, PgnGame};
pub use types::*;

use wasm_bindgen::prelude::wasm_bindgen;

/// The module's allocator: talc, 2.4 KB (gzip) less code than Rust's default dlmalloc, and as
/// fast here. Single-threaded wasm only; it grows the heap with `memory.grow` as dlmalloc does.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Runs once when the module is instantiated: panics (bugs) print their Rust message and
/// location to `console.error` before the `RuntimeError` (whose `stack` has the wasm frames)
/// reaches JS. This hook in place of `console_error_panic_hook` (which also appends a JS stack
/// to the message): 0.6 KB gzip less. `private`: with wasm-bindgen 0.2.130 a plain `start`
/// function is also exported to JS as `start()`, even when not `pub`.
#[wasm_bindgen(start, private)]
fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
}

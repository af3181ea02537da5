//! Perft through three move generators, behind one signature, for the native runner
//! (`src/main.rs`) and for the wasm32 build that Node drives (`scripts/bench/`).
//!
//! Two modes, the same for every engine:
//! - **bulk**: at the last ply the legal moves are counted, not made;
//! - **every leaf**: every move down to the leaves is made on a copy of the position.
//!
//! shakmaty and cozy-chess are driven with the conventional perft loop for each library
//! (copy the position, play the move, recurse); Rocada with its own `rocada::perft` and
//! `rocada::perft_every_leaf`, which is what its users call. In every-leaf mode all three
//! pass each leaf position through `black_box`, so the optimizer cannot skip making it.

/// The move generators this build can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    #[cfg(feature = "rocada")]
    Rocada,
    Shakmaty,
    Cozy,
}

impl Engine {
    pub const ALL: &'static [Engine] = &[
        #[cfg(feature = "rocada")]
        Engine::Rocada,
        Engine::Shakmaty,
        Engine::Cozy,
    ];

    pub fn name(self) -> &'static str {
        match self {
            #[cfg(feature = "rocada")]
            Engine::Rocada => "rocada",
            Engine::Shakmaty => "shakmaty",
            Engine::Cozy => "cozy-chess",
        }
    }

    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.iter().copied().find(|e| e.name() == name || (name == "cozy" && *e == Engine::Cozy))
    }

    /// Size in bytes of the engine's position type: what perft copies for every move made.
    pub fn position_size(self) -> usize {
        match self {
            #[cfg(feature = "rocada")]
            Engine::Rocada => core::mem::size_of::<rocada::Position>(),
            Engine::Shakmaty => core::mem::size_of::<shakmaty::Chess>(),
            Engine::Cozy => core::mem::size_of::<cozy_chess::Board>(),
        }
    }

    /// Parses `fen` and counts the leaves `depth` plies down.
    pub fn perft(self, fen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
        match self {
            #[cfg(feature = "rocada")]
            Engine::Rocada => rocada_perft(fen, depth, bulk),
            Engine::Shakmaty => shakmaty_perft(fen, depth, bulk),
            Engine::Cozy => cozy_perft(fen, depth, bulk),
        }
    }
}

#[cfg(feature = "rocada")]
pub fn rocada_perft(fen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    let pos = rocada::Position::from_fen(fen, rocada::CastlingMode::Standard).map_err(|e| e.to_string())?;
    Ok(if bulk { rocada::perft(&pos, depth) } else { rocada::perft_every_leaf(&pos, depth) })
}

pub fn shakmaty_perft(fen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    use shakmaty::{fen::Fen, CastlingMode, Chess};
    let fen: Fen = fen.parse().map_err(|e: shakmaty::fen::ParseFenError| e.to_string())?;
    let pos: Chess = fen.into_position(CastlingMode::Standard).map_err(|e| e.to_string())?;
    Ok(if bulk { shakmaty_bulk(&pos, depth) } else { shakmaty_leaf(&pos, depth) })
}

fn shakmaty_bulk(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += shakmaty_bulk(&child, depth - 1);
    }
    nodes
}

fn shakmaty_leaf(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &m in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += if depth == 1 {
            // The leaf position is made and must stay made.
            core::hint::black_box(&child);
            1
        } else {
            shakmaty_leaf(&child, depth - 1)
        };
    }
    nodes
}

pub fn cozy_perft(fen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    let board: cozy_chess::Board = fen.parse().map_err(|e: cozy_chess::FenParseError| format!("{e:?}"))?;
    Ok(if bulk { cozy_bulk(&board, depth) } else { cozy_leaf(&board, depth) })
}

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_bulk(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn cozy_leaf(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            nodes += if depth == 1 {
                core::hint::black_box(&child);
                1
            } else {
                cozy_leaf(&child, depth - 1)
            };
        }
        false
    });
    nodes
}

/// What Node sees (`bench/pkg/rocada_bench.js`). Counts come back as `number`: every
/// benchmark count is far below 2^53.
#[cfg(target_arch = "wasm32")]
mod wasm {
    use super::Engine;
    use wasm_bindgen::prelude::*;

    fn run(engine: Engine, fen: &str, depth: u32, bulk: bool) -> Result<f64, JsError> {
        engine.perft(fen, depth, bulk).map(|n| n as f64).map_err(|e| JsError::new(&e))
    }

    /// Names of the engines compiled in, e.g. `["rocada", "shakmaty", "cozy-chess"]`.
    #[wasm_bindgen(js_name = benchEngines)]
    pub fn bench_engines() -> Vec<String> {
        Engine::ALL.iter().map(|e| e.name().to_string()).collect()
    }

    #[cfg(feature = "rocada")]
    #[wasm_bindgen(js_name = perftRocada)]
    pub fn perft_rocada(fen: &str, depth: u32, bulk: bool) -> Result<f64, JsError> {
        run(Engine::Rocada, fen, depth, bulk)
    }

    #[wasm_bindgen(js_name = perftShakmaty)]
    pub fn perft_shakmaty(fen: &str, depth: u32, bulk: bool) -> Result<f64, JsError> {
        run(Engine::Shakmaty, fen, depth, bulk)
    }

    #[wasm_bindgen(js_name = perftCozy)]
    pub fn perft_cozy(fen: &str, depth: u32, bulk: bool) -> Result<f64, JsError> {
        run(Engine::Cozy, fen, depth, bulk)
    }
}

//! Perft: counting the leaves of the legal move tree, the standard test and benchmark of a
//! move generator.

use crate::{Move, Position};

/// The number of leaf nodes `depth` plies deep, counting the last ply's moves in bulk.
///
/// ```
/// assert_eq!(rocada_rules::perft(&rocada_rules::Position::new(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            pos.for_each_legal_move(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// The same count as [`perft`], but playing every leaf move (a benchmark of making moves).
pub fn perft_every_leaf(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    pos.for_each_legal_move(|m| {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += if depth == 1 {
            core::hint::black_box(&child);
            1
        } else {
            perft_every_leaf(&child, depth - 1)
        };
    });
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

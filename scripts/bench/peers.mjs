// Perft written against the JS peers' public APIs.

import { Chess as ChessJs } from 'chess.js';
import { Chess as ChessopsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { SquareSet } from 'chessops/squareSet';

/** chess.js has its own perft, which makes every move (no bulk mode). */
export function chessJsPerft(fen, depth) {
  return new ChessJs(fen).perft(depth);
}

export function chessopsPosition(fen) {
  return ChessopsChess.fromSetup(parseFen(fen).unwrap()).unwrap();
}

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

/**
 * chessops perft, the usual way with its API: `allDests()` per node, a pawn move to the last
 * rank is four moves; `clone()` + `play()` for each move. Bulk: at the last ply the
 * destinations are counted instead of played.
 */
export function chessopsPerft(pos, depth, bulk) {
  if (depth === 0) return 1;
  const ctx = pos.ctx();
  const lastRank = SquareSet.backrank(pos.turn === 'white' ? 'black' : 'white');
  let nodes = 0;
  for (const [from, dests] of pos.allDests(ctx)) {
    const isPawn = pos.board.pawn.has(from);
    if (bulk && depth === 1) {
      nodes += dests.size();
      if (isPawn) nodes += 3 * dests.intersect(lastRank).size();
      continue;
    }
    for (const to of dests) {
      const promotions = isPawn && lastRank.has(to) ? PROMOTIONS : [undefined];
      for (const promotion of promotions) {
        const child = pos.clone();
        child.play({ from, to, promotion });
        nodes += chessopsPerft(child, depth - 1, bulk);
      }
    }
  }
  return nodes;
}

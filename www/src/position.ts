// What the board needs from a `Chess`: pieces, legal destinations (Chess960 castling is the
// king moving onto its rook), last move, the king in check; and turning a board gesture or a
// typed move into one legal move.
import { Chess, ChessError, type Color, type Move, type Piece, type PromotionSymbol, type Square } from 'rocada';
import type { BoardState } from './board/board';
import { lang, t } from './i18n';

/** Legal moves by their board gesture `from + to`. */
export type MovesByGesture = Map<string, Move[]>;

/** The squares a move can be made by dragging to: its `to`, or the rook's square for a Chess960 castle. */
function gestureTargets(chess: Chess, m: Move): Square[] {
  if (!m.isCastle()) return [m.to];
  const rook = m.uci.slice(2, 4) as Square;
  return chess.isChess960() ? [rook] : [m.to, rook];
}

/** The pieces on the board. */
export function piecesOf(chess: Chess): Map<Square, Piece> {
  const pieces = new Map<Square, Piece>();
  for (const row of chess.board()) for (const sq of row) if (sq) pieces.set(sq.square, { type: sq.type, color: sq.color });
  return pieces;
}

/** The legal moves, indexed by gesture. */
export function gesturesOf(chess: Chess): MovesByGesture {
  const byGesture: MovesByGesture = new Map();
  for (const m of chess.moves({ verbose: true })) {
    for (const to of gestureTargets(chess, m)) {
      const key = m.from + to;
      const list = byGesture.get(key);
      if (list) list.push(m);
      else byGesture.set(key, [m]);
    }
  }
  return byGesture;
}

/** The board's view of a game: `movable` is the side allowed to move on the board (or none). */
export function boardState(chess: Chess, movable: Color | null, gestures: MovesByGesture): BoardState {
  const dests = new Map<Square, Square[]>();
  if (movable) {
    for (const key of gestures.keys()) {
      const from = key.slice(0, 2) as Square;
      const to = key.slice(2, 4) as Square;
      const list = dests.get(from);
      if (list) list.push(to);
      else dests.set(from, [to]);
    }
  }
  const history = chess.history({ verbose: true });
  const last = history[history.length - 1];
  return {
    pieces: piecesOf(chess),
    movable,
    dests,
    lastMove: last ? [last.from, last.to] : undefined,
    check: chess.inCheck() ? chess.findPiece({ type: 'k', color: chess.turn() })[0] : undefined,
  };
}

/** The move a gesture makes, asking for the promotion piece when there is a choice. */
export async function resolveGesture(
  gestures: MovesByGesture,
  from: Square,
  to: Square,
  ask: (color: Color, square: Square) => Promise<PromotionSymbol | null>,
): Promise<Move | null> {
  const list = gestures.get(from + to);
  if (!list?.length) return null;
  if (list.length === 1 || !list[0]!.promotion) return list[0]!;
  const p = await ask(list[0]!.color, list[0]!.to);
  return list.find((m) => m.promotion === p) ?? null;
}

/** A move typed as SAN (English or the page's language) or UCI; the error message otherwise. */
export function parseTyped(chess: Chess, text: string): Move | string {
  const input = text.trim();
  if (!input) return t('board.typeEmpty');
  const probe = chess.moves({ verbose: true });
  const found = probe.find((m) => m.uci === input || m.lan === input);
  if (found) return found;
  try {
    const trial = new Chess(chess.fen(), { chess960: chess.isChess960(), sandbox: chess.isSandbox(), lang: lang() });
    const m = trial.move(input, { lang: lang() });
    trial.free();
    const legal = probe.find((x) => x.uci === m.uci);
    if (legal) return legal;
    // Legal by the board but not in this game (touch-move): say why.
    const why = chess.explain(m.uci, { lang: lang() });
    return why.legal ? t('board.typeIllegal', { move: input }) : why.message;
  } catch (e) {
    if (e instanceof ChessError && e.code === 'illegal-move') {
      const why = chess.explain(input, { lang: lang() });
      return why.legal ? t('board.typeIllegal', { move: input }) : why.message;
    }
    if (e instanceof ChessError && e.code === 'ambiguous-move') return t('board.typeAmbiguous', { move: input });
    return t('board.typeSyntax', { move: input });
  }
}

/** "e4, white knight" / "e4, empty". */
export function squareLabel(square: Square, piece: Piece | undefined): string {
  if (!piece) return t('board.squareEmpty', { square });
  return t('board.squarePiece', { square, piece: pieceName(piece) });
}

export function pieceName(piece: Piece): string {
  return t(`piece.${piece.color}${piece.type}` as const);
}

/** A move for screen readers: "White: Nf3" in the page's language. */
export function spokenMove(m: Move, san: string): string {
  return `${t(m.color === 'w' ? 'play.white' : 'play.black')}: ${san}`;
}

// The engine's judgement of a game's moves, as lichess.org judges them in its computer
// analysis: a position's value as White's winning chances, a move's loss of winning chances
// for its mover as an inaccuracy (?!), a mistake (?) or a blunder (??), and each side's average
// centipawn loss.
import type { Color } from 'rocada';

/** A reviewed position, from White's point of view. */
export interface PlyEval {
  /** Centipawns, or a mate in `mate` moves (positive: White mates; 0: checkmate on the board). */
  score: { cp: number } | { mate: number };
  /** Who has won when the game is over on the board (checkmate), else `null`. */
  winner: Color | null;
  /** White's winning chances, 0 to 100. */
  win: number;
  /** The engine's move here, UCI and English SAN (`null` where the game is over). */
  best: { uci: string; san: string } | null;
}

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

export const JUDGEMENT_GLYPHS: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/**
 * The mover's loss of winning chances, in points of the graph's 0-100 scale, from which a move
 * is judged, worst first. Lichess's thresholds (lila's `CpAdvice`) are 0.3, 0.2 and 0.1 on its
 * -1..+1 scale of winning chances, which is 15, 10 and 5 points of win%.
 */
const LOSS_JUDGEMENTS: [number, Judgement][] = [
  [15, 'blunder'],
  [10, 'mistake'],
  [5, 'inaccuracy'],
];

/** Centipawns beyond this count as this (lichess's ceiling, for the average loss). */
const CP_CEILING = 1000;

/** White's winning chances (0 to 100) at `cp` centipawns: lichess's curve (lila PR #11148). */
export function winPercent(cp: number): number {
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

/** A score (White's point of view) as White's winning chances; a mate is 0 or 100. */
export function winOf(score: PlyEval['score'], winner: Color | null = null): number {
  if ('cp' in score) return winPercent(score.cp);
  const side = mateSide({ score, winner });
  return side === 'w' ? 100 : 0;
}

/** Who mates, when the score is a mate (on the board or announced). */
function mateSide(e: Pick<PlyEval, 'score' | 'winner'>): Color | null {
  if (!('mate' in e.score)) return null;
  if (e.winner) return e.winner;
  return e.score.mate > 0 ? 'w' : 'b';
}

/** Centipawns from White's point of view, a mate as the ceiling (lichess's `forceAsCp`), clamped to it. */
function ceiledCp(e: PlyEval): number {
  if ('cp' in e.score) return Math.max(-CP_CEILING, Math.min(CP_CEILING, e.score.cp));
  return mateSide(e) === 'w' ? CP_CEILING : -CP_CEILING;
}

/**
 * The judgement of `mover`'s move from `before` to `after`, or `null` for a good enough move.
 * Two centipawn scores: by the loss of winning chances. A mate on either side (lila's
 * `MateAdvice`): allowing a mate, or losing one's own, is a blunder, a mistake when the
 * position stays (or already was) beyond 7 pawns, an inaccuracy beyond 10.
 */
export function judge(before: PlyEval, after: PlyEval, mover: Color): Judgement | null {
  const sign = mover === 'w' ? 1 : -1;
  const mateBefore = mateSide(before);
  const mateAfter = mateSide(after);
  if (!mateBefore && !mateAfter) {
    const loss = sign * (before.win - after.win);
    return LOSS_JUDGEMENTS.find(([points]) => loss >= points)?.[1] ?? null;
  }
  const cpBefore = 'cp' in before.score ? sign * before.score.cp : 0;
  const cpAfter = 'cp' in after.score ? sign * after.score.cp : 0;
  const them: Color = mover === 'w' ? 'b' : 'w';
  const bySize = (cp: number): Judgement => (cp > 999 ? 'inaccuracy' : cp > 700 ? 'mistake' : 'blunder');
  // A mate allowed where there was none.
  if (!mateBefore && mateAfter === them) return bySize(-cpBefore);
  // One's own mate lost: to a score, or to the other side's mate.
  if (mateBefore === mover && mateAfter !== mover) return bySize(mateAfter === them ? 0 : cpAfter);
  return null;
}

/** A side's judged moves and average centipawn loss over its moves (`null` before its first). */
export interface SideSummary {
  inaccuracy: number;
  mistake: number;
  blunder: number;
  acpl: number | null;
}

/**
 * Each side's counts and average centipawn loss (lichess's: each move's loss, from the
 * mover's point of view, never below 0, the scores clamped to +-1000) over `evals`, the
 * positions of a line from its start, and `judgements` by ply (ply 1 is the first move);
 * `firstMover` made the move of ply 1.
 */
export function summarise(evals: PlyEval[], judgements: (Judgement | null)[], firstMover: Color): Record<Color, SideSummary> {
  const sides: Record<Color, SideSummary & { losses: number[] }> = {
    w: { inaccuracy: 0, mistake: 0, blunder: 0, acpl: null, losses: [] },
    b: { inaccuracy: 0, mistake: 0, blunder: 0, acpl: null, losses: [] },
  };
  for (let ply = 1; ply < evals.length; ply++) {
    const mover: Color = (ply % 2 === 1) === (firstMover === 'w') ? 'w' : 'b';
    const side = sides[mover];
    const loss = (mover === 'w' ? 1 : -1) * (ceiledCp(evals[ply - 1]!) - ceiledCp(evals[ply]!));
    side.losses.push(Math.max(0, loss));
    const j = judgements[ply];
    if (j) side[j]++;
  }
  const done = ({ losses, ...s }: SideSummary & { losses: number[] }): SideSummary => ({
    ...s,
    acpl: losses.length ? Math.round(losses.reduce((a, b) => a + b, 0) / losses.length) : null,
  });
  return { w: done(sides.w), b: done(sides.b) };
}

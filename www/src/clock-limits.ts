// The engine's search limits for a game on a clock: both sides' real time, increments and
// moves to the next control, so the engine's own time manager plays the game (and never
// flags). The Engine knows no delays: a delay counts as an increment (a Bronstein delay gives
// back at most what was used, a simple delay charges nothing for its first seconds), and a
// simple delay not yet used this move is time the side to move still has.
import type { Clock, Color, EngineLimits } from 'rocada';

/** The page's own latency between the clock and the search (worker messages, rendering). */
const PAGE_OVERHEAD_MS = 50;

/** One stage of the clock's PGN time control: `[moves/]seconds[+[d|b]bonus]`. */
interface Stage {
  bonusMs: number;
  simpleDelay: boolean;
}

function stagesOf(clock: Clock): Stage[] {
  return clock
    .toPgn()
    .split(':')
    .map((part) => {
      const bonus = /\+([db]?)([\d.]+)$/.exec(part);
      return { bonusMs: bonus ? Math.round(Number(bonus[2]) * 1000) : 0, simpleDelay: bonus?.[1] === 'd' };
    });
}

/** `wtimeMs` .. `movesToGo` for a search by `side` (the side whose clock runs) on `clock`. */
export function clockLimits(clock: Clock, side: Color): EngineLimits {
  const stages = stagesOf(clock);
  const of = (c: Color) => {
    const stage = stages[Math.min(clock.stage(c), stages.length - 1)] ?? { bonusMs: 0, simpleDelay: false };
    let time = clock.remaining(c);
    if (stage.simpleDelay) time += c === side ? clock.delayLeft(c) : stage.bonusMs;
    if (c === side) time = Math.max(1, time - PAGE_OVERHEAD_MS);
    return { time: Math.floor(time), inc: stage.bonusMs };
  };
  const w = of('w');
  const b = of('b');
  const limits: EngineLimits = { wtimeMs: w.time, btimeMs: b.time, wincMs: w.inc, bincMs: b.inc };
  const toGo = clock.movesToControl(side);
  if (toGo !== null && toGo > 0) limits.movesToGo = toGo;
  return limits;
}

// The page's one engine: the package's `Engine` (its search runs in a Web Worker, so the page
// never blocks), created on first use.
import { Engine, type Chess, type EngineAnalysis, type EngineInfo } from 'rocada';

let created: Promise<Engine> | undefined;

export function getEngine(): Promise<Engine> {
  created ??= Engine.create();
  return created;
}

/**
 * Analyses `chess` with `multiPv` lines until stopped; `onLines` gets the latest report of
 * each line, best first (bounds found mid-iteration are skipped).
 */
export function analyseLines(engine: Engine, chess: Chess, multiPv: number, onLines: (lines: EngineInfo[]) => void): EngineAnalysis {
  const lines: EngineInfo[] = [];
  return engine.analyze(chess, { multiPv }, (info) => {
    if (info.bound) return;
    lines[info.multiPv - 1] = info;
    onLines(lines.filter((l) => l !== undefined));
  });
}

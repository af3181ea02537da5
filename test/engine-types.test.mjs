// engine.d.ts against TypeScript in strict mode, from a scratch app that installed the packed
// tarball: a program using the whole Engine API compiles (NodeNext and bundler resolution), and
// each line of a file of deliberate mistakes is an error (and no other line).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { packedApp } from './support/packed.mjs';
import { assertErrorsOnMarkedLines, typecheck } from './support/typecheck.mjs';

let ctx;

before(() => {
  ctx = packedApp('rocada-engine-types-');
});

after(() => ctx?.cleanup());

const GOOD = `import { Chess, ChessError, Engine } from 'rocada';
import type { EngineInfo, EngineResult, EngineScore, EngineAnalysis, EngineLimits, EngineErrorCode } from 'rocada';

const engine: Engine = await Engine.create({ hashMb: 32, worker: true });
await Engine.create();
await Engine.create({ worker: false, workerUrl: new URL('./my-worker.js', import.meta.url) });
const chess = new Chess();
const controller = new AbortController();
const limits: EngineLimits = {
  depth: 10, nodes: 1e6, movetimeMs: 500, wtimeMs: 60_000, btimeMs: 60_000, wincMs: 1000, bincMs: 1000,
  movesToGo: 40, multiPv: 3, level: 5, searchMoves: ['e2e4'], signal: controller.signal,
  onInfo: (info: EngineInfo) => { const d: number = info.depth; const pv: string[] = info.pvSan; void d; void pv; },
};
const r: EngineResult = await engine.bestMove(chess, limits);
const uci: string = r.move;
const ponder: string | undefined = r.ponder;
const score: EngineScore = r.score;
const cp: number | undefined = 'cp' in score ? score.cp : undefined;
const lines: EngineInfo[] | undefined = r.lines;
await engine.bestMove('8/8/8/8/8/8/8/K1k5 w - - 0 1');
const analysis: EngineAnalysis = engine.analyze(chess, { multiPv: 2 }, (info) => void info.multiPv);
const stopped: EngineResult = await analysis.stop();
const done: EngineResult = await analysis.result;
const maybe: EngineResult | undefined = await engine.stop();
const elo: number = Engine.levelElo(20);
void elo;
engine.newGame();
engine.terminate();
try { await engine.bestMove(chess); } catch (e) {
  if (e instanceof ChessError && e.is('engine-crashed')) void e.detail.message;
}
const code: EngineErrorCode = 'engine-terminated';
void uci; void ponder; void cp; void lines; void stopped; void done; void maybe; void code;
`;

// Each line ending in `// error` must produce a type error; no other line may.
const BAD = `import { Chess, Engine } from 'rocada';
const engine = await Engine.create();
new Engine(); // error
await Engine.create({ hash: 16 }); // error
await Engine.create({ worker: 'yes' }); // error
await engine.bestMove(42); // error
await engine.bestMove(new Chess(), { movetime: 100 }); // error
await engine.bestMove(new Chess(), { depth: '10' }); // error
await engine.bestMove(new Chess(), { onInfo: (i) => i.multipv }); // error
const s: string = (await engine.bestMove(new Chess())).score; // error
engine.analyze(new Chess(), {}); // error
const p: string = (await engine.bestMove(new Chess())).ponder; // error
void s; void p;
`;

for (const resolution of ['NodeNext', 'bundler']) {
  test(`a program using the Engine API compiles (${resolution})`, () => {
    const { ok, output } = typecheck(join(ctx.app, `good-${resolution}`), 'user.ts', GOOD, resolution);
    assert.ok(ok, `tsc failed:\n${output}`);
  });
}

test('deliberate Engine type errors fail, each on its own line', () => {
  assertErrorsOnMarkedLines(join(ctx.app, 'bad'), BAD);
});

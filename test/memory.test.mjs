// Memory stays flat: 1,000,000 Chess objects created and dropped (a few moves played on some),
//  1. released with free(): the wasm memory does not grow (bound: start + 1 MiB);
//  2. left to the garbage collector (the FinalizationRegistry wasm-bindgen attaches to every
//     object frees its Rust memory): bound 128 MiB. V8 runs the finalizers only after a full
//     GC, which comes late because each object is small on the JS side, so garbage piles up
//     between full GCs (about 55-65 MiB at most here, for 344 bytes per fresh Chess);
//  3. the same with a full GC after every batch (a child process with --expose-gc): bound
//     8 MiB, which shows that the memory of case 2 is only waiting for the GC, not leaked.
// Objects are made in batches of 10,000 with a turn of the event loop between batches.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packedApp, run } from './support/packed.mjs';

const OBJECTS = Number(process.env.ROCADA_MEMORY_OBJECTS ?? 1_000_000);
const MiB = 1024 * 1024;

let ctx;

before(() => {
  ctx = packedApp('rocada-memory-');
  writeFileSync(
    join(ctx.app, 'churn.mjs'),
    `import { setImmediate as tick } from 'node:timers/promises';
import { Chess, initSync } from 'rocada';
const [objects, mode] = [Number(process.argv[2]), process.argv[3]];
const memory = () => initSync().memory.buffer.byteLength;
const start = memory();
let peak = start;
for (let made = 0; made < objects; made += 10_000) {
  for (let i = 0; i < 10_000; i++) {
    const chess = new Chess();
    if (i % 100 === 0) { chess.move('e4'); chess.move('e5'); chess.status(); }
    if (mode === 'free') chess.free();
  }
  if (mode === 'gc') globalThis.gc();
  await tick();
  peak = Math.max(peak, memory());
}
// The module and new objects still work.
const chess = new Chess();
if (chess.moves().length !== 20) throw new Error('broken');
chess[Symbol.dispose]();
console.log(JSON.stringify({ start, peak }));
`,
  );
});

after(() => ctx?.cleanup());

function churn(mode, nodeArgs = []) {
  const { start, peak } = JSON.parse(run(process.execPath, [...nodeArgs, 'churn.mjs', String(OBJECTS), mode], ctx.app));
  console.log(`# ${mode}: wasm memory ${(start / MiB).toFixed(1)} MiB at start, ${(peak / MiB).toFixed(1)} MiB at most over ${OBJECTS.toLocaleString('en-US')} objects`);
  return { start, peak };
}

test(`${OBJECTS.toLocaleString('en-US')} Chess objects with free(): no growth`, () => {
  const { start, peak } = churn('free');
  assert.ok(peak - start <= MiB, `grew by ${peak - start} bytes`);
});

test(`${OBJECTS.toLocaleString('en-US')} Chess objects left to the garbage collector: under 128 MiB`, () => {
  const { peak } = churn('finalizer');
  assert.ok(peak <= 128 * MiB, `peak ${peak} bytes`);
});

test(`${OBJECTS.toLocaleString('en-US')} Chess objects, a full GC after each batch: under 8 MiB (nothing leaks)`, () => {
  const { peak } = churn('gc', ['--expose-gc']);
  assert.ok(peak <= 8 * MiB, `peak ${peak} bytes`);
});

// A PGN database with a bad game at the end: parsePgn throws and keeps nothing (three calls do
// not grow the memory past the first), and PgnReader gives every good game, the bad one's
// error, and the game after it.
test('parsePgn of good games and a bad one keeps no memory; PgnReader reads past the bad game', () => {
  writeFileSync(
    join(ctx.app, 'database.mjs'),
    `import { parsePgn, PgnReader, ChessError, initSync } from 'rocada';
const memory = () => initSync().memory.buffer.byteLength;
const good = '[Event "x"]\\n\\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\\n\\n';
const text = good.repeat(Number(process.argv[2])) + '1. e4 e5 2. Ke3 *\\n\\n' + '1. d4 d5 *\\n';
const sizes = [];
for (let i = 0; i < 3; i++) {
  try { parsePgn(text); throw new Error('no error'); } catch (e) { if (!(e instanceof ChessError) || e.code !== 'invalid-pgn') throw e; }
  sizes.push(memory());
}
let games = 0, last, errors = [];
for (const { game, error } of new PgnReader(text)) {
  if (error) { errors.push([error.code, error.detail.game, error.detail.reason]); continue; }
  games++;
  last = game.mainline().map((m) => m.uci).join(' ');
  game.free();
}
sizes.push(memory());
console.log(JSON.stringify({ sizes, games, last, errors }));
`,
  );
  const n = 50_000;
  const out = JSON.parse(run(process.execPath, ['database.mjs', String(n)], ctx.app));
  console.log(`# ${n.toLocaleString('en-US')} games + 1 bad: wasm memory after each parsePgn and after PgnReader ${out.sizes.map((b) => (b / MiB).toFixed(1)).join(', ')} MiB`);
  assert.equal(out.games, n + 1);
  assert.equal(out.last, 'd2d4 d7d5');
  assert.deepEqual(out.errors, [['invalid-pgn', n + 1, 'illegal-move']]);
  assert.ok(out.sizes[2] <= out.sizes[0] + MiB, `parsePgn grew: ${out.sizes}`);
  assert.ok(out.sizes[3] <= out.sizes[0] + MiB, `PgnReader grew: ${out.sizes}`);
});

// The published package as a user gets it: `npm pack` of pkg/ (built by scripts/build.sh) into a
// temporary directory, installed into a scratch app there, imported from Node and type-checked
// with TypeScript. Run with `node --test test/` (scripts/test.sh does, after the build).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Chess as ChessJs } from 'chess.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = join(root, 'pkg');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work; // temporary directory: the tarball and the scratch app
let app; // the scratch app
let packed; // `npm pack --json` result for pkg/
let rocada; // the module, imported as `import * as rocada from 'rocada'` inside the app

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const CHESS960 = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'rocada-pack-'));
  packed = JSON.parse(run(npm, ['pack', '--json', '--pack-destination', work], pkgDir))[0];
  app = join(work, 'app');
  run('mkdir', ['-p', app]);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }, null, 2),
  );
  // A local tarball with no dependencies: nothing is fetched.
  run(npm, ['install', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], app);
  // The app's own module, so that `rocada` resolves from the app as it would for a user.
  writeFileSync(join(app, 'entry.mjs'), "export * from 'rocada';\nexport { default } from 'rocada';\n");
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

async function load() {
  rocada ??= await import(pathToFileURL(join(app, 'entry.mjs')).href);
  return rocada;
}

test('the tarball holds the package files and nothing else', () => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of [
    'package.json',
    'index.js',
    'index.d.ts',
    'node.js',
    'chess_error.js',
    'chess_error.d.ts',
    'rocada.js',
    'rocada.d.ts',
    'rocada_bg.wasm',
    'rocada_bg.wasm.d.ts',
  ]) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  const allowed = /^(package\.json|index\.(js|d\.ts)|node\.js|chess_error\.(js|d\.ts)|rocada(\.js|\.d\.ts|_bg\.wasm|_bg\.wasm\.d\.ts)|README\.md|LICENSE-(MIT|APACHE))$/;
  assert.deepEqual(files.filter((f) => !allowed.test(f)), [], 'no stray files');
  const manifest = JSON.parse(readFileSync(join(app, 'node_modules/rocada/package.json'), 'utf8'));
  assert.equal(manifest.name, 'rocada');
  assert.equal(manifest.license, 'MIT OR Apache-2.0');
});

test('the shipped types have no `any`', () => {
  const dir = join(app, 'node_modules/rocada');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.d.ts'))) {
    const text = readFileSync(join(dir, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    assert.doesNotMatch(text, /\bany\b/, `${f} mentions any`);
  }
});

test('start position: 20 moves, perft(3) = 8902', async () => {
  const { default: init, Chess } = await load();
  await init(); // what a browser user writes; a no-op in Node
  const chess = new Chess();
  assert.equal(chess.moves().length, 20);
  assert.ok(chess.moves().includes('e2e4'));
  assert.equal(chess.perft(3), 8902);
  assert.equal(chess.turn(), 'w');
  assert.equal(chess.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.equal(chess.isChess960(), false);
  chess.free();
});

test('a bad FEN throws ChessError invalid-fen, and the module keeps working', async () => {
  const { Chess, ChessError } = await load();
  assert.throws(
    () => new Chess('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1'),
    (e) => {
      assert.ok(e instanceof ChessError, 'instanceof the exported ChessError');
      assert.ok(e instanceof Error);
      assert.equal(e.name, 'ChessError');
      assert.equal(e.code, 'invalid-fen');
      assert.equal(e.detail.reason, 'fen-board');
      assert.deepEqual(e.detail.reasons, ['fen-board']);
      assert.equal(e.detail.field, 'board');
      assert.match(e.message, /^invalid FEN: /);
      assert.match(String(e.stack), /ChessError/);
      return true;
    },
  );
  const thrown = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof ChessError);
      return e;
    }
    assert.fail('expected a ChessError');
  };
  assert.equal(thrown(() => new Chess('4k3/8/8/8/8/8/8/8 w - - 0 1')).detail.reason, 'missing-king');
  assert.equal(thrown(() => new Chess(undefined, { chess960: 1 })).code, 'invalid-option');
  const depth = thrown(() => new Chess().perft(-1));
  assert.equal(depth.code, 'invalid-option');
  assert.equal(depth.detail.option, 'depth');
  assert.equal(thrown(() => new Chess().moves({ square: 'i9' })).code, 'invalid-square');
  assert.equal(new Chess().perft(2), 400);
});

test('a Chess960 position works', async () => {
  const { Chess } = await load();
  const chess = new Chess(CHESS960, { chess960: true });
  assert.equal(chess.isChess960(), true);
  assert.deepEqual([1, 2, 3].map((d) => chess.perft(d)), [21, 528, 12189]);
  // Castling is written king-onto-rook in UCI; `to` is the king's destination (chess.js).
  const corners = new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', { chess960: true });
  const castles = corners.moves({ square: 'e1', verbose: true }).filter((m) => m.flags === 'k' || m.flags === 'q');
  assert.deepEqual(
    castles.map((m) => [m.uci, m.to, m.flags]).sort(),
    [['e1a1', 'c1', 'q'], ['e1h1', 'g1', 'k']],
  );
});

test('verbose moves match chess.js', async () => {
  const { Chess } = await load();
  const fens = [
    undefined,
    KIWIPETE,
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    '1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1',
  ];
  const pick = (m) => ({
    color: m.color,
    from: m.from,
    to: m.to,
    piece: m.piece,
    captured: m.captured,
    promotion: m.promotion,
    flags: m.flags,
  });
  const key = (m) => `${m.from}${m.to}${m.promotion ?? ''}`;
  for (const fen of fens) {
    const ours = new Chess(fen).moves({ verbose: true });
    const theirs = new ChessJs(fen).moves({ verbose: true });
    const byKey = (a, b) => key(a).localeCompare(key(b));
    assert.deepEqual(ours.map(pick).sort(byKey), theirs.map(pick).sort(byKey), fen ?? 'start');
    // In standard chess our UCI is chess.js's long algebraic notation.
    assert.deepEqual(ours.map((m) => m.uci).sort(), theirs.map((m) => m.lan).sort(), fen ?? 'start');
  }
});

test('the shipped .d.ts type-checks a user program (tsc, NodeNext)', () => {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'ESNext.Disposable', 'DOM'],
        strict: true,
        noEmit: true,
        types: [],
      },
      files: ['user.ts'],
    }),
  );
  writeFileSync(
    join(app, 'user.ts'),
    `import init, { Chess, ChessError, type Move, type Color, type Square, type InvalidFenDetail } from 'rocada';
await init();
const chess = new Chess(undefined, { chess960: false });
const uci: string[] = chess.moves();
const verbose: Move[] = chess.moves({ verbose: true, square: 'e2' });
const color: Color = chess.turn();
const to: Square = verbose[0].to;
const n: number = chess.perft(3);
try { new Chess('x'); } catch (e) {
  if (e instanceof ChessError && e.code === 'invalid-fen') {
    const d = e.detail as InvalidFenDetail;
    const reason: string = d.reason;
    void reason;
  }
}
// @ts-expect-error verbose moves are not strings
const wrong: string[] = chess.moves({ verbose: true });
// @ts-expect-error not an option
new Chess(undefined, { chess960: 'yes' });
// @ts-expect-error not a square
chess.moves({ square: 'z9' });
void uci; void color; void to; void n; void wrong;
`,
  );
  const tsc = join(root, 'node_modules/.bin/tsc');
  try {
    run(tsc, ['-p', app], app);
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});

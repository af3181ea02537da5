// The packed tarball in headless Chromium (Debian's, driven by playwright-core), with no
// configuration anywhere:
//  - a Vite app (default config) that imports `rocada` on the page and in a module worker
//    (Vite bundles workers as IIFE by default), built with `vite build` and served statically;
//  - a webpack 5 app (no webpack.config.js: production mode, the default entry), the page and
//    a worker made from `new Worker(new URL(...))`;
//  - a plain page with `<script type="module">` importing `rocada` through an import map, a
//    module worker importing the package by path, and a page using `rocada/async` + `init()`.
// Each page writes its results into #out and sets data-state="done" (or "error").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import webpack from 'webpack';
import { packedApp } from './support/packed.mjs';
import { launchChromium, serveStatic, visitOut, watchProblems } from './support/browser.mjs';

let ctx;
let browser;
const servers = [];

/** Serves `dir` until the end of the file's tests; resolves to its base URL. */
async function serve(dir) {
  const server = await serveStatic(dir);
  servers.push(server);
  return server.url;
}

const visit = (url) => visitOut(browser, url);

// The same checks on a page and in a worker: they return a JSON-able summary.
const CHECKS = `
function checks(rocada) {
  const { Chess, ChessError, Clock, parsePgn, Move } = rocada;
  const chess = new Chess();
  const san = chess.moves();
  const m = chess.move('e4');
  let code = null;
  try { chess.move('Ke3'); } catch (e) { code = e instanceof ChessError ? e.code : 'not a ChessError'; }
  const verbose = chess.moves({ verbose: true });
  const games = parsePgn('1. e4 e5 (1... c5) 2. Nf3 *');
  const clock = new Clock('3+2');
  clock.start();
  return {
    moves: san.length,
    san: m.san,
    isMove: m instanceof Move,
    after: verbose[0].after.split(' ')[1],
    code,
    perft: new Chess().perft(3),
    pgn: games[0].mainline().map((x) => x.san).join(' '),
    ro: new Chess(undefined, { lang: 'ro' }).moves({ piece: 'n' }).sort().join(' '),
    clock: clock.running(),
  };
}
`;
const EXPECTED = { moves: 20, san: 'e4', isMove: true, after: 'w', code: 'illegal-move', perft: 8902, pgn: 'e4 e5 Nf3', ro: 'Ca3 Cc3 Cf3 Ch3', clock: 'w' };

before(async () => {
  ctx = packedApp('rocada-browser-');
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
  ctx?.cleanup();
});

/**
 * A bundler app in `app` from the packed package: the checks on the page (`src/<entry>`) and in
 * a worker made with `new Worker(new URL('./worker.js', import.meta.url), workerOptions)`.
 */
async function writeBundlerApp(app, { entry, workerOptions, packageJson }) {
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'src/checks.js'), `${CHECKS}\nexport { checks };\n`);
  writeFileSync(
    join(app, 'src', entry),
    `import * as rocada from 'rocada';
import { checks } from './checks.js';
const out = document.getElementById('out');
try {
  const page = checks(rocada);
  const worker = new Worker(new URL('./worker.js', import.meta.url)${workerOptions ? `, ${workerOptions}` : ''});
  worker.onmessage = (e) => {
    out.textContent = JSON.stringify({ page, worker: e.data });
    out.dataset.state = 'done';
  };
  worker.onerror = (e) => { out.textContent = 'worker: ' + e.message; out.dataset.state = 'error'; };
  worker.postMessage('go');
} catch (e) {
  out.textContent = String(e && e.stack || e);
  out.dataset.state = 'error';
}
`,
  );
  writeFileSync(
    join(app, 'src/worker.js'),
    `import * as rocada from 'rocada';
import { checks } from './checks.js';
self.onmessage = () => self.postMessage(checks(rocada));
`,
  );
  // The app's own node_modules: the packed package, as a user installs it.
  writeFileSync(join(app, 'package.json'), JSON.stringify(packageJson));
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  const { symlinkSync } = await import('node:fs');
  symlinkSync(join(ctx.app, 'node_modules/rocada'), join(app, 'node_modules/rocada'), 'dir');
}

/** The .wasm files a bundler wrote into `dist` (an app of the default entry needs none). */
function wasmFiles(dist) {
  return readdirSync(dist, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));
}

test('a Vite app (default config) on the page and in a worker', async () => {
  const app = join(ctx.app, 'vite-app');
  await writeBundlerApp(app, { entry: 'main.js', workerOptions: "{ type: 'module' }", packageJson: { name: 'vite-app', private: true, type: 'module' } });
  writeFileSync(join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada vite</title><pre id="out"></pre><script type="module" src="/src/main.js"></script>\n');
  await build({ root: app, logLevel: 'silent', configFile: false, build: { outDir: 'dist', emptyOutDir: true } });
  assert.deepEqual(wasmFiles(join(app, 'dist')), [], 'the default entry inlines its wasm: the app must carry no .wasm file');
  const url = await serve(join(app, 'dist'));
  const { state, text, problems } = await visit(url);
  assert.equal(state, 'done', text);
  assert.deepEqual(JSON.parse(text), { page: EXPECTED, worker: EXPECTED });
  assert.deepEqual(problems, []);
});

test('a webpack 5 app (no config) on the page and in a worker', async () => {
  const app = join(ctx.app, 'webpack-app');
  await writeBundlerApp(app, { entry: 'index.js', packageJson: { name: 'webpack-app', private: true } });
  // webpack's defaults as `npx webpack` in the app's folder: production mode, ./src/index.js
  // -> ./dist/main.js (performance hints off: the inlined wasm is bigger than webpack's
  // 244 KiB advice, which is a warning only).
  const stats = await new Promise((resolve, reject) =>
    webpack({ context: app, mode: 'production', output: { path: join(app, 'dist') }, performance: { hints: false } }, (err, s) => (err ? reject(err) : resolve(s))),
  );
  assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
  assert.deepEqual(wasmFiles(join(app, 'dist')), [], 'the default entry inlines its wasm: the app must carry no .wasm file');
  writeFileSync(
    join(app, 'dist/index.html'),
    '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada webpack</title><pre id="out"></pre><script src="main.js"></script>\n',
  );
  const url = await serve(join(app, 'dist'));
  const { state, text, problems } = await visit(url);
  assert.equal(state, 'done', text);
  assert.deepEqual(JSON.parse(text), { page: EXPECTED, worker: EXPECTED });
  assert.deepEqual(problems, []);
});

test('a plain module page (import map), a module worker, and rocada/async with init()', async () => {
  const dir = ctx.app;
  writeFileSync(join(dir, 'checks.js'), `${CHECKS}\nexport { checks };\n`);
  writeFileSync(
    join(dir, 'plain.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada plain</title>
<script type="importmap">{ "imports": { "rocada": "./node_modules/rocada/index.js" } }</script>
<pre id="out"></pre>
<script type="module">
import * as rocada from 'rocada';
import { checks } from './checks.js';
const out = document.getElementById('out');
const page = checks(rocada);
const worker = new Worker('./plain-worker.js', { type: 'module' });
worker.onmessage = (e) => { out.textContent = JSON.stringify({ page, worker: e.data }); out.dataset.state = 'done'; };
worker.onerror = (e) => { out.textContent = 'worker: ' + e.message; out.dataset.state = 'error'; };
worker.postMessage('go');
</script>
`,
  );
  writeFileSync(
    join(dir, 'plain-worker.js'),
    `import * as rocada from './node_modules/rocada/index.js';
import { checks } from './checks.js';
self.onmessage = () => self.postMessage(checks(rocada));
`,
  );
  writeFileSync(
    join(dir, 'async.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada async</title>
<pre id="out"></pre>
<script type="module">
import init, * as rocada from './node_modules/rocada/async.js';
import { checks } from './checks.js';
const out = document.getElementById('out');
await init();
out.textContent = JSON.stringify({ page: checks(rocada) });
out.dataset.state = 'done';
</script>
`,
  );
  const url = await serve(dir);
  const plain = await visit(`${url}plain.html`);
  assert.equal(plain.state, 'done', plain.text);
  assert.deepEqual(JSON.parse(plain.text), { page: EXPECTED, worker: EXPECTED });
  assert.deepEqual(plain.problems, []);
  const lazy = await visit(`${url}async.html`);
  assert.equal(lazy.state, 'done', lazy.text);
  assert.deepEqual(JSON.parse(lazy.text), { page: EXPECTED });
  assert.deepEqual(lazy.problems, []);
});

/** Opens `url`, waits for #out[data-state]; resolves to `{ state, text, problems, requests }` (every URL fetched, workers too). */
async function visitLogged(url) {
  const page = await browser.newPage();
  const problems = [];
  const requests = [];
  watchProblems(page, problems);
  page.context().on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForSelector('#out[data-state]', { timeout: 60_000 });
  const state = await page.locator('#out').getAttribute('data-state');
  const text = await page.locator('#out').textContent();
  await page.close();
  return { state, text, problems, requests };
}

test("a page that uses only the rules downloads none of the engine's module; Engine.create() fetches it once", async () => {
  const dir = ctx.app;
  const page = (body) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada split</title>
<script type="importmap">{ "imports": { "rocada": "./node_modules/rocada/index.js" } }</script>
<pre id="out"></pre>
<script type="module">
const out = document.getElementById('out');
try {
${body}
  out.dataset.state = 'done';
} catch (e) {
  out.textContent = String(e && e.stack || e);
  out.dataset.state = 'error';
}
</script>
`;
  writeFileSync(join(dir, 'rules-only.html'), page(`  const { Chess } = await import('rocada');
  const chess = new Chess();
  chess.move('e4');
  out.textContent = chess.fen();`));
  writeFileSync(
    join(dir, 'with-engine.html'),
    page(`  const { Chess, Engine } = await import('rocada');
  const chess = new Chess();
  chess.move('e4');
  const before = performance.getEntriesByType('resource').filter((e) => /rocada_engine_(inline|bg)/.test(e.name)).length;
  const [a, b] = await Promise.all([Engine.create(), Engine.create({ worker: false })]);
  const r = await a.bestMove(chess, { depth: 4 });
  const s = await b.bestMove(chess, { depth: 4 });
  a.terminate(); b.terminate();
  out.textContent = JSON.stringify({ before, legal: chess.moves({ verbose: true }).some((m) => m.uci === r.move), same: r.move === s.move, level: Engine.levelElo(20) > Engine.levelElo(1) });`),
  );
  const url = await serve(dir);
  const rules = await visitLogged(`${url}rules-only.html`);
  assert.equal(rules.state, 'done', rules.text);
  assert.match(rules.text, /^rnbqkbnr\/pppppppp\/8\/8\/4P3\//);
  assert.deepEqual(rules.problems, []);
  assert.ok(rules.requests.some((u) => u.endsWith('/rocada_inline.js')), rules.requests.join('\n'));
  assert.deepEqual(rules.requests.filter((u) => /rocada_engine_(inline|bg)/.test(u)), [], 'the rules-only page fetched the engine');
  const engine = await visitLogged(`${url}with-engine.html`);
  assert.equal(engine.state, 'done', engine.text);
  assert.deepEqual(JSON.parse(engine.text), { before: 0, legal: true, same: true, level: true });
  assert.deepEqual(engine.problems, []);
  // Chromium has WebAssembly SIMD: the simd128 build, once, and not the scalar one.
  assert.equal(engine.requests.filter((u) => u.endsWith('/rocada_engine_simd_inline.js')).length, 1, engine.requests.join('\n'));
  assert.equal(engine.requests.filter((u) => u.endsWith('/rocada_engine_inline.js')).length, 0, engine.requests.join('\n'));
  assert.deepEqual(engine.requests.filter((u) => u.endsWith('.wasm')), [], 'the engine comes inlined');
});

test("a Vite app that uses only the rules carries none of the engine's module", async () => {
  const app = join(ctx.app, 'vite-rules-app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'src/main.js'), "import { Chess } from 'rocada';\nconst c = new Chess();\nc.move('e4');\ndocument.getElementById('out').textContent = c.fen();\ndocument.getElementById('out').dataset.state = 'done';\n");
  writeFileSync(join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada rules</title><pre id="out"></pre><script type="module" src="/src/main.js"></script>\n');
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'vite-rules-app', private: true, type: 'module' }));
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  const { symlinkSync, readFileSync: read } = await import('node:fs');
  symlinkSync(join(ctx.app, 'node_modules/rocada'), join(app, 'node_modules/rocada'), 'dir');
  await build({ root: app, logLevel: 'silent', configFile: false, build: { outDir: 'dist', emptyOutDir: true } });
  // A piece of the engine's inlined bytes, from the middle.
  const base64 = read(join(ctx.app, 'node_modules/rocada/rocada_engine_inline.js'), 'utf8').match(/'([A-Za-z0-9+/=]+)'/)[1];
  const marker = base64.slice(base64.length >> 1, (base64.length >> 1) + 64);
  const files = readdirSync(join(app, 'dist'), { recursive: true }).map(String);
  assert.deepEqual(files.filter((f) => f.endsWith('.wasm')), [], 'no .wasm file');
  for (const f of files.filter((f) => f.endsWith('.js'))) {
    const text = read(join(app, 'dist', f), 'utf8');
    assert.ok(!text.includes(marker), `${f} carries the engine's module`);
    assert.doesNotMatch(text, /rocada_engine/, `${f} names the engine's module`);
  }
  const url = await serve(join(app, 'dist'));
  const { state, text, problems } = await visit(url);
  assert.equal(state, 'done', text);
  assert.deepEqual(problems, []);
});

// `Engine` from the packed tarball in headless Chromium, with no configuration anywhere: a Vite
// app (`vite build`, and the Vite dev server, which pre-bundles the package), a webpack 5 app,
// and a plain page importing the package through an import map. Each page creates an engine
// (timing the start-up), searches (5 s in the Vite build, 1 s elsewhere) while a
// PerformanceObserver records main-thread long tasks (> 50 ms: none is allowed from create()
// to the end of the search) and a 10 ms timer records the largest gap between its ticks
// (reported), then stops an analysis and checks the engine still answers.
// Observation starts after the page has loaded: loading the package (compiling its inlined
// wasm) is a task of its own, before any engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync, symlinkSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer as createViteServer } from 'vite';
import webpack from 'webpack';
import { packedApp } from './support/packed.mjs';
import { launchChromium, serveStatic, visitOut } from './support/browser.mjs';

let ctx;
let browser;
const closers = [];

/** Serves `dir` until the end of the file's tests; resolves to its base URL. */
async function serve(dir) {
  const server = await serveStatic(dir);
  closers.push(server.close);
  return server.url;
}

// Runs in the page: returns the figures as JSON-able values.
const CHECKS = `
export async function engineChecks(rocada, searchMs) {
  const { Engine, Chess } = rocada;
  // The page's loading (the package compiles its inlined wasm at import) is not the engine's.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Each long task with its start, and when each step ended (ms from the start).
  const t0 = performance.now();
  const at = () => Math.round(performance.now() - t0);
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ at: Math.round(e.startTime - t0), ms: Math.round(e.duration) });
  });
  observer.observe({ type: 'longtask' });
  const steps = {};
  let t = performance.now();
  const engine = await Engine.create();
  const startupMs = performance.now() - t;
  steps.created = at();
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 10);
  const depths = [];
  t = performance.now();
  const r = await engine.bestMove(new Chess(), { movetimeMs: searchMs, onInfo: (i) => depths.push(i.depth) });
  const searchWallMs = performance.now() - t;
  clearInterval(timer);
  steps.searched = at();
  const analysis = engine.analyze(new Chess(), {}, () => {});
  await new Promise((resolve) => setTimeout(resolve, 300));
  t = performance.now();
  const stopped = await analysis.stop();
  const stopMs = performance.now() - t;
  steps.stopped = at();
  const mate = await engine.bestMove('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', { depth: 4 });
  steps.restarted = at();
  engine.terminate();
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const legal = new Chess().moves({ verbose: true }).map((m) => m.uci);
  return {
    startupMs: Math.round(startupMs),
    longTasks,
    steps,
    maxGapMs: Math.round(maxGapMs),
    searchWallMs: Math.round(searchWallMs),
    depth: r.depth,
    nodes: r.nodes,
    nps: r.nps,
    reports: depths.length,
    legal: legal.includes(r.move) && legal.includes(stopped.move),
    stopMs: Math.round(stopMs * 10) / 10,
    mate: mate.san,
  };
}
`;

const MAIN = (searchMs) => `import * as rocada from 'rocada';
import { engineChecks } from './checks.js';
const out = document.getElementById('out');
engineChecks(rocada, ${searchMs}).then(
  (r) => { out.textContent = JSON.stringify(r); out.dataset.state = 'done'; },
  (e) => { out.textContent = String(e && e.stack || e); out.dataset.state = 'error'; },
);
`;

const PAGE = (script) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rocada engine</title><pre id="out"></pre>${script}\n`;

/** Opens `url`, waits for #out[data-state]; returns the page's figures (and fails on any error). */
async function visit(url, timeout) {
  const { state, text, problems } = await visitOut(browser, url, timeout);
  assert.equal(state, 'done', text);
  assert.deepEqual(problems, []);
  return JSON.parse(text);
}

/** What every page must show. */
function check(t, name, r, searchMs) {
  t.diagnostic(`${name}: ${JSON.stringify(r)}`);
  // The criterion: no main-thread task over 50 ms from Engine.create() to the end of the
  // search. Tasks after it (stop, restart) and the timer's largest gap are reported: on a
  // loaded machine the OS can stretch a task of a few milliseconds past 50.
  assert.deepEqual(r.longTasks.filter((task) => task.at < r.steps.searched), [], 'no main-thread task over 50 ms');
  assert.ok(r.searchWallMs >= searchMs && r.searchWallMs < searchMs + 500, `searched ${r.searchWallMs} ms`);
  assert.ok(r.depth >= 6 && r.reports >= r.depth, `depth ${r.depth}`);
  assert.ok(r.legal);
  assert.ok(r.stopMs < 50, `stop() took ${r.stopMs} ms`);
  assert.equal(r.mate, 'Rd8#');
}

/**
 * A fresh app folder with `rocada` installed and the checks: a link to the packed copy, or a
 * copy (`copy`: the Vite dev server serves no file from outside the app's folder).
 */
function app(name, type, copy = false) {
  const dir = join(ctx.app, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  const installed = join(ctx.app, 'node_modules/rocada');
  if (copy) cpSync(installed, join(dir, 'node_modules/rocada'), { recursive: true });
  else symlinkSync(installed, join(dir, 'node_modules/rocada'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, ...(type ? { type } : {}) }));
  writeFileSync(join(dir, 'src/checks.js'), CHECKS);
  return dir;
}

before(async () => {
  ctx = packedApp('rocada-engine-browser-');
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const close of closers) await close();
  ctx?.cleanup();
});

test('a Vite app (vite build): a 5 s search leaves the page responsive', async (t) => {
  const dir = app('vite-engine', 'module');
  writeFileSync(join(dir, 'index.html'), PAGE('<script type="module" src="/src/main.js"></script>'));
  writeFileSync(join(dir, 'src/main.js'), MAIN(5000));
  await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: 'dist', emptyOutDir: true } });
  check(t, 'vite build', await visit(await serve(join(dir, 'dist')), 60_000), 5000);
});

test('the Vite dev server (the package pre-bundled)', async (t) => {
  const dir = app('vite-dev-engine', 'module', true);
  writeFileSync(join(dir, 'index.html'), PAGE('<script type="module" src="/src/main.js"></script>'));
  writeFileSync(join(dir, 'src/main.js'), MAIN(1000));
  const server = await createViteServer({ root: dir, logLevel: 'silent', configFile: false, server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  closers.push(() => server.close());
  check(t, 'vite dev', await visit(server.resolvedUrls.local[0], 120_000), 1000);
});

test('a webpack 5 app (no config)', async (t) => {
  const dir = app('webpack-engine');
  writeFileSync(join(dir, 'src/index.js'), MAIN(1000));
  const stats = await new Promise((resolve, reject) =>
    webpack({ context: dir, mode: 'production', output: { path: join(dir, 'dist') }, performance: { hints: false } }, (err, s) => (err ? reject(err) : resolve(s))),
  );
  assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
  writeFileSync(join(dir, 'dist/index.html'), PAGE('<script src="main.js"></script>'));
  check(t, 'webpack', await visit(await serve(join(dir, 'dist')), 60_000), 1000);
});

test('a plain module page (import map, no bundler)', async (t) => {
  const dir = app('plain-engine', 'module');
  writeFileSync(join(dir, 'src/main.js'), MAIN(1000));
  writeFileSync(
    join(dir, 'index.html'),
    PAGE('<script type="importmap">{ "imports": { "rocada": "./node_modules/rocada/index.js" } }</script><script type="module" src="./src/main.js"></script>'),
  );
  check(t, 'plain page', await visit(await serve(dir), 60_000), 1000);
});

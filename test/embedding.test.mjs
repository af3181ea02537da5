// Safe embedding: the packed package loaded in headless Chromium from a second, CDN-like
// origin into a page with a strict Content Security Policy, the exact policy the README
// states (no 'unsafe-eval', no 'unsafe-inline'; 'wasm-unsafe-eval' for the module; `blob:`
// workers for the Engine, whose worker script is on the CDN). The page plays, and its Engine
// finds a mate in a worker; no `securitypolicyviolation` event fires, and the page reaches
// nothing but its own files and the package files: every request is recorded. Control pages
// whose policy lacks 'wasm-unsafe-eval', or `blob:` in worker-src, must fail, so the stated
// policy is also the minimal one.
// And the shipped JavaScript has no eval, no `new Function`, and no network call except the
// documented `fetch` of the .wasm by the 'rocada/async' entry.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import { join, extname, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { packedApp, chromiumPath } from './support/packed.mjs';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

let ctx;
let browser;
const servers = [];

/** Serves `files(path)` (a function returning a body and headers) on a free port. */
function serve(handler) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const { body, headers } = await handler(path);
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

/** The policy a page embedding Rocada from `cdn` needs (README, "Security"). */
export const policy = (cdn, { wasm = true, blob = true, cdnWorker = true } = {}) =>
  [
    "default-src 'none'",
    `script-src 'self' ${cdn}${wasm ? " 'wasm-unsafe-eval'" : ''}`,
    `worker-src 'self'${blob ? ' blob:' : ''}${cdnWorker ? ` ${cdn}` : ''}`,
    "style-src 'none'",
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

let cdn;
let site;

before(async () => {
  ctx = packedApp('rocada-embed-');
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const pkg = join(ctx.app, 'node_modules/rocada');
  // The CDN: the package's files, served cross-origin with CORS (as unpkg or jsDelivr do).
  cdn = await serve(async (path) => {
    const file = join(pkg, path);
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    return {
      body: await readFile(file),
      headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' },
    };
  });
  // The site: a page (no inline script), a classic script that records CSP violations from
  // the start, and the page's module; the page's name picks the policy.
  site = await serve(async (path) => {
    if (path === '/watch.js') {
      return {
        headers: { 'content-type': 'text/javascript' },
        body: `globalThis.violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective + ' ' + e.blockedURI));
`,
      };
    }
    if (path === '/main.js') {
      return {
        headers: { 'content-type': 'text/javascript' },
        body: `import { Chess, ChessError, parsePgn, Clock, Engine } from '${cdn}/index.js';
const out = document.getElementById('out');
const chess = new Chess();
chess.move('e4');
let code = null;
try { chess.move('Ke3'); } catch (e) { code = e instanceof ChessError ? e.code : String(e); }
const result = {
  moves: chess.moves().length,
  perft: new Chess().perft(3),
  code,
  pgn: parsePgn('1. e4 e5 2. Nf3 *')[0].mainline().length,
  clock: new Clock('3+2').remaining('w'),
};
try {
  const engine = await Engine.create({ hashMb: 1 });
  const found = await engine.bestMove('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', { depth: 4 });
  result.engine = found.san;
  engine.terminate();
} catch (e) {
  result.engine = e instanceof ChessError ? e.code : String(e);
}
result.violations = violations;
out.textContent = JSON.stringify(result);
out.dataset.state = 'done';
`,
      };
    }
    const wasm = !path.includes('no-wasm');
    const blob = !path.includes('no-blob');
    const cdnWorker = !path.includes('no-cdn-worker');
    return {
      headers: { 'content-type': 'text/html', 'content-security-policy': policy(cdn, { wasm, blob, cdnWorker }) },
      body: `<!doctype html><meta charset="utf-8"><title>embedded</title><script src="/watch.js"></script><pre id="out"></pre><script type="module" src="/main.js"></script>\n`,
    };
  });
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
  ctx?.cleanup();
});

/**
 * Opens `url`; returns what the page wrote, its console errors, its requests and the failed ones
 * (those of the Engine's worker included: a request its policy blocks fails with `csp`).
 */
async function visit(url) {
  const page = await browser.newPage();
  const errors = [];
  const requests = [];
  const failed = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('out')?.dataset.state === 'done' || performance.now() > 15_000, null, {
    timeout: 30_000,
    polling: 100,
  });
  const text = await page.locator('#out').textContent();
  const state = await page.locator('#out').getAttribute('data-state');
  await page.close();
  return { state, text, errors, requests, failed };
}

test('a page with a strict CSP loads the package from a cross-origin CDN path, plays, and runs an Engine', async () => {
  const { state, text, errors, requests, failed } = await visit(`${site}/page.html`);
  assert.equal(state, 'done', `${text} ${errors.join('\n')}`);
  const result = { moves: 20, perft: 8902, code: 'illegal-move', pgn: 3, clock: 180_000, engine: 'Rd8#', violations: [] };
  assert.deepEqual(JSON.parse(text), result, 'the engine found the mate in its worker; no securitypolicyviolation event');
  assert.deepEqual(errors, [], 'no console errors, no CSP violations');
  assert.deepEqual(failed, [], 'no request failed or was blocked, in the page or its worker');
  // Nothing but the page, its two scripts and the package's own files (the Engine's worker,
  // a blob: of the page's origin, imports its script from the CDN).
  const own = ['/page.html', '/watch.js', '/main.js'].map((p) => `${site}${p}`);
  const foreign = requests.filter((u) => !own.includes(u) && !u.startsWith(`${cdn}/`) && !u.startsWith(`blob:${site}/`));
  assert.deepEqual(foreign, [], 'no request outside the site and the CDN');
  assert.ok(requests.includes(`${cdn}/engine-worker.js`), `the worker script came from the CDN: ${requests.join(' ')}`);
  const fromCdn = requests.filter((u) => u.startsWith(`${cdn}/`)).map((u) => u.slice(cdn.length + 1));
  const shipped = new Set(JSON.parse(readFileSync(join(ctx.app, 'node_modules/rocada/package.json'), 'utf8')).files);
  for (const f of fromCdn) assert.ok(shipped.has(f), `${f} is a package file`);
});

test("without 'wasm-unsafe-eval' the module cannot compile: the stated policy is the minimal one", async () => {
  const { state, errors } = await visit(`${site}/no-wasm.html`);
  assert.notEqual(state, 'done');
  assert.ok(
    errors.some((e) => /WebAssembly|wasm-unsafe-eval|Content Security Policy/i.test(e)),
    `a clear error: ${errors.join('\n')}`,
  );
});

test('without blob: in worker-src the Engine cannot start its worker: Engine.create rejects with engine-crashed', async () => {
  const { state, text, errors } = await visit(`${site}/no-blob.html`);
  assert.equal(state, 'done', `${text} ${errors.join('\n')}`);
  const { moves, engine, violations } = JSON.parse(text);
  assert.equal(moves, 20, 'the rest of the package works');
  assert.equal(engine, 'engine-crashed');
  assert.deepEqual(violations, ['worker-src blob']);
});

test("without the CDN in worker-src the worker cannot import its script (a module worker's imports are worker-src's)", async () => {
  const { state, text, failed } = await visit(`${site}/no-cdn-worker.html`);
  assert.equal(state, 'done', text);
  const { moves, engine } = JSON.parse(text);
  assert.equal(moves, 20, 'the rest of the package works');
  assert.equal(engine, 'engine-crashed');
  assert.deepEqual(failed, [`${cdn}/engine-worker.js csp`]);
});

test('the shipped JavaScript has no eval, no new Function, no network call but the documented .wasm fetch', () => {
  const dir = join(ctx.app, 'node_modules/rocada');
  const files = readdirSync(dir, { recursive: true }).filter((f) => /\.(m?js)$/.test(f));
  assert.ok(files.length >= 5, files.join(' '));
  for (const f of files) {
    // The code without its comments (which may mention fetch or eval).
    const text = readFileSync(join(dir, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    assert.doesNotMatch(text, /\beval\s*\(|new\s+Function\s*\(|\bFunction\s*\(\s*['"`]/, `${f}: no eval`);
    assert.doesNotMatch(text, /XMLHttpRequest|navigator\.sendBeacon|WebSocket\s*\(|EventSource\s*\(/, `${f}: no network`);
    const fetches = text.match(/\bfetch\s*\(/g) ?? [];
    // rocada_uci.js and rocada_engine.js are the same wasm-bindgen loader for the bin's module
    // (npx rocada-uci) and the engine's, which are instantiated with initSync from bytes (the
    // file, the inlined chunk): their fetch is never reached.
    if (fetches.length) assert.match(f, /^(rocada|rocada_uci|rocada_engine|async)\.js$/, `${f}: fetch only in the async entry's .wasm loader`);
  }
});

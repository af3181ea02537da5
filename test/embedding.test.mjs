// Safe embedding: the packed package loaded in headless Chromium from a second, CDN-like
// origin into a page with a strict Content Security Policy, the exact policy the README
// states (no 'unsafe-eval', no 'unsafe-inline'; 'wasm-unsafe-eval' for the module). The page
// may reach nothing but the package files: every request is recorded. A control page whose
// policy lacks 'wasm-unsafe-eval' must fail, so the stated policy is also the minimal one.
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
export const policy = (cdn, { wasm = true } = {}) =>
  [
    "default-src 'none'",
    `script-src 'self' ${cdn}${wasm ? " 'wasm-unsafe-eval'" : ''}`,
    `worker-src 'self' ${cdn}`,
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
  // The site: a page (no inline script) and its module, under the policy given by ?policy=.
  site = await serve(async (path) => {
    if (path === '/main.js') {
      return {
        headers: { 'content-type': 'text/javascript' },
        body: `import { Chess, ChessError, parsePgn, Clock } from '${cdn}/index.js';
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
out.textContent = JSON.stringify(result);
out.dataset.state = 'done';
`,
      };
    }
    const wasm = !path.includes('no-wasm');
    return {
      headers: { 'content-type': 'text/html', 'content-security-policy': policy(cdn, { wasm }) },
      body: `<!doctype html><meta charset="utf-8"><title>embedded</title><pre id="out"></pre><script type="module" src="/main.js"></script>\n`,
    };
  });
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
  ctx?.cleanup();
});

/** Opens `url`; returns what the page wrote, its console errors, CSP violations and requests. */
async function visit(url) {
  const page = await browser.newPage();
  const errors = [];
  const requests = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('out')?.dataset.state === 'done' || performance.now() > 15_000, null, {
    timeout: 30_000,
    polling: 100,
  });
  const text = await page.locator('#out').textContent();
  const state = await page.locator('#out').getAttribute('data-state');
  await page.close();
  return { state, text, errors, requests };
}

test('a page with a strict CSP loads the package from a cross-origin CDN path and plays', async () => {
  const { state, text, errors, requests } = await visit(`${site}/page.html`);
  assert.equal(state, 'done', `${text} ${errors.join('\n')}`);
  assert.deepEqual(JSON.parse(text), { moves: 20, perft: 8902, code: 'illegal-move', pgn: 3, clock: 180_000 });
  assert.deepEqual(errors, [], 'no console errors, no CSP violations');
  // Nothing but the page, its module and the package's own files.
  const foreign = requests.filter((u) => !u.startsWith(`${site}/`) && !u.startsWith(`${cdn}/`));
  assert.deepEqual(foreign, [], 'no request outside the site and the CDN');
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
    if (fetches.length) assert.match(f, /^(rocada|async)\.js$/, `${f}: fetch only in the async entry's .wasm loader`);
  }
});

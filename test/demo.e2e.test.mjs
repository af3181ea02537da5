// The demo page (www/) in headless Chromium, served by the Vite dev server as `npm start`
// serves it: the page loads the wasm package, lists moves, reports a bad FEN, runs perft.
// Needs Debian's chromium (scripts/bootstrap.sh installs it). Leaves a screenshot in
// target/demo.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

let server;
let browser;
let page;
const problems = []; // console errors and uncaught exceptions in the page

function chromiumPath() {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('chromium is not installed: run scripts/bootstrap.sh');
  }
}

before(async () => {
  server = await createServer({
    root: join(root, 'www'),
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  const url = server.resolvedUrls.local[0];
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the start position lists 20 legal moves', async () => {
  assert.equal(await page.locator('#moves li').count(), 20);
  assert.match(await page.locator('#status').textContent(), /White to move/);
});

test('loading a FEN lists its moves; a bad FEN shows the error code', async () => {
  await page.fill('#fen', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  await page.press('#fen', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 48);
  assert.equal(await page.locator('#moves li.castle').count(), 2);

  await page.fill('#fen', 'not a fen');
  await page.click('#load');
  await page.waitForSelector('#status[data-code="invalid-fen"]');
  assert.match(await page.locator('#status').textContent(), /^invalid-fen: invalid FEN/);
  // The previous position stays loaded.
  assert.equal(await page.locator('#moves li').count(), 48);
});

test('Chess960 castling is shown king-onto-rook', async () => {
  await page.fill('#fen', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  await page.check('#chess960');
  await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('Chess960'));
  const castles = await page.locator('#moves li.castle').allTextContents();
  assert.deepEqual(castles.sort(), ['e1a1', 'e1h1']);
  await page.uncheck('#chess960');
});

test('perft runs and reports its timing', async () => {
  await page.fill('#fen', '');
  await page.press('#fen', 'Enter');
  await page.selectOption('#depth', '3');
  await page.click('#perft');
  await page.waitForSelector('#perft-out[data-state="done"]');
  assert.equal(await page.locator('#perft-out').getAttribute('data-nodes'), '8902');
  assert.match(await page.locator('#perft-out').textContent(), /^perft\(3\) = 8,902 in [\d.]+ ms/);
  mkdirSync(join(root, 'target'), { recursive: true });
  await page.screenshot({ path: join(root, 'target', 'demo.png'), fullPage: true });
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});

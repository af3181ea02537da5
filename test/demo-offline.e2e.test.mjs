// The built demo page (`vite build www`, served by `vite preview`) in headless Chromium:
// page weight and time to interactive on a first visit, main-thread long tasks while the
// engine thinks, installability (manifest + service worker), and a reload with the network
// cut that still plays a game against the engine. Prints the figures as `# ...` lines.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';
import { chromiumPath } from './support/packed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const www = join(root, 'www');
const shots = join(root, 'target', 'screenshots');

let outDir;
let server;
let profile;
let context;
let page;
let url;
const problems = [];
/** Every response of the first visit: url, bytes on the wire (headers + body), gzip -9 size of the body. */
const firstVisit = [];

before(async () => {
  mkdirSync(join(root, 'target'), { recursive: true });
  outDir = mkdtempSync(join(root, 'target', 'www-dist-'));
  await build({ root: www, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  server = await preview({ root: www, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
  url = server.resolvedUrls.local[0];
  // A persistent (not incognito) profile: Chromium judges installability only there.
  profile = mkdtempSync(join(root, 'target', 'www-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: ['--no-sandbox'],
    viewport: { width: 1280, height: 800 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  // Long tasks (> 50 ms) of the main thread, from the very start.
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    const sizes = await request.sizes();
    const body = await response.body().catch(() => Buffer.alloc(0));
    firstVisit.push({ url: request.url(), wire: sizes.responseHeadersSize + sizes.responseBodySize, gzip: gzipSync(body, { level: 9 }).length });
  });
});

after(async () => {
  await context?.close();
  await server?.close();
  for (const dir of [outDir, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('first visit: page weight and time to interactive', async () => {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  const tti = await page.evaluate(() => performance.getEntriesByName('rocada-ready')[0].startTime);
  // The engine's worker starts right after: count it too.
  await page.waitForLoadState('networkidle');
  const wire = firstVisit.reduce((s, r) => s + r.wire, 0);
  const gzip = firstVisit.reduce((s, r) => s + r.gzip, 0);
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks.map((t) => t.duration)));
  console.log(`# first visit: ${firstVisit.length} requests, ${wire} bytes transferred (headers + bodies as vite preview sends them), ${gzip} bytes of bodies at gzip -9`);
  for (const r of firstVisit) console.log(`#   ${r.wire.toString().padStart(8)} ${r.gzip.toString().padStart(8)}  ${r.url.replace(url, '/')}`);
  console.log(`# time to interactive (board ready for moves): ${tti.toFixed(0)} ms; longest main-thread task during load: ${longest.toFixed(0)} ms`);
  assert.ok(tti < 10_000);
  assert.ok(wire > 0);
});

test('installable: manifest and a service worker that controls the page', async () => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]').href)).json());
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
});

/** Main-thread tasks over 50 ms that started between `a` and `b` (performance.now() times). */
function longTasks(a, b) {
  return page.evaluate(([from, to]) => window.__longTasks.filter((t) => t.start >= from && t.start <= to), [a, b]);
}

const now = () => page.evaluate(() => performance.now());

// On a machine shared with other jobs an idle page still sees the odd task stretched past
// 50 ms by the scheduler, so each measurement is taken three times: at least one window must
// be clean, and no task may come near the engine's thinking time (a search on the main thread
// would be one task of that length).
const fmt = (tasks) => (tasks.length ? tasks.map((t) => `${t.duration.toFixed(0)} ms`).join(', ') : 'none');

test('no main-thread task over 50 ms while the engine thinks (Play at level 20, then Analyse)', async () => {
  await page.selectOption('#play-level', '20');
  await page.check('input[name="colour"][value="b"]');
  await page.selectOption('#play-tc', '');
  const start = await now();
  await page.click('#play-start');
  const playing = [];
  for (let i = 0; i < 3; i++) {
    await page.waitForSelector('#play-status:has-text("thinking")');
    const t0 = await now();
    if (i === 0) console.log(`# starting the game (main thread, before the engine thinks): tasks over 50 ms: ${fmt(await longTasks(start, t0))}`);
    await page.waitForSelector('#play-status:has-text("Your move")', { timeout: 30_000 });
    const t1 = await now();
    playing.push(await longTasks(t0, t1));
    console.log(`# Play, level 20, engine move ${i + 1}: thought ${(t1 - t0).toFixed(0)} ms; main-thread tasks over 50 ms meanwhile: ${fmt(playing[i])}`);
    if (i < 2) {
      // Any legal move of ours (Black), through the board.
      const from = await page.$$eval('[data-piece^="b"]', (els) => els.map((e) => e.dataset.square));
      for (const sq of from) {
        await page.click(`[data-square="${sq}"]`);
        const dest = await page.$$eval('.sq.dest', (els) => els.map((e) => e.dataset.square));
        if (dest.length) {
          await page.click(`[data-square="${dest[0]}"]`);
          break;
        }
      }
    }
  }

  await page.click('#tab-analyse');
  await page.click('#an-toggle');
  await page.waitForSelector('#an-lines li');
  const analysing = [];
  for (let i = 0; i < 3; i++) {
    const t2 = await now();
    await page.waitForTimeout(2000);
    analysing.push(await longTasks(t2, await now()));
  }
  const depth = await page.locator('#an-lines li .depth').first().textContent();
  console.log(`# Analyse, 3 lines, three windows of 2 s (reached ${depth}): main-thread tasks over 50 ms: ${analysing.map(fmt).join(' | ')}`);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'analyse-engine-desktop.png') });
  await page.click('#an-toggle');
  await page.click('#tab-play');
  for (const runs of [playing, analysing]) {
    assert.ok(runs.some((r) => r.length === 0), 'a window with no task over 50 ms');
    assert.ok(runs.flat().every((t) => t.duration < 250), 'no task near the thinking time');
  }
});

test('reload with the network cut: the page and the engine still work', async () => {
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.selectOption('#play-level', '1');
  await page.check('input[name="colour"][value="w"]');
  await page.click('#play-start');
  await page.click('[data-square="e2"]');
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => document.querySelectorAll('#play-moves li')[0]?.textContent?.split(' ').length === 2, null, { timeout: 30_000 });
  assert.match(await page.locator('#play-status').textContent(), /Your move/);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'offline-play-desktop.png') });
  await context.setOffline(false);
});

test('no console errors (built page)', () => {
  assert.deepEqual(problems, []);
});

// What the browser tests share: Debian's Chromium launched headless through playwright-core,
// a static file server for a folder, the page errors a test must see none of, and a visit to
// a test page that reports through `#out` (text, and data-state "done" or "error").
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, extname, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from './packed.mjs';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** The options every test starts Chromium with (for `launch` and `launchPersistentContext`). */
export function chromiumOptions() {
  return { executablePath: chromiumPath(), args: ['--no-sandbox'] };
}

/** Headless Chromium. */
export function launchChromium() {
  return chromium.launch(chromiumOptions());
}

/**
 * Serves the files of `dir` (a folder's `index.html` for the folder) on a free port of
 * 127.0.0.1; resolves to `{ url, close }`, `url` ending in `/`.
 */
export function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })),
  );
}

/** Records into `problems` the page's console errors, uncaught exceptions and HTTP errors (400 and up). */
export function watchProblems(page, problems) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
}

/** Opens `url` in a new page of `browser`, waits for `#out[data-state]`; resolves to `{ state, text, problems }`. */
export async function visitOut(browser, url, timeout = 60_000) {
  const page = await browser.newPage();
  const problems = [];
  watchProblems(page, problems);
  await page.goto(url);
  await page.waitForSelector('#out[data-state]', { timeout });
  const state = await page.locator('#out').getAttribute('data-state');
  const text = await page.locator('#out').textContent();
  await page.close();
  return { state, text, problems };
}

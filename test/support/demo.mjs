// The demo page (www/) for the end-to-end tests: the Vite dev server as `npm start` serves it,
// headless Chromium, fresh pages, screenshots once the board has stopped moving, and the probe
// that tells a long main-thread task of the page from a stall of the whole machine.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { launchChromium, watchProblems } from './browser.mjs';
import { root } from './packed.mjs';

/** Where the screenshots go (not committed). */
export const shots = join(root, 'target', 'screenshots');

/** A gap in the probe worker's 5 ms timer loop longer than this is a stall of the machine. */
export const PROBE_STALL_MS = 25;

/**
 * Starts the dev server and Chromium. `problems` collects the console errors and uncaught
 * exceptions of every page `open()` makes. `close()` stops both.
 */
export async function startDemo(problems) {
  const server = await createServer({
    root: join(root, 'www'),
    logLevel: 'silent',
    // No reloads when files change (other work may rebuild pkg/ while the tests run).
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const url = server.resolvedUrls.local[0];
  const browser = await launchChromium();
  return {
    url,
    browser,
    /** A fresh page (own storage, unless `context` is given) at `width` x `height`, in `lang`, at `hash`, ready to use. */
    async open({ width = 1280, height = 800, lang = 'en', hash = '', context } = {}) {
      const ctx = context ?? (await browser.newContext({ viewport: { width, height }, locale: lang }));
      const page = await ctx.newPage();
      watchProblems(page, problems);
      await page.goto(url + hash);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** A screenshot of `page` named `name`, taken once the board's slides (its animations) have ended. */
export async function shoot(page, name) {
  mkdirSync(shots, { recursive: true });
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/**
 * Run in the page (`page.addInitScript(installProbe, PROBE_STALL_MS)` from the start, or
 * `page.evaluate` later): records main-thread tasks over 50 ms in `window.__longTasks`, and
 * starts a worker whose 5 ms timer loop records when it was itself held up;
 * `window.__probeStalls()` resolves with those stalls in the page's `performance.now()` time.
 */
export function installProbe(stallMs) {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const probe = `let last = performance.timeOrigin + performance.now();
    const stalls = [];
    (function tick() {
      const now = performance.timeOrigin + performance.now();
      if (now - last > ${stallMs}) stalls.push([last, now]);
      last = now;
      setTimeout(tick, 5);
    })();
    onmessage = () => postMessage(stalls);`;
  const worker = new Worker(URL.createObjectURL(new Blob([probe], { type: 'text/javascript' })));
  window.__probeStalls = () =>
    new Promise((resolve) => {
      worker.onmessage = (e) => resolve(e.data.map(([a, b]) => [a - performance.timeOrigin, b - performance.timeOrigin]));
      worker.postMessage(null);
    });
}

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
 * How much each part of `square` changes on the screen (the sum of the RGB differences) when
 * `act` runs: the middle of each side (4% in from it), a corner and the centre. The pixels are
 * read back from Playwright's screenshots by the page's own canvas.
 */
export async function markChange(page, square, act) {
  const cell = page.locator(`[data-square="${square}"]`);
  const before = (await cell.screenshot()).toString('base64');
  await act();
  const after = (await cell.screenshot()).toString('base64');
  return page.evaluate(async ([a, b]) => {
    const pixels = async (png) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const g = new OffscreenCanvas(img.width, img.height).getContext('2d');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height);
    };
    const [x, y] = [await pixels(a), await pixels(b)];
    const at = (d, fx, fy) => (Math.round(fy * (d.height - 1)) * d.width + Math.round(fx * (d.width - 1))) * 4;
    const points = { top: [0.5, 0.04], bottom: [0.5, 0.96], left: [0.04, 0.5], right: [0.96, 0.5], corner: [0.04, 0.04], centre: [0.5, 0.5] };
    return Object.fromEntries(
      Object.entries(points).map(([name, [fx, fy]]) => {
        const i = at(x, fx, fy);
        return [name, [0, 1, 2].reduce((sum, c) => sum + Math.abs(x.data[i + c] - y.data[i + c]), 0)];
      }),
    );
  }, [before, after]);
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

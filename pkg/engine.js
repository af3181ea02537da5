// `Engine` in browsers and bundlers (the package's default entries): the search runs in a
// module Web Worker, engine-worker.js. Vite and webpack 5 find that file through the
// `new Worker(new URL(...), ...)` below and bundle it; `Engine.create({ workerUrl })` names
// another script (one that imports 'rocada/engine-worker') for setups that cannot.
//
// A page cannot start a worker from another origin's script (the package on a CDN): then the
// worker is a one-line `blob:` script of the page's origin that imports the worker script
// (which the CDN serves with CORS, as it does the package). It needs `blob:` in the page's
// `worker-src` (README, "Security"); a same-origin worker script is started directly.
import { ChessError } from './chess_error.js';
import { defineEngine } from './engine-base.js';

/** The worker script's name next to this file (not a literal in `new URL`: bundlers would copy it as an asset). */
const WORKER_SCRIPT = './engine-worker.js';
/** Bootstrap `blob:` URLs by worker script URL, made once each and kept for the page's life. */
const bootstraps = new Map();

/** Whether `url` is an http(s) URL of another origin than this page's (or worker's). */
function crossOrigin(url) {
  const here = globalThis.location;
  return here !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== here.origin;
}

/** A module worker of this origin running the module script at `url` (of another origin). */
function bootstrapWorker(url) {
  let bootstrap = bootstraps.get(url.href);
  if (bootstrap === undefined) {
    bootstrap = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
    bootstraps.set(url.href, bootstrap);
  }
  return new Worker(bootstrap, { type: 'module' });
}

function startWorker(workerUrl) {
  if (workerUrl === undefined) {
    return crossOrigin(new URL(import.meta.url))
      ? bootstrapWorker(new URL(WORKER_SCRIPT, import.meta.url))
      : new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  }
  const here = globalThis.location;
  const url = here && new URL(workerUrl, here.href);
  return url && crossOrigin(url) ? bootstrapWorker(url) : new Worker(workerUrl, { type: 'module' });
}

export const Engine = defineEngine((workerUrl, events) => {
  if (typeof Worker !== 'function') {
    const message = 'Web Workers are not available here; use Engine.create({ worker: false })';
    throw new ChessError('invalid-option', `invalid option worker: ${message}`, { option: 'worker', message });
  }
  const worker = startWorker(workerUrl);
  worker.addEventListener('message', (event) => events.message(event.data));
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    events.failure(event.message || 'the engine worker failed to load or threw');
  });
  worker.addEventListener('messageerror', () => events.failure('a reply of the engine worker could not be read'));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    ref() {},
    unref() {},
  };
});

// `Engine` in browsers and bundlers (the package's default entries): the search runs in a
// module Web Worker, engine-worker.js. Vite and webpack 5 find that file through the
// `new Worker(new URL(...), ...)` below and bundle it; `Engine.create({ workerUrl })` names
// another script (one that imports 'rocada/engine-worker') for setups that cannot.
import { ChessError } from './chess_error.js';
import { defineEngine } from './engine-base.js';

export const Engine = defineEngine((workerUrl, events) => {
  if (typeof Worker !== 'function') {
    const message = 'Web Workers are not available here; use Engine.create({ worker: false })';
    throw new ChessError('invalid-option', `invalid option worker: ${message}`, { option: 'worker', message });
  }
  const worker =
    workerUrl === undefined
      ? new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' })
      : new Worker(workerUrl, { type: 'module' });
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

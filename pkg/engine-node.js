// `Engine` in Node (the `node` entry, node.js): the search runs in a worker thread,
// engine-worker-node.js. The thread is unreferenced while the engine is idle, so an engine
// that is never terminated does not keep the process alive.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { defineEngine, simd128 } from './engine-base.js';

/** The engine's .wasm: the simd128 build (Node has WebAssembly SIMD), else the scalar one. */
export function engineBytes() {
  return readFileSync(new URL(simd128 ? './rocada_engine_simd_bg.wasm' : './rocada_engine_bg.wasm', import.meta.url));
}

export const Engine = defineEngine((workerUrl, events) => {
  // No inherited flags: some refuse a worker (`--input-type`, as in `node --input-type=module
  // -e ...`), and the worker needs none.
  const worker = new Worker(workerUrl ?? new URL('./engine-worker-node.js', import.meta.url), { execArgv: [] });
  worker.on('message', events.message);
  worker.on('error', (error) => events.failure(error?.message ?? String(error)));
  worker.on('messageerror', () => events.failure('a reply of the engine worker could not be read'));
  worker.on('exit', (code) => events.failure(`the engine worker exited (code ${code})`));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}, engineBytes);

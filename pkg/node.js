// Entry point for Node (the `node` export condition). Node's fetch() cannot read file: URLs,
// so the wasm module is compiled synchronously from disk at import time; `await init()`
// is then a no-op, and code written for browsers runs unchanged.
import { readFileSync } from 'node:fs';
import { initSync } from './rocada.js';

initSync({ module: readFileSync(new URL('./rocada_bg.wasm', import.meta.url)) });

export * from './rocada.js';
export { default } from './rocada.js';
export { ChessError } from './chess_error.js';

// Entry point for Node (the `node` export condition), for both `rocada` and `rocada/async`.
// Node's fetch() cannot read file: URLs, so the wasm module is compiled synchronously from
// disk at import time; `await init()` is then a no-op, and code written for browsers runs
// unchanged.
import { readFileSync } from 'node:fs';
import { initSync } from './rocada.js';
import './extend.js';

initSync({ module: readFileSync(new URL('./rocada_bg.wasm', import.meta.url)) });

export * from './rocada.js';
export { default } from './rocada.js';
export * from './objects.js';
export { ChessError } from './chess_error.js';
export { Engine } from './engine-node.js';

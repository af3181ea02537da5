// Entry point for Node (the `node` export condition), for both `rocada` and `rocada/async`.
// Node's fetch() cannot read file: URLs, so the wasm module is compiled synchronously from
// disk at import time; `await init()` is then a no-op, and code written for browsers runs
// unchanged. The exports are those of index.js, and `EngineCore` (the engine's synchronous
// core behind `Engine`, from the engine's module, also compiled here: untyped, not for apps).
import { readFileSync } from 'node:fs';
import { initSync } from './rocada.js';
import { initSync as initEngine } from './rocada_engine.js';
import { engineBytes } from './engine-node.js';
import './extend.js';

initSync({ module: readFileSync(new URL('./rocada_bg.wasm', import.meta.url)) });
initEngine({ module: engineBytes() });

export { default, initSync, Chess, Clock, PgnGame, PgnReader, parsePgn, validateFen } from './rocada.js';
export { EngineCore } from './rocada_engine.js';
export { Move, SQUARES, DEFAULT_POSITION, SEVEN_TAG_ROSTER, SUFFIX_LIST, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING } from './objects.js';
export { ChessError } from './chess_error.js';
export { Engine } from './engine-node.js';

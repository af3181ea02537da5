// `rocada/async`: the same API without the inlined bytes. Call `await init()` once before
// anything else: it fetches and compiles rocada_bg.wasm next to this file (streaming), which
// saves a third of the download and lets a page and its workers share one cached .wasm.
import './extend.js';
import initWasm from './rocada.js';

export { initSync, Chess, Clock, PgnGame, PgnReader, parsePgn, validateFen } from './rocada.js';
export { Move, SQUARES, DEFAULT_POSITION, SEVEN_TAG_ROSTER, SUFFIX_LIST, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING } from './objects.js';
export { ChessError } from './chess_error.js';
export { Engine } from './engine.js';

/**
 * Fetches and compiles the module (streaming), once: rocada_bg.wasm next to this file, or what
 * `options.module_or_path` gives (an address, a Response, bytes or a compiled module), as
 * wasm-bindgen's `init()`, which this wraps (the default address is named here only, so that
 * the default entry, which inlines its bytes, names no .wasm file a bundler would copy).
 */
export default function init(options) {
  const plain = options !== null && typeof options === 'object' && Object.getPrototypeOf(options) === Object.prototype;
  const given = plain ? options.module_or_path : options;
  return initWasm({ module_or_path: given ?? new URL('./rocada_bg.wasm', import.meta.url) });
}

// `rocada/async`: the same API without the inlined bytes. Call `await init()` once before
// anything else: it fetches and compiles rocada_bg.wasm next to this file (streaming), which
// saves a third of the download and lets a page and its workers share one cached .wasm.
import './extend.js';

export { default, initSync, Chess, Clock, PgnGame, PgnReader, parsePgn, validateFen } from './rocada.js';
export { Move, SQUARES, DEFAULT_POSITION, SEVEN_TAG_ROSTER, SUFFIX_LIST, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING } from './objects.js';
export { ChessError } from './chess_error.js';
export { Engine } from './engine.js';

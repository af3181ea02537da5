// The engine's side of `Engine` (engine-base.js): answers its requests on the thread that
// runs the searches, which is a Web Worker (engine-worker.js), a Node worker thread
// (engine-worker-node.js), or the caller's own thread (`Engine.create({ worker: false })`).
//
// Requests: { type: 'init', module?, hashMb, net? } (`module`: the caller's compiled
// WebAssembly.Module of rocada_engine_bg.wasm, so a worker downloads and compiles nothing;
// `net`: a learned evaluation's file, a Uint8Array; null: the hand-written evaluation alone;
// absent: the built-in net), { type: 'go', id, fen,
// chess960, moves, limits }, { type: 'newGame' }, { type: 'quit' } (frees the search and its
// table: terminate() of an engine on the caller's thread, whose memory would otherwise wait for
// the garbage collector; a worker is terminated instead).
// Replies, through `post`: { type: 'ready' }, { type: 'info', id, info } (each report),
// { type: 'done', id, result }, { type: 'error', id, error: { code, message, detail } } (a
// ChessError), { type: 'crash', id, message } (anything else: a wasm trap leaves the instance
// unusable, so the caller replaces the worker).
import { initSync, EngineCore } from './rocada_engine.js';
import { ChessError } from './chess_error.js';

/** Returns the request handler; `post` sends a reply. */
export function serve(post) {
  let core;
  return (request) => {
    try {
      if (request.type === 'init') {
        if (request.module) initSync({ module: request.module });
        core = new EngineCore(request.hashMb);
        if (request.net !== undefined) core.setNet(request.net);
        post({ type: 'ready' });
      } else if (request.type === 'go') {
        const { id, fen, chess960, moves, limits } = request;
        const result = core.go(fen, chess960, moves, limits, (info) => post({ type: 'info', id, info }));
        post({ type: 'done', id, result });
      } else if (request.type === 'newGame') {
        core.newGame();
      } else if (request.type === 'quit') {
        core?.free();
        core = undefined;
      }
    } catch (e) {
      if (e instanceof ChessError) {
        post({ type: 'error', id: request.id, error: { code: e.code, message: e.message, detail: e.detail } });
      } else {
        post({ type: 'crash', id: request.id, message: String(e?.message ?? e) });
      }
    }
  };
}

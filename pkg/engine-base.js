// `Engine`: the search (src/wasm/engine.rs) behind promises, in a Web Worker in browsers, a
// worker thread in Node, or on the caller's thread (`worker: false`). engine.js (browsers and
// bundlers) and engine-node.js (Node) say how to start a worker; engine-serve.js is the
// worker's side. Types and documentation: engine.d.ts.
//
// Stopping without SharedArrayBuffer: a worker inside a search is busy until the search
// returns, and no message or flag from another thread reaches it (a shared flag would need
// SharedArrayBuffer, hence cross-origin isolation headers on every page). So `stop()`, an
// aborted `signal`, `newGame()` and a new search over a running one terminate the worker,
// settle at once with the best line the search last reported (it reports after each iteration
// and whenever the best move changes), and start a fresh worker. The cost is the
// transposition table, which the next search rebuilds. Searches that end by their own limits
// (depth, nodes, move time, clock) keep their worker.
//
// The search is the engine's own WebAssembly module (rocada_engine_bg.wasm), which a page that
// uses only the rules never downloads: the first `Engine.create()` loads it on this thread
// (through `loadModule`, which engine.js and engine-node.js give) and posts the compiled
// module to each worker, which compiles nothing.
import init, { levelElo } from './rocada.js';
import { initSync as initEngine, EngineCore, engineModule } from './rocada_engine.js';
import { ChessError } from './chess_error.js';
import { serve } from './engine-serve.js';
import { guard } from './extend.js';

guard(EngineCore);

/**
 * Whether this host runs WebAssembly SIMD (simd128): then the engine's simd128 build is
 * loaded, else its scalar build (the same search, slower with a learned evaluation). The probe
 * is a module of one function, `() -> v128`, whose body is `v128.const 0` (opcode 0xfd 0x0c
 * and 16 zero bytes).
 */
export const simd128 = WebAssembly.validate(
  new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b, 3, 2, 1, 0, 10, 22, 1, 20, 0, 0xfd, 0x0c, ...new Array(16).fill(0), 0x0b]),
);

const CREATING = Symbol('Engine.create');
/** `bestMove` with none of depth, nodes, movetimeMs, wtimeMs/btimeMs, infinite. */
const DEFAULT_MOVETIME_MS = 1000;
const DEFAULT_HASH_MB = 16;
const ENDING_LIMITS = ['depth', 'nodes', 'movetimeMs', 'wtimeMs', 'btimeMs', 'infinite'];

function optionError(option, message) {
  return new ChessError('invalid-option', `invalid option ${option}: ${message}`, { option, message });
}

function describe(value) {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'array';
  } catch {
    // a revoked Proxy
  }
  return typeof value;
}

/**
 * Runs `read`, which reads a caller's value; a JS exception it throws (a revoked Proxy, a
 * throwing getter or trap) becomes `invalid-argument` / `invalid-option` for `what`.
 */
function reading(what, option, read) {
  try {
    return read();
  } catch (e) {
    if (e instanceof ChessError) throw e;
    const message = 'it cannot be read (a getter or Proxy trap threw)';
    if (option) throw optionError(what, message);
    throw new ChessError('invalid-argument', `invalid argument ${what}: ${message}`, { argument: what, message });
  }
}

/**
 * The limits as plain values: a copy of the object, with `searchMoves` (an array) copied up to
 * its first item that is not a string (the wasm module refuses the list there), so that only
 * plain data is checked and posted to the worker.
 */
function plainLimits(limits) {
  return reading('limits', true, () => {
    const { signal, onInfo, ...rest } = optionsObject(limits, 'limits');
    const list = rest.searchMoves;
    if (Array.isArray(list)) {
      const copy = [];
      for (let i = 0, n = list.length >>> 0; i < n; i++) {
        const item = list[i];
        copy.push(item);
        if (typeof item !== 'string') break;
      }
      rest.searchMoves = copy;
    }
    return { signal, onInfo, rest };
  });
}

/** A plain options object, or `{}` for `undefined` / `null`. */
function optionsObject(value, what) {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw optionError(what, `expected an object, got ${describe(value)}`);
  return value;
}

/** `{ fen, chess960, moves }`: a FEN, or a Chess game's start position and moves (UCI). */
function positionOf(position) {
  if (typeof position === 'string') return { fen: position, chess960: false, moves: '' };
  if (position && typeof position.fen === 'function' && typeof position.history === 'function') {
    const history = position.history({ verbose: true });
    const p = {
      fen: history.length ? history[0].before : position.fen(),
      chess960: typeof position.isChess960 === 'function' && position.isChess960() === true,
      // chess.js's Move has `lan` (the same as UCI in standard chess), Rocada's has `uci`.
      moves: history.map((m) => m.uci ?? m.lan).join(' '),
    };
    if (typeof p.fen === 'string' && typeof p.moves === 'string') return p;
  }
  const message = `expected a FEN string or a Chess game, got ${describe(position)}`;
  throw new ChessError('invalid-argument', `invalid argument position: ${message}`, { argument: 'position', message });
}

function lifecycleError(code, message) {
  return new ChessError(code, message, { message });
}

/** The reports of one search: the latest for line 1, and the lines of the last completed iteration. */
class Reports {
  best = null;
  #batch = [];
  lines = [];

  add(info) {
    // After each iteration the lines arrive in order 1, 2, ...; between iterations only line 1.
    if (info.multiPv === 1) {
      this.best = info;
      this.#batch = [info];
    } else {
      this.#batch.push(info);
      this.lines = this.#batch.slice();
    }
  }
}

/** Calls a user callback; what it throws is rethrown outside the engine's bookkeeping. */
function notify(callback, value) {
  try {
    callback(value);
  } catch (e) {
    queueMicrotask(() => {
      throw e;
    });
  }
}

/**
 * The `Engine` class over `spawnWorker(workerUrl | undefined, { message, failure })`, which
 * starts a worker running engine-serve.js and returns `{ post, terminate, ref, unref }`, and
 * `loadModule()`, which gives (or resolves to) rocada_engine_bg.wasm, as bytes or compiled.
 */
export function defineEngine(spawnWorker, loadModule) {
  /** Settles when the engine's module is ready on this thread (the first create() starts it). */
  let loading = null;
  function loadEngine() {
    if (!loading) {
      loading = (async () => initEngine({ module: await loadModule() }))();
      // A failed load is tried again by the next create().
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  }

  /**
   * The one-ply search on this thread for a stop that comes before the first report, shared by
   * every engine (one per engine would hold its table, over a MiB of wasm memory that never
   * shrinks, until the engine is garbage-collected).
   */
  let quick = null;

  class Engine {
    #hashMb;
    /**
     * The learned evaluation, sent with every `init`: a net's file (a Uint8Array), undefined
     * for the built-in net, null for the hand-written evaluation alone.
     */
    #net;
    #workerUrl;
    #inThread;
    /** The running worker (or in-thread handler): `{ post, terminate, ref, unref, starting }`. */
    #port = null;
    /** Settles when `#port` has answered `init`. */
    #ready = null;
    #job = null;
    #nextId = 1;
    #terminated = false;

    constructor(token, options) {
      if (token !== CREATING) throw new TypeError('use `await Engine.create(options)`');
      this.#hashMb = options.hashMb;
      this.#net = options.net;
      this.#workerUrl = options.workerUrl;
      this.#inThread = !options.worker;
    }

    /** The approximate Elo of engine level `level` (1 to 20), for a page to show beside it. */
    static levelElo(level) {
      return levelElo(level);
    }

    static async create(options) {
      const o = reading('options', true, () => ({ ...optionsObject(options, 'options') }));
      for (const key of Object.keys(o)) {
        if (!['hashMb', 'net', 'worker', 'workerUrl'].includes(key)) {
          throw optionError(key, `unknown option ${JSON.stringify(key)}; the known ones are: hashMb, net, worker, workerUrl`);
        }
      }
      // A copy of the net's bytes, made now: the caller may change or transfer the buffer.
      const net = reading('net', true, () => {
        if (o.net === undefined || o.net === null) return o.net;
        if (o.net instanceof ArrayBuffer) return new Uint8Array(o.net.slice(0));
        if (ArrayBuffer.isView(o.net) && o.net instanceof Uint8Array) return new Uint8Array(o.net);
        throw optionError('net', `expected a Uint8Array or an ArrayBuffer, got ${describe(o.net)}`);
      });
      if (o.worker !== undefined && typeof o.worker !== 'boolean') throw optionError('worker', `expected a boolean, got ${describe(o.worker)}`);
      if (o.workerUrl !== undefined && typeof o.workerUrl !== 'string' && !(o.workerUrl instanceof URL)) {
        throw optionError('workerUrl', `expected a string or a URL, got ${describe(o.workerUrl)}`);
      }
      // 'rocada/async' before `init()`: load the module now (a no-op when it is loaded).
      await init();
      await loadEngine();
      const engine = new Engine(CREATING, { hashMb: o.hashMb ?? DEFAULT_HASH_MB, net, worker: o.worker ?? true, workerUrl: o.workerUrl });
      engine.#boot();
      await engine.#ready;
      return engine;
    }

    bestMove(position, limits) {
      try {
        return this.#start(position, limits, undefined, false).promise;
      } catch (e) {
        return Promise.reject(e);
      }
    }

    analyze(position, limits, onInfo) {
      // Its outcome is `result`, for every failure as for `bestMove` (a bad position or limit,
      // a finished game): nothing is thrown. An analysis watched only through `onInfo` must
      // not leave an unhandled rejection behind (a crash, terminate()).
      let job;
      try {
        job = this.#start(position, limits, onInfo, true);
      } catch (e) {
        const result = Promise.reject(e);
        result.catch(() => {});
        return { stop: () => Promise.resolve(undefined), result };
      }
      job.promise.catch(() => {});
      return { stop: () => this.#stop(job, false), result: job.promise };
    }

    stop() {
      return this.#job ? this.#stop(this.#job, false) : Promise.resolve(undefined);
    }

    newGame() {
      if (this.#terminated) throw lifecycleError('engine-terminated', 'the engine was terminated');
      if (this.#job) this.#stop(this.#job, false);
      if (!this.#port) this.#boot();
      this.#port.post({ type: 'newGame' });
    }

    terminate() {
      if (this.#terminated) return;
      this.#terminated = true;
      const port = this.#port;
      this.#port = null;
      if (port) {
        port.terminate();
        port.starting?.reject(lifecycleError('engine-terminated', 'the engine was terminated'));
      }
      if (this.#job) this.#settle(this.#job, (job) => job.reject(lifecycleError('engine-terminated', 'the engine was terminated')));
    }

    /** Starts a worker (or the in-thread handler) and sends it `init`. */
    #boot() {
      let port;
      const events = { message: (m) => this.#onMessage(port, m), failure: (text) => this.#onFailure(port, text) };
      if (this.#inThread) {
        const handle = serve(events.message);
        port = { post: handle, terminate: () => handle({ type: 'quit' }), ref() {}, unref() {} };
      } else {
        port = spawnWorker(this.#workerUrl, events);
      }
      this.#port = port;
      this.#ready = new Promise((resolve, reject) => {
        port.starting = { resolve, reject };
      });
      this.#ready.catch(() => {});
      port.ref();
      port.post({ type: 'init', module: this.#inThread ? undefined : engineModule(), hashMb: this.#hashMb, net: this.#net });
    }

    #onMessage(port, m) {
      if (port !== this.#port) return;
      if (m.type === 'ready') {
        port.starting?.resolve();
        port.starting = null;
        this.#idle();
        return;
      }
      if (m.type === 'crash') {
        this.#onFailure(port, m.message);
        return;
      }
      if (m.type === 'error' && port.starting) {
        this.#port = null;
        port.terminate();
        port.starting.reject(new ChessError(m.error.code, m.error.message, m.error.detail));
        return;
      }
      const job = this.#job;
      if (!job || job.id !== m.id) return;
      if (m.type === 'info') {
        job.reports.add(m.info);
        if (job.onInfo) notify(job.onInfo, m.info);
      } else if (m.type === 'done') {
        this.#settle(job, (j) => j.resolve(this.#withLines(j, m.result)));
      } else if (m.type === 'error') {
        this.#settle(job, (j) => j.reject(new ChessError(m.error.code, m.error.message, m.error.detail)));
      }
    }

    /** The worker died (a trap, an uncaught error, an exit): reject, and restart on the next call. */
    #onFailure(port, text) {
      if (port !== this.#port) return;
      this.#port = null;
      port.terminate();
      const error = new ChessError('engine-crashed', `the engine crashed: ${text}`, { message: String(text) });
      port.starting?.reject(error);
      if (this.#job) this.#settle(this.#job, (job) => job.reject(error));
    }

    #start(position, limits, onInfo, analysis) {
      if (this.#terminated) throw lifecycleError('engine-terminated', 'the engine was terminated');
      const { signal, onInfo: infoOption, rest } = plainLimits(limits);
      const callback = onInfo ?? infoOption;
      if (callback !== undefined && typeof callback !== 'function') throw optionError('onInfo', `expected a function, got ${describe(callback)}`);
      const isSignal = reading('signal', true, () => signal && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function');
      if (signal !== undefined && !isSignal) {
        throw optionError('signal', `expected an AbortSignal, got ${describe(signal)}`);
      }
      const request = reading('position', false, () => positionOf(position));
      const ends = ENDING_LIMITS.some((k) => rest[k] !== undefined && rest[k] !== null && rest[k] !== false);
      const sent = ends ? rest : { ...rest, ...(analysis ? { infinite: true } : { movetimeMs: DEFAULT_MOVETIME_MS }) };
      EngineCore.check(request.fen, request.chess960, request.moves, sent);
      if (this.#inThread && sent.infinite) {
        throw optionError('infinite', 'an infinite search needs a worker (this engine was created with worker: false)');
      }
      if (this.#job) this.#stop(this.#job, false);
      const job = { id: this.#nextId++, request: { ...request, limits: sent }, onInfo: callback, reports: new Reports(), multiPv: sent.multiPv ?? 1 };
      job.started = performance.now();
      job.promise = new Promise((resolve, reject) => {
        job.resolve = resolve;
        job.reject = reject;
      });
      this.#job = job;
      if (signal) {
        if (signal.aborted) {
          this.#settle(job, (j) => j.reject(signal.reason));
          return job;
        }
        // Not `() => this.#stop(...)`: Node reports a rejected promise returned by a listener.
        const onAbort = () => {
          this.#stop(job, true, signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.#send(job);
      return job;
    }

    async #send(job) {
      if (!this.#port) this.#boot();
      const port = this.#port;
      port.ref();
      try {
        await this.#ready;
      } catch {
        return; // #onFailure has rejected the job
      }
      if (job.done || port !== this.#port) return;
      job.posted = true;
      port.post({ type: 'go', id: job.id, ...job.request });
    }

    /** Ends `job` now with its best line so far (or rejects it with `reason` when `aborted`). */
    #stop(job, aborted, reason) {
      if (job.done) return job.promise;
      if (job.posted && !this.#inThread && this.#port) {
        this.#port.terminate();
        this.#port = null;
        // After this call returns: starting a Node worker blocks its caller for milliseconds.
        setTimeout(() => {
          if (!this.#port && !this.#terminated) this.#boot();
        }, 0);
      }
      if (aborted) this.#settle(job, (j) => j.reject(reason));
      else {
        const result = this.#bestSoFar(job);
        this.#settle(job, (j) => j.resolve(result));
      }
      return job.promise;
    }

    /** The result from the reports; before the first one, a one-ply search on this thread. */
    #bestSoFar(job) {
      if (!job.reports.best) {
        const { fen, chess960, moves, limits } = job.request;
        quick ??= new EngineCore(1);
        quick.newGame();
        quick.go(fen, chess960, moves, { depth: 1, multiPv: limits.multiPv, searchMoves: limits.searchMoves }, (info) => job.reports.add(info));
      }
      const info = job.reports.best;
      const timeMs = Math.round(performance.now() - job.started);
      const result = { move: info.pv[0], san: info.pvSan[0] };
      if (info.pv.length > 1) result.ponder = info.pv[1];
      Object.assign(result, {
        score: info.score,
        pv: info.pv,
        pvSan: info.pvSan,
        depth: info.depth,
        seldepth: info.seldepth,
        nodes: info.nodes,
        nps: Math.round((info.nodes * 1000) / Math.max(1, timeMs)),
        hashfull: info.hashfull,
        timeMs,
      });
      return this.#withLines(job, result);
    }

    #withLines(job, result) {
      if (job.multiPv > 1) result.lines = job.reports.lines.length ? job.reports.lines : [job.reports.best].filter(Boolean);
      return result;
    }

    #settle(job, how) {
      job.done = true;
      job.cleanup?.();
      if (this.#job === job) this.#job = null;
      this.#idle();
      how(job);
    }

    /** Lets Node exit while the engine has nothing to do. */
    #idle() {
      if (!this.#job && this.#port && !this.#port.starting) this.#port.unref();
    }
  }
  return Engine;
}

// Hostile values at the JS boundary, through the packed tarball. Every public method, getter,
// static method and constructor (enumerated from the prototypes, so a new method is covered
// without touching this file) is called with values a hostile caller would pass: revoked
// Proxies, Proxies whose every trap throws, throwing getters and iterators, array-like Proxies,
// sparse, huge and frozen arrays, throwing toString / valueOf / Symbol.toPrimitive, Symbols,
// BigInts, getters that call back into the same object (or free it), and freed and foreign
// receivers. Each call either succeeds or throws a ChessError whose code is in a fixed set, and
// the same object keeps working afterwards. Then 100,000 such calls in one instance: a fresh
// Chess still has its 20 moves and the wasm memory and externref table stay flat.
// Also here: the exports of every entry and condition are exactly the documented API, and no
// import of the wasm module that lets a JS exception through takes a caller's value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packedApp } from './support/packed.mjs';

const CALLS = Number(process.env.ROCADA_HOSTILE_CALLS ?? 100_000);
const MiB = 1024 * 1024;
Error.stackTraceLimit = 0;

let ctx;
let rocada;

before(async () => {
  ctx = packedApp('rocada-hostile-');
  rocada = await ctx.load();
});

after(() => ctx?.cleanup());

/** The codes a hostile argument may give (besides the code the call gives with no argument). */
const INPUT_CODES = new Set(['invalid-argument', 'invalid-option', 'invalid-fen', 'invalid-square', 'invalid-piece', 'object-busy']);
/** The codes of a freed or foreign receiver. */
const RECEIVER_CODES = new Set(['object-freed', 'invalid-receiver']);

const boom = () => {
  throw new Error('hostile');
};

/** Every trap of a Proxy, each throwing. */
const THROWING_TRAPS = Object.fromEntries(
  ['get', 'set', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'defineProperty', 'deleteProperty', 'getPrototypeOf', 'setPrototypeOf', 'isExtensible', 'preventExtensions', 'apply', 'construct'].map((t) => [t, boom]),
);

/** The option and field names any method reads, each as a throwing getter. */
const KEYS = ['verbose', 'square', 'piece', 'lang', 'figurine', 'strict', 'chess960', 'sandbox', 'touchMove', 'skipValidation', 'preserveHeaders', 'maxWidth', 'newline', 'newlineChar', 'from', 'to', 'promotion', 'type', 'color', 'now', 'length', '0'];

function revoked(target) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

function throwingGetters(base = {}) {
  for (const k of KEYS) {
    if (Object.getOwnPropertyDescriptor(base, k)?.configurable !== false) Object.defineProperty(base, k, { get: boom, enumerable: true, configurable: true });
  }
  return base;
}

/** The hostile values that need no target object: [name, make()] (made afresh for each call). */
const VALUES = [
  ['revoked Proxy', () => revoked({})],
  ['revoked array Proxy', () => revoked([])],
  ['revoked function Proxy', () => revoked(() => 0)],
  ['Proxy, every trap throws', () => new Proxy({}, THROWING_TRAPS)],
  ['array Proxy, every trap throws', () => new Proxy(['e2'], THROWING_TRAPS)],
  ['function Proxy, every trap throws', () => new Proxy(() => 0, THROWING_TRAPS)],
  ['throwing getters', () => throwingGetters()],
  ['throwing getters on the prototype', () => Object.create(throwingGetters())],
  ['array with a throwing element', () => throwingGetters(['e2', 'e4'])],
  ['array with a throwing iterator', () => Object.assign(['e2', 'e4'], { [Symbol.iterator]: boom })],
  ['array-like Proxy', () => new Proxy(['e2', 'e4'], { get: (t, k) => (k === 'length' ? 1e9 : k === '1' ? boom() : Reflect.get(t, k)) })],
  ['sparse array', () => [, , 'e2']], // eslint-disable-line no-sparse-arrays
  ['huge sparse array', () => Object.assign([], { length: 2 ** 32 - 1 })],
  ['frozen array', () => Object.freeze(['e2', 'e4'])],
  ['frozen object', () => Object.freeze({ from: 'e2', to: 'e4', verbose: true })],
  ['throwing toString', () => ({ toString: boom })],
  ['throwing valueOf', () => ({ valueOf: boom, toString: boom })],
  ['throwing Symbol.toPrimitive', () => ({ [Symbol.toPrimitive]: boom })],
  ['Symbol', () => Symbol('hostile')],
  ['BigInt', () => 2n ** 70n],
  ['symbol-keyed object', () => ({ [Symbol('verbose')]: true, [Symbol.toPrimitive]: boom })],
  ['null-prototype object with a throwing getter', () => Object.defineProperty(Object.create(null), 'lang', { get: boom, enumerable: true })],
  ['throwing function', () => boom],
];

/** Values that call back into `target` while being read (`target` is the object under test). */
function reentrant(target) {
  const call = (name, ...args) => {
    try {
      target?.[name]?.(...args);
    } catch (e) {
      if (!(e instanceof rocada.ChessError)) throw e;
      if (e.code !== 'object-busy' && !RECEIVER_CODES.has(e.code)) throw e;
    }
  };
  return [
    ['getter calling back', () => defineAll((k) => (call('fen'), call('move', 'e4'), k === 'lang' ? 'en' : undefined))],
    ['getter freeing the object', () => defineAll(() => call('free'))],
    ['getter calling back, rethrowing', () => defineAll(() => target?.moves?.())],
    ['Proxy calling back from every trap', () => new Proxy(['e2'], { get: (t, k) => (call('reset'), Reflect.get(t, k)), ownKeys: (t) => (call('undo'), Reflect.ownKeys(t)) })],
    ['now calling back', () => ({ now: () => (call('press'), call('remaining', 'w'), 5) })],
  ];
}

function defineAll(get) {
  const o = {};
  for (const k of KEYS) Object.defineProperty(o, k, { get: () => get(k), enumerable: true });
  return o;
}

/** Own methods, getters and the dispose symbol of a prototype (not the internal `__` ones). */
function membersOf(proto) {
  const out = [];
  for (const key of Reflect.ownKeys(proto)) {
    if (key === 'constructor' || (typeof key === 'string' && key.startsWith('__'))) continue;
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (typeof d.value === 'function') out.push({ key, call: (self, args) => d.value.apply(self, args) });
    else if (typeof d.get === 'function') out.push({ key, call: (self) => d.get.call(self) });
  }
  return out;
}

function staticsOf(cls) {
  return Object.getOwnPropertyNames(cls)
    .filter((n) => !['length', 'name', 'prototype'].includes(n) && !n.startsWith('__') && typeof cls[n] === 'function')
    .map((n) => ({ key: n, call: (args) => cls[n](...args) }));
}

/** Runs `f`: `{ ok }` or `{ code }`; anything thrown that is not a ChessError fails the test. */
function settle(f, what) {
  try {
    const value = f();
    return { ok: true, value };
  } catch (e) {
    if (!(e instanceof rocada.ChessError) || typeof e.code !== 'string') {
      assert.fail(`${what}: threw ${e?.constructor?.name}: ${e?.message}`);
    }
    return { ok: false, code: e.code };
  }
}

/** Frees what a call returned (objects of the module), so that 100,000 calls leave nothing. */
function release(value) {
  if (Array.isArray(value)) value.forEach(release);
  else if (value && typeof value.free === 'function' && !(value instanceof rocada.Move)) value.free();
}

/**
 * The subjects: each a live object of a class and how to check that it still works (a check
 * that also puts it back in a known state).
 */
function subjects() {
  const { Chess, Clock, parsePgn } = rocada;
  const chess = new Chess();
  const clock = new Clock('5+3', { now: () => 0 });
  const game = parsePgn('[Event "x"]\n1. e4 e5 (1... c5) 2. Nf3 {ok} *')[0];
  const list = [
    {
      name: 'Chess',
      self: chess,
      works() {
        chess.setTouchMove(false);
        chess.reset();
        assert.equal(chess.moves().length, 20);
        assert.equal(chess.move('e4').san, 'e4');
        chess.reset();
      },
    },
    {
      name: 'Clock',
      self: clock,
      // A clock cannot be reset: once a call with no argument (stop()) stopped it, it stays so.
      states: ['clock-stopped', 'clock-paused', 'flag-fallen'],
      works() {
        assert.equal(clock.toPgn(), '300+3');
        assert.equal(typeof clock.remaining('w'), 'number');
      },
    },
    {
      name: 'PgnGame',
      self: game,
      works() {
        assert.equal(game.mainline().length, 3);
        assert.equal(game.headers.Event, 'x');
      },
    },
  ];
  // Node's entry also exports the engine's core (for rocada-uci).
  if (rocada.EngineCore) {
    const core = new rocada.EngineCore(1);
    list.push({
      name: 'EngineCore',
      self: core,
      works() {
        assert.equal(core.go('4k3/8/8/8/8/8/8/4K2R w K - 0 1', false, '', { depth: 1 }, () => {}).depth, 1);
      },
    });
  }
  return list;
}

/** Every call of the plan: `{ what, run(), allowed, works() }`. */
function plan() {
  const { Chess, Clock, PgnGame, Move, parsePgn, validateFen } = rocada;
  const calls = [];
  const values = (target) => [...VALUES, ...reentrant(target)];
  for (const s of subjects()) {
    for (const m of membersOf(Object.getPrototypeOf(s.self))) {
      if (m.key === 'free' || m.key === Symbol.dispose) continue;
      // The codes of the call with no argument and with 'e4' alone, from the same state.
      s.works();
      const none = settle(() => release(m.call(s.self, [])), `${s.name}.${String(m.key)}()`).code;
      s.works();
      const e4 = settle(() => release(m.call(s.self, ['e4'])), `${s.name}.${String(m.key)}('e4')`).code;
      s.works();
      for (const [name, make] of values(s.self)) {
        for (const position of [0, 1]) {
          calls.push({
            what: `${s.name}.${String(m.key)} with ${name} as argument ${position + 1}`,
            run: () => {
              const args = position === 0 ? [make()] : ['e4', make()];
              release(m.call(s.self, args));
            },
            allowed: (code) => INPUT_CODES.has(code) || code === (position === 0 ? none : e4) || (s.states ?? []).includes(code),
            works: s.works,
          });
        }
      }
    }
  }
  // Constructors, static methods and functions.
  const free = [
    { key: 'new Chess', call: (args) => new Chess(...args) },
    { key: 'new Clock', call: (args) => new Clock(...args) },
    { key: 'parsePgn', call: (args) => parsePgn(...args) },
    { key: 'validateFen', call: (args) => validateFen(...args) },
    { key: 'new Move', call: (args) => new Move(...args) },
    ...(rocada.EngineCore ? [{ key: 'new EngineCore', call: (args) => new rocada.EngineCore(...args) }, ...staticsOf(rocada.EngineCore).map((m) => ({ ...m, key: `EngineCore.${m.key}` }))] : []),
    ...staticsOf(Chess).map((m) => ({ ...m, key: `Chess.${m.key}` })),
    ...staticsOf(Clock).map((m) => ({ ...m, key: `Clock.${m.key}` })),
    ...staticsOf(PgnGame).map((m) => ({ ...m, key: `PgnGame.${m.key}` })),
  ];
  for (const f of free) {
    for (const [name, make] of VALUES) {
      for (const position of [0, 1]) {
        calls.push({
          what: `${f.key} with ${name} as argument ${position + 1}`,
          run: () => release(f.call(position === 0 ? [make()] : [f.key.includes('Clock') ? '5+3' : undefined, make()])),
          allowed: (code) => INPUT_CODES.has(code) || code === 'invalid-time-control',
          works: () => {
            const c = new Chess();
            assert.equal(c.moves().length, 20);
            c.free();
          },
        });
      }
    }
  }
  // Freed and foreign receivers, for every class's members (Move's too).
  const live = subjects();
  const dead = subjects();
  const move = new Chess().moves({ verbose: true })[0];
  for (const s of dead) s.self.free();
  const foreign = [
    ['plain object', () => ({})],
    ['null', () => null],
    ['number', () => 42],
    ['revoked Proxy', () => revoked({})],
    ['Proxy, every trap throws', () => new Proxy({}, THROWING_TRAPS)],
    ['Object.create of the prototype', (cls) => Object.create(cls.prototype)],
    ['Proxy of a live object', (cls, own) => new Proxy(own, {})],
    ['Proxy of a live object with its prototype', (cls, own, other) => new Proxy(other, { getPrototypeOf: () => cls.prototype })],
  ];
  const classes = [
    [Chess, live[0].self, live[1].self, dead[0].self],
    [Clock, live[1].self, live[0].self, dead[1].self],
    [PgnGame, live[2].self, live[0].self, dead[2].self],
    [Move, move, live[0].self, null],
  ];
  if (rocada.EngineCore) classes.push([rocada.EngineCore, live[3].self, live[0].self, dead[3].self]);
  for (const [cls, own, other, freed] of classes) {
    for (const m of membersOf(cls.prototype)) {
      const receivers = [...foreign.map(([n, f]) => [n, () => f(cls, own, other)]), ['an object of another class', () => other]];
      if (freed) receivers.push(['a freed object', () => freed]);
      for (const [name, make] of receivers) {
        const isFree = m.key === 'free' || m.key === Symbol.dispose;
        calls.push({
          what: `${cls.name}.prototype.${String(m.key)} on ${name}`,
          // free() and dispose of a freed or foreign object do nothing.
          run: () => {
            const r = m.call(make(), ['e4']);
            if (isFree) assert.equal(r, undefined);
          },
          allowed: (code) => !isFree && RECEIVER_CODES.has(code),
          works: () => {
            assert.equal(typeof own.constructor, 'function');
            live[0].works();
          },
        });
      }
    }
  }
  return calls;
}

function runCall(c) {
  const r = settle(c.run, c.what);
  if (!r.ok) assert.ok(c.allowed(r.code), `${c.what}: code ${r.code}`);
  c.works();
  return r;
}

test('every method, getter and constructor: hostile values give a ChessError, and the object keeps working', () => {
  const calls = plan();
  const codes = new Map();
  for (const c of calls) {
    const r = runCall(c);
    const k = r.ok ? 'ok' : r.code;
    codes.set(k, (codes.get(k) ?? 0) + 1);
  }
  console.log(`# ${calls.length.toLocaleString('en-US')} calls: ${[...codes].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  assert.ok(calls.length > 5_000, `${calls.length} calls`);
  // The classes, statics and Move are all there.
  for (const name of ['Chess.moves', 'Chess.touch', 'Chess.syncClock', 'Clock.press', 'PgnGame.headers', 'Chess.chess960', 'Clock.fromPgn', 'Move.prototype.isCapture']) {
    assert.ok(calls.some((c) => c.what.startsWith(name)), name);
  }
});

test('a getter that calls back into the same object gets object-busy; free() of a freed object is a no-op', () => {
  const { Chess, Clock } = rocada;
  const chess = new Chess();
  let inner;
  const options = {
    get verbose() {
      try {
        chess.move('e4');
      } catch (e) {
        inner = e;
      }
      return false;
    },
  };
  assert.equal(chess.moves(options).length, 20);
  assert.ok(inner instanceof rocada.ChessError && inner.code === 'object-busy', String(inner));
  assert.equal(chess.move('e4').san, 'e4');
  // A clock whose time source calls back into it during a press.
  const clock = new Clock('5+3', { now: () => (clock.remaining('w'), 1000) });
  clock.start();
  assert.equal(clock.press().color, 'w');
  assert.equal(chess.syncClock(clock), false);
  chess.free();
  chess.free();
  chess[Symbol.dispose]();
  assert.throws(() => chess.fen(), (e) => e.code === 'object-freed');
  clock.free();
  assert.throws(() => new Chess().syncClock(clock), (e) => e.code === 'object-freed' && e.detail.argument === 'clock');
  assert.throws(() => Chess.prototype.fen.call({}), (e) => e.code === 'invalid-receiver');
  assert.throws(() => new Chess().touch(revoked([])), (e) => e.code === 'invalid-argument');
  assert.throws(() => new Chess().moves(revoked({})), (e) => e.code === 'invalid-option');
});

test(`${CALLS.toLocaleString('en-US')} hostile calls in one instance: new Chess() still has 20 moves, wasm memory flat`, () => {
  const { Chess, initSync } = rocada;
  const wasm = initSync();
  const calls = plan();
  // Warm up once (first allocations, cached strings), then measure.
  for (const c of calls) runCall(c);
  const memory0 = wasm.memory.buffer.byteLength;
  const table0 = wasm.__wbindgen_externrefs.length;
  for (let i = 0; i < CALLS; i++) runCall(calls[i % calls.length]);
  const memory1 = wasm.memory.buffer.byteLength;
  const table1 = wasm.__wbindgen_externrefs.length;
  console.log(`# wasm memory ${(memory0 / MiB).toFixed(2)} -> ${(memory1 / MiB).toFixed(2)} MiB, externref table ${table0} -> ${table1} over ${CALLS.toLocaleString('en-US')} calls`);
  const c = new Chess();
  assert.equal(c.moves().length, 20);
  c.free();
  assert.ok(memory1 - memory0 <= MiB, `wasm memory grew by ${memory1 - memory0} bytes`);
  assert.ok(table1 - table0 <= 1024, `externref table grew by ${table1 - table0}`);
});

test('Engine: hostile positions, limits and options reject with a ChessError; the engine and the page instance keep working', async () => {
  const { Engine, Chess, ChessError } = rocada;
  const engine = await Engine.create({ worker: false, hashMb: 1 });
  const FEN = '4k3/8/8/8/8/8/8/4K2R w K - 0 1';
  const attempts = [];
  for (const [name, make] of VALUES) {
    attempts.push([`bestMove(${name})`, () => engine.bestMove(make(), { depth: 1 })]);
    attempts.push([`bestMove(fen, ${name})`, () => engine.bestMove(FEN, make())]);
    attempts.push([`bestMove(fen, { searchMoves: ${name} })`, () => engine.bestMove(FEN, { depth: 1, searchMoves: make() })]);
    attempts.push([`bestMove(fen, { depth: ${name} })`, () => engine.bestMove(FEN, { depth: make() })]);
    attempts.push([`bestMove(fen, { signal: ${name} })`, () => engine.bestMove(FEN, { depth: 1, signal: make() })]);
    attempts.push([`analyze(fen, ${name})`, () => engine.analyze(FEN, make()).result]);
    attempts.push([`Engine.create(${name})`, () => Engine.create(make()).then((e) => e.terminate())]);
  }
  // The case of the issue: ~450 of these used to break the page's instance.
  for (let i = 0; i < 1_000; i++) attempts.push(['bestMove(fen, { searchMoves: revoked })', () => engine.bestMove(FEN, { depth: 1, searchMoves: revoked([]) })]);
  const codes = new Set();
  for (const [what, f] of attempts) {
    let outcome;
    try {
      outcome = await f();
    } catch (e) {
      assert.ok(e instanceof ChessError, `${what}: ${e?.constructor?.name}: ${e?.message}`);
      // searchMoves: ['e2', 'e4'] read by index are not UCI moves.
      assert.ok(INPUT_CODES.has(e.code) || e.code === 'invalid-move-syntax', `${what}: ${e.code}`);
      codes.add(e.code);
    }
    if (outcome) assert.equal(typeof outcome.move, 'string', what);
  }
  console.log(`# Engine: ${attempts.length} hostile calls, codes ${[...codes].join(', ')}`);
  assert.equal((await engine.bestMove(FEN, { depth: 2 })).move.length, 4);
  assert.equal(new Chess().moves().length, 20);
  engine.terminate();
});

test('the exports of every entry and condition are the documented API', async () => {
  const DOCUMENTED = [
    'BISHOP', 'BLACK', 'Chess', 'ChessError', 'Clock', 'DEFAULT_POSITION', 'Engine', 'KING', 'KNIGHT', 'Move', 'PAWN', 'PgnGame', 'PgnReader',
    'QUEEN', 'ROOK', 'SEVEN_TAG_ROSTER', 'SQUARES', 'SUFFIX_LIST', 'WHITE', 'default', 'initSync', 'parsePgn', 'validateFen',
  ];
  // Node's entry also has the engine's synchronous core, for `npx rocada-uci` (README "API").
  const NODE = [...DOCUMENTED, 'EngineCore'].sort();
  const dir = join(ctx.app, 'node_modules/rocada');
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const seen = [];
  for (const entry of ['.', './async']) {
    const conditions = manifest.exports[entry];
    assert.deepEqual(Object.keys(conditions), ['types', 'node', 'default'], entry);
    for (const condition of ['node', 'default']) {
      const file = join(dir, conditions[condition]);
      const m = await import(pathToFileURL(file).href);
      assert.deepEqual(Object.keys(m).sort(), condition === 'node' ? NODE : [...DOCUMENTED].sort(), `${entry} (${condition}): ${conditions[condition]}`);
      seen.push(`${entry}:${condition}`);
    }
  }
  // And as a user imports them (the node condition).
  for (const spec of ['rocada', 'rocada/async']) {
    writeEntry(spec);
    const m = await import(pathToFileURL(join(ctx.app, `exports-${spec.replace('/', '-')}.mjs`)).href);
    assert.deepEqual(Object.keys(m.all).sort(), NODE, spec);
  }
  assert.equal(seen.length, 4);
  // The tutorial entries: the runner and the curriculum (README "Tutorials").
  const TUTORIALS = { 'rocada/learn': ['GOAL_KINDS', 'Lesson', 'QUESTION_KINDS', 'validateLesson'], 'rocada/lessons': ['lessons'] };
  for (const [spec, names] of Object.entries(TUTORIALS)) {
    writeEntry(spec);
    const m = await import(pathToFileURL(join(ctx.app, `exports-${spec.replace('/', '-')}.mjs`)).href);
    assert.deepEqual(Object.keys(m.all).sort(), names, spec);
  }
});

function writeEntry(spec) {
  writeFileSync(join(ctx.app, `exports-${spec.replace('/', '-')}.mjs`), `import * as all from '${spec}';\nexport { all };\n`);
}

test('no import of the wasm module that lets a JS exception through takes a caller value', () => {
  // wasm-bindgen wraps an import declared `catch` in handleError(); the others must be
  // operations that run no code of the caller: typeof-based checks, building our own objects.
  const glue = readFileSync(join(ctx.app, 'node_modules/rocada/rocada.js'), 'utf8');
  const uncaught = [...glue.matchAll(/^ {8}(__wbg_[A-Za-z0-9_]+?)(?:_[0-9a-f]{16})?: function\(([^)]*)\) \{\n(?! *return handleError)/gm)].map((m) => m[1]);
  const SAFE = new Set([
    // typeof / === checks, no code of the caller
    '__wbg___wbindgen_boolean_get', '__wbg___wbindgen_is_function', '__wbg___wbindgen_is_null', '__wbg___wbindgen_is_object',
    '__wbg___wbindgen_is_undefined', '__wbg___wbindgen_number_get', '__wbg___wbindgen_string_get', '__wbg___wbindgen_typeof',
    '__wbg___wbindgen_throw', '__wbg___wbindgen_module',
    // objects the module makes, and the builders of objects.js over its own data
    '__wbg_new', '__wbg_push', '__wbg_makeAscii', '__wbg_makeBoard', '__wbg_makeMove', '__wbg_makeMoves', '__wbg_makePiece',
    '__wbg_makeSquares', '__wbg_makeStatus', '__wbg_splitSans', '__wbg_splitLines', '__wbg_setFenAfter', '__wbg_pgngame_new',
    '__wbg_replaceAll', '__wbg_error', '__wbg_now', '__wbg_random',
    // pkg/read.js: the reads of caller values, each caught in JS (readFailed() reports a failure)
    '__wbg_readFailed', '__wbg_readGet', '__wbg_readOwnKeys', '__wbg_readIsArray', '__wbg_readCall',
    '__wbg_static_accessor_GLOBAL_THIS', '__wbg_static_accessor_GLOBAL', '__wbg_static_accessor_SELF', '__wbg_static_accessor_WINDOW',
  ]);
  assert.ok(uncaught.length > 10, uncaught.join(' '));
  assert.deepEqual([...new Set(uncaught.filter((n) => !SAFE.has(n)))], [], 'imports that do not catch');
});

test('SAN that is well-formed but illegal is explained as the same move by squares', () => {
  const { Chess } = rocada;
  const chess = new Chess();
  for (const m of ['e4', 'e5', 'Bb5']) chess.move(m);
  for (const [lang, word] of [['en', 'pinned'], ['es', 'clavad'], ['ro', '']]) {
    const e = assertThrowsCode(() => chess.move('d6', { lang }), 'illegal-move');
    assert.equal(e.detail.reason, 'pinned', lang);
    assert.equal(e.detail.explanation.reason, 'pinned', lang);
    if (word) assert.match(e.detail.message, new RegExp(word, 'i'), `${lang}: ${e.detail.message}`);
  }
  const es = assertThrowsCode(() => chess.move('d6', { lang: 'es' }), 'illegal-move');
  const en = assertThrowsCode(() => chess.move('d6'), 'illegal-move');
  assert.notEqual(es.detail.message, en.detail.message, 'Spanish message');
  assert.equal(chess.fen(), 'rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2');

  const castle = new Chess('4k3/8/8/8/8/8/5r2/4K2R w K - 0 1');
  for (const lang of ['en', 'ro', 'es']) {
    const bySquares = castle.explain({ from: 'e1', to: 'g1' }, { lang });
    assert.equal(bySquares.reason, 'castle-through-check');
    assert.equal(bySquares.culprit, 'f1');
    // The same verdict for SAN, UCI and squares; `to` is the square the input names (SAN
    // castling is read king-onto-rook: h1).
    const { to, ...verdict } = bySquares;
    for (const m of ['O-O', 'e1g1', 'e1h1', { from: 'e1', to: 'g1' }, { from: 'e1', to: 'h1' }]) {
      const { to: named, ...got } = castle.explain(m, { lang });
      assert.deepEqual(got, verdict, `${lang} ${JSON.stringify(m)}`);
      assert.ok(named === to || named === 'h1', named);
    }
  }
  const e = assertThrowsCode(() => castle.move('O-O'), 'illegal-move');
  assert.equal(e.detail.reason, 'castle-through-check');
});

function assertThrowsCode(f, code) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof rocada.ChessError, String(e));
    assert.equal(e.code, code, e.message);
    return e;
  }
  assert.fail(`expected ${code}`);
}

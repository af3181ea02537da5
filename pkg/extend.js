// The guard around the generated classes, and the two methods written in JavaScript (a rest
// parameter for `header`, a Clock check for `syncClock`). Imported for its side effect by every
// entry point, before anything can make an object.
//
// What the guard does, for every method and getter of Chess, Clock, PgnGame, PgnReader, and of
// the engine module's EngineCore (engine-base.js calls `guard`) (and `free`,
// `[Symbol.dispose]`), without knowing anything about chess:
// - the receiver must be a live object made by this module: a freed one gives ChessError
//   `object-freed`, anything else (`{}`, another class's object, `Object.create(Chess.prototype)`,
//   a Proxy) `invalid-receiver`; wasm-bindgen would read whatever `__wbg_ptr` holds (or throw
//   "null pointer passed to rust" from inside the module, leaving its stack pointer behind).
//   The objects are known by the `__wbg_ptr` accessor below, through which wasm-bindgen's glue
//   writes and reads every object's pointer.
// - a call on an object that is already in a call (from a getter or a `now` function of one of
//   the arguments) gives ChessError `object-busy` instead of reaching wasm-bindgen's borrow
//   check, which throws a plain Error (and, thrown from the outermost call, locked the object).
// - `free()` and `[Symbol.dispose]()` of a freed or foreign object do nothing.
// The values of the arguments are read by the wasm module through imports that catch every JS
// exception (src/wasm/js.rs), so the guard does not copy them.
import { Chess, Clock, PgnGame, PgnReader } from './rocada.js';
import { ChessError } from './chess_error.js';

/** A ChessError whose detail is `{ ...fields, message }`. */
function fail(code, message, fields) {
  return new ChessError(code, message, { ...fields, message });
}

/** Per guarded class: each object made by its module -> `{ ptr, busy }` (`ptr` 0 once freed). */
const STATES = new Map();

/** The state of a live object of `cls`, or the ChessError for a freed, foreign or busy one. */
function enter(states, cls, self, name) {
  const s = states.get(self);
  if (s === undefined) {
    throw fail('invalid-receiver', `${cls.name}.${name}: called on something that is not a ${cls.name} of this module`, { method: name });
  }
  if (s.ptr === 0) throw fail('object-freed', `${cls.name}.${name}: the object was freed`, { method: name });
  if (s.busy) {
    throw fail('object-busy', `${cls.name}.${name}: the object is in another call (a getter or callback of an argument called back)`, {
      method: name,
    });
  }
  return s;
}

/** The method `f` of `cls` behind the guard. `apply(this, arguments)`, not `...args`: V8
 * passes the arguments on without making an array per call, and every one is kept (`header`
 * takes any number). */
function guarded(cls, name, f) {
  const states = STATES.get(cls);
  return {
    [name]() {
      const s = enter(states, cls, this, name);
      s.busy = true;
      try {
        return f.apply(this, arguments);
      } finally {
        s.busy = false;
      }
    },
  }[name];
}

const headerPairs = Chess.prototype.__headerPairs;
const syncClockChecked = Chess.prototype.__syncClockChecked;
// Only reachable through the two methods below.
delete Chess.prototype.__headerPairs;
delete Chess.prototype.__syncClockChecked;

/** chess.js's `header(key, value, key, value, ...)`: sets the pairs, returns every header. */
Chess.prototype.header = function header(...args) {
  return headerPairs.call(this, args);
};

/** Ends the game if the clock shows a fallen flag; `true` if this call ended it. */
Chess.prototype.syncClock = function syncClock(clock) {
  const c = STATES.get(Clock).get(clock);
  if (c === undefined) throw fail('invalid-argument', 'invalid argument clock: expected a Clock', { argument: 'clock' });
  if (c.ptr === 0) throw fail('object-freed', 'Chess.syncClock: the clock was freed', { method: 'syncClock', argument: 'clock' });
  if (c.busy) throw fail('object-busy', 'Chess.syncClock: the clock is in another call', { method: 'syncClock', argument: 'clock' });
  // The clock is read during the call (its `now` function may call back).
  c.busy = true;
  try {
    return syncClockChecked.call(this, clock);
  } finally {
    c.busy = false;
  }
};

/** `for (const { game, error } of reader)`: each game, or the `invalid-pgn` error of a game
 * that cannot be read, after which the reader goes on. Other errors (a freed reader) throw. */
Object.defineProperty(PgnReader.prototype, Symbol.iterator, {
  configurable: true,
  writable: true,
  enumerable: false,
  value: function* games() {
    for (;;) {
      let game;
      try {
        game = this.next();
      } catch (error) {
        if (error instanceof ChessError && error.code === 'invalid-pgn') {
          yield { error };
          continue;
        }
        throw error;
      }
      if (game === undefined) return;
      yield { game };
    }
  },
});

/**
 * Puts the guard around the generated class `cls` (its module's objects); before the module
 * makes any object of it.
 */
export function guard(cls) {
  const states = new WeakMap();
  STATES.set(cls, states);
  const proto = cls.prototype;
  Object.defineProperty(proto, '__wbg_ptr', {
    configurable: false,
    enumerable: false,
    get() {
      const s = states.get(this);
      return s === undefined ? 0 : s.ptr;
    },
    set(ptr) {
      const s = states.get(this);
      if (s === undefined) states.set(this, { ptr, busy: false });
      else s.ptr = ptr;
    },
  });
  const original = proto.free;
  const safeFree = {
    free() {
      const s = states.get(this);
      if (s === undefined || s.ptr === 0) return;
      if (s.busy) throw fail('object-busy', `${cls.name}.free: the object is in another call`, { method: 'free' });
      original.call(this);
    },
  }.free;
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || name === '__wbg_ptr' || name === '__destroy_into_raw') continue;
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (name === 'free') {
      Object.defineProperty(proto, name, { ...d, value: safeFree });
    } else if (typeof d.value === 'function') {
      Object.defineProperty(proto, name, { ...d, value: guarded(cls, name, d.value) });
    } else if (typeof d.get === 'function') {
      Object.defineProperty(proto, name, { ...d, get: guarded(cls, name, d.get) });
    }
  }
  if (Symbol.dispose) {
    Object.defineProperty(proto, Symbol.dispose, { value: proto.free, writable: true, configurable: true, enumerable: false });
  }
}

for (const cls of [Chess, Clock, PgnGame, PgnReader]) guard(cls);

// Methods of the generated classes that are written in JavaScript: a rest parameter
// (`header`), an argument check wasm-bindgen cannot make a ChessError (`syncClock`), and the
// guard against use after free(). Imported for its side effect by every entry point.
import { Chess, Clock, PgnGame } from './rocada.js';
import { ChessError } from './chess_error.js';

/** chess.js's `header(key, value, key, value, ...)`: sets the pairs, returns every header. */
Chess.prototype.header = function header(...args) {
  return this.__headerPairs(args);
};

/** Ends the game if the clock shows a fallen flag; `true` if this call ended it. */
Chess.prototype.syncClock = function syncClock(clock) {
  if (!(clock instanceof Clock)) {
    throw new ChessError('invalid-argument', 'invalid argument clock: expected a Clock', {
      argument: 'clock',
      message: 'expected a Clock',
    });
  }
  return this.__syncClockChecked(clock);
};

/**
 * After `free()` (or `using`), every method throws ChessError `object-freed` instead of
 * wasm-bindgen's plain "null pointer passed to rust", and a second `free()` does nothing.
 */
for (const cls of [Chess, Clock, PgnGame]) {
  const proto = cls.prototype;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const f = Object.getOwnPropertyDescriptor(proto, name).value;
    if (name === 'constructor' || name.startsWith('__') || typeof f !== 'function') continue;
    proto[name] =
      name === 'free'
        ? function free() {
            if (this.__wbg_ptr !== 0) f.call(this);
          }
        : {
            [name](...args) {
              if (this.__wbg_ptr === 0) {
                throw new ChessError('object-freed', `${cls.name}.${name}: the object was freed`, { method: name });
              }
              return f.apply(this, args);
            },
          }[name];
  }
}

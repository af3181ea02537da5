// Methods of the generated classes that are written in JavaScript: a rest parameter
// (`header`), an argument check wasm-bindgen cannot make a ChessError (`syncClock`).
// Imported for its side effect by every entry point.
import { Chess, Clock } from './rocada.js';
import { ChessError } from './chess_error.js';

/** chess.js's `header(key, value, key, value, ...)`: sets the pairs, returns every header. */
Chess.prototype.header = function header(...args) {
  return this.headerPairs(args);
};

/** Ends the game if the clock shows a fallen flag; `true` if this call ended it. */
Chess.prototype.syncClock = function syncClock(clock) {
  if (!(clock instanceof Clock)) {
    throw new ChessError('invalid-argument', 'invalid argument clock: expected a Clock', {
      argument: 'clock',
      message: 'expected a Clock',
    });
  }
  return this.syncClockChecked(clock);
};

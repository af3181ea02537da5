// After any thrown error the same Chess object and the module keep working: 100,000 random
// values (strings, numbers, objects, arrays, hostile objects) are fed to every method of one
// Chess object (and of Clock, parsePgn, validateFen); every failure must be a ChessError
// (never a wasm trap or a TypeError), and afterwards the same object plays a normal game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { packedApp } from './support/packed.mjs';

const VALUES = Number(process.env.ROCADA_FUZZ_VALUES ?? 100_000);
// Millions of errors are thrown: their stack traces are not what is tested, and capturing them
// would be most of the run time.
Error.stackTraceLimit = 0;

let ctx;
let rocada;

before(async () => {
  ctx = packedApp('rocada-fuzz-');
  rocada = await ctx.load();
});

after(() => ctx?.cleanup());

/** xorshift32: the same values on every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

const PIECES = ['p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', 'x', ''];
const WORDS = [
  'e4', 'Nf3', 'O-O', '0-0-0', 'e8=Q', 'exd6', 'e2e4', 'e7e8q', 'e1g1', 'e1h1', 'Kxh1', 'Cf3', '♘f3', 'Nbd7', '--', 'Z0',
  'a1', 'h8', 'i9', 'e', '', ' ', '\n', 'w', 'b', 'white', 'en', 'ro', 'es', 'de', '5+3', '40/90+30, 30+30', 'G/90;d5',
  '1. e4 e5 *', '[Event "x"]', '{', '(', ')', '$300', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '8/8/8/8/8/8/8/8 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', '\u0000', '\ud800', '💥', 'é', 'verbose', 'square',
];
const KEYS = ['verbose', 'square', 'piece', 'lang', 'figurine', 'strict', 'chess960', 'sandbox', 'touchMove', 'skipValidation',
  'preserveHeaders', 'maxWidth', 'newline', 'newlineChar', 'from', 'to', 'promotion', 'type', 'color', 'now', 'x', '__proto__'];

function randomValue(r, depth = 0) {
  switch (r(16)) {
    case 0: return undefined;
    case 1: return null;
    case 2: return r(2) === 0;
    case 3: return [0, -0, 1, -1, 0.5, 3, 30, 31, 959, 960, 1e21, NaN, Infinity, -Infinity, 2 ** 53, Number.MIN_VALUE][r(16)];
    case 4: return WORDS[r(WORDS.length)];
    case 5: {
      // A random string of chess-ish and other characters.
      const alphabet = 'abcdefgh12345678KQRBNPkqrbnpxO-0=+#!?/ .{}()[]"$;\n\t\u00a0♔♕♖♗♘♙é\ud83d';
      let s = '';
      const n = r(40);
      for (let i = 0; i < n; i++) s += alphabet[r(alphabet.length)];
      return s;
    }
    case 6: {
      // A plausible-looking move or square, mutated.
      const w = WORDS[r(WORDS.length)];
      const i = r(w.length + 1);
      return w.slice(0, i) + 'abcdefgh12345678qQ-='[r(20)] + w.slice(i + r(2));
    }
    case 7: return { from: randomValue(r, depth + 1), to: randomValue(r, depth + 1), promotion: r(3) ? undefined : PIECES[r(PIECES.length)] };
    case 8: return { type: PIECES[r(PIECES.length)], color: ['w', 'b', 'x', 1][r(4)] };
    case 9: {
      const o = {};
      const n = r(4);
      for (let i = 0; i < n; i++) {
        // defineProperty: a key named __proto__ becomes an own field, not the prototype.
        const value = depth < 2 ? randomValue(r, depth + 1) : r(2) === 0;
        Object.defineProperty(o, KEYS[r(KEYS.length)], { value, enumerable: true, writable: true, configurable: true });
      }
      return o;
    }
    case 10: return depth < 2 ? Array.from({ length: r(4) }, () => randomValue(r, depth + 1)) : [];
    case 11: return Symbol('s');
    case 12: return BigInt(r(100));
    case 13: return () => 42;
    case 14:
      // Hostile objects: a Proxy whose traps throw, getters that throw.
      return r(2) === 0
        ? new Proxy({}, { ownKeys() { throw new Error('no keys'); }, get() { throw new Error('no get'); } })
        : Object.defineProperty({}, KEYS[r(KEYS.length)], { enumerable: true, get() { throw new Error('getter'); } });
    default: return { square: 'e2', verbose: r(2) === 0, lang: ['en', 'ro', 'es'][r(3)] };
  }
}

const METHODS = [
  'load', 'reset', 'clear', 'fen', 'turn', 'moveNumber', 'isChess960', 'isSandbox', 'moves', 'move', 'undo', 'history',
  'inCheck', 'isCheck', 'isCheckmate', 'isStalemate', 'isInsufficientMaterial', 'isThreefoldRepetition', 'isDrawByFiftyMoves',
  'isDraw', 'isGameOver', 'isFivefoldRepetition', 'isSeventyFiveMoves', 'hasInsufficientMaterial', 'status', 'perft',
  'board', 'ascii', 'get', 'put', 'remove', 'setTurn', 'squareColor', 'findPiece', 'attackers', 'isAttacked',
  'getCastlingRights', 'hash', 'explain', 'setTouchMove', 'isTouchMove', 'touch', 'obligation', 'resign', 'offerDraw',
  'drawOffer', 'acceptDraw', 'declineDraw', 'claimDraw', 'flagFall', 'syncClock', 'pgn', 'loadPgn', 'header', 'getHeaders',
  'setHeader', 'removeHeader', 'getComment', 'setComment', 'removeComment', 'deleteComment', 'getComments',
  'removeComments', 'deleteComments',
];

test(`${VALUES.toLocaleString('en-US')} random values to every method; then a normal game`, () => {
  const { Chess, ChessError, Clock, parsePgn, validateFen } = rocada;
  const r = rng(20240601);
  const chess = new Chess();
  const clock = new Clock('1+0', { now: () => 0 });
  const calls = { ok: 0, errors: 0 };
  const codes = new Map();
  const call = (f) => {
    try {
      const result = f();
      calls.ok++;
      return result;
    } catch (e) {
      if (!(e instanceof ChessError)) throw new Error(`not a ChessError: ${e?.name}: ${e?.message}`, { cause: e });
      assert.equal(typeof e.code, 'string');
      codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
      calls.errors++;
    }
  };
  for (let i = 0; i < VALUES; i++) {
    const value = randomValue(r);
    const second = r(3) === 0 ? randomValue(r) : undefined;
    for (const name of METHODS) {
      // perft only at depths that finish at once.
      if (name === 'perft' && !(typeof value === 'number' && value >= 0 && value <= 2)) continue;
      call(() => chess[name](value, second));
    }
    call(() => (r(2) ? new Chess(value, second) : Chess.chess960(value, second)).free());
    call(() => new Clock(value, second).free());
    call(() => clock[['start', 'press', 'remaining', 'delayLeft', 'moves', 'stage', 'movesToControl', 'addTime'][r(8)]](value, second));
    call(() => parsePgn(value, second).forEach((g) => g.free()));
    call(() => validateFen(value, second));
    // Now and then, back to a position where moves are possible.
    if (i % 50 === 0) chess.reset();
  }
  assert.ok(calls.ok > VALUES && calls.errors > VALUES, JSON.stringify(calls));
  // The same object plays a normal game to mate, with comments and a PGN.
  chess.reset();
  chess.setTouchMove(false);
  for (const m of ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']) chess.move(m);
  assert.equal(chess.isCheckmate(), true);
  assert.deepEqual(chess.status().result, '1-0');
  assert.match(chess.pgn(), /1\. e4 e5 2\. Bc4 Nc6 3\. Qh5 Nf6 4\. Qxf7# 1-0$/);
  // And the module: new objects work.
  assert.equal(new Chess().perft(3), 8902);
  console.log(`# ${calls.ok} calls returned, ${calls.errors} threw ChessError: ${[...codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
});

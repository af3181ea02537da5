// JS abuse, property-based (fast-check, with shrinking to the smallest failing call): every
// public method with arbitrary values of any type, huge strings, and calls after free(). After
// each call the module and a fresh Chess still work; every failure is a ChessError with a code
// (never a wasm trap, a TypeError or a hang). Complements test/robustness.test.mjs, which feeds
// 100,000 hand-shaped values to one object.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { packedApp } from './support/packed.mjs';

const RUNS = Number(process.env.ROCADA_ABUSE_RUNS ?? 3_000);
Error.stackTraceLimit = 0;

let ctx;
let rocada;

before(async () => {
  ctx = packedApp('rocada-abuse-');
  rocada = await ctx.load();
});

after(() => ctx?.cleanup());

/** The methods of each class (every own prototype function but the constructor). */
function methodsOf(cls) {
  return Object.getOwnPropertyNames(cls.prototype).filter(
    (n) => n !== 'constructor' && !n.startsWith('__') && typeof Object.getOwnPropertyDescriptor(cls.prototype, n).value === 'function',
  );
}

/** Any JS value, including the awkward ones: null-prototype objects, typed arrays, symbols. */
const anyValue = fc.oneof(
  fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withTypedArray: true, withSparseArray: true, maxDepth: 3 }),
  fc.constantFrom('e4', 'Nf3', 'O-O', 'e7e8q', 'e1h1', 'e2', 'w', 'b', 'q', 'en', 'ro', '5+3', '1. e4 *', '8/8/8/8/8/8/8/8 w - - 0 1'),
  fc.record({ from: fc.string(), to: fc.string(), promotion: fc.option(fc.string()) }),
  fc.record({ verbose: fc.boolean(), square: fc.string(), lang: fc.string(), chess960: fc.anything(), sandbox: fc.anything() }, { requiredKeys: [] }),
  fc.constant(Symbol('s')),
  fc.func(fc.anything()),
);

/** Runs `f`; a throw must be a ChessError with a string code. */
function settle(f) {
  const { ChessError } = rocada;
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (!(e instanceof ChessError) || typeof e.code !== 'string') {
      throw new Error(`not a ChessError: ${e?.name}: ${e?.message}`, { cause: e });
    }
    return { ok: false, code: e.code };
  }
}

/** The module still works: a fresh object plays and counts. */
function moduleWorks() {
  const { Chess } = rocada;
  const c = new Chess();
  c.move('e4');
  assert.equal(c.moves().length, 20);
  assert.equal(new Chess().perft(2), 400);
  c.free();
}

test(`Chess: ${RUNS.toLocaleString('en-US')} calls of any method with any arguments`, () => {
  const { Chess } = rocada;
  const skip = new Set(['free', 'perft']); // perft(huge) is a long computation, not a fault: tested below
  const methods = methodsOf(Chess).filter((n) => !skip.has(n));
  assert.ok(methods.length >= 60, methods.join(' '));
  const chess = new Chess();
  fc.assert(
    fc.property(fc.constantFrom(...methods), fc.array(anyValue, { maxLength: 3 }), (name, args) => {
      settle(() => chess[name](...args));
      // The same object still answers.
      assert.equal(typeof chess.fen(), 'string');
      assert.ok(Array.isArray(chess.moves()));
    }),
    { numRuns: RUNS, seed: 20261130 },
  );
  chess.reset();
  chess.setTouchMove(false);
  for (const m of ['f3', 'e5', 'g4', 'Qh4#']) chess.move(m);
  assert.equal(chess.isCheckmate(), true);
  moduleWorks();
});

test('constructors, Clock, PgnGame and module functions with any arguments', () => {
  const { Chess, Clock, parsePgn, validateFen } = rocada;
  const clock = new Clock('5+3', { now: () => 0 });
  const games = parsePgn('[Event "x"]\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {ok} *');
  const clockMethods = methodsOf(Clock).filter((n) => n !== 'free');
  const gameMethods = methodsOf(games[0].constructor).filter((n) => n !== 'free');
  fc.assert(
    fc.property(anyValue, anyValue, fc.nat(), (a, b, k) => {
      const made = settle(() => [new Chess(a, b), Chess.chess960(a, b)][k % 2]);
      if (made.ok) made.value.free();
      const c = settle(() => new Clock(a, b));
      if (c.ok) c.value.free();
      const parsed = settle(() => parsePgn(a, b));
      if (parsed.ok) parsed.value.forEach((g) => g.free());
      settle(() => validateFen(a, b));
      settle(() => clock[clockMethods[k % clockMethods.length]](a, b));
      settle(() => games[0][gameMethods[k % gameMethods.length]](a, b));
    }),
    { numRuns: RUNS, seed: 20261201 },
  );
  moduleWorks();
});

test('huge strings are refused or read in time linear in their length', () => {
  const { Chess, Clock, parsePgn, validateFen } = rocada;
  const chess = new Chess();
  const entries = {
    'new Chess': (s) => new Chess(s).free(),
    load: (s) => chess.load(s),
    move: (s) => chess.move(s),
    explain: (s) => chess.explain(s),
    loadPgn: (s) => chess.loadPgn(s),
    parsePgn: (s) => parsePgn(s).forEach((g) => g.free()),
    validateFen: (s) => validateFen(s),
    'new Clock': (s) => new Clock(s).free(),
    setComment: (s) => chess.setComment(s),
    header: (s) => chess.header('Event', s),
  };
  const shapes = {
    moves: (n) => '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 '.repeat(Math.ceil(n / 30)).slice(0, n),
    nesting: (n) => '('.repeat(n),
    letters: (n) => 'x'.repeat(n),
    comment: (n) => `{${'a'.repeat(n)}`,
  };
  const timings = [];
  for (const [name, f] of Object.entries(entries)) {
    for (const [shape, make] of Object.entries(shapes)) {
      const small = make(1 << 20);
      const big = make(1 << 23);
      const t0 = performance.now();
      settle(() => f(small));
      const t1 = performance.now();
      settle(() => f(big));
      const t2 = performance.now();
      chess.reset();
      timings.push([name, shape, t1 - t0, t2 - t1]);
      // 8x the input may take at most ~8x the time (with slack for noise on tiny times).
      assert.ok(t2 - t1 < 16 * (t1 - t0) + 250, `${name} on ${shape}: 1 MiB ${(t1 - t0).toFixed(0)} ms, 8 MiB ${(t2 - t1).toFixed(0)} ms`);
      assert.ok(t2 - t1 < 10_000, `${name} on 8 MiB of ${shape}: ${(t2 - t1).toFixed(0)} ms`);
    }
  }
  const slowest = timings.sort((a, b) => b[3] - a[3])[0];
  console.log(`# slowest 8 MiB input: ${slowest[0]} on ${slowest[1]}, ${slowest[3].toFixed(0)} ms (1 MiB: ${slowest[2].toFixed(0)} ms)`);
  moduleWorks();
});

test('calls after free() throw ChessError object-freed; free() twice is harmless', () => {
  const { Chess, Clock, parsePgn } = rocada;
  const objects = [
    [new Chess(), methodsOf(Chess)],
    [new Clock('3+2'), methodsOf(Clock)],
    [parsePgn('1. e4 *')[0], methodsOf(parsePgn('1. d4 *')[0].constructor)],
  ];
  for (const [obj, methods] of objects) {
    obj.free();
    obj.free();
    for (const name of methods.filter((n) => n !== 'free')) {
      const r = settle(() => obj[name]('e4'));
      assert.deepEqual(r, { ok: false, code: 'object-freed' }, `${obj.constructor.name}.${name} after free()`);
    }
  }
  moduleWorks();
});

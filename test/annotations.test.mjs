// Annotations through the packed tarball: NAGs and suffix annotations (the API of chess.js's
// next release: getNags, addNag, setNags, removeNag, removeNags, getSuffixAnnotation,
// setSuffixAnnotation, removeSuffixAnnotation, SUFFIX_LIST, isPromotion), read from and written
// to PGN, kept by position across undo; and the class of tests the issue asked for: whatever a
// note holds (a comment, a tag, NAGs), what `pgn()` writes reads back, so a note past the PGN
// reader's limits is refused when it is made, not when the PGN is read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as chessJs from 'chess.js';
import { packedApp } from './support/packed.mjs';

let ctx;
let rocada;

before(async () => {
  ctx = packedApp('rocada-annotations-');
  rocada = await ctx.load();
});

after(() => ctx?.cleanup());

/** The ChessError `f` throws: its code and detail. */
function refusal(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof rocada.ChessError, `not a ChessError: ${e}`);
    return { code: e.code, argument: e.detail.argument, reason: e.detail.reason };
  }
  assert.fail('did not throw');
}

const ANNOTATED = '1. e4! e5?! {hm} 2. Nf3 $14 Nc6 $1 $18 {a note} 3. Bb5!? a6?? *';

test('loadPgn reads suffixes and NAGs; get them by position; getComments keeps chess.js 1.4 entries', () => {
  const { Chess } = rocada;
  const c = new Chess();
  c.loadPgn(ANNOTATED);
  const after = c.history({ verbose: true }).map((m) => m.after);
  assert.deepEqual(
    after.map((fen) => c.getNags(fen)),
    [[1], [6], [14], [1, 18], [5], [4]],
  );
  assert.deepEqual(
    after.map((fen) => c.getSuffixAnnotation(fen)),
    ['!', '?!', undefined, '!', '!?', '??'],
  );
  assert.deepEqual(c.getNags(), [4]);
  assert.equal(c.getSuffixAnnotation(), '??');
  // The start follows no move; a FEN of no position of the game has nothing.
  assert.deepEqual(c.getNags(new Chess().fen()), []);
  assert.deepEqual(c.getNags('8/8/8/8/8/8/8/k6K w - - 0 1'), []);
  assert.equal(c.getSuffixAnnotation('8/8/8/8/8/8/8/k6K w - - 0 1'), undefined);

  // chess.js 1.4.0 reads the same text (it drops NAGs): the same { fen, comment } entries, to
  // which Rocada adds the NAGs of the move.
  const cj = new chessJs.Chess();
  cj.loadPgn(ANNOTATED);
  const ours = c.getComments();
  assert.deepEqual(
    ours.map(({ fen, comment }) => ({ fen, comment })),
    cj.getComments(),
  );
  assert.deepEqual(ours, [
    { fen: after[1], comment: 'hm', suffixAnnotation: '?!', nags: [6] },
    { fen: after[3], comment: 'a note', suffixAnnotation: '!', nags: [1, 18] },
  ]);
  // removeComments removes comments only.
  assert.deepEqual(c.removeComments().map((e) => Object.keys(e)), [['fen', 'comment'], ['fen', 'comment']]);
  assert.deepEqual(c.getComments(), []);
  assert.deepEqual(c.getNags(after[3]), [1, 18]);
});

test('the setters: NAGs as numbers, $n or glyphs, kept once; the suffix is the move assessment', () => {
  const { Chess, SUFFIX_LIST } = rocada;
  assert.deepEqual(SUFFIX_LIST, ['!', '?', '!!', '!?', '?!', '??']);
  assert.ok(Object.isFrozen(SUFFIX_LIST));
  const c = new Chess();
  c.move('e4');
  const e4 = c.fen();
  c.move('e5');
  c.addNag(14, e4);
  c.addNag('$14', e4);
  c.addNag('+=', e4);
  c.addNag('±', e4);
  assert.deepEqual(c.getNags(e4), [14, 16]);
  c.setSuffixAnnotation('!!', e4);
  assert.deepEqual(c.getNags(e4), [3, 14, 16]);
  c.setSuffixAnnotation('?!', e4);
  assert.deepEqual(c.getNags(e4), [6, 14, 16], 'a suffix replaces the assessment it had');
  assert.deepEqual(c.setNags(['!', 1, '$1', 0, 255], e4), [6, 14, 16]);
  assert.deepEqual(c.getNags(e4), [1, 0, 255]);
  assert.equal(c.removeNag('!', e4), true);
  assert.equal(c.removeNag('!', e4), false);
  assert.equal(c.removeSuffixAnnotation(e4), undefined);
  assert.deepEqual(c.removeNags(e4), [0, 255]);
  assert.deepEqual(c.removeNags(), []);
  // Current position by default.
  for (const s of SUFFIX_LIST) {
    c.setSuffixAnnotation(s);
    assert.equal(c.getSuffixAnnotation(), s);
  }
  assert.equal(c.removeSuffixAnnotation(), '??');
  assert.deepEqual(c.getNags(), []);

  // Refusals: ChessError invalid-argument, saying what.
  assert.deepEqual(refusal(() => c.addNag(256)), { code: 'invalid-argument', argument: 'nag', reason: undefined });
  for (const bad of [-1, 1.5, NaN, '$', '$2x', '$1000', 'great', '', null, undefined, {}, [1], true, 10n]) {
    assert.equal(refusal(() => c.addNag(bad)).code, 'invalid-argument', String(bad));
  }
  for (const bad of ['!!!', '‼', 1, '$1', '', null]) {
    assert.equal(refusal(() => c.setSuffixAnnotation(bad)).argument, 'suffix', String(bad));
  }
  assert.equal(refusal(() => c.setNags('1')).argument, 'nags');
  assert.equal(refusal(() => c.setNags([1, 'x'])).argument, 'nags');
  assert.deepEqual(refusal(() => c.addNag(1, new Chess().fen())), { code: 'invalid-argument', argument: 'nag', reason: 'no-move' });
  assert.deepEqual(refusal(() => new Chess().setSuffixAnnotation('!')), { code: 'invalid-argument', argument: 'suffix', reason: 'no-move' });
  assert.equal(refusal(() => c.addNag(1, '8/8/8/8/8/8/8/k6K w - - 0 1')).argument, 'fen');
  assert.equal(refusal(() => c.getNags(42)).argument, 'fen');
  assert.deepEqual(c.getNags(), [], 'a refused call changes nothing');
});

test('NAGs and suffixes come back with their position after undo, as comments do', () => {
  const { Chess } = rocada;
  const c = new Chess();
  c.move('e4');
  c.setSuffixAnnotation('!');
  c.addNag(36);
  c.setComment('with the initiative');
  c.undo();
  assert.deepEqual(c.getNags(), []);
  c.move('d4');
  assert.deepEqual(c.getNags(), [], 'another position: nothing');
  c.undo();
  c.move('e4');
  assert.deepEqual([c.getNags(), c.getSuffixAnnotation(), c.getComment()], [[1, 36], '!', 'with the initiative']);
});

/** A random legal game of up to `plies` moves from `random` (0..1), with random notes. */
function annotatedGame(Chess, random, plies) {
  const c = new Chess();
  const words = ['good', '{x}', '}', 'a\nb', ' two  spaces ', ';semi', '[%clk 0:01:00]', '"q"', '\\', '$5', 'e4', '(v)', '1-0', 'ü', '♘', '\u{1f600}', ']', '"]'];
  // Header values: any of the words but those with a control character (setHeader refuses them).
  const values = words.filter((w) => !/[\n]/.test(w));
  for (const name of ['White', 'Annotator', 'X_1']) {
    if (random() < 0.5) c.setHeader(name, values[Math.floor(random() * values.length)] + values[Math.floor(random() * values.length)]);
  }
  for (let i = 0; i < plies && !c.isGameOver(); i++) {
    const moves = c.moves();
    c.move(moves[Math.floor(random() * moves.length)]);
    if (random() < 0.4) c.setSuffixAnnotation(rocada.SUFFIX_LIST[Math.floor(random() * 6)]);
    if (random() < 0.3) c.addNag(Math.floor(random() * 256));
    if (random() < 0.3) c.setComment(words[Math.floor(random() * words.length)] + ' ' + words[Math.floor(random() * words.length)]);
  }
  return c;
}

/** Everything the notes say, by position; comments as the PGN reader reads them, with runs
 * of whitespace made one space and trimmed (README "Where Rocada differs"). */
function notes(c) {
  const comments = c.getComments().map((e) => ({ ...e, comment: e.comment.split(/\s+/).filter(Boolean).join(' ') }));
  // Result included: getHeaders() of the game played says what pgn() writes (1-0 after a mate).
  return [c.getHeaders(), c.history(), c.history({ verbose: true }).map((m) => [c.getNags(m.after), c.getSuffixAnnotation(m.after)]), comments];
}

test('property: a game with random NAGs, suffixes, comments and header values reads back from pgn() the same', () => {
  const { Chess, parsePgn } = rocada;
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 120 }), fc.constantFrom(0, 1, 20, 80), (seed, plies, maxWidth) => {
      let s = seed;
      const random = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s / 0x80000000);
      const c = annotatedGame(Chess, random, plies);
      const text = c.pgn({ maxWidth });
      const back = new Chess();
      back.loadPgn(text);
      assert.deepEqual(notes(back), notes(c));
      assert.equal(parsePgn(text).length, 1);
      c.free();
      back.free();
    }),
    { numRuns: 150, seed: 7 },
  );
});

test('every note is refused when pgn() would no longer read back: the reader and the setters share one set of limits', () => {
  const { Chess, parsePgn } = rocada;
  const readsBack = (c) => assert.equal(parsePgn(c.pgn()).length, 1);
  const MAX_COMMENT_LEN = 4 << 20;

  // A comment: 4 MiB passes, one byte more is refused (reason as the reader's).
  const c = new Chess();
  c.move('e4');
  c.setComment('x'.repeat(MAX_COMMENT_LEN));
  readsBack(c);
  assert.deepEqual(refusal(() => c.setComment('x'.repeat(MAX_COMMENT_LEN + 1))), {
    code: 'invalid-argument',
    argument: 'comment',
    reason: 'comment-too-long',
  });
  assert.equal(c.getComment().length, MAX_COMMENT_LEN, 'the refused comment changed nothing');
  // Four such comments are more than one game's 16 MiB of text (with room for the moves the
  // rules still allow): the fourth is refused.
  for (const san of ['e5', 'Nf3']) {
    c.move(san);
    c.setComment('y'.repeat(MAX_COMMENT_LEN));
  }
  c.move('Nc6');
  assert.equal(refusal(() => c.setComment('z'.repeat(MAX_COMMENT_LEN))).reason, 'game-too-long');
  readsBack(c);
  c.free();

  // Tags: 1,000 pass (the seven and 993 more), the next new one is refused; header() passes
  // over what setHeader refuses.
  const t = new Chess();
  for (let i = 0; i < 993; i++) t.setHeader(`T${i}`, 'v');
  readsBack(t);
  assert.deepEqual(refusal(() => t.setHeader('One', 'more')), { code: 'invalid-argument', argument: 'value', reason: 'too-many-tags' });
  t.setHeader('T5', 'replaced');
  t.header('Another', 'x', 'T6', 'also replaced');
  assert.equal(Object.keys(t.getHeaders()).length, 1000);
  assert.equal(t.getHeaders().T6, 'also replaced');
  assert.equal(refusal(() => t.setHeader('Big', 'v'.repeat(65537))).reason, 'tag-too-long');
  const h = new Chess();
  h.header('Big', 'v'.repeat(50e6), 'Bad name', 'x', 'Ok', 'yes');
  assert.deepEqual(Object.keys(h.getHeaders()).slice(7), ['Ok']);
  readsBack(t);

  // NAGs, and the room kept for moves: from this start a game lasts at most 300 plies (the
  // 75-move rule, one capture left), so after Ra2 299 more are kept in the 100,000 items
  // (moves, comments, NAGs, variations) a game may have. 49,700 variations of one move each
  // and Ra2 make 99,401 items: 300 NAGs fit, no more.
  const n = new Chess();
  n.loadPgn(`[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n\n1. Ra2 ${'(1. Ra3) '.repeat(49_700)}*`);
  const all = Array.from({ length: 256 }, (_, i) => i);
  n.setNags(all);
  n.move('Kd8');
  n.setNags(all.slice(0, 44));
  readsBack(n);
  assert.deepEqual(refusal(() => n.addNag(44)), { code: 'invalid-argument', argument: 'nag', reason: 'game-too-long' });
  assert.equal(refusal(() => n.setComment('one item more')).reason, 'game-too-long');
  n.removeNag(0);
  n.setComment('now it fits');
  readsBack(n);
  n.free();
});

test('isPromotion: a legal move that promotes, whatever the piece (or none) given', () => {
  const { Chess } = rocada;
  const c = new Chess('1n5k/2P5/8/8/8/8/8/4K3 w - - 0 1');
  const cases = [
    ['c8', true],
    ['c8=Q', true],
    ['c8=N+', true],
    ['cxb8', true],
    ['cxb8=R', true],
    ['c7c8', true],
    ['c7b8q', true],
    [{ from: 'c7', to: 'c8' }, true],
    [{ from: 'c7', to: 'b8', promotion: 'n' }, true],
    ['Kd2', false],
    [{ from: 'e1', to: 'e2' }, false],
    ['c6', false],
    ['d8', false],
    ['zz9', false],
    [{ from: 'z9', to: 'c8' }, false],
    ['', false],
  ];
  for (const [m, want] of cases) assert.equal(c.isPromotion(m), want, JSON.stringify(m));
  assert.equal(c.fen(), '1n5k/2P5/8/8/8/8/8/4K3 w - - 0 1', 'nothing played');
  assert.equal(new Chess().isPromotion('e4'), false);
  assert.equal(refusal(() => c.isPromotion(42)).argument, 'move');
  // A finished game has no moves.
  const mated = new Chess('7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
  assert.equal(mated.isPromotion('Kxg7'), false);
});

// The lesson runner, `rocada/learn`, through the packed tarball: every goal kind solved by a
// right input and refused, with its own sentence in en/ro/es, for a wrong one; illegal tries
// explained by explain(); validation problems of broken lessons, each with its code and step;
// the runner against an oracle written here on every legal move of random positions; undo,
// navigation, hints, score, a language switch; JSON round trips; hostile values; the engine as
// the opponent; and that `rocada/learn` is not part of what `rocada` loads.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packedApp } from './support/packed.mjs';

let ctx;
let learn;
let rocada;

before(async () => {
  ctx = packedApp('rocada-learn-');
  writeFileSync(join(ctx.app, 'learn.mjs'), "export * from 'rocada/learn';\n");
  rocada = await ctx.load();
  learn = await import(pathToFileURL(join(ctx.app, 'learn.mjs')).href);
});

after(() => ctx?.cleanup());

const LANGS = ['en', 'ro', 'es'];
const one = (step, id = 't') => ({ id, title: { en: 'T', ro: 'T', es: 'T' }, steps: [step] });

/**
 * One step per goal kind: the input that solves it, an input that is legal but wrong (with the
 * code it must give), and how the input is given.
 */
const KINDS = [
  { kind: 'reach', step: { fen: '8/8/8/8/8/8/8/R7 w - - 0 1', sandbox: true, marks: ['a6'], goal: { kind: 'reach', square: 'a6' } }, right: ['a1a6'], wrong: 'a1a5', code: 'miss-reach' },
  { kind: 'visit', step: { fen: '8/8/8/8/8/8/8/R7 w - - 0 1', sandbox: true, marks: ['a6', 'f6'], goal: { kind: 'visit' } }, right: ['a1a6', 'a6f6'], progress: 'progress-visit' },
  { kind: 'capture', step: { fen: '8/8/1p6/8/8/8/8/1R3p2 w - - 0 1', sandbox: true, marks: ['b6', 'f1'], goal: { kind: 'capture' } }, right: ['b1b6', 'b6b1', 'b1f1'], progress: 'progress-capture' },
  { kind: 'check', step: { fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', goal: { kind: 'check' } }, right: ['d1d7'], wrong: 'd1d2', code: 'miss-check' },
  { kind: 'escape', step: { fen: '7k/8/8/4r3/8/2B5/8/4K3 w - - 0 1', goal: { kind: 'escape', by: 'capture' } }, right: ['c3e5'], wrong: 'e1d2', code: 'miss-escape-by-capture' },
  { kind: 'escape', step: { fen: '7k/8/8/4r3/8/8/3N4/4K3 w - - 0 1', goal: { kind: 'escape', by: 'block' } }, right: ['d2e4'], wrong: 'e1d1', code: 'miss-escape-by-block' },
  { kind: 'escape', step: { fen: '7k/8/8/4r3/8/2B5/8/4K3 w - - 0 1', goal: { kind: 'escape', by: 'king' } }, right: ['e1d2'], wrong: 'c3e5', code: 'miss-escape-by-king' },
  { kind: 'checkmate', step: { fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', goal: { kind: 'checkmate' } }, right: ['a1a8'], wrong: 'a1a7', code: 'miss-mate' },
  { kind: 'checkmate', step: { fen: 'k7/8/2K5/8/8/8/8/1R6 w - - 0 1', goal: { kind: 'checkmate', in: 2 } }, right: ['c6c7', 'b1a1'], wrong: 'b1b2', code: 'miss-mate-escape' },
  { kind: 'checkmate', step: { fen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', goal: { kind: 'checkmate' } }, right: ['f1f8'], wrong: 'f1f7', code: 'miss-stalemate' },
  { kind: 'stalemate', step: { fen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', goal: { kind: 'stalemate' } }, right: ['f1f7'], wrong: 'f1f2', code: 'miss-not-stalemate' },
  { kind: 'avoid-stalemate', step: { fen: '7k/8/5K2/8/8/8/8/6Q1 w - - 0 1', goal: { kind: 'avoid-stalemate' } }, right: ['g1g5'], wrong: 'g1g6', code: 'miss-stalemate' },
  { kind: 'avoid-stalemate', step: { fen: '7k/8/5K2/8/8/8/8/6Q1 w - - 0 1', goal: { kind: 'avoid-stalemate' } }, right: ['g1g2'], wrong: 'g1g8', code: 'miss-hangs' },
  { kind: 'castle', step: { fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', goal: { kind: 'castle', side: 'k' } }, right: ['O-O'], wrong: 'O-O-O', code: 'miss-castle-side' },
  { kind: 'castle', step: { fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', goal: { kind: 'castle' } }, right: ['e1c1'], wrong: 'e1f1', code: 'miss-castle' },
  { kind: 'castle', step: { fen: 'nrk4r/pppppppp/8/8/8/8/PPPPPPPP/NRK4R w HBhb - 0 1', chess960: true, goal: { kind: 'castle', side: 'q' } }, right: ['c1b1'], wrong: 'O-O', code: 'miss-castle-side' },
  { kind: 'en-passant', step: { fen: 'k7/3p4/8/4P3/8/8/8/K7 b - - 0 1', before: ['d7d5'], goal: { kind: 'en-passant' } }, right: ['e5d6'], wrong: 'e5e6', code: 'miss-en-passant' },
  { kind: 'promote', step: { fen: '8/4P1k1/3q4/8/8/8/8/K7 w - - 0 1', goal: { kind: 'promote', piece: 'n' } }, right: ['e7e8n'], wrong: 'e7e8q', code: 'miss-promote-piece' },
  { kind: 'promote', step: { fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1', goal: { kind: 'promote' } }, right: ['e8=Q'], wrong: 'e1d1', code: 'miss-promote' },
  { kind: 'only-move', step: { fen: '7k/8/8/8/8/8/r7/7K w - - 0 1', goal: { kind: 'only-move' } }, right: ['h1g1'] },
  { kind: 'play', step: { goal: { kind: 'play', move: 'Nf3' } }, right: ['g1f3'], wrong: 'g1h3', code: 'miss-play' },
  { kind: 'draw', step: { fen: '7k/8/8/8/8/8/6p1/5B1K w - - 0 1', goal: { kind: 'draw', by: 'insufficient-material' } }, right: ['f1g2'], wrong: 'h1h2', code: 'miss-draw' },
  { kind: 'draw', step: { fen: '7k/8/8/8/8/8/p7/R6K w - - 149 120', goal: { kind: 'draw', by: 'seventyfive-moves' } }, right: ['a1b1'], wrong: 'a1a2', code: 'miss-draw' },
  { kind: 'claim', step: { fen: '7k/8/8/8/8/8/8/R6K w - - 100 120', goal: { kind: 'claim', rule: 'fifty' } }, claim: [null], wrong: 'a1a2', code: 'miss-claim' },
  { kind: 'claim', step: { before: ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'], goal: { kind: 'claim', rule: 'threefold' } }, claim: ['f6g8'], wrong: 'e7e5', code: 'miss-claim' },
  { kind: 'touch', step: { touched: ['g1'], marks: ['g1'], goal: { kind: 'touch' } }, right: ['g1f3'], illegal: 'e2e4', illegalCode: 'touch-move' },
  { kind: 'select', step: { goal: { kind: 'select', square: 'e4' } }, select: 'e4', wrongSelect: 'd4', code: 'miss-select' },
  { kind: 'question', step: { fen: 'r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1', goal: { kind: 'question', ask: 'can-castle', side: 'k' } }, answer: 'no', wrongAnswer: 'yes' },
  { kind: 'question', step: { fen: 'r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1', goal: { kind: 'question', ask: 'can-castle', side: 'q' } }, answer: 'yes', wrongAnswer: 'no' },
  { kind: 'question', step: { fen: '4k3/8/8/b7/8/8/3P4/4K3 w - - 0 1', goal: { kind: 'question', ask: 'pinned' } }, answer: 'd2', wrongAnswer: 'e1' },
  { kind: 'question', step: { fen: '4k3/8/8/8/8/8/8/4KQ2 b - - 0 1', goal: { kind: 'question', ask: 'stalemate' } }, answer: 'no', wrongAnswer: 'yes' },
  { kind: 'question', step: { fen: '8/8/8/8/8/2k5/8/1bK1N3 w - - 0 1', goal: { kind: 'question', ask: 'dead-position' } }, answer: 'no', wrongAnswer: 'yes' },
  { kind: 'question', step: { fen: '8/8/8/8/8/2k5/8/2K1N3 w - - 0 1', goal: { kind: 'question', ask: 'flag-result', color: 'w' } }, answer: '1/2-1/2', wrongAnswer: '0-1' },
  { kind: 'question', step: { fen: '8/8/8/8/8/2k5/8/2K1NR2 w - - 0 1', goal: { kind: 'question', ask: 'flag-result', color: 'b' } }, answer: '1-0', wrongAnswer: '1/2-1/2' },
  { kind: 'question', step: { goal: { kind: 'question', ask: 'resign-result', color: 'w' } }, answer: '0-1', wrongAnswer: '1-0' },
  { kind: 'question', step: { fen: '4k3/8/8/8/8/8/4q3/4K3 w - - 0 1', goal: { kind: 'question', ask: 'checkers' } }, answer: 'e2', wrongAnswer: 'e8' },
  { kind: 'question', step: { goal: { kind: 'question', ask: 'san', move: 'g1f3' } }, answer: { en: 'Nf3', ro: 'Cf3', es: 'Cf3' }, wrongAnswer: 'Nh3' },
];

const texted = (step) => ({ text: { en: 'Do it.', ro: 'Fă-o.', es: 'Hazlo.' }, ...step });

/** Gives the case's solving inputs; returns the last feedback. */
function solve(l, c, lang) {
  let f;
  if (c.select) return l.select(c.select);
  if (c.answer !== undefined) return l.answer(typeof c.answer === 'object' ? c.answer[lang] : c.answer);
  if (c.claim) return l.claim(c.claim[0]);
  for (const m of c.right) {
    f = l.play(m);
    assert.ok(f.status === 'progress' || f.status === 'solved', `${c.kind} ${m}: ${f.status} ${f.code} ${f.message}`);
  }
  return f;
}

test('every goal kind: solved by the right input, refused with its own sentence in each language', () => {
  const { Lesson, GOAL_KINDS } = learn;
  const covered = new Set();
  for (const c of KINDS) {
    covered.add(c.kind);
    const data = one(texted(c.step));
    const seen = new Map();
    for (const lang of LANGS) {
      const l = new Lesson(data, { lang });
      const label = `${c.kind} ${JSON.stringify(c.step.goal)} [${lang}]`;
      let wrong;
      if (c.wrong) wrong = l.play(c.wrong);
      else if (c.wrongSelect) wrong = l.select(c.wrongSelect);
      else if (c.wrongAnswer) wrong = l.answer(c.wrongAnswer);
      else if (c.illegal) wrong = l.play(c.illegal);
      if (wrong) {
        assert.equal(wrong.status, c.illegal ? 'illegal' : 'miss', `${label}: ${wrong.status} ${wrong.code}`);
        if (c.code) assert.equal(wrong.code, c.code, label);
        if (c.illegalCode) assert.equal(wrong.code, c.illegalCode, label);
        assert.ok(wrong.message.length > 10 && !/[{}]/.test(wrong.message), `${label}: "${wrong.message}"`);
        seen.set(lang, wrong.message);
        assert.equal(l.solved, false, label);
        assert.equal(l.score().tries, 1, label);
      }
      const f = solve(l, c, lang);
      assert.equal(f.status, 'solved', `${label}: ${f.code} ${f.message}`);
      assert.equal(f.lessonDone, true, label);
      assert.equal(l.solved, true);
      assert.equal(l.play('e2e4').status, 'over', label);
      l.free();
    }
    if (seen.size) assert.equal(new Set(seen.values()).size, 3, `${c.kind}: the three languages say different things: ${[...seen.values()].join(' | ')}`);
  }
  assert.deepEqual([...covered].sort(), [...GOAL_KINDS].sort(), 'every goal kind is tested here');
});

test('the question kinds are all tested', () => {
  const asked = new Set(KINDS.filter((c) => c.kind === 'question').map((c) => c.step.goal.ask));
  for (const ask of learn.QUESTION_KINDS) {
    if (!asked.has(ask)) {
      // The yes/no kinds not in KINDS are checked in the next test.
      assert.ok(['in-check', 'checkmate', 'claimable'].includes(ask), `question ${ask} untested`);
    }
  }
});

test('yes/no questions answer what the rules say, in every language\'s words', () => {
  const { Lesson } = learn;
  const cases = [
    ['in-check', '4k3/8/8/8/8/8/4q3/4K3 w - - 0 1', 'yes'],
    ['in-check', '4k3/8/8/8/8/8/3q4/4K3 w - - 0 1', 'yes'],
    ['in-check', '4k3/8/8/8/8/8/2q5/4K3 w - - 0 1', 'no'],
    ['checkmate', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'no'],
    ['checkmate', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', 'yes'],
    ['claimable', '7k/8/8/8/8/8/8/R6K w - - 100 120', 'yes'],
    ['claimable', '7k/8/8/8/8/8/8/R6K w - - 98 120', 'no'],
  ];
  const words = { en: ['yes', 'no'], ro: ['da', 'nu'], es: ['sí', 'no'] };
  for (const [ask, fen, answer] of cases) {
    for (const lang of LANGS) {
      const l = new Lesson(one(texted({ fen, goal: { kind: 'question', ask } })), { lang });
      assert.deepEqual(l.choices.map((c) => c.label), words[lang]);
      const wrong = answer === 'yes' ? words[lang][1] : words[lang][0];
      assert.equal(l.answer(wrong).status, 'miss', `${ask} ${fen} ${lang}`);
      assert.equal(l.answer(answer === 'yes' ? words[lang][0] : words[lang][1]).status, 'solved', `${ask} ${fen} ${lang}`);
      l.free();
    }
  }
});

test('illegal tries are explained by explain(), in the runner\'s language, with the squares', () => {
  const { Lesson } = learn;
  const data = one(texted({ fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', goal: { kind: 'play', move: 'e4' } }));
  const l = new Lesson(data, { lang: 'en' });
  const f = l.play({ from: 'c1', to: 'g5' });
  assert.equal(f.status, 'illegal');
  assert.equal(f.code, 'path-blocked');
  assert.match(f.message, /d2/);
  assert.ok(f.squares.includes('d2'), JSON.stringify(f.squares));
  l.lang = 'ro';
  const ro = l.message(f);
  l.lang = 'es';
  const es = l.message(f);
  assert.notEqual(ro, f.message);
  assert.notEqual(es, ro);
  assert.match(ro, /d2/);
  // SAN in the language's letters is read, and explained when illegal.
  const g = l.play('Ae3');
  assert.equal(g.status, 'illegal');
  assert.equal(l.play('hello').status, 'invalid');
  assert.equal(l.play('hello').code, 'not-a-move');
  assert.equal(l.score().tries, 4);
  assert.equal(l.play('e4').status, 'solved');
});

test('a legal move that misses keeps the step as it was; multi-move goals keep their targets', () => {
  const { Lesson } = learn;
  const l = new Lesson(one(texted({ fen: '8/8/8/8/8/8/8/R7 w - - 0 1', sandbox: true, marks: ['a6', 'f6', 'f1'], goal: { kind: 'visit' } })));
  assert.deepEqual(l.marks, ['a6', 'f6', 'f1']);
  let f = l.play('a1a6');
  assert.equal(f.status, 'progress');
  assert.equal(f.args.left, 2);
  assert.deepEqual(l.marks, ['f6', 'f1']);
  assert.equal(l.chess.turn(), 'w', 'the other side passes');
  f = l.play('a6b6');
  assert.equal(f.status, 'progress');
  assert.deepEqual(l.marks, ['f6', 'f1']);
  assert.equal(l.undo(), true);
  assert.equal(l.chess.get('a6')?.type, 'r');
  assert.deepEqual(l.marks, ['f6', 'f1']);
  assert.equal(l.undo(), true);
  assert.deepEqual(l.marks, ['a6', 'f6', 'f1']);
  assert.equal(l.chess.get('a1')?.type, 'r');
  assert.equal(l.undo(), false);
  for (const m of ['a1a6', 'a6f6', 'f6f1']) f = l.play(m);
  assert.equal(f.status, 'solved');
});

test('mate in 2: the defender resists with its longest reply; a move that lets the king out is refused', () => {
  const { Lesson } = learn;
  const l = new Lesson(one(texted({ fen: 'k7/8/2K5/8/8/8/8/1R6 w - - 0 1', goal: { kind: 'checkmate', in: 2 } })), { lang: 'es' });
  const escape = l.play('b1b2');
  assert.equal(escape.status, 'miss');
  assert.equal(escape.code, 'miss-mate-escape');
  assert.match(escape.message, /R[ab][78]/, escape.message);
  assert.equal(l.chess.fen(), 'k7/8/2K5/8/8/8/8/1R6 w - - 0 1', 'the miss is taken back');
  const first = l.play('c6c7');
  assert.equal(first.status, 'progress');
  assert.ok(first.reply, 'the defender replied');
  assert.equal(l.chess.turn(), 'w');
  const h = l.hint();
  assert.equal(h.level, 1);
  const h2 = l.hint();
  assert.equal(h2.arrows.length, 1);
  assert.equal(l.play(`${h2.arrows[0][0]}${h2.arrows[0][1]}`).status, 'solved');
  assert.equal(l.score().hints, 2);
});

test('navigation: next, prev, goTo, restart; progress and score', () => {
  const { Lesson } = learn;
  const data = {
    id: 'nav',
    title: { en: 'Nav', ro: 'Nav', es: 'Nav' },
    description: { en: 'Two steps.', ro: 'Doi pași.', es: 'Dos pasos.' },
    steps: [texted(KINDS[0].step), texted(KINDS[3].step)],
  };
  const l = new Lesson(data, { lang: 'ro' });
  assert.equal(l.description, 'Doi pași.');
  assert.equal(l.text, 'Fă-o.');
  assert.equal(l.stepCount, 2);
  assert.equal(l.prev(), false);
  assert.equal(l.play('a1a6').status, 'solved');
  assert.equal(l.done, false);
  assert.equal(l.next(), true);
  assert.equal(l.stepIndex, 1);
  assert.equal(l.play('d1d2').status, 'miss');
  l.restart();
  const f = l.play('d1d7');
  assert.equal(f.status, 'solved');
  assert.equal(f.lessonDone, true);
  assert.equal(l.done, true);
  assert.equal(l.next(), false);
  l.goTo(0);
  assert.equal(l.solved, false, 'a step visited again starts over');
  assert.equal(l.done, true, 'but the lesson stays done');
  assert.throws(() => l.goTo(2), (e) => e instanceof rocada.ChessError && e.code === 'invalid-argument');
  assert.throws(() => l.goTo('1'), (e) => e.code === 'invalid-argument');
  assert.deepEqual(l.score(), { tries: 1, hints: 0, solved: 2, steps: [{ tries: 0, hints: 0, solved: true }, { tries: 1, hints: 0, solved: true }] });
});

test('texts: literal, by language with English fallback, and keys of the author\'s table', () => {
  const { Lesson } = learn;
  const messages = { en: { t: 'Rook', s: 'Go to a6' }, es: { t: 'Torre' } };
  const l = new Lesson({ id: 'k', title: { key: 't' }, steps: [{ ...KINDS[0].step, text: { key: 's' } }] }, { messages, lang: 'es' });
  assert.equal(l.title, 'Torre');
  assert.equal(l.text, 'Go to a6');
  l.lang = 'xx';
  assert.equal(l.lang, 'en');
  const p = learn.validateLesson({ id: 'k', title: { key: 'missing' }, steps: [{ ...KINDS[0].step, text: 'x' }] }, { messages });
  assert.deepEqual(p.map((x) => [x.code, x.step, x.field]), [['missing-text', -1, 'title']]);
});

test('validation: each broken lesson gives its problem code and the step at fault', () => {
  const { validateLesson, Lesson } = learn;
  const ok = texted({ fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', goal: { kind: 'check' } });
  const cases = [
    [null, 'not-an-object', -1],
    [[], 'not-an-object', -1],
    [{ title: 'x', steps: [ok] }, 'missing-id', -1],
    [{ id: 'x', steps: [ok] }, 'missing-text', -1],
    [{ id: 'x', title: 'x', steps: [] }, 'no-steps', -1],
    [one(ok).steps.concat([]) && { id: 'x', title: 'x', steps: [ok, { goal: { kind: 'check' } }] }, 'missing-text', 1],
    [one({ ...ok, goal: { kind: 'fly' } }), 'unknown-goal', 0],
    [one({ ...ok, goal: undefined }), 'unknown-goal', 0],
    [one({ ...ok, goal: { kind: 'reach', square: 'z9' } }), 'bad-goal', 0],
    [one({ ...ok, goal: { kind: 'promote', piece: 'k' } }), 'bad-goal', 0],
    [one({ ...ok, goal: { kind: 'checkmate', in: 0 } }), 'bad-goal', 0],
    [one({ ...ok, goal: { kind: 'question', ask: 'colour' } }), 'bad-goal', 0],
    [one({ ...ok, goal: { kind: 'question', ask: 'can-castle' } }), 'bad-goal', 0],
    [one({ ...ok, marks: ['e9'] }), 'bad-square', 0],
    [one({ ...ok, fen: 'nonsense' }), 'bad-fen', 0],
    [one({ ...ok, fen: '8/8/8/8/8/8/8/R7 w - - 0 1' }), 'bad-fen', 0],
    [one({ ...ok, before: ['e2e4'] }), 'bad-before', 0],
    [one({ ...ok, side: 'b' }), 'wrong-side', 0],
    [one({ ...ok, opponent: 'random' }), 'bad-opponent', 0],
    [one({ ...ok, goal: { kind: 'escape' } }), 'not-in-check', 0],
    [one({ ...ok, goal: { kind: 'only-move' } }), 'not-only-move', 0],
    [one({ ...ok, goal: { kind: 'touch' } }), 'touched', 0],
    [one({ ...ok, goal: { kind: 'castle' } }), 'unreachable-goal', 0],
    [one({ ...ok, goal: { kind: 'en-passant' } }), 'unreachable-goal', 0],
    [one({ ...ok, goal: { kind: 'checkmate', in: 2 } }), 'unreachable-goal', 0],
    [one({ ...ok, goal: { kind: 'claim', rule: 'fifty' } }), 'unreachable-goal', 0],
    [one({ ...ok, goal: { kind: 'play', move: 'Nf3' } }), 'bad-goal', 0],
    [one({ ...ok, fen: '8/8/8/8/8/8/8/B7 w - - 0 1', sandbox: true, marks: ['b1'], goal: { kind: 'visit' } }), 'unreachable-goal', 0],
    [one({ ...ok, goal: { kind: 'question', ask: 'pinned' } }), 'no-answer', 0],
    [one({ ...ok, goal: { kind: 'question', ask: 'in-check', choices: ['maybe', 'perhaps'] } }), 'bad-goal', 0],
    [one({ ...ok, solution: ['d1d2'] }), 'bad-solution', 0],
    [one({ ...ok, solution: ['e2e4'] }), 'bad-solution', 0],
  ];
  for (const [lesson, code, step] of cases) {
    const problems = validateLesson(lesson);
    assert.ok(problems.length > 0, `${code}: no problem found in ${JSON.stringify(lesson)}`);
    assert.equal(problems[0].code, code, `${JSON.stringify(lesson)}: ${JSON.stringify(problems)}`);
    assert.equal(problems[0].step, step, code);
    assert.equal(typeof problems[0].message, 'string');
    assert.throws(
      () => new Lesson(lesson),
      (e) => e instanceof rocada.ChessError && e.code === 'invalid-lesson' && e.detail.problem === code && e.detail.step === step && e.detail.problems.length === problems.length,
      code,
    );
  }
  assert.deepEqual(validateLesson(one(ok)), []);
  // Without search, an unreachable goal is not looked for.
  assert.deepEqual(validateLesson(one({ ...ok, goal: { kind: 'castle' } }), { search: false }), []);
});

test('the runner agrees with an oracle on every legal move of random positions', () => {
  const { Lesson } = learn;
  const { Chess } = rocada;
  const oracles = {
    check: (m) => m.check,
    castle: (m) => m.isKingsideCastle() || m.isQueensideCastle(),
    'en-passant': (m) => m.isEnPassant(),
    promote: (m) => !!m.promotion,
    checkmate: (m) => m.checkmate,
    stalemate: (m, after) => after.isStalemate(),
    reach: (m, after, goal) => m.to === goal.square,
  };
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let judged = 0;
  const game = new Chess();
  for (let g = 0; g < 12; g++) {
    game.reset();
    for (let ply = 0; ply < 80 && !game.isGameOver(); ply++) {
      const moves = game.moves({ verbose: true });
      game.move(moves[rand(moves.length)].uci);
      if (ply % 9 !== 4 || game.isGameOver()) continue;
      const fen = game.fen();
      for (const [kind, oracle] of Object.entries(oracles)) {
        const goal = kind === 'reach' ? { kind, square: game.moves({ verbose: true })[0].to } : { kind };
        const l = new Lesson(one(texted({ fen, goal })), { validate: false });
        for (const m of game.moves({ verbose: true })) {
          const after = new Chess(fen);
          after.move(m.uci);
          const want = oracle(m, after, goal);
          after.free();
          const f = l.play(m.uci);
          assert.equal(f.status === 'solved', want, `${kind} ${fen} ${m.uci}: ${f.status} ${f.code}`);
          if (f.status === 'solved') l.restart();
          judged++;
        }
        l.free();
      }
    }
  }
  game.free();
  assert.ok(judged > 2000, `${judged} moves judged`);
});

test('lessons are JSON: a round trip plays the same; the runner keeps its own copy', () => {
  const { Lesson } = learn;
  const data = { id: 'rt', title: { en: 'RT', ro: 'RT', es: 'RT' }, steps: KINDS.map((c) => texted(c.step)) };
  const copy = JSON.parse(JSON.stringify(data));
  assert.deepEqual(copy, data);
  const l = new Lesson(data, { search: false });
  assert.deepEqual(l.toJSON(), copy);
  data.steps[0].goal.square = 'h8';
  assert.equal(l.step.goal.square, 'a6', 'later changes to the caller\'s object do not reach the runner');
  const again = new Lesson(JSON.parse(JSON.stringify(l.toJSON())), { search: false });
  assert.deepEqual(again.toJSON(), copy);
  l.free();
  again.free();
});

test('hostile values: lessons, options and inputs give ChessError or feedback, and the runner keeps working', () => {
  const { Lesson, validateLesson } = learn;
  const { ChessError } = rocada;
  const boom = () => {
    throw new Error('hostile');
  };
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const throwing = new Proxy({}, { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, has: boom });
  const getter = Object.defineProperty({ id: 'x', title: 't' }, 'steps', { get: boom, enumerable: true });
  const toJson = { toJSON: boom };
  const cyclic = { id: 'c', title: 't', steps: [] };
  cyclic.steps.push(cyclic);
  for (const bad of [revoked.proxy, throwing, getter, toJson, cyclic, 10n, Symbol('s'), () => 1]) {
    assert.throws(() => new Lesson(bad), (e) => e instanceof ChessError && e.code === 'invalid-lesson');
    const p = validateLesson(bad);
    assert.ok(p.length >= 1 && typeof p[0].code === 'string');
  }
  assert.throws(() => new Lesson(one(texted(KINDS[3].step)), { messages: throwing }), (e) => e instanceof ChessError || e.message === 'hostile');
  const l = new Lesson(one(texted(KINDS[3].step)));
  const inputs = [
    revoked.proxy, throwing, getter, toJson, 10n, Symbol('s'), null, undefined, 42, {}, [], { from: 'd1', to: throwing },
    { get from() { return l.play('d1d2') && 'd1'; }, to: 'd2' },
    new Proxy({ from: 'd1', to: 'd7' }, { get: (t, k) => (k === 'to' ? boom() : t[k]) }),
  ];
  for (const input of inputs) {
    let f;
    try {
      f = l.play(input);
    } catch (e) {
      assert.ok(e instanceof ChessError, `play(${String(typeof input)}): ${e}`);
      continue;
    }
    assert.ok(['illegal', 'invalid', 'miss'].includes(f.status), `${f.status}`);
    for (const fn of [() => l.answer(input), () => l.select(input), () => l.message(input)]) {
      try {
        fn();
      } catch (e) {
        assert.ok(e instanceof ChessError, String(e));
      }
    }
  }
  for (const input of inputs) {
    try {
      l.claim(input);
    } catch (e) {
      assert.ok(e instanceof ChessError, String(e));
    }
  }
  assert.equal(l.chess.fen(), '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
  assert.equal(l.play('d1d7').status, 'solved');
  l.free();
  assert.throws(() => l.play('d1d7'), (e) => e instanceof ChessError || e instanceof TypeError);
});

test('the engine as the opponent: play() says waiting, reply() answers with a legal move', async () => {
  const { Lesson } = learn;
  const engine = await rocada.Engine.create();
  try {
    const l = new Lesson(one(texted({ fen: '7k/8/8/8/8/8/8/KQ6 w - - 0 1', goal: { kind: 'checkmate' }, opponent: { engine: { level: 1 } } })), { engine });
    const f = l.play('b1b6');
    assert.equal(f.status, 'progress');
    assert.equal(f.waiting, true);
    assert.equal(l.play('b6b7').code, 'waiting');
    const r = await l.reply();
    assert.equal(r.status, 'progress');
    assert.equal(r.reply.color, 'b');
    assert.equal(l.chess.turn(), 'w');
    assert.equal(l.undo(), true);
    assert.equal(l.chess.fen(), '7k/8/8/8/8/8/8/KQ6 w - - 0 1');
    const noEngine = new Lesson(one(texted({ fen: '7k/8/8/8/8/8/8/KQ6 w - - 0 1', goal: { kind: 'checkmate' }, opponent: { engine: { level: 1 } } })));
    noEngine.play('b1b6');
    await assert.rejects(noEngine.reply(), (e) => e.code === 'invalid-argument');
  } finally {
    engine.terminate();
  }
});

test('rocada/learn is its own module: the main entry neither contains nor loads it', () => {
  const installed = join(ctx.app, 'node_modules', 'rocada');
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(pkg.exports['./learn'].default, './learn.js');
  for (const entry of ['index.js', 'node.js', 'async.js']) {
    const text = readFileSync(join(installed, entry), 'utf8');
    assert.doesNotMatch(text, /learn/, `${entry} imports no lesson code`);
  }
  const bytes = ['learn.js', 'learn-goals.js', 'learn-search.js', 'learn-text.js'].map((f) => readFileSync(join(installed, f)).length);
  assert.ok(bytes.every((n) => n > 0));
});

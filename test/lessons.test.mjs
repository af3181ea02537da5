// The curriculum, `rocada/lessons`, through the packed tarball: every lesson valid (with the
// goal searches), every step solved by its solution through the runner, every other first move
// judged as an oracle written here from the rules says (a mate goal accepts exactly the mating
// moves, a reach goal exactly the moves to the square, ...), every question with exactly the
// answers the rules give, texts in the three languages, JSON round trips, and every goal and
// question kind of the runner taught somewhere. Prints the table of lessons for the README.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packedApp } from './support/packed.mjs';

let ctx;
let learn;
let lessons;
let Chess;

before(async () => {
  ctx = packedApp('rocada-lessons-');
  writeFileSync(join(ctx.app, 'tutorial.mjs'), "export * from 'rocada/learn';\nexport { lessons } from 'rocada/lessons';\n");
  ({ Chess } = await ctx.load());
  const m = await import(pathToFileURL(join(ctx.app, 'tutorial.mjs')).href);
  learn = m;
  lessons = m.lessons;
});

after(() => ctx?.cleanup());

const LANGS = ['en', 'ro', 'es'];
const SQUARES = [...'abcdefgh'].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => f + r));

/** The oracle: does the first move `m` (a verbose Move, played on `after`) solve a one-move goal? */
const ORACLES = {
  reach: (g, m) => m.to === g.square && (!g.piece || m.piece === g.piece),
  check: (g, m) => m.check,
  checkmate: (g, m) => (g.in ?? 1) === 1 && m.checkmate,
  stalemate: (g, m, after) => after.isStalemate(),
  castle: (g, m) => (g.side === 'k' ? m.isKingsideCastle() : g.side === 'q' ? m.isQueensideCastle() : m.isKingsideCastle() || m.isQueensideCastle()),
  'en-passant': (g, m) => m.isEnPassant(),
  promote: (g, m) => !!m.promotion && (!g.piece || m.promotion === g.piece),
  'only-move': () => true,
  escape: (g, m, after, before) => {
    if (g.by === 'king') return m.piece === 'k';
    if (g.by === 'capture') return m.piece !== 'k' && before.checkers().includes(m.to);
    if (g.by === 'block') return m.piece !== 'k' && !before.checkers().includes(m.to);
    return true;
  },
  draw: (g, m, after) => after.status().termination === g.by,
  touch: () => true,
};

test('the curriculum: at least 40 steps, every goal and question kind, every lesson valid', () => {
  const { GOAL_KINDS, QUESTION_KINDS, validateLesson } = learn;
  const kinds = new Set();
  const asks = new Set();
  let steps = 0;
  const rows = [];
  for (const l of lessons) {
    assert.deepEqual(validateLesson(l), [], l.id);
    steps += l.steps.length;
    const used = new Set();
    for (const s of l.steps) {
      kinds.add(s.goal.kind);
      used.add(s.goal.kind === 'question' ? `question:${s.goal.ask}` : s.goal.kind);
      if (s.goal.ask) asks.add(s.goal.ask);
    }
    rows.push(`# ${l.id.padEnd(12)} ${String(l.steps.length).padStart(2)}  ${[...used].join(', ')}`);
  }
  console.log(`# ${lessons.length} lessons, ${steps} steps\n${rows.join('\n')}`);
  assert.ok(steps >= 40, `${steps} steps`);
  assert.deepEqual(GOAL_KINDS.filter((k) => !kinds.has(k)), [], 'goal kinds not taught');
  assert.deepEqual(QUESTION_KINDS.filter((k) => !asks.has(k)), [], 'questions not asked');
  assert.equal(new Set(lessons.map((l) => l.id)).size, lessons.length, 'ids are unique');
});

test('every text in English, Romanian and Spanish, each its own', () => {
  for (const l of lessons) {
    for (const [what, text] of [['title', l.title], ['description', l.description], ...l.steps.map((s, i) => [`step ${i}`, s.text])]) {
      for (const lang of LANGS) assert.ok(typeof text?.[lang] === 'string' && text[lang].trim().length > 1, `${l.id} ${what} ${lang}`);
      if (what.startsWith('step')) assert.equal(new Set(LANGS.map((x) => text[x])).size, 3, `${l.id} ${what}: three different texts`);
      assert.doesNotMatch(text.ro, /[şţ]/, `${l.id} ${what}: Romanian comma-below ș ț, not the cedilla forms`);
    }
  }
});

test('every step is solved by its solution, in every language, and the lesson ends done', () => {
  const { Lesson } = learn;
  for (const l of lessons) {
    for (const lang of LANGS) {
      const run = new Lesson(l, { lang, search: false });
      for (let i = 0; i < run.stepCount; i++) {
        run.goTo(i);
        const s = l.steps[i];
        let f;
        if (s.goal.kind === 'question') {
          const right = answersOf(run);
          assert.ok(right.length >= 1, `${l.id} ${i}: some answer is right`);
          run.restart();
          f = run.answer(right[0]);
        } else if (s.goal.kind === 'select') f = run.select(s.goal.square);
        else if (s.goal.kind === 'claim') f = run.claim(s.solution?.[0] ?? null);
        else for (const m of s.solution) f = run.play(m);
        assert.equal(f.status, 'solved', `${l.id} step ${i} [${lang}]: ${f.code} ${f.message}`);
        assert.ok(f.message.length > 2, `${l.id} ${i}: a message`);
      }
      assert.equal(run.done, true, `${l.id} [${lang}] done`);
      assert.equal(run.score().solved, l.steps.length);
      run.free();
    }
  }
});

/** The pieces giving check to the side to move. */
function checkersOf(chess) {
  const king = chess.findPiece({ type: 'k', color: chess.turn() })[0];
  return king ? chess.attackers(king, chess.turn() === 'w' ? 'b' : 'w') : [];
}

/** The answers a question step accepts: its choices, else the squares, else (SAN) the typed move. */
function answersOf(run) {
  const candidates = run.choices.length ? run.choices.map((c) => c.value) : SQUARES;
  const right = candidates.filter((v) => {
    run.restart();
    return run.answer(v).status === 'solved';
  });
  if (right.length || run.step.goal.ask !== 'san') return right;
  const san = run.chess.moves({ verbose: true }).find((m) => m.uci === run.step.goal.move).san;
  return [san];
}

test('questions: exactly the answers the rules give', () => {
  const { Lesson } = learn;
  const checked = new Set();
  for (const l of lessons) {
    const run = new Lesson(l, { search: false });
    for (let i = 0; i < run.stepCount; i++) {
      const g = l.steps[i].goal;
      if (g.kind !== 'question') continue;
      run.goTo(i);
      const right = answersOf(run);
      const c = run.chess;
      const expected = {
        'in-check': () => [c.inCheck() ? 'yes' : 'no'],
        checkmate: () => [c.isCheckmate() ? 'yes' : 'no'],
        stalemate: () => [c.isStalemate() ? 'yes' : 'no'],
        checkers: () => checkersOf(c).sort(),
        'can-castle': () => [c.moves({ verbose: true }).some((m) => (g.side === 'k' ? m.isKingsideCastle() : m.isQueensideCastle())) ? 'yes' : 'no'],
        'resign-result': () => [g.color === 'w' ? '0-1' : '1-0'],
        claimable: () => [c.status().canClaimFifty || c.status().canClaimThreefold ? 'yes' : 'no'],
      }[g.ask];
      if (expected) {
        assert.deepEqual(right.sort(), expected(), `${l.id} ${i} ${g.ask}`);
        checked.add(g.ask);
      } else assert.equal(right.length, 1, `${l.id} ${i} ${g.ask}: one answer (${right})`);
      // Every other choice is refused, and counted as a try.
      for (const choice of run.choices.map((x) => x.value).filter((v) => !right.includes(v))) {
        run.restart();
        assert.equal(run.answer(choice).status, 'miss', `${l.id} ${i}: ${choice}`);
      }
    }
    run.free();
  }
  assert.ok(checked.size >= 6, [...checked].join(' '));
});

test('every first move of a move step is judged as the rules say', () => {
  const { Lesson } = learn;
  let judged = 0;
  for (const l of lessons) {
    for (const [i, s] of l.steps.entries()) {
      const oracle = ORACLES[s.goal.kind];
      const multi = ['visit', 'capture'].includes(s.goal.kind) || (s.goal.kind === 'checkmate' && (s.goal.in ?? 1) > 1) || s.goal.kind === 'play';
      if (s.goal.kind === 'play') {
        // Exactly the given move solves it.
        const run = new Lesson({ ...l, steps: [s] }, { search: false });
        const all = run.chess.moves({ verbose: true });
        const want = all.find((m) => m.san === s.goal.move || m.uci === s.goal.move);
        for (const m of all) {
          run.restart();
          assert.equal(run.play(m.uci).status === 'solved', m.uci === want.uci, `${l.id} ${i}: ${m.uci}`);
          judged++;
        }
        run.free();
        continue;
      }
      if (!oracle || multi) continue;
      const run = new Lesson({ ...l, steps: [s] }, { search: false });
      const all = run.chess.moves({ verbose: true });
      for (const m of all) {
        run.restart();
        const before = run.chess;
        // The oracle's own game: the step's start and moves before, so repetitions count.
        const probe = new Chess(s.fen, { chess960: !!s.chess960, sandbox: !!s.sandbox });
        for (const b of s.before ?? []) probe.move(b);
        const checkersBefore = checkersOf(before);
        probe.move(m.uci);
        const want = oracle(s.goal, m, probe, { checkers: () => checkersBefore });
        probe.free();
        const f = run.play(m.uci);
        assert.equal(f.status === 'solved', want, `${l.id} step ${i} (${s.goal.kind}): ${m.uci} gave ${f.status} ${f.code}`);
        if (!want) assert.ok(f.status === 'miss' && f.message.length > 10, `${l.id} ${i}: ${m.uci} is refused with a reason`);
        judged++;
      }
      run.free();
    }
  }
  console.log(`# ${judged} first moves judged against the oracle`);
  assert.ok(judged > 300, `${judged}`);
});

test('multi-move steps: a first move onto a target takes it off the marks, any other leaves them; the solution\'s first move progresses', () => {
  const { Lesson } = learn;
  for (const l of lessons) {
    for (const [i, s] of l.steps.entries()) {
      if (!['visit', 'capture'].includes(s.goal.kind) && !(s.goal.kind === 'checkmate' && s.goal.in > 1)) continue;
      const run = new Lesson({ ...l, steps: [s] }, { search: false });
      const targets = new Set(s.goal.squares ?? s.marks ?? []);
      let progressed = 0;
      for (const m of run.chess.moves({ verbose: true })) {
        run.restart();
        const f = run.play(m.uci);
        if (s.goal.kind !== 'checkmate') {
          const left = [...targets].filter((t) => t !== m.to).sort();
          if (f.status !== 'solved') assert.deepEqual([...run.marks].sort(), f.status === 'miss' ? [...targets].sort() : left, `${l.id} ${i}: ${m.uci}: ${f.status}`);
          if (targets.has(m.to)) assert.equal(f.status, targets.size === 1 ? 'solved' : 'progress', `${l.id} ${i}: ${m.uci}`);
        }
        if (f.status !== 'miss') progressed++;
      }
      assert.ok(progressed >= 1, `${l.id} ${i}`);
      run.restart();
      assert.notEqual(run.play(s.solution[0]).status, 'miss', `${l.id} ${i}: the solution starts well`);
      run.free();
    }
  }
});

test('lessons are JSON: a round trip validates and plays the same', () => {
  const { Lesson, validateLesson } = learn;
  for (const l of lessons) {
    const copy = JSON.parse(JSON.stringify(l));
    assert.deepEqual(copy, l, l.id);
    assert.deepEqual(validateLesson(copy, { search: false }), []);
    const a = new Lesson(l, { search: false });
    const b = new Lesson(copy, { search: false });
    assert.deepEqual(b.toJSON(), a.toJSON());
    for (let i = 0; i < a.stepCount; i++) {
      a.goTo(i);
      b.goTo(i);
      assert.equal(b.chess.fen(), a.chess.fen(), `${l.id} ${i}`);
      assert.equal(b.text, a.text);
    }
    a.free();
    b.free();
  }
});

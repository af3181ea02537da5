// The demo's Learn mode in headless Chromium: the package's curriculum (`rocada/lessons`) run
// by the package's runner (`rocada/learn`). For every goal kind of the runner, one whole lesson
// that uses it is completed by clicks (board squares, choice buttons) and again by the keyboard
// (the move box, focused buttons and Enter), the keyboard pass in Romanian; progress is kept
// across a reload; misses and illegal tries are refused with the step's marks kept; the
// feedback follows a language switch; Play and Analyse never fetch the Learn modules.
// The way to solve each step comes from the lesson data and the package's runner in Node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { watchProblems } from './support/browser.mjs';
import { shoot, startDemo } from './support/demo.mjs';
import { Lesson, GOAL_KINDS } from '../pkg/learn.js';
import { lessons } from '../pkg/lessons.js';
import { Chess } from '../pkg/node.js';

let demo;
const problems = [];

before(async () => {
  demo = await startDemo(problems);
});

after(() => demo?.close());

/** A page in Learn (or at `hash`): see support/demo.mjs. */
const open = (options) => demo.open({ hash: '#learn', ...options });

/**
 * How to solve each step of `data`, found with the runner in Node: `{ kind, moves }` (learner
 * moves as UCI, the page's replies in between), `{ kind, answer }`, `{ kind, square }` or
 * `{ kind, claim }` (the UCI move the claim is made with, or null).
 */
function plan(data, lang = 'en') {
  const run = new Lesson(data, { search: false, lang });
  const steps = [];
  for (let i = 0; i < run.stepCount; i++) {
    run.goTo(i);
    const goal = run.goal;
    if (goal.input === 'answer' && run.choices.length) {
      const right = run.choices.find((c) => {
        run.restart();
        return run.answer(c.value).status === 'solved';
      });
      assert.ok(right, `${data.id} step ${i}: some choice is right`);
      steps.push({ kind: goal.kind, answer: right.value });
    } else if (goal.input === 'answer') {
      // Answered on the board (a square) or in the move box (a move's SAN in the language).
      const squares = [...'abcdefgh'].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => f + r));
      const square = squares.find((sq) => {
        run.restart();
        return run.answer(sq).status === 'solved';
      });
      if (square) steps.push({ kind: goal.kind, square });
      else {
        const c = new Chess(run.chess.fen(), { lang, chess960: run.chess.isChess960(), sandbox: run.chess.isSandbox() });
        const san = c.move(run.step.goal.move).san;
        c.free();
        run.restart();
        assert.equal(run.answer(san).status, 'solved', `${data.id} step ${i}: ${san}`);
        steps.push({ kind: goal.kind, typed: san });
      }
    } else if (goal.input === 'select') {
      steps.push({ kind: goal.kind, square: run.step.goal.square });
    } else if (goal.input === 'claim') {
      const sol = run.step.solution ?? [];
      const claim = sol.length ? toUci(run.chess, sol[0]) : null;
      assert.equal(run.claim(claim).status, 'solved', `${data.id} step ${i}: the claim holds`);
      steps.push({ kind: goal.kind, claim });
    } else {
      const moves = [];
      for (let guard = 0; guard < 12 && !run.solved; guard++) {
        const h = run.hint();
        const h2 = run.hint();
        assert.equal(h2.arrows.length, 1, `${data.id} step ${i}: a hint arrow (${h.message})`);
        const [from, to] = h2.arrows[0];
        const uci = run.chess.moves({ verbose: true }).find((m) => m.from === from && (m.to === to || m.uci.slice(2, 4) === to) && (!m.promotion || m.promotion === promotionOf(run)))?.uci;
        assert.ok(uci, `${data.id} step ${i}: the hinted move is legal`);
        const f = run.play(uci);
        assert.ok(f.status === 'progress' || f.status === 'solved', `${data.id} step ${i}: ${uci}: ${f.code}`);
        moves.push(uci);
      }
      assert.ok(run.solved, `${data.id} step ${i} solved by hints`);
      steps.push({ kind: goal.kind, moves, engine: !!run.step.opponent?.engine });
    }
  }
  run.free();
  return steps;
}

function promotionOf(run) {
  const g = run.step.goal;
  if (g.kind === 'promote') return g.piece ?? 'q';
  const sol = run.step.solution?.find((m) => /=?[QRBNqrbn]$/.test(m) && m.length >= 4);
  return sol ? sol.slice(-1).toLowerCase() : 'q';
}

function toUci(chess, move) {
  const c = new Chess(chess.fen(), { chess960: chess.isChess960(), sandbox: chess.isSandbox() });
  try {
    return c.move(move).uci;
  } finally {
    c.free();
  }
}

/** One lesson per goal kind: the first lesson of the curriculum that has a step of that kind. */
function lessonPerKind() {
  const chosen = new Map();
  for (const kind of GOAL_KINDS) {
    const data = lessons.find((l) => l.steps.some((s) => s.goal.kind === kind));
    assert.ok(data, `the curriculum teaches goal kind ${kind}`);
    chosen.set(data.id, data);
  }
  return [...chosen.values()];
}

async function feedback(page) {
  return { kind: await page.getAttribute('#learn-feedback', 'data-kind'), text: await page.locator('#learn-feedback').textContent() };
}

/** Plays a UCI move on the board by clicks (a promotion picked in the board's dialog). */
async function clickMove(page, uci) {
  await page.click(`[data-square="${uci.slice(0, 2)}"]`);
  await page.click(`[data-square="${uci.slice(2, 4)}"]`);
  if (uci.length === 5) await page.click(`.promotion [data-promotion="${uci[4]}"]`);
}

async function typeText(page, text) {
  await page.focus('#move-input');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function pressButton(page, selector, keyboard) {
  if (keyboard) {
    await page.focus(selector);
    await page.keyboard.press('Enter');
  } else await page.click(selector);
}

/** Completes the open lesson step by step, by clicks or by the keyboard. */
async function complete(page, data, { keyboard, lang = 'en' }) {
  const steps = plan(data, lang);
  for (const [i, s] of steps.entries()) {
    const where = `${data.id} step ${i} (${s.kind}, ${keyboard ? 'keyboard' : 'clicks'})`;
    await page.waitForSelector(`#learn-lesson[data-solved="false"]`);
    assert.equal(await page.locator('#learn-progress').textContent().then((x) => x.match(/\d+/)?.[0]), String(i + 1), where);
    if (s.answer !== undefined) await pressButton(page, `#learn-choices [data-value="${s.answer}"]`, keyboard);
    else if (s.typed) await typeText(page, s.typed);
    else if (s.square) {
      if (keyboard) await typeText(page, s.square);
      else await page.click(`[data-square="${s.square}"]`);
    } else if (s.claim !== undefined) {
      if (s.claim === null) await pressButton(page, '#learn-claim', keyboard);
      else if (keyboard) await typeText(page, s.claim);
      else await clickMove(page, s.claim);
    } else {
      for (const uci of s.moves) {
        // The page's turn: the board takes moves only when the learner is to move.
        await page.waitForSelector('#learn-lesson[data-busy="false"]', { timeout: 60_000 });
        if (keyboard) await typeText(page, uci);
        else await clickMove(page, uci);
      }
    }
    await page.waitForSelector('#learn-lesson[data-solved="true"]', { timeout: 60_000 }).catch(async () => {
      assert.fail(`${where}: not solved: ${JSON.stringify(await feedback(page))}`);
    });
    assert.equal((await feedback(page)).kind, 'ok', where);
    await pressButton(page, '#learn-next', keyboard);
  }
  await page.waitForSelector('#learn-list:not([hidden])');
  assert.equal(await page.getAttribute(`[data-lesson="${data.id}"]`, 'data-done'), 'true', `${data.id} is marked done`);
}

test('one whole lesson per goal kind, by clicks', { timeout: 600_000 }, async () => {
  const page = await open();
  await page.waitForSelector('[data-lesson]');
  assert.equal(await page.locator('[data-lesson]').count(), lessons.length, 'every lesson is listed');
  await shoot(page, 'learn-list-desktop');
  for (const data of lessonPerKind()) {
    await page.click(`[data-lesson="${data.id}"]`);
    await complete(page, data, { keyboard: false });
  }
  await page.context().close();
});

test('one whole lesson per goal kind, by the keyboard, in Romanian', { timeout: 600_000 }, async () => {
  const page = await open({ lang: 'ro-RO' });
  assert.equal(await page.locator('#tab-learn').textContent(), 'Învață', 'the language comes from the browser');
  await page.waitForSelector('[data-lesson]');
  const first = lessons[0];
  assert.equal(await page.locator(`[data-lesson="${first.id}"] .title`).textContent(), first.title.ro);
  for (const data of lessonPerKind()) {
    await pressButton(page, `[data-lesson="${data.id}"]`, true);
    await page.waitForSelector('#learn-lesson:not([hidden])');
    assert.equal(await page.locator('#learn-text').textContent(), data.steps[0].text.ro, `${data.id}: the step's text in Romanian`);
    await complete(page, data, { keyboard: true, lang: 'ro' });
  }
  await shoot(page, 'learn-done-ro-desktop');
  await page.context().close();
});

test('a miss and an illegal try are refused and explained; the marks stay; progress survives a reload', async () => {
  const page = await open();
  // A lesson whose first step is a move goal with marked squares.
  const data = lessons.find((l) => ['reach', 'visit', 'capture'].includes(l.steps[0].goal.kind) && l.steps[0].marks?.length);
  assert.ok(data, 'a lesson starts with marked targets');
  const step = data.steps[0];
  const check = new Lesson({ ...data, steps: [step] }, { search: false });
  const mine = check.chess.moves({ verbose: true });
  const solution = plan({ ...data, steps: [step] })[0].moves[0];
  // An illegal try: a piece of the learner to a square it cannot reach.
  let illegal;
  for (const row of check.chess.board()) {
    for (const sq of row) {
      if (!sq || sq.color !== check.side || illegal) continue;
      const to = ['a1', 'h8', 'b3', 'g6', 'c7', 'f2'].find((t) => t !== sq.square && !mine.some((m) => m.from === sq.square && m.to === t) && check.chess.get(t)?.color !== check.side);
      if (to) illegal = sq.square + to;
    }
  }
  // A legal move that misses the goal (restart() makes a new game each time).
  const miss = mine.find((m) => {
    check.restart();
    return check.play(m.uci).status === 'miss';
  });
  check.free();
  await page.waitForSelector('[data-lesson]');
  await page.click(`[data-lesson="${data.id}"]`);
  const marked = () => page.$$eval('.sq.mark', (els) => els.map((e) => e.dataset.square).sort());
  const targets = [...step.marks].sort();
  assert.deepEqual(await marked(), targets);
  await clickMove(page, illegal);
  let f = await feedback(page);
  assert.equal(f.kind, 'error', `${illegal}: ${f.text}`);
  assert.ok(f.text.length > 10);
  for (const t of targets) assert.ok((await marked()).includes(t), `the target ${t} is still marked after ${illegal}`);
  await shoot(page, 'learn-illegal-desktop');
  // The same feedback in Spanish, then in Romanian: the sentence follows the language.
  await page.selectOption('#lang', 'es');
  const es = (await feedback(page)).text;
  await page.selectOption('#lang', 'ro');
  const ro = (await feedback(page)).text;
  assert.notEqual(es, f.text);
  assert.notEqual(ro, es);
  await page.selectOption('#lang', 'en');
  if (miss) {
    await clickMove(page, miss.uci);
    f = await feedback(page);
    assert.equal(f.kind, 'error', `a miss: ${miss.uci}: ${f.text}`);
    assert.deepEqual(await marked(), targets, 'the miss is taken back, the targets stay');
  }
  // A hint marks the piece, then draws the move.
  await page.click('#learn-hint');
  assert.equal((await feedback(page)).kind, 'hint');
  await page.click('#learn-hint');
  assert.equal(await page.locator('#board .board-overlay line.arrow').count() > 0, true, 'an arrow is drawn');
  await clickMove(page, solution);
  // A lesson of one step marks the list; here the first step of several is remembered.
  await page.waitForSelector('#learn-lesson[data-solved="true"]').catch(() => {});
  const context = page.context();
  await page.close();
  const again = await open({ context });
  await again.waitForSelector('[data-lesson]');
  const saved = await again.evaluate(() => JSON.parse(localStorage.getItem('rocada.learn.progress') ?? '{}'));
  assert.deepEqual(saved[data.id]?.solved, [0], 'the solved step is remembered');
  assert.notEqual(await again.locator(`[data-lesson="${data.id}"] .count, [data-lesson="${data.id}"] .done`).textContent(), '');
  // Opening the lesson again resumes at its first unsolved step.
  if (data.steps.length > 1) {
    await again.click(`[data-lesson="${data.id}"]`);
    assert.match(await again.locator('#learn-progress').textContent(), /2/);
  }
  await context.close();
});

test('Play and Analyse never fetch the Learn modules; Learn fetches them once', async () => {
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  watchProblems(page, problems);
  await page.goto(demo.url + '#play');
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  await page.click('#tab-analyse');
  await page.waitForTimeout(300);
  const learnish = (p) => /\/(learn|learn-goals|learn-search|learn-text|lessons)\.js$/.test(p);
  assert.deepEqual(fetched.filter(learnish), [], 'nothing of rocada/learn or rocada/lessons before Learn');
  await page.click('#tab-learn');
  await page.waitForSelector('[data-lesson]');
  assert.ok(fetched.some(learnish), 'Learn loads them');
  await context.close();
});

test('phone size: the lesson text and the board fit, the list is readable', async () => {
  const page = await open({ width: 390, height: 844, lang: 'es-ES' });
  await page.waitForSelector('[data-lesson]');
  await shoot(page, 'learn-list-phone');
  await page.click('[data-lesson]');
  await page.waitForSelector('#learn-lesson:not([hidden])');
  await shoot(page, 'learn-lesson-phone');
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width <= 390, `the board fits (${board.width})`);
  await page.context().close();
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});

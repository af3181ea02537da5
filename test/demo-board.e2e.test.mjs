// The demo page's board (www/src/board/board.ts) in headless Chromium, served by the Vite dev
// server as test/demo.e2e.test.mjs serves it: pieces that slide to their squares (Web
// Animations, none with reduced motion, none for a new position or a piece dropped by drag),
// and Play's premoves (www/src/premove.ts): made by click, drag or keyboard while the engine
// thinks, played at once after its answer when legal then, dropped otherwise, cancelled by a
// press aside, the right button, Escape, a look back or a take-back. Screenshots go to target/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { markChange, shoot, startDemo } from './support/demo.mjs';

let demo;
let url;
const problems = []; // console errors and uncaught exceptions, from every page

/** A fresh page (own storage) at `size`, in `lang`, ready to use. */
const open = (options) => demo.open(options);

/** Starts a game from Play's form. */
async function startGame(page, { level = '1', colour = 'w', tc = '' } = {}) {
  await page.selectOption('#play-level', level);
  await page.check(`input[name="colour"][value="${colour}"]`);
  await page.selectOption('#play-tc', tc);
  await page.uncheck('#play-960');
  await page.click('#play-start');
}

before(async () => {
  demo = await startDemo(problems);
  url = demo.url;
});

after(() => demo?.close());

/**
 * Records every slide from now on: a MutationObserver on the board runs right after each
 * change of the DOM (the slides start in the same task), and notes each piece animation it
 * has not seen: the square, its state then, and where it starts (its first transform).
 */
function recordSlides(page) {
  return page.evaluate(() => {
    window.__slides = [];
    window.__slideObserver?.disconnect();
    window.__slideObserver = new MutationObserver(() => {
      for (const piece of document.querySelectorAll('#board .piece')) {
        for (const a of piece.getAnimations()) {
          if (window.__slides.some((s) => s.a === a)) continue;
          window.__slides.push({ a, square: piece.closest('[data-square]').dataset.square, state: a.playState, from: a.effect.getKeyframes()[0].transform, at: performance.now() });
        }
      }
    });
    window.__slideObserver.observe(document.querySelector('#board'), { childList: true, subtree: true, attributes: true });
  });
}

/** The slides recorded so far, sorted by square: `square:first transform:state then`. */
function slides(page) {
  return page.evaluate(() => window.__slides.map((s) => `${s.square}:${s.from}:${s.state}`).sort());
}

/**
 * Waits for every recorded slide to end; resolves to the longest time from its start to its end
 * (ms) and how many of those slides the pieces still hold (a finished slide must be gone; a
 * slide that started since, such as the engine's quick answer, is not counted).
 */
function slidesDone(page) {
  return page.evaluate(async () => {
    const slides = [...window.__slides];
    const ends = await Promise.all(slides.map((s) => s.a.finished.then(() => performance.now() - s.at)));
    const live = [...document.querySelectorAll('#board .piece')].flatMap((p) => p.getAnimations());
    const left = live.filter((a) => slides.some((s) => s.a === a)).length;
    return { longest: Math.max(0, ...ends), left };
  });
}

/** The number of plies on Play's move list. */
function plies(page) {
  return page.locator('#play-moves .ply').count();
}

/** The squares marked as the premove, sorted. */
function premoveMarks(page) {
  return page.$$eval('.sq.premove', (els) => els.map((e) => e.dataset.square).sort());
}

/** Starts a game at level 20 with White on clock `tc` and plays 1. e4 by clicks; resolves while the engine thinks. */
async function e4WhileTheEngineThinks(page, tc = '') {
  await startGame(page, { level: '20', colour: 'w', tc });
  await page.waitForSelector('#play-status:has-text("Your move")');
  await page.click('[data-square="e2"]');
  await page.click('[data-square="e4"]');
  await page.waitForSelector('#play-status:has-text("thinking")');
}

async function waitPlies(page, n, timeout = 30_000) {
  await page.waitForFunction((k) => document.querySelectorAll('#play-moves .ply').length >= k, n, { timeout });
}

/**
 * Waits until the announcer says `text`, or has said it since `recordTimeline`. The demo sets
 * it a frame after the change it tells of, so nothing may read it straight after the board or
 * the move list changes.
 */
async function waitSaid(page, text, timeout = 10_000) {
  try {
    await page.waitForFunction(
      (t) => document.querySelector('#announcer').textContent === t || (window.__timeline ?? []).some((e) => e.said === t),
      text,
      { timeout },
    );
  } catch {
    assert.fail(`the announcer never said ${JSON.stringify(text)}; it says ${JSON.stringify(await page.locator('#announcer').textContent())}`);
  }
}

async function assertThinking(page, when) {
  assert.match(await page.locator('#play-status').textContent(), /thinking/, `the engine is still thinking ${when}`);
}

/**
 * Records, from now on, each change of the status line, the move list and the announcer:
 * the plies then, the status, and the announcer's text (in `window.__timeline`).
 */
function recordTimeline(page) {
  return page.evaluate(() => {
    window.__timeline = [];
    const note = () =>
      window.__timeline.push({
        plies: document.querySelectorAll('#play-moves .ply').length,
        status: document.querySelector('#play-status').textContent,
        said: document.querySelector('#announcer').textContent,
      });
    const o = new MutationObserver(note);
    for (const id of ['play-status', 'play-moves', 'announcer']) o.observe(document.getElementById(id), { childList: true, subtree: true, characterData: true });
  });
}

test('a move slides its piece (and the engine its own) in under 0.5 s; none with reduced motion or on a flip', { timeout: 120_000 }, async () => {
  const page = await open();
  await startGame(page, { level: '1', colour: 'w', tc: '' });
  await page.waitForSelector('#play-status:has-text("Your move")');
  await recordSlides(page);
  // e2-e4 by clicks: the DOM is the new position at once, only the picture moves.
  const now = await page.evaluate(async () => {
    document.querySelector('[data-square="e2"]').click();
    document.querySelector('[data-square="e4"]').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const piece = document.querySelector('[data-square="e4"] .piece');
    return {
      e2: document.querySelector('[data-square="e2"]').dataset.piece,
      e4: document.querySelector('[data-square="e4"]').dataset.piece,
      label: document.querySelector('[data-square="e4"]').getAttribute('aria-label'),
      animations: piece.getAnimations().map((a) => a.playState),
    };
  });
  assert.deepEqual(now, { e2: '', e4: 'wp', label: 'e4, white pawn', animations: ['running'] });
  // From two rows below (e2), to its own square (the engine may have answered already).
  assert.deepEqual((await slides(page)).filter((s) => s.startsWith('e4:')), ['e4:translate(0%, 200%):running']);
  const done = await slidesDone(page);
  assert.ok(done.longest < 500, `the slide took ${done.longest.toFixed(0)} ms`);
  assert.equal(done.left, 0, 'no animation left once it landed');
  // The engine's answer slides too: one black piece.
  await waitPlies(page, 2);
  await page.waitForSelector('#play-status:has-text("Your move")');
  const all = await slides(page);
  assert.equal(all.length, 2, `one slide for each move: ${all}`);
  const reply = all.find((s) => !s.startsWith('e4:'));
  assert.match(await page.getAttribute(`[data-square="${reply.split(':')[0]}"]`, 'data-piece'), /^b/, `the engine's piece slid (${reply})`);
  await slidesDone(page);

  // Flipping the board moves every piece on the screen, and slides none.
  await recordSlides(page);
  await page.click('#flip');
  await page.click('#flip');
  assert.deepEqual(await slides(page), [], 'no slide on a flip');

  // Reduced motion: no slide, neither the player's nor the engine's.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordSlides(page);
  await page.evaluate(() => {
    document.querySelector('[data-square="d2"]').click();
    document.querySelector('[data-square="d4"]').click();
  });
  await waitPlies(page, 4);
  await page.waitForSelector('#play-status:has-text("Your move")');
  assert.equal(await page.getAttribute('[data-square="d4"]', 'data-piece'), 'wp');
  assert.deepEqual(await slides(page), [], 'no slide with prefers-reduced-motion: reduce');
  await page.context().close();
});

test('castling slides king and rook; a new position and a piece dropped by drag do not slide; clicks during a slide work', { timeout: 60_000 }, async () => {
  const page = await open({ hash: '#analyse' });
  await recordSlides(page);
  // A new position (a FEN: 10 squares change) is shown at once.
  await page.fill('#an-fen', 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1');
  await page.click('#an-fen-load');
  await page.waitForFunction(() => document.querySelector('[data-square="d1"]').dataset.piece === '');
  assert.deepEqual(await slides(page), [], 'no slide for a new position');
  // O-O by clicks: the king from e1 (two columns left of g1), the rook from h1 (two right of f1).
  await page.click('[data-square="e1"]');
  await page.click('[data-square="g1"]');
  await page.waitForFunction(() => document.querySelector('[data-square="f1"]').dataset.piece === 'wr');
  assert.deepEqual(await slides(page), ['f1:translate(200%, 0%):running', 'g1:translate(-200%, 0%):running']);
  assert.ok((await slidesDone(page)).longest < 500);
  // O-O-O by drag: the king is already where it was dropped, only the rook slides (a8 to d8).
  await recordSlides(page);
  const centre = async (sq) => {
    const b = await page.locator(`[data-square="${sq}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  await page.mouse.move(...(await centre('e8')));
  await page.mouse.down();
  await page.mouse.move(...(await centre('c8')), { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('[data-square="d8"]').dataset.piece === 'br');
  assert.equal(await page.getAttribute('[data-square="c8"]', 'data-piece'), 'bk');
  assert.deepEqual(await slides(page), ['d8:translate(-300%, 0%):running'], 'the dragged king does not slide, the rook does');
  await slidesDone(page);
  // A move while the last one still slides: the board takes it (the DOM is already the new position).
  await recordSlides(page);
  const during = await page.evaluate(async () => {
    document.querySelector('[data-square="a2"]').click();
    document.querySelector('[data-square="a3"]').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sliding = document.querySelector('[data-square="a3"] .piece').getAnimations().map((a) => a.playState);
    document.querySelector('[data-square="a7"]').click();
    document.querySelector('[data-square="a6"]').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { sliding, a6: document.querySelector('[data-square="a6"]').dataset.piece };
  });
  assert.deepEqual(during, { sliding: ['running'], a6: 'bp' });
  assert.deepEqual(await slides(page), ['a3:translate(0%, 100%):running', 'a6:translate(0%, -100%):running']);
  await page.context().close();
});

test("premove geometry: lichess's rule, through pieces, castling while the rights allow", async () => {
  const page = await open();
  const got = await page.evaluate(async () => {
    const pkg = performance.getEntriesByType('resource').map((e) => e.name).find((n) => /\/pkg\/index\.js$/.test(n));
    const { Chess } = await import(pkg);
    const { premoveDests } = await import('/src/premove.ts');
    const of = (fen, color, sq, opts) => {
      const chess = new Chess(fen, opts);
      const d = (premoveDests(chess, color).get(sq) ?? []).sort();
      chess.free();
      return d.join(' ');
    };
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    return {
      pawn: of(start, 'w', 'e2'),
      blackPawn: of(start, 'b', 'd7'),
      knight: of(start, 'w', 'g1'),
      rook: of(start, 'w', 'a1'),
      castling: of('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'w', 'e1'),
      kingSideOnly: of('r3k2r/8/8/8/8/8/8/R3K2R b k - 0 1', 'b', 'e8'),
      chess960: of('bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1', 'w', 'f1', { chess960: true }),
      chess960Far: of('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1', 'w', 'b1', { chess960: true }),
      pawnOnThe7th: of('8/4P3/8/8/8/8/8/K6k w - - 0 1', 'w', 'e7'),
    };
  });
  assert.deepEqual(got, {
    pawn: 'd3 e3 e4 f3',
    blackPawn: 'c6 d5 d6 e6',
    knight: 'e2 f3 h3',
    // Along its lines through its own pieces, as lichess.
    rook: 'a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1',
    castling: 'a1 c1 d1 d2 e2 f1 f2 g1 h1',
    kingSideOnly: 'd7 d8 e7 f7 f8 g8 h8',
    // Chess960: onto its own rooks (e1, g1), which are one step away here anyway.
    chess960: 'e1 e2 f2 g1 g2',
    // Chess960, king b1: onto the h1 rook to castle (not to g1).
    chess960Far: 'a1 a2 b2 c1 c2 h1',
    pawnOnThe7th: 'd8 e8 f8',
  });
  await page.context().close();
});

test('a premove is played right after the engine answers: board, move list, announcement, then the engine thinks again', { timeout: 60_000 }, async () => {
  const page = await open();
  await startGame(page, { level: '1', colour: 'w', tc: '' });
  await page.waitForSelector('#play-status:has-text("Your move")');
  await recordTimeline(page);
  // 1. e4, and at once (the engine thinks) g1-f3 by clicks (Enter on a square is a click too).
  const made = await page.evaluate(async () => {
    document.querySelector('[data-square="e2"]').click();
    document.querySelector('[data-square="e4"]').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!document.querySelector('#play-status').textContent.includes('thinking')) throw new Error('the engine is not thinking');
    document.querySelector('[data-square="g1"]').click();
    const dests = [...document.querySelectorAll('.sq.premove-dest')].map((e) => e.dataset.square).sort();
    const legal = document.querySelectorAll('.sq.dest').length;
    document.querySelector('[data-square="f3"]').click();
    return {
      dests,
      legal,
      marks: [...document.querySelectorAll('.sq.premove')].map((e) => e.dataset.square).sort(),
      g1: document.querySelector('[data-square="g1"]').dataset.piece,
      thinking: document.querySelector('#play-status').textContent.includes('thinking'),
    };
  });
  assert.deepEqual(made, { dests: ['e2', 'f3', 'h3'], legal: 0, marks: ['f3', 'g1'], g1: 'wn', thinking: true });
  await waitPlies(page, 3);
  const reply = await page.locator('#play-moves [data-ply="2"]').textContent();
  await waitSaid(page, `Black: ${reply}. White: Nf3`);
  const timeline = await page.evaluate(() => window.__timeline);
  assert.ok(timeline.some((e) => e.said === 'Premove: white knight from g1 to f3.'), 'the premove is announced');
  // Never the player's turn between the engine's move and the premove.
  assert.ok(!timeline.some((e) => e.plies === 2), `a moment with the engine's reply alone: ${JSON.stringify(timeline.filter((e) => e.plies === 2))}`);
  assert.ok(timeline.some((e) => e.plies === 3 && e.status.includes('thinking')), "after the premove it is the engine's turn");
  const sans = await page.$$eval('#play-moves .ply', (els) => els.map((e) => e.textContent));
  assert.equal(sans[0], 'e4');
  assert.equal(sans[2], 'Nf3');
  assert.equal(await page.getAttribute('[data-square="f3"]', 'data-piece'), 'wn');
  assert.equal(await page.getAttribute('[data-square="g1"]', 'data-piece'), '');
  assert.deepEqual(await premoveMarks(page), [], 'the marks go once it is played');
  await waitPlies(page, 4);
  await page.waitForSelector('#play-status:has-text("Your move")');
  await page.context().close();
});

test("a premove's targets are seen: a dot on an empty square, a ring on every side of an occupied one", { timeout: 60_000 }, async () => {
  const page = await open();
  await e4WhileTheEngineThinks(page);
  await page.mouse.move(0, 0);
  // The queen on d1 premoves along its lines through its own pieces: d2 (a pawn) and e2 (empty).
  const occupied = await markChange(page, 'd2', () => page.click('[data-square="d1"]'));
  await assertThinking(page, 'after the pick');
  console.log(`# d2, an occupied premove target, pixels changed: ${JSON.stringify(occupied)}`);
  for (const side of ['top', 'bottom', 'left', 'right', 'corner']) assert.ok(occupied[side] >= 40, `d2 is marked at its ${side}: ${JSON.stringify(occupied)}`);
  assert.equal(await page.locator('[data-square="e2"].premove-dest').count(), 1);
  await page.context().close();
});

test('a premove that is not legal after the answer is dropped (a pawn capture onto an empty square)', { timeout: 60_000 }, async () => {
  const page = await open();
  await startGame(page, { level: '1', colour: 'w', tc: '' });
  await page.waitForSelector('#play-status:has-text("Your move")');
  await recordTimeline(page);
  const marks = await page.evaluate(async () => {
    document.querySelector('[data-square="e2"]').click();
    document.querySelector('[data-square="e4"]').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!document.querySelector('#play-status').textContent.includes('thinking')) throw new Error('the engine is not thinking');
    document.querySelector('[data-square="e4"]').click();
    document.querySelector('[data-square="d5"]').click();
    return [...document.querySelectorAll('.sq.premove')].map((e) => e.dataset.square).sort();
  });
  assert.deepEqual(marks, ['d5', 'e4']);
  await waitPlies(page, 2);
  await page.waitForFunction(() => {
    const s = document.querySelector('#play-status').textContent;
    return s.includes('Your move') || document.querySelectorAll('#play-moves .ply').length >= 3;
  });
  const reply = await page.locator('#play-moves [data-ply="2"]').textContent();
  if (reply === 'd5') {
    // The capture is on: played.
    await waitPlies(page, 3);
    assert.equal(await page.locator('#play-moves [data-ply="3"]').textContent(), 'exd5');
    assert.equal(await page.getAttribute('[data-square="d5"]', 'data-piece'), 'wp');
    console.log('# the engine answered 1...d5: the premove exd5 was played');
  } else {
    await page.waitForSelector('#play-status:has-text("Your move")');
    assert.equal(await plies(page), 2, 'not played');
    assert.equal(await page.getAttribute('[data-square="e4"]', 'data-piece'), 'wp');
    assert.notEqual(await page.getAttribute('[data-square="d5"]', 'data-piece'), 'wp');
    assert.deepEqual(await premoveMarks(page), [], 'no premove marks');
    await waitSaid(page, `Black: ${reply}. Premove e4–d5 is not legal now: cancelled.`);
    // The player moves as usual.
    await page.click('[data-square="d2"]');
    assert.ok((await page.locator('.sq.dest').count()) > 0, 'the player may move');
    console.log(`# the engine answered 1...${reply}: the premove exd5 was dropped`);
  }
  await page.context().close();
});

test('a premove is cancelled by a press on an empty square, the right button, Escape, a look back, a take-back', { timeout: 120_000 }, async () => {
  const page = await open();
  // Level 20 without a clock thinks about 2 s a move: time for a few gestures.
  // Clicks: g1-f3, then a press on the empty a3; g1-h3, then the right button.
  await e4WhileTheEngineThinks(page);
  await page.click('[data-square="g1"]');
  assert.equal(await page.locator('.sq.dest').count(), 0, 'no legal-move dots while the engine thinks');
  await page.click('[data-square="f3"]');
  assert.deepEqual(await premoveMarks(page), ['f3', 'g1']);
  await page.click('[data-square="a3"]');
  assert.deepEqual(await premoveMarks(page), [], 'a press on an empty square cancels');
  await waitSaid(page, 'Premove cancelled.');
  await page.click('[data-square="g1"]');
  await page.click('[data-square="h3"]');
  assert.deepEqual(await premoveMarks(page), ['g1', 'h3'], 'a new premove');
  await page.click('[data-square="d6"]', { button: 'right' });
  assert.deepEqual(await premoveMarks(page), [], 'the right button cancels');
  await assertThinking(page, 'after the first gestures');
  await page.waitForSelector('#play-status:has-text("Your move")', { timeout: 30_000 });
  assert.equal(await plies(page), 2, 'no premove played');
  assert.equal(await page.getAttribute('[data-square="g1"]', 'data-piece'), 'wn');

  // Drag: g1 onto f3, then Escape; a second premove replaces the first.
  await page.click('[data-square="d2"]');
  await page.click('[data-square="d4"]');
  await page.waitForSelector('#play-status:has-text("thinking")');
  const centre = async (sq) => {
    const b = await page.locator(`[data-square="${sq}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  await page.mouse.move(...(await centre('g1')));
  await page.mouse.down();
  await page.mouse.move(...(await centre('f3')), { steps: 5 });
  await page.mouse.up();
  assert.deepEqual(await premoveMarks(page), ['f3', 'g1']);
  assert.equal(await page.getAttribute('[data-square="g1"]', 'data-piece'), 'wn', 'the piece stays until the premove is played');
  await page.click('[data-square="b1"]');
  await page.click('[data-square="c3"]');
  assert.deepEqual(await premoveMarks(page), ['b1', 'c3'], 'the second premove replaces the first');
  await page.keyboard.press('Escape');
  assert.deepEqual(await premoveMarks(page), [], 'Escape cancels');
  await waitSaid(page, 'Premove cancelled.');
  // Looking back at an earlier position cancels it too (it would be hidden there).
  await page.click('[data-square="b1"]');
  await page.click('[data-square="c3"]');
  assert.deepEqual(await premoveMarks(page), ['b1', 'c3']);
  await page.click('#play-moves [data-ply="1"]');
  await page.click('#play-live');
  assert.deepEqual(await premoveMarks(page), [], 'looking back cancels');
  await assertThinking(page, 'after the drag, Escape and a look back');
  await page.waitForSelector('#play-status:has-text("Your move")', { timeout: 30_000 });
  assert.equal(await plies(page), 4, 'no premove played');

  // The keyboard: Enter on g1, the arrows to f3, Enter; then Take back while the engine thinks.
  await page.click('[data-square="c2"]');
  await page.click('[data-square="c3"]');
  await page.waitForSelector('#play-status:has-text("thinking")');
  await page.focus('[data-square="g1"]');
  await page.keyboard.press('Enter');
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowLeft', 'Enter']) await page.keyboard.press(key);
  assert.deepEqual(await premoveMarks(page), ['f3', 'g1'], 'a premove by the keyboard');
  await assertThinking(page, 'after the keyboard premove');
  await page.click('#play-takeback');
  assert.deepEqual(await premoveMarks(page), [], 'a take-back cancels');
  await page.waitForSelector('#play-status:has-text("Your move")');
  assert.equal(await plies(page), 4);
  // Not played into the position after the take-back, nor later.
  await page.waitForTimeout(2500);
  assert.equal(await plies(page), 4);
  assert.equal(await page.getAttribute('[data-square="g1"]', 'data-piece'), 'wn');
  assert.equal(await page.getAttribute('[data-square="c2"]', 'data-piece'), 'wp');
  await page.context().close();
});

test('a premove on a running clock (3+2) presses the clock; a screenshot of a premove', { timeout: 120_000 }, async () => {
  const page = await open();
  await e4WhileTheEngineThinks(page, '3+2');
  await page.click('[data-square="g1"]');
  await page.click('[data-square="f3"]');
  assert.deepEqual(await premoveMarks(page), ['f3', 'g1']);
  // The player's clock stands while the engine thinks.
  const mine = Number(await page.getAttribute('#player-bottom .clock', 'data-ms'));
  await shoot(page, 'play-premove-desktop');
  await assertThinking(page, 'after the screenshot (it shows the premove)');
  await waitPlies(page, 3, 60_000);
  const after = await page.evaluate(() => {
    const at = (id) => {
      const c = document.querySelector(`#${id} .clock`);
      return { ms: Number(c.dataset.ms), running: c.classList.contains('running') };
    };
    return { you: at('player-bottom'), engine: at('player-top'), third: document.querySelector('#play-moves [data-ply="3"]')?.textContent };
  });
  assert.equal(after.third, 'Nf3');
  assert.deepEqual([after.you.running, after.engine.running], [false, true], "the premove pressed the clock: the engine's runs");
  // Pressed at once, it gained the 2 s increment.
  assert.ok(after.you.ms > mine + 1500, `the player's clock: ${mine} ms at the premove, ${after.you.ms} ms after it`);
  await page.context().close();
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});

// Analyse's game review (www/src/analyse/review.ts) in headless Chromium, served by the Vite
// dev server as `npm start` serves it: every position of the main line evaluated by an engine
// of its own, the evaluation graph, the judgements (?!, ?, ??) in the move list and the
// summary, "Best was ..." (checked through the package in Node), clicks on the graph, a
// language switch mid-review, stopping, leaving Analyse, a new game that drops the review, no
// long main-thread task while it runs, and no console error. Writes the screenshots
// analyse-review-desktop and analyse-review-phone to target/screenshots/ (not committed).
// Needs Debian's chromium (scripts/bootstrap.sh installs it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, Engine } from 'rocada';
import { watchProblems } from './support/browser.mjs';
import { installProbe, PROBE_STALL_MS, shoot, startDemo } from './support/demo.mjs';

/** 3...Nf6 allows 4. Qxf7#: a blunder. */
const BLUNDER = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0';
const AFTER_QH5 = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
/**
 * 2...e5 in the Sicilian gives up d5 for good: an inaccuracy by the engine's own judgement
 * (a loss of 7.4 points of win% at 150,000 nodes, mid-way between the thresholds 5 and 10;
 * `reviewLoss` recomputes it through the package, so an engine change that moves it out of
 * the band fails here by name, and the page is checked against the same figure).
 */
const INACCURACY = '1. e4 c5 2. Nf3 e5 *';

/** The review's nodes a position (www/src/analyse/review.ts `REVIEW_NODES`). */
const REVIEW_NODES = 150_000;

/**
 * The last move's loss of winning chances for its mover, as the page's review computes it: a
 * fresh engine, each position of `pgn`'s moves in turn at REVIEW_NODES, lichess's curve.
 */
async function reviewLoss(pgn) {
  const win = (cp) => 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
  const engine = await Engine.create();
  const chess = new Chess();
  const moves = pgn.replace(/\d+\.|\*/g, ' ').trim().split(/\s+/);
  const wins = [];
  try {
    for (let i = 0; i <= moves.length; i++) {
      const { score } = await engine.bestMove(chess, { nodes: REVIEW_NODES });
      const cp = 'cp' in score ? score.cp : Math.sign(score.mate) * 100_000;
      wins.push(win(chess.turn() === 'w' ? cp : -cp));
      if (i < moves.length) chess.move(moves[i]);
    }
  } finally {
    engine.terminate();
    chess.free();
  }
  const white = moves.length % 2 === 1;
  return (white ? 1 : -1) * (wins.at(-2) - wins.at(-1));
}
/** A 40-move game (81 positions), the engine against itself at a low level. */
const GAME40 = `1. Nf3 Nf6 2. Nc3 d6 3. d4 d5 4. e3 Nc6 5. a3 a6 6. Ne5 Qd6 7. Nxc6 Bg4 8. f3 Qxc6
9. fxg4 Qe6 10. Qf3 Rd8 11. Bd3 h5 12. g5 g6 13. gxf6 exf6 14. Bd2 f5 15. Qf4 Bd6
16. Qh4 Be7 17. Qg3 c6 18. O-O O-O 19. Bxf5 Qd6 20. Qxd6 Bxd6 21. Bh3 Rfe8 22. g3 f5
23. Na4 Re7 24. Ba5 Rf8 25. Rf3 Kh7 26. Rd1 Rfe8 27. Re1 h4 28. g4 f4 29. Bd2 g5
30. Bg2 Re4 31. Nc3 R4e7 32. Bh3 Re6 33. Bg2 Kg7 34. Na4 Kf7 35. Ref1 Rg6 36. exf4 Re2
37. R1f2 Rxf2 38. Kxf2 gxf4 39. Bh3 Ke6 40. Nc5+ Bxc5 *`;

let demo;
const problems = []; // console errors and uncaught exceptions, from every page

/** A fresh page (own storage) at `size`, in `lang`, in Analyse. */
const open = (options) => demo.open({ ...options, hash: '#analyse' });

async function loadPgn(page, pgn) {
  await page.fill('#an-pgn', pgn);
  await page.click('#an-pgn-load');
}

const state = (page) => page.getAttribute('#an-review', 'data-state');

/** Starts the review and waits for its end. */
async function review(page, timeout = 60_000) {
  await page.click('#an-review-toggle');
  await page.waitForFunction(() => document.querySelector('#an-review')?.dataset.state === 'done', null, { timeout });
}

/** White's winning chances (0 to 100) as the graph draws them: one vertex of its line per position, x from 0 to 1000. */
async function graphPoints(page) {
  const d = (await page.getAttribute('svg.graph .line', 'd')) ?? '';
  return d
    .slice(1)
    .split('L')
    .filter(Boolean)
    .map((p) => {
      const [x, y] = p.split(',').map(Number);
      return { x, win: 100 - y };
    });
}

/** The judged moves of the move list: text of the move and glyph, and the judgement. */
function treeJudgements(page) {
  return page.$$eval('#an-tree .mv .judgement', (els) => els.map((e) => ({ move: e.parentElement.textContent, judgement: e.dataset.judgement })));
}

/** The tree's judgements of mistakes and blunders. */
async function worseThanInaccuracies(page) {
  return (await treeJudgements(page)).filter((j) => j.judgement !== 'inaccuracy');
}

/** The summary's cell for a side (w or b) and a row (inaccuracy, mistake, blunder, acpl). */
function cell(page, row, side) {
  return page.textContent(`.review-summary tr[data-row="${row}"] td[data-side="${side}"]`);
}

/** The dedicated workers of the page that run (the page's shared engine, the review's). */
async function workers(page, expected) {
  const deadline = Date.now() + 10_000;
  while (page.workers().length !== expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return page.workers().length;
}

/** Clicks the graph at `ply` of a line of `plies` positions. */
async function clickGraph(page, ply, plies) {
  const box = await page.locator('svg.graph').boundingBox();
  await page.mouse.click(box.x + ((box.width - 1) * ply) / (plies - 1) + 0.5, box.y + box.height / 2);
}

before(async () => {
  demo = await startDemo(problems);
});

after(() => demo?.close());

test('Review: 3...Nf6 allowing mate is a blunder (??), with a best move that prevents the mate; the graph and its clicks', { timeout: 120_000 }, async () => {
  const page = await open();
  await loadPgn(page, BLUNDER);
  assert.equal(await state(page), 'idle');
  assert.equal(await page.isVisible('svg.graph'), false, 'no graph before a review');
  await review(page);
  const moves = await page.locator('#an-tree .mv').count();
  const points = await graphPoints(page);
  assert.equal(points.length, moves + 1, 'one point per position, the start included');
  assert.equal(await page.textContent('#an-review-progress'), `Reviewed: ${moves + 1} positions, 150,000 nodes each.`);
  // The mate on the board is White's: 100%.
  assert.equal(points.at(-1).win, 100);
  // 3...Nf6 (ply 6) costs Black at least 15 points of winning chances on the graph: a blunder.
  assert.ok(points[5].win - points[6].win <= -15, `Black's loss at 3...Nf6: ${points[6].win - points[5].win}`);
  // The only mistake or blunder (3.Qh5, the Scholar's mate try, may be judged an inaccuracy:
  // the engine's opinion of it, which the king-mirrored net holds).
  assert.deepEqual(await worseThanInaccuracies(page), [{ move: 'Nf6??', judgement: 'blunder' }], 'the only mistake or blunder');
  const dots = await page.$$eval('svg.graph .dot', (els) => els.map((e) => [e.dataset.ply, e.dataset.judgement]));
  assert.deepEqual(dots.filter(([, j]) => j !== 'inaccuracy'), [['6', 'blunder']]);
  assert.equal(await cell(page, 'blunder', 'b'), '1');
  assert.equal(await cell(page, 'blunder', 'w'), '0');
  assert.ok(Number(await cell(page, 'acpl', 'b')) > Number(await cell(page, 'acpl', 'w')), 'Black lost more');
  assert.match(await page.getAttribute('svg.graph', 'aria-label'), /8 of 8 positions reviewed\). White: inaccuracies \d+, mistakes 0, blunders 0, average centipawn loss \d+\. Black: inaccuracies 0, mistakes 0, blunders 1,/);
  // The summary's button goes to the move; the note names the engine's move.
  const button = page.locator('.review-moves .review-move[data-ply="6"]');
  assert.equal(await button.textContent(), '3…Nf6??');
  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent('#an-tree [aria-current]'), 'Nf6??');
  const note = await page.textContent('.review-note');
  const best = /^3…Nf6\?\? Blunder\. Best was (\S+)\.$/.exec(note)?.[1];
  assert.ok(best, `the note: ${note}`);
  // Checked in Node: after the engine's move, White has no mate in one.
  const chess = new Chess(AFTER_QH5);
  chess.move(best);
  for (const reply of chess.moves()) {
    chess.move(reply);
    assert.equal(chess.isCheckmate(), false, `${best} ${reply} is mate`);
    chess.undo();
  }
  chess.free();
  // A click on the graph goes to that ply of the main line.
  await clickGraph(page, 3, points.length);
  assert.equal(await page.textContent('#an-tree [aria-current]'), '2.Bc4');
  await clickGraph(page, 7, points.length);
  assert.equal(await page.textContent('#an-tree [aria-current]'), '4.Qxf7#');
  await clickGraph(page, 0, points.length);
  assert.equal(await page.locator('#an-tree [aria-current]').count(), 0, 'the start: no move is current');
  // The best move's button plays it as a variation: the main line, and its review, stay.
  await button.click();
  await page.click('.review-note .pv-move');
  assert.equal(await page.textContent('#an-tree [aria-current]'), `3…${best}`);
  assert.equal(await page.locator('#an-tree .var').count(), 1);
  assert.equal(await state(page), 'done');
  assert.deepEqual(await worseThanInaccuracies(page), [{ move: 'Nf6??', judgement: 'blunder' }]);
  // The judgements are not the user's NAGs: not in the PGN.
  await page.click('#an-pgn-out');
  const movetext = (await page.inputValue('#an-pgn')).split('\n\n')[1];
  assert.match(movetext, /Nf6/);
  assert.doesNotMatch(movetext, /\$\d|\?/);
  await page.context().close();
});

test('Review: 2...e5 (Sicilian) is an inaccuracy (?!); a variation keeps the review, a move at the end of the main line drops it', { timeout: 120_000 }, async () => {
  const expected = await reviewLoss(INACCURACY);
  assert.ok(expected >= 5 && expected < 10, `the example is no longer an inaccuracy for this engine (loss ${expected.toFixed(1)}): pick another`);
  const page = await open();
  await loadPgn(page, INACCURACY);
  // The live analysis (the page's engine) runs through the review (the review's engine).
  await page.click('#an-toggle');
  await page.waitForFunction(() => document.querySelector('#an-lines .depth'), null, { timeout: 30_000 });
  const depth = async () => Number(/\d+/.exec(await page.textContent('#an-lines li:first-child .depth'))[0]);
  const depthBefore = await depth();
  await review(page);
  assert.equal(await page.textContent('#an-toggle'), 'Stop analysis');
  await page.waitForFunction((d) => Number(/\d+/.exec(document.querySelector('#an-lines li:first-child .depth')?.textContent ?? '')?.[0]) > d, depthBefore, { timeout: 30_000 });
  assert.ok((await depth()) > depthBefore, 'the live analysis went on searching');
  await page.click('#an-toggle');
  const points = await graphPoints(page);
  assert.equal(points.length, 5);
  const loss = points[3].win - points[4].win;
  assert.ok(Math.abs(-loss - expected) < 0.05, `Black's loss at 2...e5 on the graph: ${-loss}, the package's: ${expected}`);
  assert.deepEqual(await treeJudgements(page), [{ move: 'e5?!', judgement: 'inaccuracy' }]);
  assert.equal(await cell(page, 'inaccuracy', 'b'), '1');
  await page.click('.review-moves .review-move');
  assert.match(await page.textContent('.review-note'), /^2…e5\?! Inaccuracy\. Best was \S+\.$/);
  // A variation at 2. Nf3: the main line is the same.
  await page.click('#an-tree .mv:has-text("Nf3")');
  await page.fill('#move-input', 'Nc6');
  await page.press('#move-input', 'Enter');
  assert.equal(await state(page), 'done');
  assert.equal((await treeJudgements(page)).length, 1);
  // A move at the end of the main line: another main line, the review is dropped.
  await page.click('#an-tree .mv[data-uci="e7e5"]');
  await page.fill('#move-input', 'Nc3');
  await page.press('#move-input', 'Enter');
  assert.equal(await state(page), 'idle');
  assert.deepEqual(await treeJudgements(page), []);
  assert.equal(await page.isVisible('svg.graph'), false);
  assert.equal(await page.textContent('#an-review-toggle'), 'Review the game');
  assert.equal(await page.isEnabled('#an-review-toggle'), true);
  await page.context().close();
});

test('Review: a 40-move game, a language switch mid-review, stopped by leaving Analyse, continued, no long main-thread task', { timeout: 300_000 }, async () => {
  const page = await open();
  // Long tasks (> 50 ms) of the main thread, and a probe: a worker whose 5 ms timer loop
  // records when it was itself held up (machine-wide stalls, as in demo-offline.e2e.test.mjs).
  await page.evaluate(installProbe, PROBE_STALL_MS);
  const idle = await workers(page, 2); // the page's engine and the probe
  await loadPgn(page, GAME40);
  const started = Date.now();
  await page.click('#an-review-toggle');
  await page.waitForFunction(() => /^Reviewing: ([3-9]|\d\d) \/ 81$/.test(document.querySelector('#an-review-progress')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.equal(await workers(page, idle + 1), idle + 1, 'the review runs on an engine of its own');
  assert.equal(await page.textContent('#an-review-toggle'), 'Stop the review');
  // Spanish, mid-review: every text of the review.
  await page.selectOption('#lang', 'es');
  assert.match(await page.textContent('#an-review-progress'), /^Revisando: \d+ \/ 81$/);
  assert.equal(await page.textContent('#an-review-toggle'), 'Detener la revisión');
  assert.deepEqual(await page.$$eval('.review-summary thead th', (els) => els.map((e) => e.textContent)), ['Blancas', 'Negras']);
  assert.deepEqual(await page.$$eval('.review-summary tbody .name', (els) => els.map((e) => e.textContent)), ['Imprecisiones', 'Errores', 'Errores graves', 'Pérdida media en centipeones']);
  assert.match(await page.getAttribute('svg.graph', 'aria-label'), /^Gráfico de evaluación: .*\(\d+ de 81 posiciones revisadas\)\. Blancas: imprecisiones \d+/);
  // Leaving Analyse stops the review (and its engine), keeping what it found.
  await page.click('#tab-play');
  assert.equal(await workers(page, idle), idle, "the review's engine is stopped");
  await page.click('#tab-analyse');
  assert.equal(await state(page), 'stopped');
  const stoppedAt = Number(/^Revisión detenida en (\d+) \/ 81\.$/.exec(await page.textContent('#an-review-progress'))?.[1]);
  assert.ok(stoppedAt >= 3 && stoppedAt < 81, `stopped at ${stoppedAt}`);
  assert.equal((await graphPoints(page)).length, stoppedAt, 'the graph keeps what was found');
  assert.equal(await page.textContent('#an-review-toggle'), 'Continuar la revisión');
  // Continued to the end.
  const window0 = await page.evaluate(() => performance.now());
  await review(page, 240_000);
  const window1 = await page.evaluate(() => performance.now());
  console.log(`# review of 81 positions: ${((Date.now() - started) / 1000).toFixed(1)} s, with a stop and a continuation`);
  assert.equal((await graphPoints(page)).length, 81);
  assert.equal(await page.textContent('#an-review-progress'), 'Revisadas: 81 posiciones, 150.000 nodos cada una.');
  assert.equal(await workers(page, idle), idle, "the review's engine is terminated at the end");
  const judged = await treeJudgements(page);
  assert.ok(judged.length > 0, 'a game at a low level has judged moves');
  assert.equal(await page.locator('.review-moves .review-move').count(), judged.length, 'each judged move is a button of the summary');
  const counts = {};
  for (const row of ['inaccuracy', 'mistake', 'blunder']) counts[row] = Number(await cell(page, row, 'w')) + Number(await cell(page, row, 'b'));
  for (const row of ['inaccuracy', 'mistake', 'blunder']) {
    assert.equal(counts[row], judged.filter((j) => j.judgement === row).length, `the summary counts the ${row}s of the move list`);
  }
  // The note in Spanish, then in English after a switch back.
  await page.click('.review-moves .review-move');
  assert.match(await page.textContent('.review-note'), /^\d+(\.|…)\S+(\?!|\?|\?\?) (Imprecisión|Error|Error grave)\. La mejor era \S+\.$/);
  await page.selectOption('#lang', 'en');
  assert.match(await page.textContent('.review-note'), /^\d+(\.|…)\S+(\?!|\?|\?\?) (Inaccuracy|Mistake|Blunder)\. Best was \S+\.$/);
  assert.equal(await page.textContent('.review-summary thead th'), 'White');
  await page.locator('#an-tree [aria-current]').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'analyse-review-desktop');
  // No main-thread task over 50 ms while the review ran, but for the machine's stalls.
  const tasks = await page.evaluate(([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b), [window0, window1]);
  const stalls = await page.evaluate(() => window.__probeStalls());
  const fmt = (list) => list.map((t) => `${t.duration.toFixed(0)} ms`).join(', ') || 'none';
  console.log(`# main-thread tasks over 50 ms during the review: ${fmt(tasks)}; probe stalls: ${stalls.filter(([s, e]) => s < window1 && window0 < e).length}`);
  const machine = (t) => stalls.some(([s, e]) => s < t.start + t.duration && t.start < e);
  assert.ok(tasks.every(machine), `a main-thread task over 50 ms (${fmt(tasks)}) while the probe worker ran on time`);
  // Another PGN, loaded mid-review, drops it: its engine stops, nothing of it stays.
  await loadPgn(page, INACCURACY);
  await page.click('#an-review-toggle');
  await workers(page, idle + 1);
  await loadPgn(page, BLUNDER);
  assert.equal(await state(page), 'idle');
  assert.equal(await workers(page, idle), idle, "the dropped review's engine is stopped");
  assert.deepEqual(await treeJudgements(page), []);
  assert.equal(await page.isVisible('svg.graph'), false);
  await page.context().close();
});

test('Review: a position without moves has nothing to review, and nothing throws', async () => {
  const page = await open();
  const mine = [];
  watchProblems(page, mine);
  await page.fill('#an-fen', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
  await page.press('#an-fen', 'Enter');
  assert.equal(await page.isDisabled('#an-review-toggle'), true);
  await page.evaluate(() => document.querySelector('#an-review-toggle').click());
  await page.$eval('#an-review-toggle', (b) => {
    b.disabled = false;
    b.click();
  });
  assert.equal(await state(page), 'idle');
  assert.equal(await page.isVisible('svg.graph'), false);
  // One move made: there is something to review.
  await page.fill('#an-fen', '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1');
  await page.press('#an-fen', 'Enter');
  await page.fill('#move-input', 'Qf7');
  await page.press('#move-input', 'Enter');
  await review(page);
  // Stalemate: a draw, 50%, without a search.
  const points = await graphPoints(page);
  assert.equal(points.length, 2);
  assert.equal(points[1].win, 50);
  assert.deepEqual(await treeJudgements(page), [{ move: '1.Qf7??', judgement: 'blunder' }], 'stalemating with a queen up is a blunder');
  await page.waitForTimeout(300);
  assert.deepEqual(mine, []);
  await page.context().close();
});

test('Review at phone size: the graph fits, below the move list', { timeout: 120_000 }, async () => {
  const page = await open({ width: 390, height: 844 });
  await loadPgn(page, BLUNDER);
  await review(page);
  await page.click('.review-moves .review-move');
  const graph = await page.locator('svg.graph').boundingBox();
  const tree = await page.locator('#an-tree').boundingBox();
  assert.ok(graph.x >= 0 && graph.x + graph.width <= 390, `the graph fits the width (${graph.x}, ${graph.width})`);
  assert.ok(graph.y > tree.y + tree.height, 'below the move list');
  await page.locator('.review-summary').scrollIntoViewIfNeeded();
  await shoot(page, 'analyse-review-phone');
  await page.context().close();
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});

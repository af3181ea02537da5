// `Engine` from the packed tarball in Node (a worker thread per engine): mates, the reports,
// MultiPV, stopping (stop(), AbortSignal) quickly, terminate() and process exit, a crashed
// worker replaced, game history reaching the search (threefold repetition), levels, errors,
// the in-thread mode, and `npx rocada-uci` speaking UCI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { packedApp, root, run } from './support/packed.mjs';
import { randomNet } from './support/net.mjs';

let ctx;
let rocada;
let engine;

before(async () => {
  ctx = packedApp('rocada-engine-');
  rocada = await ctx.load();
  engine = await rocada.Engine.create();
});

after(() => {
  engine?.terminate();
  ctx?.cleanup();
});

const MATE_IN_1 = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
const MATE_IN_2 = 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10';
const MIDDLEGAME = 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8';
/** Codes seen by the tests below, compared with chess_error.d.ts's EngineErrorCode at the end. */
const engineCodes = new Set();

/** Plays `pv` (UCI) from `fen`; returns the game (throws on an illegal move). */
function play(fen, pv) {
  const chess = new rocada.Chess(fen);
  for (const m of pv) chess.move(m);
  return chess;
}

test('mate in 1 and mate in 2', async () => {
  const one = await engine.bestMove(MATE_IN_1, { depth: 6 });
  assert.equal(one.move, 'd1d8');
  assert.equal(one.san, 'Rd8#');
  assert.deepEqual(one.score, { mate: 1 });

  const two = await engine.bestMove(MATE_IN_2, { depth: 8 });
  assert.deepEqual(two.score, { mate: 2 });
  assert.equal(two.san, 'Nf6+');
  assert.equal(two.pv.length, 3);
  assert.ok(play(MATE_IN_2, two.pv).isCheckmate(), 'the PV mates');
  // And there is no mate in 1 to find instead.
  const start = new rocada.Chess(MATE_IN_2);
  assert.ok(start.moves().every((m) => !m.endsWith('#')));
});

test('onInfo streams increasing depths, with the PV in UCI and SAN', async () => {
  const infos = [];
  const result = await engine.bestMove(MIDDLEGAME, { depth: 9, onInfo: (i) => infos.push(i) });
  assert.ok(infos.length >= 9);
  for (let k = 1; k < infos.length; k++) assert.ok(infos[k].depth >= infos[k - 1].depth, 'depths never decrease');
  assert.deepEqual([...new Set(infos.map((i) => i.depth))], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  for (const info of infos) {
    assert.equal(info.multiPv, 1);
    assert.ok(info.pv.length >= 1 && info.pv.length === info.pvSan.length);
    const chess = new rocada.Chess(MIDDLEGAME);
    assert.deepEqual(info.pv.map((m) => chess.move(m).san), info.pvSan, 'pvSan is the SAN of pv');
    assert.ok(info.nodes > 0 && info.seldepth >= 1 && info.hashfull >= 0 && info.timeMs >= 0);
    assert.ok('cp' in info.score || 'mate' in info.score);
  }
  assert.equal(result.depth, 9);
  assert.equal(result.move, result.pv[0]);
  assert.equal(result.san, result.pvSan[0]);
  assert.equal(result.ponder, result.pv[1]);
  assert.ok(result.seldepth >= 9 && result.nodes >= infos.at(-1).nodes);
  assert.ok(new rocada.Chess(MIDDLEGAME).moves({ verbose: true }).some((m) => m.uci === result.move));
});

test('MultiPV 3 gives three different lines, best first', async () => {
  const infos = [];
  const r = await engine.bestMove(MIDDLEGAME, { depth: 7, multiPv: 3, onInfo: (i) => infos.push(i) });
  assert.equal(r.lines.length, 3);
  assert.deepEqual(r.lines.map((l) => l.multiPv), [1, 2, 3]);
  assert.equal(new Set(r.lines.map((l) => l.pv[0])).size, 3, 'three different first moves');
  assert.ok(r.lines.every((l) => l.depth === 7));
  const cp = r.lines.map((l) => l.score.cp);
  assert.ok(cp[0] >= cp[1] && cp[1] >= cp[2], `sorted: ${cp}`);
  assert.deepEqual(new Set(infos.map((i) => i.multiPv)), new Set([1, 2, 3]));
  // Without multiPv there are no lines.
  assert.equal((await engine.bestMove(MIDDLEGAME, { depth: 3 })).lines, undefined);
});

test('stop() and an AbortSignal settle at once; the next search works', async () => {
  const infos = [];
  const analysis = engine.analyze(new rocada.Chess(), {}, (i) => infos.push(i));
  await new Promise((r) => setTimeout(r, 400));
  let t = performance.now();
  const stopped = await analysis.stop();
  const stopMs = performance.now() - t;
  assert.ok(stopMs < 50, `stop() took ${stopMs.toFixed(1)} ms`);
  assert.equal(await analysis.result, stopped);
  assert.equal(stopped.move, infos.filter((i) => i.multiPv === 1).at(-1).pv[0], 'the last reported best move');
  assert.ok(new rocada.Chess().moves({ verbose: true }).some((m) => m.uci === stopped.move));

  // engine.stop() on a bestMove, before any report arrived: a move all the same.
  const early = engine.bestMove(MIDDLEGAME, { infinite: true });
  const r = await engine.stop();
  assert.equal(await early, r);
  assert.ok(new rocada.Chess(MIDDLEGAME).moves({ verbose: true }).some((m) => m.uci === r.move));
  assert.equal(await engine.stop(), undefined, 'nothing to stop');

  const controller = new AbortController();
  const aborted = engine.bestMove(MIDDLEGAME, { infinite: true, signal: controller.signal });
  await new Promise((r) => setTimeout(r, 200));
  t = performance.now();
  controller.abort();
  await assert.rejects(aborted, { name: 'AbortError' });
  assert.ok(performance.now() - t < 50);
  await assert.rejects(engine.bestMove(MIDDLEGAME, { depth: 3, signal: AbortSignal.abort() }), { name: 'AbortError' });

  // A new search over a running one ends the first with its best line.
  const first = engine.bestMove(MIDDLEGAME, { infinite: true });
  await new Promise((r) => setTimeout(r, 100));
  const second = engine.bestMove(MATE_IN_1, { depth: 4 });
  assert.ok((await first).move);
  assert.equal((await second).san, 'Rd8#');
});

test('time limits: movetime and a clock', async () => {
  const timed = await engine.bestMove(MIDDLEGAME, { movetimeMs: 150 });
  assert.ok(timed.timeMs >= 140 && timed.timeMs < 400, `${timed.timeMs} ms`);
  // 1 s left and no increment: a small share of it.
  const t = performance.now();
  await engine.bestMove(MIDDLEGAME, { wtimeMs: 1000, btimeMs: 1000 });
  assert.ok(performance.now() - t < 500);
});

test('the game history reaches the search: a threefold repetition is taken when losing, avoided when winning', async () => {
  const { Chess } = rocada;
  // Knight against queen; the knight shuffles g1-f3 while the queen shuffles a2-b2.
  const losing = new Chess('k7/8/8/8/8/8/q7/6NK w - - 0 1');
  for (const m of ['g1f3', 'a2b2', 'f3g1', 'b2a2', 'g1f3', 'a2b2', 'f3g1', 'b2a2']) losing.move(m);
  const draw = await engine.bestMove(losing, { depth: 6 });
  assert.equal(draw.move, 'g1f3', 'Nf3 repeats the position a third time');
  assert.deepEqual(draw.score, { cp: 0 });
  const alone = await engine.bestMove(losing.fen(), { depth: 6 });
  assert.ok(alone.score.cp < -300, `without the history the position is lost: ${JSON.stringify(alone.score)}`);

  const winning = new Chess('K7/8/8/8/8/8/Q7/6nk w - - 0 1');
  for (const m of ['a2b2', 'g1f3', 'b2a2', 'f3g1', 'a2b2', 'g1f3', 'b2a2', 'f3g1']) winning.move(m);
  const win = await engine.bestMove(winning, { depth: 6 });
  assert.notEqual(win.move, 'a2b2', 'Qb2 would repeat a third time');
  assert.ok('mate' in win.score ? win.score.mate > 0 : win.score.cp > 300, JSON.stringify(win.score));
});

test('levels: a low level searches less and sometimes plays another move', async () => {
  const fens = [
    MIDDLEGAME,
    'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '2r3k1/pp3pp1/4p2p/3pP3/1P1n4/P2B1N2/5PPP/2R3K1 b - - 0 24',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    '4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17',
  ];
  let differ = 0;
  for (const fen of fens) {
    const strong = await engine.bestMove(fen, { depth: 7 });
    // From a cleared table a search without a time limit is deterministic.
    engine.newGame();
    const weak = await engine.bestMove(fen, { depth: 7, level: 1 });
    assert.ok(weak.depth < strong.depth && weak.nodes < strong.nodes, `${fen}: ${weak.depth}/${weak.nodes} vs ${strong.depth}/${strong.nodes}`);
    assert.ok(new rocada.Chess(fen).moves({ verbose: true }).some((m) => m.uci === weak.move));
    if (weak.move !== strong.move) differ++;
    engine.newGame();
    assert.equal((await engine.bestMove(fen, { depth: 7, level: 1 })).move, weak.move, 'reproducible');
  }
  assert.ok(differ >= 1, 'level 1 differs somewhere');
  await assert.rejects(engine.bestMove(MIDDLEGAME, { level: 21 }), { code: 'invalid-option' });
  // An Elo plays the level of the nearest Elo: a low one searches as little as level 1.
  engine.newGame();
  const byElo = await engine.bestMove(fens[0], { depth: 7, elo: 100 });
  engine.newGame();
  const level1 = await engine.bestMove(fens[0], { depth: 7, level: 1 });
  assert.deepEqual([byElo.move, byElo.nodes], [level1.move, level1.nodes]);
  await assert.rejects(engine.bestMove(MIDDLEGAME, { level: 3, elo: 1500 }), { code: 'invalid-option' });
});

test('Engine.levelElo: the measured Elo of each level, rising with it', () => {
  const { Engine } = rocada;
  const elos = Array.from({ length: 20 }, (_, i) => Engine.levelElo(i + 1));
  assert.ok(elos.every((e, i) => i === 0 || e > elos[i - 1]), elos.join(' '));
  assert.ok(elos[0] >= 600 && elos[19] >= 2300, elos.join(' '));
  for (const bad of [0, 21, 1.5, '5', null, undefined, NaN]) assert.throws(() => Engine.levelElo(bad), { code: 'invalid-argument' }, String(bad));
});

test('errors are ChessErrors: bad FEN, illegal move, bad limits, no legal move', async () => {
  const { Chess, ChessError } = rocada;
  await assert.rejects(engine.bestMove('not a fen'), (e) => e instanceof ChessError && e.code === 'invalid-fen');
  await assert.rejects(engine.bestMove(MIDDLEGAME, { depth: 0 }), { code: 'invalid-option' });
  await assert.rejects(engine.bestMove(MIDDLEGAME, { movetime: 100 }), (e) => e.code === 'invalid-option' && e.detail.option === 'movetime');
  await assert.rejects(engine.bestMove(MIDDLEGAME, { searchMoves: ['e2e5'] }), { code: 'illegal-move' });
  await assert.rejects(engine.bestMove(MIDDLEGAME, { onInfo: 3 }), { code: 'invalid-option' });
  await assert.rejects(engine.bestMove(42), { code: 'invalid-argument' });
  const mated = new Chess();
  for (const m of ['f3', 'e5', 'g4', 'Qh4#']) mated.move(m);
  await assert.rejects(engine.bestMove(mated), (e) => e.code === 'game-over' && e.detail.termination === 'checkmate');
  // analyze fails as bestMove does: through its result, never by throwing.
  const bad = engine.analyze('8/8/8/8 w - - 0 1', {}, () => {});
  await assert.rejects(bad.result, { code: 'invalid-fen' });
  assert.equal(await bad.stop(), undefined);
  await assert.rejects(engine.analyze(mated, { depth: 3 }, () => {}).result, { code: 'game-over' });
  await assert.rejects(engine.analyze(MIDDLEGAME, { depth: 0 }, () => {}).result, { code: 'invalid-option' });
  await assert.rejects(engine.analyze(MIDDLEGAME, {}, 'not a function').result, { code: 'invalid-option' });
  await assert.rejects(rocada.Engine.create({ hashMb: 0 }), { code: 'invalid-option' });
  await assert.rejects(rocada.Engine.create({ hash: 16 }), { code: 'invalid-option' });
  // searchMoves restricts the root.
  assert.equal((await engine.bestMove(MATE_IN_1, { depth: 3, searchMoves: ['g1f1'] })).move, 'g1f1');
});

test('terminate(): calls reject, and the process can exit (also with an idle engine never terminated)', async () => {
  const e = await rocada.Engine.create({ hashMb: 1 });
  const pending = e.bestMove(MIDDLEGAME, { infinite: true });
  e.terminate();
  await assert.rejects(pending, (err) => err.code === 'engine-terminated' && Boolean(engineCodes.add(err.code)));
  await assert.rejects(e.bestMove(MIDDLEGAME), { code: 'engine-terminated' });
  for (const [name, code] of [
    ['terminated.mjs', "const e = await Engine.create(); console.log((await e.bestMove(new Chess(), { depth: 4 })).move.length); e.terminate();"],
    ['idle.mjs', "const e = await Engine.create(); console.log((await e.bestMove(new Chess(), { depth: 4 })).move.length);"],
  ]) {
    const file = join(ctx.app, name);
    writeFileSync(file, `import { Engine, Chess } from 'rocada';\n${code}\n`);
    const t = performance.now();
    assert.equal(run(process.execPath, [file], ctx.app).trim(), '4', name);
    assert.ok(performance.now() - t < 10_000, `${name} exited`);
  }
  // Flags of the parent that a worker refuses are not passed on.
  const code = "import { Engine, Chess } from 'rocada'; const e = await Engine.create(); console.log((await e.bestMove(new Chess(), { depth: 2 })).move.length);";
  assert.equal(run(process.execPath, ['--input-type=module', '-e', code], ctx.app).trim(), '4');
});

test('a crashed worker rejects the pending search with engine-crashed, and the next call works', async () => {
  // The package's worker, wrapped so that it dies when asked for exactly 4242 nodes.
  const file = join(ctx.app, 'crashing-worker.mjs');
  writeFileSync(
    file,
    `import { parentPort } from 'node:worker_threads';
const on = parentPort.on.bind(parentPort);
parentPort.on = (event, handler) => on(event, (m) => (m.type === 'go' && m.limits.nodes === 4242 ? process.exit(3) : handler(m)));
await import('rocada/engine-worker');
`,
  );
  const e = await rocada.Engine.create({ workerUrl: new URL(`file://${file}`) });
  try {
    await assert.rejects(e.bestMove(MIDDLEGAME, { nodes: 4242 }), (err) => err.code === 'engine-crashed' && Boolean(engineCodes.add(err.code)));
    assert.equal((await e.bestMove(MATE_IN_1, { depth: 3 })).san, 'Rd8#');
    await assert.rejects(e.bestMove(MIDDLEGAME, { nodes: 4242 }), { code: 'engine-crashed' });
    e.newGame();
    assert.equal((await e.bestMove(MATE_IN_1, { nodes: 5000 })).san, 'Rd8#');
  } finally {
    e.terminate();
  }
});

test('worker: false searches on the calling thread', async () => {
  const e = await rocada.Engine.create({ worker: false, hashMb: 1 });
  const depths = [];
  const r = await e.bestMove(MATE_IN_2, { depth: 6, onInfo: (i) => depths.push(i.depth) });
  assert.deepEqual(r.score, { mate: 2 });
  assert.ok(depths.length >= 6);
  await assert.rejects(e.analyze(MIDDLEGAME, {}, () => {}).result, { code: 'invalid-option' }, 'infinite needs a worker');
  e.newGame();
  e.terminate();
});

test('Engine.create({ net }): a learned evaluation in the worker and on the thread; a bad net refused', async () => {
  const net = randomNet();
  const game = play(MIDDLEGAME, []);
  const plain = await engine.bestMove(game, { depth: 6 });
  const inWorker = await rocada.Engine.create({ net });
  const onThread = await rocada.Engine.create({ net: net.buffer.slice(0), worker: false });
  try {
    const a = await inWorker.bestMove(game, { depth: 6 });
    const b = await onThread.bestMove(game, { depth: 6 });
    assert.notEqual(a.nodes, plain.nodes, 'the net changed nothing');
    assert.deepEqual([b.nodes, b.move, b.score], [a.nodes, a.move, a.score], 'worker and thread differ');
    // The bytes were copied at create(): changing them later changes nothing.
    net.fill(0);
    inWorker.newGame();
    assert.equal((await inWorker.bestMove(game, { depth: 6 })).nodes, a.nodes);
    // A stop restarts the worker: with the same net.
    const running = inWorker.bestMove(game, { infinite: true });
    await new Promise((r) => setTimeout(r, 100));
    await inWorker.stop();
    await running;
    assert.equal((await inWorker.bestMove(game, { depth: 6 })).nodes, a.nodes);
  } finally {
    inWorker.terminate();
    onThread.terminate();
  }
  const refused = async (value, why) => {
    await assert.rejects(rocada.Engine.create({ net: value }), (e) => {
      assert.ok(e instanceof rocada.ChessError, `${why}: ${e}`);
      assert.equal(e.code, 'invalid-option', why);
      assert.equal(e.detail.option, 'net', why);
      return true;
    });
  };
  await refused(new Uint8Array(40), 'no header');
  await refused(randomNet().subarray(0, 1000), 'cut short');
  await refused('net.nnue', 'a string');
  await refused([1, 2, 3], 'an array');
  await refused(new Uint16Array(8), 'another typed array');
  const { proxy, revoke } = Proxy.revocable(new Uint8Array(4), {});
  revoke();
  await refused(proxy, 'a revoked Proxy');
  // A net file with a bad header also fails on the thread's engine.
  await assert.rejects(rocada.Engine.create({ net: new Uint8Array(40), worker: false }), { code: 'invalid-option' });
});

test('the built-in net is the default, `net: null` the hand-written evaluation alone; levels 1..19 play with the hand-written one', async () => {
  const game = play(MIDDLEGAME, []);
  const engines = await Promise.all([
    rocada.Engine.create(),
    rocada.Engine.create({ worker: false }),
    rocada.Engine.create({ net: undefined }),
    rocada.Engine.create({ net: null }),
    rocada.Engine.create({ net: null, worker: false }),
  ]);
  try {
    const r = [];
    for (const e of engines) r.push(await e.bestMove(game, { depth: 7 }));
    const [builtIn, ...rest] = r.map((x) => [x.nodes, x.move, x.score]);
    assert.deepEqual(rest[0], builtIn, 'worker and thread differ');
    assert.deepEqual(rest[1], builtIn, '`net: undefined` is the default');
    assert.notEqual(rest[2][0], builtIn[0], 'the default is not the hand-written evaluation');
    assert.deepEqual(rest[3], rest[2], 'worker and thread differ without the net');
    // A level below 20: the same search with and without the net.
    for (const level of [3, 12]) {
      const [a, b] = [engines[0], engines[3]];
      a.newGame();
      b.newGame();
      const [x, y] = [await a.bestMove(game, { level, depth: 5 }), await b.bestMove(game, { level, depth: 5 })];
      assert.deepEqual([x.nodes, x.move, x.score], [y.nodes, y.move, y.score], `level ${level}`);
    }
  } finally {
    for (const e of engines) e.terminate();
  }
});

test('every EngineErrorCode of chess_error.d.ts is thrown above', () => {
  const dts = readFileSync(join(root, 'pkg/chess_error.d.ts'), 'utf8');
  const line = dts.slice(dts.indexOf('export type EngineErrorCode'), dts.indexOf(';', dts.indexOf('export type EngineErrorCode')));
  const codes = [...line.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
  assert.deepEqual(codes.sort(), [...engineCodes].sort());
});

/** Runs `npx rocada-uci`, writes `lines` one by one, each when `until` matches the output so far. */
function uci(steps) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', 'rocada-uci'], { cwd: ctx.app, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    let step = 0;
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`rocada-uci timed out; output:\n${out}`));
    }, 60_000);
    const next = () => {
      while (step < steps.length && (!steps[step].after || steps[step].after.test(out))) child.stdin.write(`${steps[step++].send}\n`);
    };
    child.stdout.on('data', (d) => {
      out += d;
      next();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
    next();
  });
}

test('npx rocada-uci speaks UCI', async () => {
  const { code, out } = await uci([
    { send: 'uci' },
    { send: 'isready', after: /uciok/ },
    { send: 'position startpos moves e2e4 e7e5', after: /readyok/ },
    { send: 'go depth 5' },
    { send: 'setoption name MultiPV value 2', after: /bestmove/ },
    { send: `position fen ${MATE_IN_1}` },
    { send: 'go infinite' },
    { send: 'stop', after: /multipv 2 score/ },
    { send: 'quit', after: /bestmove[^]*bestmove/ },
  ]);
  assert.equal(code, 0);
  const lines = out.trim().split('\n');
  assert.ok(lines.includes('uciok') && lines.includes('readyok'));
  for (const option of ['Hash', 'MultiPV', 'UCI_Chess960', 'Skill Level', 'UCI_LimitStrength', 'UCI_Elo', 'Move Overhead']) assert.ok(lines.some((l) => l.startsWith(`option name ${option} `)), option);
  const moves = lines.filter((l) => l.startsWith('bestmove'));
  assert.equal(moves.length, 2);
  assert.match(moves[0], /^bestmove [a-h][1-8][a-h][1-8]/);
  assert.ok(new rocada.Chess('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2').moves({ verbose: true }).some((m) => m.uci === moves[0].split(' ')[1]));
  assert.match(moves[1], /^bestmove d1d8\b/);
  assert.ok(lines.some((l) => /^info depth 5 seldepth \d+ multipv 1 score cp -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$/.test(l)));
});

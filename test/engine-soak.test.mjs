// `Engine` soak, in Node through the packed tarball: 1,000 searches with a seeded PRNG over 4
// engines at once, from positions of random standard and Chess960 games (given as FEN or as the
// game, history included), with random limits (depth 1-8, nodes, movetimeMs 1-50, multiPv,
// level), and at random moments stop(), an AbortSignal abort, analyze().stop(), newGame() or
// terminate() (then a new engine), while a killer loop terminates engine worker threads from
// outside in the middle of their searches (the real Worker objects: node:worker_threads'
// Worker is wrapped, through module.syncBuiltinESMExports, before the package is loaded).
// Asserted: every promise settles within SETTLE_BOUND_MS, resolving with a legal move or
// rejecting with the expected reason (the abort reason, engine-terminated after terminate(),
// engine-crashed only after a kill); once every engine is terminated no worker thread is left
// and the process exits by itself; RSS and heapUsed after global.gc() end within the margins
// below of a baseline taken after a warm-up, and the main thread's wasm memory does not grow.
// Then 20 engines with `worker: false` are created and terminated in turn: the wasm memory grows
// by one table at most (terminate() frees it).
//
// The soak runs in a child process (node --expose-gc, this same file with ROCADA_SOAK_APP set),
// so that gc() is real and the exit is the child's own. ROCADA_SOAK_SEED picks another seed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { packedApp } from './support/packed.mjs';

const SEARCHES = 1000;
const ENGINES = 4;
const SEED = Number(process.env.ROCADA_SOAK_SEED ?? 20261130);
/** A promise that takes longer than this to settle counts as a hang. */
const SETTLE_BOUND_MS = 20_000;
/** stop(), an abort or terminate() settles the search at once: at most this after the call. */
const INTERRUPT_BOUND_MS = 1_000;
/** After the soak, over the warm-up baseline (both after global.gc(), all engines terminated). */
const RSS_MARGIN = 24 * 2 ** 20;
const HEAP_MARGIN = 4 * 2 ** 20;
/** The main thread's wasm memory (it never shrinks, so this catches what was held even for a while). */
const WASM_MARGIN = 2 ** 20;
/** Engines created with `worker: false` and terminated after the soak. */
const IN_THREAD_ENGINES = 20;
/** What they may add to the wasm memory: one engine (its 16 MiB table and about a MiB more), not 20. */
const IN_THREAD_MARGIN = 20 * 2 ** 20;
const MiB = (n) => `${(n / 2 ** 20).toFixed(1)} MiB`;

if (process.env.ROCADA_SOAK_APP) {
  await soak(process.env.ROCADA_SOAK_APP);
} else {
  let ctx;
  after(() => ctx?.cleanup());

  test(`soak: ${SEARCHES} searches on ${ENGINES} engines with random limits, stops, aborts, terminates and killed workers`, async () => {
    ctx = packedApp('rocada-soak-');
    const child = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], {
      cwd: ctx.app,
      env: { ...process.env, ROCADA_SOAK_APP: ctx.app },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let reportedAt = 0;
    child.stdout.on('data', (d) => {
      stdout += d;
      if (!reportedAt && stdout.includes('\nSOAK ')) reportedAt = performance.now();
    });
    child.stderr.on('data', (d) => (stderr += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const [code, signal] = await new Promise((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    clearTimeout(killer);
    const exitMs = performance.now() - reportedAt;
    const line = stdout.split('\n').find((l) => l.startsWith('SOAK '));
    assert.ok(line, `the soak reported (exit ${code} ${signal}): ${stdout.slice(-2000)} ${stderr.slice(-2000)}`);
    const r = JSON.parse(line.slice(5));

    const c = r.counts;
    console.log(`# seed ${SEED}: ${c.searches} searches on ${ENGINES} engines at once in ${(r.ms / 1000).toFixed(1)} s (${c.engines} engines created, ${r.workers.spawned} worker threads started)`);
    console.log(`# resolved ${c.resolved} (legal moves), rejected: ${c.aborted} aborted, ${c.terminated} engine-terminated, ${c.crashed} engine-crashed (and ${c.crashedCreates} Engine.create() rejected with engine-crashed)`);
    console.log(`# disruptions: ${c.stops} stop(), ${c.analyses} analyze().stop(), ${c.aborts} aborts, ${c.newGames} newGame(), ${c.terminates} terminate(), ${r.kills.total} workers killed from outside (${r.kills.midSearch} mid-search)`);
    console.log(`# settle time: max ${r.settle.maxMs.toFixed(0)} ms after the call (bound ${SETTLE_BOUND_MS}); after stop/abort/terminate: max ${r.settle.maxInterruptMs.toFixed(1)} ms (bound ${INTERRUPT_BOUND_MS})`);
    console.log(`# worker threads alive after terminating every engine: ${r.workers.alive}; process exited ${exitMs.toFixed(0)} ms after its report`);
    console.log(`# memory baseline (after warm-up, gc): RSS ${MiB(r.memory.before.rss)}, heapUsed ${MiB(r.memory.before.heapUsed)}, wasm ${MiB(r.memory.before.wasm)}`);
    console.log(`# ${r.inThread.engines} engines with worker: false and a 16 MiB table, created and terminated in turn: wasm memory ${MiB(r.inThread.before)} -> ${MiB(r.inThread.after)} (margin ${MiB(IN_THREAD_MARGIN)})`);
    console.log(`# memory after (gc): RSS ${MiB(r.memory.after.rss)} (margin ${MiB(RSS_MARGIN)}), heapUsed ${MiB(r.memory.after.heapUsed)} (margin ${MiB(HEAP_MARGIN)}), wasm ${MiB(r.memory.after.wasm)} (margin ${MiB(WASM_MARGIN)}); peak RSS ${MiB(r.memory.peakRss)}`);

    assert.deepEqual(r.failures, [], 'every search settled as expected');
    assert.equal(c.searches, SEARCHES);
    assert.equal(c.resolved + c.aborted + c.terminated + c.crashed, SEARCHES, 'every promise settled');
    assert.ok(r.settle.maxMs < SETTLE_BOUND_MS && r.settle.maxInterruptMs < INTERRUPT_BOUND_MS);
    // Each kind of disruption happened, and enough of them to mean something.
    assert.ok(c.stops >= 50 && c.aborts >= 50 && c.analyses >= 20 && c.terminates >= 20 && c.newGames >= 10, JSON.stringify(c));
    assert.ok(r.kills.midSearch >= 5, `workers killed mid-search: ${r.kills.midSearch}`);
    assert.ok(c.crashed >= 1 && c.crashed + c.crashedCreates <= r.kills.total, 'engine-crashed only after kills, one at most per kill');
    assert.equal(r.workers.alive, 0, 'no worker thread left');
    assert.equal(code, 0, stderr.slice(-2000));
    assert.ok(exitMs < 5_000, 'the process exits by itself');
    assert.ok(r.memory.after.rss - r.memory.before.rss < RSS_MARGIN, 'RSS back near its baseline');
    assert.ok(r.memory.after.heapUsed - r.memory.before.heapUsed < HEAP_MARGIN, 'heapUsed back near its baseline');
    assert.ok(r.memory.after.wasm - r.memory.before.wasm <= WASM_MARGIN, 'the wasm memory of the main thread did not grow');
    assert.ok(r.inThread.after - r.inThread.before <= IN_THREAD_MARGIN, 'a terminated in-thread engine frees its table');
  });
}

/** The soak itself (in the child process); prints `SOAK <json>`. */
async function soak(app) {
  const { default: workerThreads } = await import('node:worker_threads');
  const { syncBuiltinESMExports } = await import('node:module');
  const { setTimeout: sleep } = await import('node:timers/promises');

  // Every worker thread the package starts, and whether it is searching (a `go` sent, no
  // answer yet): the killer terminates those, as a crash would end them.
  const alive = new Set();
  let spawned = 0;
  const Base = workerThreads.Worker;
  workerThreads.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      spawned++;
      alive.add(this);
      this.searching = false;
      this.on('message', (m) => {
        if (m.type === 'done' || m.type === 'error' || m.type === 'crash') this.searching = false;
      });
      this.once('exit', () => alive.delete(this));
    }

    postMessage(message, transfer) {
      if (message?.type === 'go') this.searching = true;
      return super.postMessage(message, transfer);
    }
  };
  syncBuiltinESMExports();
  const { Engine, Chess, ChessError, initSync } = await import(pathToFileURL(join(app, 'entry.mjs')).href);

  // mulberry32
  let state = SEED >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n) => Math.floor(random() * n);
  const chance = (p) => random() < p;

  /** Positions of random games: `{ input, legal }`, input a FEN or the game itself (Chess960: always the game). */
  const positions = [];
  for (let i = 0; i < 120; i++) {
    const chess960 = i % 3 === 0;
    const game = chess960 ? Chess.chess960(int(960)) : new Chess();
    const plies = int(80);
    for (let k = 0; k < plies; k++) {
      const moves = game.moves();
      game.move(moves[int(moves.length)]);
      if (game.isGameOver()) {
        game.undo();
        break;
      }
    }
    const legal = new Set(game.moves({ verbose: true }).map((m) => m.uci));
    positions.push({ input: chess960 || chance(0.5) ? game : game.fen(), legal });
  }

  const randomLimits = () => {
    const kind = int(3);
    const limits = kind === 0 ? { depth: 1 + int(8) } : kind === 1 ? { nodes: 1 + int(30_000) } : { movetimeMs: 1 + int(50) };
    if (chance(0.25)) limits.multiPv = 2 + int(4);
    if (chance(0.25)) limits.level = 1 + int(20);
    return limits;
  };

  const counts = { searches: 0, resolved: 0, aborted: 0, terminated: 0, crashed: 0, stops: 0, analyses: 0, aborts: 0, newGames: 0, terminates: 0, engines: 0, crashedCreates: 0 };
  const settle = { maxMs: 0, maxInterruptMs: 0 };
  const kills = { total: 0, midSearch: 0 };
  const failures = [];
  let peakRss = 0;
  /** A new engine; one whose worker the killer hit while it started rejects with engine-crashed. */
  const create = async () => {
    for (;;) {
      counts.engines++;
      try {
        return await Engine.create({ hashMb: [1, 2, 4, 16][int(4)] });
      } catch (e) {
        if (!(e instanceof ChessError && e.code === 'engine-crashed' && kills.total > 0)) throw e;
        counts.crashedCreates++;
      }
    }
  };

  const memory = async () => {
    for (let i = 0; i < 4; i++) {
      globalThis.gc();
      await sleep(50); // finalizers (wasm-bindgen's FinalizationRegistry) run between turns
    }
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heapUsed, wasm: initSync().memory.buffer.byteLength };
  };
  const allExited = async () => {
    for (let i = 0; i < 100 && alive.size; i++) await sleep(50);
    return alive.size;
  };

  /** One engine's sequence of searches, until `budget()` says the soak has run them all. */
  async function lane(budget) {
    let engine = await create();
    for (let n = budget(); n !== null; n = budget()) {
      const position = positions[int(positions.length)];
      const limits = randomLimits();
      const roll = random();
      const action = roll < 0.4 ? 'none' : roll < 0.6 ? 'stop' : roll < 0.75 ? 'abort' : roll < 0.85 ? 'analyze' : roll < 0.9 ? 'newGame' : roll < 0.96 ? 'terminate' : 'terminate-idle';
      const delay = int(40);
      const reason = new Error(`abort ${n}`);
      const controller = new AbortController();
      const started = performance.now();
      let interruptedAt = null;
      let promise;
      let stopAnalysis;
      if (action === 'analyze') {
        const analysis = engine.analyze(position.input, limits, () => {});
        promise = analysis.result;
        stopAnalysis = analysis.stop;
      } else {
        promise = engine.bestMove(position.input, action === 'abort' ? { ...limits, signal: controller.signal } : limits);
      }
      let settledAt = null;
      const outcome = promise.then(
        (value) => ({ value }),
        (error) => ({ error }),
      );
      outcome.then(() => (settledAt = performance.now()));
      const disruption = (async () => {
        if (action === 'none') return;
        // terminate-idle: after the search has ended by its limits (or at once).
        if (action === 'terminate-idle') await outcome;
        await sleep(delay);
        const pending = settledAt === null;
        if (pending && action !== 'newGame') interruptedAt = performance.now();
        if (action === 'stop') counts.stops++, engine.stop();
        else if (action === 'analyze') counts.analyses++, stopAnalysis();
        else if (action === 'abort') counts.aborts++, controller.abort(reason);
        else if (action === 'newGame') counts.newGames++, engine.newGame();
        else counts.terminates++, engine.terminate();
      })();
      let timer;
      const timeout = new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_BOUND_MS, 'timeout')));
      const result = await Promise.race([outcome, timeout]);
      clearTimeout(timer);
      await disruption;
      counts.searches++;
      const where = `search ${n} (${action} after ${delay} ms, ${JSON.stringify(limits)}, ${typeof position.input === 'string' ? position.input : position.input.fen()})`;
      if (result === 'timeout') {
        failures.push(`${where}: did not settle within ${SETTLE_BOUND_MS} ms`);
        engine.terminate();
        engine = await create();
        continue;
      }
      settle.maxMs = Math.max(settle.maxMs, settledAt - started);
      if (interruptedAt !== null && settledAt >= interruptedAt) settle.maxInterruptMs = Math.max(settle.maxInterruptMs, settledAt - interruptedAt);
      if ('value' in result) {
        const { move, pv, lines } = result.value;
        if (!position.legal.has(move) || pv[0] !== move) failures.push(`${where}: resolved with ${move}, pv ${pv}`);
        else if (limits.multiPv > 1 && !(lines?.length >= 1 && lines.every((l) => position.legal.has(l.pv[0])))) failures.push(`${where}: lines ${JSON.stringify(lines)}`);
        else counts.resolved++;
      } else if (result.error === reason) {
        counts.aborted++;
      } else if (result.error instanceof ChessError && result.error.code === 'engine-terminated' && action.startsWith('terminate')) {
        counts.terminated++;
      } else if (result.error instanceof ChessError && result.error.code === 'engine-crashed' && kills.total > 0) {
        counts.crashed++;
      } else {
        failures.push(`${where}: rejected with ${result.error?.code ?? ''} ${result.error?.stack ?? result.error}`);
      }
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (action.startsWith('terminate')) engine = await create();
    }
    engine.terminate();
  }

  /** Runs `searches` searches over `ENGINES` lanes while killing workers every 250-750 ms (unless `kill` is false). */
  async function run(searches, kill) {
    let next = 0;
    const budget = () => (next < searches ? next++ : null);
    let running = true;
    const killer = (async () => {
      while (kill && running) {
        await sleep(250 + int(500));
        const busy = [...alive].filter((w) => w.searching);
        const victims = busy.length ? busy : [...alive];
        if (!victims.length) continue;
        const victim = victims[int(victims.length)];
        kills.total++;
        if (victim.searching) kills.midSearch++;
        victim.terminate();
      }
    })();
    await Promise.all(Array.from({ length: ENGINES }, () => lane(budget)));
    running = false;
    await killer;
  }

  // Warm-up: the same mix without kills, then the baseline.
  await run(40, false);
  // A stop() before the first report makes a one-ply search on this thread, in a core the
  // package creates once (engine-base.js `quick`, about 2.4 MiB of wasm memory). The random
  // warm-up does not always reach it, so the baseline would depend on the seed and the timing.
  const warm = await Engine.create();
  const early = warm.bestMove(positions[0].input, { depth: 20 });
  warm.stop();
  const { move: earlyMove } = await early;
  if (!positions[0].legal.has(earlyMove)) failures.push(`stop before the first report: ${earlyMove}`);
  warm.terminate();
  const warmUp = { ...counts };
  for (const key of Object.keys(counts)) counts[key] = 0;
  const stillAlive = await allExited();
  if (stillAlive) failures.push(`after the warm-up ${stillAlive} worker threads are left`);
  const before = await memory();
  peakRss = before.rss;
  const t0 = performance.now();
  await run(SEARCHES, true);
  const ms = performance.now() - t0;
  const workersAlive = await allExited();
  const afterSoak = await memory();

  // Engines on this thread (worker: false), each with a 16 MiB table: terminate() frees it, so
  // the next engine reuses that memory instead of growing the wasm memory by 16 MiB.
  const inThread = { engines: IN_THREAD_ENGINES, before: afterSoak.wasm };
  for (let i = 0; i < IN_THREAD_ENGINES; i++) {
    const engine = await Engine.create({ worker: false, hashMb: 16 });
    const position = positions[int(positions.length)];
    const { move } = await engine.bestMove(position.input, { depth: 1 + int(4) });
    if (!position.legal.has(move)) failures.push(`in-thread engine ${i}: ${move}`);
    engine.terminate();
  }
  inThread.after = initSync().memory.buffer.byteLength;
  console.log(
    `\nSOAK ${JSON.stringify({ counts, warmUp, settle, kills, failures, ms, workers: { spawned, alive: workersAlive }, memory: { before, after: afterSoak, peakRss }, inThread })}`,
  );
}

// Section "engine": the JS Engine of the shipped package (pkg/, Node entry) against the native
// engine. Reports:
//  - nodes per second of the bench (src/engine/src/search/bench.rs: fixed positions, fixed depth, cleared
//    16 MiB table), native (`target/release/rocada-uci bench`) and wasm in Node (the same bench
//    through the bench export of the package's rocada_uci module, as `npx rocada-uci bench`), by the engine's
//    own clock and by CPU time, with the ratio (target >= 0.7x); both must search the same
//    number of nodes (else pkg/ is not built from the same sources);
//  - start-up: `await Engine.create()` to ready, in a fresh Node process (worker thread spawn,
//    wasm instantiation, table allocation);
//  - time: ENGINE_TIME_N searches (default 1,000; 100 with BENCH_QUICK) with movetimeMs
//    uniform in 10..500 over the bench positions, timed by the caller from bestMove() to its
//    result: the median overshoot in % (target < 5%) and the largest in ms (target <= 50 ms);
//  - stop(): from the call to the result of an analysis stopped after 50..300 ms (target
//    < 20 ms), and the same for an AbortSignal.
// ENGINE_BENCH_DEPTH sets the bench depth (default 12; 10 with BENCH_QUICK).

import { readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { median, table, int } from './lib.mjs';

export const name = 'engine';
export const title = 'Engine: bench nps native vs wasm in Node, start-up, move-time accuracy, stop()';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TARGETS = { ratio: 0.7, overshootPct: 5, overshootMaxMs: 50, stopMs: 20 };

/** xorshift32, seeded: the same move times on every run. */
function rng(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

/** The bench positions, read from their one definition in the Rust source. */
function benchFens() {
  const text = readFileSync(join(root, 'src/engine/src/search/bench.rs'), 'utf8');
  return [...text.matchAll(/\("([^"]+)", (?:true|false)\)/g)].map((m) => m[1]);
}

/** `bash -c 'cmd; times'`: the command's output and the CPU seconds (user + system) of its process. */
function runTimed(cmd) {
  const r = spawnSync('bash', ['-c', `${cmd}; times`], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  const [user, sys] = lines.at(-1).split(/\s+/).map((t) => {
    const m = /(\d+)m([\d.]+)s/.exec(t);
    return Number(m[1]) * 60 + Number(m[2]);
  });
  return { out: lines.slice(0, -2).join('\n'), cpu: user + sys };
}

/** Parses `rocada-uci bench` output. */
function benchFigures(out) {
  const num = (label) => Number(new RegExp(`${label}\\s*:\\s*(\\d+)`).exec(out)?.[1]);
  return { nodes: num('Nodes searched'), ms: num('Total time \\(ms\\)') };
}

export async function run(ctx) {
  const failures = [];
  const misses = [];
  const data = {};
  const lines = [];
  const depth = Number(process.env.ENGINE_BENCH_DEPTH ?? (ctx.quick ? 10 : 12));

  // 1. Bench nps.
  ctx.log('[engine] cargo build --release --bin rocada-uci');
  const cargo = spawnSync('cargo', ['build', '--release', '--bin', 'rocada-uci'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const native = join(root, 'target/release/rocada-uci');
  if (cargo.status !== 0 || !existsSync(native)) throw new Error('cargo build --release --bin rocada-uci failed');
  // In-process CPU time around the bench call (after a warm-up that compiles the hot code).
  const wasmCmd =
    `node --input-type=module -e "import { readFileSync } from 'node:fs'; import { initSync, UciProtocol } from './pkg/rocada_uci.js'; ` +
    `initSync({ module: readFileSync('./pkg/rocada_uci_bg.wasm') }); UciProtocol.bench(6); const c = process.cpuUsage(); ` +
    `const r = UciProtocol.bench(${depth}); const u = process.cpuUsage(c); ` +
    `console.log('Total time (ms) : ' + r.timeMs + '\\nNodes searched  : ' + r.nodes + '\\nCPU (us) : ' + (u.user + u.system))"`;
  const rounds = Math.max(1, Math.min(ctx.reps, ctx.quick ? 2 : 3));
  const runs = { native: [], wasm: [] };
  for (let i = 0; i < rounds; i++) {
    for (const [key, cmd] of [
      ['native', `${native} bench ${depth}`],
      ['wasm', wasmCmd],
    ]) {
      ctx.log(`[engine] bench ${key} depth ${depth}, round ${i + 1}/${rounds}`);
      const { out, cpu } = runTimed(cmd);
      const inProcess = Number(/CPU \(us\) : (\d+)/.exec(out)?.[1]) / 1e6;
      runs[key].push({ ...benchFigures(out), cpu: inProcess || cpu });
    }
  }
  const nps = (key, by) => median(runs[key].map((r) => r.nodes / (by === 'cpu' ? r.cpu : r.ms / 1000)));
  const nodes = { native: runs.native[0].nodes, wasm: runs.wasm[0].nodes };
  if (nodes.native !== nodes.wasm) failures.push(`bench nodes differ: native ${nodes.native}, wasm ${nodes.wasm} (rebuild pkg/: npm run build)`);
  const rows = ['clock', 'cpu'].map((by) => {
    const n = nps('native', by);
    const w = nps('wasm', by);
    return [by === 'clock' ? "engine's clock" : 'CPU time', int(Math.round(n)), int(Math.round(w)), `${(w / n).toFixed(2)}x`];
  });
  const ratio = nps('wasm', ctx.clock === 'cpu' ? 'cpu' : 'clock') / nps('native', ctx.clock === 'cpu' ? 'cpu' : 'clock');
  if (ratio < TARGETS.ratio) misses.push(`wasm/native nps ${ratio.toFixed(2)}x < ${TARGETS.ratio}x`);
  lines.push(`Bench (depth ${depth}, ${benchFens().length} positions, ${int(nodes.native)} nodes native, ${int(nodes.wasm)} wasm; median of ${rounds}):`, '');
  lines.push(table(['nps by', 'native', 'wasm in Node', 'ratio'], rows));
  data.bench = { depth, nodes, nativeNps: nps('native', 'cpu'), wasmNps: nps('wasm', 'cpu'), ratio };

  // 2. Start-up in a fresh process.
  const startups = [];
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "import { Engine } from './pkg/node.js'; const t = performance.now(); const e = await Engine.create(); console.log(performance.now() - t); e.terminate();"],
      { cwd: root, encoding: 'utf8' },
    );
    startups.push(Number(r.stdout.trim()));
  }
  const { Engine, Chess } = await import(join(root, 'pkg/node.js'));
  let t = performance.now();
  const engine = await Engine.create();
  const warmStartup = performance.now() - t;
  lines.push('', `Start-up, Engine.create() to ready: ${median(startups).toFixed(1)} ms in a fresh Node process (median of 5; ${Math.min(...startups).toFixed(1)}..${Math.max(...startups).toFixed(1)}), ${warmStartup.toFixed(1)} ms for a second engine in a process`);
  data.startupMs = { fresh: median(startups), second: warmStartup };

  // 3. Move-time accuracy.
  const fens = benchFens();
  const n = Number(process.env.ENGINE_TIME_N ?? (ctx.quick ? 100 : 1000));
  const random = rng(0x7177);
  const over = [];
  const overEngine = [];
  ctx.log(`[engine] ${n} searches with movetimeMs in 10..500 (about ${Math.round((n * 0.26) / 60)} min)`);
  for (let i = 0; i < n; i++) {
    const movetimeMs = 10 + Math.floor(random() * 491);
    const fen = fens[i % fens.length];
    t = performance.now();
    const r = await engine.bestMove(fen, { movetimeMs });
    const took = performance.now() - t;
    over.push({ movetimeMs, ms: took - movetimeMs });
    overEngine.push(r.timeMs - movetimeMs);
  }
  const pct = over.map((o) => (100 * o.ms) / o.movetimeMs);
  const worst = over.reduce((a, b) => (b.ms > a.ms ? b : a));
  const medianPct = median(pct);
  if (medianPct >= TARGETS.overshootPct) misses.push(`median overshoot ${medianPct.toFixed(2)}% >= ${TARGETS.overshootPct}%`);
  if (worst.ms > TARGETS.overshootMaxMs) misses.push(`largest overshoot ${worst.ms.toFixed(1)} ms > ${TARGETS.overshootMaxMs} ms`);
  lines.push(
    '',
    `Move time, ${n} searches with movetimeMs uniform in 10..500, timed by the caller (bestMove() to its result):`,
    `  overshoot median ${medianPct.toFixed(2)}% (${median(over.map((o) => o.ms)).toFixed(2)} ms), largest ${worst.ms.toFixed(1)} ms (movetime ${worst.movetimeMs} ms), ` +
      `${over.filter((o) => o.ms > 10).length} over 10 ms, ${over.filter((o) => o.ms > 50).length} over 50 ms, ` +
      `${over.filter((o) => o.ms < 0).length} under time (a mate or a single legal move ends a search early)`,
    `  by the engine's own clock: overshoot median ${median(overEngine).toFixed(1)} ms, largest ${Math.max(...overEngine)} ms, ` +
      `${overEngine.filter((ms) => ms > 50).length} over 50 ms`,
  );
  data.movetime = { n, medianPct, medianMs: median(over.map((o) => o.ms)), maxMs: worst.ms };

  // 4. stop() and AbortSignal latency.
  const stops = [];
  const aborts = [];
  for (let i = 0; i < 20; i++) {
    const analysis = engine.analyze(new Chess(), {}, () => {});
    await new Promise((r) => setTimeout(r, 50 + Math.floor(random() * 250)));
    t = performance.now();
    const r = await analysis.stop();
    stops.push(performance.now() - t);
    if (!r?.move) failures.push('stop() gave no move');
    const controller = new AbortController();
    const p = engine.bestMove(new Chess(), { infinite: true, signal: controller.signal }).catch(() => 'aborted');
    await new Promise((r) => setTimeout(r, 50 + Math.floor(random() * 250)));
    t = performance.now();
    controller.abort();
    if ((await p) !== 'aborted') failures.push('abort did not reject');
    aborts.push(performance.now() - t);
  }
  engine.terminate();
  const stopMax = Math.max(...stops, ...aborts);
  if (stopMax >= TARGETS.stopMs) misses.push(`stop() took up to ${stopMax.toFixed(1)} ms >= ${TARGETS.stopMs} ms`);
  lines.push(
    '',
    `stop() of an analysis, 20 times: median ${median(stops).toFixed(2)} ms, largest ${Math.max(...stops).toFixed(2)} ms; ` +
      `AbortSignal: median ${median(aborts).toFixed(2)} ms, largest ${Math.max(...aborts).toFixed(2)} ms (target < ${TARGETS.stopMs} ms)`,
  );
  data.stopMs = { median: median(stops), max: Math.max(...stops), abortMedian: median(aborts), abortMax: Math.max(...aborts) };

  return { text: lines.join('\n'), failures, misses, data };
}

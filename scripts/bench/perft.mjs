// Section "perft": move-generation speed as perft nodes per second, in two modes.
//   bulk:       at the last ply the legal moves are counted, not made
//   every leaf: every move down to the leaves is made
// Rust engines run natively (bench/, release binary) and as wasm32 in this Node process
// (bench/pkg); Rocada also through its shipped npm package (pkg/); the JS peers run here too.
// Rounds are round-robin over all runners, so load from other processes falls on all alike.

import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { perftSet, setNodes, setLabel } from './positions.mjs';
import { stopwatch, secondsBy, summarize, median, fmtRate, fmtRatio, table, int } from './lib.mjs';
import { chessJsPerft, chessopsPerft, chessopsPosition } from './peers.mjs';

export const name = 'perft';
export const title = 'Perft nodes per second';

const WASM_GLUE = fileURLToPath(new URL('../../bench/pkg/rocada_bench.js', import.meta.url));

/**
 * One in-process round: every runner over its position set once, adding rates to `out`.
 * A warm-up round repeats each runner's set for at least WARMUP_SECONDS, so that V8 has
 * tiered the wasm (Liftoff -> TurboFan) and the JS up before anything is measured, even
 * when the set is small (BENCH_QUICK).
 */
const WARMUP_SECONDS = 0.4;
function inProcessRound(runners, out, measured, clock) {
  for (const r of runners) {
    const rec = out.get(r.id);
    const warm = stopwatch();
    do {
      if (rec.error) break;
      let nodes = 0;
      const stop = stopwatch();
      for (const p of r.set) {
        let n;
        try {
          n = Number(r.perft(p.fen, p.depth));
        } catch (e) {
          rec.error = `${p.name}: ${e?.message ?? e}`;
          break;
        }
        if (n !== p.nodes) {
          rec.error = `${p.name} d${p.depth}: got ${n}, expected ${p.nodes}`;
          break;
        }
        nodes += n;
      }
      const t = stop();
      if (!rec.error && measured) record(rec, nodes, t, clock);
    } while (!measured && warm().seconds < WARMUP_SECONDS);
  }
}

function record(rec, nodes, t, clock) {
  rec.rates.push(nodes / secondsBy(clock, t));
  if (Number.isFinite(t.cpu) && t.seconds > 0) rec.shares.push(t.cpu / t.seconds);
}

/**
 * The native binary in `serve` mode: it reads the positions once, then runs one round (every
 * engine, both modes) per `round()` call, so native rounds interleave with the in-process ones.
 */
async function startNative(bin, set) {
  const list = spawnSync(bin, ['engines'], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(list.stderr || `exit ${list.status}`);
  const engineLines = list.stdout.split('\n').filter(Boolean).map((l) => l.split('\t'));
  const engines = engineLines.map(([name]) => name);
  const sizes = Object.fromEntries(engineLines.map(([name, bytes]) => [name, Number(bytes)]));
  const child = spawn(bin, ['serve', '--engines', engines.join(','), '--modes', 'bulk,leaf'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  child.stdin.write(set.map((p) => `${p.depth}\t${p.nodes}\t${p.fen}\n`).join('') + '\n');
  return {
    engines,
    sizes,
    async round() {
      child.stdin.write('round\n');
      const { value, done } = await lines.next();
      if (done) throw new Error('native bench binary exited');
      return JSON.parse(value).round;
    },
    close() {
      child.stdin.end();
    },
  };
}

export async function run(ctx) {
  const failures = [];
  const full = perftSet(ctx.quick ? 1 : 0);
  // The JS peers are 20-200x slower: they run one ply less, and Rocada-wasm runs that set too
  // so that their ratios compare equal work.
  const light = perftSet(1);

  // --- native (release binary of bench/)
  let native = null;
  const S = new Map();
  const nativeRates = new Map();
  if (ctx.nativeBin && existsSync(ctx.nativeBin)) {
    try {
      native = await startNative(ctx.nativeBin, full);
      ctx.log(`perft: native engines ${native.engines.join(', ')}`);
    } catch (e) {
      failures.push(`native: ${e.message.trim()}`);
    }
  } else {
    failures.push('native bench binary not built (scripts/bench.sh builds it)');
  }

  // --- in-process runners: wasm32 build of bench/, the shipped package, JS peers
  const runners = [];
  const notes = [];
  let wasm = null;
  if (existsSync(WASM_GLUE)) {
    try {
      wasm = await import(pathToFileURL(WASM_GLUE).href);
    } catch (e) {
      failures.push(`bench/pkg does not load: ${e.message.split('\n')[0]}`);
    }
  } else {
    failures.push('bench/pkg is not built (scripts/bench.sh builds it)');
  }
  const wasmEngines = wasm ? wasm.benchEngines() : [];
  const wasmFn = { rocada: 'perftRocada', shakmaty: 'perftShakmaty', 'cozy-chess': 'perftCozy' };
  for (const engine of wasmEngines) {
    const f = wasm[wasmFn[engine]];
    for (const mode of ['bulk', 'leaf']) {
      const bulk = mode === 'bulk';
      runners.push({ id: `${engine}/wasm/${mode}`, set: full, perft: (fen, d) => f(fen, d, bulk) });
    }
  }
  let Chess = null;
  try {
    ({ Chess } = await import('rocada'));
  } catch (e) {
    const msg = `rocada npm package (pkg/) does not load: ${e.message.split('\n')[0]}; run scripts/build.sh`;
    // Benchmarking the peers alone (BENCH_PEERS_ONLY=1) needs no Rocada at all.
    if (wasmEngines.includes('rocada')) failures.push(msg);
    else notes.push(msg);
  }
  if (Chess) {
    runners.push({
      id: 'rocada/pkg/bulk',
      set: full,
      perft: (fen, d) => {
        const c = new Chess(fen);
        try {
          return c.perft(d);
        } finally {
          c.free?.();
        }
      },
    });
  }
  if (wasmEngines.includes('rocada')) {
    for (const mode of ['bulk', 'leaf']) {
      const bulk = mode === 'bulk';
      runners.push({ id: `rocada/wasm-light/${mode}`, set: light, perft: (fen, d) => wasm.perftRocada(fen, d, bulk) });
    }
  }
  for (const mode of ['bulk', 'leaf']) {
    const bulk = mode === 'bulk';
    runners.push({ id: `chessops/js/${mode}`, set: light, perft: (fen, d) => chessopsPerft(chessopsPosition(fen), d, bulk) });
  }
  runners.push({ id: 'chess.js/js/leaf', set: light, perft: chessJsPerft });

  // --- rounds: native, then in-process, round after round
  const out = new Map(runners.map((r) => [r.id, { rates: [], shares: [], error: null }]));
  const rounds = ctx.warmup + ctx.reps;
  for (let round = 0; round < rounds; round++) {
    const measured = round >= ctx.warmup;
    ctx.log(`perft: round ${round + 1}/${rounds}${measured ? '' : ' (warm-up)'}`);
    if (native) {
      for (const r of await native.round()) {
        const id = `${r.engine}/native/${r.mode}`;
        const rec = nativeRates.get(id) ?? { rates: [], shares: [], error: null };
        nativeRates.set(id, rec);
        if (r.error) rec.error = r.error;
        else if (measured) record(rec, r.nodes, { seconds: r.seconds, cpu: r.cpu ?? NaN }, ctx.clock);
      }
    }
    inProcessRound(runners, out, measured, ctx.clock);
  }
  native?.close();
  const shares = [];
  for (const [id, rec] of [...nativeRates, ...out]) {
    S.set(id, { ...summarize(rec.rates), rates: rec.rates, error: rec.error });
    shares.push(...rec.shares);
  }
  for (const [id, s] of S) if (s.error) failures.push(`${id}: wrong count or failure: ${s.error}`);

  // --- report
  const get = (id) => S.get(id);
  const med = (id) => (get(id) && !get(id).error ? get(id).median : NaN);
  const row = (engine, build, label) => [
    engine,
    label ?? build,
    fmtRate(get(`${engine}/${build}/bulk`)),
    fmtRate(get(`${engine}/${build}/leaf`)),
  ];
  const head = ['library', 'build', 'bulk nodes/s', 'every-leaf nodes/s'];
  const reps = `median of ${ctx.reps} rounds after ${ctx.warmup} warm-up; ± is half the range`;
  const lines = [];
  const share = median(shares);
  lines.push(
    `Clock: ${ctx.clock === 'cpu' ? 'CPU time of the benchmarking process (BENCH_CLOCK=wall for wall time)' : 'wall time (BENCH_CLOCK=cpu for CPU time)'}; ` +
      `it got ${Math.round(share * 100)}% of a core while measuring (median)` +
      (share < 0.9 ? ': the machine is busy, trust the ratios more than the absolute figures' : ''),
  );
  lines.push(`Set A: ${setLabel(full)} = ${int(setNodes(full))} leaves per round; ${reps}`);
  lines.push(
    table(head, [
      row('rocada', 'native'),
      row('shakmaty', 'native'),
      row('cozy-chess', 'native'),
      row('rocada', 'wasm', 'wasm32 in Node'),
      row('shakmaty', 'wasm', 'wasm32 in Node'),
      row('cozy-chess', 'wasm', 'wasm32 in Node'),
      row('rocada', 'pkg', 'npm pkg, Chess.perft'),
    ], ['l', 'l']),
  );
  lines.push('');
  lines.push(`Set B (JS peers, one ply less): ${setLabel(light)} = ${int(setNodes(light))} leaves per round`);
  lines.push(
    table(head, [row('rocada', 'wasm-light', 'wasm32 in Node'), row('chessops', 'js', 'JS'), row('chess.js', 'js', 'JS')], ['l', 'l']),
  );
  lines.push('');

  // Ratios pair the two runs of the same round (close in time, so under the same load from
  // other processes) and take the median of those per-round ratios.
  const ratio = (a, b) => {
    const [x, y] = [get(a), get(b)];
    if (!x || !y || x.error || y.error || !x.rates.length || x.rates.length !== y.rates.length) return med(a) / med(b);
    return median(x.rates.map((r, i) => r / y.rates[i]));
  };
  const misses = [];
  const ratioData = {};
  const ratioRow = (label, a, b, target, modes = ['bulk', 'leaf']) => {
    const r = Object.fromEntries(modes.map((m) => [m, ratio(`${a}/${m}`, `${b}/${m}`)]));
    ratioData[label] = { ...r, target: target || null };
    const verdict = (x, t) => {
      if (!Number.isFinite(x)) return '';
      if (x >= t) return 'ok';
      misses.push(`${label}: ${fmtRatio(x)} < ${t}x`);
      return 'BELOW';
    };
    const t = target ? `>= ${target.toFixed(1)}x` : '';
    const v = target ? [verdict(r.bulk, target), verdict(r.leaf, target)].filter(Boolean).join(' / ') : '';
    // A ratio just under its target must not print as the target itself.
    const show = (x) => (target && x < target && fmtRatio(x) === fmtRatio(target) ? `${x.toFixed(3)}x` : fmtRatio(x));
    return [label, show(r.bulk), show(r.leaf), t, v];
  };
  const ratios = [
    ratioRow('rocada wasm / shakmaty wasm', 'rocada/wasm', 'shakmaty/wasm', 1.0),
    ratioRow('rocada wasm / cozy-chess wasm', 'rocada/wasm', 'cozy-chess/wasm'),
    ratioRow('rocada wasm / rocada native', 'rocada/wasm', 'rocada/native', 0.8),
    ratioRow('rocada npm pkg / rocada wasm (binding cost)', 'rocada/pkg', 'rocada/wasm', 0, ['bulk']),
    ratioRow('rocada native / shakmaty native', 'rocada/native', 'shakmaty/native'),
    ratioRow('rocada native / cozy-chess native', 'rocada/native', 'cozy-chess/native'),
    ratioRow('shakmaty wasm / shakmaty native', 'shakmaty/wasm', 'shakmaty/native'),
    ratioRow('cozy-chess wasm / cozy-chess native', 'cozy-chess/wasm', 'cozy-chess/native'),
    ratioRow('rocada wasm / chessops (set B)', 'rocada/wasm-light', 'chessops/js'),
    ratioRow('rocada wasm / chess.js (set B)', 'rocada/wasm-light', 'chess.js/js', 0, ['leaf']),
  ];
  lines.push('Ratios (median over rounds of the ratio within each round)');
  lines.push(table(['', 'bulk', 'every leaf', 'target', ''], ratios));
  if (native?.sizes) {
    const sz = Object.entries(native.sizes).map(([e, b]) => `${e} ${b}`).join(', ');
    lines.push(`Bytes copied per move made (size of the position type, native x86_64): ${sz}`);
  }
  for (const n of notes) lines.push(`note: ${n}`);

  const data = {
    clock: ctx.clock,
    coreShare: share,
    rates: Object.fromEntries([...S].map(([k, v]) => [k, { median: v.median, spread: v.spread, n: v.n, error: v.error }])),
    ratios: ratioData,
  };
  return { text: lines.join('\n'), failures, misses, data };
}

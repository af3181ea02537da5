// Entry point of `npm run bench` (after scripts/bench.sh has built what is needed).
//
//   node scripts/bench/run.mjs [--native path/to/rocada-bench] [section ...]
//
// Environment: BENCH_QUICK=1 (one ply less everywhere, 5 rounds), BENCH_REPS=n,
// BENCH_WARMUP=n, BENCH_ONLY=perft,... (sections), BENCH_JSON=file (write all medians),
// BENCH_CLOCK=cpu|wall (default cpu: CPU time of the measuring process, steadier on a shared machine),
// BENCH_STRICT=1 (exit 1 when a target is missed, not only on a wrong count).
//
// A section is a module exporting `name`, `title` and `async run(ctx)` that returns
// `{ text, failures, data }`. To add one (SAN generation, PGN parsing, JS API per-position
// costs, ...), write scripts/bench/<name>.mjs and list it in SECTIONS.

import { writeFileSync } from 'node:fs';
import os from 'node:os';

const SECTIONS = {
  perft: () => import('./perft.mjs'),
  notation: () => import('./notation.mjs'),
  api: () => import('./api.mjs'),
  engine: () => import('./engine.mjs'),
};

const argv = process.argv.slice(2);
let nativeBin = null;
const wanted = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--native') nativeBin = argv[++i];
  else wanted.push(argv[i]);
}
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const names = wanted.length ? wanted : env.BENCH_ONLY ? env.BENCH_ONLY.split(',') : Object.keys(SECTIONS);
for (const n of names) {
  if (!SECTIONS[n]) {
    console.error(`bench: no section ${n} (have: ${Object.keys(SECTIONS).join(', ')})`);
    process.exit(2);
  }
}

const ctx = {
  quick,
  reps: Number(env.BENCH_REPS ?? (quick ? 5 : 7)),
  warmup: Number(env.BENCH_WARMUP ?? 1),
  nativeBin,
  clock: env.BENCH_CLOCK === 'wall' ? 'wall' : 'cpu',
  log: (...a) => console.error(...a),
};

const started = Date.now();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Rocada benchmark${quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ${os.cpus().length} x ${cpu}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const failures = [];
const misses = [];
const data = {};
for (const n of names) {
  const section = await SECTIONS[n]();
  const t0 = Date.now();
  const res = await section.run(ctx);
  console.log(`\n== ${section.title} (${((Date.now() - t0) / 1000).toFixed(1)} s) ==\n`);
  console.log(res.text);
  failures.push(...res.failures.map((f) => `${n}: ${f}`));
  misses.push(...(res.misses ?? []).map((m) => `${n}: ${m}`));
  data[n] = res.data;
}
if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify({ when: new Date().toISOString(), quick, data }, null, 2));

console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
if (misses.length && env.BENCH_STRICT === '1') {
  failures.push(...misses.map((m) => `target missed: ${m}`));
}
if (failures.length) {
  console.log(`\nFAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}

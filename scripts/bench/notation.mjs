// SAN generation and PGN parsing, native (release): runs `examples/bench_san.rs` and
// `examples/bench_pgn.rs` and relays their tables. The JS-side cost of SAN (verbose moves
// through the npm package) is in the `api` section.

import { execFileSync } from 'node:child_process';

export const name = 'notation';
export const title = 'Notation: SAN generation per move and PGN parsing throughput (native release)';

const EXAMPLES = ['bench_san', 'bench_pgn'];
// Each example's arguments: bench_san takes the number of runs; bench_pgn the number of games, then runs.
const ARGS = { bench_san: (runs) => [runs], bench_pgn: (runs, quick) => [quick ? '500' : '2000', runs] };

export async function run(ctx) {
  const runs = String(ctx.quick ? 3 : ctx.reps);
  const failures = [];
  const parts = [];
  ctx.log('[bench] cargo build --release --examples (bench_san, bench_pgn)');
  execFileSync('cargo', ['build', '--release', ...EXAMPLES.flatMap((e) => ['--example', e])], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (const example of EXAMPLES) {
    try {
      const out = execFileSync('cargo', ['run', '--quiet', '--release', '--example', example, '--', ...ARGS[example](runs, ctx.quick)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      parts.push(`-- ${example} (median of ${runs} runs) --\n${out.trimEnd()}`);
    } catch (e) {
      failures.push(`${example} failed: ${e.message.split('\n')[0]}`);
    }
  }
  return { text: parts.join('\n\n'), failures, data: { text: parts } };
}

// TypeScript in strict mode over a file written into a scratch app that installed the packed
// tarball (see packed.mjs): shared by the type tests of the Chess API and of the Engine.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './packed.mjs';

const tsc = join(root, 'node_modules/.bin/tsc');

/**
 * Writes `source` to `<dir>/<file>` with a strict tsconfig (`moduleResolution` NodeNext or
 * bundler) and runs tsc there. Returns `{ ok, output }`.
 */
export function typecheck(dir, file, source, moduleResolution) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: moduleResolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
        moduleResolution,
        lib: ['ES2022', 'ESNext.Disposable', 'DOM'],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: [file],
    }),
  );
  try {
    return { ok: true, output: run(tsc, ['-p', dir], dir) };
  } catch (e) {
    return { ok: false, output: `${e.stdout}${e.stderr}` };
  }
}

/**
 * Type-checks `bad` (a file whose lines ending in `// error` are deliberate mistakes) in `dir`
 * and asserts that tsc fails with errors on exactly those lines.
 */
export function assertErrorsOnMarkedLines(dir, bad) {
  const { ok, output } = typecheck(dir, 'bad.ts', bad, 'NodeNext');
  assert.equal(ok, false, 'tsc must fail');
  const expected = bad
    .split('\n')
    .map((line, i) => (line.endsWith('// error') ? i + 1 : 0))
    .filter(Boolean);
  const reported = [...new Set([...output.matchAll(/bad\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  assert.deepEqual(reported, expected, output);
}

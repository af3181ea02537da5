// The published package as a user gets it: `npm pack` of pkg/ (built by scripts/build.sh) into
// a temporary directory, installed into a scratch app there. Each test file that needs it calls
// packedApp() once (node --test runs files in separate processes).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const pkgDir = join(root, 'pkg');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function run(cmd, args, cwd, env) {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: env ? { ...process.env, ...env } : process.env,
  });
}

/**
 * Packs pkg/ and installs the tarball into `<tmp>/app`. Returns `{ work, app, packed, load,
 * cleanup }`: `load()` imports `rocada` from inside the app (through an app module, so that
 * resolution is the user's), `cleanup()` removes everything.
 */
export function packedApp(prefix = 'rocada-pack-') {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const packed = JSON.parse(run(npm, ['pack', '--json', '--pack-destination', work], pkgDir))[0];
  const app = join(work, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }, null, 2));
  // A local tarball with no dependencies: nothing is fetched.
  run(npm, ['install', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], app);
  writeFileSync(join(app, 'entry.mjs'), "export * from 'rocada';\nexport { default } from 'rocada';\n");
  let module;
  return {
    work,
    app,
    packed,
    tarball: join(work, packed.filename),
    load: async () => (module ??= await import(pathToFileURL(join(app, 'entry.mjs')).href)),
    cleanup: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** The path of Debian's chromium, or a clear failure. */
export function chromiumPath() {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('chromium is not installed: run scripts/bootstrap.sh');
  }
}

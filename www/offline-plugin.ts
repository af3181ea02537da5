// A small Vite plugin that makes the built page work offline: it writes `sw.js` (from
// sw/sw.js) with the list of every emitted file to precache and a version derived from their
// names (content-hashed), so a new build replaces the old cache. Dev builds get no worker.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Files of public/ to precache besides the bundle. */
const PUBLIC_FILES = ['manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];

export function offline(): Plugin {
  return {
    name: 'rocada-offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = ['./', ...PUBLIC_FILES, ...Object.keys(bundle).filter((f) => f !== 'index.html' && !f.endsWith('.map'))];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const template = readFileSync(new URL('./sw/sw.js', import.meta.url), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template.replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(files)),
      });
    },
  };
}

// Module resolve hook for wasm-bindgen tests in Node: the generated test JS lives in a
// temporary directory and imports the hand-written modules of pkg/ (`./chess_error.js`,
// `./objects.js`: `raw_module` imports in src/wasm) as if they were next to it; serve them
// from pkg/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = new URL('../pkg/', import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const m = /^\.\/([A-Za-z0-9_-]+\.js)$/.exec(specifier);
  if (m && context.parentURL !== undefined) {
    const sibling = new URL(specifier, context.parentURL);
    const ours = new URL(m[1], pkg);
    if (sibling.href !== ours.href && !existsSync(fileURLToPath(sibling)) && existsSync(fileURLToPath(ours))) {
      return { url: ours.href, format: 'module', shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

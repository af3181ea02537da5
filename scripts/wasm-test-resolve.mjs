// Module resolve hook for wasm-bindgen tests in Node: the generated test JS lives in a
// temporary directory and imports `./chess_error.js` next to itself; serve pkg/chess_error.js.
const chessError = new URL('../pkg/chess_error.js', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === './chess_error.js' && context.parentURL !== undefined) {
    const sibling = new URL(specifier, context.parentURL).href;
    if (sibling !== chessError) {
      return { url: chessError, format: 'module', shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

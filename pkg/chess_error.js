// The one error class Rocada throws. Hand-written (not generated): the wasm module imports
// this file (`raw_module = "./chess_error.js"` in src/wasm/error.rs) and index.js / node.js
// re-export it, so the class users import is the class that is thrown, and
// `e instanceof ChessError` holds.

/**
 * Every failure of a Rocada call: `code` is a stable string to branch on, `detail` says more
 * (for `'invalid-fen'`: `{ reason, reasons, message }` with the FEN problem's own codes; see
 * chess_error.d.ts for every code).
 */
export class ChessError extends Error {
  /**
   * @param {string} code stable machine-readable code, e.g. `'invalid-fen'`
   * @param {string} message human-readable English text
   * @param {object} [detail] code-specific facts
   */
  constructor(code, message, detail) {
    super(message);
    this.code = code;
    this.detail = detail ?? {};
  }

  /**
   * Whether this error has code `code` (in TypeScript, narrows `detail` to that code's type).
   * @param {string} code
   */
  is(code) {
    return this.code === code;
  }
}

Object.defineProperty(ChessError.prototype, 'name', {
  value: 'ChessError',
  writable: true,
  configurable: true,
  enumerable: false,
});

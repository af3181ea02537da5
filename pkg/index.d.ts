// Types of the package entry (index.js in browsers and bundlers, node.js in Node): the
// generated wasm-bindgen API plus the hand-written ChessError.
export * from './rocada.js';
export { default } from './rocada.js';
export * from './chess_error.js';

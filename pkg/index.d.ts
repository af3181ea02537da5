// Types of the package entries (index.js in browsers and bundlers, node.js in Node, async.js
// for 'rocada/async'): the generated wasm-bindgen API, the hand-written objects, ChessError and
// Engine.
export * from './rocada.js';
export { default } from './rocada.js';
export * from './objects.js';
export * from './chess_error.js';
export * from './engine.js';

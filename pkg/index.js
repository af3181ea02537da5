// Entry point for browsers and bundlers (the `default` export condition).
// Call `await init()` once before using anything else; in Node the `node` condition
// (node.js) has already initialised the module and `init()` returns at once.
export * from './rocada.js';
export { default } from './rocada.js';
export { ChessError } from './chess_error.js';

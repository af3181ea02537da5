// The Web Worker behind `Engine` in browsers (engine.js starts it). It loads no wasm of its
// own: the page posts its compiled module. A worker script of your own (`Engine.create({
// workerUrl })`) can be just `import 'rocada/engine-worker';`.
import { serve } from './engine-serve.js';

const handle = serve((reply) => self.postMessage(reply));
self.addEventListener('message', (event) => handle(event.data));

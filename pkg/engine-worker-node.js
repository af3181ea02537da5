// The worker thread behind `Engine` in Node (engine-node.js starts it): engine-worker.js with
// node:worker_threads' port instead of `self`.
import { parentPort } from 'node:worker_threads';
import { serve } from './engine-serve.js';

const handle = serve((reply) => parentPort.postMessage(reply));
parentPort.on('message', handle);

// Preloaded into the Node process of wasm-bindgen-test-runner (see wasm-test-runner.sh).
import { register } from 'node:module';

register('./wasm-test-resolve.mjs', import.meta.url);

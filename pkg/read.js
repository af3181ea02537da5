// The wasm module's reads of the caller's values (src/wasm/js.rs imports this file with
// `raw_module = "./read.js"`). Hand-written: each read runs inside try/catch here, and a failure
// (a revoked Proxy, a throwing trap, getter or function) is reported by `readFailed()` instead of
// a JS exception. An exception unwinding through the wasm frames would leave the object it was
// called on borrowed and the shadow stack pointer where it was (the instance locked, then
// corrupted); and wasm-bindgen's own `catch` imports that return a value keep one externref
// table slot and a few bytes of memory per caught exception, so they are not used for values a
// caller controls. Nothing here knows chess.

let failed = false;

/** Whether a read failed since the last call (and clears it). */
export function readFailed() {
  const f = failed;
  failed = false;
  return f;
}

/** `Reflect.get(target, key)`, or `undefined` and a failure. */
export function readGet(target, key) {
  try {
    return Reflect.get(target, key);
  } catch {
    failed = true;
    return undefined;
  }
}

/** `Reflect.ownKeys(target)`, or `[]` and a failure. */
export function readOwnKeys(target) {
  try {
    return Reflect.ownKeys(target);
  } catch {
    failed = true;
    return [];
  }
}

/** `Array.isArray(value)`: 1 or 0, or 2 when it throws (a revoked Proxy). */
export function readIsArray(value) {
  try {
    return Array.isArray(value) ? 1 : 0;
  } catch {
    return 2;
  }
}

/** `f.call(self, ...args)` for a caller's function (a clock's `now`, an engine's `onInfo`). */
export function readCall(f, self, arg) {
  try {
    return arg === undefined ? f.call(self) : f.call(self, arg);
  } catch {
    failed = true;
    return undefined;
  }
}

/**
 * A copy of the bytes of `value` when it is a Uint8Array (an engine's net), else `undefined`;
 * `undefined` and a failure when reading it throws.
 */
export function readBytes(value) {
  try {
    // isView reads no property and runs no trap; the copy reads the array's own storage.
    return ArrayBuffer.isView(value) && value instanceof Uint8Array ? new Uint8Array(value) : undefined;
  } catch {
    failed = true;
    return undefined;
  }
}

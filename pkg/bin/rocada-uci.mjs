#!/usr/bin/env node
// `npx rocada-uci`: the engine behind the Universal Chess Interface, over the wasm build, for
// any chess GUI. The protocol is the same state machine as the native `rocada-uci`
// (src/engine/src/search/uci.rs, exported as `UciProtocol` by src/wasm/uci.rs into
// rocada_uci_bg.wasm, a module only this bin loads); this file does
// the I/O and runs each search in a worker thread (`Engine`), so `stop` and `ponderhit` are read
// while it searches. The worker cannot be reached inside a search, so at `ponderhit` a timer
// stops the ponder search after the time the go command's clock gives (`stopAfterMs`), and
// `stop` ends a search at once with its last reported line (`Engine.stop()`).
// `rocada-uci bench [depth]` runs the bench and exits; end of input stops and exits, as `quit`.
import { createInterface } from 'node:readline';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { Engine } from '../node.js';
// The protocol lives in a module of its own (built with the crate's `uci` feature), which no
// page loads.
import { initSync, UciProtocol } from '../rocada_uci.js';

initSync({ module: readFileSync(new URL('../rocada_uci_bg.wasm', import.meta.url)) });

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const BENCH_DEPTH = 12;
const DEFAULT_HASH_MB = 16;

const say = (lines) => {
  if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
};

/**
 * The learned evaluation in use: EvalFile's bytes, undefined for the built-in net (the
 * default), null for the hand-written evaluation alone (as `Engine.create`'s `net`).
 */
let net;
let hashMb = DEFAULT_HASH_MB;

function bench(depth) {
  const { nodes, timeMs } = UciProtocol.bench(depth, net);
  say(UciProtocol.benchLines(depth, nodes, timeMs));
}

/**
 * The first bytes of the file at `path`, one more than the largest net at most (a device or a
 * huge file is not read to the end), or why it cannot be read (a string).
 */
function readNetFile(path) {
  let fd;
  try {
    fd = openSync(path, 'r');
    const buffer = new Uint8Array(UciProtocol.maxNetBytes() + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    return buffer.subarray(0, length);
  } catch (e) {
    return String(e?.message ?? e);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A game-like object for `Engine.bestMove`: a start FEN and moves, replayed by the search. */
function gameOf({ fen, chess960, moves }) {
  const list = moves ? moves.split(' ') : [];
  return {
    fen: () => fen,
    isChess960: () => chess960,
    history: () => list.map((uci, i) => ({ before: fen, uci, index: i })),
  };
}

const proto = new UciProtocol(`Rocada ${version} (wasm)`);
let engine = Engine.create({ hashMb });
/** Replaces the engine by one with the current `hashMb` and `net`. */
function recreate() {
  const previous = engine;
  engine = previous.then((e) => (e.terminate(), Engine.create({ hashMb, net })));
  return engine;
}

/** The running search: { done: Promise, timer? }. */
let running = null;

function start(action) {
  const search = {};
  running = search;
  const onInfo = (info) => say(proto.info(info));
  search.done = engine
    .then((e) => e.bestMove(gameOf(action), { ...action.limits, onInfo }))
    .then(
      (r) => say(proto.result(r)),
      (error) => say(proto.failure(String(error?.message ?? error))),
    )
    .finally(() => {
      clearTimeout(search.timer);
      if (running === search) running = null;
    });
}

/** Ends the running search; resolves once its result went through `proto.result`. */
async function stop() {
  const search = running;
  if (!search) return;
  clearTimeout(search.timer);
  (await engine).stop();
  await search.done;
}

/** Handles one line; `false` means quit. */
async function command(line) {
  for (;;) {
    const { out, action } = proto.command(line);
    say(out);
    switch (action.type) {
      case 'go':
        start(action);
        break;
      case 'stop':
        await stop();
        break;
      case 'stop-retry':
        await stop();
        continue;
      case 'ponderhit':
        if (running && action.stopAfterMs !== undefined) {
          const search = running;
          search.timer = setTimeout(() => {
            if (running === search) stop();
          }, action.stopAfterMs);
        }
        break;
      case 'newgame':
        (await engine).newGame();
        break;
      case 'hash':
        hashMb = action.mb;
        await recreate();
        break;
      case 'evalfile': {
        const read = action.file ? readNetFile(action.path) : undefined;
        const { line, change } = UciProtocol.evalFile(action.path, read);
        if (change !== 'unchanged') {
          net = { net: read, builtin: undefined, handwritten: null }[change];
          await recreate();
        }
        say([line]);
        break;
      }
      case 'bench':
        bench(action.depth);
        break;
      case 'quit':
        return false;
      default:
        break;
    }
    return true;
  }
}

if (process.argv[2] === 'bench') {
  bench(Number(process.argv[3]) || BENCH_DEPTH);
  (await engine).terminate();
} else {
  const input = createInterface({ input: process.stdin, terminal: false });
  let quit = false;
  for await (const line of input) {
    if (!(await command(line))) {
      quit = true;
      break;
    }
  }
  if (!quit) await command('quit');
  input.close();
  (await engine).terminate();
}

#!/usr/bin/env node
// `npx rocada-uci`: the engine behind the Universal Chess Interface, over the wasm build, for
// any chess GUI. The same commands as the native `rocada-uci` (src/bin/rocada-uci.rs): `uci`,
// `isready`, `ucinewgame`, `setoption name <Hash | MultiPV | UCI_Chess960 | Skill Level |
// UCI_LimitStrength | UCI_Elo | Move Overhead> value <v>`, `position (startpos | fen <fen>)
// [moves <uci> ...]`, `go` (depth, nodes, movetime, wtime, btime, winc, binc, movestogo,
// infinite, ponder, searchmoves), `stop`, `ponderhit`, `quit`; extras: `d` (the FEN) and
// `bench [depth]`. `rocada-uci bench [depth]` runs the bench and exits. The search runs in a
// worker thread (`Engine`), so `stop` is read while it searches; end of input stops the
// search and exits, as `quit` does.
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { Chess, Engine, EngineCore, DEFAULT_POSITION } from '../node.js';

const DEFAULT_HASH_MB = 16;
const MAX_HASH_MB = 1024;
const BENCH_DEPTH = 12;
const MAX_OVERHEAD_MS = 5000;
/** Approximate Elo of levels 1..20 (src/search/level.rs). */
const ELOS = EngineCore.elos();
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const say = (line) => process.stdout.write(`${line}\n`);

function bench(depth) {
  const { nodes, timeMs } = EngineCore.bench(depth);
  say(`depth ${depth}`);
  say(`Total time (ms) : ${timeMs}`);
  say(`Nodes searched  : ${nodes}`);
  say(`Nodes/second    : ${Math.floor((nodes * 1000) / Math.max(1, timeMs))}`);
}

function infoLine(info) {
  const score = 'cp' in info.score ? `cp ${info.score.cp}` : `mate ${info.score.mate}`;
  const bound = info.bound ? ` ${info.bound}bound` : '';
  return (
    `info depth ${info.depth} seldepth ${info.seldepth} multipv ${info.multiPv} score ${score}${bound}` +
    ` nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull} time ${info.timeMs} pv ${info.pv.join(' ')}`
  );
}

const state = {
  hashMb: DEFAULT_HASH_MB,
  multiPv: 1,
  chess960: false,
  level: undefined,
  limitStrength: false,
  elo: ELOS[9],
  /** Milliseconds taken off each clock reading (the GUI's and the pipes' latency). */
  overheadMs: 0,
  game: new Chess(),
  /** The running search: { done: Promise, release() } (an infinite one waits for `stop`). */
  search: null,
};
let engine = Engine.create({ hashMb: state.hashMb });

async function stopSearch() {
  const search = state.search;
  if (!search) return;
  state.search = null;
  search.release();
  await (await engine).stop();
  await search.done;
}

function setOption(line) {
  const rest = line.replace(/^setoption\s*/, '').replace(/^name\s+/, '');
  const at = rest.search(/\svalue\s/);
  const name = (at < 0 ? rest : rest.slice(0, at)).trim();
  const value = at < 0 ? '' : rest.slice(at).replace(/^\s*value\s+/, '').trim();
  const int = (fallback) => (/^-?\d+$/.test(value) ? Number(value) : fallback);
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  switch (name.toLowerCase()) {
    case 'hash':
      if (/^\d+$/.test(value)) {
        state.hashMb = clamp(Number(value), 1, MAX_HASH_MB);
        const previous = engine;
        engine = previous.then((e) => (e.terminate(), Engine.create({ hashMb: state.hashMb })));
      }
      break;
    case 'multipv':
      state.multiPv = clamp(int(1), 1, 256);
      break;
    case 'uci_chess960':
      state.chess960 = value.toLowerCase() === 'true';
      break;
    case 'skill level': {
      const level = clamp(int(20), 1, 20);
      state.level = level < 20 ? level : undefined;
      break;
    }
    case 'uci_limitstrength':
      state.limitStrength = value.toLowerCase() === 'true';
      break;
    case 'uci_elo':
      state.elo = clamp(int(ELOS[9]), ELOS[0], ELOS[18]);
      break;
    case 'move overhead':
      state.overheadMs = clamp(int(0), 0, MAX_OVERHEAD_MS);
      break;
    default:
      say(`info string unknown option ${name}`);
  }
}

function setPosition(words) {
  let fen;
  let rest;
  if (words[0] === 'startpos') {
    fen = DEFAULT_POSITION;
    rest = words.slice(1);
  } else if (words[0] === 'fen') {
    const end = words.indexOf('moves') < 0 ? words.length : words.indexOf('moves');
    fen = words.slice(1, end).join(' ');
    rest = words.slice(end);
  } else {
    throw new Error('expected startpos or fen');
  }
  let game;
  try {
    game = new Chess(fen, { chess960: state.chess960 });
  } catch (e) {
    // As the native engine: a FEN that is only legal as Chess960.
    game = new Chess(fen, { chess960: true });
  }
  if (rest[0] === 'moves') for (const m of rest.slice(1)) game.move(m);
  state.game.free();
  state.game = game;
}

async function go(words) {
  const limits = { multiPv: state.multiPv };
  // UCI_LimitStrength on: the level of the nearest Elo wins over Skill Level.
  if (state.limitStrength) limits.elo = state.elo;
  else if (state.level !== undefined) limits.level = state.level;
  const keys = { depth: 'depth', nodes: 'nodes', movetime: 'movetimeMs', wtime: 'wtimeMs', btime: 'btimeMs', winc: 'wincMs', binc: 'bincMs', movestogo: 'movesToGo' };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (keys[w] && /^-?\d+$/.test(words[i + 1] ?? '')) {
      limits[keys[w]] = Math.max(0, Number(words[++i]));
      if (w === 'depth' || w === 'nodes' || w === 'movestogo') limits[keys[w]] ||= 1;
    } else if (w === 'infinite' || w === 'ponder') {
      limits.infinite = true;
    } else if (w === 'searchmoves') {
      limits.searchMoves = [];
      while (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(words[i + 1] ?? '')) limits.searchMoves.push(words[++i]);
    }
  }
  if (!['depth', 'nodes', 'movetimeMs', 'wtimeMs', 'btimeMs', 'infinite'].some((k) => k in limits)) limits.infinite = true;
  // The clock as the search should see it: less the configured latency (at least 1 ms).
  for (const k of ['wtimeMs', 'btimeMs']) if (k in limits) limits[k] = Math.max(1, limits[k] - state.overheadMs);
  const e = await engine;
  let release;
  const stopped = new Promise((resolve) => (release = resolve));
  const search = { release };
  state.search = search;
  search.done = e
    .bestMove(state.game, { ...limits, onInfo: (info) => say(infoLine(info)) })
    .then(
      async (r) => {
        // UCI: an infinite search answers only after `stop`.
        if (limits.infinite) await stopped;
        say(r.ponder ? `bestmove ${r.move} ponder ${r.ponder}` : `bestmove ${r.move}`);
      },
      (error) => {
        if (error?.code !== 'game-over') say(`info string error: ${error?.message ?? error}`);
        say('bestmove 0000');
      },
    )
    .finally(() => {
      if (state.search === search) state.search = null;
    });
}

/** Handles one command; `false` means quit. */
async function command(line) {
  const words = line.split(/\s+/).filter(Boolean);
  switch (words[0]) {
    case 'uci':
      say(`id name Rocada ${version} (wasm)`);
      say('id author the Rocada authors');
      say(`option name Hash type spin default ${DEFAULT_HASH_MB} min 1 max ${MAX_HASH_MB}`);
      say('option name MultiPV type spin default 1 min 1 max 256');
      say('option name UCI_Chess960 type check default false');
      say('option name Skill Level type spin default 20 min 1 max 20');
      say('option name UCI_LimitStrength type check default false');
      say(`option name UCI_Elo type spin default ${ELOS[9]} min ${ELOS[0]} max ${ELOS[18]}`);
      say(`option name Move Overhead type spin default 0 min 0 max ${MAX_OVERHEAD_MS}`);
      say('uciok');
      break;
    case 'isready':
      await engine;
      say('readyok');
      break;
    case 'ucinewgame':
      await stopSearch();
      (await engine).newGame();
      state.game.free();
      state.game = new Chess(undefined, { chess960: state.chess960 });
      break;
    case 'setoption':
      await stopSearch();
      setOption(line);
      break;
    case 'position':
      await stopSearch();
      try {
        setPosition(words.slice(1));
      } catch (e) {
        say(`info string error: ${e.message}`);
      }
      break;
    case 'go':
      await stopSearch();
      await go(words.slice(1));
      break;
    case 'stop':
      await stopSearch();
      break;
    case 'ponderhit':
      break;
    case 'quit':
      return false;
    case 'd':
      say(state.game.fen());
      break;
    case 'bench':
      await stopSearch();
      bench(Number(words[1]) || BENCH_DEPTH);
      break;
    case undefined:
      break;
    default:
      say(`info string unknown command ${words[0]}`);
  }
  return true;
}

if (process.argv[2] === 'bench') {
  bench(Number(process.argv[3]) || BENCH_DEPTH);
  (await engine).terminate();
} else {
  const input = createInterface({ input: process.stdin, terminal: false });
  for await (const line of input) {
    if (!(await command(line.trim()))) break;
  }
  input.close();
  await stopSearch();
  (await engine).terminate();
}

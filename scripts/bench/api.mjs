// Section "api": the cost of the hot JS calls of a board UI, per position, through the shipped
// package (pkg/, Node entry) beside chess.js and chessops in the same process and rounds:
//   moves({ verbose: true })  every legal move as an object, with SAN
//   moves()                   SAN strings
//   status()                  everything about the state of the game
// over 1,000 positions from seeded random games (each Chess object carries the game's history,
// so repetition claims are computed on real histories). Targets on the reference machine:
// verbose <= 15 us, status() <= 1.5 us per position.
// chess.js has no status(): its seven status predicates are called instead (inCheck,
// isCheckmate, isStalemate, isInsufficientMaterial, isThreefoldRepetition, isDrawByFiftyMoves,
// isGameOver); chessops has no history: isCheck, isCheckmate, isStalemate,
// isInsufficientMaterial, outcome. chessops' verbose moves are { from, to, promotion, san }
// from allDests() and makeSan().
// Also reported: the package's size (.wasm raw and gzip, the inlined entry) and where the
// .wasm's code goes (by crate: rules, game layer, engine, JS adapter; Rust runtime), read from the
// names in cargo's output.

import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Chess as ChessJs } from 'chess.js';
import { Chess as ChessopsChess } from 'chessops/chess';
import { parseFen, makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { SquareSet } from 'chessops/squareSet';
import { makeSquare } from 'chessops/util';
import { stopwatch, secondsBy, summarize, table, int } from './lib.mjs';

export const name = 'api';
export const title = 'JS API per position: moves({ verbose: true }), moves(), status()';

const POSITIONS = 1000;
const TARGETS = { verbose: 15, status: 1.5 };
const root = fileURLToPath(new URL('../../', import.meta.url));

/** xorshift32, seeded: the same games on every run. */
function rng(seed) {
  let x = seed >>> 0;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** 1,000 positions of seeded random games: each with the UCI moves that lead to it. */
function positions(Chess) {
  const r = rng(0x5eed);
  const out = [];
  while (out.length < POSITIONS) {
    const chess = new Chess();
    const line = [];
    for (let ply = 0; ply < 120 && out.length < POSITIONS; ply++) {
      const moves = chess.moves({ verbose: true });
      if (moves.length === 0) break;
      const m = moves[r(moves.length)];
      chess.move(m.uci);
      line.push(m.uci);
      if (chess.moves().length > 0) out.push({ fen: chess.fen(), line: [...line] });
    }
    chess.free();
  }
  return out;
}

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

function chessopsVerbose(pos) {
  const out = [];
  const ctx = pos.ctx();
  const lastRank = SquareSet.backrank(pos.turn === 'white' ? 'black' : 'white');
  for (const [from, dests] of pos.allDests(ctx)) {
    const isPawn = pos.board.pawn.has(from);
    for (const to of dests) {
      for (const promotion of isPawn && lastRank.has(to) ? PROMOTIONS : [undefined]) {
        const move = { from, to, promotion };
        out.push({ from: makeSquare(from), to: makeSquare(to), promotion, san: makeSan(pos, move) });
      }
    }
  }
  return out;
}

function chessopsSans(pos) {
  const out = [];
  const ctx = pos.ctx();
  const lastRank = SquareSet.backrank(pos.turn === 'white' ? 'black' : 'white');
  for (const [from, dests] of pos.allDests(ctx)) {
    const isPawn = pos.board.pawn.has(from);
    for (const to of dests) {
      for (const promotion of isPawn && lastRank.has(to) ? PROMOTIONS : [undefined]) out.push(makeSan(pos, { from, to, promotion }));
    }
  }
  return out;
}

function chessopsStatus(pos) {
  return {
    check: pos.isCheck(),
    checkmate: pos.isCheckmate(),
    stalemate: pos.isStalemate(),
    insufficientMaterial: pos.isInsufficientMaterial(),
    outcome: pos.outcome(),
  };
}

function chessJsStatus(c) {
  return {
    check: c.inCheck(),
    checkmate: c.isCheckmate(),
    stalemate: c.isStalemate(),
    insufficientMaterial: c.isInsufficientMaterial(),
    threefold: c.isThreefoldRepetition(),
    fifty: c.isDrawByFiftyMoves(),
    gameOver: c.isGameOver(),
  };
}

/** Code bytes by part of the crate, from the function names in cargo's (unstripped) output. */
function codeBreakdown(file) {
  if (!existsSync(file)) return null;
  const b = readFileSync(file);
  let i = 8;
  const leb = () => {
    let n = 0;
    let s = 0;
    let x;
    do {
      x = b[i++];
      n += (x & 127) * 2 ** s;
      s += 7;
    } while (x & 128);
    return n;
  };
  let imported = 0;
  let data = 0;
  const bodies = [];
  const names = new Map();
  while (i < b.length) {
    const id = b[i++];
    const len = leb();
    const end = i + len;
    if (id === 2) {
      const n = leb();
      for (let k = 0; k < n; k++) {
        // (`i += leb()` would read `i` before leb() moves it.)
        const moduleName = leb();
        i += moduleName;
        const fieldName = leb();
        i += fieldName;
        const kind = b[i++];
        if (kind === 0) {
          leb();
          imported++;
        } else if (kind === 1) {
          i++;
          const f = b[i++];
          leb();
          if (f & 1) leb();
        } else if (kind === 2) {
          const f = b[i++];
          leb();
          if (f & 1) leb();
        } else if (kind === 3) i += 2;
        else leb();
      }
    } else if (id === 10) {
      const n = leb();
      for (let k = 0; k < n; k++) {
        const l = leb();
        bodies.push(l);
        i += l;
      }
    } else if (id === 11) {
      data = len;
    } else if (id === 0) {
      const nl = leb();
      const nm = b.subarray(i, i + nl).toString();
      i += nl;
      if (nm === 'name') {
        while (i < end) {
          const sid = b[i++];
          const sl = leb();
          const send = i + sl;
          if (sid === 1) {
            const n = leb();
            for (let k = 0; k < n; k++) {
              const idx = leb();
              const l = leb();
              names.set(idx, b.subarray(i, i + l).toString());
              i += l;
            }
          }
          i = send;
        }
      }
    }
    i = end;
  }
  const PARTS = [
    // Names are demangled (`rocada_rules::position::...`) or legacy-mangled
    // (`_ZN12rocada_rules8position...`): one part per crate of the workspace.
    ['JS adapter (src/wasm, wasm-bindgen, js-sys)', /rocada(?:::|\d+)wasm(?![a-z_])|wasm_bindgen|js_sys|__wbg|__wbindgen|externref/],
    ['engine (rocada-engine: search, evaluation)', /rocada_engine/],
    ['game layer (rocada-game: game, PGN, clock, explain, messages, touch)', /rocada_game/],
    ['rules (rocada-rules: boards, FEN, SAN, UCI, move generation, perft, Zobrist, Chess960)', /rocada_rules/],
  ];
  const totals = new Map(PARTS.map(([p]) => [p, 0]));
  let other = 0;
  bodies.forEach((size, k) => {
    const n = names.get(k + imported) ?? '';
    const part = PARTS.find(([, re]) => re.test(n));
    if (part) totals.set(part[0], totals.get(part[0]) + size);
    else other += size;
  });
  totals.set('Rust runtime (alloc, fmt, core, std, talc)', other);
  return { totals, code: bodies.reduce((a, x) => a + x, 0), data };
}

function kib(n) {
  return `${(n / 1024).toFixed(1)} KiB`;
}

export async function run(ctx) {
  const failures = [];
  const misses = [];
  const { Chess } = await import('rocada');
  const set = positions(Chess);
  const ours = set.map((p) => {
    const c = new Chess();
    for (const m of p.line) c.move(m);
    return c;
  });
  const theirs = set.map((p) => {
    const c = new ChessJs();
    for (const m of p.line) c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    return c;
  });
  const ops = set.map((p) => ChessopsChess.fromSetup(parseFen(p.fen).unwrap()).unwrap());
  for (let k = 0; k < set.length; k++) {
    if (ours[k].fen() !== theirs[k].fen() || makeFen(ops[k].toSetup()) !== theirs[k].fen()) {
      failures.push(`position ${k}: the libraries disagree on the FEN`);
      break;
    }
    if (ours[k].moves().length !== theirs[k].moves().length) {
      failures.push(`position ${k}: ${ours[k].moves().length} moves, chess.js ${theirs[k].moves().length}`);
      break;
    }
  }

  // chess.js is about 100 times slower: it does fewer passes over the set per round.
  const runners = [
    { lib: 'rocada', op: 'verbose', f: (k) => ours[k].moves({ verbose: true }) },
    { lib: 'rocada', op: 'moves', f: (k) => ours[k].moves() },
    { lib: 'rocada', op: 'status', f: (k) => ours[k].status() },
    { lib: 'chessops', op: 'verbose', f: (k) => chessopsVerbose(ops[k]) },
    { lib: 'chessops', op: 'moves', f: (k) => chessopsSans(ops[k]) },
    { lib: 'chessops', op: 'status', f: (k) => chessopsStatus(ops[k]) },
    { lib: 'chess.js', op: 'verbose', f: (k) => theirs[k].moves({ verbose: true }), slow: true },
    { lib: 'chess.js', op: 'moves', f: (k) => theirs[k].moves(), slow: true },
    { lib: 'chess.js', op: 'status', f: (k) => chessJsStatus(theirs[k]) },
  ];
  const samples = new Map(runners.map((r) => [`${r.lib} ${r.op}`, []]));
  const rounds = ctx.warmup + ctx.reps;
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    for (const r of runners) {
      const step = r.slow ? 10 : 1; // chess.js verbose/moves: every 10th position
      const passes = r.slow || r.lib === 'chess.js' ? 1 : r.op === 'status' ? 20 : 3;
      const stop = stopwatch();
      let n = 0;
      for (let pass = 0; pass < passes; pass++) {
        for (let k = pass % step; k < set.length; k += step) {
          const x = r.f(k);
          sink += x === undefined ? 0 : 1;
          n++;
        }
      }
      const t = stop();
      if (round >= ctx.warmup) samples.get(`${r.lib} ${r.op}`).push((secondsBy(ctx.clock, t) * 1e6) / n);
    }
  }
  if (sink === 0) failures.push('nothing was computed');
  const us = (key) => summarize(samples.get(key).map((x) => 1 / x));
  const fmt = (key) => {
    const s = us(key);
    const v = 1 / s.median;
    const noise = Number.isFinite(s.spread) ? ` ±${Math.round(s.spread * 100)}%` : '';
    return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} us${noise}`;
  };
  const med = (key) => 1 / us(key).median;
  const rows = [
    ['moves({ verbose: true }) with SAN', 'verbose'],
    ['moves() (SAN strings)', 'moves'],
    ['status()', 'status'],
  ].map(([label, op]) => [
    label,
    fmt(`rocada ${op}`),
    fmt(`chessops ${op}`),
    fmt(`chess.js ${op}`),
    `${(med(`chessops ${op}`) / med(`rocada ${op}`)).toFixed(1)}x`,
    `${(med(`chess.js ${op}`) / med(`rocada ${op}`)).toFixed(0)}x`,
    TARGETS[op] ? `<= ${TARGETS[op]} us` : '',
  ]);
  for (const op of Object.keys(TARGETS)) {
    if (med(`rocada ${op}`) > TARGETS[op]) misses.push(`${op}: ${med(`rocada ${op}`).toFixed(2)} us per position, target ${TARGETS[op]} us`);
  }
  const avgMoves = ours.reduce((a, c) => a + c.moves().length, 0) / ours.length;
  let text = `${int(set.length)} positions from seeded random games (${avgMoves.toFixed(1)} legal moves on average), microseconds per position (median of ${ctx.reps} rounds, ${ctx.clock} clock):\n\n`;
  text += table(['call', 'rocada', 'chessops', 'chess.js', 'chessops/rocada', 'chess.js/rocada', 'target'], rows);
  text += '\n(chess.js status = its 7 status predicates; chessops status = 5 predicates, no history.)';

  // Sizes.
  const wasm = readFileSync(`${root}pkg/rocada_bg.wasm`);
  const inline = existsSync(`${root}pkg/rocada_inline.js`) ? readFileSync(`${root}pkg/rocada_inline.js`) : null;
  const sizeRows = [['pkg/rocada_bg.wasm', int(wasm.length), int(gzipSync(wasm, { level: 9 }).length)]];
  if (inline) sizeRows.push(['pkg/rocada_inline.js (base64, default entry)', int(inline.length), int(gzipSync(inline, { level: 9 }).length)]);
  for (const [file, what] of [
    ['rocada_engine_bg.wasm', "the engine's module"],
    ['rocada_engine_inline.js', "base64, what Engine.create() imports"],
  ]) {
    if (!existsSync(`${root}pkg/${file}`)) continue;
    const bytes = readFileSync(`${root}pkg/${file}`);
    sizeRows.push([`pkg/${file} (${what})`, int(bytes.length), int(gzipSync(bytes, { level: 9 }).length)]);
  }
  text += `\n\nPackage size (bytes):\n\n${table(['file', 'raw', 'gzip -9'], sizeRows)}`;
  // wasm-bindgen on cargo's output (its descriptor functions removed, names kept and
  // demangled), before wasm-opt: the proportions of the shipped file, not its exact bytes.
  const cargoWasm = `${root}target/rocada/wasm32-unknown-unknown/wasm/rocada.wasm`; // scripts/build.sh, profile `wasm`, the page's module
  const tmp = mkdtempSync(join(tmpdir(), 'rocada-size-'));
  const bindgen = existsSync(cargoWasm) ? spawnSync('wasm-bindgen', ['--target', 'web', '--out-dir', tmp, cargoWasm], { encoding: 'utf8' }) : null;
  const breakdown = bindgen?.status === 0 ? codeBreakdown(join(tmp, 'rocada_bg.wasm')) : null;
  rmSync(tmp, { recursive: true, force: true });
  if (breakdown) {
    const parts = [...breakdown.totals].map(([part, n]) => [part, kib(n), `${((100 * n) / breakdown.code).toFixed(0)}%`]);
    text += `\n\nWhere the code goes (by function name, after wasm-bindgen, before wasm-opt: ${kib(breakdown.code)} of code, ${kib(breakdown.data)} of data; LTO inlines core functions into their callers, so the adapter's share includes some core code):\n\n`;
    text += table(['part', 'code', 'share'], parts);
  } else {
    text += '\n\n(no code breakdown: needs wasm-bindgen and cargo\'s release output)';
  }
  for (const c of ours) c.free();
  return {
    text,
    failures,
    misses,
    data: {
      positions: set.length,
      us: Object.fromEntries([...samples.keys()].map((k) => [k, med(k)])),
      wasmBytes: wasm.length,
      wasmGzip: gzipSync(wasm, { level: 9 }).length,
    },
  };
}

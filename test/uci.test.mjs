// `npx rocada-uci` from the packed tarball, spoken to line by line: the protocol's state
// machine (src/engine/src/search/uci.rs, through src/wasm/uci.rs) with the Engine worker. A
// refused move list keeps its legal prefix, moves past automatic endings are followed, bad
// searchmoves entries are ignored, ponder / ponderhit / stop, the final info line, mated and
// stalemated roots. (test/uci_python.py checks the same with python-chess, native and npm.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { packedApp } from './support/packed.mjs';

let ctx;
let rocada;

before(async () => {
  ctx = packedApp('rocada-uci-');
  rocada = await ctx.load();
});

after(() => ctx?.cleanup());

/** An engine process: `send(line)`, `until(regex)` resolves with the lines read so far when one matches. */
function engine() {
  const child = spawn('npx', ['--no-install', 'rocada-uci'], { cwd: ctx.app, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let partial = '';
  let waiter = null;
  let seen = 0;
  const check = () => {
    if (!waiter) return;
    for (; seen < lines.length; seen++) {
      if (waiter.re.test(lines[seen])) {
        const w = waiter;
        waiter = null;
        clearTimeout(w.timer);
        w.resolve(lines.splice(0, ++seen));
        seen = 0;
        return;
      }
    }
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    const parts = (partial + d).split('\n');
    partial = parts.pop();
    lines.push(...parts);
    check();
  });
  return {
    send: (line) => child.stdin.write(`${line}\n`),
    until: (re, ms = 30_000) =>
      new Promise((resolve, reject) => {
        waiter = { re, resolve, timer: setTimeout(() => reject(new Error(`timed out waiting for ${re}; read ${lines.slice(-5).join(' | ')}`)), ms) };
        check();
      }),
    /** The lines that arrive within `ms`. */
    quiet: (ms) => new Promise((resolve) => setTimeout(() => resolve(lines.slice()), ms)),
    quit: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.stdin.end('quit\n');
      }),
  };
}

const legal = (fen, uci) => new rocada.Chess(fen).moves({ verbose: true }).some((m) => m.uci === uci);
const best = (lines) => lines.at(-1).split(' ')[1];

test('position: the legal prefix of a refused list; moves past automatic endings are followed', async () => {
  const e = engine();
  e.send('position startpos moves d2d4');
  e.send('position startpos moves e2e4 e7e5 g1g3');
  e.send('go depth 3');
  let lines = await e.until(/^bestmove/);
  assert.ok(lines.some((l) => l.startsWith('info string') && l.includes('g1g3')), lines.join('\n'));
  assert.ok(legal('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', best(lines)), best(lines));
  // A locked pawn chain: a dead position, which the game layer would end; UCI follows the GUI.
  e.send('position fen 8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1 moves e2d3');
  e.send('go depth 3');
  lines = await e.until(/^bestmove/);
  // Black to move (a king move: Chess, the game layer, lists no move in a dead position).
  assert.match(best(lines), /^b6(a7|b7|c7|a6|c6)$/);
  assert.equal(await e.quit(), 0);
});

test('searchmoves: bad entries ignored; the final info line; mated and stalemated roots', async () => {
  const e = engine();
  e.send('position startpos');
  e.send('go depth 3 searchmoves e2e4 e7e5 zz a2a3');
  let lines = await e.until(/^bestmove/);
  assert.ok(['e2e4', 'a2a3'].includes(best(lines)), best(lines));
  e.send('go nodes 20000');
  lines = await e.until(/^bestmove/);
  assert.match(lines.at(-2), /^info depth \d+ seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes 20000 nps \d+ hashfull \d+ time \d+ pv [a-h][1-8]/);
  assert.equal(lines.at(-2).split(' pv ')[1].split(' ')[0], best(lines));
  e.send('position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
  e.send('go depth 3');
  assert.deepEqual((await e.until(/^bestmove/)).slice(-2), ['info depth 0 score mate 0', 'bestmove 0000']);
  e.send('position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
  e.send('go depth 3');
  assert.deepEqual((await e.until(/^bestmove/)).slice(-2), ['info depth 0 score cp 0', 'bestmove 0000']);
  assert.equal(await e.quit(), 0);
});

test('ponder: no bestmove until ponderhit (then the clock from there) or stop', async () => {
  const e = engine();
  e.send('uci');
  assert.ok((await e.until(/^uciok/)).includes('option name Ponder type check default false'));
  e.send('setoption name Ponder value true');
  e.send('position startpos moves e2e4');
  e.send('go ponder wtime 2000 btime 2000');
  await e.until(/^info depth/);
  assert.ok(!(await e.quiet(800)).some((l) => l.startsWith('bestmove')), 'no bestmove while pondering');
  const t0 = performance.now();
  e.send('ponderhit');
  let lines = await e.until(/^bestmove/);
  assert.ok(performance.now() - t0 < 1000, `ponderhit: a 2 s clock's budget (${performance.now() - t0} ms)`);
  assert.match(lines.at(-2), /^info depth/);
  assert.ok(legal('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', best(lines)));
  e.send('go ponder depth 2');
  assert.ok(!(await e.quiet(500)).some((l) => l.startsWith('bestmove')), 'held while pondering');
  e.send('stop');
  lines = await e.until(/^bestmove/);
  assert.ok(legal('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', best(lines)));
  assert.equal(await e.quit(), 0);
});

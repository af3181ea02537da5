// Rocada demo: load a FEN, list the legal moves, time perft. Imports `rocada` exactly as a
// user of the npm package does.
import init, { Chess, ChessError, type Move } from 'rocada';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const PRESETS: { name: string; fen: string; chess960?: boolean }[] = [
  { name: 'Start position', fen: START },
  { name: 'Kiwipete (castling, pins, en passant)', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' },
  { name: 'Promotions', fen: 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1' },
  { name: 'Chess960 middlegame', fen: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', chess960: true },
  { name: 'Illegal: no white king', fen: '4k3/8/8/8/8/8/8/8 w - - 0 1' },
];

function element<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} is missing from index.html`);
  return el;
}

const fenInput = element('fen', HTMLInputElement);
const chess960Box = element('chess960', HTMLInputElement);
const presetSelect = element('preset', HTMLSelectElement);
const loadButton = element('load', HTMLButtonElement);
const status = element('status', HTMLParagraphElement);
const count = element('count', HTMLSpanElement);
const moveList = element('moves', HTMLUListElement);
const depthSelect = element('depth', HTMLSelectElement);
const perftButton = element('perft', HTMLButtonElement);
const perftOut = element('perft-out', HTMLParagraphElement);

let chess: Chess | undefined;

function describe(m: Move): string {
  const parts = [`${m.color === 'w' ? 'White' : 'Black'} ${m.piece} ${m.from}→${m.to}`, `flags ${m.flags}`];
  if (m.captured) parts.push(`captures ${m.captured}`);
  if (m.promotion) parts.push(`promotes to ${m.promotion}`);
  return parts.join(', ');
}

function showMoves(position: Chess): void {
  const moves = position.moves({ verbose: true });
  count.textContent = `(${moves.length})`;
  moveList.replaceChildren(
    ...moves.map((m) => {
      const li = document.createElement('li');
      li.textContent = m.uci;
      li.title = describe(m);
      if (m.captured) li.classList.add('capture');
      if (m.flags === 'k' || m.flags === 'q') li.classList.add('castle');
      return li;
    }),
  );
}

function load(): void {
  if (!fenInput.value.trim()) fenInput.value = START;
  const fen = fenInput.value.trim();
  let next: Chess;
  try {
    next = new Chess(fen, { chess960: chess960Box.checked });
  } catch (e) {
    status.className = 'error';
    status.textContent = e instanceof ChessError ? `${e.code}: ${e.message}` : String(e);
    status.dataset.code = e instanceof ChessError ? e.code : 'unknown';
    return;
  }
  chess?.free();
  chess = next;
  status.className = '';
  delete status.dataset.code;
  status.textContent = `${chess.turn() === 'w' ? 'White' : 'Black'} to move${chess.isChess960() ? ' (Chess960)' : ''} · ${chess.fen()}`;
  showMoves(chess);
  perftOut.textContent = '';
  perftOut.dataset.state = 'idle';
}

async function runPerft(): Promise<void> {
  if (!chess) return;
  const depth = Number(depthSelect.value);
  perftButton.disabled = true;
  perftOut.className = '';
  perftOut.dataset.state = 'running';
  perftOut.textContent = `perft(${depth}) running…`;
  // Let the page paint "running" before the main thread is busy.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  try {
    const t0 = performance.now();
    const nodes = chess.perft(depth);
    const ms = performance.now() - t0;
    const nps = ms > 0 ? `${((nodes / ms) * 1000 / 1e6).toFixed(1)} M nodes/s` : '';
    perftOut.textContent = `perft(${depth}) = ${nodes.toLocaleString('en-US')} in ${ms.toFixed(1)} ms ${nps}`.trim();
    perftOut.dataset.nodes = String(nodes);
    perftOut.dataset.state = 'done';
  } catch (e) {
    perftOut.className = 'error';
    perftOut.textContent = e instanceof ChessError ? `${e.code}: ${e.message}` : String(e);
    perftOut.dataset.state = 'error';
  } finally {
    perftButton.disabled = false;
  }
}

function setUp(): void {
  for (const [i, p] of PRESETS.entries()) {
    presetSelect.add(new Option(p.name, String(i)));
  }
  for (let d = 1; d <= 6; d++) {
    depthSelect.add(new Option(String(d), String(d), d === 4, d === 4));
  }
  presetSelect.addEventListener('change', () => {
    const preset = PRESETS[Number(presetSelect.value)];
    if (!preset) return;
    fenInput.value = preset.fen;
    chess960Box.checked = preset.chess960 ?? false;
    presetSelect.value = '';
    load();
  });
  loadButton.addEventListener('click', load);
  chess960Box.addEventListener('change', load);
  fenInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') load();
  });
  perftButton.addEventListener('click', () => void runPerft());
  fenInput.value = START;
  load();
  document.body.dataset.ready = 'true';
}

// Browsers fetch and compile the .wasm here; it must finish before `new Chess()`.
init().then(setUp, (e: unknown) => {
  status.className = 'error';
  status.textContent = `could not load the WebAssembly module: ${String(e)}`;
});

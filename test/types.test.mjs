// The shipped .d.ts against TypeScript in strict mode, from a scratch app that installed the
// packed tarball: a user program that uses the whole API must compile (NodeNext and bundler
// resolution), and a file of deliberate type errors must fail, each marked line with an error
// and no other line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { packedApp } from './support/packed.mjs';
import { assertErrorsOnMarkedLines, typecheck } from './support/typecheck.mjs';

let ctx;

before(() => {
  ctx = packedApp('rocada-types-');
});

after(() => ctx?.cleanup());

const GOOD = `import { Chess, ChessError, Clock, Move, parsePgn, validateFen, SQUARES, DEFAULT_POSITION, SUFFIX_LIST } from 'rocada';
import type { Color, Square, PieceSymbol, Status, Explanation, Obligation, PgnNode, BoardSquare, InvalidFenDetail, MoveErrorDetail, Termination, Suffix } from 'rocada';
import init from 'rocada/async';

await init();
const chess = new Chess(undefined, { chess960: false, lang: 'ro', figurine: false, touchMove: false });
const sans: string[] = chess.moves();
const verbose: Move[] = chess.moves({ verbose: true, square: 'e2', lang: 'es' });
const either: string[] | Move[] = chess.moves({ verbose: Math.random() > 0.5 });
const first: Move | undefined = verbose[0];
if (first) {
  const to: Square = first.to;
  const piece: PieceSymbol = first.piece;
  const after: string = first.after;
  const capture: boolean = first.isCapture() || first.isEnPassant() || first.isCastle() || first.check;
  void to; void piece; void after; void capture;
}
const played: Move = chess.move('e4');
chess.move({ from: 'e7', to: 'e5' });
chess.move({ from: 'a7', to: 'a8', promotion: 'q' }, { strict: false });
const undone: Move | null = chess.undo();
const history: string[] = chess.history();
const historyVerbose: Move[] = chess.history({ verbose: true });
const color: Color = chess.turn();
const status: Status = chess.status();
const termination: Termination | null = status.termination;
const over: boolean = status.gameOver && chess.isGameOver() && chess.isDraw() && chess.inCheck();
const board: (BoardSquare | null)[][] = chess.board();
const piece = chess.get('e1');
const type: PieceSymbol | undefined = piece?.type;
const put: boolean = chess.put({ type: 'q', color: 'w' }, 'd4');
const removed = chess.remove('d4');
const squareColor: 'light' | 'dark' = chess.squareColor('a1');
const attackers: Square[] = chess.attackers('f3', 'w');
const why: Explanation = chess.explain({ from: 'f1', to: 'c4' }, { lang: 'ro' });
const obligation: Obligation = chess.touch('g1');
chess.touch(['e1', 'h1'], 'w');
const headers: Record<string, string> = chess.header('White', 'Anna', 'Black', 'Ben');
chess.setHeader('Event', 'Club');
const comment: string | undefined = chess.getComment();
const comments: { fen: string; comment: string }[] = chess.getComments();
const nags: number[] = chess.getNags(chess.fen());
const suffix: Suffix | undefined = chess.getSuffixAnnotation();
const promotes: boolean = chess.isPromotion({ from: "e7", to: "e8" });
const list: readonly Suffix[] = SUFFIX_LIST;
const pgn: string = chess.pgn({ maxWidth: 80, newline: '\\n' });
chess.loadPgn(pgn, { lang: 'en' });
const n: number = chess.perft(2);
chess.resign('b');
chess.offerDraw('w');
chess.claimDraw();
chess.claimDraw('Ng8');
const offer: Color | null = chess.drawOffer();
const c960: Chess = Chess.chess960();
const clock = new Clock('5+3', { now: () => performance.now() });
clock.start('w');
const press = clock.press();
const ms: number = press.remainingMs + clock.remaining('b');
const toControl: number | null = clock.movesToControl('w');
chess.syncClock(clock);
const games = parsePgn('1. e4 *');
const tree: PgnNode[] = games[0]?.moves ?? [];
const mainline: Move[] = games[0]?.mainline() ?? [];
const fromPgn: Chess | undefined = games[0]?.toChess();
const valid: boolean = validateFen(DEFAULT_POSITION).ok;
const squares: Square[] = SQUARES;
try {
  new Chess('x');
} catch (e) {
  if (e instanceof ChessError && e.is('invalid-fen')) {
    const d: InvalidFenDetail = e.detail;
    void d.reasons;
  }
  if (e instanceof ChessError && e.is('illegal-move')) {
    const d: MoveErrorDetail = e.detail;
    void d.reason;
  }
}
{
  using disposable = new Chess();
  disposable.fen();
}
chess.free();
void sans; void either; void played; void undone; void history; void historyVerbose; void color;
void termination; void over; void board; void type; void put; void removed; void squareColor;
void attackers; void why; void obligation; void headers; void comment; void comments; void nags; void suffix; void promotes; void list; void n;
void offer; void c960; void ms; void toControl; void tree; void mainline; void fromPgn; void valid; void squares;
`;

// Each line ending in `// error` must produce a type error; no other line may.
const BAD = `import { Chess, Clock, parsePgn, type Move, type Status } from 'rocada';
const chess = new Chess();
const wrong: string[] = chess.moves({ verbose: true }); // error
new Chess(undefined, { chess960: 'yes' }); // error
new Chess(undefined, { sandbx: true }); // error
chess.moves({ square: 'z9' }); // error
chess.moves({ piece: 'x' }); // error
chess.move({ from: 'e2' }); // error
chess.move({ from: 'e7', to: 'e8', promotion: 'k' }); // error
chess.move(42); // error
chess.get('i1'); // error
chess.put({ type: 'q', color: 'white' }, 'e4'); // error
chess.resign('white'); // error
const m: Move = chess.moves()[0]!; // error
const s: Status = chess.status();
const t: 'mate' = s.termination!; // error
s.nonsense; // error
chess.explain('e4', { lang: 'de' }); // error
chess.pgn({ maxWidth: '80' }); // error
chess.loadPgn('1. e4', { strict: 'yes' }); // error
new Clock(5); // error
parsePgn('x')[0]!.moves[0]!.unknownField; // error
const n: string = chess.perft(3); // error
chess.history({ verbose: true })[0]!.isCapture === true; // error
chess.setSuffixAnnotation('!!!'); // error
chess.addNag(true); // error
const sfx: '!' = chess.getSuffixAnnotation(); // error
void wrong; void sfx; void m; void t; void n;
`;

test('a user program using the whole API compiles in strict mode (NodeNext)', () => {
  const { ok, output } = typecheck(ctx.app, 'user.ts', GOOD, 'NodeNext');
  assert.ok(ok, `tsc failed:\n${output}`);
});

test('the same program compiles with bundler resolution', () => {
  const { ok, output } = typecheck(join(ctx.app, 'bundler'), 'user.ts', GOOD, 'bundler');
  assert.ok(ok, `tsc failed:\n${output}`);
});

test('deliberate type errors fail, each on its own line', () => {
  assertErrorsOnMarkedLines(join(ctx.app, 'bad'), BAD);
});

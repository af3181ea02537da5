// Premoves, as on lichess: where a piece could go by geometry alone, whatever the other side
// answers first. A pawn one step forward, two from its start rank, and its two forward
// diagonals; a knight's jumps; a bishop, rook or queen along its lines through any piece; a
// king one step, and castling while the rights allow (the king's two squares or onto its rook,
// as the board's castling gesture; in Chess960 onto the rook only). Whether the premove is
// legal is known only once the answer is on the board.
import type { Chess, Color, Square } from 'rocada';
import { piecesOf } from './position';

const FILES = 'abcdefgh';

/** The square at `file`, `rank` (0..7), or `null` off the board. */
function at(file: number, rank: number): Square | null {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? (`${FILES[file]}${rank + 1}` as Square) : null;
}

const KNIGHT: [number, number][] = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const DIAGONALS: [number, number][] = [[1, 1], [1, -1], [-1, -1], [-1, 1]];
const LINES: [number, number][] = [[0, 1], [1, 0], [0, -1], [-1, 0]];

/**
 * The rooks `color` may still castle with: the FEN's castling field names them (`K` / `Q`: the
 * outermost rook on that side of the king, as X-FEN; a file letter: the rook on that file).
 */
function castlingRooks(chess: Chess, color: Color, king: Square): Square[] {
  const rights = chess.fen().split(' ')[2] ?? '-';
  const rank = color === 'w' ? '1' : '8';
  const kingFile = FILES.indexOf(king[0]!);
  const rooks = [...piecesOf(chess)].filter(([sq, p]) => sq[1] === rank && p.color === color && p.type === 'r').map(([sq]) => sq);
  const found: Square[] = [];
  for (const c of rights) {
    if ((c === c.toUpperCase()) !== (color === 'w') || c === '-') continue;
    const letter = c.toLowerCase();
    const side = letter === 'k' ? 1 : letter === 'q' ? -1 : 0;
    const rook = side
      ? rooks
          .filter((sq) => Math.sign(FILES.indexOf(sq[0]!) - kingFile) === side)
          .sort((a, b) => side * (FILES.indexOf(b[0]!) - FILES.indexOf(a[0]!)))[0]
      : rooks.find((sq) => sq[0] === letter);
    if (rook) found.push(rook);
  }
  return found;
}

/** The premove destinations of `color`'s pieces, by origin square. */
export function premoveDests(chess: Chess, color: Color): Map<Square, Square[]> {
  const dests = new Map<Square, Square[]>();
  const chess960 = chess.isChess960();
  for (const [sq, piece] of piecesOf(chess)) {
    if (piece.color !== color) continue;
    const file = FILES.indexOf(sq[0]!);
    const rank = Number(sq[1]) - 1;
    const to = new Set<Square>();
    const add = (f: number, r: number): void => {
      const s = at(f, r);
      if (s) to.add(s);
    };
    const ride = (steps: [number, number][]): void => {
      for (const [df, dr] of steps) for (let k = 1; k < 8; k++) add(file + df * k, rank + dr * k);
    };
    switch (piece.type) {
      case 'p': {
        const forward = color === 'w' ? 1 : -1;
        add(file, rank + forward);
        if (rank === (color === 'w' ? 1 : 6)) add(file, rank + 2 * forward);
        add(file - 1, rank + forward);
        add(file + 1, rank + forward);
        break;
      }
      case 'n':
        for (const [df, dr] of KNIGHT) add(file + df, rank + dr);
        break;
      case 'b':
        ride(DIAGONALS);
        break;
      case 'r':
        ride(LINES);
        break;
      case 'q':
        ride([...DIAGONALS, ...LINES]);
        break;
      case 'k':
        for (const [df, dr] of [...DIAGONALS, ...LINES]) add(file + df, rank + dr);
        for (const rook of castlingRooks(chess, color, sq)) {
          to.add(rook);
          // In standard chess the king's own destination too (g1 / c1).
          if (!chess960) add(FILES.indexOf(rook[0]!) > file ? 6 : 2, rank);
        }
        break;
    }
    if (to.size) dests.set(sq, [...to]);
  }
  return dests;
}

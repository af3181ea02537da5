// A game as a tree of moves for Analyse: built from `parsePgn` (variations, comments, NAGs
// kept) or grown by moves made on the board, and written back as PGN.
import { Chess, ChessError, parsePgn, type Color, type Lang, type PgnGame, type PgnNode } from 'rocada';

/** A position of the tree: the root (no move) or the position after `uci`. */
export interface TreeNode {
  id: number;
  parent: TreeNode | null;
  /** The first child continues the line; the others are variations. */
  children: TreeNode[];
  /** The move that led here (empty for the root). */
  uci: string;
  /** English SAN (PGN's). */
  san: string;
  /** FEN after the move (the start position for the root). */
  fen: string;
  /** Who made the move, and its move number. */
  color: Color;
  moveNumber: number;
  nags: number[];
  comments: string[];
}

const STANDARD_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The move-quality NAGs (Analyse's buttons): `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6. */
export const NAG_SYMBOLS: Record<number, string> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

/** The glyphs of the standard NAGs shown in the move list; the others are written `$n`. */
export const NAG_GLYPHS: Record<number, string> = {
  ...NAG_SYMBOLS,
  10: '=',
  13: '∞',
  14: '⩲',
  15: '⩱',
  16: '±',
  17: '∓',
  18: '+−',
  19: '−+',
  22: '⨀',
  23: '⨀',
  32: '⟳',
  33: '⟳',
  36: '→',
  37: '→',
  40: '↑',
  41: '↑',
  132: '⇆',
  133: '⇆',
  140: '∆',
  146: 'N',
};

/** A NAG as shown: its glyph, or `$n`. */
export function nagText(nag: number): string {
  return NAG_GLYPHS[nag] ?? `$${nag}`;
}

/** Where a PGN error is (line, column), for comparing two readings. */
function reach(e: ChessError): [number, number] {
  const d = e.detail as { line?: number; column?: number } | undefined;
  return [d?.line ?? 0, d?.column ?? 0];
}

/** The piece letters a PGN error's move is written in (the reading that failed). */
const lettersOfError = new WeakMap<ChessError, Lang>();

/** The language whose piece letters the move of a `fromPgn` error is written in. */
export function pgnErrorLetters(e: ChessError): Lang {
  return lettersOfError.get(e) ?? 'en';
}

/** The games of `text`, read in English, else with `lang`'s letters too (`GameTree.fromPgn`). */
function readPgn(text: string, lang: Lang): PgnGame[] {
  try {
    return parsePgn(text);
  } catch (english) {
    if (lang === 'en' || !(english instanceof ChessError)) throw english;
    try {
      return parsePgn(text, { lang });
    } catch (local) {
      if (!(local instanceof ChessError)) throw local;
      const [a, b] = [reach(english), reach(local)];
      const further = b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]);
      if (further) lettersOfError.set(local, lang);
      throw further ? local : english;
    }
  }
}

export class GameTree {
  readonly root: TreeNode;
  headers: Record<string, string> = {};
  result = '*';
  private nextId = 1;
  private readonly sanCache = new Map<string, string>();

  constructor(
    fen: string = STANDARD_START,
    readonly chess960 = false,
  ) {
    const [, turn, , , , full] = fen.split(' ');
    this.root = {
      id: 0,
      parent: null,
      children: [],
      uci: '',
      san: '',
      fen,
      color: turn === 'w' ? 'b' : 'w',
      moveNumber: Number(full ?? 1) - (turn === 'w' ? 1 : 0),
      nags: [],
      comments: [],
    };
  }

  /**
   * The first game of a PGN text; throws the package's `ChessError` (`invalid-pgn`, ...). Its
   * moves are read in English, PGN's own letters (in Romanian N is the bishop and in Spanish R
   * the king, so the page's letters first would misread a standard PGN); a text that does not
   * read so is read again with `lang`'s letters too (a game written in Romanian or Spanish).
   * Where both fail, the error is the one of the reading that got further.
   */
  static fromPgn(text: string, lang: Lang): GameTree {
    const [game, ...others] = readPgn(text, lang);
    // Analyse opens the first game; the others' wasm memory goes now.
    for (const g of others) g.free();
    if (!game) throw new Error('no game');
    const chess960 = /960|fischer/i.test(game.headers['Variant'] ?? '');
    const tree = new GameTree(game.startFen, chess960);
    tree.headers = { ...game.headers };
    tree.result = game.result;
    tree.root.comments = [...game.comments];
    tree.addLine(tree.root, game.moves);
    game.free();
    return tree;
  }

  private addLine(from: TreeNode, line: PgnNode[]): void {
    let at = from;
    for (const p of line) {
      const node = this.play(at, p.uci);
      node.nags = [...p.nags];
      // The game's opening comment is also the first move's comment before; keep it once.
      const before = at === this.root ? p.commentsBefore.filter((c) => !this.root.comments.includes(c)) : p.commentsBefore;
      node.comments = [...before, ...p.comments];
      for (const v of p.variations) this.addLine(at, v);
      at = node;
    }
  }

  /** The child of `at` reached by `uci`, made if new (a new variation when `at` has children). */
  play(at: TreeNode, uci: string): TreeNode {
    const existing = at.children.find((c) => c.uci === uci);
    if (existing) return existing;
    const chess = this.chessAt(at);
    try {
      const m = chess.move(uci);
      const node: TreeNode = {
        id: this.nextId++,
        parent: at,
        children: [],
        uci: m.uci,
        san: m.san,
        fen: chess.fen(),
        color: m.color,
        moveNumber: m.color === 'w' ? at.moveNumber + 1 : Math.max(at.moveNumber, 1),
        nags: [],
        comments: [],
      };
      at.children.push(node);
      return node;
    } finally {
      chess.free();
    }
  }

  /** A fresh `Chess` at a node's position (the caller frees it). */
  chessAt(node: TreeNode, lang: Lang = 'en'): Chess {
    return new Chess(node.fen, { chess960: this.chess960, lang });
  }

  /** A move's SAN in a language (cached). */
  sanIn(node: TreeNode, lang: Lang): string {
    if (lang === 'en' || !node.parent) return node.san;
    const key = `${node.id}:${lang}`;
    let san = this.sanCache.get(key);
    if (san === undefined) {
      const chess = this.chessAt(node.parent, lang);
      san = chess.move(node.uci).san;
      chess.free();
      this.sanCache.set(key, san);
    }
    return san;
  }

  find(id: number): TreeNode | null {
    const stack = [this.root];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.id === id) return n;
      stack.push(...n.children);
    }
    return null;
  }

  /** The tree as PGN: tags, moves with variations, NAGs and comments, result. */
  pgn(): string {
    const tags: Record<string, string> = {
      Event: '?',
      Site: '?',
      Date: '????.??.??',
      Round: '?',
      White: '?',
      Black: '?',
      ...this.headers,
      Result: this.result,
    };
    if (this.root.fen !== STANDARD_START || this.chess960) {
      tags['SetUp'] = '1';
      tags['FEN'] = this.root.fen;
    }
    if (this.chess960) tags['Variant'] = 'Chess960';
    const head = Object.entries(tags)
      .map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`)
      .join('\n');
    const words: string[] = [];
    const comment = (c: string) => words.push(`{${c.replace(/}/g, ')')}}`);
    this.root.comments.forEach(comment);
    this.writeLine(this.root, true, words, comment);
    words.push(this.result);
    return `${head}\n\n${wrap(words.join(' '))}\n`;
  }

  private writeLine(from: TreeNode, needNumber: boolean, words: string[], comment: (c: string) => void): void {
    let at = from;
    while (at.children.length) {
      const [main, ...alternatives] = at.children;
      if (!main) break;
      this.writeMove(main, needNumber, words, comment);
      needNumber = main.comments.length > 0;
      for (const alt of alternatives) {
        words.push('(');
        this.writeMove(alt, true, words, comment);
        this.writeLine(alt, alt.comments.length > 0, words, comment);
        words.push(')');
        needNumber = true;
      }
      at = main;
    }
  }

  private writeMove(n: TreeNode, needNumber: boolean, words: string[], comment: (c: string) => void): void {
    if (n.color === 'w') words.push(`${n.moveNumber}.`);
    else if (needNumber) words.push(`${n.moveNumber}...`);
    words.push(n.san, ...n.nags.map((g) => `$${g}`));
    n.comments.forEach(comment);
  }
}

/** Lines of at most 80 characters. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

// The plain JavaScript objects of the API, built from compact data the wasm module hands over.
// Hand-written (not generated): src/wasm imports this file (`raw_module = "./objects.js"`) and
// calls these builders once per API call with packed numbers and joined strings, which is far
// cheaper than creating each object field by field across the wasm boundary. Nothing here knows
// chess rules: it only unpacks what src/wasm/objects.rs packed (the layouts are described there
// and checked by tests/wasm_node.rs). Only `Move` and the constants are exported by the package's
// entries; the builders are for the wasm module alone.
import { ChessError } from './chess_error.js';

/** Square names by index: 0 = a1, 1 = b1, ..., 63 = h8 (the core's numbering). */
const SQUARE_NAMES = [];
for (let i = 0; i < 64; i++) SQUARE_NAMES.push('abcdefgh'[i & 7] + String((i >> 3) + 1));

/** chess.js's `SQUARES`: a8, b8, ..., h1 (board order, rank 8 first). */
export const SQUARES = [];
for (let rank = 7; rank >= 0; rank--) for (let file = 0; file < 8; file++) SQUARES.push(SQUARE_NAMES[rank * 8 + file]);

export const WHITE = 'w';
export const BLACK = 'b';
export const PAWN = 'p';
export const KNIGHT = 'n';
export const BISHOP = 'b';
export const ROOK = 'r';
export const QUEEN = 'q';
export const KING = 'k';
export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The PGN's Seven Tag Roster with the values of an unknown game, as chess.js (frozen). */
export const SEVEN_TAG_ROSTER = Object.freeze({ Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*' });
/** The suffix annotations, NAGs 1, 2, 3, 5, 6 and 4, in chess.js's order (frozen). */
export const SUFFIX_LIST = Object.freeze(['!', '?', '!!', '!?', '?!', '??']);

/** Role codes: 0 = none, 1 = pawn ... 6 = king. */
const ROLES = [undefined, 'p', 'n', 'b', 'r', 'q', 'k'];
const COLORS = ['w', 'b'];

// Move kinds (bits 27-29 of the first word).
const KIND_BIG_PAWN = 1;
const KIND_EN_PASSANT = 2;
const KIND_KING_CASTLE = 3;
const KIND_QUEEN_CASTLE = 4;

/**
 * `from + to + promotion` strings, made once each: index `(from * 64 + to) * 8 + promotion`.
 * Sharing them spares a string per move and field.
 */
const PAIRS = new Array(64 * 64 * 8);

function pair(from, to, promotion) {
  const i = (from * 64 + to) * 8 + promotion;
  let s = PAIRS[i];
  if (s === undefined) {
    s = SQUARE_NAMES[from] + SQUARE_NAMES[to] + (promotion === 0 ? '' : ROLES[promotion]);
    PAIRS[i] = s;
  }
  return s;
}

/** chess.js flag strings by kind, then capture, then promotion. */
function flagsOf(kind, captured, promotion) {
  switch (kind) {
    case KIND_BIG_PAWN:
      return 'b';
    case KIND_EN_PASSANT:
      return 'e';
    case KIND_KING_CASTLE:
      return 'k';
    case KIND_QUEEN_CASTLE:
      return 'q';
    default:
      return promotion === 0 ? (captured === 0 ? 'n' : 'c') : captured === 0 ? 'np' : 'cp';
  }
}

/**
 * Computes the FEN after a move from the FEN before it (installed by the wasm module the
 * first time it builds a move whose `after` is left to compute).
 * @type {((before: string, uci: string, chess960: boolean) => string | undefined) | null}
 */
let fenAfter = null;

/** Makes `after` of `m` a plain data property holding `fen` (when `m` can still change). */
function settle(m, fen) {
  try {
    Object.defineProperty(m, 'after', { value: fen, writable: true, enumerable: true, configurable: true });
  } catch {
    // A frozen or sealed move keeps its accessor.
  }
  return fen;
}


/** Called by the wasm module, once: the function behind the lazy `Move.after`. */
export function setFenAfter(f) {
  if (fenAfter === null && typeof f === 'function') fenAfter = f;
}

function notAMove(name) {
  const message = `Move.${name}: called on something that is not a Move`;
  return new ChessError('invalid-receiver', message, { method: name, message });
}

/**
 * A move, as `moves({ verbose: true })`, `move()`, `undo()` and `history({ verbose: true })`
 * give it. Field names and flags are chess.js's; `uci`, `check` and `checkmate` are added.
 * `after` is computed on first read when the move came from `moves()`.
 */
export class Move {
  #kind;
  #chess960;

  /** @internal Built by the library only. */
  constructor(w0, w1, san, before, after, chess960) {
    if (typeof w0 !== 'number' || typeof w1 !== 'number' || typeof san !== 'string' || typeof before !== 'string') {
      const message = 'Move objects are made by the library (moves(), move(), history(), undo())';
      throw new ChessError('invalid-argument', `invalid argument: ${message}`, { argument: 'w0', message });
    }
    const from = w0 & 63;
    const to = (w0 >>> 6) & 63;
    const captured = (w0 >>> 21) & 7;
    const promotion = (w0 >>> 24) & 7;
    const kind = (w0 >>> 27) & 7;
    this.color = COLORS[w1 & 1];
    this.from = SQUARE_NAMES[from];
    this.to = SQUARE_NAMES[to];
    this.piece = ROLES[(w0 >>> 18) & 7];
    this.captured = ROLES[captured];
    this.promotion = ROLES[promotion];
    this.flags = flagsOf(kind, captured, promotion);
    this.san = san;
    this.lan = pair(from, to, promotion);
    this.uci = pair(from, (w0 >>> 12) & 63, promotion);
    this.before = before;
    // `after` is an own property, as in chess.js, so that copies keep it ({ ...m },
    // structuredClone, Object.assign, test runners' diffs). For moves from `moves()` it is an
    // accessor that computes the FEN on first read and then becomes a plain data property.
    // One descriptor object for every move: V8 keeps one hidden class for them (3x faster
    // `moves({ verbose: true })` than a closure per move).
    if (after !== undefined) this.after = after;
    else Object.defineProperty(this, 'after', Move.#LAZY_AFTER);
    this.check = (w1 & 2) !== 0;
    this.checkmate = (w1 & 4) !== 0;
    this.#kind = kind;
    this.#chess960 = chess960;
  }

  /** `after` of a move from `moves()` until it is read or set. */
  static #LAZY_AFTER = {
    configurable: true,
    enumerable: true,
    get() {
      return Move.#lazyAfter(this);
    },
    set(fen) {
      settle(this, fen);
    },
  };

  /** The getter of a lazy `after`: the FEN after the move, from its `before` and `uci`. */
  static #lazyAfter(m) {
    const { before, uci } = m;
    // A user may have changed `before` or `uci`: only strings reach the wasm module.
    if (fenAfter === null || typeof before !== 'string' || typeof uci !== 'string') return undefined;
    return settle(m, fenAfter(before, uci, #chess960 in m ? m.#chess960 : false));
  }

  /** Throws ChessError `invalid-receiver` unless `m` is a Move. */
  static #check(m, name) {
    if (typeof m !== 'object' || m === null || !(#kind in m)) throw notAMove(name);
  }

  /** Whether the move captures (en passant included, unlike chess.js). */
  isCapture() {
    Move.#check(this, 'isCapture');
    return this.captured !== undefined;
  }

  isPromotion() {
    Move.#check(this, 'isPromotion');
    return this.promotion !== undefined;
  }

  isEnPassant() {
    Move.#check(this, 'isEnPassant');
    return this.#kind === KIND_EN_PASSANT;
  }

  isKingsideCastle() {
    Move.#check(this, 'isKingsideCastle');
    return this.#kind === KIND_KING_CASTLE;
  }

  isQueensideCastle() {
    Move.#check(this, 'isQueensideCastle');
    return this.#kind === KIND_QUEEN_CASTLE;
  }

  isCastle() {
    Move.#check(this, 'isCastle');
    return this.#kind === KIND_KING_CASTLE || this.#kind === KIND_QUEEN_CASTLE;
  }

  /** A pawn's two-square advance. */
  isBigPawn() {
    Move.#check(this, 'isBigPawn');
    return this.#kind === KIND_BIG_PAWN;
  }

  /** Every field, `after` included (for `JSON.stringify`). */
  toJSON() {
    Move.#check(this, 'toJSON');
    return {
      color: this.color,
      from: this.from,
      to: this.to,
      piece: this.piece,
      captured: this.captured,
      promotion: this.promotion,
      flags: this.flags,
      san: this.san,
      lan: this.lan,
      uci: this.uci,
      before: this.before,
      after: this.after,
      check: this.check,
      checkmate: this.checkmate,
    };
  }
}

/**
 * Moves from packed words (two per move) and SAN joined by spaces. `befores` is either one
 * FEN shared by all moves, or (history) every position's FEN joined by newlines, the start
 * first; in that case the `after` of each move is the next FEN.
 */
export function makeMoves(words, sans, befores, history, chess960) {
  const n = words.length >>> 1;
  const out = new Array(n);
  if (n === 0) return out;
  const san = sans.split(' ');
  if (history) {
    const fens = befores.split('\n');
    for (let i = 0; i < n; i++) out[i] = new Move(words[2 * i], words[2 * i + 1], san[i], fens[i], fens[i + 1], chess960);
  } else {
    for (let i = 0; i < n; i++) out[i] = new Move(words[2 * i], words[2 * i + 1], san[i], befores, undefined, chess960);
  }
  return out;
}

/** One move with both FENs known. */
export function makeMove(w0, w1, san, before, after, chess960) {
  return new Move(w0, w1, san, before, after, chess960);
}

/** SAN strings from SAN joined by spaces. */
export function splitSans(sans) {
  return sans.length === 0 ? [] : sans.split(' ');
}

/** Strings joined by newlines (FENs, header values never contain one). */
export function splitLines(text) {
  return text.length === 0 ? [] : text.split('\n');
}

/** Termination codes in the order of the core's `Termination::ALL`, after "none". */
const TERMINATIONS = [
  null,
  'checkmate',
  'stalemate',
  'insufficient-material',
  'fivefold-repetition',
  'seventyfive-moves',
  'threefold-repetition',
  'fifty-moves',
  'resignation',
  'agreement',
  'timeout',
  'timeout-insufficient-material',
];
const RESULTS = ['*', '1-0', '0-1', '1/2-1/2'];
const WINNERS = [null, 'w', 'b'];

/** `status()` from its bits (see `status_bits` in src/wasm/objects.rs). */
export function makeStatus(bits) {
  return {
    check: (bits & 1) !== 0,
    checkmate: (bits & 2) !== 0,
    stalemate: (bits & 4) !== 0,
    insufficientMaterial: (bits & 8) !== 0,
    threefoldRepetition: (bits & 16) !== 0,
    fivefoldRepetition: (bits & 32) !== 0,
    fiftyMoves: (bits & 64) !== 0,
    seventyFiveMoves: (bits & 128) !== 0,
    canClaimThreefold: (bits & 256) !== 0,
    canClaimFifty: (bits & 512) !== 0,
    canClaimDraw: (bits & 1024) !== 0,
    gameOver: (bits & 2048) !== 0,
    result: RESULTS[(bits >>> 12) & 3],
    termination: TERMINATIONS[(bits >>> 14) & 15],
    winner: WINNERS[(bits >>> 18) & 3],
  };
}

/** A piece from its code (0 = none, else color * 8 + role code), chess.js's `{ type, color }`. */
export function makePiece(code) {
  return code === 0 ? undefined : { type: ROLES[code & 7], color: COLORS[code >>> 3] };
}

/** chess.js's `board()`: rank 8 first, a-file first; `null` for an empty square. */
export function makeBoard(codes) {
  const rows = new Array(8);
  for (let r = 0; r < 8; r++) {
    const row = new Array(8);
    for (let f = 0; f < 8; f++) {
      const i = (7 - r) * 8 + f;
      const code = codes[i];
      row[f] = code === 0 ? null : { square: SQUARE_NAMES[i], type: ROLES[code & 7], color: COLORS[code >>> 3] };
    }
    rows[r] = row;
  }
  return rows;
}

/** chess.js's `ascii()` from the same piece codes. */
export function makeAscii(codes) {
  let s = '   +------------------------+\n';
  for (let r = 7; r >= 0; r--) {
    s += ` ${r + 1} |`;
    for (let f = 0; f < 8; f++) {
      const code = codes[r * 8 + f];
      const letter = code === 0 ? '.' : ROLES[code & 7];
      s += ` ${code >>> 3 === 0 && code !== 0 ? letter.toUpperCase() : letter} `;
    }
    s += '|\n';
  }
  s += '   +------------------------+\n';
  s += '     a  b  c  d  e  f  g  h';
  return s;
}

/**
 * Square names from a 64-bit set given as two 32-bit halves (low: a1..h4, high: a5..h8), in
 * chess.js's order (its `findPiece` and `attackers`): the eighth rank first, a to h in a rank.
 */
export function makeSquares(low, high) {
  const out = [];
  for (let rank = 7; rank >= 0; rank--) {
    const half = rank < 4 ? low : high;
    for (let file = 0; file < 8; file++) if ((half >>> ((rank & 3) * 8 + file)) & 1) out.push(SQUARE_NAMES[rank * 8 + file]);
  }
  return out;
}

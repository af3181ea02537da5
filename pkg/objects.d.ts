// Types of objects.js: the basic vocabulary of the API and the `Move` class.

/** A side: `'w'` (White) or `'b'` (Black), as in FEN and chess.js. */
export type Color = 'w' | 'b';

/** A piece kind, lowercase as in chess.js: pawn, knight, bishop, rook, queen, king. */
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';

/** What a pawn may promote to. */
export type PromotionSymbol = 'n' | 'b' | 'r' | 'q';

/** A square name, `a1` to `h8`. */
export type Square = `${'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/** A piece, as chess.js writes it. */
export interface Piece {
  type: PieceSymbol;
  color: Color;
}

/** chess.js's `SQUARES`: `a8`, `b8`, ..., `h1` (board order, rank 8 first). */
export declare const SQUARES: Square[];
export declare const WHITE: 'w';
export declare const BLACK: 'b';
export declare const PAWN: 'p';
export declare const KNIGHT: 'n';
export declare const BISHOP: 'b';
export declare const ROOK: 'r';
export declare const QUEEN: 'q';
export declare const KING: 'k';
/** The FEN of the standard start position. */
export declare const DEFAULT_POSITION: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The PGN's Seven Tag Roster with the values of an unknown game (as chess.js; frozen). */
export declare const SEVEN_TAG_ROSTER: Readonly<{ Event: '?'; Site: '?'; Date: '????.??.??'; Round: '?'; White: '?'; Black: '?'; Result: '*' }>;
/** The suffix annotations (NAGs 1 to 6), in chess.js's order (frozen). */
export declare const SUFFIX_LIST: readonly ['!', '?', '!!', '!?', '?!', '??'];
/** A suffix annotation: one of `SUFFIX_LIST`. */
export type Suffix = (typeof SUFFIX_LIST)[number];

/**
 * A move, as `moves({ verbose: true })`, `move()`, `undo()` and `history({ verbose: true })`
 * give it. Field names, flags and the `is...()` methods are chess.js's; `uci`, `check` and
 * `checkmate` are added.
 */
export declare class Move {
  private constructor();
  /** The side that moves. */
  color: Color;
  /** The square the piece leaves (the king's square for castling). */
  from: Square;
  /** Where the piece lands; for castling the king's destination (`g1`, `c1`, `g8`, `c8`). */
  to: Square;
  /** The moving piece (`'k'` for castling). */
  piece: PieceSymbol;
  /** The captured piece (`'p'` for en passant), else `undefined`. */
  captured: PieceSymbol | undefined;
  /** The promotion piece, else `undefined`. */
  promotion: PromotionSymbol | undefined;
  /**
   * chess.js flags: `n` non-capture, `b` pawn two-square push, `e` en passant, `c` capture,
   * `p` promotion (`np` / `cp`), `k` king-side castling, `q` queen-side castling.
   */
  flags: string;
  /** SAN (`Nf3`, `exd6`, `O-O`, `e8=Q#`), in the selected language or figurines. */
  san: string;
  /** chess.js's long algebraic notation: from, to (the king's destination), promotion: `e2e4`, `e1g1`, `e7e8q`. */
  lan: string;
  /** UCI: as `lan`, except that Chess960 castling is king-onto-rook (`e1h1`). */
  uci: string;
  /** FEN before the move. */
  before: string;
  /** FEN after the move: an own property, as in chess.js (computed on first read for moves from `moves()`). */
  after: string;
  /** The move gives check (or mate). */
  check: boolean;
  /** The move mates. */
  checkmate: boolean;
  /** The move captures (en passant included). */
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isCastle(): boolean;
  /** A pawn's two-square advance. */
  isBigPawn(): boolean;
  /** Every field, `after` included. */
  toJSON(): {
    color: Color;
    from: Square;
    to: Square;
    piece: PieceSymbol;
    captured: PieceSymbol | undefined;
    promotion: PromotionSymbol | undefined;
    flags: string;
    san: string;
    lan: string;
    uci: string;
    before: string;
    after: string;
    check: boolean;
    checkmate: boolean;
  };
}

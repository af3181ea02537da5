//! The TypeScript side of the adapter: interfaces written out by hand (appended to the
//! generated `rocada.d.ts`) and the opaque Rust types that name them in signatures.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** The side to move or a piece's side: `'w'` (White) or `'b'` (Black), as in FEN and chess.js. */
export type Color = 'w' | 'b';

/** A piece kind, lowercase as in chess.js: pawn, knight, bishop, rook, queen, king. */
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';

/** A square name, `a1` to `h8`. */
export type Square = `${'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/** Options of `new Chess(fen, options)`. */
export interface ChessOptions {
  /**
   * Chess960 castling rules: castling rights may name any rook on the back rank (X-FEN or
   * Shredder-FEN), and UCI castling moves are written king-onto-rook (`e1h1`).
   * Default `false` (standard chess: `e1g1`).
   */
  chess960?: boolean;
}

/** Options of `chess.moves(options)`. */
export interface MovesOptions {
  /** `true`: return `Move` objects instead of strings. Default `false`. */
  verbose?: boolean;
  /** Only the moves of the piece on this square. A string that is not a square name throws `invalid-square`. */
  square?: Square;
}

/** A legal move, as `moves({ verbose: true })` gives it (field names as in chess.js). */
export interface Move {
  /** The side that moves. */
  color: Color;
  /** The square the piece leaves (the king's square for castling). */
  from: Square;
  /** The square the piece lands on; for castling the king's destination (`g1`, `c1`, `g8`, `c8`), as in chess.js. */
  to: Square;
  /** The moving piece (`'k'` for castling). */
  piece: PieceSymbol;
  /** The captured piece, if any (`'p'` for en passant). */
  captured?: PieceSymbol;
  /** The piece a pawn promotes to, if the move promotes. */
  promotion?: Exclude<PieceSymbol, 'p' | 'k'>;
  /**
   * chess.js flags, one letter each: `n` non-capture, `b` pawn two-square push, `e` en passant,
   * `c` capture, `p` promotion, `k` king-side castling, `q` queen-side castling
   * (a promotion is `np` or `cp`).
   */
  flags: string;
  /**
   * The move in UCI notation: `e2e4`, `e7e8q`; castling is `e1g1` in standard chess and
   * king-onto-rook (`e1h1`) in Chess960.
   */
  uci: string;
}

export interface Chess {
  /**
   * The legal moves. For now the strings are UCI (`e2e4`, `e7e8q`; castling `e1g1`, or
   * king-onto-rook `e1h1` in Chess960); they become SAN, as in chess.js, in a later release.
   * `{ verbose: true }` gives `Move` objects; `{ square: 'e2' }` only that piece's moves.
   * Throws `ChessError` `invalid-option` / `invalid-square` for bad options.
   */
  moves(options: MovesOptions & { verbose: true }): Move[];
  moves(options?: MovesOptions & { verbose?: false }): string[];
  moves(options?: MovesOptions): string[] | Move[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A FEN argument: checked to be a string at run time.
    #[wasm_bindgen(typescript_type = "string")]
    pub type FenArg;

    /// `ChessOptions`.
    #[wasm_bindgen(typescript_type = "ChessOptions")]
    pub type ChessOptionsArg;

    /// `MovesOptions`.
    #[wasm_bindgen(typescript_type = "MovesOptions")]
    pub type MovesOptionsArg;
}

//! The TypeScript side of the adapter: interfaces written out by hand and appended to the
//! generated `rocada.d.ts`. The basic types and the `Move` class are declared with their
//! runtime in `pkg/objects.d.ts`; methods whose signatures need overloads (`moves`, `history`,
//! `header`) are declared here on an `interface Chess` that merges with the generated class.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
import type { Color, PieceSymbol, PromotionSymbol, Square, Piece, Move, Suffix } from './objects.js';
import type { FenErrorReason } from './chess_error.js';

/** A language for explanations and SAN piece letters: English, Romanian, Spanish. */
export type Lang = 'en' | 'ro' | 'es';

/** Options of `new Chess(fen, options)`. */
export interface ChessOptions {
  /** Chess960 castling rules (X-FEN / Shredder-FEN rights, UCI castling king-onto-rook). Default `false`. */
  chess960?: boolean;
  /**
   * Lesson positions that are not legal chess: kings may be missing, one side may stand alone,
   * pawns may stand on any rank. Each piece moves by its own rules; check, checkmate and
   * stalemate apply only to a side that has its king; no draw rules; a side with no king and no
   * legal move passes (so one side can move on its own). Default `false`.
   */
  sandbox?: boolean;
  /** Language of SAN piece letters on output and of explanations. Default `'en'`. */
  lang?: Lang;
  /** Figurine SAN on output (`♘f3`). Default `false`. */
  figurine?: boolean;
  /** Enforce the touch-move rule (see `touch()`). Default `false`. */
  touchMove?: boolean;
  /** Keep a readable FEN that is not a legal position, for editing (no moves until it is). */
  skipValidation?: boolean;
}

/** Options of `clear(options)`. */
export interface ClearOptions {
  /** Keep the PGN headers. */
  preserveHeaders?: boolean;
}

/** Options that only choose a language. */
export interface LangOptions {
  lang?: Lang;
}

/** Options of `validateFen(fen, options)`. */
export interface ValidateFenOptions {
  chess960?: boolean;
  /** Validate as a sandbox (lesson) position. */
  sandbox?: boolean;
}

/** Options of `pgnGame.toChess(options)`. */
export interface ToChessOptions {
  lang?: Lang;
  figurine?: boolean;
  touchMove?: boolean;
}

/** Options of `load(fen, options)`. */
export interface LoadOptions {
  /** Chess960 castling rules; default: as before. */
  chess960?: boolean;
  /** Sandbox (lesson) positions; default: as before. */
  sandbox?: boolean;
  /** Keep the PGN headers. */
  preserveHeaders?: boolean;
  /** Keep a readable FEN that is not a legal position, for editing. */
  skipValidation?: boolean;
}

/** How SAN is written on output; the instance's settings by default. */
export interface NotationOptions {
  lang?: Lang;
  figurine?: boolean;
}

/** Options of `moves(options)`. */
export interface MovesOptions extends NotationOptions {
  /** `true`: `Move` objects instead of SAN strings. */
  verbose?: boolean;
  /** Only the moves of the piece on this square (`'e2'`; `'E2'` too, as chess.js reads it). */
  square?: Square;
  /** Only the moves of this kind of piece. */
  piece?: PieceSymbol;
}

/** Options of `move(m, options)`. */
export interface MoveOptions extends NotationOptions {
  /** Accept only canonical SAN (UCI strings and move objects are always accepted). */
  strict?: boolean;
}

/** A move given by its squares, as a board UI gives it. Castling: the king's two-square move or king-onto-rook. */
export interface MoveObject {
  from: Square;
  to: Square;
  promotion?: PromotionSymbol | Uppercase<PromotionSymbol>;
}

/** Options of `pgn(options)`. */
export interface PgnOptions {
  /** Wrap lines at this width; 0 (the default, as chess.js) writes the moves on one line. */
  maxWidth?: number;
  /** The line separator. Default `'\n'`. */
  newline?: string;
}

/** Options of `loadPgn(pgn, options)`. */
export interface LoadPgnOptions {
  /** Piece letters accepted besides English. */
  lang?: Lang;
  /** A line separator to read as `'\n'`. */
  newlineChar?: string;
  /** Canonical SAN only (no `Ng1f3`, no coordinate moves), as chess.js. Default: false. */
  strict?: boolean;
}

/** Why a game ended. */
export type Termination =
  | 'checkmate'
  | 'stalemate'
  | 'insufficient-material'
  | 'fivefold-repetition'
  | 'seventyfive-moves'
  | 'threefold-repetition'
  | 'fifty-moves'
  | 'resignation'
  | 'agreement'
  | 'timeout'
  | 'timeout-insufficient-material';

/** A game's result as PGN writes it. */
export type Result = '1-0' | '0-1' | '1/2-1/2' | '*';

/** Everything about the state of a game, from `status()`. */
export interface Status {
  /** The side to move is in check. */
  check: boolean;
  checkmate: boolean;
  stalemate: boolean;
  /** Dead position: neither side can ever mate. */
  insufficientMaterial: boolean;
  /** The position has occurred at least three times now. */
  threefoldRepetition: boolean;
  fivefoldRepetition: boolean;
  /** 50 moves by each side without capture or pawn move, now. */
  fiftyMoves: boolean;
  seventyFiveMoves: boolean;
  /** The player to move may claim threefold repetition, now or by declaring a move (FIDE 9.2). */
  canClaimThreefold: boolean;
  /** The player to move may claim the 50-move rule, now or by declaring a move (FIDE 9.3). */
  canClaimFifty: boolean;
  canClaimDraw: boolean;
  /** The game has ended (automatic endings and game events; claims only once made). */
  gameOver: boolean;
  result: Result;
  termination: Termination | null;
  winner: Color | null;
}

/** Why a move is illegal (`explain()`), or why a move error was thrown. */
export type ExplainReason =
  | 'game-over'
  | 'not-your-turn'
  | 'no-piece'
  | 'same-square'
  | 'own-piece-on-target'
  | 'wrong-piece-movement'
  | 'no-such-piece'
  | 'path-blocked'
  | 'pawn-captures-diagonally'
  | 'en-passant-expired'
  | 'must-promote'
  | 'invalid-promotion'
  | 'king-in-check'
  | 'pinned'
  | 'king-into-check'
  | 'kings-adjacent'
  | 'castle-rights-lost'
  | 'castle-in-check'
  | 'castle-blocked'
  | 'castle-through-check'
  | 'castle-into-check'
  | 'touch-move'
  | 'illegal-move';

/** What the touch-move rule obliges the player to move to do. */
export interface Obligation {
  /** `free`: any legal move; `move`: move the piece on `square`; `capture`: capture the piece on `square`; `capture-with`: capture `target` with the piece on `square`; `castle`: castle with the king on `square` and the rook on `rook`; `king-move`: another king move. */
  type: 'free' | 'move' | 'capture' | 'capture-with' | 'castle' | 'king-move';
  square?: Square;
  target?: Square;
  rook?: Square;
  /** English description. */
  message: string;
}

/** The verdict on a move, from `explain()`. */
export interface Explanation {
  legal: boolean;
  /** Why not (absent for a legal move). */
  reason?: ExplainReason;
  /** A sentence in the selected language. */
  message: string;
  from?: Square;
  to?: Square;
  promotion?: PromotionSymbol;
  /** The piece on `from`. */
  piece?: Piece;
  /** The main square involved: the checker, the pinner, the blocker, the touched piece... */
  culprit?: Square;
  /** For castling through or into check: the attacking piece. */
  attacker?: Square;
  /** Every square involved, to highlight. */
  squares: Square[];
  /** For `touch-move`: what the rule required. */
  obligation?: Obligation;
  /** The SAN of a legal move. */
  san?: string;
}

/** A square of `board()`. */
export interface BoardSquare {
  square: Square;
  type: PieceSymbol;
  color: Color;
}

/** The result of `validateFen()`. */
export interface FenValidation {
  ok: boolean;
  /** What is wrong (English). */
  error?: string;
  reason?: FenErrorReason;
  reasons?: FenErrorReason[];
}

/** Options of `new Clock(control, options)`. */
export interface ClockOptions {
  /** The time source in milliseconds (default `performance.now`). */
  now?: () => number;
}

/** What `clock.press()` did. */
export interface ClockPress {
  /** Who pressed. */
  color: Color;
  /** The time spent on the move. */
  elapsedMs: number;
  /** Their time left after the bonus. */
  remainingMs: number;
  /** The move completed a stage (its time was added). */
  newStage: boolean;
}

/** A move of a PGN game tree. */
/** One item of `for (const item of new PgnReader(text))`: a game, or why one cannot be read. */
export type PgnReadItem = { game: PgnGame; error?: undefined } | { game?: undefined; error: import('./chess_error.js').ChessError };

export interface PgnReader {
  [Symbol.iterator](): Iterator<PgnReadItem>;
}

export interface PgnNode {
  /** As written in the PGN (`0-0`, `Ng1f3`), without annotations. */
  san: string;
  uci: string;
  /** Comments after the move. */
  comments: string[];
  /** Comments before the move. */
  commentsBefore: string[];
  /** Numeric annotation glyphs (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6). */
  nags: number[];
  /** Alternatives to this move, each a line of nodes. */
  variations: PgnNode[][];
}

export interface Chess {
  /**
   * The legal moves as SAN strings (chess.js-compatible), in the selected language or
   * figurines. `{ verbose: true }` gives `Move` objects; `{ square }` / `{ piece }` filter.
   * Empty once the game is over. Throws `invalid-option` / `invalid-square`.
   */
  moves(options: MovesOptions & { verbose: true }): Move[];
  moves(options?: MovesOptions & { verbose?: false }): string[];
  moves(options?: MovesOptions): string[] | Move[];
  /** The moves played, as SAN or (`verbose`) `Move` objects with `before` and `after`. */
  history(options: NotationOptions & { verbose: true }): Move[];
  history(options?: NotationOptions & { verbose?: false }): string[];
  history(options?: NotationOptions & { verbose?: boolean }): string[] | Move[];
  /** Ends the game if the clock shows a fallen flag (FIDE 6.9); `true` if this call ended it. Throws `invalid-argument` if `clock` is not a `Clock`. */
  syncClock(clock: Clock): boolean;
  /** chess.js's `header('White', 'Anna', 'Black', 'Ben')`: sets pairs, returns every header. */
  header(...args: string[]): Record<string, string>;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `number` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "number")]
    pub type NumberArg;

    /// `ChessOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "ChessOptions")]
    pub type ChessOptionsArg;

    /// `ClockOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "ClockOptions")]
    pub type ClockOptionsArg;

    /// `Color` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "Color")]
    pub type ColorArg;

    /// `LoadOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "LoadOptions")]
    pub type LoadOptionsArg;

    /// `LoadPgnOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "LoadPgnOptions")]
    pub type LoadPgnOptionsArg;

    /// `MoveOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "MoveOptions")]
    pub type MoveOptionsArg;

    /// `NotationOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "NotationOptions")]
    pub type NotationOptionsArg;

    /// `PgnOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "PgnOptions")]
    pub type PgnOptionsArg;

    /// `string | MoveObject` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "string | MoveObject")]
    pub type MoveArg;

    /// `string` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "string")]
    pub type FenArg;

    /// `ValidateFenOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "ValidateFenOptions")]
    pub type ValidateFenOptionsArg;

    /// `LangOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "LangOptions")]
    pub type LangOptionsArg;

    /// `ToChessOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "ToChessOptions")]
    pub type ToChessOptionsArg;

    /// `ClearOptions` (optional argument; checked at run time).
    #[wasm_bindgen(typescript_type = "ClearOptions")]
    pub type ClearOptionsArg;
}

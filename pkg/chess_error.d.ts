/** The stable codes of `ChessError`. */
export type ChessErrorCode =
  // arguments
  | 'invalid-fen'
  | 'invalid-option'
  | 'invalid-argument'
  | 'invalid-square'
  | 'invalid-piece'
  | 'invalid-position'
  // moves
  | 'illegal-move'
  | 'invalid-move-syntax'
  | 'ambiguous-move'
  | 'touch-move'
  | 'game-over'
  // game events
  | 'not-your-turn'
  | 'invalid-draw-offer'
  | 'no-draw-offer'
  | 'invalid-claim'
  // PGN
  | 'invalid-pgn'
  // clocks
  | 'invalid-time-control'
  | 'flag-fallen'
  | 'clock-stopped'
  | 'clock-paused'
  // lessons (thrown by rocada/learn's Lesson)
  | LessonErrorCode
  // the engine (thrown by engine-base.js, not by the wasm module)
  | EngineErrorCode
  // a method called on a freed, foreign or busy object (thrown by extend.js and objects.js)
  | FreedErrorCode
  | ReceiverErrorCode;

/** A method called on a `Chess`, `Clock` or `PgnGame` after its `free()` (test/abuse.test.mjs checks it). */
export type FreedErrorCode = 'object-freed';

/**
 * `invalid-receiver`: a method called on something that is not a live object of its class
 * (`Chess.prototype.fen.call({})`); `object-busy`: a method called on an object from inside
 * another call on it (a getter of an argument, a clock's `now`). test/hostile.test.mjs checks both.
 */
export type ReceiverErrorCode = 'invalid-receiver' | 'object-busy';

/** A lesson that `new Lesson()` of `rocada/learn` refuses (test/learn.test.mjs checks it). */
export type LessonErrorCode = 'invalid-lesson';

/** The codes of `Engine`'s lifecycle failures (test/engine.test.mjs checks each). */
export type EngineErrorCode = 'engine-crashed' | 'engine-terminated';

/** Why a FEN was refused: the core's codes. */
export type FenErrorReason =
  // the text is not a FEN (`field` names the part at fault)
  | 'fen-empty'
  | 'fen-field-count'
  | 'fen-board'
  | 'fen-turn'
  | 'fen-castling'
  | 'fen-en-passant'
  | 'fen-halfmoves'
  | 'fen-fullmoves'
  | 'fen-type'
  // the FEN reads, but is not a legal position (every fault is listed in `reasons`)
  | PositionErrorReason;

/** Why a board is not a legal position. */
export type PositionErrorReason =
  | 'missing-king'
  | 'too-many-kings'
  | 'pawns-on-backrank'
  | 'too-many-pawns'
  | 'too-many-pieces'
  | 'opposite-check'
  | 'impossible-check'
  | 'invalid-castling-rights'
  | 'invalid-en-passant';

/** `detail` of an `invalid-fen` error. */
export interface InvalidFenDetail {
  /** The first reason (same as `reasons[0]`). */
  reason: FenErrorReason;
  /** One reason for an unreadable FEN; every fault of an illegal position. */
  reasons: FenErrorReason[];
  /** For an unreadable FEN, the field at fault. */
  field?: 'board' | 'turn' | 'castling' | 'enPassant' | 'halfmoves' | 'fullmoves';
  /** English text, without the `invalid FEN: ` prefix of the error's message. */
  message: string;
}

/** `detail` of an `invalid-position` error (a move or query on an edited board that is not legal chess). */
export interface InvalidPositionDetail {
  reason: PositionErrorReason;
  reasons: PositionErrorReason[];
  message: string;
}

/** `detail` of an `invalid-option` error. */
export interface InvalidOptionDetail {
  /** The option or argument at fault (`chess960`, `verbose`, `depth`, ...; `options` for the whole object). */
  option: string;
  message: string;
}

/** `detail` of an `invalid-argument` error. */
export interface InvalidArgumentDetail {
  /** The argument at fault (`move`, `color`, `promotion`, `pgn`, ...). */
  argument: string;
  message: string;
}

/** `detail` of an `invalid-square` error. */
export interface InvalidSquareDetail {
  /** The value that is not a square name (quoted), or its type. */
  square: string;
  message: string;
}

/** `detail` of the move errors (`illegal-move`, `touch-move`, `invalid-move-syntax`, `ambiguous-move`). */
export interface MoveErrorDetail {
  /** The move as given. */
  move: string;
  /** Why it is illegal: an `explain()` reason, or `'illegal-move'` when only the notation says so. */
  reason?: string;
  /** For an illegal move given by its squares: the explanation in the selected language; else English. */
  message: string;
  /** For a move given by its squares (UCI, object) or breaking touch-move: the full explanation. */
  explanation?: {
    legal: boolean;
    reason?: string;
    message: string;
    culprit?: string;
    squares: string[];
  };
  /** For `ambiguous-move`: the SAN of each matching move. */
  candidates?: string[];
}

/** `detail` of a `game-over` error. */
export interface GameOverDetail {
  result: '1-0' | '0-1' | '1/2-1/2';
  termination: string;
  /** A sentence in the selected language. */
  message: string;
}

/** `detail` of an `invalid-pgn` error. */
export interface InvalidPgnDetail {
  /** The game in the text, from 1. */
  game: number;
  /** Line and column (from 1) of the fault. */
  line?: number;
  column?: number;
  /** What is wrong: `illegal-move`, `unterminated-comment`, `unbalanced-parenthesis`, `bad-tag`, ... */
  reason: string;
  message: string;
  /** For a move that fails (`illegal-move`, `ambiguous-move`, `invalid-move-syntax`): the move as written. */
  move?: string;
  /**
   * For a move that fails: the position it was read in (FEN; X-FEN in Chess960), so that
   * `new Chess(fen).explain(move, { lang })` says why in any language.
   */
  fen?: string;
}

/** `detail` of a `flag-fallen` error. */
export interface FlagFallenDetail {
  color: 'w' | 'b';
  message: string;
}

/** `detail` of each code. */
export interface ChessErrorDetailMap {
  'invalid-fen': InvalidFenDetail;
  'invalid-position': InvalidPositionDetail;
  'invalid-option': InvalidOptionDetail;
  'invalid-argument': InvalidArgumentDetail;
  'invalid-square': InvalidSquareDetail;
  'illegal-move': MoveErrorDetail;
  'touch-move': MoveErrorDetail;
  'invalid-move-syntax': MoveErrorDetail;
  'ambiguous-move': MoveErrorDetail;
  'game-over': GameOverDetail;
  'invalid-pgn': InvalidPgnDetail;
  'flag-fallen': FlagFallenDetail;
  'invalid-lesson': InvalidLessonDetail;
}

/** A lesson refused by `new Lesson()` of `rocada/learn`: its first problem, and all of them. */
export interface InvalidLessonDetail {
  /** The first problem's code (see `LessonProblemCode` in `rocada/learn`). */
  problem: string;
  /** The step at fault (0-based), -1 for the lesson itself. */
  step: number;
  /** The field at fault, such as `goal.square`. */
  field?: string;
  problems: { code: string; step: number; field: string; message: string }[];
}

/** The `detail` type for code `C`. */
export type ChessErrorDetail<C extends ChessErrorCode = ChessErrorCode> = C extends keyof ChessErrorDetailMap
  ? ChessErrorDetailMap[C]
  : { readonly message: string };

/**
 * Every failure of a Rocada call. Branch on `code`; `detail` says more.
 *
 * ```ts
 * try { chess.move('Ke2'); }
 * catch (e) {
 *   if (e instanceof ChessError && e.code === 'illegal-move') console.log(e.detail.message);
 * }
 * ```
 */
export declare class ChessError<C extends ChessErrorCode = ChessErrorCode> extends Error {
  constructor(code: C, message: string, detail?: ChessErrorDetail<C>);
  /** Always `'ChessError'`. */
  readonly name: 'ChessError';
  /** The stable code. */
  readonly code: C;
  /** Code-specific facts. */
  readonly detail: ChessErrorDetail<C>;
  /** Whether this error has code `code` (narrows `detail`). */
  is<K extends ChessErrorCode>(code: K): this is ChessError<K>;
}

/** The stable codes of `ChessError`; more are added as features land. */
export type ChessErrorCode =
  | 'invalid-fen'
  | 'invalid-option'
  | 'invalid-square'
  | 'illegal-move'
  | 'invalid-move-syntax'
  | 'ambiguous-move'
  | 'invalid-pgn';

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

/** `detail` of an `invalid-option` error. */
export interface InvalidOptionDetail {
  /** The option or argument at fault (`chess960`, `verbose`, `depth`, ...; `options` for the whole object). */
  option: string;
  message: string;
}

/** `detail` of an `invalid-square` error. */
export interface InvalidSquareDetail {
  /** The string that is not a square name. */
  square: string;
  message: string;
}

/** `detail` of each code. */
export interface ChessErrorDetailMap {
  'invalid-fen': InvalidFenDetail;
  'invalid-option': InvalidOptionDetail;
  'invalid-square': InvalidSquareDetail;
}

/** The `detail` type for code `C`. */
export type ChessErrorDetail<C extends ChessErrorCode = ChessErrorCode> = C extends keyof ChessErrorDetailMap
  ? ChessErrorDetailMap[C]
  : { readonly [key: string]: unknown };

/**
 * Every failure of a Rocada call. Branch on `code`; `detail` says more.
 *
 * ```ts
 * try { new Chess('not a fen'); }
 * catch (e) {
 *   if (e instanceof ChessError && e.code === 'invalid-fen') {
 *     const detail = e.detail as InvalidFenDetail; // detail.reason === 'fen-board'
 *   }
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
}

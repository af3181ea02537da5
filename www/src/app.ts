// What the three modes (Play, Analyse, Learn) share: the board, the move box, the screen
// reader announcer, the players' strips above and below the board, the evaluation bar.
import type { Color, EngineScore, Square } from 'rocada';
import type { Board } from './board/board';

/** A mode of the page; the active one owns the board. */
export interface Mode {
  enter(): void;
  leave(): void;
  /** A move made on the board. */
  boardMove(from: Square, to: Square): void;
  /** A square pressed while the board takes no move. */
  boardIdle?(square: Square): void;
  /** A move typed in the move box. */
  typed(text: string): void;
  /** The language changed. */
  relabel(): void;
  /** A key pressed outside text fields; `true` if handled. */
  key?(e: KeyboardEvent): boolean;
}

export type ModeName = 'play' | 'analyse' | 'learn';

/** The players' strips: names and clock texts (`null` hides the clock). */
export interface Strip {
  name: string;
  clock: string | null;
  /** The time left in milliseconds, as shown (the clock's `data-ms`). */
  clockMs?: number;
  /** Their clock runs. */
  active?: boolean;
  low?: boolean;
}

export interface App {
  board: Board;
  /** Says `text` to screen readers (aria-live). */
  announce(text: string): void;
  /** Shows an error under the board (empty clears it); a function is asked again after a language change. */
  moveError(text: string | (() => string)): void;
  strips(top: Strip | null, bottom: Strip | null): void;
  /**
   * The evaluation bar from White's point of view; `null` hides it. `end` is a finished
   * position: the bar is full for the winner (`winner` null: a draw, at 0).
   */
  evalBar(score: EngineScore | null, end?: { winner: Color | null }): void;
  switchMode(name: ModeName): void;
  /** Opens a PGN in Analyse. */
  analysePgn(pgn: string): void;
}

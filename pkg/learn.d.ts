// Types of `rocada/learn`: lessons as data, and the runner. See learn.js and the README's
// "Tutorials" section.
import type { Chess, Color, Engine, Move, MoveObject, Obligation, PieceSymbol, Square } from './index.js';

/** The languages of the runner's sentences and of `explain()`. */
export type LessonLang = 'en' | 'ro' | 'es';

/**
 * A text of a lesson: a literal (every language), texts by language (missing ones fall back
 * to English), or a key into the `messages` table given to the runner.
 */
export type LessonText = string | Partial<Record<LessonLang, string>> | { key: string };

/** What completes a step: one of a closed set of goal kinds. */
export type Goal =
  /** Move a piece (of type `piece`) to `square`, in one move. */
  | { kind: 'reach'; square: Square; piece?: PieceSymbol }
  /** Visit every square of `squares` (default: the step's `marks`) over several moves: stars. */
  | { kind: 'visit'; squares?: Square[] }
  /** Capture every piece on `squares` (default: the step's `marks`) over several moves. */
  | { kind: 'capture'; squares?: Square[] }
  /** Give check. */
  | { kind: 'check' }
  /** Answer a check: any way, or `by` moving the king, capturing the checker or blocking. */
  | { kind: 'escape'; by?: 'king' | 'capture' | 'block' }
  /** Checkmate in at most `in` moves (default 1; 1..5); the defender resists best. */
  | { kind: 'checkmate'; in?: number }
  /** Give stalemate. */
  | { kind: 'stalemate' }
  /** A move that neither stalemates nor lets the last winning piece be taken. */
  | { kind: 'avoid-stalemate' }
  /** Castle (`'k'` short, `'q'` long, or either). */
  | { kind: 'castle'; side?: 'k' | 'q' }
  /** Capture en passant. */
  | { kind: 'en-passant' }
  /** Promote a pawn (to `piece`). */
  | { kind: 'promote'; piece?: 'q' | 'r' | 'b' | 'n' }
  /** The position has exactly one legal move: play it. */
  | { kind: 'only-move' }
  /** Play this move (English SAN or UCI); any spelling of it counts. */
  | { kind: 'play'; move: string }
  /** End the game as a draw by an automatic rule. */
  | { kind: 'draw'; by: 'stalemate' | 'insufficient-material' | 'fivefold-repetition' | 'seventyfive-moves' }
  /** Claim a draw (`lesson.claim(move?)`). */
  | { kind: 'claim'; rule: 'threefold' | 'fifty' }
  /** The step's `touched` pieces oblige a move: play one the touch-move rule allows. */
  | { kind: 'touch' }
  /** Pick a square (`lesson.select(square)`): coordinates. */
  | { kind: 'select'; square: Square }
  /** A question about the position, answered by the rules (`lesson.answer(value)`). */
  | { kind: 'question'; ask: QuestionKind; side?: 'k' | 'q'; color?: Color; move?: string; choices?: (string | boolean)[] };

/**
 * The questions: yes/no (`can-castle` with `side`, `in-check`, `checkmate`, `stalemate`,
 * `dead-position`, `claimable`), a square (`pinned`, `checkers`), a result after `color`'s flag
 * falls (`flag-result`, FIDE 6.9) or `color` resigns (`resign-result`), a move's SAN in the
 * lesson's language (`san`, with `move`).
 */
export type QuestionKind =
  | 'can-castle' | 'in-check' | 'checkmate' | 'stalemate' | 'dead-position' | 'claimable'
  | 'pinned' | 'checkers' | 'flag-result' | 'resign-result' | 'san';

/** How the other side answers the learner's moves in a step of several moves. */
export type Opponent =
  /** It passes (default in sandbox steps and for `visit` / `capture`). */
  | 'none'
  /** It resists the goal as well as it can (default otherwise; mate searches). */
  | 'defend'
  /** These moves, in order. */
  | { moves: string[] }
  /** The engine at `level` (pass `engine` to the runner; `await lesson.reply()`). */
  | { engine: { level?: number } };

export interface LessonStep {
  /** The instructions. */
  text: LessonText;
  /** The start position (default: the standard one); a sandbox position with `sandbox`. */
  fen?: string;
  sandbox?: boolean;
  chess960?: boolean;
  /** Moves played before the learner's turn (for en passant, repetitions...). */
  before?: string[];
  /** The side the learner plays (default and required: the side to move after `before`). */
  side?: Color;
  /** Squares to mark; the targets of `visit` and `capture`. */
  marks?: Square[];
  /** Pieces already touched (turns on touch-move). */
  touched?: Square[];
  touchMove?: boolean;
  goal: Goal;
  opponent?: Opponent;
  /** The intended solution (learner moves); validated, and the source of hints. */
  solution?: string[];
}

export interface LessonData {
  id: string;
  title: LessonText;
  description?: LessonText;
  steps: LessonStep[];
}

/** A problem of a lesson (`validateLesson`): `step` is -1 for the lesson itself. */
export interface LessonProblem {
  code:
    | 'not-json' | 'not-an-object' | 'missing-id' | 'missing-text' | 'no-steps' | 'bad-square'
    | 'unknown-goal' | 'bad-goal' | 'bad-opponent' | 'bad-fen' | 'bad-before' | 'wrong-side'
    | 'not-in-check' | 'not-only-move' | 'touched' | 'no-answer' | 'unreachable-goal' | 'bad-solution';
  step: number;
  field: string;
  message: string;
}

/** What the runner says of the learner's move, answer, claim or hint request. */
export interface Feedback {
  /**
   * `solved`: the step is done; `progress`: good, go on; `miss`: legal but not the goal (taken
   * back); `illegal`: not a legal move (explained); `invalid`: not readable, or not this step's
   * kind of input; `over`: the step was already solved; `hint`.
   */
  status: 'solved' | 'progress' | 'miss' | 'illegal' | 'invalid' | 'over' | 'hint';
  /** A stable code: the runner's sentence, or `explain()`'s reason for an illegal move. */
  code: string;
  /** The sentence, in the runner's language (`lesson.message(feedback)` gives it again). */
  message: string;
  /** Squares to highlight. */
  squares: Square[];
  /** Arrows to draw, as square pairs. */
  arrows: [Square, Square][];
  move?: Move;
  /** The other side's reply. */
  reply?: Move;
  /** The hint's level (1: the piece, 2: the move). */
  level?: number;
  /** The engine is to reply: `await lesson.reply()`. */
  waiting?: boolean;
  /** With `solved`: every step of the lesson is now solved. */
  lessonDone?: boolean;
  args?: Record<string, unknown>;
  /** With `illegal`: the input and its position (FEN), to explain again after a language change. */
  attempt?: string | MoveObject;
  fen?: string;
}

export interface LessonOptions {
  lang?: LessonLang;
  /** The author's texts for `{ key }` texts: `{ en: { key: 'text' }, ro: {...} }`. */
  messages?: Partial<Record<LessonLang, Record<string, string>>>;
  /** For steps whose opponent is the engine. */
  engine?: Engine;
  /** Validate on construction (default true); `search: false` skips the goal searches. */
  validate?: boolean;
  search?: boolean;
}

export interface LessonScore {
  tries: number;
  hints: number;
  solved: number;
  steps: { tries: number; hints: number; solved: boolean }[];
}

/** The goal kinds, and the questions of `question`. */
export declare const GOAL_KINDS: readonly Goal['kind'][];
export declare const QUESTION_KINDS: readonly QuestionKind[];

/** The problems of a lesson, `[]` if none (with `search`, goals are tried). */
export declare function validateLesson(lesson: unknown, options?: { search?: boolean; messages?: LessonOptions['messages'] }): LessonProblem[];

/** Runs a lesson, one step at a time; headless (it draws nothing). */
export declare class Lesson {
  /** Throws `ChessError` `invalid-lesson` (`detail: { problem, step, field, problems }`). */
  constructor(lesson: LessonData, options?: LessonOptions);
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** The current step's instructions. */
  readonly text: string;
  readonly stepIndex: number;
  readonly stepCount: number;
  /** The current step's data (a copy). */
  readonly step: LessonStep;
  readonly goal: { kind: Goal['kind']; input: 'move' | 'answer' | 'select' | 'claim'; ask?: QuestionKind };
  /** A question's choices: `value` to pass to `answer()`, `label` in the language. */
  readonly choices: { value: string; label: string }[];
  /** The step's game, to draw: read it, play through the runner. */
  readonly chess: Chess;
  readonly side: Color;
  /** The squares to mark now (targets left, or the step's marks). */
  readonly marks: Square[];
  readonly solved: boolean;
  readonly done: boolean;
  lang: LessonLang;
  score(): LessonScore;
  goTo(index: number): void;
  next(): boolean;
  prev(): boolean;
  restart(): void;
  undo(): boolean;
  play(move: string | MoveObject): Feedback;
  reply(): Promise<Feedback | null>;
  answer(value: string | boolean): Feedback;
  select(square: Square): Feedback;
  claim(move?: string | MoveObject | null): Feedback;
  touch(square: Square | Square[]): Obligation;
  hint(): Feedback;
  message(feedback: Feedback): string;
  free(): void;
  toJSON(): LessonData;
}

// Types of `Engine` (engine.js in browsers and bundlers, engine-node.js in Node).
import type { Chess } from './rocada.js';

/** A score for the side to move: centipawns, or mate in N moves (negative: getting mated). */
export type EngineScore = { cp: number } | { mate: number };

/** A position to search: a FEN, or a game (its moves reach the search, for repetitions). */
export type EnginePosition = string | Chess;

/** Options of `Engine.create`. */
export interface EngineOptions {
  /** Transposition table size in MiB, an integer from 1 to 1024 (default 16). */
  hashMb?: number;
  /**
   * The evaluation to search with. Omitted: the built-in net (a correction to the
   * hand-written evaluation, learned from Stockfish's scores; part of the engine's module).
   * `null`: the hand-written evaluation alone. Bytes: a net file as `rocada-train` writes it
   * (`.nnue`; the format is in bench/README.md), copied at the call; a file that is no net
   * rejects `create()` with `invalid-option` (`net`). Levels 1 to 19 always play with the
   * hand-written evaluation (their Elo was measured with it).
   */
  net?: Uint8Array | ArrayBuffer | null;
  /**
   * `true` (default): search in a Web Worker (browsers) or a worker thread (Node), so the
   * calling thread never blocks. `false`: search on the calling thread; each search blocks
   * it until its limits end, and `stop()` / `signal` only act between searches.
   */
  worker?: boolean;
  /**
   * The worker script, for bundlers that do not follow `new Worker(new URL(...))` in a
   * package: a module worker containing `import 'rocada/engine-worker';`. In browsers, a
   * script of another origin than the page's (as is the package's own worker script when the
   * package comes from a CDN) is started through a one-line `blob:` worker that imports it; a
   * Content Security Policy then needs `blob:` and that origin in `worker-src`.
   */
  workerUrl?: string | URL;
}

/** The limits of one search. With none of depth, nodes, movetimeMs, a clock or infinite, `bestMove` searches 1 s and `analyze` until stopped. */
export interface EngineLimits {
  /** Iterations of iterative deepening, in plies (1 to 1000). */
  depth?: number;
  /** About this many nodes. */
  nodes?: number;
  /** Exactly this long, in milliseconds. */
  movetimeMs?: number;
  /** White's clock, in milliseconds: the engine budgets its own time and never flags. */
  wtimeMs?: number;
  /** Black's clock, in milliseconds. */
  btimeMs?: number;
  /** White's increment per move, in milliseconds. */
  wincMs?: number;
  /** Black's increment per move, in milliseconds. */
  bincMs?: number;
  /** Moves until the next time control. */
  movesToGo?: number;
  /** Search until `stop()` (needs a worker). */
  infinite?: boolean;
  /** Lines to search and report (1 to 256, default 1); the result has `lines` when above 1. */
  multiPv?: number;
  /** Playing level 1 to 20 (20, the default: full strength, with the engine's net); lower levels search less, with the hand-written evaluation alone, and sometimes choose a good but not the best move. */
  level?: number;
  /** Instead of `level`: an approximate Elo, played at the level whose Elo is nearest (the levels span about 755 to 2405: `ELO_BY_LEVEL` in src/engine/src/search/level.rs). */
  elo?: number;
  /** Search only these root moves (UCI). */
  searchMoves?: string[];
  /** Aborting it ends the search and rejects its promise with `signal.reason`. */
  signal?: AbortSignal;
  /** Called with each report. */
  onInfo?: (info: EngineInfo) => void;
}

/** A report during a search: after each iteration (one per line), and when the best move changes. */
export interface EngineInfo {
  depth: number;
  /** The deepest ply reached, quiescence included. */
  seldepth: number;
  /** Which line, from 1 (best). */
  multiPv: number;
  score: EngineScore;
  /** Present when the score is only a bound (found mid-iteration). */
  bound?: 'lower' | 'upper';
  /** The principal variation in UCI (`e2e4`; Chess960 castling king-onto-rook). */
  pv: string[];
  /** The same in SAN. */
  pvSan: string[];
  nodes: number;
  nps: number;
  /** Transposition table use, per mille. */
  hashfull: number;
  timeMs: number;
}

/** What a search found. */
export interface EngineResult {
  /** The move to play, in UCI. */
  move: string;
  /** The same in SAN. */
  san: string;
  /** The expected reply, in UCI. */
  ponder?: string;
  score: EngineScore;
  pv: string[];
  pvSan: string[];
  /** The deepest completed iteration (a stopped search: the depth of its last report). */
  depth: number;
  seldepth: number;
  nodes: number;
  nps: number;
  hashfull: number;
  timeMs: number;
  /** With `multiPv` above 1: the lines of the last completed iteration, best first. */
  lines?: EngineInfo[];
}

/** A running analysis. */
export interface EngineAnalysis {
  /** Ends it now; resolves with its best line so far. */
  stop(): Promise<EngineResult>;
  /** Settles when it ends (by `stop()` or its limits); rejects if the engine crashes or is terminated. */
  readonly result: Promise<EngineResult>;
}

/**
 * A chess engine: iterative deepening alpha-beta with a transposition table, in a Web Worker
 * (browsers) or a worker thread (Node). No SharedArrayBuffer and no special headers.
 *
 * ```ts
 * const engine = await Engine.create();
 * const { san, score } = await engine.bestMove(chess, { movetimeMs: 500 });
 * engine.terminate();
 * ```
 *
 * One search at a time: a new one stops the running one (which resolves with its best line).
 * Stopping early (`stop()`, `signal`, `newGame()`) replaces the worker, whose table is lost.
 * Failures are `ChessError`s: `invalid-fen`, `illegal-move` (a move of the game or of
 * `searchMoves`), `invalid-option`, `invalid-argument`, `game-over` (no legal move),
 * `engine-crashed` (the worker died; the next call starts a new one) and `engine-terminated`.
 */
export declare class Engine {
  private constructor();
  /**
   * The approximate Elo of engine level `level` (a whole number from 1 to 20; else a
   * `ChessError` `invalid-argument`), as measured against Stockfish: what a page shows beside
   * a level (`Engine.levelElo(20)` is about 2400: full strength measured with the hand-written
   * evaluation alone; the built-in net makes it stronger, so for level 20 a lower bound).
   */
  static levelElo(level: number): number;
  /** Starts an engine; resolves when it is ready to search. */
  static create(options?: EngineOptions): Promise<Engine>;
  /** The best move within `limits` (default: 1 s). */
  bestMove(position: EnginePosition, limits?: EngineLimits): Promise<EngineResult>;
  /**
   * Analyses until `stop()` (or until its limits, if any), reporting through `onInfo`. It never
   * throws: a failure (a bad position or limit, a finished game) rejects `result`, as
   * `bestMove` rejects, and `stop()` then resolves with `undefined`.
   */
  analyze(position: EnginePosition, limits: EngineLimits | undefined, onInfo: (info: EngineInfo) => void): EngineAnalysis;
  /** Ends the running search now; resolves with its best line (`undefined` when idle). */
  stop(): Promise<EngineResult | undefined>;
  /** A new game: stops any search and forgets the previous games. */
  newGame(): void;
  /** Stops the worker for good; pending and later calls reject with `engine-terminated`. */
  terminate(): void;
}

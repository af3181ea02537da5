// `rocada/learn`: lessons as data and the runner that plays them (README, "Tutorials").
// A lesson is a plain JSON object (see learn.d.ts): steps with a position, the learner's side,
// marks, a goal from the closed set of learn-goals.js and how the other side replies. The runner
// is headless: it keeps the step's game (a `Chess` of the package), judges the learner's moves,
// answers and claims against the goal with the package's rules, explains illegal tries with
// `explain()`, gives hints and keeps a score; drawing the board is the page's business.
// A page that does not import this module downloads none of it; the runner adds no wasm.
import { Chess, ChessError } from 'rocada';
import { ASKS, GOALS, normalize } from './learn-goals.js';
import { defend } from './learn-search.js';
import { LANGS, say, textOf } from './learn-text.js';

/** The goal kinds, and the questions of the `question` goal. */
export const GOAL_KINDS = Object.freeze(Object.keys(GOALS));
export const QUESTION_KINDS = Object.freeze(Object.keys(ASKS));

const SQUARE = /^[a-h][1-8]$/;

/**
 * The problems of a lesson, `[]` if none: each `{ code, step, field, message }` (`step` is the
 * index of the step at fault, `-1` for the lesson itself). With `search` (default true) every
 * goal is also tried: a goal no move reaches, a mate that is not forced in the moves given, a
 * question whose choices miss the rules' answer, a `solution` that does not solve, are errors.
 * @param {unknown} lesson
 * @param {{ search?: boolean, messages?: object }} [options]
 */
export function validateLesson(lesson, options = {}) {
  let data;
  try {
    data = plain(lesson);
  } catch {
    return [problem('not-json', -1, '', 'the lesson is not a plain JSON value')];
  }
  const messages = options?.messages;
  const out = [];
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [problem('not-an-object', -1, '', 'a lesson is an object')];
  if (typeof data.id !== 'string' || data.id === '') out.push(problem('missing-id', -1, 'id', 'a lesson needs an id (a string)'));
  if (textOf(data.title, 'en', messages) === undefined) out.push(problem('missing-text', -1, 'title', 'a lesson needs a title'));
  if (!Array.isArray(data.steps) || data.steps.length === 0) {
    out.push(problem('no-steps', -1, 'steps', 'a lesson needs at least one step'));
    return out;
  }
  data.steps.forEach((step, i) => out.push(...stepProblems(step, i, messages, options?.search !== false)));
  return out;
}

function problem(code, step, field, message) {
  return { code, step, field, message: step >= 0 ? `step ${step + 1}: ${message}` : message };
}

/** A JSON copy of a caller's value: getters run once here, and only here. */
function plain(value) {
  return JSON.parse(JSON.stringify(value));
}

function stepProblems(step, i, messages, search) {
  const out = [];
  const bad = (code, field, message) => out.push(problem(code, i, field, message));
  if (!step || typeof step !== 'object') {
    bad('not-an-object', '', 'a step is an object');
    return out;
  }
  if (textOf(step.text, 'en', messages) === undefined) bad('missing-text', 'text', 'a step needs a text');
  for (const field of ['marks', 'touched']) {
    if (step[field] !== undefined && (!Array.isArray(step[field]) || !step[field].every((s) => SQUARE.test(s)))) bad('bad-square', field, `${field} must be squares such as "e4"`);
  }
  const goal = step.goal;
  const kind = goal && typeof goal === 'object' ? GOALS[goal.kind] : undefined;
  if (!kind) {
    bad('unknown-goal', 'goal.kind', `the goal kind must be one of ${GOAL_KINDS.join(', ')}`);
    return out;
  }
  for (const field of kind.params(goal, step)) bad('bad-goal', `goal.${field}`, `goal "${goal.kind}": bad or missing "${field}"`);
  if (step.opponent !== undefined && !opponentOf(step)) bad('bad-opponent', 'opponent', 'opponent must be "none", "defend", { moves: [...] } or { engine: { level } }');
  if (out.length) return out;
  let game;
  try {
    game = new StepGame(step, 'en');
  } catch (e) {
    bad(e.detail?.problem ?? 'bad-position', e.detail?.field ?? 'fen', e.message);
    return out;
  }
  try {
    for (const code of game.kind.start?.(game.ctx) ?? []) bad(code === 'choices' || code === 'move' ? 'bad-goal' : code, `goal.${code}`, `goal "${goal.kind}": ${code}`);
    if (out.length || !search) return out;
    if (Array.isArray(step.solution)) {
      const verdict = goal.kind === 'claim' ? game.claim(step.solution[0] ?? null).status : game.playAll(step.solution);
      if (verdict !== 'solved') bad('bad-solution', 'solution', `the solution does not solve the step (${verdict})`);
    } else if (kind.input === 'move' || kind.input === 'claim') {
      const reach = kind.reachable ? kind.reachable(game.ctx) : kind.input === 'move' ? game.reachable() : undefined;
      if (reach === null) bad('unreachable-goal', 'goal', `no sequence of legal moves reaches the goal "${goal.kind}"`);
    }
  } finally {
    game.free();
  }
  return out;
}

/** How the other side answers: `none` (it passes), `defend`, a script, or the engine. */
function opponentOf(step) {
  const o = step.opponent;
  if (o === undefined) return step.sandbox || step.goal.kind === 'visit' || step.goal.kind === 'capture' ? { type: 'none' } : { type: 'defend' };
  if (o === 'none' || o === 'defend') return { type: o };
  if (o && Array.isArray(o.moves) && o.moves.every((m) => typeof m === 'string')) return { type: 'script', moves: o.moves };
  if (o && o.engine && typeof o.engine === 'object') return { type: 'engine', level: o.engine.level ?? 5 };
  return null;
}

/** One step's game: its `Chess`, the goal's state, and how moves are judged. */
class StepGame {
  constructor(step, lang) {
    this.step = step;
    this.kind = GOALS[step.goal.kind];
    this.opponent = opponentOf(step);
    const setup = { chess960: !!step.chess960, sandbox: !!step.sandbox };
    let chess;
    try {
      chess = new Chess(step.fen ?? undefined, { ...setup, touchMove: !!step.touchMove || !!step.touched?.length });
    } catch (e) {
      throw new ChessError('invalid-lesson', `the position: ${e.message}`, { problem: 'bad-fen', field: 'fen' });
    }
    try {
      for (const m of step.before ?? []) chess.move(m);
    } catch (e) {
      chess.free();
      throw new ChessError('invalid-lesson', `a move before the step: ${e.message}`, { problem: 'bad-before', field: 'before' });
    }
    this.learner = step.side ?? chess.turn();
    if (this.learner !== chess.turn()) {
      chess.free();
      throw new ChessError('invalid-lesson', 'the learner\'s side is not the side to move', { problem: 'wrong-side', field: 'side' });
    }
    if (step.touched?.length) chess.touch(step.touched);
    this.chess = chess;
    this.ctx = {
      chess,
      step,
      goal: step.goal,
      learner: this.learner,
      setup,
      lang,
      opponent: this.opponent.type,
      targets: new Set(this.kind.targets?.(step.goal, step) ?? []),
      left: step.goal.in ?? (this.opponent.type === 'engine' ? Infinity : 1),
      script: 0,
    };
    this.solved = false;
  }

  free() {
    this.chess.free();
  }

  /**
   * Judges a legal move just played. On a miss it is taken back; on progress the other side
   * replies (or passes). Returns the judgement, with `reply` (a Move) when there was one.
   */
  judge(played) {
    const ctx = this.ctx;
    const verdict = this.kind.judge(ctx, played);
    if (verdict.status === 'miss') {
      this.chess.undo();
      return verdict;
    }
    if (verdict.status === 'solved') {
      this.solved = true;
      return verdict;
    }
    if (ctx.left !== Infinity) ctx.left--;
    const reply = this.reply();
    if (reply) return { ...verdict, args: { ...verdict.args, reply: { move: reply.uci, fen: reply.before } }, reply };
    return verdict;
  }

  /** The other side's answer after a learner move that made progress (not the engine's). */
  reply() {
    const { chess, ctx } = this;
    if (chess.turn() === this.learner || chess.isGameOver()) return null;
    switch (this.opponent.type) {
      case 'none':
        chess.setTurn(this.learner);
        return null;
      case 'script': {
        const m = this.opponent.moves[ctx.script++];
        return m === undefined ? null : chess.move(m);
      }
      case 'defend': {
        const { longest } = defend(chess, ctx.left);
        const m = longest ?? chess.moves({ verbose: true })[0];
        return m ? chess.move(m.uci) : null;
      }
      default:
        return null;
    }
  }

  /** A draw claim (with the move that makes it hold, or none): solved only for the step's rule. */
  claim(move) {
    const chess = this.chess;
    try {
      chess.claimDraw(move ?? null);
    } catch (e) {
      if (!(e instanceof ChessError)) throw e;
      return { status: 'miss', code: 'claim-refused', args: { why: e.message } };
    }
    const { goal } = this.step;
    const termination = chess.status().termination;
    if (goal.kind !== 'claim' || termination !== (goal.rule === 'fifty' ? 'fifty-moves' : 'threefold-repetition')) {
      chess.undo();
      return { status: 'miss', code: 'not-a-claim' };
    }
    this.solved = true;
    return { status: 'solved', code: 'correct' };
  }

  /** Plays learner moves in order; the last verdict's status ('solved', 'progress', 'miss', 'illegal'). */
  playAll(moves) {
    let status = 'progress';
    for (const m of moves) {
      let played;
      try {
        played = this.chess.move(m);
      } catch {
        return 'illegal';
      }
      status = this.judge(played).status;
      if (status !== 'progress') return status;
    }
    return status;
  }

  /** Whether some line of moves reaches the goal: `null` if none, `undefined` if unknown. */
  reachable() {
    if (this.kind.multi) {
      // Collect targets greedily by shortest paths (the other side passes).
      for (let guard = 0; guard < 64 && !this.solved; guard++) {
        const first = this.kind.solve(this.ctx);
        if (!first) return null;
        const verdict = this.judge(this.chess.move(first));
        if (verdict.status === 'miss') return null;
      }
      return this.solved ? true : undefined;
    }
    return this.kind.solve(this.ctx);
  }
}

/**
 * Runs a lesson: one step at a time, judging what the learner does. Options: `lang` (`'en'`,
 * `'ro'`, `'es'`), `messages` (the author's text table for `{ key }` texts), `engine` (an
 * `Engine` of `rocada`, for steps whose opponent is the engine), `validate` (default true:
 * throws `ChessError` `invalid-lesson` with the problems; `search: false` skips the searches).
 */
export class Lesson {
  #data;
  #lang;
  #messages;
  #engine;
  #index = 0;
  #game = null;
  /** The learner's moves of this step that stand (for undo), with the replies made. */
  #moves = [];
  #scores;
  #hintLevel = 0;

  constructor(lesson, options = {}) {
    let data;
    try {
      data = plain(lesson);
    } catch {
      throw new ChessError('invalid-lesson', 'the lesson is not a plain JSON value', { problem: 'not-json', step: -1, problems: [] });
    }
    const opts = options && typeof options === 'object' ? options : {};
    this.#messages = opts.messages ? plain(opts.messages) : undefined;
    if (opts.validate !== false) {
      const problems = validateLesson(data, { search: opts.search !== false, messages: this.#messages });
      if (problems.length) {
        const first = problems[0];
        throw new ChessError('invalid-lesson', first.message, { problem: first.code, step: first.step, field: first.field, problems });
      }
    }
    this.#data = data;
    this.#lang = langOf(opts.lang);
    this.#engine = opts.engine ?? null;
    this.#scores = data.steps.map(() => ({ tries: 0, hints: 0, solved: false }));
    this.#load(0);
  }

  /** The lesson's id. */
  get id() {
    return this.#data.id;
  }
  /** The lesson's title in the current language. */
  get title() {
    return this.#text(this.#data.title) ?? '';
  }
  /** The lesson's description in the current language, or `''`. */
  get description() {
    return this.#text(this.#data.description) ?? '';
  }
  /** The current step's instructions in the current language. */
  get text() {
    return this.#text(this.#step.text) ?? '';
  }
  /** The current step's index (0-based) and the number of steps. */
  get stepIndex() {
    return this.#index;
  }
  get stepCount() {
    return this.#data.steps.length;
  }
  /** The current step, as data (a copy). */
  get step() {
    return plain(this.#step);
  }
  /** The current step's goal kind and what input it takes: `'move'`, `'answer'`, `'select'` or `'claim'`. */
  get goal() {
    const kind = GOALS[this.#step.goal.kind];
    return { kind: this.#step.goal.kind, input: kind.input, ask: this.#step.goal.ask };
  }
  /** The choices of a question step (the author's, or the rules' own for yes/no and results). */
  get choices() {
    const goal = this.#step.goal;
    if (goal.kind !== 'question') return [];
    return (goal.choices ?? ASKS[goal.ask].choices?.() ?? []).map((c) => ({ value: normalize(c), label: this.#choiceLabel(normalize(c)) }));
  }
  /** The step's game, to draw (read it; play through the runner). */
  get chess() {
    return this.#game.chess;
  }
  /** The side the learner plays. */
  get side() {
    return this.#game.learner;
  }
  /** Squares to show marked: the targets left (stars, pieces to take), else the step's marks. */
  get marks() {
    const ctx = this.#game.ctx;
    return GOALS[this.#step.goal.kind].multi && ctx.targets.size ? [...ctx.targets] : [...(this.#step.marks ?? [])];
  }
  /** The current step is solved. */
  get solved() {
    return this.#game.solved;
  }
  /** Every step solved. */
  get done() {
    return this.#scores.every((s) => s.solved);
  }
  /** The language of texts and feedback. */
  get lang() {
    return this.#lang;
  }
  set lang(lang) {
    this.#lang = langOf(lang);
    this.#game.ctx.lang = this.#lang;
  }

  /** Tries (illegal and wrong moves or answers) and hints used, per step and in total. */
  score() {
    const steps = this.#scores.map((s) => ({ ...s }));
    const sum = (f) => steps.reduce((n, s) => n + s[f], 0);
    return { tries: sum('tries'), hints: sum('hints'), solved: steps.filter((s) => s.solved).length, steps };
  }

  /** Goes to step `index` (0-based), from its start. */
  goTo(index) {
    if (!Number.isInteger(index) || index < 0 || index >= this.#data.steps.length) {
      throw new ChessError('invalid-argument', `no step ${index} (the lesson has ${this.#data.steps.length})`, { argument: 'index' });
    }
    this.#load(index);
  }
  /** The next step; `false` at the last one. */
  next() {
    if (this.#index + 1 >= this.#data.steps.length) return false;
    this.#load(this.#index + 1);
    return true;
  }
  /** The previous step; `false` at the first one. */
  prev() {
    if (this.#index === 0) return false;
    this.#load(this.#index - 1);
    return true;
  }
  /** The current step from its start. */
  restart() {
    this.#load(this.#index);
  }
  /** Takes back the learner's last move of this step (and the reply to it); `false` if none. */
  undo() {
    if (this.#moves.length === 0) return false;
    const keep = this.#moves.slice(0, -1);
    this.#load(this.#index, true);
    for (const m of keep) this.#replay(m);
    return true;
  }

  /**
   * The learner plays a move: SAN (English letters or the lesson language's), UCI, or
   * `{ from, to, promotion? }`. Returns the feedback (see learn.d.ts).
   */
  play(input) {
    const game = this.#game;
    if (game.solved) return this.#feedback({ status: 'over', code: 'step-over' });
    const kind = GOALS[this.#step.goal.kind];
    if (kind.input !== 'move' && kind.input !== 'claim') return this.#feedback({ status: 'invalid', code: 'not-a-move-step' });
    if (this.#awaitingEngine()) return this.#feedback({ status: 'invalid', code: 'waiting' });
    let played;
    try {
      played = game.chess.move(input, { lang: this.#lang });
    } catch (e) {
      if (!(e instanceof ChessError)) throw e;
      return this.#illegal(input, e);
    }
    const verdict = game.judge(played);
    if (verdict.status === 'miss') this.#try();
    else this.#moves.push({ uci: played.uci, reply: verdict.reply?.uci });
    if (verdict.status === 'solved') this.#solve();
    return this.#feedback({ ...verdict, move: played, waiting: this.#awaitingEngine() });
  }

  /** The engine's reply on a step whose opponent is the engine (after `play()` said `waiting`). */
  async reply() {
    if (!this.#awaitingEngine()) return null;
    if (!this.#engine) throw new ChessError('invalid-argument', 'this step replies with the engine: pass `engine` to new Lesson()', { argument: 'engine' });
    const game = this.#game;
    const found = await this.#engine.bestMove(game.chess.fen(), { level: game.opponent.level });
    if (game !== this.#game) return null;
    const m = game.chess.move(found.move);
    this.#moves[this.#moves.length - 1].reply = m.uci;
    return this.#feedback({ status: 'progress', code: 'progress-mate', args: { reply: { move: m.uci, fen: m.before } }, reply: m });
  }

  /** The learner answers a question step: `'yes'` / `'no'` / `true` / `false`, a square, a result. */
  answer(value) {
    const game = this.#game;
    if (game.solved) return this.#feedback({ status: 'over', code: 'step-over' });
    if (this.#step.goal.kind !== 'question') return this.#feedback({ status: 'invalid', code: 'not-a-question' });
    const ask = ASKS[this.#step.goal.ask];
    const right = ask.accepts(ask.correct(game.ctx), this.#answerValue(value));
    if (!right) {
      this.#try();
      return this.#feedback({ status: 'miss', code: 'wrong-answer' });
    }
    game.solved = true;
    this.#solve();
    return this.#feedback({ status: 'solved', code: 'correct' });
  }

  /** The learner picks a square: the `select` goal (and a square answer to a question). */
  select(square) {
    if (this.#step.goal.kind === 'question') return this.answer(square);
    const game = this.#game;
    if (game.solved) return this.#feedback({ status: 'over', code: 'step-over' });
    if (this.#step.goal.kind !== 'select') return this.#feedback({ status: 'invalid', code: 'not-a-question' });
    const want = this.#step.goal.square;
    if (square !== want) {
      this.#try();
      return this.#feedback({ status: 'miss', code: 'miss-select', args: { got: typeof square === 'string' ? square : '?', want }, squares: [] });
    }
    game.solved = true;
    this.#solve();
    return this.#feedback({ status: 'solved', code: 'correct', squares: [want] });
  }

  /** The learner claims a draw, optionally with the move that makes the claim hold (FIDE 9.2). */
  claim(move) {
    const game = this.#game;
    if (game.solved) return this.#feedback({ status: 'over', code: 'step-over' });
    const verdict = game.claim(move);
    if (verdict.status === 'solved') this.#solve();
    else this.#try();
    return this.#feedback(verdict);
  }

  /** Touch-move steps: the learner touches a piece (the rule's obligation, see `Chess.touch`). */
  touch(square) {
    return this.#game.chess.touch(square);
  }

  /**
   * A hint, more telling each time it is asked in a step: the piece to use, then the move as an
   * arrow (`arrows: [[from, to]]`). Counts in the score.
   */
  hint() {
    const game = this.#game;
    const goal = this.#step.goal;
    const kind = GOALS[goal.kind];
    this.#scores[this.#index].hints++;
    const level = ++this.#hintLevel;
    if (game.solved) return this.#feedback({ status: 'hint', code: 'step-over', level });
    if (kind.input === 'select') {
      return level === 1
        ? this.#feedback({ status: 'hint', code: 'hint-select-file', args: { file: goal.square[0] }, squares: [1, 2, 3, 4, 5, 6, 7, 8].map((r) => goal.square[0] + r), level })
        : this.#feedback({ status: 'hint', code: 'hint-select', args: { square: goal.square }, squares: [goal.square], level });
    }
    if (kind.input === 'answer') return this.#feedback({ status: 'hint', code: 'hint-answer', level });
    if (kind.input === 'claim') return this.#feedback({ status: 'hint', code: 'hint-claim', args: { rule: goal.rule === 'fifty' ? '9.3' : '9.2' }, level });
    const uci = this.#solutionMove() ?? kind.solve(game.ctx);
    if (!uci) return this.#feedback({ status: 'hint', code: 'hint-none', level });
    const m = game.chess.move(uci);
    game.chess.undo();
    return level === 1
      ? this.#feedback({ status: 'hint', code: 'hint-piece', args: { from: m.from }, squares: [m.from], level })
      : this.#feedback({ status: 'hint', code: 'hint-square', args: { from: m.from, to: m.to }, squares: [m.from, m.to], arrows: [[m.from, m.to]], level });
  }

  /** The feedback's sentence again, in the current language (after a language change). */
  message(feedback) {
    let f;
    try {
      f = plain(feedback);
    } catch {
      throw new ChessError('invalid-argument', 'message() takes a feedback object of this runner', { argument: 'feedback' });
    }
    if (!f || typeof f !== 'object') return '';
    if (f.status === 'illegal' && f.attempt !== undefined) {
      try {
        const chess = this.#game.chess;
        // The try is explained again in its own position (the step may have moved on since).
        if (typeof f.fen !== 'string' || f.fen === chess.fen()) return chess.explain(f.attempt, { lang: this.#lang }).message;
        const then = new Chess(f.fen, { ...this.#game.ctx.setup, lang: this.#lang });
        try {
          return then.explain(f.attempt, { lang: this.#lang }).message;
        } finally {
          then.free();
        }
      } catch {
        return f.message ?? '';
      }
    }
    return say(this.#lang, f.code, this.#args(f.args));
  }

  /** Frees the step's game (the runner is unusable afterwards). */
  free() {
    this.#game?.free();
    this.#game = null;
  }

  /** The lesson as JSON data (what was given, validated and copied). */
  toJSON() {
    return plain(this.#data);
  }

  get #step() {
    return this.#data.steps[this.#index];
  }

  #load(index, keepScore = false) {
    const game = new StepGame(this.#data.steps[index], this.#lang);
    this.#game?.free();
    this.#game = game;
    this.#index = index;
    this.#moves = [];
    if (!keepScore) this.#hintLevel = 0;
  }

  #replay(m) {
    const game = this.#game;
    const played = game.chess.move(m.uci);
    const verdict = game.judge(played);
    if (m.reply && game.opponent.type === 'engine') game.chess.move(m.reply);
    this.#moves.push(m);
    if (verdict.status === 'solved') game.solved = true;
  }

  #awaitingEngine() {
    const game = this.#game;
    return game.opponent.type === 'engine' && !game.solved && game.chess.turn() !== game.learner && !game.chess.isGameOver();
  }

  #solutionMove() {
    const sol = this.#step.solution;
    return Array.isArray(sol) ? (sol[this.#moves.length] ?? null) : null;
  }

  #try() {
    this.#scores[this.#index].tries++;
  }

  #solve() {
    this.#scores[this.#index].solved = true;
  }

  #illegal(input, error) {
    this.#try();
    if (error.code === 'illegal-move' || error.code === 'ambiguous-move' || error.code === 'touch-move') {
      try {
        const why = this.#game.chess.explain(input, { lang: this.#lang });
        if (!why.legal) {
          const squares = why.squares?.length ? why.squares : [why.from, why.to].filter(Boolean);
          return { status: 'illegal', code: why.reason ?? error.code, message: why.message, squares, arrows: [], attempt: attemptOf(input), fen: this.#game.chess.fen() };
        }
      } catch {
        // An input explain() cannot read: the move error below says why.
      }
    }
    return this.#feedback({ status: 'invalid', code: 'not-a-move', args: { input: typeof input === 'string' ? input : '?' } });
  }

  #feedback(f) {
    const out = {
      status: f.status,
      code: f.code,
      message: say(this.#lang, f.code, this.#args(f.args)),
      squares: f.squares ?? [],
      arrows: f.arrows ?? [],
    };
    if (f.args) out.args = f.args;
    if (f.move) out.move = f.move;
    if (f.reply) out.reply = f.reply;
    if (f.level) out.level = f.level;
    if (f.waiting) out.waiting = true;
    if (f.status === 'solved') out.lessonDone = this.done;
    return out;
  }

  /** Feedback arguments in the current language: runner words and moves in its SAN letters. */
  #args(args = {}) {
    const out = {};
    for (const [k, v] of Object.entries(args)) {
      if (v && typeof v === 'object' && 'say' in v) out[k] = say(this.#lang, v.say);
      else if (v && typeof v === 'object' && 'move' in v) out[k] = sanIn(v.fen, v.move, this.#lang, this.#step);
      else out[k] = v;
    }
    return out;
  }

  #text(text) {
    return textOf(text, this.#lang, this.#messages);
  }

  #answerValue(value) {
    const given = normalize(value);
    // 'da' / 'sí' answer as 'yes' in their language.
    if (given === say(this.#lang, 'yes')) return 'yes';
    if (given === say(this.#lang, 'no')) return 'no';
    return given;
  }

  #choiceLabel(value) {
    if (value === 'yes' || value === 'no') return say(this.#lang, value);
    return value;
  }
}

function langOf(lang) {
  return LANGS.includes(lang) ? lang : 'en';
}

/** A move's SAN in `lang` in the position `fen` (the step's variant and sandbox). */
function sanIn(fen, uci, lang, step) {
  const c = new Chess(fen, { chess960: !!step.chess960, sandbox: !!step.sandbox, lang });
  try {
    return c.moves({ verbose: true }).find((m) => m.uci === uci)?.san ?? uci;
  } finally {
    c.free();
  }
}

/** An illegal input kept to explain again in another language (strings and plain squares). */
function attemptOf(input) {
  if (typeof input === 'string') return input;
  if (input && typeof input === 'object') {
    try {
      return plain({ from: input.from, to: input.to, promotion: input.promotion });
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// The closed set of lesson goals. Each kind says what input its step takes (`move`, `answer`,
// `select` or `claim`), checks its own parameters, and judges the learner's input against the
// package's rules:
// - a move goal judges a legal move already played on the step's game (`judge`); `solve`
//   finds a move that does it (hints, validation); `multi` goals take several moves;
// - an answer goal computes the right answer from the position (`correct`), never from the
//   lesson's text, and compares the learner's answer with it.
// Every judgement is `{ status: 'solved' | 'progress' | 'miss', code, args?, squares? }`; the
// codes are sentences of learn-text.js.
import { Chess, Clock } from 'rocada';
import { defend, mateIn, shortestPath } from './learn-search.js';

const SQUARE = /^[a-h][1-8]$/;
const isSquare = (s) => typeof s === 'string' && SQUARE.test(s);
const PROMOTIONS = ['q', 'r', 'b', 'n'];
const COLORS = ['w', 'b'];
const DRAWS = ['stalemate', 'insufficient-material', 'fivefold-repetition', 'seventyfive-moves'];
const CLAIMS = ['threefold', 'fifty'];

const solved = (code = 'correct', args) => ({ status: 'solved', code, args });
const miss = (code, args, squares) => ({ status: 'miss', code, args, squares });

/** A move goal done in one move: the first legal move it judges solved. */
function firstSolving(kind) {
  return (ctx) => {
    const { chess } = ctx;
    for (const m of chess.moves({ verbose: true })) {
      const played = chess.move(m.uci);
      const verdict = kind.judge(ctx, played);
      chess.undo();
      if (verdict.status === 'solved') return m.uci;
    }
    return null;
  };
}

/** Where the king of `color` stands, or null (sandbox positions may have none). */
export function kingSquare(chess, color) {
  for (const row of chess.board()) for (const p of row) if (p && p.type === 'k' && p.color === color) return p.square;
  return null;
}

const opposite = (c) => (c === 'w' ? 'b' : 'w');

/** Marked targets taken over several moves, the other side passing (`visit`, `capture`). */
function targetsGoal(hit, progressCode) {
  const kind = {
    input: 'move',
    multi: true,
    params(goal, step) {
      const squares = goal.squares ?? step.marks;
      if (!Array.isArray(squares) || squares.length === 0 || !squares.every(isSquare)) return ['squares'];
      return [];
    },
    targets: (goal, step) => [...(goal.squares ?? step.marks)],
    judge(ctx, m) {
      if (!hit(m, ctx)) return { status: 'progress', code: 'progress-move' };
      ctx.targets.delete(m.to);
      if (ctx.targets.size === 0) return solved();
      return { status: 'progress', code: progressCode, args: { left: ctx.targets.size } };
    },
    solve(ctx) {
      const found = shortestPath(ctx.chess.fen(), ctx.setup, (m) => hit(m, ctx));
      return found?.first ?? null;
    },
  };
  return kind;
}

const escapeType = (chess, m, learner) => {
  if (m.piece === 'k') return 'king';
  // The check is answered by a capture when the moved piece took the (only) checker.
  const before = new Chess(m.before, { chess960: chess.isChess960(), sandbox: chess.isSandbox() });
  const king = kingSquare(before, learner);
  const checkers = king ? before.attackers(king, opposite(learner)) : [];
  before.free();
  return checkers.includes(m.to) ? 'capture' : 'block';
};

/** @type {Record<string, any>} */
export const GOALS = {
  /** Move a piece (of type `piece`, optional) to `square`. */
  reach: {
    input: 'move',
    params: (g) => [...(isSquare(g.square) ? [] : ['square']), ...(g.piece === undefined || 'pnbrqk'.includes(g.piece) ? [] : ['piece'])],
    judge: (ctx, m) =>
      m.to === ctx.goal.square && (!ctx.goal.piece || m.piece === ctx.goal.piece) ? solved() : miss('miss-reach', { to: m.to, square: ctx.goal.square }, [ctx.goal.square]),
  },
  /** Visit every marked square (`squares`, default the step's marks), collecting stars. */
  visit: targetsGoal((m, ctx) => ctx.targets.has(m.to), 'progress-visit'),
  /** Capture every marked piece (`squares`, default the step's marks). */
  capture: targetsGoal((m, ctx) => !!m.captured && ctx.targets.has(m.to), 'progress-capture'),
  /** Give check. */
  check: {
    input: 'move',
    params: () => [],
    judge: (ctx, m) => (m.check ? solved() : miss('miss-check')),
  },
  /** Answer the check; with `by`: `'king'` (move it), `'capture'` (take the checker), `'block'`. */
  escape: {
    input: 'move',
    params: (g) => (g.by === undefined || ['king', 'capture', 'block'].includes(g.by) ? [] : ['by']),
    start: (ctx) => (ctx.chess.inCheck() ? [] : ['not-in-check']),
    judge(ctx, m) {
      if (!ctx.goal.by) return solved();
      const type = escapeType(ctx.chess, m, ctx.learner);
      return type === ctx.goal.by ? solved() : miss(`miss-escape-by-${ctx.goal.by}`);
    },
  },
  /** Checkmate, in at most `in` moves (default 1; the defender resists, or `opponent` replies). */
  checkmate: {
    input: 'move',
    multi: true,
    params: (g) => (g.in === undefined || (Number.isInteger(g.in) && g.in >= 1 && g.in <= 5) ? [] : ['in']),
    judge(ctx, m) {
      const { chess } = ctx;
      if (chess.isCheckmate()) return solved();
      if (chess.isStalemate()) return miss('miss-stalemate');
      if (ctx.left <= 1) return miss('miss-mate');
      if (ctx.opponent === 'defend') {
        const { escape } = defend(chess, ctx.left - 1);
        if (escape) return miss('miss-mate-escape', { reply: { move: escape.uci, fen: escape.before } }, [escape.from, escape.to]);
      }
      return { status: 'progress', code: 'progress-mate' };
    },
    solve: (ctx) => mateIn(ctx.chess, ctx.left) ?? null,
    reachable: (ctx) => (ctx.opponent === 'engine' ? undefined : mateIn(ctx.chess, ctx.left, { nodes: 0, max: 60_000 })),
  },
  /** Give stalemate (to see what it is). */
  stalemate: {
    input: 'move',
    params: () => [],
    judge: (ctx) => (ctx.chess.isStalemate() ? solved() : miss('miss-not-stalemate')),
  },
  /** While winning: a move that neither stalemates nor lets the last winning piece be taken. */
  'avoid-stalemate': {
    input: 'move',
    params: () => [],
    judge(ctx, m) {
      const { chess } = ctx;
      if (chess.isStalemate()) return miss('miss-stalemate');
      for (const r of chess.moves({ verbose: true })) {
        if (!r.captured) continue;
        chess.move(r.uci);
        const dead = chess.hasInsufficientMaterial(ctx.learner);
        chess.undo();
        if (dead) return miss('miss-hangs', { piece: { say: r.captured } }, [r.to]);
      }
      return solved();
    },
  },
  /** Castle; `side`: `'k'` (short, O-O) or `'q'` (long, O-O-O), else either. */
  castle: {
    input: 'move',
    params: (g) => (g.side === undefined || g.side === 'k' || g.side === 'q' ? [] : ['side']),
    judge(ctx, m) {
      const k = m.isKingsideCastle();
      const q = m.isQueensideCastle();
      if (!k && !q) return miss('miss-castle');
      if (ctx.goal.side && (ctx.goal.side === 'k') !== k) return miss('miss-castle-side');
      return solved();
    },
  },
  /** Capture en passant. */
  'en-passant': {
    input: 'move',
    params: () => [],
    judge: (ctx, m) => (m.isEnPassant() ? solved() : miss('miss-en-passant')),
  },
  /** Promote a pawn (to `piece`, if given). */
  promote: {
    input: 'move',
    params: (g) => (g.piece === undefined || PROMOTIONS.includes(g.piece) ? [] : ['piece']),
    judge(ctx, m) {
      if (!m.promotion) return miss('miss-promote');
      if (ctx.goal.piece && m.promotion !== ctx.goal.piece) return miss('miss-promote-piece', { got: { say: m.promotion }, want: { say: ctx.goal.piece } });
      return solved();
    },
  },
  /** The position has one legal move: find it. */
  'only-move': {
    input: 'move',
    params: () => [],
    start: (ctx) => (ctx.chess.moves().length === 1 ? [] : ['not-only-move']),
    judge: () => solved(),
  },
  /** Play this move (`move`: SAN in English or UCI), e.g. to practise notation. */
  play: {
    input: 'move',
    params: (g) => (typeof g.move === 'string' && g.move.length > 0 ? [] : ['move']),
    start(ctx) {
      try {
        ctx.chess.move(ctx.goal.move);
        ctx.chess.undo();
        return [];
      } catch {
        return ['move'];
      }
    },
    judge(ctx, m) {
      const want = wantedMove(ctx, m);
      return m.uci === want.uci ? solved() : miss('miss-play', { played: { move: m.uci, fen: m.before }, want: { move: want.uci, fen: m.before } }, [want.from, want.to]);
    },
  },
  /** End the game as a draw by an automatic rule (`by`). */
  draw: {
    input: 'move',
    params: (g) => (DRAWS.includes(g.by) ? [] : ['by']),
    judge: (ctx) => (ctx.chess.status().termination === ctx.goal.by ? solved() : miss('miss-draw', { rule: { say: `rule-${ctx.goal.by}` } })),
  },
  /** Claim a draw (`rule`: `'threefold'` or `'fifty'`), now or with the move that makes it hold. */
  claim: {
    input: 'claim',
    params: (g) => (CLAIMS.includes(g.rule) ? [] : ['rule']),
    judge: () => miss('miss-claim'),
    reachable(ctx) {
      const s = ctx.chess.status();
      if (ctx.goal.rule === 'threefold' ? s.canClaimThreefold : s.canClaimFifty) return 'claim';
      return null;
    },
  },
  /** Touch-move: the step's touched pieces oblige a move (any move the rule allows). */
  touch: {
    input: 'move',
    params: () => [],
    start: (ctx) => (ctx.step.touched?.length ? [] : ['touched']),
    judge: () => solved(),
  },
  /** Find a square on the board (the board's coordinates): `square`. */
  select: {
    input: 'select',
    params: (g) => (isSquare(g.square) ? [] : ['square']),
  },
  /** A question about the position (`ask`), answered from the rules: see ASKS. */
  question: {
    input: 'answer',
    params(g) {
      const ask = ASKS[g.ask];
      if (!ask) return ['ask'];
      return ask.params(g);
    },
    start(ctx) {
      const ask = ASKS[ctx.goal.ask];
      const answer = ask.correct(ctx);
      if (Array.isArray(answer) && answer.length === 0) return ['no-answer'];
      const choices = ctx.goal.choices;
      if (choices !== undefined) {
        if (!Array.isArray(choices) || choices.length < 2) return ['choices'];
        if (!choices.some((c) => ask.accepts(answer, normalize(c)))) return ['choices'];
      }
      return [];
    },
  },
};

for (const kind of Object.values(GOALS)) {
  if (kind.input === 'move' && !kind.solve) kind.solve = firstSolving(kind);
}

/**
 * The `play` goal's move on the step's game, `{ uci, from, to }`: in the position now, or, with
 * `played` (the learner's move just made), in the position before it.
 */
export function wantedMove(ctx, played) {
  const { chess } = ctx;
  if (played) chess.undo();
  try {
    const m = chess.move(ctx.goal.move);
    chess.undo();
    return m;
  } finally {
    if (played) chess.move(played.uci);
  }
}

/** Answers are compared as lower-case trimmed strings; booleans as `'yes'` / `'no'`. */
export function normalize(value) {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

const yesNo = (fn) => ({
  params: () => [],
  correct: (ctx) => (fn(ctx) ? 'yes' : 'no'),
  accepts: (answer, given) => answer === given,
  choices: () => ['yes', 'no'],
});

const squaresAsk = (fn) => ({
  params: () => [],
  correct: fn,
  accepts: (answer, given) => answer.includes(given),
});

const resultAsk = (fn) => ({
  params: (g) => (COLORS.includes(g.color) ? [] : ['color']),
  correct: fn,
  accepts: (answer, given) => answer === given,
  choices: () => ['1-0', '0-1', '1/2-1/2'],
});

/** A copy of the step's game position, for questions that play something out. */
function copyOf(ctx) {
  return new Chess(ctx.chess.fen(), ctx.setup);
}

/** The question kinds of the `question` goal. */
export const ASKS = {
  /** Can the side to move castle on `side` (`'k'` / `'q'`) now? */
  'can-castle': {
    ...yesNo((ctx) => ctx.chess.moves({ verbose: true }).some((m) => (ctx.goal.side === 'q' ? m.isQueensideCastle() : m.isKingsideCastle()))),
    params: (g) => (g.side === 'k' || g.side === 'q' ? [] : ['side']),
  },
  'in-check': yesNo((ctx) => ctx.chess.inCheck()),
  checkmate: yesNo((ctx) => ctx.chess.isCheckmate()),
  stalemate: yesNo((ctx) => ctx.chess.isStalemate()),
  /** Is the position dead (no sequence of legal moves can mate)? */
  'dead-position': yesNo((ctx) => ctx.chess.isInsufficientMaterial()),
  /** Can the player to move claim a draw (now, or with a move they declare)? */
  claimable: yesNo((ctx) => ctx.chess.status().canClaimDraw),
  /** Which piece of the side to move is pinned to its king? (Answer: a square.) */
  pinned: squaresAsk((ctx) => {
    const { chess } = ctx;
    const side = chess.turn();
    const king = kingSquare(chess, side);
    if (!king || chess.inCheck()) return [];
    const pinned = [];
    for (const row of chess.board()) {
      for (const p of row) {
        if (!p || p.color !== side || p.type === 'k') continue;
        const copy = new Chess(chess.fen(), { ...ctx.setup, sandbox: true });
        copy.remove(p.square);
        if (copy.isAttacked(king, opposite(side))) pinned.push(p.square);
        copy.free();
      }
    }
    return pinned;
  }),
  /** Which piece gives check? (Answer: a square.) */
  checkers: squaresAsk((ctx) => {
    const king = kingSquare(ctx.chess, ctx.chess.turn());
    return king ? ctx.chess.attackers(king, opposite(ctx.chess.turn())) : [];
  }),
  /** `color`'s flag falls now: the result (FIDE 6.9). */
  'flag-result': resultAsk((ctx) => {
    const copy = copyOf(ctx);
    let now = 0;
    const clock = new Clock('1+0', { now: () => now });
    clock.start(ctx.goal.color);
    now = 61_000;
    copy.syncClock(clock);
    clock.free();
    const result = copy.status().result;
    copy.free();
    return result;
  }),
  /** `color` resigns: the result. */
  'resign-result': resultAsk((ctx) => {
    const copy = copyOf(ctx);
    copy.resign(ctx.goal.color);
    const result = copy.status().result;
    copy.free();
    return result;
  }),
  /** How is `move` (UCI or English SAN) written, in the lesson's language? */
  san: {
    params: (g) => (typeof g.move === 'string' ? [] : ['move']),
    correct(ctx) {
      const uci = wantedMove(ctx).uci;
      const spelled = (lang) => ctx.chess.moves({ verbose: true, lang }).find((x) => x.uci === uci).san.toLowerCase();
      return [...new Set([spelled(ctx.lang), spelled('en')])];
    },
    accepts: (answer, given) => answer.some((a) => a === given || a.replace(/[+#]$/, '') === given.replace(/[+#]$/, '')),
  },
};

// Analyse's game review: every position of the game tree's main line evaluated by an engine
// of its own, at a fixed number of nodes, into an evaluation graph, the moves judged
// (inaccuracy, mistake, blunder, with the engine's better move) and each side's summary.
//
// The review has its own `Engine` (a worker of its own, terminated when the review ends or
// stops): the package's engine runs one search at a time, and the page's shared one serves
// the live analysis, which the review neither stops nor is stopped by. A review belongs to
// one main line: it is dropped (its engine stopped) when the main line changes (a move added
// at its end, another PGN or FEN). Leaving Analyse stops a running review (an engine searching
// in the background would slow Play's on a small machine) and keeps what it found; the button
// then continues it.
import { Engine, type Chess, type Color, type EngineScore } from 'rocada';
import { $, setText } from '../dom';
import { lang, t, type MessageKey } from '../i18n';
import { EvalGraph } from './graph';
import { JUDGEMENT_GLYPHS, judge, summarise, winOf, type Judgement, type PlyEval } from './judgement';
import type { GameTree, TreeNode } from './tree';

/**
 * The search of each position, in nodes: a node limit gives the same evaluations on every run
 * and machine (a time limit would not). 150,000 nodes is a search of depth 14 to 18 in the
 * middlegame: it finds what decides a game (hanging pieces, short mates, lost endgames), and
 * a 40-move game (81 positions) takes about 10 to 20 s in a browser, beside the live analysis.
 */
export const REVIEW_NODES = 150_000;

const JUDGEMENT_NAMES: Record<Judgement, MessageKey> = { inaccuracy: 'analyse.inaccuracy', mistake: 'analyse.mistake', blunder: 'analyse.blunder' };
const JUDGEMENT_COUNTS: Record<Judgement, MessageKey> = { inaccuracy: 'analyse.inaccuracies', mistake: 'analyse.mistakes', blunder: 'analyse.blunders' };
const JUDGEMENTS: Judgement[] = ['inaccuracy', 'mistake', 'blunder'];

/** What the review needs of Analyse. */
export interface ReviewHost {
  /** Goes to a node of the tree. */
  go(node: TreeNode): void;
  /** Plays `uci` after `node` into the tree (a variation) and goes there. */
  play(node: TreeNode, uci: string): void;
  /** A move was judged: its glyph joins the move list. */
  judged(node: TreeNode): void;
  announce(text: string): void;
}

/** A running review: its engine once started. */
interface Job {
  engine: Engine | null;
}

/** A judgement as the move list and the summary show it (the user's NAGs are `.nag`). */
export function judgementHtml(j: Judgement): string {
  return `<span class="judgement" data-judgement="${j}" title="${t(JUDGEMENT_NAMES[j])}">${JUDGEMENT_GLYPHS[j]}</span>`;
}

function negate(s: EngineScore): EngineScore {
  return 'cp' in s ? { cp: -s.cp } : { mate: -s.mate };
}

export class GameReview {
  private tree: GameTree | null = null;
  /** The main line, its root first: ply i is `line[i]`. */
  private line: TreeNode[] = [];
  private plyOf = new Map<TreeNode, number>();
  /** The positions reviewed so far, from the root. */
  private evals: PlyEval[] = [];
  /** The judgement of each ply's move (none at ply 0). */
  private judgements: (Judgement | null)[] = [];
  private job: Job | null = null;
  /** Why the last review failed, in the current language. */
  private failure: (() => string) | null = null;
  private current: TreeNode | null = null;
  /** What the note about the current move shows (it is rebuilt only when this changes). */
  private noteKey = '';

  private readonly box = $('an-review', HTMLElement);
  private readonly toggle: HTMLButtonElement;
  private readonly progress: HTMLSpanElement;
  private readonly graph: EvalGraph;
  private readonly graphBox: HTMLDivElement;
  private readonly note: HTMLParagraphElement;
  private readonly summary: HTMLDivElement;
  private readonly table: HTMLTableElement;
  private readonly moves: HTMLDivElement;

  constructor(private readonly host: ReviewHost) {
    const box = this.box;
    box.innerHTML = `<div class="review-bar"><button type="button" id="an-review-toggle"></button> <span id="an-review-progress" class="info"></span></div>
      <div class="graph-box" hidden></div>
      <p class="review-note" hidden></p>
      <div class="review-summary" hidden>
        <table><thead><tr><td></td><th scope="col" data-side="w"></th><th scope="col" data-side="b"></th></tr></thead><tbody>
        ${JUDGEMENTS.map((j) => `<tr data-row="${j}"><th scope="row"><span aria-hidden="true">${judgementHtml(j)}</span> <span class="name"></span></th><td data-side="w"></td><td data-side="b"></td></tr>`).join('')}
        <tr data-row="acpl"><th scope="row"><span class="name"></span></th><td data-side="w"></td><td data-side="b"></td></tr>
        </tbody></table>
        <div class="review-moves"></div>
      </div>`;
    this.toggle = box.querySelector<HTMLButtonElement>('#an-review-toggle')!;
    this.progress = box.querySelector<HTMLSpanElement>('#an-review-progress')!;
    this.graphBox = box.querySelector<HTMLDivElement>('.graph-box')!;
    this.note = box.querySelector<HTMLParagraphElement>('.review-note')!;
    this.summary = box.querySelector<HTMLDivElement>('.review-summary')!;
    this.table = this.summary.querySelector('table')!;
    this.moves = this.summary.querySelector<HTMLDivElement>('.review-moves')!;
    this.graph = new EvalGraph((ply) => {
      const node = this.line[ply];
      if (node) this.host.go(node);
    });
    this.graphBox.append(this.graph.element);
    this.toggle.addEventListener('click', () => (this.job ? this.stop() : this.start()));
    this.moves.addEventListener('click', (e) => {
      const ply = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]')?.dataset.ply;
      const node = ply === undefined ? undefined : this.line[Number(ply)];
      if (node) this.host.go(node);
    });
    this.note.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('.pv-move');
      const ply = this.current ? this.plyOf.get(this.current) : undefined;
      const best = ply === undefined ? undefined : this.evals[ply - 1]?.best;
      if (b && best && this.current?.parent) this.host.play(this.current.parent, best.uci);
    });
  }

  /** The judgement of a move of the main line, if reviewed and judged. */
  judgementOf(node: TreeNode): Judgement | null {
    const ply = this.plyOf.get(node);
    return ply === undefined ? null : (this.judgements[ply] ?? null);
  }

  /**
   * Shows the review of `tree`'s main line at `current`: a review of another main line (another
   * tree, a move added at its end) is dropped first.
   */
  show(tree: GameTree, current: TreeNode): void {
    this.sync(tree);
    this.current = current;
    this.render();
  }

  /** Stops a running review, keeping what it found (Analyse is left). */
  pause(): void {
    if (this.job) this.stop();
  }

  private sync(tree: GameTree): void {
    let same = tree === this.tree;
    let i = 0;
    for (let n: TreeNode | undefined = tree.root; same && n; n = n.children[0]) same = this.line[i++] === n;
    if (same && i === this.line.length && i > 0) return;
    this.drop();
    this.tree = tree;
    this.line = [];
    this.plyOf = new Map();
    for (let n: TreeNode | undefined = tree.root; n; n = n.children[0]) {
      this.plyOf.set(n, this.line.length);
      this.line.push(n);
    }
  }

  /** Forgets the review (and stops its engine). */
  private drop(): void {
    this.halt();
    this.evals = [];
    this.judgements = [];
    this.failure = null;
    this.noteKey = '';
    this.moves.replaceChildren();
    this.graph.reset(1);
  }

  private halt(): void {
    this.job?.engine?.terminate();
    this.job = null;
  }

  private start(): void {
    if (this.job || this.line.length < 2 || this.evals.length >= this.line.length || !this.tree) return;
    if (this.evals.length === 0) this.graph.reset(this.line.length);
    this.failure = null;
    const job: Job = { engine: null };
    this.job = job;
    void this.run(job, this.tree, this.line);
    this.render();
  }

  private stop(): void {
    this.halt();
    this.render();
  }

  /** Reviews the positions of `line` not reviewed yet, one after the other, while `job` is the review's. */
  private async run(job: Job, tree: GameTree, line: TreeNode[]): Promise<void> {
    let game: Chess | null = null;
    try {
      const engine = await Engine.create();
      if (this.job !== job) return engine.terminate();
      job.engine = engine;
      // The game (its moves reach the search, for repetitions), at the first position to review.
      game = tree.chessAt(line[0]!);
      for (let ply = 1; ply < this.evals.length; ply++) game = this.advance(game, tree, line[ply]!);
      while (this.job === job && this.evals.length < line.length) {
        const ply = this.evals.length;
        if (ply > 0) game = this.advance(game, tree, line[ply]!);
        const e = await this.evaluate(engine, game);
        if (this.job !== job) return;
        this.add(e);
      }
      if (this.job !== job) return;
      this.halt();
      this.host.announce(this.progressText());
      this.render();
    } catch (e) {
      // A review stopped or dropped: its engine is terminated, its search rejects.
      if (this.job !== job) return;
      this.halt();
      const detail = e instanceof Error ? e.message : String(e);
      this.failure = () => t('analyse.reviewFailed', { detail });
      this.render();
    } finally {
      game?.free();
    }
  }

  /** `game` after `node`'s move; a fresh game at `node` if it refuses (a game over it does not show in the tree). */
  private advance(game: Chess, tree: GameTree, node: TreeNode): Chess {
    try {
      game.move(node.uci);
      return game;
    } catch {
      game.free();
      return tree.chessAt(node);
    }
  }

  /** A position's value: the engine's within the budget, exact where the game is over. */
  private async evaluate(engine: Engine, game: Chess): Promise<PlyEval> {
    const status = game.status();
    if (status.gameOver) {
      // Checkmate: the winner's; the automatic draws (stalemate, dead position, fivefold
      // repetition, 75 moves): 0. The engine has nothing to search there.
      const score = status.winner ? { mate: 0 } : { cp: 0 };
      return { score, winner: status.winner, win: winOf(score, status.winner), best: null };
    }
    const white = game.turn() === 'w';
    const r = await engine.bestMove(game, { nodes: REVIEW_NODES });
    const score = white ? r.score : negate(r.score);
    return { score, winner: null, win: winOf(score), best: { uci: r.move, san: r.san } };
  }

  /** A position reviewed: its judgement, the graph, the move list and the summary. */
  private add(e: PlyEval): void {
    const ply = this.evals.length;
    this.evals.push(e);
    const node = this.line[ply]!;
    const before = this.evals[ply - 1];
    // The engine's own move is never judged (a loss there is the search's noise).
    const j = before && node.san !== before.best?.san ? judge(before, e, node.color) : null;
    this.judgements[ply] = j;
    this.graph.draw(
      this.evals.map((v) => v.win),
      this.judgements,
    );
    if (j) {
      this.host.judged(node);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'review-move';
      b.dataset.ply = String(ply);
      this.moves.append(b);
    }
    this.render();
  }

  private progressText(): string {
    const n = this.evals.length;
    const of = this.line.length;
    if (this.job) return t('analyse.reviewing', { n, of });
    if (this.failure) return this.failure();
    if (n >= of) return t('analyse.reviewed', { of, nodes: REVIEW_NODES.toLocaleString(lang()) });
    if (n > 0) return t('analyse.reviewStopped', { n, of });
    return '';
  }

  /** A move as the page writes it: `12.Nf3`, `12…Nc6`. */
  private moveText(node: TreeNode): string {
    return `${node.moveNumber}${node.color === 'w' ? '.' : '…'}${this.tree!.sanIn(node, lang())}`;
  }

  private sideName(c: Color): string {
    return t(c === 'w' ? 'play.white' : 'play.black');
  }

  private render(): void {
    const n = this.evals.length;
    const of = this.line.length;
    const complete = of > 1 && n >= of;
    // For tests and styles: idle, running, stopped (part reviewed), done or failed.
    const state = this.job ? 'running' : this.failure ? 'failed' : complete ? 'done' : n > 0 ? 'stopped' : 'idle';
    if (this.box.dataset.state !== state) this.box.dataset.state = state;
    setText(this.toggle, t(this.job ? 'analyse.reviewStop' : n > 0 && !complete ? 'analyse.reviewContinue' : 'analyse.review'));
    this.toggle.disabled = !this.job && (of < 2 || complete);
    this.toggle.setAttribute('aria-pressed', String(!!this.job));
    setText(this.progress, this.progressText());
    const shown = n > 0 || !!this.job;
    if (this.graphBox.hidden === shown) this.graphBox.hidden = !shown;
    if (this.summary.hidden === shown) this.summary.hidden = !shown;
    const ply = this.current ? this.plyOf.get(this.current) : undefined;
    this.graph.mark(shown ? this.mainLinePly() : null);
    if (!shown) {
      this.note.hidden = true;
      return;
    }
    const sides = summarise(this.evals, this.judgements, this.line[1]?.color ?? 'w');
    this.renderSummary(sides);
    this.graph.label(
      t('analyse.graph', {
        n,
        of,
        white: t('analyse.graphSide', { side: this.sideName('w'), ...this.countsOf(sides.w) }),
        black: t('analyse.graphSide', { side: this.sideName('b'), ...this.countsOf(sides.b) }),
      }),
    );
    this.renderNote(ply);
  }

  private countsOf(s: ReturnType<typeof summarise>['w']): Record<string, string | number> {
    return { inaccuracy: s.inaccuracy, mistake: s.mistake, blunder: s.blunder, acpl: s.acpl ?? '–' };
  }

  /** The ply of the current node on the main line, or of the main-line position its variation leaves from. */
  private mainLinePly(): number | null {
    for (let n = this.current; n; n = n.parent) {
      const ply = this.plyOf.get(n);
      if (ply !== undefined) return ply;
    }
    return null;
  }

  /** The counts and average losses, and the judged moves as buttons (updated in place: a focused button stays). */
  private renderSummary(sides: ReturnType<typeof summarise>): void {
    for (const c of ['w', 'b'] as const) setText(this.table.querySelector(`thead [data-side="${c}"]`)!, this.sideName(c));
    for (const row of this.table.querySelectorAll<HTMLTableRowElement>('tbody tr')) {
      const key = row.dataset.row as Judgement | 'acpl';
      setText(row.querySelector('.name')!, t(key === 'acpl' ? 'analyse.acpl' : JUDGEMENT_COUNTS[key]));
      if (key !== 'acpl') row.querySelector('.judgement')?.setAttribute('title', t(JUDGEMENT_NAMES[key]));
      for (const c of ['w', 'b'] as const) {
        const s = sides[c];
        setText(row.querySelector(`[data-side="${c}"]`)!, key === 'acpl' ? (s.acpl === null ? '–' : String(s.acpl)) : String(s[key]));
      }
    }
    for (const b of this.moves.querySelectorAll<HTMLButtonElement>('[data-ply]')) {
      const ply = Number(b.dataset.ply);
      const node = this.line[ply]!;
      const j = this.judgements[ply]!;
      const text = `${this.moveText(node)}|${lang()}`;
      if (b.dataset.text !== text) {
        b.dataset.text = text;
        b.innerHTML = `${this.moveText(node).replace(/&/g, '&amp;').replace(/</g, '&lt;')}${judgementHtml(j)}`;
        b.setAttribute('aria-label', t('analyse.judgedMove', { move: this.moveText(node), judgement: t(JUDGEMENT_NAMES[j]) }));
      }
      const current = String(node === this.current);
      if (b.getAttribute('aria-current') !== current) b.setAttribute('aria-current', current);
    }
  }

  /** "Blunder. Best was Nf3." under the graph when the current move is judged; the move is a button that plays it. */
  private renderNote(ply: number | undefined): void {
    const j = ply === undefined ? null : this.judgements[ply];
    const best = ply === undefined ? null : this.evals[ply - 1]?.best;
    const node = this.current;
    if (!j || !best || !node?.parent) {
      this.noteKey = '';
      this.note.hidden = true;
      return;
    }
    const key = `${node.id}|${j}|${lang()}`;
    this.note.hidden = false;
    if (this.noteKey === key) return;
    this.noteKey = key;
    const chess = this.tree!.chessAt(node.parent, lang());
    let san = best.san;
    try {
      san = chess.move(best.uci).san;
    } catch {
      // The engine's English SAN, then.
    } finally {
      chess.free();
    }
    // The sentence around the move's button, in the page's language.
    const [head = '', tail = ''] = t('analyse.bestWas', { judgement: t(JUDGEMENT_NAMES[j]), san: '\u0000' }).split('\u0000');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pv-move';
    b.textContent = san;
    const move = document.createElement('strong');
    move.textContent = this.moveText(node);
    this.note.dataset.judgement = j;
    const glyph = document.createElement('span');
    glyph.className = 'judgement';
    glyph.dataset.judgement = j;
    glyph.textContent = JUDGEMENT_GLYPHS[j];
    this.note.replaceChildren(move, glyph, ` ${head}`, b, tail);
  }
}

// Analyse: a game tree (PGN or FEN in, PGN out by paste, file or download), its move list with
// variations, NAGs and comments, keyboard navigation, the engine's MultiPV lines with an
// evaluation bar and a best-move arrow, and a review of the whole game (review.ts).
import { Chess, ChessError, type EngineInfo, type EngineScore, type Lang, type Square, type Status } from 'rocada';
import type { App, Mode } from '../app';
import { analyseLines, getEngine } from '../engine';
import { hasKey, lang, t, type MessageKey } from '../i18n';
import { boardState, gesturesOf, parseTyped, resolveGesture, spokenMove, type MovesByGesture } from '../position';
import { $, revealIn, setText } from '../dom';
import { GameReview, judgementHtml } from './review';
import { GameTree, NAG_SYMBOLS, nagText, pgnErrorLetters, type TreeNode } from './tree';

/** The shortest time between two redraws of the engine's lines, in milliseconds. */
const LINES_INTERVAL_MS = 100;

/** A score as text from White's point of view: "+0.35", "#3", "-#2". */
export function scoreText(s: EngineScore): string {
  if ('mate' in s) return `${s.mate < 0 ? '-' : ''}#${Math.abs(s.mate)}`;
  return `${s.cp >= 0 ? '+' : ''}${(s.cp / 100).toFixed(2)}`;
}

/** Piece letters by role, king first, in each language (PGN's are English). */
const LETTERS: Record<Lang, string> = { en: 'KQRBN', ro: 'RDTNC', es: 'RDTAC' };

/** `san` written in `from`'s piece letters, in `to`'s. */
function sanIn(san: string, from: Lang, to: Lang): string {
  return san.replace(/[A-Z]/g, (c) => {
    const i = LETTERS[from].indexOf(c);
    return i < 0 ? c : LETTERS[to][i]!;
  });
}

/** Why `move` (in `letters`) is illegal in `fen`, in the page's language; `null` if it cannot be said. */
function whyIllegal(fen: string, move: string, letters: Lang): string | null {
  for (const chess960 of [false, true]) {
    let chess: Chess;
    try {
      chess = new Chess(fen, { chess960 });
    } catch {
      continue;
    }
    try {
      const e = chess.explain(sanIn(move, letters, lang()), { lang: lang() });
      return e.legal ? null : e.message;
    } catch {
      return null;
    } finally {
      chess.free();
    }
  }
  return null;
}

/**
 * A package error's reasons (`detail.reason`, or all of `detail.reasons`) in the page's
 * language; in English, or for a reason the page has no words for, the package's own message,
 * which says more (`rank 1 has 7 squares`).
 */
function reasonText(d: { reason?: string; reasons?: string[] } | undefined, english: string): string {
  if (lang() === 'en') return english;
  const keys = (d?.reasons ?? (d?.reason ? [d.reason] : [])).map((r) => `reason.${r}`);
  if (!keys.length || !keys.every(hasKey)) return english;
  return keys.map((k) => t(k as MessageKey)).join('; ');
}

/**
 * What is wrong with a PGN, once (the page shows line and column itself): an illegal move is
 * explained in its position (the error's `fen`) by the package's `explain()`, in the page's
 * language; other faults keep the package's English message, without the repeated "illegal
 * move "Ke3":". `letters`: the language the error's move is written in.
 */
export function pgnFault(d: { reason?: string; reasons?: string[]; message?: string; move?: string; fen?: string } | undefined, whole: string, letters: Lang = 'en'): string {
  const why = d?.reason === 'illegal-move' && d.move && d.fen ? whyIllegal(d.fen, d.move, letters) : null;
  if (why && d?.move) return t('analyse.pgnIllegal', { move: sanIn(d.move, letters, lang()), why });
  const message = d?.message ?? whole;
  const illegal = /^illegal move (\S+): (?:illegal move "[^"]*": )?(.*)$/.exec(message);
  if (d?.reason === 'illegal-move' && illegal) return t('analyse.pgnIllegal', { move: illegal[1]!, why: illegal[2]! });
  return reasonText(d, message);
}

export class AnalyseMode implements Mode {
  private tree = new GameTree();
  private current: TreeNode = this.tree.root;
  private gestures: MovesByGesture = new Map();
  private analysis: { stop(): void } | null = null;
  private lines: EngineInfo[] = [];
  /** A redraw of the engine's lines is due (reports arrive faster than anyone reads them). */
  private linesPending = false;
  private linesShownAt = 0;
  /** The lines' SAN by PV, for the current position and language. */
  private pvTexts = new Map<string, string[]>();
  private pvTextsOf = '';
  private active = false;
  /** The error under the FEN and PGN boxes, in the current language. */
  private errorText: () => string = () => '';
  /** The status of the last node asked about, if its game is over (the engine has nothing to search there). */
  private endOf: { node: TreeNode; status: Status | null } | null = null;

  private readonly treeBox = $('an-tree', HTMLDivElement);
  private readonly fenInput = $('an-fen', HTMLInputElement);
  private readonly pgnInput = $('an-pgn', HTMLTextAreaElement);
  private readonly error = $('an-error', HTMLParagraphElement);
  private readonly toggle = $('an-toggle', HTMLButtonElement);
  private readonly multiPv = $('an-multipv', HTMLSelectElement);
  private readonly linesBox = $('an-lines', HTMLOListElement);
  private readonly nags = $('an-nags', HTMLSpanElement);
  private readonly review = new GameReview({
    go: (node) => this.go(node),
    play: (node, uci) => this.go(this.tree.play(node, uci)),
    judged: (node) => this.showJudgement(node),
    announce: (text) => this.app.announce(text),
  });

  constructor(private readonly app: App) {
    $('an-first', HTMLButtonElement).addEventListener('click', () => this.go(this.tree.root));
    $('an-prev', HTMLButtonElement).addEventListener('click', () => this.go(this.current.parent));
    $('an-next', HTMLButtonElement).addEventListener('click', () => this.go(this.current.children[0] ?? null));
    $('an-last', HTMLButtonElement).addEventListener('click', () => this.go(this.lineEnd(this.current)));
    $('an-fen-load', HTMLButtonElement).addEventListener('click', () => this.loadFen(this.fenInput.value));
    this.fenInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.loadFen(this.fenInput.value);
    });
    $('an-pgn-load', HTMLButtonElement).addEventListener('click', () => this.loadPgn(this.pgnInput.value));
    $('an-pgn-out', HTMLButtonElement).addEventListener('click', () => {
      this.pgnInput.value = this.tree.pgn();
    });
    $('an-download', HTMLButtonElement).addEventListener('click', () => this.download());
    $('an-copy-fen', HTMLButtonElement).addEventListener('click', () => this.copy(this.fenOf(this.current)));
    $('an-copy-pgn', HTMLButtonElement).addEventListener('click', () => this.copy(this.tree.pgn()));
    $('an-link-make', HTMLButtonElement).addEventListener('click', () => {
      const link = $('an-link', HTMLInputElement);
      link.value = this.link();
      link.hidden = false;
      link.select();
      this.copy(link.value);
    });
    const file = $('an-file', HTMLInputElement);
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      if (f) void f.text().then((text) => this.loadPgn(text));
      file.value = '';
    });
    this.toggle.addEventListener('click', () => (this.analysis ? this.stopAnalysis() : this.startAnalysis()));
    this.multiPv.addEventListener('change', () => {
      if (this.analysis) this.startAnalysis();
    });
    this.linesBox.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('.pv-move');
      const pv = b?.closest<HTMLElement>('.pv')?.dataset.pv;
      if (!b || !pv) return;
      let node = this.current;
      for (const uci of pv.split(' ').slice(0, Number(b.dataset.index) + 1)) node = this.tree.play(node, uci);
      this.go(node);
    });
    this.treeBox.addEventListener('click', (e) => {
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-node]')?.dataset.node;
      if (id) this.go(this.tree.find(Number(id)));
    });
    for (const [nag, symbol] of Object.entries(NAG_SYMBOLS)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = symbol;
      b.dataset.nag = nag;
      b.addEventListener('click', () => this.toggleNag(Number(nag)));
      this.nags.append(b);
    }
  }

  enter(): void {
    this.active = true;
    this.app.strips(null, null);
    this.render();
  }

  leave(): void {
    this.active = false;
    this.stopAnalysis();
    this.review.pause();
    this.app.evalBar(null);
    this.app.board.setArrows([]);
  }

  relabel(): void {
    this.render();
  }

  /** Opens a PGN (from Play's "Analyse this game"), at the end of its main line. */
  openPgn(pgn: string): void {
    this.pgnInput.value = pgn;
    this.loadPgn(pgn);
    this.go(this.lineEnd(this.tree.root));
  }

  key(e: KeyboardEvent): boolean {
    const siblings = this.current.parent?.children ?? [this.current];
    const i = siblings.indexOf(this.current);
    const target: Record<string, TreeNode | null | undefined> = {
      ArrowLeft: this.current.parent,
      ArrowRight: this.current.children[0],
      ArrowUp: siblings[i - 1],
      ArrowDown: siblings[i + 1],
      Home: this.tree.root,
      End: this.lineEnd(this.current),
    };
    if (!(e.key in target)) return false;
    this.go(target[e.key] ?? null);
    return true;
  }

  boardMove(from: Square, to: Square): void {
    void resolveGesture(this.gestures, from, to, (c, sq) => this.app.board.choosePromotion(c, sq)).then((m) => {
      if (!m) return this.render();
      this.go(this.tree.play(this.current, m.uci));
      this.app.announce(spokenMove(m, this.tree.sanIn(this.current, lang())));
    });
  }

  typed(text: string): void {
    const chess = this.tree.chessAt(this.current, lang());
    const m = parseTyped(chess, text);
    chess.free();
    if (typeof m === 'string') {
      // Written again from the same node after a language change.
      const node = this.current;
      return this.app.moveError(() => {
        const at = this.tree.chessAt(node, lang());
        const again = parseTyped(at, text);
        at.free();
        return typeof again === 'string' ? again : '';
      });
    }
    this.go(this.tree.play(this.current, m.uci));
    this.app.announce(spokenMove(m, this.tree.sanIn(this.current, lang())));
  }

  private lineEnd(from: TreeNode): TreeNode {
    let n = from;
    while (n.children[0]) n = n.children[0];
    return n;
  }

  private go(node: TreeNode | null): void {
    if (!node) return;
    this.current = node;
    this.app.moveError('');
    this.render();
    if (this.analysis) this.startAnalysis();
  }

  private setTree(tree: GameTree): void {
    this.tree = tree;
    this.current = tree.root;
    this.setError(null);
    this.render();
    if (this.analysis) this.startAnalysis();
  }

  private loadFen(text: string): void {
    const fen = text.trim();
    const attempt = (chess960: boolean): Chess | ChessError => {
      try {
        return new Chess(fen, { chess960 });
      } catch (e) {
        if (e instanceof ChessError) return e;
        throw e;
      }
    };
    let chess = attempt(false);
    let chess960 = false;
    if (chess instanceof ChessError && /[A-Ha-h]/.test(fen.split(' ')[2] ?? '')) {
      chess = attempt(true);
      chess960 = true;
    }
    if (chess instanceof ChessError) {
      const d = chess.detail as { reason?: string; reasons?: string[]; message?: string } | undefined;
      const english = d?.message ?? chess.message;
      this.setError(chess.code, () => t('analyse.badFen', { detail: reasonText(d, english) }));
      return;
    }
    const tree = new GameTree(chess.fen(), chess960);
    chess.free();
    this.setTree(tree);
  }

  private loadPgn(text: string): void {
    try {
      this.setTree(GameTree.fromPgn(text, lang()));
    } catch (e) {
      if (!(e instanceof ChessError)) throw e;
      const d = e.detail as { line?: number; column?: number; reason?: string; message?: string; move?: string; fen?: string } | undefined;
      const letters = pgnErrorLetters(e);
      this.setError(e.code, () => t('analyse.badPgn', { line: String(d?.line ?? '?'), column: String(d?.column ?? '?'), detail: pgnFault(d, e.message, letters) }));
    }
  }

  /** Shows (or with `null`, clears) the error of a FEN or PGN; `text` is asked again after a language change. */
  private setError(code: string | null, text: () => string = () => ''): void {
    this.errorText = code ? text : () => '';
    this.error.textContent = this.errorText();
    if (code) this.error.dataset.code = code;
    else delete this.error.dataset.code;
  }

  private fenOf(node: TreeNode): string {
    const chess = this.tree.chessAt(node);
    const fen = chess.fen();
    chess.free();
    return fen;
  }

  /** Copies `text` (where the page may use the clipboard) and says so. */
  private copy(text: string): void {
    void navigator.clipboard?.writeText(text).then(
      () => this.app.announce(t('analyse.copied')),
      () => {},
    );
  }

  /**
   * A link that opens this position: the game's PGN and the ply when the position is on its
   * main line, else the position's FEN (`#analyse?pgn=...&ply=...` or `#analyse?fen=...`).
   */
  private link(): string {
    let ply = 0;
    let onMainLine = true;
    for (let n = this.current; n.parent; n = n.parent) {
      ply++;
      if (n.parent.children[0] !== n) onMainLine = false;
    }
    const params = onMainLine && this.tree.root.children.length ? new URLSearchParams({ pgn: this.tree.pgn(), ply: String(ply) }) : new URLSearchParams({ fen: this.fenOf(this.current) });
    return `${location.origin}${location.pathname}#analyse?${params}`;
  }

  /** Opens what a link of `link()` carries. */
  openLink(params: URLSearchParams): void {
    const pgn = params.get('pgn');
    const fen = params.get('fen');
    if (pgn !== null) {
      this.pgnInput.value = pgn;
      this.loadPgn(pgn);
      let node = this.tree.root;
      for (let i = 0; i < Number(params.get('ply') ?? 0) && node.children[0]; i++) node = node.children[0];
      this.go(node);
    } else if (fen !== null) {
      this.fenInput.value = fen;
      this.loadFen(fen);
    }
  }

  private download(): void {
    const blob = new Blob([this.tree.pgn()], { type: 'application/x-chess-pgn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'rocada.pgn';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  private toggleNag(nag: number): void {
    const n = this.current;
    if (!n.parent) return;
    // Move-quality NAGs exclude each other.
    n.nags = n.nags.includes(nag) ? n.nags.filter((g) => g !== nag) : [...n.nags.filter((g) => g > 6), nag];
    this.render();
  }

  /** The status of `node`'s position if the game is over there (mate, stalemate, dead position, 75 moves), else `null`. */
  private ended(node: TreeNode): Status | null {
    if (this.endOf?.node !== node) {
      const chess = this.tree.chessAt(node);
      const status = chess.status();
      chess.free();
      this.endOf = { node, status: status.gameOver ? status : null };
    }
    return this.endOf.status;
  }

  private startAnalysis(): void {
    this.analysis?.stop();
    const node = this.current;
    this.lines = [];
    this.toggle.textContent = t('analyse.stop');
    this.toggle.setAttribute('aria-pressed', 'true');
    const handle = { stop: () => {} };
    this.analysis = handle;
    // A finished game has no move to search: the lines say how it ended.
    if (this.ended(node)) {
      this.renderLines();
      return;
    }
    void getEngine().then((engine) => {
      if (this.analysis !== handle) return;
      const chess = this.tree.chessAt(node);
      const running = analyseLines(engine, chess, Number(this.multiPv.value), (lines) => {
        if (this.analysis !== handle || this.current !== node) return;
        this.lines = lines;
        if (this.linesPending) return;
        // At most one redraw per LINES_INTERVAL_MS, in an animation frame, whatever the rate of reports.
        this.linesPending = true;
        const redraw = () => {
          this.linesPending = false;
          this.linesShownAt = performance.now();
          if (this.analysis === handle) this.renderLines();
        };
        setTimeout(() => requestAnimationFrame(redraw), Math.max(0, this.linesShownAt + LINES_INTERVAL_MS - performance.now()));
      });
      chess.free();
      handle.stop = () => void running.stop();
    });
    this.renderLines();
  }

  private stopAnalysis(): void {
    this.analysis?.stop();
    this.analysis = null;
    this.lines = [];
    this.toggle.textContent = t('analyse.start');
    this.toggle.setAttribute('aria-pressed', 'false');
    this.renderLines();
  }

  private renderLines(): void {
    if (!this.active) return;
    const end = this.ended(this.current);
    if (end) {
      const winner = end.winner ? t(end.winner === 'w' ? 'play.white' : 'play.black') : '';
      const text = end.termination ? `${end.result} · ${t(`end.${end.termination}`, { winner })}` : end.result;
      const li = this.linesBox.querySelector<HTMLLIElement>('li.end') ?? document.createElement('li');
      li.className = 'end';
      setText(li, text);
      if (this.linesBox.children.length !== 1 || this.linesBox.firstElementChild !== li) this.linesBox.replaceChildren(li);
      this.app.evalBar(this.analysis ? { cp: 0 } : null, { winner: end.winner });
      this.app.board.setArrows([]);
      return;
    }
    this.linesBox.querySelector('li.end')?.remove();
    const whiteToMove = this.current.fen.split(' ')[1] === 'w';
    const white = (s: EngineScore): EngineScore => (whiteToMove ? s : 'cp' in s ? { cp: -s.cp } : { mate: -s.mate });
    // Existing items are updated in place: a report changes a few texts, not the list.
    const items = [...this.linesBox.children] as HTMLLIElement[];
    this.lines.forEach((line, i) => {
      let li = items[i];
      if (!li) {
        li = document.createElement('li');
        li.innerHTML = '<span class="score"></span> <span class="depth"></span> <span class="pv"></span>';
        this.linesBox.append(li);
      }
      setText(li.querySelector('.score')!, scoreText(white(line.score)));
      setText(li.querySelector('.depth')!, t('analyse.depth', { depth: String(line.depth) }));
      this.renderPv(li.querySelector<HTMLElement>('.pv')!, line, whiteToMove);
    });
    for (const extra of items.slice(this.lines.length)) extra.remove();
    const best = this.lines[0];
    this.app.evalBar(this.analysis ? (best ? white(best.score) : { cp: 0 }) : null);
    const uci = best?.pv[0];
    this.app.board.setArrows(uci ? [{ from: uci.slice(0, 2) as Square, to: uci.slice(2, 4) as Square }] : []);
  }

  /** A line's first 12 moves as SAN in the page's language (cached per position and language). */
  private pvSans(line: EngineInfo): string[] {
    // The engine's SAN is English: other languages are written from the position.
    if (lang() === 'en') return line.pvSan.slice(0, 12);
    const of = `${this.current.id}:${lang()}`;
    if (this.pvTextsOf !== of || this.pvTexts.size > 500) {
      this.pvTexts = new Map();
      this.pvTextsOf = of;
    }
    const ucis = line.pv.slice(0, 12);
    const key = ucis.join(' ');
    const cached = this.pvTexts.get(key);
    if (cached !== undefined) return cached;
    const chess = this.tree.chessAt(this.current, lang());
    const sans: string[] = [];
    for (const uci of ucis) {
      try {
        sans.push(chess.move(uci).san);
      } catch {
        break;
      }
    }
    chess.free();
    this.pvTexts.set(key, sans);
    return sans;
  }

  /**
   * A line's moves as buttons with their move numbers (`12. Nf3 Nc6 13. Bb5`, `12… Nc6`): a
   * click plays the line up to that move into the game tree and goes there. Rebuilt only
   * when the line's moves changed.
   */
  private renderPv(box: HTMLElement, line: EngineInfo, whiteToMove: boolean): void {
    const sans = this.pvSans(line);
    const key = `${line.pv.slice(0, sans.length).join(' ')}|${lang()}`;
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.dataset.pv = line.pv.slice(0, sans.length).join(' ');
    let moveNo = Number(this.current.fen.split(' ')[5] ?? 1);
    const parts: (HTMLElement | string)[] = [];
    sans.forEach((san, i) => {
      const white = whiteToMove === (i % 2 === 0);
      if (white) parts.push(`${moveNo}. `);
      else if (i === 0) parts.push(`${moveNo}… `);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pv-move';
      b.dataset.index = String(i);
      b.textContent = san;
      parts.push(b, ' ');
      if (!white) moveNo++;
    });
    box.replaceChildren(...parts);
  }

  private render(): void {
    if (!this.active) return;
    // State-dependent labels, also after a language change (which writes the static ones).
    setText(this.toggle, t(this.analysis ? 'analyse.stop' : 'analyse.start'));
    setText(this.error, this.errorText());
    const chess = this.tree.chessAt(this.current);
    this.gestures = gesturesOf(chess);
    const state = boardState(chess, chess.isGameOver() ? null : chess.turn(), this.gestures);
    if (this.current.uci) state.lastMove = [this.current.uci.slice(0, 2) as Square, this.current.uci.slice(2, 4) as Square];
    this.app.board.set(state);
    this.fenInput.value = chess.fen();
    chess.free();
    // Before the move list, which shows the review's judgements: a review of another main line is dropped.
    this.review.show(this.tree, this.current);
    this.renderTree();
    for (const b of this.nags.querySelectorAll<HTMLButtonElement>('button')) {
      b.disabled = !this.current.parent;
      b.setAttribute('aria-pressed', String(this.current.nags.includes(Number(b.dataset.nag))));
    }
    this.renderLines();
  }

  /** A move just judged by the review: its glyph, added to the move list as it stands. */
  private showJudgement(node: TreeNode): void {
    const j = this.review.judgementOf(node);
    const b = this.treeBox.querySelector(`[data-node="${node.id}"]`);
    if (j && b && !b.querySelector('.judgement')) b.insertAdjacentHTML('beforeend', judgementHtml(j));
  }

  private renderTree(): void {
    const l = lang();
    const out: string[] = [];
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const comments = (n: TreeNode) => n.comments.map((c) => `<span class="comment">${esc(c)}</span>`).join(' ');
    const move = (n: TreeNode, number: boolean) => {
      const num = n.color === 'w' ? `${n.moveNumber}.` : number ? `${n.moveNumber}…` : '';
      const nags = n.nags.map(nagText).join('');
      const judgement = this.review.judgementOf(n);
      const cur = n === this.current ? ' aria-current="true"' : '';
      out.push(`<button type="button" class="mv" role="listitem" data-node="${n.id}" data-uci="${n.uci}"${cur}>${num ? `<span class="num">${num}</span>` : ''}${esc(this.tree.sanIn(n, l))}${nags ? `<span class="nag">${nags}</span>` : ''}${judgement ? judgementHtml(judgement) : ''}</button>`);
      if (n.comments.length) out.push(comments(n));
    };
    // The line from `first` on; `alts` are the alternatives to `first`, written after it.
    const line = (first: TreeNode, alts: TreeNode[], depth: number) => {
      let node = first;
      let others = alts;
      let needNumber = true;
      for (;;) {
        move(node, needNumber);
        needNumber = node.comments.length > 0;
        for (const alt of others) {
          out.push(`<span class="var" data-depth="${depth + 1}">(`);
          line(alt, [], depth + 1);
          out.push(')</span>');
          needNumber = true;
        }
        const [next, ...rest] = node.children;
        if (!next) break;
        node = next;
        others = rest;
      }
    };
    if (this.tree.root.comments.length) out.push(comments(this.tree.root));
    const [main, ...alts] = this.tree.root.children;
    if (main) line(main, alts, 0);
    if (this.tree.result !== '*') out.push(`<span class="result">${this.tree.result}</span>`);
    this.treeBox.innerHTML = out.join(' ');
    // Scrolling needs the layout: there, the frame computes it anyway (here it would be extra).
    // The box scrolls, the page does not (on a phone the board stays on screen).
    requestAnimationFrame(() => revealIn(this.treeBox, this.treeBox.querySelector('[aria-current]')));
  }
}

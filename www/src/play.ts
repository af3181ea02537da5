// Play: a game against the engine at level 1..20, colour by choice or by lot, an optional
// clock (the package's Clock: increment, delay, stages), Chess960 with a chosen or random
// start, resign, draw offers the engine judges, draw claims, take back, and premoves while
// the engine thinks (played at once after its answer when legal then, as on lichess).
import { Chess, ChessError, Clock, Engine, type Color, type EngineScore, type Move, type Square } from 'rocada';
import type { App, Mode } from './app';
import { clockLimits } from './clock-limits';
import { getEngine } from './engine';
import { lang, t, type MessageKey } from './i18n';
import { boardState, gesturesOf, parseTyped, pieceName, resolveGesture, spokenMove, type MovesByGesture } from './position';
import { premoveDests } from './premove';
import { $, revealIn } from './dom';
import { playSound, prepareSound } from './sound';

/** Material of the pieces other than pawns and kings, both sides (a queen is 9). */
function pieceMaterial(chess: Chess): number {
  const value: Record<string, number> = { n: 3, b: 3, r: 5, q: 9 };
  let sum = 0;
  for (const row of chess.board()) for (const sq of row) if (sq) sum += value[sq.type] ?? 0;
  return sum;
}

/** Centipawns for the side the score is for, mates as large numbers. */
function centipawns(s: EngineScore): number {
  return 'cp' in s ? s.cp : Math.sign(s.mate) * 100_000;
}

function formatClock(ms: number): string {
  const total = Math.max(0, ms);
  const s = Math.floor(total / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${sec}`;
  if (total < 10_000) return `${m}:${sec}.${Math.floor((total % 1000) / 100)}`;
  return `${m}:${sec}`;
}

export class PlayMode implements Mode {
  private chess: Chess | null = null;
  private clock: Clock | null = null;
  /** The game's time control, as started. */
  private control = '';
  /** Each press's time spent (ms), ply by ply: a take-back replays the ones it keeps. */
  private presses: number[] = [];
  /** While a take-back replays the presses, the clock's time; `null`: the real time. */
  private clockTime: number | null = null;
  private human: Color = 'w';
  private level = 3;
  private startNumber: number | null = null;
  private gestures: MovesByGesture = new Map();
  /** Bumped by every new game and take-back: an engine answer for an older one is dropped. */
  private generation = 0;
  private thinking: AbortController | null = null;
  /** A hint's search, while it runs; its arrow stays until the next move. */
  private hinting: AbortController | null = null;
  /**
   * The player's premove, made while the engine thinks: its squares, and the game and ply it
   * was made at (it is played only on the engine's answer to that position).
   */
  private premove: { from: Square; to: Square; generation: number; plies: number } | null = null;
  private drawPending = false;
  private notice: { key: MessageKey; vars?: Record<string, string> } | null = null;
  private ticker = 0;
  /** The move list as last rendered (space-separated SAN, and the ply shown). */
  private shownMoves = '';
  /** The ply whose position the board shows while the player looks back; `null`: the game's. */
  private viewPly: number | null = null;
  private active = false;

  private readonly setup = $('play-setup', HTMLFormElement);
  private readonly game = $('play-game', HTMLDivElement);
  private readonly levelSelect = $('play-level', HTMLSelectElement);
  private readonly tcSelect = $('play-tc', HTMLSelectElement);
  private readonly c960 = $('play-960', HTMLInputElement);
  private readonly c960n = $('play-960-n', HTMLInputElement);
  private readonly info = $('play-info', HTMLParagraphElement);
  private readonly status = $('play-status', HTMLParagraphElement);
  private readonly moveList = $('play-moves', HTMLOListElement);
  private readonly takeBackButton = $('play-takeback', HTMLButtonElement);
  private readonly hintButton = $('play-hint', HTMLButtonElement);
  private readonly drawButton = $('play-draw', HTMLButtonElement);
  private readonly claimButton = $('play-claim', HTMLButtonElement);
  private readonly resignButton = $('play-resign', HTMLButtonElement);
  private readonly overPanel = $('play-over', HTMLDivElement);
  private readonly viewing = $('play-viewing', HTMLParagraphElement);

  constructor(private readonly app: App) {
    for (let l = 1; l <= 20; l++) this.levelSelect.add(new Option(String(l), String(l), l === 3, l === 3));
    this.labelLevels();
    this.c960.addEventListener('change', () => {
      $('play-960-n-label', HTMLLabelElement).hidden = !this.c960.checked;
    });
    this.setup.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.start();
    });
    $('play-new', HTMLButtonElement).addEventListener('click', () => this.showSetup());
    this.resignButton.addEventListener('click', () => this.resign());
    this.drawButton.addEventListener('click', () => this.offerDraw());
    this.claimButton.addEventListener('click', () => this.claim());
    this.takeBackButton.addEventListener('click', () => this.takeBack());
    this.hintButton.addEventListener('click', () => void this.hint());
    for (const id of ['play-analyse', 'play-over-analyse']) {
      $(id, HTMLButtonElement).addEventListener('click', () => {
        if (this.chess) app.analysePgn(this.chess.pgn());
      });
    }
    $('play-rematch', HTMLButtonElement).addEventListener('click', () => this.rematch());
    $('play-live', HTMLButtonElement).addEventListener('click', () => this.view(null));
    this.moveList.addEventListener('click', (e) => {
      const ply = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]')?.dataset.ply;
      if (ply !== undefined) this.view(Number(ply));
    });
  }

  enter(): void {
    this.active = true;
    this.app.evalBar(null);
    this.app.board.setArrows([]);
    this.app.board.setOrientation(this.human);
    this.render();
    this.ticker = window.setInterval(() => this.tick(), 100);
  }

  leave(): void {
    this.active = false;
    window.clearInterval(this.ticker);
    // The board goes to another mode: a premove no longer shown is not played.
    this.premove = null;
  }

  relabel(): void {
    // The players' names are the page's words ("You", "Rocada level 3"): in the new language.
    if (this.chess) this.nameThePlayers(this.chess);
    this.labelLevels();
    this.shownMoves = '';
    this.render();
  }

  /** Each level with its approximate Elo, as the package measured it. */
  private labelLevels(): void {
    for (const option of this.levelSelect.options) {
      option.textContent = t('play.levelOption', { level: option.value, elo: String(Engine.levelElo(Number(option.value))) });
    }
  }

  /** Arrow keys, Home and End step through the game's positions (the board shows them); Escape cancels a premove. */
  key(e: KeyboardEvent): boolean {
    const chess = this.chess;
    if (!chess || this.game.hidden) return false;
    if (e.key === 'Escape' && this.premove) {
      this.cancelPremove();
      return true;
    }
    const plies = chess.history().length;
    const now = this.viewPly ?? plies;
    const to: Record<string, number> = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: plies };
    if (!(e.key in to)) return false;
    this.view(Math.max(0, Math.min(plies, to[e.key]!)));
    return true;
  }

  /** Shows the position after `ply` plies (`null` or the last ply: the game as it stands). */
  private view(ply: number | null): void {
    const plies = this.chess?.history().length ?? 0;
    this.viewPly = ply === null || ply >= plies ? null : ply;
    // A premove is made on the game as it stands: looking back cancels it (it would be hidden).
    if (this.viewPly !== null && this.premove) this.cancelPremove();
    this.render();
  }

  /** The same settings again, colours swapped (a game by lot draws again). */
  private rematch(): void {
    const colour = (this.setup.elements.namedItem('colour') as RadioNodeList).value;
    if (colour !== 'random') (this.setup.elements.namedItem('colour') as RadioNodeList).value = this.human === 'w' ? 'b' : 'w';
    this.levelSelect.value = String(this.level);
    this.tcSelect.value = this.control;
    if (this.startNumber !== null) this.c960n.value = String(this.startNumber);
    void this.start();
  }

  private nameThePlayers(chess: Chess): void {
    const you = t('play.you');
    const engine = t('play.engineName', { level: String(this.level) });
    chess.header('Event', t('play.event'), 'White', this.human === 'w' ? you : engine, 'Black', this.human === 'b' ? you : engine);
  }

  private showSetup(): void {
    this.premove = null;
    this.stopThinking();
    this.clock?.stop();
    this.setup.hidden = false;
    this.game.hidden = true;
    this.render();
  }

  private async start(): Promise<void> {
    prepareSound();
    this.stopThinking();
    this.generation++;
    this.premove = null;
    this.chess?.free();
    this.clock?.free();
    this.level = Number(this.levelSelect.value);
    const colour = (this.setup.elements.namedItem('colour') as RadioNodeList).value;
    this.human = colour === 'w' || colour === 'b' ? colour : Math.random() < 0.5 ? 'w' : 'b';
    if (this.c960.checked) {
      const typed = this.c960n.value.trim();
      const n = typed === '' ? Math.floor(Math.random() * 960) : Number(typed);
      this.startNumber = Number.isInteger(n) && n >= 0 && n <= 959 ? n : Math.floor(Math.random() * 960);
      this.chess = Chess.chess960(this.startNumber, { lang: lang() });
    } else {
      this.startNumber = null;
      this.chess = new Chess(undefined, { lang: lang() });
    }
    this.nameThePlayers(this.chess);
    // The PGN's date of the game (local, as a player reads it), YYYY.MM.DD.
    const today = new Date();
    const date = `${today.getFullYear()}.${String(today.getMonth() + 1).padStart(2, '0')}.${String(today.getDate()).padStart(2, '0')}`;
    this.chess.header('Date', date);
    this.control = this.tcSelect.value;
    this.presses = [];
    this.clock = this.control ? this.newClock() : null;
    this.drawPending = false;
    this.notice = null;
    this.viewPly = null;
    this.dropHint();
    this.setup.hidden = true;
    this.game.hidden = false;
    this.app.board.setOrientation(this.human);
    this.clock?.start('w');
    (await getEngine()).newGame();
    this.app.announce(t('play.started', { colour: t(this.human === 'w' ? 'play.white' : 'play.black') }));
    this.afterMove();
  }

  /**
   * A press on the board when it takes no move: before a game, it starts one with the form's
   * settings (and picks the piece pressed); during the engine's turn (when the board takes no
   * premove either: looking back at an earlier position) it says so.
   */
  boardIdle(square: Square): void {
    if (!this.game.hidden) {
      if (this.chess && !this.chess.isGameOver() && this.chess.turn() !== this.human) this.app.moveError(() => t('play.notYourTurn'));
      return;
    }
    void this.start().then(() => {
      if (this.humanToMove()) this.app.board.pick(square);
    });
  }

  boardMove(from: Square, to: Square): void {
    void resolveGesture(this.gestures, from, to, (c, sq) => this.app.board.choosePromotion(c, sq)).then((m) => {
      if (m) this.play(m);
      else this.render();
    });
  }

  /** A premove dropped on the board while the engine thinks; a second one replaces the first. */
  boardPremove(from: Square, to: Square): void {
    const chess = this.chess;
    if (!chess || !this.active || this.game.hidden || chess.isGameOver() || chess.turn() === this.human || this.viewPly !== null) return;
    this.premove = { from, to, generation: this.generation, plies: chess.history().length };
    const piece = chess.get(from);
    this.app.announce(t('play.premoveSet', { piece: piece ? pieceName(piece) : '', from, to }));
    this.render();
  }

  /** The player cancels the premove (a press aside on the board, the right button, Escape). */
  cancelPremove(): void {
    if (!this.premove) return;
    this.premove = null;
    this.app.announce(t('play.premoveCancelled'));
    this.render();
  }

  /**
   * After the engine's move (said as `said`): the premove made for the position it answered,
   * played at once if legal now (a pawn to the last rank becomes a queen), else dropped.
   */
  private playPremove(said: string): void {
    const p = this.premove;
    const chess = this.chess;
    this.premove = null;
    if (!p || !chess) return;
    if (p.generation !== this.generation || chess.history().length !== p.plies + 1 || !this.humanToMove()) return;
    const m = gesturesOf(chess)
      .get(p.from + p.to)
      ?.find((x) => !x.promotion || x.promotion === 'q');
    if (m) {
      this.play(m, said);
      return;
    }
    this.app.announce(`${said}. ${t('play.premoveDropped', { from: p.from, to: p.to })}`);
    this.render();
  }

  typed(text: string): void {
    const chess = this.chess;
    if (!chess || !this.humanToMove()) {
      this.app.moveError(() => t('play.notYourTurn'));
      return;
    }
    const m = parseTyped(chess, text);
    if (typeof m !== 'string') {
      this.play(m);
      return;
    }
    // The message again in a new language, while the position is the same.
    const fen = chess.fen();
    this.app.moveError(() => {
      const now = this.chess;
      if (!now || now.fen() !== fen) return '';
      const again = parseTyped(now, text);
      return typeof again === 'string' ? again : '';
    });
  }

  private humanToMove(): boolean {
    return !!this.chess && !this.chess.isGameOver() && this.chess.turn() === this.human && !this.game.hidden;
  }

  /**
   * Plays a legal move of the side to move, presses the clock, then lets the engine answer.
   * Returns what it said to screen readers (after `before`: the engine's move a premove answers).
   */
  private play(m: Move, before = ''): string {
    const chess = this.chess;
    if (!chess) return '';
    const played = chess.move(m.uci);
    this.viewPly = null;
    this.dropHint();
    playSound(chess.isGameOver() ? 'end' : played.san.endsWith('+') ? 'check' : played.isCapture() ? 'capture' : 'move');
    this.app.moveError('');
    this.pressClock();
    const said = spokenMove(played, played.san);
    this.app.announce(before ? `${before}. ${said}` : said);
    if (played.color === this.human) {
      // A notice is about the position before this move; the offer made with it is the news.
      this.notice = null;
      if (this.drawPending && !chess.isGameOver()) {
        this.drawPending = false;
        chess.offerDraw(this.human);
        this.notice = { key: 'play.drawOffered' };
      }
    }
    this.afterMove();
    return said;
  }

  private newClock(): Clock {
    return new Clock(this.control, { now: () => this.clockTime ?? performance.now() });
  }

  /**
   * The clock as it was after the first `plies` presses, running from now for the side to
   * move: a new clock replays the kept presses on a time of its own, which ends at now.
   */
  private rewindClock(plies: number): void {
    if (!this.clock) return;
    const kept = this.presses.slice(0, plies);
    const clock = this.newClock();
    this.clockTime = performance.now() - kept.reduce((a, b) => a + b, 0);
    try {
      clock.start('w');
      for (const ms of kept) {
        this.clockTime += ms;
        clock.press();
      }
    } finally {
      this.clockTime = null;
    }
    this.clock.free();
    this.clock = clock;
    this.presses = kept;
  }

  private pressClock(): void {
    const clock = this.clock;
    const chess = this.chess;
    if (!clock || !chess) return;
    try {
      this.presses.push(clock.press().elapsedMs);
    } catch (e) {
      if (!(e instanceof ChessError) || e.code !== 'flag-fallen') throw e;
    }
    chess.syncClock(clock);
  }

  private afterMove(): void {
    const chess = this.chess;
    if (!chess) return;
    if (chess.isGameOver()) this.finish();
    else if (chess.turn() !== this.human) void this.think();
    this.render();
  }

  /** The engine's answer (the caller renders the board, "thinking" included). */
  private async think(): Promise<void> {
    const chess = this.chess;
    if (!chess) return;
    const generation = this.generation;
    const abort = new AbortController();
    this.thinking = abort;
    const engine = await getEngine();
    if (generation !== this.generation || abort.signal.aborted) return;
    // On a clock the engine's time manager budgets the real time left (read now, after the
    // await); without one, a think time per level. The level limits its strength either way.
    const time = this.clock ? clockLimits(this.clock, chess.turn()) : { movetimeMs: 150 + this.level * 100 };
    try {
      const result = await engine.bestMove(chess, { ...time, level: this.level, signal: abort.signal });
      if (generation !== this.generation || abort.signal.aborted || chess.isGameOver()) return;
      this.thinking = null;
      if (chess.drawOffer() === this.human) {
        if (this.acceptsDraw(chess, result.score)) {
          chess.acceptDraw();
          this.finish();
          this.notice = { key: 'play.drawAccepted' };
          this.render();
          return;
        }
        chess.declineDraw();
        this.notice = { key: 'play.drawDeclined' };
        this.app.announce(t('play.drawDeclined'));
      }
      const s = chess.status();
      if ((s.threefoldRepetition || s.fiftyMoves) && centipawns(result.score) <= 0) {
        chess.claimDraw();
        this.finish();
        this.render();
        return;
      }
      const m = chess.moves({ verbose: true }).find((x) => x.uci === result.move || x.lan === result.move);
      if (m) this.playPremove(this.play(m));
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      throw e;
    } finally {
      if (this.thinking === abort) this.thinking = null;
    }
  }

  /**
   * A hint: the engine's best move at full strength in half a second, drawn as an arrow and
   * said to screen readers. A move, a take-back or a new game drops it.
   */
  private async hint(): Promise<void> {
    const chess = this.chess;
    if (!chess || !this.humanToMove() || this.hinting) return;
    const generation = this.generation;
    const plies = chess.history().length;
    const abort = new AbortController();
    this.hinting = abort;
    this.render();
    try {
      const engine = await getEngine();
      if (abort.signal.aborted) return;
      const r = await engine.bestMove(chess, { movetimeMs: 500, signal: abort.signal });
      if (abort.signal.aborted || generation !== this.generation || chess.history().length !== plies || chess.isGameOver()) return;
      const m = chess.moves({ verbose: true }).find((x) => x.uci === r.move || x.lan === r.move);
      if (!m) return;
      this.app.board.setArrows([{ from: m.from, to: m.to }]);
      this.app.announce(t('play.hintSays', { san: chess.moves({ verbose: true, lang: lang() }).find((x) => x.uci === m.uci)?.san ?? m.san }));
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError') && !(e instanceof ChessError)) throw e;
    } finally {
      if (this.hinting === abort) this.hinting = null;
      this.render();
    }
  }

  private dropHint(): void {
    this.hinting?.abort();
    this.hinting = null;
    this.app.board.setArrows([]);
  }

  /** The engine takes a draw when it is not better and little material is left, or when it is clearly worse. */
  private acceptsDraw(chess: Chess, score: EngineScore): boolean {
    const cp = centipawns(score);
    return cp < -150 || (cp <= 30 && pieceMaterial(chess) <= 26);
  }

  private stopThinking(): void {
    if (!this.thinking) return;
    this.thinking.abort();
    this.thinking = null;
    void getEngine().then((e) => void e.stop());
  }

  private resign(): void {
    const chess = this.chess;
    if (!chess || chess.isGameOver()) return;
    this.stopThinking();
    chess.resign(this.human);
    this.finish();
    this.render();
  }

  private offerDraw(): void {
    const chess = this.chess;
    if (!chess || chess.isGameOver()) return;
    if (chess.turn() === this.human) {
      this.drawPending = true;
      this.notice = { key: 'play.drawWillOffer' };
    } else {
      chess.offerDraw(this.human);
      this.notice = { key: 'play.drawOffered' };
    }
    this.app.announce(t(this.notice.key));
    this.render();
  }

  private claim(): void {
    const chess = this.chess;
    if (!chess || !this.humanToMove()) return;
    try {
      chess.claimDraw();
      this.finish();
    } catch (e) {
      if (!(e instanceof ChessError)) throw e;
      this.notice = { key: 'play.claimRefused' };
    }
    this.render();
  }

  private takeBack(): void {
    const chess = this.chess;
    if (!chess || chess.isGameOver()) return;
    this.stopThinking();
    this.generation++;
    this.premove = null;
    chess.undo();
    if (chess.turn() !== this.human) chess.undo();
    this.viewPly = null;
    this.dropHint();
    // The clock goes back too: only the side to move's runs (it was the engine's, or ran on).
    this.rewindClock(chess.history().length);
    this.drawPending = false;
    this.notice = null;
    this.afterMove();
  }

  private finish(): void {
    // Notices belong to the game in progress (a pending draw offer, a refused claim).
    this.notice = null;
    this.drawPending = false;
    this.premove = null;
    this.stopThinking();
    this.clock?.stop();
    const s = this.chess?.status();
    // PGN's Termination tag (its standard values): the Result tag comes with the game's status.
    if (s?.gameOver) this.chess?.header('Termination', s.termination === 'timeout' || s.termination === 'timeout-insufficient-material' ? 'time forfeit' : 'normal');
    if (s) this.app.announce(this.endText());
    if (s?.gameOver) playSound('end');
  }

  private endText(): string {
    const s = this.chess?.status();
    if (!s?.gameOver || !s.termination) return '';
    const winner = s.winner ? t(s.winner === 'w' ? 'play.white' : 'play.black') : '';
    return `${s.result} · ${t(`end.${s.termination}`, { winner })}`;
  }

  private tick(): void {
    const clock = this.clock;
    const chess = this.chess;
    if (!this.active || !clock || !chess || this.game.hidden) return;
    if (!chess.isGameOver() && clock.flagged() && chess.syncClock(clock)) {
      this.finish();
      this.render();
      return;
    }
    this.renderStrips();
  }

  private renderStrips(): void {
    const chess = this.chess;
    if (!chess || this.game.hidden) {
      this.app.strips(null, null);
      return;
    }
    const strip = (c: Color) => {
      const ms = this.clock?.remaining(c) ?? 0;
      return {
        name: chess.header()[c === 'w' ? 'White' : 'Black'] ?? '',
        clock: this.clock ? formatClock(ms) : null,
        clockMs: this.clock ? ms : undefined,
        active: this.clock?.running() === c,
        low: !!this.clock && ms < 20_000,
      };
    };
    const bottom = this.app.board.getOrientation();
    this.app.strips(strip(bottom === 'w' ? 'b' : 'w'), strip(bottom));
  }

  private render(): void {
    if (!this.active) return;
    const chess = this.chess;
    if (!chess || this.game.hidden) {
      this.gestures = new Map();
      const preview = chess ?? new Chess();
      this.app.board.set(boardState(preview, null, this.gestures));
      if (!chess) preview.free();
      this.app.strips(null, null);
      return;
    }
    const viewed = this.viewPly === null ? null : this.positionAt(chess, this.viewPly);
    const mine = this.humanToMove() && !viewed;
    // The engine's turn in the game as it stands: the player may premove.
    const ahead = !viewed && !chess.isGameOver() && chess.turn() !== this.human;
    this.gestures = mine ? gesturesOf(chess) : new Map();
    this.app.board.set({
      ...boardState(viewed ?? chess, mine ? this.human : null, this.gestures),
      premovable: ahead ? this.human : null,
      premoveDests: ahead ? premoveDests(chess, this.human) : undefined,
      premove: ahead && this.premove ? [this.premove.from, this.premove.to] : undefined,
    });
    viewed?.free();
    this.viewing.hidden = this.viewPly === null;
    this.renderStrips();

    const parts = [t('play.levelInfo', { level: String(this.level) })];
    if (this.clock) parts.push(this.tcSelect.value);
    if (this.startNumber !== null) parts.push(t('play.chess960Info', { n: String(this.startNumber) }));
    this.info.textContent = parts.filter(Boolean).join(' · ');

    const over = chess.isGameOver();
    let text: string;
    if (over) text = this.endText();
    else if (this.thinking) text = t('play.thinking');
    else text = t('play.yourMove');
    if (!over && chess.inCheck()) text = `${t('play.check')} ${text}`;
    if (this.notice) text = `${t(this.notice.key, this.notice.vars)} ${text}`;
    this.status.textContent = text;
    this.status.dataset.over = String(over);
    this.status.dataset.result = chess.status().result;
    this.overPanel.hidden = !over;
    // Once the game is over the panel holds what can be done; the game's own buttons go.
    for (const b of [this.hintButton, this.takeBackButton, this.drawButton, this.claimButton, this.resignButton, $('play-analyse', HTMLButtonElement)]) b.hidden = over;
    if (over) {
      const st = chess.status();
      const winner = st.winner ? t(st.winner === 'w' ? 'play.white' : 'play.black') : '';
      $('play-over-result', HTMLParagraphElement).textContent = st.result;
      $('play-over-reason', HTMLParagraphElement).textContent = st.termination ? t(`end.${st.termination}`, { winner }) : '';
    }

    const s = chess.status();
    this.takeBackButton.disabled = over || chess.history().length === 0;
    this.hintButton.disabled = !mine || !!this.hinting;
    this.drawButton.disabled = over || this.drawPending || chess.drawOffer() === this.human;
    this.claimButton.disabled = over || !mine || !(s.threefoldRepetition || s.fiftyMoves);
    this.resignButton.disabled = over;

    this.renderMoves(chess.history({ lang: lang() }));
  }

  /** A new game at the position after `ply` plies of `chess` (the caller frees it). */
  private positionAt(chess: Chess, ply: number): Chess {
    const start = chess.getHeaders().FEN;
    const at = new Chess(start, { chess960: chess.isChess960() });
    for (const m of chess.history({ verbose: true }).slice(0, ply)) at.move(m.uci);
    return at;
  }

  /**
   * The move list, rebuilt only when it changed: each move a button that shows its position;
   * scrolled to its end in the next frame.
   */
  private renderMoves(sans: string[]): void {
    const shown = `${sans.join(' ')}|${this.viewPly}`;
    if (shown === this.shownMoves) return;
    this.shownMoves = shown;
    const current = this.viewPly ?? sans.length;
    const items: HTMLLIElement[] = [];
    for (let i = 0; i < sans.length; i += 2) {
      const li = document.createElement('li');
      for (const ply of [i + 1, i + 2]) {
        const san = sans[ply - 1];
        if (san === undefined) continue;
        if (ply === i + 2) li.append(' ');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'ply';
        b.dataset.ply = String(ply);
        b.textContent = san;
        b.setAttribute('aria-label', t('play.moveButton', { n: String(Math.ceil(ply / 2)), san }));
        if (ply === current) b.setAttribute('aria-current', 'true');
        li.append(b);
      }
      items.push(li);
    }
    this.moveList.replaceChildren(...items);
    // Scrolling needs the layout: there, the frame computes it anyway (here it would be extra).
    // To its end, or to the move shown while the player looks back; the list scrolls, the page
    // does not (on a phone the board stays on screen).
    requestAnimationFrame(() => revealIn(this.moveList, this.viewPly === null ? this.moveList.lastElementChild : this.moveList.querySelector('[aria-current]')));
  }
}

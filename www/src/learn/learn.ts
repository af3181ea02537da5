// Learn: the lessons of lessons.ts on the board. Any piece may be dropped anywhere: a legal
// move is checked against the step's goal, an illegal one is explained by the package's
// `explain()` in the page's language, with the squares involved marked.
import { Chess, Clock, type Move, type Square } from 'rocada';
import type { App, Mode } from '../app';
import { lang, t } from '../i18n';
import { boardState, gesturesOf, parseTyped, resolveGesture, spokenMove, type MovesByGesture } from '../position';
import { $ } from '../dom';
import { LESSONS, type Lesson, type Step } from './lessons';

const DONE_KEY = 'rocada.lessonsDone';

export class LearnMode implements Mode {
  private lesson: Lesson | null = null;
  private stepIndex = 0;
  private chess: Chess | null = null;
  private gestures: MovesByGesture = new Map();
  /** The squares of the last explanation (the step's own marks are shown besides). */
  private marks: Square[] = [];
  private solved = false;
  private feedbackKind: 'ok' | 'error' | '' = '';
  /** The feedback, asked again after a language change. */
  private feedbackOf: () => string = () => '';
  private done = new Set<string>(JSON.parse(localStorage.getItem(DONE_KEY) ?? '[]') as string[]);

  private readonly list = $('learn-list', HTMLDivElement);
  private readonly box = $('learn-lesson', HTMLDivElement);
  private readonly title = $('learn-title', HTMLHeadingElement);
  private readonly progress = $('learn-progress', HTMLParagraphElement);
  private readonly text = $('learn-text', HTMLParagraphElement);
  private readonly feedback = $('learn-feedback', HTMLParagraphElement);
  private readonly action = $('learn-action', HTMLButtonElement);
  private readonly next = $('learn-next', HTMLButtonElement);
  private active = false;

  constructor(private readonly app: App) {
    $('learn-back', HTMLButtonElement).addEventListener('click', () => this.open(null));
    $('learn-retry', HTMLButtonElement).addEventListener('click', () => this.loadStep());
    this.next.addEventListener('click', () => this.advance());
    this.action.addEventListener('click', () => this.flagFall());
    this.list.addEventListener('click', (e) => {
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-lesson]')?.dataset.lesson;
      const lesson = LESSONS.find((l) => l.id === id);
      if (lesson) this.open(lesson);
    });
  }

  enter(): void {
    this.active = true;
    this.app.strips(null, null);
    this.app.board.setArrows([]);
    this.app.board.setOrientation('w');
    this.render();
  }

  leave(): void {
    this.active = false;
  }

  relabel(): void {
    this.render();
  }

  private open(lesson: Lesson | null): void {
    this.lesson = lesson;
    this.stepIndex = 0;
    if (lesson) this.loadStep();
    else {
      this.chess?.free();
      this.chess = null;
      this.render();
    }
  }

  private get step(): Step | null {
    return this.lesson?.steps[this.stepIndex] ?? null;
  }

  private loadStep(): void {
    const step = this.step;
    if (!step) return;
    this.chess?.free();
    const chess = new Chess(step.fen, { chess960: step.chess960 ?? false, sandbox: step.sandbox ?? false, touchMove: step.touchMove ?? false, lang: lang() });
    for (const m of step.setup ?? []) chess.move(m);
    if (step.touch) chess.touch(step.touch);
    this.chess = chess;
    this.marks = [];
    this.solved = false;
    this.setFeedback('', () => '');
    this.render();
  }

  private advance(): void {
    if (!this.lesson) return;
    if (this.stepIndex + 1 < this.lesson.steps.length) {
      this.stepIndex++;
      this.loadStep();
    } else {
      this.markDone(this.lesson);
      this.open(null);
    }
  }

  private markDone(lesson: Lesson): void {
    this.done.add(lesson.id);
    localStorage.setItem(DONE_KEY, JSON.stringify([...this.done]));
  }

  private get feedbackText(): string {
    return this.feedbackOf();
  }

  private setFeedback(kind: 'ok' | 'error' | '', text: () => string): void {
    this.feedbackKind = kind;
    this.feedbackOf = text;
    this.feedback.textContent = this.feedbackText;
    this.feedback.className = `feedback ${kind}`;
    this.feedback.dataset.kind = kind;
  }

  private succeed(extra: () => string = () => ''): void {
    const lesson = this.lesson;
    if (!lesson) return;
    this.solved = true;
    const last = this.stepIndex + 1 === lesson.steps.length;
    if (last) this.markDone(lesson);
    this.setFeedback('ok', () => {
      const more = extra();
      return `${more ? `${more} ` : ''}${t(last ? 'learn.lessonDone' : 'learn.correct')}`;
    });
    this.app.announce(this.feedbackText);
    this.render();
  }

  boardMove(from: Square, to: Square): void {
    const chess = this.chess;
    if (!chess || this.solved) return;
    const legal = this.gestures.get(from + to);
    if (legal?.length) {
      void resolveGesture(this.gestures, from, to, (c, sq) => this.app.board.choosePromotion(c, sq)).then((m) => (m ? this.tryMove(m) : this.render()));
      return;
    }
    const piece = chess.get(from);
    const lastRank = piece?.type === 'p' && (to[1] === '8' || to[1] === '1');
    const tried = lastRank ? { from, to, promotion: 'q' as const } : { from, to };
    const why = chess.explain(tried, { lang: lang() });
    this.marks = why.squares.length ? why.squares : [from];
    // In a new language the same position explains the same try again.
    this.setFeedback('error', () => (this.chess === chess ? chess.explain(tried, { lang: lang() }).message : why.message));
    this.app.announce(why.message);
    this.render();
  }

  typed(text: string): void {
    const chess = this.chess;
    if (!chess || this.solved) return;
    const m = parseTyped(chess, text);
    if (typeof m === 'string') {
      this.setFeedback('error', () => {
        const again = this.chess === chess ? parseTyped(chess, text) : m;
        return typeof again === 'string' ? again : m;
      });
      this.app.announce(m);
    } else this.tryMove(m);
  }

  private tryMove(m: Move): void {
    const chess = this.chess;
    const step = this.step;
    if (!chess || !step || step.goal.kind !== 'move') return;
    const played = chess.move(m.uci);
    this.app.announce(spokenMove(played, played.san));
    if (step.goal.test(played, chess)) {
      this.marks = [];
      this.succeed();
      return;
    }
    chess.undo();
    const hint = step.goal.hint;
    this.setFeedback('error', () => t(hint));
    this.app.announce(this.feedbackText);
    this.render();
  }

  /** The flag-fall step: a one-minute clock whose time runs out at once (a fake time source). */
  private flagFall(): void {
    const chess = this.chess;
    const step = this.step;
    if (!chess || !step || step.goal.kind !== 'flag') return;
    let now = 0;
    const clock = new Clock('1+0', { now: () => now });
    clock.start(step.goal.color);
    now = 61_000;
    chess.syncClock(clock);
    clock.free();
    const s = chess.status();
    this.succeed(() => {
      const winner = s.winner ? t(s.winner === 'w' ? 'play.white' : 'play.black') : '';
      return s.termination ? `${s.result} · ${t(`end.${s.termination}`, { winner })}.` : s.result;
    });
  }

  private render(): void {
    if (!this.active) return;
    const lesson = this.lesson;
    const step = this.step;
    this.list.hidden = !!lesson;
    this.box.hidden = !lesson;
    if (!lesson || !step || !this.chess) {
      this.renderList();
      const start = new Chess();
      this.gestures = new Map();
      this.app.board.set(boardState(start, null, this.gestures));
      start.free();
      return;
    }
    const chess = this.chess;
    const movable = !this.solved && step.goal.kind === 'move' ? chess.turn() : null;
    this.gestures = movable ? gesturesOf(chess) : new Map();
    const state = boardState(chess, movable, this.gestures);
    state.free = !!movable;
    // The step's targets stay marked through illegal tries.
    state.marks = [...new Set([...(step.marks ?? []), ...this.marks])];
    this.app.board.set(state);

    this.title.textContent = t(lesson.title);
    this.progress.textContent = t('learn.step', { n: String(this.stepIndex + 1), of: String(lesson.steps.length) });
    this.text.textContent = t(step.text);
    this.action.hidden = step.goal.kind !== 'flag' || this.solved;
    if (step.goal.kind === 'flag') this.action.textContent = t(step.goal.color === 'w' ? 'lesson.clock.whiteButton' : 'lesson.clock.blackButton');
    const canGoOn = this.solved || step.goal.kind === 'read';
    this.next.hidden = !canGoOn;
    this.next.textContent = t(this.stepIndex + 1 === lesson.steps.length ? 'learn.finish' : 'learn.next');
    this.feedback.textContent = this.feedbackText;
    this.feedback.dataset.kind = this.feedbackKind;
  }

  private renderList(): void {
    this.list.replaceChildren(
      ...LESSONS.map((l, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'lesson';
        b.dataset.lesson = l.id;
        b.innerHTML = `<span class="n">${i + 1}</span> <span class="title"></span>${this.done.has(l.id) ? ' <span class="done" aria-hidden="true">✓</span>' : ''}`;
        b.querySelector('.title')!.textContent = t(l.title);
        if (this.done.has(l.id)) b.setAttribute('aria-description', t('learn.completed'));
        return b;
      }),
    );
  }
}

// Learn: the package's curriculum (`rocada/lessons`) run by the package's lesson runner
// (`rocada/learn`). The runner judges every move, answer, claim and hint and says why in the
// page's language; this file only draws the step (board, marks, arrows, choices, buttons) and
// passes the learner's input on. Both modules are loaded on the first visit to Learn, so Play
// and Analyse never download them. Progress per lesson is kept in localStorage.
import type { Feedback, Lesson, LessonData } from 'rocada/learn';
import { Chess, type Square } from 'rocada';
import type { App, Mode } from '../app';
import { lang, t } from '../i18n';
import { boardState, gesturesOf, resolveGesture, spokenMove, type MovesByGesture } from '../position';
import { $ } from '../dom';
import { getEngine } from '../engine';

const PROGRESS_KEY = 'rocada.learn.progress';

/** Solved steps by lesson id (step indexes), and whether the lesson was finished once. */
type Progress = Record<string, { solved: number[]; done: boolean }>;

function loadProgress(): Progress {
  try {
    const p = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? '{}') as unknown;
    return p && typeof p === 'object' && !Array.isArray(p) ? (p as Progress) : {};
  } catch {
    return {};
  }
}

interface Runner {
  Lesson: typeof Lesson;
  lessons: readonly LessonData[];
}

let loading: Promise<Runner> | undefined;

/** The runner and the curriculum, fetched once (two lazy chunks). */
function loadRunner(): Promise<Runner> {
  loading ??= Promise.all([import('rocada/learn'), import('rocada/lessons')]).then(([learn, curriculum]) => ({
    Lesson: learn.Lesson,
    lessons: curriculum.lessons,
  }));
  return loading;
}

export class LearnMode implements Mode {
  private runner: Runner | null = null;
  private lesson: Lesson | null = null;
  private feedback: Feedback | null = null;
  private gestures: MovesByGesture = new Map();
  private busy = false;
  private active = false;
  private progress: Progress = loadProgress();

  private readonly list = $('learn-list', HTMLDivElement);
  private readonly box = $('learn-lesson', HTMLDivElement);
  private readonly title = $('learn-title', HTMLHeadingElement);
  private readonly stepLine = $('learn-progress', HTMLParagraphElement);
  private readonly text = $('learn-text', HTMLParagraphElement);
  private readonly choices = $('learn-choices', HTMLDivElement);
  private readonly feedbackLine = $('learn-feedback', HTMLParagraphElement);
  private readonly claim = $('learn-claim', HTMLButtonElement);
  private readonly hint = $('learn-hint', HTMLButtonElement);
  private readonly undo = $('learn-undo', HTMLButtonElement);
  private readonly prev = $('learn-prev', HTMLButtonElement);
  private readonly next = $('learn-next', HTMLButtonElement);

  constructor(private readonly app: App) {
    $('learn-back', HTMLButtonElement).addEventListener('click', () => this.open(null));
    $('learn-retry', HTMLButtonElement).addEventListener('click', () => this.act((l) => (l.restart(), null)));
    this.undo.addEventListener('click', () => this.act((l) => (l.undo(), null)));
    this.hint.addEventListener('click', () => this.act((l) => l.hint()));
    this.claim.addEventListener('click', () => this.act((l) => l.claim()));
    this.prev.addEventListener('click', () => this.act((l) => (l.prev(), null)));
    this.next.addEventListener('click', () => this.forward());
    this.choices.addEventListener('click', (e) => {
      const value = (e.target as HTMLElement).closest<HTMLButtonElement>('[data-value]')?.dataset.value;
      if (value !== undefined) this.act((l) => l.answer(value));
    });
    this.list.addEventListener('click', (e) => {
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-lesson]')?.dataset.lesson;
      const data = this.runner?.lessons.find((l) => l.id === id);
      if (data) void this.open(data);
    });
  }

  enter(): void {
    this.active = true;
    this.app.strips(null, null);
    this.app.board.setArrows([]);
    this.app.board.setOrientation('w');
    if (!this.runner) {
      this.list.textContent = t('learn.loading');
      void loadRunner().then((r) => {
        this.runner = r;
        this.render();
      });
    }
    this.render();
  }

  leave(): void {
    this.active = false;
    this.app.board.setArrows([]);
  }

  relabel(): void {
    if (this.lesson) this.lesson.lang = lang();
    this.render();
  }

  private async open(data: LessonData | null): Promise<void> {
    this.lesson?.free();
    this.lesson = null;
    this.feedback = null;
    if (data && this.runner) {
      const engine = data.steps.some((s) => s.opponent && typeof s.opponent === 'object' && 'engine' in s.opponent) ? await getEngine() : undefined;
      // The curriculum is validated by the package's tests: the page skips the goal searches.
      const lesson = new this.runner.Lesson(data, { lang: lang(), engine, search: false });
      const solved = this.progress[data.id]?.solved ?? [];
      const first = Array.from({ length: lesson.stepCount }, (_, i) => i).find((i) => !solved.includes(i));
      if (first !== undefined && first > 0) lesson.goTo(first);
      this.lesson = lesson;
    }
    this.render();
    if (this.lesson) this.text.focus({ preventScroll: true });
  }

  /** Runs one runner call, shows its feedback, and lets the engine reply when it is its turn. */
  private act(call: (l: Lesson) => Feedback | null): void {
    const lesson = this.lesson;
    if (!lesson || this.busy) return;
    const index = lesson.stepIndex;
    const f = call(lesson);
    this.feedback = lesson.stepIndex === index ? f : null;
    this.show(f);
    if (f?.waiting) {
      this.busy = true;
      this.render();
      void lesson
        .reply()
        .then((r) => {
          if (this.lesson !== lesson) return;
          this.feedback = r ?? this.feedback;
          this.show(r);
        })
        .finally(() => {
          this.busy = false;
          this.render();
        });
    }
  }

  private show(f: Feedback | null): void {
    const lesson = this.lesson;
    if (!lesson) return;
    if (f?.status === 'solved') this.record(lesson);
    if (f?.move) this.app.announce(spokenMove(f.move, f.move.san));
    if (f?.message) this.app.announce(f.message);
    this.render();
  }

  private record(lesson: Lesson): void {
    const entry = (this.progress[lesson.id] ??= { solved: [], done: false });
    if (!entry.solved.includes(lesson.stepIndex)) entry.solved.push(lesson.stepIndex);
    if (entry.solved.length >= lesson.stepCount) entry.done = true;
    try {
      localStorage.setItem(PROGRESS_KEY, JSON.stringify(this.progress));
    } catch {
      // Storage full or disabled: progress lasts for this visit only.
    }
  }

  private forward(): void {
    const lesson = this.lesson;
    if (!lesson) return;
    if (lesson.stepIndex + 1 < lesson.stepCount) this.act((l) => (l.next(), null));
    else void this.open(null);
  }

  boardMove(from: Square, to: Square): void {
    const lesson = this.lesson;
    if (!lesson || lesson.solved || this.busy) return;
    if (this.gestures.get(from + to)?.length) {
      void resolveGesture(this.gestures, from, to, (c, sq) => this.app.board.choosePromotion(c, sq)).then((m) => {
        if (m && this.lesson === lesson) this.act((l) => this.move(l, m.uci));
        else this.render();
      });
      return;
    }
    // Not a legal move: the runner explains it (a pawn dropped on the last rank asks for a queen).
    const piece = lesson.chess.get(from);
    const lastRank = piece?.type === 'p' && (to[1] === '8' || to[1] === '1');
    this.act((l) => this.move(l, lastRank ? { from, to, promotion: 'q' } : { from, to }));
  }

  /** A move of the learner: in a claim step, the move the claim is made with (FIDE 9.2). */
  private move(l: Lesson, m: string | { from: Square; to: Square; promotion?: 'q' }): Feedback {
    return l.goal.input === 'claim' ? l.claim(m) : l.play(m);
  }

  /** A square pressed while the board takes no move: the select goal, or a square answer. */
  boardIdle(square: Square): void {
    const lesson = this.lesson;
    if (!lesson || lesson.solved) return;
    if (lesson.goal.kind === 'select' || (lesson.goal.kind === 'question' && lesson.choices.length === 0)) this.act((l) => l.select(square));
  }

  typed(text: string): void {
    const lesson = this.lesson;
    if (!lesson) return;
    const input = text.trim();
    if (lesson.goal.input === 'answer') this.act((l) => l.answer(input));
    else if (lesson.goal.input === 'select') this.act((l) => l.select(input as Square));
    else this.act((l) => this.move(l, input));
  }

  private render(): void {
    if (!this.active) return;
    const lesson = this.lesson;
    this.list.hidden = !!lesson;
    this.box.hidden = !lesson;
    if (!lesson) {
      // The list: the start position, nothing movable.
      const start = new Chess();
      this.gestures = new Map();
      this.app.board.set(boardState(start, null, this.gestures));
      start.free();
      this.app.board.setArrows([]);
      this.renderList();
      return;
    }
    const chess = lesson.chess;
    const moves = lesson.goal.input === 'move' || lesson.goal.input === 'claim';
    const movable = moves && !lesson.solved && !this.busy && chess.turn() === lesson.side ? chess.turn() : null;
    this.gestures = movable ? gesturesOf(chess) : new Map();
    const state = boardState(chess, movable, this.gestures);
    state.free = !!movable;
    // The step's targets stay marked through misses and illegal tries; the feedback adds its own.
    const f = this.feedback;
    state.marks = [...new Set([...lesson.marks, ...(f && f.status !== 'solved' ? f.squares : [])])];
    this.app.board.set(state);
    this.app.board.setArrows((f?.arrows ?? []).map(([from, to]) => ({ from, to })));

    this.title.textContent = lesson.title;
    this.stepLine.textContent = t('learn.step', { n: String(lesson.stepIndex + 1), of: String(lesson.stepCount) });
    this.text.textContent = lesson.text;
    this.renderChoices(lesson);
    const message = f ? lesson.message(f) : '';
    this.feedbackLine.textContent = f?.status === 'solved' && f.lessonDone && lesson.stepIndex + 1 === lesson.stepCount ? `${message} ${t('learn.lessonDone')}` : message;
    this.feedbackLine.dataset.kind = !f ? '' : f.status === 'solved' || f.status === 'progress' ? 'ok' : f.status === 'hint' ? 'hint' : 'error';
    this.feedbackLine.dataset.code = f?.code ?? '';
    this.claim.hidden = lesson.goal.input !== 'claim' || lesson.solved;
    this.hint.disabled = lesson.solved;
    this.undo.disabled = lesson.solved || chess.history().length === (lesson.step.before?.length ?? 0);
    this.prev.disabled = lesson.stepIndex === 0;
    this.next.hidden = !lesson.solved;
    this.next.textContent = t(lesson.stepIndex + 1 === lesson.stepCount ? 'learn.finish' : 'learn.next');
    this.box.dataset.goal = lesson.goal.kind;
    this.box.dataset.solved = String(lesson.solved);
    this.box.dataset.busy = String(this.busy);
  }

  private renderChoices(lesson: Lesson): void {
    const choices = lesson.solved ? [] : lesson.choices;
    const key = choices.map((c) => `${c.value}:${c.label}`).join('|');
    if (this.choices.dataset.key === key) return;
    this.choices.dataset.key = key;
    this.choices.hidden = choices.length === 0;
    this.choices.replaceChildren(
      ...choices.map((c) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.value = c.value;
        b.textContent = c.label;
        return b;
      }),
    );
  }

  private renderList(): void {
    const runner = this.runner;
    if (!runner) return;
    this.list.replaceChildren(
      ...runner.lessons.map((data, i) => {
        const p = this.progress[data.id];
        const solved = p?.solved.length ?? 0;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'lesson';
        b.dataset.lesson = data.id;
        b.dataset.done = String(!!p?.done);
        const n = document.createElement('span');
        n.className = 'n';
        n.textContent = String(i + 1);
        const title = document.createElement('span');
        title.className = 'title';
        title.textContent = textIn(data.title);
        const desc = document.createElement('span');
        desc.className = 'desc';
        desc.textContent = data.description ? textIn(data.description) : '';
        const mark = document.createElement('span');
        mark.className = p?.done ? 'done' : 'count';
        mark.textContent = p?.done ? '✓' : solved ? t('learn.stepsDone', { n: solved, of: data.steps.length }) : t('learn.steps', { of: data.steps.length });
        b.append(n, title, mark, desc);
        if (p?.done) b.setAttribute('aria-description', t('learn.completed'));
        return b;
      }),
    );
  }
}

/** A lesson text of the curriculum in the page's language (the curriculum has all three). */
function textIn(text: LessonData['title']): string {
  if (typeof text === 'string') return text;
  if ('key' in text) return String(text.key);
  const l = lang();
  return text[l] ?? text.en ?? '';
}

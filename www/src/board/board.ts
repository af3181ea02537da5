// The demo's chessboard: 64 buttons in a CSS grid (each with `data-square` and an accessible
// name), pieces drawn as SVG, an SVG overlay for arrows. Moves by click-click, drag-and-drop
// (pointer events) or the keyboard (arrow keys move the focus, Enter / Space pick and drop).
// It knows no chess rules: the owner says which moves are allowed (`dests`) and is told
// `onMove(from, to)`; promotion is asked with `choosePromotion`. While the other side moves,
// the owner may allow premoves (`premovable`, `premoveDests`): the same gestures then tell it
// `onPremove(from, to)`, and it shows the premove back (`premove`). A new position slides the
// pieces that moved (Web Animations on transforms: the DOM is already the new position).
import type { Color, Piece, PromotionSymbol, Square } from 'rocada';
import { pieceSvg } from './pieces';

const FILES = 'abcdefgh';

/** What the board shows. */
export interface BoardState {
  /** Piece on each occupied square. */
  pieces: Map<Square, Piece>;
  /** Which colour may move pieces now (`null`: none). */
  movable: Color | null;
  /** Legal destinations by origin square (for the side in `movable`). */
  dests: Map<Square, Square[]>;
  lastMove?: [Square, Square];
  /** The king in check. */
  check?: Square;
  /** Squares to mark (a lesson's explanation). */
  marks?: Square[];
  /** Any piece of `movable` may be dropped anywhere (lessons explain illegal moves); `dests` are still shown. */
  free?: boolean;
  /** Which colour may premove now, while the other side moves (`null` or absent: none). */
  premovable?: Color | null;
  /** Premove destinations by origin square (for the side in `premovable`). */
  premoveDests?: Map<Square, Square[]>;
  /** The premove made, marked on both squares. */
  premove?: [Square, Square];
}

/** An arrow from one square to another (engine's best move). */
export interface Arrow {
  from: Square;
  to: Square;
}

/** The owner's side of the board. */
export interface BoardHooks {
  /** A move made on the board; the owner validates it and calls `set()` again. */
  onMove(from: Square, to: Square): void;
  /** A square pressed while no piece may move (`movable` and `premovable` are null): the owner may say why. */
  onIdle?(square: Square): void;
  /** A premove made on the board (a piece of `premovable` dropped on one of its `premoveDests`). */
  onPremove?(from: Square, to: Square): void;
  /** The premove shown is cancelled: a press on an empty square or a non-destination, the right button, Escape. */
  onPremoveCancel?(): void;
  /** The accessible name of a square ("e4, white knight"). */
  label(square: Square, piece: Piece | undefined): string;
  /** The accessible names of the promotion choices and of the cancel button. */
  promotionLabel(p: PromotionSymbol | 'cancel'): string;
}

function squareAt(file: number, rank: number): Square {
  return `${FILES[file]}${rank + 1}` as Square;
}

/** A slide's length (lichess's is 200 ms): short enough not to hold up the next move. */
const SLIDE_MS = 180;

/**
 * More changed squares than this in one `set()` is a new position (a new game, a jump of
 * several moves, a loaded FEN), shown at once: two moves each way, castling included (4
 * squares each), still slide.
 */
const SLIDE_MAX_CHANGED = 8;

/** An interactive board in `root`. */
export class Board {
  readonly root: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly overlay: SVGSVGElement;
  private readonly cells = new Map<Square, HTMLButtonElement>();
  private orientation: Color = 'w';
  private state: BoardState = { pieces: new Map(), movable: null, dests: new Map() };
  private selected: Square | null = null;
  private focusSquare: Square = 'e2';
  private arrows: Arrow[] = [];
  /** The player's own marks, drawn with the right button (as on lichess): arrows, and circles (`from === to`). */
  private shapes: Arrow[] = [];
  /** The right button's press, while it is down. */
  private drawing: { from: Square; pointerId: number } | null = null;
  /** The position the shapes were drawn on (they go when it changes). */
  private shapesOf = '';
  private drag: { from: Square; x: number; y: number; ghost?: HTMLElement; pointerId: number } | null = null;
  /** The last move dropped by drag: its piece is already on its square (no slide to it). */
  private dropped: { from: Square; to: Square } | null = null;
  private readonly reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  /** The slides running. */
  private readonly slides = new Set<Animation>();
  private promoting: ((p: PromotionSymbol | null) => void) | null = null;

  constructor(root: HTMLElement, private readonly hooks: BoardHooks) {
    this.root = root;
    root.classList.add('board');
    this.grid = document.createElement('div');
    this.grid.className = 'board-grid';
    this.grid.setAttribute('role', 'grid');
    this.overlay = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.overlay.setAttribute('class', 'board-overlay');
    this.overlay.setAttribute('viewBox', '0 0 8 8');
    this.overlay.setAttribute('aria-hidden', 'true');
    root.replaceChildren(this.grid, this.overlay);
    for (let i = 0; i < 64; i++) {
      const sq = squareAt(i % 8, Math.floor(i / 8));
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.dataset.square = sq;
      cell.className = `sq ${((i % 8) + Math.floor(i / 8)) % 2 === 0 ? 'dark' : 'light'}`;
      cell.tabIndex = -1;
      this.cells.set(sq, cell);
    }
    this.layout();
    this.grid.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.grid.addEventListener('keydown', (e) => this.keyDown(e));
    this.grid.addEventListener('contextmenu', (e) => e.preventDefault());
    this.grid.addEventListener('click', (e) => {
      // Keyboard activation (Enter / Space) arrives as a click with no pointer before it.
      if (e.detail === 0) {
        const sq = this.squareOf(e.target);
        if (sq) this.activate(sq);
      }
    });
    window.addEventListener('pointermove', (e) => this.pointerMove(e));
    window.addEventListener('pointerup', (e) => this.pointerUp(e));
    window.addEventListener('pointercancel', () => this.cancelDrag());
  }

  /** Shows a new state (the pieces that moved slide); keeps the selection when that piece can still move. */
  set(state: BoardState): void {
    this.state = state;
    const position = [...state.pieces.entries()].map(([sq, p]) => `${sq}${p.color}${p.type}`).join();
    if (position !== this.shapesOf) {
      this.shapesOf = position;
      if (this.shapes.length) this.setShapes([]);
    }
    if (this.selected && !this.canMoveFrom(this.selected)) this.selected = null;
    const slides = this.slidesTo(state.pieces);
    this.dropped = null;
    this.render();
    this.slide(slides);
  }

  /** Which side is at the bottom (no slide: a slide under way lands at once). */
  setOrientation(c: Color): void {
    for (const a of this.slides) a.finish();
    this.orientation = c;
    this.layout();
    this.render();
  }

  flip(): void {
    this.setOrientation(this.orientation === 'w' ? 'b' : 'w');
  }

  getOrientation(): Color {
    return this.orientation;
  }

  /** Selects the piece on `sq` if it may move (as a click on it would). */
  pick(sq: Square): void {
    if (this.canMoveFrom(sq)) this.select(sq);
  }

  setArrows(arrows: Arrow[]): void {
    const same = arrows.length === this.arrows.length && arrows.every((a, i) => a.from === this.arrows[i]?.from && a.to === this.arrows[i]?.to);
    if (same) return;
    this.arrows = arrows;
    this.drawArrows();
  }

  /** The player's marks (arrows, circles where `from === to`). */
  getShapes(): Arrow[] {
    return [...this.shapes];
  }

  setShapes(shapes: Arrow[]): void {
    this.shapes = shapes;
    this.drawArrows();
  }

  /** Asks which piece a pawn promotes to; `null` if the player cancels. */
  choosePromotion(color: Color, square: Square): Promise<PromotionSymbol | null> {
    this.promoting?.(null);
    const box = document.createElement('div');
    box.className = 'promotion';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', this.hooks.promotionLabel('cancel'));
    const file = square.charCodeAt(0) - 97;
    const col = this.orientation === 'w' ? file : 7 - file;
    box.style.left = `${col * 12.5}%`;
    const top = (square[1] === '8') === (this.orientation === 'w');
    box.style[top ? 'top' : 'bottom'] = '0';
    const choices: PromotionSymbol[] = ['q', 'n', 'r', 'b'];
    return new Promise((resolve) => {
      const done = (p: PromotionSymbol | null): void => {
        this.promoting = null;
        box.remove();
        resolve(p);
        this.cells.get(square)?.focus();
      };
      this.promoting = done;
      for (const p of choices) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.promotion = p;
        b.setAttribute('aria-label', this.hooks.promotionLabel(p));
        b.innerHTML = pieceSvg({ type: p, color });
        b.addEventListener('click', () => done(p));
        box.append(b);
      }
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.className = 'cancel';
      cancel.textContent = '×';
      cancel.setAttribute('aria-label', this.hooks.promotionLabel('cancel'));
      cancel.addEventListener('click', () => done(null));
      box.append(cancel);
      box.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') done(null);
      });
      this.root.append(box);
      (box.firstElementChild as HTMLElement).focus();
    });
  }

  /** Re-reads the accessible names (after a language change). */
  relabel(): void {
    for (const [sq, cell] of this.cells) cell.setAttribute('aria-label', this.hooks.label(sq, this.state.pieces.get(sq)));
  }

  private layout(): void {
    const rows: HTMLElement[] = [];
    for (let r = 0; r < 8; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let f = 0; f < 8; f++) {
        const file = this.orientation === 'w' ? f : 7 - f;
        const rank = this.orientation === 'w' ? 7 - r : r;
        const cell = this.cells.get(squareAt(file, rank));
        if (!cell) continue;
        cell.setAttribute('role', 'gridcell');
        cell.querySelectorAll('.coord').forEach((c) => c.remove());
        row.append(cell);
      }
      rows.push(row);
    }
    this.grid.replaceChildren(...rows);
    this.root.dataset.orientation = this.orientation;
  }

  private render(): void {
    const { pieces, lastMove, check, marks, premove } = this.state;
    const targets = new Set(this.selected ? this.destsOf(this.selected) : []);
    // The selected piece's destinations are premoves: marked apart.
    const ahead = !!this.selected && this.premoving(this.selected);
    for (const [sq, cell] of this.cells) {
      const piece = pieces.get(sq);
      const key = piece ? piece.color + piece.type : '';
      if (cell.dataset.piece !== key) {
        cell.dataset.piece = key;
        cell.innerHTML = piece ? pieceSvg(piece) : '';
      }
      cell.classList.toggle('last', !!lastMove && (lastMove[0] === sq || lastMove[1] === sq));
      cell.classList.toggle('check', check === sq);
      cell.classList.toggle('selected', this.selected === sq);
      cell.classList.toggle('dest', !ahead && targets.has(sq));
      cell.classList.toggle('premove-dest', ahead && targets.has(sq));
      cell.classList.toggle('premove', !!premove && (premove[0] === sq || premove[1] === sq));
      cell.classList.toggle('occupied', !!piece);
      cell.classList.toggle('mark', !!marks?.includes(sq));
      cell.tabIndex = sq === this.focusSquare ? 0 : -1;
      const label = this.hooks.label(sq, piece);
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      if (this.selected === sq) cell.setAttribute('aria-pressed', 'true');
      else cell.removeAttribute('aria-pressed');
      this.addCoords(cell, sq);
    }
    this.drawArrows();
  }

  /**
   * The slides from the position shown to `pieces`: each piece that appeared on a square comes
   * from the nearest square a piece of its colour and type left (castling slides both king and
   * rook; a captured piece just goes, a promoted one just appears). None with reduced motion or
   * for a new position (over SLIDE_MAX_CHANGED squares changed). The piece just dropped by drag
   * is already where it was dropped: it slides only from there (a Chess960 castle dropped on
   * the rook), usually not at all.
   */
  private slidesTo(pieces: Map<Square, Piece>): { from: Square; to: Square }[] {
    if (this.reducedMotion.matches) return [];
    const shown = (sq: Square): string => this.cells.get(sq)?.dataset.piece ?? '';
    const appeared: Square[] = [];
    const vanished: Square[] = [];
    for (const sq of this.cells.keys()) {
      const piece = pieces.get(sq);
      const key = piece ? piece.color + piece.type : '';
      const old = shown(sq);
      if (key === old) continue;
      if (key) appeared.push(sq);
      if (old) vanished.push(sq);
    }
    if (new Set([...appeared, ...vanished]).size > SLIDE_MAX_CHANGED) return [];
    const distance = (a: Square, b: Square): number => Math.hypot(a.charCodeAt(0) - b.charCodeAt(0), Number(a[1]) - Number(b[1]));
    const pairs = appeared
      .flatMap((to) => {
        const p = pieces.get(to);
        return vanished.filter((from) => p && shown(from) === p.color + p.type).map((from) => ({ from, to, d: distance(from, to) }));
      })
      .sort((a, b) => a.d - b.d);
    const taken = new Set<Square>();
    const filled = new Set<Square>();
    const slides: { from: Square; to: Square }[] = [];
    for (const { from, to } of pairs) {
      if (taken.has(from) || filled.has(to)) continue;
      taken.add(from);
      filled.add(to);
      const start = this.dropped?.from === from ? this.dropped.to : from;
      if (start !== to) slides.push({ from: start, to });
    }
    return slides;
  }

  /** Slides each piece from its old square to its new one: only the picture moves, on the compositor. */
  private slide(slides: { from: Square; to: Square }[]): void {
    for (const { from, to } of slides) {
      const piece = this.cells.get(to)?.querySelector<SVGSVGElement>('.piece');
      if (!piece) continue;
      const [x1, y1] = this.place(from);
      const [x2, y2] = this.place(to);
      // Percentages of the piece's own box, which is its square's: no layout is read.
      const a = piece.animate([{ transform: `translate(${(x1 - x2) * 100}%, ${(y1 - y2) * 100}%)` }, { transform: 'none' }], {
        duration: SLIDE_MS,
        easing: 'ease-in-out',
      });
      // Above the squares it passes over, until it lands.
      piece.classList.add('sliding');
      this.slides.add(a);
      const landed = (): void => {
        piece.classList.remove('sliding');
        this.slides.delete(a);
      };
      a.addEventListener('finish', landed);
      a.addEventListener('cancel', landed);
    }
  }

  /** A square's column and row as the viewer sees them (0..7 from the top left). */
  private place(sq: Square): [number, number] {
    const f = sq.charCodeAt(0) - 97;
    const r = Number(sq[1]) - 1;
    return this.orientation === 'w' ? [f, 7 - r] : [7 - f, r];
  }

  /** File letters on the bottom rank, rank numbers on the left file (as seen by the viewer). */
  private addCoords(cell: HTMLElement, sq: Square): void {
    if (cell.querySelector('.coord')) return;
    const bottom = this.orientation === 'w' ? '1' : '8';
    const left = this.orientation === 'w' ? 'a' : 'h';
    if (sq[1] === bottom) cell.insertAdjacentHTML('beforeend', `<span class="coord file" aria-hidden="true">${sq[0]}</span>`);
    if (sq[0] === left) cell.insertAdjacentHTML('beforeend', `<span class="coord rank" aria-hidden="true">${sq[1]}</span>`);
  }

  private drawArrows(): void {
    const xy = (sq: Square): [number, number] => {
      const [x, y] = this.place(sq);
      return [x + 0.5, y + 0.5];
    };
    this.overlay.innerHTML =
      '<defs><marker id="arrowhead" viewBox="0 0 4 4" refX="2" refY="2" markerWidth="2.2" markerHeight="2.2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="context-stroke"/></marker></defs>' +
      this.arrows
        .map((a, i) => {
          const [x1, y1] = xy(a.from);
          const [x2, y2] = xy(a.to);
          const len = Math.hypot(x2 - x1, y2 - y1);
          const k = (len - 0.35) / len;
          return `<line class="arrow${i === 0 ? ' best' : ''}" x1="${x1}" y1="${y1}" x2="${x1 + (x2 - x1) * k}" y2="${y1 + (y2 - y1) * k}" marker-end="url(#arrowhead)"/>`;
        })
        .join('') +
      this.shapes
        .map((a) => {
          const [x1, y1] = xy(a.from);
          if (a.from === a.to) return `<circle class="shape" cx="${x1}" cy="${y1}" r="0.44"/>`;
          const [x2, y2] = xy(a.to);
          const len = Math.hypot(x2 - x1, y2 - y1);
          const k = (len - 0.35) / len;
          return `<line class="arrow shape" x1="${x1}" y1="${y1}" x2="${x1 + (x2 - x1) * k}" y2="${y1 + (y2 - y1) * k}" marker-end="url(#arrowhead)"/>`;
        })
        .join('');
  }

  private squareOf(target: EventTarget | null): Square | null {
    const el = target instanceof Element ? target.closest<HTMLElement>('[data-square]') : null;
    return (el?.dataset.square as Square | undefined) ?? null;
  }

  /** The piece on `sq` may only premove (it is of `premovable`, not of `movable`). */
  private premoving(sq: Square): boolean {
    const color = this.state.pieces.get(sq)?.color;
    return !!color && color !== this.state.movable && color === this.state.premovable;
  }

  /** Where the piece on `sq` may go: its moves, or its premoves. */
  private destsOf(sq: Square): Square[] {
    return (this.premoving(sq) ? this.state.premoveDests?.get(sq) : this.state.dests.get(sq)) ?? [];
  }

  private canMoveFrom(sq: Square): boolean {
    const piece = this.state.pieces.get(sq);
    if (!piece) return false;
    if (this.premoving(sq)) return this.destsOf(sq).length > 0;
    return piece.color === this.state.movable && (!!this.state.free || this.destsOf(sq).length > 0);
  }

  private canDrop(from: Square, to: Square): boolean {
    return from !== to && ((!!this.state.free && !this.premoving(from)) || this.destsOf(from).includes(to));
  }

  /** A piece that may move or premove and is not a target of the selected one (clicking it selects it instead). */
  private ownPiece(sq: Square): boolean {
    const target = !!this.selected && this.destsOf(this.selected).includes(sq);
    const color = this.state.pieces.get(sq)?.color;
    return !target && !!color && (color === this.state.movable || color === this.state.premovable);
  }

  /** A piece dropped on a square it may go to: a move, or a premove. */
  private drop(from: Square, to: Square): void {
    if (this.premoving(from)) this.hooks.onPremove?.(from, to);
    else this.hooks.onMove(from, to);
  }

  /** A press that picks no piece and drops none: it cancels the premove, or it is idle. */
  private pressedAside(sq: Square): void {
    if (this.state.premovable) {
      if (this.state.premove) this.hooks.onPremoveCancel?.();
    } else if (this.state.movable === null) this.hooks.onIdle?.(sq);
  }

  private select(sq: Square | null): void {
    this.selected = sq;
    this.render();
  }

  /** A click or a key press on a square: select, move, or deselect. */
  private activate(sq: Square): void {
    this.focusSquare = sq;
    if (this.selected && this.canDrop(this.selected, sq) && !this.ownPiece(sq)) {
      const from = this.selected;
      this.select(null);
      this.drop(from, sq);
    } else if (this.selected !== sq && this.canMoveFrom(sq)) {
      this.select(sq);
    } else {
      this.select(null);
      this.pressedAside(sq);
    }
  }

  private pointerDown(e: PointerEvent): void {
    if (this.promoting) return;
    const sq = this.squareOf(e.target);
    if (!sq) return;
    if (e.button === 2) {
      e.preventDefault();
      this.drawing = { from: sq, pointerId: e.pointerId };
      // The right button cancels a premove, as on lichess.
      if (this.state.premove) this.hooks.onPremoveCancel?.();
      return;
    }
    if (e.button !== 0) return;
    e.preventDefault();
    // A left press clears the player's marks, as on lichess.
    if (this.shapes.length) this.setShapes([]);
    this.focusSquare = sq;
    if (this.selected && this.canDrop(this.selected, sq) && !this.ownPiece(sq)) {
      this.activate(sq);
      return;
    }
    if (this.canMoveFrom(sq)) {
      const wasSelected = this.selected === sq;
      this.select(sq);
      this.drag = { from: sq, x: e.clientX, y: e.clientY, pointerId: e.pointerId };
      if (wasSelected) this.drag.x = Number.NaN; // a second press on it deselects unless dragged
      return;
    }
    this.select(null);
    this.pressedAside(sq);
  }

  private pointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    if (!d.ghost) {
      if (!Number.isNaN(d.x) && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
      const cell = this.cells.get(d.from);
      if (!cell) return;
      const size = cell.getBoundingClientRect().width;
      d.ghost = document.createElement('div');
      d.ghost.className = 'drag-ghost';
      d.ghost.style.width = d.ghost.style.height = `${size}px`;
      d.ghost.innerHTML = cell.querySelector('svg')?.outerHTML ?? '';
      document.body.append(d.ghost);
      cell.classList.add('dragging');
    }
    const size = d.ghost.getBoundingClientRect().width;
    d.ghost.style.transform = `translate(${e.clientX - size / 2}px, ${e.clientY - size / 2}px)`;
  }

  private pointerUp(e: PointerEvent): void {
    const drawing = this.drawing;
    if (drawing && e.pointerId === drawing.pointerId && e.button === 2) {
      this.drawing = null;
      const to = this.squareOf(document.elementFromPoint(e.clientX, e.clientY));
      if (!to) return;
      // The same mark again takes it off.
      const i = this.shapes.findIndex((a) => a.from === drawing.from && a.to === to);
      this.setShapes(i >= 0 ? this.shapes.filter((_, j) => j !== i) : [...this.shapes, { from: drawing.from, to }]);
      return;
    }
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const dragged = !!d.ghost;
    this.cancelDrag();
    if (!dragged) {
      if (Number.isNaN(d.x)) this.select(null);
      return;
    }
    const target = this.squareOf(document.elementFromPoint(e.clientX, e.clientY));
    if (target && this.canDrop(d.from, target)) {
      this.select(null);
      if (!this.premoving(d.from)) this.dropped = { from: d.from, to: target };
      this.drop(d.from, target);
    }
  }

  private cancelDrag(): void {
    if (!this.drag) return;
    this.drag.ghost?.remove();
    this.cells.get(this.drag.from)?.classList.remove('dragging');
    this.drag = null;
  }

  private keyDown(e: KeyboardEvent): void {
    const sq = this.squareOf(e.target);
    if (!sq) return;
    const step: Record<string, [number, number]> = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const s = step[e.key];
    if (!s) {
      if (e.key === 'Escape') {
        this.select(null);
        if (this.state.premove) this.hooks.onPremoveCancel?.();
      }
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    const sign = this.orientation === 'w' ? 1 : -1;
    const file = Math.min(7, Math.max(0, sq.charCodeAt(0) - 97 + s[0] * sign));
    const rank = Math.min(7, Math.max(0, Number(sq[1]) - 1 + s[1] * sign));
    this.focusSquare = squareAt(file, rank);
    this.render();
    this.cells.get(this.focusSquare)?.focus();
  }
}

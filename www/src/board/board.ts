// The demo's chessboard: 64 buttons in a CSS grid (each with `data-square` and an accessible
// name), pieces drawn as SVG, an SVG overlay for arrows. Moves by click-click, drag-and-drop
// (pointer events) or the keyboard (arrow keys move the focus, Enter / Space pick and drop).
// It knows no chess rules: the owner says which moves are allowed (`dests`) and is told
// `onMove(from, to)`; promotion is asked with `choosePromotion`.
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
  /** A square pressed while no piece may move (`movable` is null): the owner may say why. */
  onIdle?(square: Square): void;
  /** The accessible name of a square ("e4, white knight"). */
  label(square: Square, piece: Piece | undefined): string;
  /** The accessible names of the promotion choices and of the cancel button. */
  promotionLabel(p: PromotionSymbol | 'cancel'): string;
}

function squareAt(file: number, rank: number): Square {
  return `${FILES[file]}${rank + 1}` as Square;
}

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

  /** Shows a new state; keeps the selection when that piece can still move. */
  set(state: BoardState): void {
    this.state = state;
    const position = [...state.pieces.entries()].map(([sq, p]) => `${sq}${p.color}${p.type}`).join();
    if (position !== this.shapesOf) {
      this.shapesOf = position;
      if (this.shapes.length) this.setShapes([]);
    }
    if (this.selected && !this.canMoveFrom(this.selected)) this.selected = null;
    this.render();
  }

  /** Which side is at the bottom. */
  setOrientation(c: Color): void {
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
    const { pieces, dests, lastMove, check, marks } = this.state;
    const targets = new Set(this.selected ? dests.get(this.selected) ?? [] : []);
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
      cell.classList.toggle('dest', targets.has(sq));
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
      const f = sq.charCodeAt(0) - 97;
      const r = Number(sq[1]) - 1;
      return this.orientation === 'w' ? [f + 0.5, 7.5 - r] : [7.5 - f, r + 0.5];
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

  private canMoveFrom(sq: Square): boolean {
    const piece = this.state.pieces.get(sq);
    return !!piece && piece.color === this.state.movable && (!!this.state.free || (this.state.dests.get(sq)?.length ?? 0) > 0);
  }

  private canDrop(from: Square, to: Square): boolean {
    return from !== to && (!!this.state.free || !!this.state.dests.get(from)?.includes(to));
  }

  /** A piece of the side to move that is not a legal target (clicking it selects it instead). */
  private ownPiece(sq: Square): boolean {
    const legal = !!this.selected && !!this.state.dests.get(this.selected)?.includes(sq);
    return !legal && this.state.pieces.get(sq)?.color === this.state.movable;
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
      this.hooks.onMove(from, sq);
    } else if (this.selected !== sq && this.canMoveFrom(sq)) {
      this.select(sq);
    } else {
      this.select(null);
      if (this.state.movable === null) this.hooks.onIdle?.(sq);
    }
  }

  private pointerDown(e: PointerEvent): void {
    if (this.promoting) return;
    const sq = this.squareOf(e.target);
    if (!sq) return;
    if (e.button === 2) {
      e.preventDefault();
      this.drawing = { from: sq, pointerId: e.pointerId };
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
    if (this.state.movable === null) this.hooks.onIdle?.(sq);
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
      this.hooks.onMove(d.from, target);
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
      if (e.key === 'Escape') this.select(null);
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

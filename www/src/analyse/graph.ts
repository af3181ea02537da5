// The review's evaluation graph: White's winning chances ply by ply as an SVG, the area
// between the curve and the 50% line white above it and dark below, the judged moves as
// coloured dots, the current ply as a vertical line. A click picks a ply.
import type { Judgement } from './judgement';

const SVG = 'http://www.w3.org/2000/svg';
/** The drawing's own units: plies spread over the width, win% (0 to 100) over the height. */
const WIDTH = 1000;
const HEIGHT = 100;

function svg<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

export class EvalGraph {
  readonly element: SVGSVGElement;
  private readonly above: SVGPathElement;
  private readonly below: SVGPathElement;
  private readonly line: SVGPathElement;
  private readonly dots: SVGGElement;
  private readonly cursor: SVGLineElement;
  /** Positions on the line (the x scale), and how many are drawn. */
  private plies = 1;
  private drawn = 0;

  /** `onPick` gets the ply clicked. */
  constructor(onPick: (ply: number) => void) {
    // Stretched to the box (`none`): the strokes and the dots keep their size in pixels
    // (`non-scaling-stroke`; a dot is a round cap on a zero-length path).
    this.element = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'img', class: 'graph' });
    const defs = svg('defs', {});
    const clip = (id: string, y: number) => {
      const c = svg('clipPath', { id });
      c.append(svg('rect', { x: '0', y: String(y), width: String(WIDTH), height: String(HEIGHT / 2) }));
      return c;
    };
    defs.append(clip('an-graph-top', 0), clip('an-graph-bottom', HEIGHT / 2));
    this.above = svg('path', { class: 'area white', 'clip-path': 'url(#an-graph-top)' });
    this.below = svg('path', { class: 'area black', 'clip-path': 'url(#an-graph-bottom)' });
    const middle = svg('line', { class: 'middle', x1: '0', x2: String(WIDTH), y1: String(HEIGHT / 2), y2: String(HEIGHT / 2), 'vector-effect': 'non-scaling-stroke' });
    this.line = svg('path', { class: 'line', 'vector-effect': 'non-scaling-stroke' });
    this.cursor = svg('line', { class: 'cursor', y1: '0', y2: String(HEIGHT), 'vector-effect': 'non-scaling-stroke', visibility: 'hidden' });
    this.dots = svg('g', { class: 'dots' });
    this.element.append(defs, this.above, this.below, middle, this.line, this.cursor, this.dots);
    this.element.addEventListener('click', (e) => {
      const box = this.element.getBoundingClientRect();
      if (box.width <= 0) return;
      const fraction = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
      onPick(Math.round(fraction * (this.plies - 1)));
    });
  }

  private x(ply: number): number {
    return this.plies > 1 ? (ply * WIDTH) / (this.plies - 1) : 0;
  }

  private static y(win: number): number {
    return HEIGHT - win;
  }

  /** Starts an empty graph over `plies` positions. */
  reset(plies: number): void {
    this.plies = Math.max(1, plies);
    this.drawn = 0;
    for (const p of [this.above, this.below, this.line]) p.removeAttribute('d');
    this.dots.replaceChildren();
    this.cursor.setAttribute('visibility', 'hidden');
  }

  /**
   * Draws the curve through `wins` (White's winning chances of the positions reviewed so far,
   * from the first), and the dots of the judgements not drawn yet (`judged`, by ply).
   */
  draw(wins: number[], judged: (Judgement | null)[]): void {
    if (wins.length === 0) return;
    const points = wins.map((w, ply) => `${this.x(ply).toFixed(1)},${EvalGraph.y(w).toFixed(2)}`);
    const line = `M${points.join('L')}`;
    const area = `M0,${HEIGHT / 2}L${points.join('L')}L${this.x(wins.length - 1).toFixed(1)},${HEIGHT / 2}Z`;
    this.line.setAttribute('d', line);
    this.above.setAttribute('d', area);
    this.below.setAttribute('d', area);
    for (let ply = this.drawn; ply < wins.length; ply++) {
      const j = judged[ply];
      if (!j) continue;
      const dot = svg('path', { class: `dot ${j}`, d: `M${this.x(ply).toFixed(1)},${EvalGraph.y(wins[ply]!).toFixed(2)}h0`, 'vector-effect': 'non-scaling-stroke' });
      dot.dataset.ply = String(ply);
      dot.dataset.judgement = j;
      this.dots.append(dot);
    }
    this.drawn = wins.length;
  }

  /** Marks `ply` (`null`: none). */
  mark(ply: number | null): void {
    if (ply === null) {
      this.cursor.setAttribute('visibility', 'hidden');
      return;
    }
    const x = this.x(ply).toFixed(1);
    if (this.cursor.getAttribute('x1') !== x) {
      this.cursor.setAttribute('x1', x);
      this.cursor.setAttribute('x2', x);
    }
    this.cursor.setAttribute('visibility', 'visible');
  }

  label(text: string): void {
    if (this.element.getAttribute('aria-label') !== text) this.element.setAttribute('aria-label', text);
  }
}

// Piece pictures: the Unicode chess figures drawn as SVG text, filled light or dark with an
// outline, so the page ships no image files and no font (every desktop and phone system has
// these glyphs; U+FE0E asks for text, not emoji, presentation).
import type { Piece, PieceSymbol } from 'rocada';

const GLYPHS: Record<PieceSymbol, string> = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

/** The SVG markup of a piece. */
export function pieceSvg(piece: Piece): string {
  return `<svg class="piece ${piece.color}" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><text x="50" y="54" text-anchor="middle" dominant-baseline="central">${GLYPHS[piece.type]}&#xFE0E;</text></svg>`;
}


// Piece pictures: a set drawn here for the demo (MIT OR Apache-2.0, as the repository), as
// SVG shapes on a 45 x 45 grid: no image file, no font, the same on every system. Each piece
// is a filled body (class `body`) with a few inner lines (class `detail`); style.css colours
// them per side, so one drawing serves both colours.
import type { Piece, PieceSymbol } from 'rocada';

/** The plinth every piece stands on. */
const BASE = '<rect class="body" x="10" y="35" width="25" height="4.5" rx="2"/>';

const SHAPES: Record<PieceSymbol, string> = {
  p:
    '<path class="body" d="M15 35.5C15 29.5 17.5 25.8 20.3 23.6h4.4C27.5 25.8 30 29.5 30 35.5z"/>' +
    '<rect class="body" x="17" y="20.6" width="11" height="3" rx="1.5"/>' +
    '<circle class="body" cx="22.5" cy="15.2" r="5.6"/>',
  r:
    '<path class="body" d="M14.6 32.5 15.8 17h13.4l1.2 15.5z"/>' +
    '<rect class="body" x="12" y="32" width="21" height="3.5" rx="1"/>' +
    '<path class="body" d="M12 8h4.6v3.2h3.6V8h4.6v3.2h3.6V8H33v9.5H12z"/>' +
    '<path class="detail" d="M15.7 20.5h13.6M15.1 29h14.8"/>',
  b:
    '<path class="body" d="M18.2 32.2 17 35.5h11l-1.2-3.3z"/>' +
    '<rect class="body" x="15.5" y="29.4" width="14" height="3.2" rx="1.6"/>' +
    '<path class="body" d="M22.5 8.6C17.2 13.2 14.7 18.2 14.7 22.9c0 4.2 3.2 6.8 7.8 6.8s7.8-2.6 7.8-6.8c0-4.7-2.5-9.7-7.8-14.3z"/>' +
    '<circle class="body" cx="22.5" cy="6.4" r="2.4"/>' +
    '<path class="detail" d="M25.8 14.6 20.6 20.6M19.5 25h6"/>',
  n:
    '<path class="body" d="M14 35.5c0-4 1.4-7.2 5.6-11.6-2.6 1.6-5.1 2.6-7.6 2.6-2.2 0-3.6-1.5-3.6-3.5s2-4.5 4-7c2-3 4.2-5.6 7.6-6.6L22.4 5l2.7 4.1C30.3 10.3 34.2 15.3 34.2 22.4c0 5-1.2 8.8-1.2 13.1z"/>' +
    '<circle class="eye" cx="17" cy="14.6" r="1.2"/>' +
    '<circle class="eye" cx="10.9" cy="22.4" r=".75"/>' +
    '<path class="detail" d="M26.6 11.6c3.2 3 4.4 7.6 4.4 13.2"/>',
  q:
    '<path class="body" d="M13.3 31.5 9.2 14.5l6.6 9.7L17.6 11l4.9 12.3L27.4 11l1.8 13.2 6.6-9.7-4.1 17z"/>' +
    '<circle class="body" cx="9" cy="12.6" r="2.3"/><circle class="body" cx="17.4" cy="9" r="2.3"/>' +
    '<circle class="body" cx="27.6" cy="9" r="2.3"/><circle class="body" cx="36" cy="12.6" r="2.3"/>' +
    '<circle class="body" cx="22.5" cy="7.6" r="2.3"/>' +
    '<rect class="body" x="12.5" y="31" width="20" height="4" rx="1.5"/>' +
    '<path class="detail" d="M14.2 28h16.6"/>',
  k:
    '<path class="body" d="M14.3 31.5c.4-6.8-1-12.4-3.1-17h22.6c-2.1 4.6-3.5 10.2-3.1 17z"/>' +
    '<path class="body" d="M13.2 11.6c1.6-4.8 17-4.8 18.6 0z"/>' +
    '<rect class="body" x="10.2" y="11" width="24.6" height="3.8" rx="1.6"/>' +
    '<path class="body" d="M21.2 1.6h2.6v2.3h2.4v2.5h-2.4v2.2h-2.6V6.4h-2.4V3.9h2.4z"/>' +
    '<rect class="body" x="12.5" y="31" width="20" height="4" rx="1.5"/>' +
    '<path class="detail" d="M15.3 20.5h14.4"/>',
};

/** The SVG markup of a piece. */
export function pieceSvg(piece: Piece): string {
  return `<svg class="piece ${piece.color}" viewBox="0 0 45 45" aria-hidden="true" focusable="false">${SHAPES[piece.type]}${BASE}</svg>`;
}

// The lessons of Learn, from the rules in shared/RULES.md: each step sets up a position and
// says what the learner must do; their texts are in the messages tables (`lesson.<id>...`).
// The first lesson uses the package's sandbox mode (a piece alone on the board, no kings: a
// side with no piece passes, so the learner keeps moving); the others are legal positions
// with enough material to mate (a dead position is a finished game: no moves).
import type { Chess, Color, Move, Square } from 'rocada';
import type { MessageKey } from '../i18n';

/** What completes a step. */
export type Goal =
  /** A legal move passing `test`; `hint` says what was expected when a legal move does not. */
  | { kind: 'move'; test: (m: Move, after: Chess) => boolean; hint: MessageKey }
  /** Reading only: the Next button. */
  | { kind: 'read' }
  /** A button lets `color`'s flag fall on the package's Clock; the result is shown. */
  | { kind: 'flag'; color: Color };

export interface Step {
  fen: string;
  chess960?: boolean;
  /** A sandbox (lesson) position: kings may be missing. */
  sandbox?: boolean;
  touchMove?: boolean;
  /** Moves played before the learner's turn (for en passant's expiry). */
  setup?: string[];
  /** Squares the learner has touched (touch-move lesson). */
  touch?: Square[];
  /** Squares to mark (targets). */
  marks?: Square[];
  text: MessageKey;
  goal: Goal;
}

export interface Lesson {
  id: string;
  title: MessageKey;
  steps: Step[];
}

const reach = (to: Square, hint: MessageKey): Goal => ({ kind: 'move', test: (m) => m.to === to, hint });

export const LESSONS: Lesson[] = [
  {
    id: 'pieces',
    title: 'lesson.pieces.title',
    steps: [
      { fen: '8/8/8/8/8/8/8/R7 w - - 0 1', sandbox: true, marks: ['a6'], text: 'lesson.pieces.rook', goal: reach('a6', 'lesson.reachHint') },
      { fen: '8/8/8/8/8/8/8/2B5 w - - 0 1', sandbox: true, marks: ['h6'], text: 'lesson.pieces.bishop', goal: reach('h6', 'lesson.reachHint') },
      { fen: '8/8/8/8/8/8/8/3Q4 w - - 0 1', sandbox: true, marks: ['a4'], text: 'lesson.pieces.queen', goal: reach('a4', 'lesson.reachHint') },
      { fen: '8/8/8/8/8/8/8/1N6 w - - 0 1', sandbox: true, marks: ['c3'], text: 'lesson.pieces.knight', goal: reach('c3', 'lesson.reachHint') },
      { fen: '8/8/8/8/8/8/8/4K3 w - - 0 1', sandbox: true, marks: ['f2'], text: 'lesson.pieces.king', goal: reach('f2', 'lesson.reachHint') },
      { fen: '8/8/8/8/8/8/4P3/8 w - - 0 1', sandbox: true, marks: ['e4'], text: 'lesson.pieces.pawn', goal: reach('e4', 'lesson.reachHint') },
    ],
  },
  {
    id: 'capture',
    title: 'lesson.capture.title',
    steps: [
      { fen: '7k/8/8/3n4/8/8/8/3RK3 w - - 0 1', text: 'lesson.capture.rook', goal: { kind: 'move', test: (m) => m.captured === 'n', hint: 'lesson.capture.hint' } },
      { fen: '7k/8/8/8/3p4/4P3/8/4K3 w - - 0 1', text: 'lesson.capture.pawn', goal: { kind: 'move', test: (m) => m.captured === 'p', hint: 'lesson.capture.hint' } },
    ],
  },
  {
    id: 'check',
    title: 'lesson.check.title',
    steps: [
      { fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', text: 'lesson.check.give', goal: { kind: 'move', test: (m) => m.check, hint: 'lesson.check.hint' } },
      { fen: '4r2k/8/8/8/8/8/8/4K3 w - - 0 1', text: 'lesson.check.king', goal: { kind: 'move', test: (m) => m.piece === 'k', hint: 'lesson.check.hint' } },
      { fen: '7k/8/8/4r3/8/2B5/8/4K3 w - - 0 1', text: 'lesson.check.capture', goal: { kind: 'move', test: (m) => m.to === 'e5', hint: 'lesson.check.captureHint' } },
      { fen: '7k/8/8/4r3/8/8/3N4/4K3 w - - 0 1', text: 'lesson.check.block', goal: { kind: 'move', test: (m) => m.piece !== 'k', hint: 'lesson.check.blockHint' } },
    ],
  },
  {
    id: 'castling',
    title: 'lesson.castling.title',
    steps: [
      { fen: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1', text: 'lesson.castling.short', goal: { kind: 'move', test: (m) => m.isKingsideCastle(), hint: 'lesson.castling.hint' } },
      { fen: 'r3k3/8/8/8/8/8/5r2/R3K2R w KQq - 0 1', marks: ['f1'], text: 'lesson.castling.through', goal: { kind: 'move', test: (m) => m.isQueensideCastle(), hint: 'lesson.castling.hint' } },
      { fen: '4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1', text: 'lesson.castling.inCheck', goal: { kind: 'move', test: (m) => m.piece === 'k', hint: 'lesson.check.hint' } },
    ],
  },
  {
    id: 'enPassant',
    title: 'lesson.enPassant.title',
    steps: [
      { fen: 'k7/3p4/8/4P3/8/8/8/K7 b - - 0 1', setup: ['d7d5'], text: 'lesson.enPassant.take', goal: { kind: 'move', test: (m) => m.isEnPassant(), hint: 'lesson.enPassant.hint' } },
      { fen: 'k7/3p4/8/4P3/8/8/8/K7 b - - 0 1', setup: ['d7d5', 'a1b1', 'a8b8'], text: 'lesson.enPassant.expired', goal: reach('e6', 'lesson.reachHint') },
    ],
  },
  {
    id: 'promotion',
    title: 'lesson.promotion.title',
    steps: [
      { fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1', text: 'lesson.promotion.queen', goal: { kind: 'move', test: (m) => m.promotion === 'q', hint: 'lesson.promotion.queenHint' } },
      { fen: '8/4P1k1/3q4/8/8/8/8/K7 w - - 0 1', text: 'lesson.promotion.knight', goal: { kind: 'move', test: (m) => m.promotion === 'n', hint: 'lesson.promotion.knightHint' } },
    ],
  },
  {
    id: 'mate',
    title: 'lesson.mate.title',
    steps: [
      { fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', text: 'lesson.mate.backRank', goal: { kind: 'move', test: (_, after) => after.isCheckmate(), hint: 'lesson.mate.hint' } },
      { fen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', text: 'lesson.mate.queen', goal: { kind: 'move', test: (_, after) => after.isCheckmate(), hint: 'lesson.mate.hint' } },
    ],
  },
  {
    id: 'stalemate',
    title: 'lesson.stalemate.title',
    steps: [
      { fen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', text: 'lesson.stalemate.find', goal: { kind: 'move', test: (_, after) => after.isStalemate(), hint: 'lesson.stalemate.hint' } },
    ],
  },
  {
    id: 'draws',
    title: 'lesson.draws.title',
    steps: [
      { fen: '7k/8/8/8/8/8/6p1/5B1K w - - 0 1', text: 'lesson.draws.material', goal: { kind: 'move', test: (_, after) => after.isInsufficientMaterial(), hint: 'lesson.draws.materialHint' } },
      { fen: '7k/8/8/8/8/8/8/7K w - - 0 1', text: 'lesson.draws.other', goal: { kind: 'read' } },
    ],
  },
  {
    id: 'clock',
    title: 'lesson.clock.title',
    steps: [
      { fen: '4k3/8/8/8/8/8/8/R3K3 b - - 0 1', text: 'lesson.clock.black', goal: { kind: 'flag', color: 'b' } },
      { fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', text: 'lesson.clock.white', goal: { kind: 'flag', color: 'w' } },
    ],
  },
  {
    id: 'touch',
    title: 'lesson.touch.title',
    steps: [
      { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', touchMove: true, touch: ['g1'], marks: ['g1'], text: 'lesson.touch.move', goal: { kind: 'move', test: (m) => m.from === 'g1', hint: 'lesson.touch.hint' } },
    ],
  },
  {
    id: 'notation',
    title: 'lesson.notation.title',
    steps: [
      { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', text: 'lesson.notation.type', goal: { kind: 'move', test: (m) => m.piece === 'n' && m.to === 'f3', hint: 'lesson.notation.hint' } },
      { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', text: 'lesson.notation.symbols', goal: { kind: 'read' } },
    ],
  },
  {
    id: 'chess960',
    title: 'lesson.chess960.title',
    steps: [
      { fen: 'nrk4r/pppppppp/8/8/8/8/PPPPPPPP/NRK4R w HBhb - 0 1', chess960: true, marks: ['b1'], text: 'lesson.chess960.long', goal: { kind: 'move', test: (m) => m.isQueensideCastle(), hint: 'lesson.chess960.hint' } },
      { fen: 'nrk4r/pppppppp/8/8/8/8/PPPPPPPP/NRK4R w HBhb - 0 1', chess960: true, marks: ['h1'], text: 'lesson.chess960.short', goal: { kind: 'move', test: (m) => m.isKingsideCastle(), hint: 'lesson.chess960.hint' } },
    ],
  },
];

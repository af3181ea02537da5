// The six standard perft positions with their published leaf counts. A count that differs
// fails the benchmark, so a wrong move generator cannot look fast.

export const PERFT_POSITIONS = [
  {
    name: 'startpos',
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    depth: 5,
    counts: { 3: 8902, 4: 197281, 5: 4865609 },
  },
  {
    name: 'kiwipete',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    depth: 4,
    counts: { 2: 2039, 3: 97862, 4: 4085603 },
  },
  {
    name: 'position 3',
    fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    depth: 5,
    counts: { 3: 2812, 4: 43238, 5: 674624 },
  },
  {
    name: 'position 4',
    fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    depth: 4,
    counts: { 2: 264, 3: 9467, 4: 422333 },
  },
  {
    name: 'position 5',
    fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    depth: 4,
    counts: { 2: 1486, 3: 62379, 4: 2103487 },
  },
  {
    name: 'position 6',
    fen: 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    depth: 4,
    counts: { 2: 2079, 3: 89890, 4: 3894594 },
  },
];

/** The set at the standard depths minus `less` plies: `[{ name, fen, depth, nodes }]`. */
export function perftSet(less = 0) {
  return PERFT_POSITIONS.map((p) => {
    const depth = p.depth - less;
    return { name: p.name, fen: p.fen, depth, nodes: p.counts[depth] };
  });
}

export const setNodes = (set) => set.reduce((s, p) => s + p.nodes, 0);
export const setLabel = (set) =>
  set.map((p) => `${p.name} d${p.depth}`).join(', ');

// The lesson runner's searches, on the package's public rules (no chess of their own): forced
// mate in N (a lesson's goal, the defender's reply, a hint, validation), and the shortest way
// for the learner's pieces to reach marked squares while the other side passes (stars and
// targets in sandbox lessons). Both are bounded by a node budget: past it they answer
// `undefined` (not known), never a guess.
import { Chess } from 'rocada';

/** Thrown inside a search when its budget is spent. */
const SPENT = Symbol('budget spent');

/**
 * A move (UCI) of the side to move on `chess` that forces mate in at most `n` of its moves,
 * `null` if there is none, `undefined` if `budget.max` nodes did not tell. Checks are tried
 * first. `chess` is left as it was.
 * @param {Chess} chess
 * @param {number} n
 * @param {{ nodes: number, max: number }} budget
 */
export function mateIn(chess, n, budget = { nodes: 0, max: 200_000 }) {
  try {
    return mateMove(chess, n, budget);
  } catch (e) {
    if (e === SPENT) return undefined;
    throw e;
  }
}

function mateMove(chess, n, budget) {
  const moves = chess.moves({ verbose: true });
  moves.sort((a, b) => Number(b.check) - Number(a.check));
  for (const m of moves) {
    if (++budget.nodes > budget.max) throw SPENT;
    chess.move(m.uci);
    let mates;
    if (m.checkmate) mates = true;
    else if (n <= 1 || chess.isGameOver()) mates = false;
    else mates = everyReplyMated(chess, n - 1, budget);
    chess.undo();
    if (mates) return m.uci;
  }
  return null;
}

function everyReplyMated(chess, n, budget) {
  for (const r of chess.moves({ verbose: true })) {
    if (++budget.nodes > budget.max) throw SPENT;
    chess.move(r.uci);
    const mated = mateMove(chess, n, budget) !== null;
    chess.undo();
    if (!mated) return false;
  }
  return true;
}

/**
 * The defender's replies on `chess` (the learner has just moved) judged against mate in `n`
 * more learner moves: `{ escape }` is a reply after which there is no such mate (or `undefined`
 * when the budget did not tell), `{ longest }` the reply that puts the mate off longest.
 * @param {Chess} chess
 * @param {number} n
 */
export function defend(chess, n, budget = { nodes: 0, max: 200_000 }) {
  let longest = null;
  let longestIn = 0;
  try {
    for (const r of chess.moves({ verbose: true })) {
      chess.move(r.uci);
      let k = 1;
      while (k <= n && mateMove(chess, k, budget) === null) k++;
      chess.undo();
      if (k > n) return { escape: r, longest: null };
      if (k > longestIn) {
        longest = r;
        longestIn = k;
      }
    }
  } catch (e) {
    if (e !== SPENT) throw e;
    chess.undo();
    return { escape: undefined, longest: null };
  }
  return { escape: null, longest };
}

/**
 * Breadth-first over the learner's moves while the other side passes (a sandbox position):
 * the first move of a shortest path to a move that `hits(move)`, `null` if none within `max`
 * positions.
 * @param {string} fen
 * @param {{ chess960: boolean, sandbox: boolean }} setup
 * @param {(m: import('rocada').Move) => boolean} hits
 * @param {number} max
 * @returns {{ first: string, path: string[] } | null}
 */
export function shortestPath(fen, setup, hits, max = 4_000) {
  const scratch = new Chess(fen, setup);
  try {
    const learner = scratch.turn();
    const seen = new Set([key(fen)]);
    let frontier = [{ fen, path: [] }];
    while (frontier.length && seen.size < max) {
      const next = [];
      for (const node of frontier) {
        scratch.load(node.fen, setup);
        for (const m of scratch.moves({ verbose: true })) {
          const path = [...node.path, m.uci];
          if (hits(m)) return { first: path[0], path };
          const after = passAfter(scratch, m.uci, learner);
          if (after === null || seen.has(key(after))) continue;
          seen.add(key(after));
          next.push({ fen: after, path });
        }
      }
      frontier = next;
    }
    return null;
  } finally {
    scratch.free();
  }
}

/** The FEN after `uci` with the turn handed back to `learner` (the other side passes). */
function passAfter(scratch, uci, learner) {
  const before = scratch.fen();
  try {
    scratch.move(uci);
    scratch.setTurn(learner);
    return scratch.fen();
  } catch {
    return null;
  } finally {
    scratch.load(before, { chess960: scratch.isChess960(), sandbox: scratch.isSandbox() });
  }
}

/** A position's identity for the search: the FEN without its two move counters. */
const key = (fen) => fen.split(' ').slice(0, 4).join(' ');

#!/usr/bin/env python3
"""Runs rocada-uci over an EPD test suite and prints the solve rate.

A position with `bm` is solved when the engine's move is one of the best moves (SAN); with
`am`, when it is none of them; with `dm N` (the side to move mates in N), when the engine's
final score is a mate in at most N moves. Each position gets a fresh `ucinewgame` and
`go movetime MS`, or `go nodes N` with --nodes: a fixed-node run gives the same result whatever
else the machine is doing, so two engines can be compared on a loaded machine (an A/B).

  cargo build --release --bin rocada-uci
  python3 scripts/match/tactics.py tests/data/wac.epd --movetime 1000
  python3 scripts/match/tactics.py tests/data/mates.epd --movetime 1000
  python3 scripts/match/tactics.py tests/data/wac.epd --nodes 1000000 --engine OLD
"""

import argparse
import os
import sys
import time

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("epd")
    ap.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "rocada-uci"))
    ap.add_argument("--movetime", type=int, default=1000, help="ms per position")
    ap.add_argument("--nodes", type=int, default=0, help="nodes per position instead of a time (repeatable)")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions")
    ap.add_argument("--verbose", action="store_true", help="print every failure")
    args = ap.parse_args()

    lines = [l.strip() for l in open(args.epd) if l.strip() and not l.startswith("#")]
    if args.limit:
        lines = lines[: args.limit]
    solved = 0
    failures = []
    start = time.time()
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.movetime / 1000.0)
    boards = [chess.Board.from_epd(line) for line in lines]
    for board, ops in boards:
        if not board.is_valid():
            raise SystemExit("%s: not a legal position (%s)" % (ops.get("id", board.fen()), board.status()))
    engine = chess.engine.SimpleEngine.popen_uci([args.engine])
    try:
        engine.configure({"Hash": args.hash})
        for board, ops in boards:
            info = engine.analyse(board, limit, game=object())
            move = info["pv"][0] if info.get("pv") else None
            # An engine that reported no score or line has not solved the position.
            score = info.get("score")
            ok = False
            if "dm" in ops:
                mate = score.pov(board.turn).mate() if score else None
                ok = move is not None and mate is not None and 0 < mate <= int(ops["dm"])
            elif "bm" in ops:
                ok = move in ops["bm"]
            elif "am" in ops:
                ok = move is not None and move not in ops["am"]
            solved += ok
            if not ok:
                failures.append("%s: played %s, score %s" % (ops.get("id", board.fen()), board.san(move) if move else None, score))
    finally:
        engine.quit()
    n = len(lines)
    if args.verbose:
        for f in failures:
            print("  failed " + f)
    budget = "%d nodes" % args.nodes if args.nodes else "%d ms" % args.movetime
    print("%s: %d / %d solved (%.1f%%) at %s per position, %.0f s"
          % (os.path.basename(args.epd), solved, n, 100.0 * solved / max(n, 1), budget, time.time() - start))


if __name__ == "__main__":
    sys.exit(main())

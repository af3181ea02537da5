#!/usr/bin/env python3
"""What a match's games say beyond its score, from match.py's PGN files: Rocada's score by
the game's length, how the games ended, and for each engine its median clock, depth and time
at some move numbers (from the comments match.py writes, `{ +0.35/12 247 ms clock 9.85 s }`).
The figures README.md's rows quote ("median clock at moves 20/40/60", "games of 80 moves or
more scored ...") come from here.

  python3 scripts/match/pgnstats.py /tmp/lozza-0.pgn /tmp/lozza-50.pgn [--moves 20,40,60]
"""

import argparse
import re
import statistics
from collections import Counter, defaultdict

import chess
import chess.pgn

COMMENT = re.compile(r"^(?:(?P<score>#-?\d+|[+-]\d+\.\d\d)/(?P<depth>\d+) )?(?P<ms>\d+) ms(?: clock (?P<clock>[\d.]+) s)?$")
# Game lengths, the last position's move number (the opening's moves count): [0, 40),
# [40, 80), [80, ...).
LENGTHS = ((0, 40), (40, 80), (80, None))


def points_for_rocada(game):
    result = game.headers["Result"]
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == (game.headers["White"] == "rocada") else 0.0


def read(paths):
    games = []
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games.append(game)
    return games


def stats(games, moves):
    """The figures, as a dict (also what the test checks)."""
    by_length = defaultdict(list)
    endings = Counter()
    # per engine, per move number: clocks, depths, times
    seen = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for game in games:
        for node in game.mainline():
            m = COMMENT.match(node.comment or "")
            if not m:
                continue
            board = node.parent.board()
            mover = game.headers["White"] if board.turn == chess.WHITE else game.headers["Black"]
            at = seen[mover][board.fullmove_number]
            at["ms"].append(int(m["ms"]))
            if m["depth"]:
                at["depth"].append(int(m["depth"]))
            if m["clock"]:
                at["clock"].append(float(m["clock"]))
        length = game.end().board().fullmove_number
        for lo, hi in LENGTHS:
            if length >= lo and (hi is None or length < hi):
                by_length[(lo, hi)].append(points_for_rocada(game))
        endings[game.headers.get("Termination", "?")] += 1
    medians = {
        engine: {n: {k: statistics.median(v) for k, v in per_move[n].items() if v} for n in moves if n in per_move}
        for engine, per_move in seen.items()
    }
    points = [points_for_rocada(g) for g in games]
    return {"games": len(games), "points": sum(points), "by_length": dict(by_length), "endings": endings, "medians": medians}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--moves", default="20,40,60", help="move numbers for the medians")
    args = ap.parse_args()
    moves = [int(n) for n in args.moves.split(",")]
    s = stats(read(args.pgn), moves)
    n = s["games"]
    print("%d games, Rocada %.1f points (%.1f%%)" % (n, s["points"], 100 * s["points"] / max(n, 1)))
    for (lo, hi), pts in sorted(s["by_length"].items()):
        span = "%d-%d moves" % (lo, hi - 1) if hi else "%d+ moves" % lo
        print("  %-12s %3d games, Rocada %.1f%%" % (span, len(pts), 100 * sum(pts) / len(pts)))
    print("endings: " + ", ".join("%s %d" % kv for kv in s["endings"].most_common()))
    for engine, per_move in sorted(s["medians"].items()):
        cells = []
        for n in moves:
            m = per_move.get(n)
            if not m:
                continue
            parts = ["%d ms" % m["ms"]]
            if "depth" in m:
                parts.append("depth %g" % m["depth"])
            if "clock" in m:
                parts.append("clock %.2f s" % m["clock"])
            cells.append("move %d: %s" % (n, ", ".join(parts)))
        print("%s medians: %s" % (engine, "; ".join(cells) if cells else "none"))


if __name__ == "__main__":
    main()

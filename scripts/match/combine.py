#!/usr/bin/env python3
"""Sums the results of several match.py logs (the `+W =D -L` line each prints at the end) and
prints the total as match.py prints one match: the score, and the Elo difference with its 95%
interval from the games' own variance (the same arithmetic, `match.summary`). The matches that
make one row of README.md's table (e.g. `--first-opening 0` and `50`, side by side) are summed
so; a log without a result line (a match still running or stopped) is an error, not a zero.

  python3 scripts/match/combine.py /tmp/lozza-0.log /tmp/lozza-50.log
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import summary  # noqa: E402

RESULT = re.compile(r"^\+(\d+) =(\d+) -(\d+)\b")


def result_of(path):
    """The `(wins, draws, losses)` of a match.py log."""
    with open(path) as f:
        found = [tuple(map(int, m.groups())) for m in map(RESULT.match, f) if m]
    if len(found) != 1:
        raise SystemExit("%s: expected one `+W =D -L` result line, found %d" % (path, len(found)))
    return found[0]


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: combine.py MATCH.log [MORE.log ...]")
    totals = [sum(column) for column in zip(*map(result_of, sys.argv[1:]))]
    score_line, elo_line, _ = summary(*totals)
    print("%d logs" % (len(sys.argv) - 1))
    print(score_line)
    print(elo_line)


if __name__ == "__main__":
    main()

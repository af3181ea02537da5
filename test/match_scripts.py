#!/usr/bin/env python3
"""The scripts that make the engine's measured figures (scripts/match/), run as their README
runs them, with the native rocada-uci (release build) on both sides:

  - match.py at fixed nodes: each opening played with both colours, the tally it prints is the
    games' results counted from Rocada's side, and the PGN has every engine move with the
    mover's score and depth and its time (`+0.35/12 41 ms`), as cutechess writes them;
  - match.py on a clock: the comments carry the mover's clock as well;
  - pgnstats.py over those PGNs: the games, points and endings, and a median clock, depth and
    time recomputed from the comments;
  - combine.py: the sum of several logs, its score and 95% interval checked against the same
    figures computed here game by game; a log without a result is refused;
  - tactics.py: `dm`, `bm` and `am` positions, one of them with a wrong `bm` that must count as
    unsolved; an illegal position is refused by its id.

Needs python-chess (scripts/bootstrap.sh installs it) and `cargo build --release --bin
rocada-uci`. Usage: python3 test/match_scripts.py. The last line is cargo's "test result: ..."
form, which scripts/test.sh counts.
"""

import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

import chess
import chess.pgn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import runner  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATCH = os.path.join(ROOT, "scripts", "match")
ENGINE = os.path.join(ROOT, "target", "release", "rocada-uci")
# A move's comment: the mover's score and depth, its time, then (on a clock) the mover's clock.
SAID = r"^(#-?\d+|[+-]\d+\.\d\d)/\d+ \d+ ms"
COMMENT = re.compile(SAID + "$")
CLOCK_COMMENT = re.compile(SAID + r" clock \d+\.\d\d s$")
TALLY = re.compile(r"^\+(\d+) =(\d+) -(\d+)  score ([\d.]+)/(\d+) = ([\d.]+)%$", re.M)
ELO = re.compile(r"^Elo difference ([+-]\d+) \(95%: ([+-]\d+) \.\. ([+-]\d+)\)$", re.M)


def run(script, *args):
    out = subprocess.run([sys.executable, os.path.join(MATCH, script), *args], capture_output=True, text=True, timeout=600)
    return out.returncode, out.stdout + out.stderr


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def games_of(path):
    games = []
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games.append(game)
    return games


def rocada_points(game):
    result = game.headers["Result"]
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == (game.headers["White"] == "rocada") else 0.0


def played_moves(game):
    """The moves the engines chose: the opening's are the game's setup (a FEN), so every
    move in the main line."""
    return list(game.mainline())


def match_at_fixed_nodes(tmp):
    pgn = os.path.join(tmp, "nodes.pgn")
    status, out = run("match.py", "--engine", ENGINE, "--opponent", ENGINE, "--nodes", "3000", "--games", "4",
                      "--max-plies", "40", "--first-opening", "7", "--pgn", pgn)
    check(status == 0, "match.py failed:\n" + out)
    check("rocada vs rocada-uci, 4 games, nodes 3000" in out, out)
    games = games_of(pgn)
    check(len(games) == 4, "%d games in the PGN" % len(games))
    for a, b in (games[0:2], games[2:4]):
        check(a.headers["FEN"] == b.headers["FEN"], "an opening played twice from the same position")
        check((a.headers["White"], a.headers["Black"]) == (b.headers["Black"], b.headers["White"]), "colours reversed")
    check(games[0].headers["FEN"] != games[2].headers["FEN"], "the next pair has the next opening")
    check([g.headers["White"] for g in games] == ["rocada", "rocada-uci"] * 2, "rocada has White in the first game of a pair")
    for g in games:
        moves = played_moves(g)
        check(moves, "no move played")
        for node in moves:
            check(COMMENT.match(node.comment or ""), "comment %r of %s" % (node.comment, node.move))
        check(g.headers["Termination"], "a termination")
    m = TALLY.search(out)
    check(m, "no tally line:\n" + out)
    wins, draws, losses = map(int, m.groups()[:3])
    points = [rocada_points(g) for g in games]
    check((wins, draws, losses) == (points.count(1.0), points.count(0.5), points.count(0.0)),
          "tally %s against the PGN's results %s" % (m.group(0), points))
    check(float(m.group(4)) == sum(points), "points")
    check(ELO.search(out), "no Elo line:\n" + out)


def match_on_a_clock(tmp):
    pgn = os.path.join(tmp, "clock.pgn")
    status, out = run("match.py", "--engine", ENGINE, "--opponent", ENGINE, "--tc", "2+0.02", "--games", "2",
                      "--max-plies", "20", "--pgn", pgn)
    check(status == 0, "match.py failed:\n" + out)
    check("tc 2+0.02" in out, out)
    for g in games_of(pgn):
        for node in played_moves(g):
            check(CLOCK_COMMENT.match(node.comment or ""), "comment %r of %s" % (node.comment, node.move))
            seconds = float(node.comment.split(" clock ")[1].split()[0])
            check(0 < seconds <= 2.02 + 20 * 0.02, "a clock of %s s" % seconds)


def pgnstats_reads_the_games(tmp):
    """pgnstats.py over the two matches' PGNs: the games, Rocada's points, the endings, and a
    median clock, depth and time recomputed here from the comments."""
    paths = [os.path.join(tmp, "nodes.pgn"), os.path.join(tmp, "clock.pgn")]
    check(all(os.path.exists(p) for p in paths), "the match tests' PGNs")
    games = [g for p in paths for g in games_of(p)]
    status, out = run("pgnstats.py", *paths, "--moves", "6,9")
    check(status == 0, "pgnstats.py failed:\n" + out)
    points = sum(rocada_points(g) for g in games)
    check("%d games, Rocada %.1f points" % (len(games), points) in out, out)
    endings = re.search(r"^endings: (.*)$", out, re.M)
    check(endings and sum(int(x.rsplit(" ", 1)[1]) for x in endings.group(1).split(", ")) == len(games), out)
    lengths = re.findall(r"^  \S+ moves +(\d+) games", out, re.M)
    check(sum(map(int, lengths)) == len(games), "every game in one length class:\n" + out)
    # Rocada's moves at move 6, with either colour (the mover is the side to move before it).
    clocks, depths, times = [], [], []
    for g in games:
        for node in played_moves(g):
            board = node.parent.board()
            mover = g.headers["White"] if board.turn == chess.WHITE else g.headers["Black"]
            if board.fullmove_number == 6 and mover == "rocada":
                said, ms = node.comment.split(" ")[:2]
                depths.append(int(said.split("/")[1]))
                times.append(int(ms))
                if " clock " in node.comment:
                    clocks.append(float(node.comment.split(" clock ")[1].split()[0]))
    check(depths and clocks, "rocada's moves at move 6")
    line = re.search(r"^rocada medians: move 6: (.*?)(;|$)", out, re.M)
    expected = "%d ms, depth %g, clock %.2f s" % (statistics.median(times), statistics.median(depths), statistics.median(clocks))
    check(line and line.group(1) == expected, "rocada at move 6: %r, expected %r" % (line and line.group(1), expected))


def expected_lines(wins, draws, losses):
    """The score and its interval, game by game, as a list of points (not match.summary)."""
    points = [1.0] * wins + [0.5] * draws + [0.0] * losses
    n = len(points)
    mean = sum(points) / n
    se = math.sqrt(sum((p - mean) ** 2 for p in points) / n / n)

    def elo(s):
        return -400 * math.log10(1 / s - 1)

    return "%.1f%%" % (100 * mean), round(elo(mean)), round(elo(mean - 1.96 * se)), round(elo(mean + 1.96 * se))


def combine_sums_logs(tmp):
    logs = []
    for i, (w, d, l) in enumerate([(3, 2, 1), (1, 1, 2), (17, 40, 9)]):
        path = os.path.join(tmp, "m%d.log" % i)
        with open(path, "w") as f:
            f.write("rocada vs x, %d games, nodes 1\ngame  1  rocada  x  1-0  checkmate\n\n" % (w + d + l))
            f.write("+%d =%d -%d  score %.1f/%d = 50.0%%\nElo difference +0 (95%%: -1 .. +1)\n" % (w, d, l, w + d / 2, w + d + l))
        logs.append(path)
    status, out = run("combine.py", *logs)
    check(status == 0, "combine.py failed:\n" + out)
    m = TALLY.search(out)
    check(m and m.groups()[:3] == ("21", "43", "12"), "sum of the logs:\n" + out)
    percent, elo, lo, hi = expected_lines(21, 43, 12)
    check(m.group(6) + "%" == percent, "score %s, expected %s" % (m.group(6), percent))
    e = ELO.search(out)
    check(e and tuple(map(int, e.groups())) == (elo, lo, hi), "Elo line %r, expected %+d (%+d .. %+d)" % (e and e.group(0), elo, lo, hi))
    running = os.path.join(tmp, "running.log")
    with open(running, "w") as f:
        f.write("rocada vs x, 100 games, nodes 1\ngame  1  rocada  x  1-0  checkmate\n")
    status, out = run("combine.py", logs[0], running)
    check(status != 0 and "running.log" in out, "a log without a result must be refused:\n" + out)


def tactics_counts_solutions(tmp):
    epd = os.path.join(tmp, "suite.epd")
    with open(epd, "w") as f:
        f.write('7k/8/6K1/8/8/8/8/1Q6 w - - dm 1; id "mate in one";\n')
        # WAC.003: solved at 20,000 nodes with the built-in net and without (WAC.001, here
        # until the net, is not solved by it even at 1 s).
        f.write('5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id "WAC.003";\n')
        f.write('rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - am Qxf7+; id "no queen sacrifice";\n')
        f.write('5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm a3; id "a wrong answer";\n')
    status, out = run("tactics.py", epd, "--nodes", "50000", "--engine", ENGINE, "--verbose")
    check(status == 0, "tactics.py failed:\n" + out)
    check("suite.epd: 3 / 4 solved (75.0%) at 50000 nodes per position" in out, out)
    check("failed a wrong answer: played Rg3" in out, out)
    # An illegal position (Black in check with White to move) is refused by name, before any
    # search: the engine would refuse it, and the suite's count would be wrong.
    with open(epd, "a") as f:
        f.write('7k/8/6K1/8/8/8/8/Q7 w - - dm 1; id "illegal";\n')
    status, out = run("tactics.py", epd, "--nodes", "50000", "--engine", ENGINE)
    check(status != 0 and "illegal: not a legal position" in out, out)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        runner.run([(f"match_scripts::{fn.__name__}", lambda fn=fn: fn(tmp)) for fn in
                    (match_at_fixed_nodes, match_on_a_clock, pgnstats_reads_the_games, combine_sums_logs, tactics_counts_solutions)])

if __name__ == "__main__":
    main()

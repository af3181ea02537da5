#!/usr/bin/env python3
"""A small engine match: rocada-uci against a UCI opponent (Debian's stockfish by default,
optionally weakened with UCI_LimitStrength / UCI_Elo), from balanced openings played twice
with colours reversed. Prints the score and an Elo difference with a 95% error bar.

Needs python-chess (pip install chess) and the opponent (apt-get install stockfish).

Examples:
  cargo build --release --bin rocada-uci
  nice -n 10 python3 scripts/match/match.py --games 20 --tc 10+0.1 --elo 2000
  python3 scripts/match/match.py --games 40 --movetime 100 --elo 1600 --pgn /tmp/m.pgn
"""

import argparse
import math
import shlex
import os
import statistics
import subprocess
import sys
import time

import chess
import chess.engine
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Balanced openings, each played once with either colour: by default the FENs of
# openings.epd (make_openings.py), else these (UCI moves from the start).
OPENINGS_FILE = os.path.join(HERE, "openings.epd")
BUILTIN_OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",  # Ruy Lopez
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",  # Italian
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3",  # Sicilian Open
    "e2e4 c7c5 b1c3 b8c6 g2g3",  # Closed Sicilian
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",  # French
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",  # Caro-Kann Advance
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",  # Pirc
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",  # Petroff
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",  # Queen's Gambit Declined
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",  # Slav
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",  # King's Indian
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",  # Nimzo-Indian
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",  # Queen's Indian
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6",  # Benoni
    "c2c4 e7e5 b1c3 g8f6 g2g3",  # English
    "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6",  # Reti / King's Indian Attack
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",  # London
    "e2e4 e7e5 f2f4 e5f4 g1f3",  # King's Gambit Accepted
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",  # Scandinavian
    "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6",  # Dutch
]


def parse_tc(tc):
    base, _, inc = tc.partition("+")
    return float(base), float(inc or 0)


def elo_from_score(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / s - 1.0)


def summary(wins, draws, losses):
    """The score line and the Elo line of a match (or of several summed: scripts/match/combine.py):
    the 95% interval from the games' own variance (each game 1, 1/2 or 0)."""
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(var / n) if n > 1 else 0.0
    lo, hi = max(score - 1.96 * se, 0.0), min(score + 1.96 * se, 1.0)
    return ("+%d =%d -%d  score %.1f/%d = %.1f%%" % (wins, draws, losses, wins + draws / 2, n, 100 * score),
            "Elo difference %+.0f (95%%: %+.0f .. %+.0f)" % (elo_from_score(score), elo_from_score(lo), elo_from_score(hi)),
            (score, lo, hi))


def evaluation(info):
    """The mover's last reported score and depth, as cutechess writes them in a PGN
    (`+0.35/12`, `#-3/20`), or None when the engine reported neither."""
    score, depth = info.get("score"), info.get("depth")
    if score is None or depth is None:
        return None
    pov = score.relative
    return ("#%d" % pov.mate() if pov.is_mate() else "%+.2f" % (pov.score() / 100)) + "/%d" % depth


def bench_nps(path, runs=3):
    """The median nodes per second of `path bench` over `runs` runs (None if it has no bench):
    Rocada's strength depends on the machine's speed at the time, Stockfish's skill levels
    hardly do (they pick their move at a fixed depth), so the log records it."""
    rates = []
    for _ in range(runs):
        try:
            out = subprocess.run([path, "bench"], capture_output=True, text=True, timeout=60).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        rates += [int(line.split(":")[1]) for line in out.splitlines() if line.startswith("Nodes/second")]
    return int(statistics.median(rates)) if rates else None


def open_engine(cmd, options):
    engine = chess.engine.SimpleEngine.popen_uci(cmd)
    for name, value in options.items():
        if name in engine.options:
            engine.configure({name: value})
    return engine


def play_game(engines, names, opening, args):
    """Plays one game; engines[0] is White. Returns the result string and the game."""
    if "/" in opening:
        board = chess.Board(opening)
        game = chess.pgn.Game()
        game.setup(board)
    else:
        board = chess.Board()
        for uci in opening.split():
            board.push_uci(uci)
        game = chess.pgn.Game()
    game.headers["White"], game.headers["Black"] = names
    game.headers["Event"] = "rocada match"
    node = game.add_line(list(board.move_stack))
    base, inc = parse_tc(args.tc) if args.tc else (0, 0)
    clock = [base, base]
    result = None
    termination = ""
    while result is None:
        # Only draws that have happened: threefold repetition on the board, 50 moves
        # (python-chess's claim_draw would also count a repetition a move could reach).
        outcome = board.outcome(claim_draw=False)
        if outcome is not None:
            result = outcome.result()
            termination = outcome.termination.name.lower()
            break
        if board.is_repetition(3) or board.halfmove_clock >= 100:
            result = "1/2-1/2"
            termination = "threefold repetition" if board.is_repetition(3) else "fifty moves"
            break
        if board.ply() >= args.max_plies:
            result = "1/2-1/2"
            termination = "max plies"
            break
        side = 0 if board.turn == chess.WHITE else 1
        if args.nodes:
            opponent_to_move = names[side] != "rocada"
            limit = chess.engine.Limit(nodes=args.opponent_nodes if opponent_to_move and args.opponent_nodes else args.nodes)
        elif args.tc:
            limit = chess.engine.Limit(white_clock=clock[0], black_clock=clock[1], white_inc=inc, black_inc=inc)
        else:
            limit = chess.engine.Limit(time=args.movetime / 1000.0)
        start = time.monotonic()
        # `game` makes python-chess send ucinewgame when a new game starts.
        play = engines[side].play(board, limit, game=game, info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
        spent = time.monotonic() - start
        if args.tc:
            clock[side] -= spent
            if clock[side] < 0:
                result = "0-1" if side == 0 else "1-0"
                termination = "time forfeit (%s)" % names[side]
                break
            clock[side] += inc
        if play.move is None:
            result = "0-1" if side == 0 else "1-0"
            termination = "no move (%s)" % names[side]
            break
        board.push(play.move)
        node = node.add_variation(play.move)
        said = evaluation(play.info)
        node.comment = "%s%.0f ms%s" % (said + " " if said else "", spent * 1000, " clock %.2f s" % clock[side] if args.tc else "")
    game.headers["Result"] = result
    game.headers["Termination"] = termination
    return result, game


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "rocada-uci"))
    ap.add_argument("--opponent", default="/usr/games/stockfish",
                    help="the opponent's command line (split as a shell would), e.g. \"node lozza.js\"")
    ap.add_argument("--elo", type=int, default=None, help="opponent UCI_Elo (UCI_LimitStrength); omit for full strength")
    ap.add_argument("--opponent-option", action="append", default=[], help="NAME=VALUE, repeatable")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--tc", default="10+0.1", help="base+increment in seconds (default 10+0.1)")
    ap.add_argument("--movetime", type=int, default=None, help="fixed ms per move instead of a clock")
    ap.add_argument("--nodes", type=int, default=None, help="fixed nodes per move instead of a clock (A/B tests)")
    ap.add_argument("--opponent-nodes", type=int, default=None,
                    help="the opponent's nodes per move with --nodes (default the same): equal time for "
                         "engines of unequal speed, e.g. nodes in the ratio of their bench nodes per second")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--opponent-overhead", type=int, default=100,
                    help="Move Overhead option (ms) of both engines, where they have it")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--first-opening", type=int, default=0)
    ap.add_argument("--openings", default=OPENINGS_FILE if os.path.exists(OPENINGS_FILE) else None,
                    help="file of opening FENs, one a line (default: openings.epd beside this script)")
    ap.add_argument("--engine-option", action="append", default=[], help="NAME=VALUE for rocada, repeatable")
    ap.add_argument("--pgn", default=None)
    args = ap.parse_args()
    if args.movetime or args.nodes:
        args.tc = None

    openings = BUILTIN_OPENINGS
    if args.openings:
        with open(args.openings) as f:
            openings = [line.strip() for line in f if line.strip()]
    rocada_opts = {"Hash": args.hash, "Move Overhead": args.opponent_overhead}
    for kv in args.engine_option:
        k, _, v = kv.partition("=")
        rocada_opts[k] = v
    rocada = open_engine([args.engine], rocada_opts)
    # A generous move overhead: on a loaded machine process latency alone can flag at 10+0.1.
    opp_opts = {"Hash": args.hash, "Threads": 1, "Move Overhead": args.opponent_overhead}
    if args.elo:
        opp_opts.update({"UCI_LimitStrength": True, "UCI_Elo": args.elo})
    for kv in args.opponent_option:
        k, _, v = kv.partition("=")
        opp_opts[k] = v
    try:
        opponent = open_engine(shlex.split(args.opponent), opp_opts)
    except Exception:
        rocada.quit()
        raise
    opp_name = os.path.basename(shlex.split(args.opponent)[-1]) + (" elo %d" % args.elo if args.elo else "")

    wins = draws = losses = 0
    pgn_out = open(args.pgn, "w") if args.pgn else None
    nodes_text = "nodes %d" % args.nodes + (" (opponent %d)" % args.opponent_nodes if args.opponent_nodes else "") if args.nodes else ""
    tc_text = ("tc " + args.tc) if args.tc else nodes_text if args.nodes else ("movetime %d ms" % args.movetime)
    print("rocada vs %s, %d games, %s" % (opp_name, args.games, tc_text), flush=True)
    speed_before = bench_nps(args.engine)
    if speed_before:
        print("rocada bench before the games: %d nodes/s (median of 3)" % speed_before, flush=True)
    try:
        for g in range(args.games):
            opening = openings[(args.first_opening + g // 2) % len(openings)]
            rocada_white = g % 2 == 0
            engines = (rocada, opponent) if rocada_white else (opponent, rocada)
            names = ("rocada", opp_name) if rocada_white else (opp_name, "rocada")
            result, game = play_game(engines, names, opening, args)
            if result == "1/2-1/2":
                draws += 1
            elif (result == "1-0") == rocada_white:
                wins += 1
            else:
                losses += 1
            print("game %2d  %-22s %-22s %-7s %s" % (g + 1, names[0], names[1], result, game.headers["Termination"]), flush=True)
            if pgn_out:
                print(game, file=pgn_out, end="\n\n", flush=True)
    finally:
        rocada.quit()
        opponent.quit()

    speed_after = bench_nps(args.engine)
    if speed_after:
        print("\nrocada bench after the games: %d nodes/s (median of 3)" % speed_after)
    score_line, elo_line, (score, lo, hi) = summary(wins, draws, losses)
    print("\n" + score_line)
    print(elo_line)
    if args.elo:
        print("Rocada estimate: %.0f (95%%: %.0f .. %.0f) on stockfish's UCI_Elo scale"
              % (args.elo + elo_from_score(score), args.elo + elo_from_score(lo), args.elo + elo_from_score(hi)))


if __name__ == "__main__":
    sys.exit(main())

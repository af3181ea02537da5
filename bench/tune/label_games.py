#!/usr/bin/env python3
"""More training data for the evaluation tuner (rocada-tune), faster than gen_data.py: the
games come from rocada itself (self-play at `--nodes` a move, after 6-10 random plies, with a
random move 6% of the time) or from PGN files (`--pgn`, each position once), and only the
labelling is left to Stockfish, at `--depth`, over raw UCI pipes. A position is written as
in gen_data.py (quiet.py's rule: not in check, Stockfish's best move neither a capture nor a
promotion, the score not a mate); one line `FEN;score`, centipawns for the side to move.

  nice -n 19 python3 bench/tune/label_games.py --out /tmp/sp.txt --minutes 30
  nice -n 19 python3 bench/tune/label_games.py --out /tmp/pgn.txt --pgn games/*.pgn
"""
import argparse
import random
import subprocess
import sys
import time

import chess
import chess.pgn

from quiet import is_training_position


class Uci:
    """A UCI engine over pipes, without python-chess's engine layer (its overhead is most of
    the time at depth 8)."""

    def __init__(self, path, opts):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci"); self.wait("uciok")
        for k, v in opts.items():
            self.send(f"setoption name {k} value {v}")
        self.send("isready"); self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")

    def wait(self, tok):
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise EOFError
            if l.startswith(tok):
                return l

    def go(self, fen, limit):
        self.send(f"position fen {fen}")
        self.send(f"go {limit}")
        score = None
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise EOFError
            if l.startswith("info") and " score " in l:
                t = l.split()
                i = t.index("score")
                if t[i + 1] == "cp":
                    score = ("cp", int(t[i + 2]))
                elif t[i + 1] == "mate":
                    score = ("mate", int(t[i + 2]))
            if l.startswith("bestmove"):
                return l.split()[1], score


def label(sf, board, depth, out):
    """Writes `board` if it is quiet by Stockfish's choice; returns Stockfish's score."""
    if board.is_check():
        return None
    bm, score = sf.go(board.fen(), f"depth {depth}")
    if score is None:
        return None
    try:
        m = chess.Move.from_uci(bm)
    except ValueError:
        return None
    if is_training_position(board, m, score[1] if score[0] == "cp" else None):
        out.write("%s;%d\n" % (board.fen(), score[1]))
    return score


def selfplay(args, sf, out):
    rng = random.Random(args.seed)
    eng = Uci(args.rocada, {"Hash": 16})
    deadline = time.time() + args.minutes * 60
    games = 0
    while time.time() < deadline:
        board = chess.Board()
        for _ in range(rng.randint(6, 10)):
            ms = list(board.legal_moves)
            if not ms:
                break
            board.push(rng.choice(ms))
        if board.is_game_over():
            continue
        _, s = sf.go(board.fen(), "depth 6")
        if s is None or s[0] != "cp" or abs(s[1]) > 250:
            continue
        games += 1
        eng.send("ucinewgame")
        lopsided = 0
        while not board.is_game_over(claim_draw=True) and board.ply() < 260:
            s = label(sf, board, args.depth, out)
            if s is not None and (s[0] == "mate" or abs(s[1]) > 1200):
                lopsided += 1
                if lopsided >= 4:
                    break
            else:
                lopsided = 0
            if rng.random() < 0.06:
                board.push(rng.choice(list(board.legal_moves)))
            else:
                bm, _ = eng.go(board.fen(), f"nodes {args.nodes}")
                board.push(chess.Move.from_uci(bm))
        out.flush()
    print("games", games, file=sys.stderr)


def frompgn(args, sf, out):
    seen = set()
    n = 0
    for path in args.pgn:
        with open(path, errors="replace") as f:
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                board = g.board()
                for mv in g.mainline_moves():
                    board.push(mv)
                    key = " ".join(board.fen().split()[:4])
                    if key in seen or board.ply() < 8:
                        continue
                    seen.add(key)
                    label(sf, board, args.depth, out)
                    n += 1
                out.flush()
    print("positions", n, file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--rocada", default="target/release/rocada-uci")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=3000)
    ap.add_argument("--minutes", type=float, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", nargs="*")
    args = ap.parse_args()
    sf = Uci(args.stockfish, {"Threads": 1, "Hash": 16})
    with open(args.out, "a") as out:
        if args.pgn:
            frompgn(args, sf, out)
        else:
            selfplay(args, sf, out)


if __name__ == "__main__":
    main()

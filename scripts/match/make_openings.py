#!/usr/bin/env python3
"""Writes balanced opening positions for match.py: from the start, 8 plies each picked at
random among Stockfish's moves within 40 cp of its best (MultiPV 4, depth 8), kept when
Stockfish's depth-12 score is within +-50 cp. One FEN per line.

  nice -n 10 python3 scripts/match/make_openings.py --count 250 > scripts/match/openings.epd
"""

import argparse
import random
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=250)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 16})
    seen = set()
    while len(seen) < args.count:
        board = chess.Board()
        for _ in range(args.plies):
            infos = sf.analyse(board, chess.engine.Limit(depth=8), multipv=4)
            best = infos[0]["score"].pov(board.turn).score(mate_score=100000)
            ok = [i["pv"][0] for i in infos if "pv" in i and best - i["score"].pov(board.turn).score(mate_score=100000) <= 40]
            board.push(rng.choice(ok))
        fen = board.fen()
        if fen in seen or board.is_game_over():
            continue
        score = sf.analyse(board, chess.engine.Limit(depth=12))["score"].pov(chess.WHITE).score(mate_score=100000)
        if abs(score) <= 50:
            seen.add(fen)
            print(fen, flush=True)
    sf.quit()


if __name__ == "__main__":
    sys.exit(main())

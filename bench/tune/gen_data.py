#!/usr/bin/env python3
"""Training data for the evaluation tuner (rocada-tune): positions from Stockfish self-play,
each scored by Stockfish's own search at a fixed depth.

Each game starts with 4-9 uniformly random plies (kept only if Stockfish's eval is within
+-300 cp), then Stockfish plays itself at `--depth`, with a random move 5% of the time so
that unbalanced positions appear too. A position is written when it is quiet by Stockfish's
choice (not in check, best move neither a capture nor a promotion) and the score is not a
mate: one line `FEN;score` with the score in centipawns for the side to move.

  nice -n 19 python3 bench/tune/gen_data.py --out /tmp/tune.txt --minutes 30
"""

import argparse
import random
import time

import chess
import chess.engine

from quiet import is_training_position


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 16})
    deadline = time.time() + args.minutes * 60
    written = games = 0
    with open(args.out, "a") as out:
        while time.time() < deadline:
            board = chess.Board()
            for _ in range(rng.randint(4, 9)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over():
                continue
            first = sf.analyse(board, chess.engine.Limit(depth=6))
            if abs(first["score"].pov(board.turn).score(mate_score=100000)) > 300:
                continue
            games += 1
            lopsided = 0
            while not board.is_game_over(claim_draw=True) and board.ply() < 300:
                info = sf.analyse(board, chess.engine.Limit(depth=args.depth), game=games)
                score = info["score"].pov(board.turn)
                pv = info.get("pv") or []
                if not pv:
                    break
                best = pv[0]
                cp = score.score()
                if is_training_position(board, best, cp):
                    out.write("%s;%d\n" % (board.fen(), cp))
                    written += 1
                if cp is None or abs(cp) > 1500:
                    lopsided += 1
                    if lopsided >= 6:
                        break
                else:
                    lopsided = 0
                if rng.random() < 0.05:
                    board.push(rng.choice(list(board.legal_moves)))
                else:
                    board.push(best)
            out.flush()
    sf.quit()
    print("games %d positions %d" % (games, written))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Builds the mate suite tests/data/mates.epd: positions where the side to move mates in 1,
2 or 3, each verified with Stockfish (shortest mate at depth 24).

Candidates are the positions of the last 10 plies of games that end in checkmate, from the
PGN files given, and from games of Stockfish against itself at a weak UCI_Elo (it blunders
into mates) when --selfplay N is given (saved with --save-pgn for reuse). A depth-12 search
screens them; those it scores as a mate in at most 4 are verified at depth 24. One EPD line
each: `FEN dm N; id "mates.K";`.

  nice -n 10 python3 scripts/match/make_mates.py --selfplay 150 games/*.pgn > tests/data/mates.epd
"""

import argparse
import random
import sys

import chess
import chess.engine
import chess.pgn


def candidates_from_game(board_moves, start):
    """Positions of the last 10 plies of a game given as a start board and its moves."""
    board = start.copy()
    boards = [board.copy()]
    for m in board_moves:
        board.push(m)
        boards.append(board.copy())
    if not board.is_checkmate():
        return []
    return boards[-11:-1]


def selfplay_games(sf, n, rng, save):
    sf.configure({"UCI_LimitStrength": True, "UCI_Elo": 1350})
    for _ in range(n):
        board = chess.Board()
        for _ in range(4):
            board.push(rng.choice(list(board.legal_moves)))
        start = board.copy()
        moves = []
        while not board.is_game_over() and board.ply() < 250:
            m = sf.play(board, chess.engine.Limit(time=0.01)).move
            board.push(m)
            moves.append(m)
        if save:
            game = chess.pgn.Game()
            game.setup(start)
            game.add_line(moves)
            game.headers["Result"] = board.result()
            print(game, file=save, end="\n\n", flush=True)
        yield start, moves
    sf.configure({"UCI_LimitStrength": False})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="*")
    ap.add_argument("--selfplay", type=int, default=0)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=24)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--save-pgn", default=None, help="write the self-play games here")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 32})
    games = []
    for path in args.pgn:
        with open(path) as f:
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                games.append((g.board(), list(g.mainline_moves())))
    save = open(args.save_pgn, "w") if args.save_pgn else None
    games.extend(selfplay_games(sf, args.selfplay, rng, save))
    seen = set()
    count = 0
    for start, moves in games:
        for board in candidates_from_game(moves, start):
            key = " ".join(board.fen().split()[:4])
            if key in seen:
                continue
            seen.add(key)
            screen = sf.analyse(board, chess.engine.Limit(depth=12))["score"].pov(board.turn).mate()
            if screen is None or not 1 <= screen <= 4:
                continue
            info = sf.analyse(board, chess.engine.Limit(depth=args.depth))
            mate = info["score"].pov(board.turn).mate()
            if mate is not None and 1 <= mate <= 3:
                count += 1
                print('%s dm %d; id "mates.%d";' % (key, mate, count), flush=True)
    sf.quit()
    print("%d positions" % count, file=sys.stderr)


if __name__ == "__main__":
    main()

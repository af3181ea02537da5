#!/usr/bin/env python3
"""Stockfish's scores for the positions of rocada-datagen's records: reads a `.bin` of 32-byte
records (bench/src/record.rs), scores each position with Stockfish at `--depth` (or
`--nodes`), and writes the records again with Stockfish's score (White's view) in place of
rocada's and the game result kept. A record is left out as gen_data.py and label_games.py
leave a position out (quiet.py's rule: Stockfish's best move a capture or a promotion, or a
mate or a score past 3,000). Records keep their order, so rocada-train still finds the games
(its validation split) in the output.

  nice -n 19 python3 bench/tune/relabel.py /work/data/g1k.bin --out /work/data/g1k-sf.bin \
      --start 0 --count 1000000 --depth 8 --workers 2

The output is written in blocks of `--block` records, each block whole or not at all, and
`--resume` goes on after the last whole block (`OUT.state` names the input and the limit: a
resume of another run is refused). Stockfish is a test and benchmark tool here (GPL): only
its scores reach the data, as with the tuner's data, and no code of it is linked.
"""
import argparse
import multiprocessing
import os
import sys
import time

import chess

from label_games import Uci
from quiet import is_training_position

RECORD = 32
ROLES = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING]


def decode(r):
    """A record as a python-chess board (Chess960 castling), its White-view score and result."""
    occupied = int.from_bytes(r[0:8], "little")
    board = chess.Board(None, chess960=True)
    rights = 0
    i = 0
    for sq in chess.SQUARES:
        if not occupied >> sq & 1:
            continue
        code = (r[8 + i // 2] >> (4 * (i % 2))) & 15
        i += 1
        color = chess.BLACK if code >> 3 else chess.WHITE
        role = code & 7
        if role == 6:
            rights |= 1 << sq
            role = 3
        board.set_piece_at(sq, chess.Piece(ROLES[role], color))
    board.turn = chess.BLACK if r[24] >> 7 else chess.WHITE
    board.castling_rights = rights
    ep = r[24] & 15
    if ep:
        board.ep_square = chess.square(ep - 1, 5 if board.turn == chess.WHITE else 2)
    board.halfmove_clock = r[25]
    board.fullmove_number = max(1, int.from_bytes(r[26:28], "little"))
    score = int.from_bytes(r[28:30], "little", signed=True)
    return board, score, r[30]


def relabel(r, sf, limit):
    """`r` with Stockfish's score, or None when the position is left out."""
    board, _, _ = decode(r)
    if board.is_check() or not board.is_valid():
        return None
    bm, score = sf.go(board.fen(shredder=True), limit)
    if score is None or score[0] != "cp":
        return None
    try:
        move = board.parse_uci(bm)
    except ValueError:
        return None
    if not is_training_position(board, move, score[1]):
        return None
    white = score[1] if board.turn == chess.WHITE else -score[1]
    return r[:28] + white.to_bytes(2, "little", signed=True) + r[30:]


def work(job):
    path, start, count, limit, sf_path = job
    sf = Uci(sf_path, {"Threads": 1, "Hash": 16, "UCI_Chess960": "true"})
    out = []
    with open(path, "rb") as f:
        f.seek(start * RECORD)
        data = f.read(count * RECORD)
    for k in range(len(data) // RECORD):
        r = relabel(data[k * RECORD:(k + 1) * RECORD], sf, limit)
        if r is not None:
            out.append(r)
    sf.send("quit")
    return b"".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input")
    ap.add_argument("--out", required=True)
    ap.add_argument("--start", type=int, default=0, help="first record")
    ap.add_argument("--count", type=int, default=None, help="records (default: to the end)")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=None, help="a node limit instead of --depth")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--block", type=int, default=2000)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    a = ap.parse_args()
    total = os.path.getsize(a.input) // RECORD
    end = total if a.count is None else min(total, a.start + a.count)
    limit = f"nodes {a.nodes}" if a.nodes else f"depth {a.depth}"
    # OUT.state: the next record, the bytes written, and the run (input and limit), so that a
    # resume of another run is refused, as rocada-datagen refuses one.
    state = a.out + ".state"
    run = f"{os.path.abspath(a.input)} {limit.replace(' ', '=')}"
    done = a.start
    if a.resume:
        if not os.path.exists(state):
            if os.path.exists(a.out) and os.path.getsize(a.out) > 0:
                sys.exit(f"{a.out} has data and no {state}: nothing to resume from")
        else:
            fields = open(state).read().split(maxsplit=2)
            named = fields[2].strip() if len(fields) == 3 else "unnamed"
            if named != run:
                sys.exit(f"{state} is another run ({named}), not {run}")
            done = int(fields[0])
            os.truncate(a.out, int(fields[1]))
    elif os.path.exists(a.out) and os.path.getsize(a.out) > 0:
        sys.exit(f"{a.out} exists: --resume, or another --out")
    jobs = [(a.input, s, min(a.block, end - s), limit, a.stockfish) for s in range(done, end, a.block)]
    t0, seen, kept = time.time(), 0, 0
    with open(a.out, "ab") as out, multiprocessing.Pool(a.workers) as pool:
        for job, block in zip(jobs, pool.imap(work, jobs)):
            out.write(block)
            out.flush()
            seen += job[2]
            kept += len(block) // RECORD
            with open(state, "w") as s:
                s.write(f"{job[1] + job[2]} {out.tell()} {run}\n")
            rate = seen / (time.time() - t0)
            print(f"records {job[1] + job[2]:,} of {end:,}: {kept:,} kept of {seen:,}, {rate:.0f} records/s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()

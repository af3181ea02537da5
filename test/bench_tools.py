#!/usr/bin/env python3
"""The Python tools of the learned evaluation's data (bench/tune/relabel.py), run as their
doc comments run them:

  - relabel.py's reader of rocada-datagen's records: each record of bench/tune/records.txt
    (bytes that rocada-datagen wrote, and that datagen's own test packs again from the FEN)
    reads back as that FEN, White's score and result;
  - relabel.py itself, with Stockfish (when /usr/games/stockfish or $STOCKFISH is there, else
    counted as ignored): the records come out in their order with their position and result
    unchanged and Stockfish's score, White's view, as python-chess's engine client reads it
    from a fresh Stockfish at the same depth; a record whose best move is a capture is left
    out; a run stopped after a block and resumed writes the same bytes as one run; a resume
    of another run (another depth) and a new run over data are refused.

Needs python-chess (scripts/bootstrap.sh installs it). Usage: python3 test/bench_tools.py.
The last line is cargo's "test result: ..." form, which scripts/test.sh counts.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TUNE = os.path.join(ROOT, "bench", "tune")
sys.path.insert(0, os.path.join(ROOT, "test", "support"))
sys.path.insert(0, TUNE)
import runner  # noqa: E402
import relabel  # noqa: E402

STOCKFISH = os.environ.get("STOCKFISH") or shutil.which("stockfish") or (
    "/usr/games/stockfish" if os.path.exists("/usr/games/stockfish") else None)


def fixtures():
    lines = open(os.path.join(TUNE, "records.txt")).read().splitlines()
    rows = [l.split(";") for l in lines if l and not l.startswith("#")]
    return [(bytes.fromhex(h), fen, int(score), int(result)) for h, fen, score, result in rows]


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def reader_reads_datagen_records():
    rows = fixtures()
    check(len(rows) == 5, f"{len(rows)} fixtures")
    for record, fen, score, result in rows:
        board, s, r = relabel.decode(record)
        check(board.fen(shredder=True) == fen, f"{board.fen(shredder=True)} != {fen}")
        check(board.is_valid(), f"{fen} is not valid")
        check((s, r) == (score, result), f"{fen}: {(s, r)} != {(score, result)}")


def stockfish_score(fen, depth):
    """Stockfish's score of `fen` for White at `depth` from a fresh engine, through
    python-chess's client, and its best move."""
    board = chess.Board(fen, chess960=True)
    with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as sf:
        sf.configure({"Threads": 1, "Hash": 16})
        info = sf.analyse(board, chess.engine.Limit(depth=depth))
    return info["score"].white().score(), info["pv"][0], board


def run_relabel(src, out, *args):
    cmd = [sys.executable, os.path.join(TUNE, "relabel.py"), src, "--out", out, "--depth", "5",
           "--workers", "1", "--block", "1", "--stockfish", STOCKFISH, *args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, p.stderr)
    return p.stderr


def relabel_writes_stockfish_scores(tmp):
    rows = fixtures()
    src = os.path.join(tmp, "in.bin")
    with open(src, "wb") as f:
        f.write(b"".join(r for r, _, _, _ in rows))
    whole = os.path.join(tmp, "whole.bin")
    log = run_relabel(src, whole)
    check("records 5 of 5" in log, log)
    out = open(whole, "rb").read()
    kept = [out[i:i + 32] for i in range(0, len(out), 32)]
    expected = []
    for record, fen, _, _ in rows:
        score, best, board = stockfish_score(fen, 5)
        if score is None or board.is_capture(best) or best.promotion:
            continue
        expected.append(record[:28] + score.to_bytes(2, "little", signed=True) + record[30:])
    check(len(expected) >= 2, f"only {len(expected)} quiet fixtures")
    check(kept == expected, f"kept {[k.hex() for k in kept]}, expected {[e.hex() for e in expected]}")
    # Stopped after two records, then resumed: the same bytes.
    part = os.path.join(tmp, "part.bin")
    run_relabel(src, part, "--count", "2")
    log = run_relabel(src, part, "--resume")
    check(open(part, "rb").read() == out, "a resumed run wrote other bytes")
    # A resume at another depth: refused, the data left alone.
    p = subprocess.run([sys.executable, os.path.join(TUNE, "relabel.py"), src, "--out", part, "--resume",
                        "--depth", "4", "--stockfish", STOCKFISH], capture_output=True, text=True)
    check(p.returncode != 0 and "another run" in p.stderr, p.stderr)
    check(open(part, "rb").read() == out, "a refused resume changed the data")
    # Over data that is there, without --resume: refused.
    p = subprocess.run([sys.executable, os.path.join(TUNE, "relabel.py"), src, "--out", part],
                       capture_output=True, text=True)
    check(p.returncode != 0 and "exists" in p.stderr, p.stderr)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        checks = [("bench_tools::reader_reads_datagen_records", reader_reads_datagen_records)]
        run_name = "bench_tools::relabel_writes_stockfish_scores"
        if STOCKFISH:
            runner.run(checks + [(run_name, lambda: relabel_writes_stockfish_scores(tmp))])
        else:
            print("no Stockfish here (/usr/games/stockfish or $STOCKFISH): relabel.py's run is not checked")
            runner.run(checks, ignored=[run_name])


if __name__ == "__main__":
    main()

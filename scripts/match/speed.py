#!/usr/bin/env python3
"""Compares the search speed of UCI engine binaries at a fixed node count.

A change that must not alter the search (the bench signature stays the same) is judged by
time alone: each binary searches the same positions to the same number of nodes, the
binaries take turns for several rounds (this machine is shared and noisy), and the medians
are compared. The time is the engine process's CPU time (user and system), which other jobs
on the machine disturb less than the wall clock. Prints each binary's median seconds and its
speed relative to the first.

  python3 scripts/match/speed.py OLD_BINARY NEW_BINARY [--nodes 2000000] [--rounds 7]
"""

import argparse
import os
import statistics
import subprocess

POSITIONS = [
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NPP2/1BN1B3/PPP1Q1PP/R4RK1 w - - 0 12",
    "8/5pk1/2p3p1/1p1r3p/1P1R3P/2P3P1/5PK1/8 w - - 0 40",
]


def search_seconds(binary, nodes):
    """CPU seconds `binary` takes to search every position to `nodes` nodes, from a new game
    each (start-up included: milliseconds)."""
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        while not engine.stdout.readline().startswith(prefix):
            pass

    for fen in POSITIONS:
        send("ucinewgame")
        send(f"position fen {fen}")
        send("isready")
        wait_for("readyok")
        send(f"go nodes {nodes}")
        wait_for("bestmove")
    send("quit")
    _, _, usage = os.wait4(engine.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--nodes", type=int, default=2_000_000)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    times = {b: [] for b in args.binaries}
    for _ in range(args.rounds):
        for b in args.binaries:
            times[b].append(search_seconds(b, args.nodes))
    base = statistics.median(times[args.binaries[0]])
    for b in args.binaries:
        median = statistics.median(times[b])
        rounds = " ".join(f"{t:.2f}" for t in times[b])
        print(f"{b}: median {median:.3f} s ({rounds}), {base / median:.2f}x the first")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""rocada-uci driven by a real UCI client, python-chess's chess.engine, and by raw lines, for
both front ends of the one protocol (src/engine/src/search/uci.rs): the native binary and the
npm bin script over the built pkg/.

Each check runs against each engine:
  - a refused move list keeps its legal prefix (with an info string naming the bad move);
  - moves past automatic endings (dead position, fivefold, 75 moves) are followed;
  - illegal searchmoves entries are ignored;
  - go ponder / ponderhit / stop, and the Ponder option;
  - the last info line before bestmove gives the result (go nodes 20000: nodes 20000);
  - mated and stalemated roots: info depth 0 score mate 0 / cp 0, then bestmove 0000;
  - EvalFile, in both front ends: a learned evaluation's file (a random net written here in
    rocada-train's format) changes the search, a missing, bad, endless (/dev/zero) or directory
    file leaves the evaluation as it was, <empty> brings the hand-written one alone,
    <built-in> (the default) the built-in net back, both front ends alike; with the
    same net, the native build and the npm build (WebAssembly) search the same nodes to the
    same move, and their benches count the same nodes (exact integer arithmetic);
  - a property test: random position commands (legal lists, lists with an illegal move, lists
    past automatic endings) with go depth 1..3 / go nodes N; the bestmove must be legal in
    the position the GUI holds (python-chess's board with the legal prefix played).

Needs python-chess (scripts/bootstrap.sh installs it), `cargo build --release --bin
rocada-uci` and `npm run build`. Usage:
  python3 test/uci_python.py [--engine NAME=COMMAND ...] [--seed N] [--cases N]
The last line is cargo's "test result: ..." form, which scripts/test.sh counts.
"""

import argparse
import os
import queue
import random
import shlex
import struct
import subprocess
import tempfile
import sys
import threading
import time

import chess
import chess.engine

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import runner  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINES = {
    "native": [os.path.join(ROOT, "target", "release", "rocada-uci")],
    "npm": ["node", os.path.join(ROOT, "pkg", "bin", "rocada-uci.mjs")],
}
LOCKED = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1"
MATED = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
SEVENTY_FIVE = "8/8/4k3/8/8/4K3/4R3/8 w - - 149 100"


class Raw:
    """An engine process spoken to line by line."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, cwd=ROOT)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.until(lambda l: l == "uciok")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done, timeout=30.0):
        """The lines read until one for which `done` holds (included)."""
        out = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out; read {out[-5:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"engine exited; read {out[-5:]}")
            out.append(line)
            if done(line):
                return out

    def quiet(self, seconds):
        """The lines read within `seconds`."""
        out = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            out.append(line)
        return out

    def go(self, line, timeout=60.0):
        self.send(line)
        return self.until(lambda l: l.startswith("bestmove"), timeout)

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def bestmove(lines):
    return lines[-1].split()[1]


def check(cond, message):
    if not cond:
        raise AssertionError(message)


# ---- the checks: each takes the engine's command ----


def refused_position_keeps_legal_prefix(cmd):
    e = Raw(cmd)
    try:
        e.send("position startpos moves d2d4")
        e.send("position startpos moves e2e4 e7e5 g1g3")
        lines = e.go("go depth 3")
        check(any(l.startswith("info string") and "g1g3" in l for l in lines), f"no info string naming g1g3: {lines[:3]}")
        board = chess.Board()
        board.push_uci("e2e4")
        board.push_uci("e7e5")
        move = chess.Move.from_uci(bestmove(lines))
        check(move in board.legal_moves, f"bestmove {move} is not legal after 1. e4 e5")
    finally:
        e.close()


def moves_past_automatic_endings(cmd):
    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        boards = []
        b = chess.Board(LOCKED)
        b.push_uci("e2d3")
        boards.append(b)
        b = chess.Board()
        for _ in range(5):
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"]:
                b.push_uci(m)
        check(b.is_fivefold_repetition(), "the fivefold setup")
        b.push_uci("e2e4")
        boards.append(b)
        b = chess.Board(SEVENTY_FIVE)
        for m in ["e2e1", "e6d6", "e1e2"]:
            b.push_uci(m)
        check(b.is_seventyfive_moves(), "the 75-move setup")
        boards.append(b)
        for board in boards:
            result = engine.play(board, chess.engine.Limit(depth=3))
            check(result.move in board.legal_moves, f"{result.move} not legal in {board.fen()}")


def illegal_searchmoves_ignored(cmd):
    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        board = chess.Board()
        allowed = [chess.Move.from_uci("e2e4"), chess.Move.from_uci("a2a3")]
        roots = [allowed[0], chess.Move.from_uci("e7e5"), allowed[1]]
        result = engine.play(board, chess.engine.Limit(depth=3), root_moves=roots)
        check(result.move in allowed, f"bestmove {result.move} with searchmoves e2e4 e7e5 a2a3")


def ponder(cmd):
    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        check("Ponder" in engine.options, "no Ponder option")
        board = chess.Board()
        limit = chess.engine.Limit(white_clock=3, black_clock=3)
        first = engine.play(board, limit, ponder=True)
        check(first.move in board.legal_moves and first.ponder is not None, f"{first}")
        board.push(first.move)
        board.push(first.ponder)
        time.sleep(1.0)
        # python-chess sends ponderhit when the position is the pondered one.
        t0 = time.monotonic()
        second = engine.play(board, limit, ponder=False)
        spent = time.monotonic() - t0
        check(second.move in board.legal_moves, f"{second.move}")
        check(spent < 1.5, f"after ponderhit the clock's budget applies ({spent:.2f} s)")
    e = Raw(cmd)
    try:
        e.send("position startpos moves e2e4")
        e.send("go ponder wtime 2000 btime 2000")
        early = e.quiet(1.0)
        check(not any(l.startswith("bestmove") for l in early), "bestmove while pondering")
        t0 = time.monotonic()
        lines = e.go("ponderhit", timeout=5)
        check(time.monotonic() - t0 < 1.0, "ponderhit: the budget of a 2 s clock")
        check(lines[-2].startswith("info depth"), f"final info before bestmove: {lines[-2]}")
        e.send("go ponder wtime 2000 btime 2000")
        check(not any(l.startswith("bestmove") for l in e.quiet(0.5)), "bestmove while pondering")
        lines = e.go("stop", timeout=5)
        check(chess.Move.from_uci(bestmove(lines)) in chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").legal_moves, "stop")
        # go ponder depth 2 ends by itself: held until ponderhit.
        e.send("go ponder depth 2")
        check(not any(l.startswith("bestmove") for l in e.quiet(0.5)), "bestmove while pondering")
        e.go("ponderhit", timeout=5)
    finally:
        e.close()


def final_info_line(cmd):
    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        result = engine.play(chess.Board(), chess.engine.Limit(nodes=20000), info=chess.engine.INFO_ALL)
        info = result.info
        check(info.get("nodes") == 20000, f"last info nodes {info.get('nodes')}")
        for key in ["depth", "score", "nps", "time", "pv"]:
            check(key in info, f"no {key} in the last info")
        check(info["pv"][0] == result.move, "the last info's pv starts with the bestmove")


def mated_and_stalemated_roots(cmd):
    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        info = engine.analyse(chess.Board(MATED), chess.engine.Limit(depth=3))
        check(info.get("depth") == 0 and info.get("score").relative == chess.engine.Mate(0), f"mated: {info}")
        info = engine.analyse(chess.Board(STALEMATE), chess.engine.Limit(depth=3))
        check(info.get("depth") == 0 and info.get("score").relative == chess.engine.Cp(0), f"stalemate: {info}")
        result = engine.play(chess.Board(MATED), chess.engine.Limit(depth=3))
        check(not result.move, f"mated: {result.move}")


def random_net_file(path, hidden=16, seed=7):
    """A net in rocada-train's int16 format (src/engine/src/eval/nnue.rs), random within the
    trainer's bounds: feature weights and biases within +-505, output weights within +-127."""
    rng = random.Random(seed)
    header = b"RCNN" + struct.pack("<HBBHHHH", 1, 1, 1, hidden, 400, 255, 64)
    values = [rng.randint(-505, 505) for _ in range(768 * hidden + hidden)]
    values += [rng.randint(-127, 127) for _ in range(2 * hidden)] + [rng.randint(-3000, 3000)]
    with open(path, "wb") as f:
        f.write(header + struct.pack("<%dh" % len(values), *values))


# What the first front end searched with the test net, which every other must repeat.
NET_RESULTS = {}


def eval_file(cmd):
    def nodes_at_depth(e, depth=7):
        e.send("ucinewgame")
        e.send("position startpos moves e2e4 c7c5 g1f3")
        lines = e.go(f"go depth {depth}")
        last = [l for l in lines if l.startswith("info depth")][-1].split()
        return int(last[last.index("nodes") + 1]), bestmove(lines)

    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        check("EvalFile" in engine.options, f"EvalFile offered: {list(engine.options)}")
        check(engine.options["EvalFile"].default == "<built-in>", f"EvalFile's default: {engine.options['EvalFile']}")
    e = Raw(cmd)
    try:
        # The default: the built-in net.
        plain = nodes_at_depth(e)
        with tempfile.TemporaryDirectory() as tmp:
            e.send("setoption name EvalFile value /nonexistent.nnue")
            said = e.until(lambda l: "EvalFile" in l)
            check("the evaluation is unchanged" in said[-1], f"missing file: {said[-1]}")
            check(nodes_at_depth(e) == plain, "a missing file changed the evaluation")
            net = os.path.join(tmp, "random.nnue")
            random_net_file(net)
            e.send(f"setoption name EvalFile value {net}")
            said = e.until(lambda l: "EvalFile" in l)
            check("a net of 768x2 -> 16 -> 1, screlu, scale 400" in said[-1], f"loaded: {said[-1]}")
            learned = nodes_at_depth(e)
            check(learned[0] != plain[0], f"the net changed nothing: {learned} {plain}")
            check(nodes_at_depth(e) == learned, "the search with a net repeats itself")
            e.send("bench 5")
            said = e.until(lambda l: l.startswith("Nodes searched"), timeout=120)
            bench = int(said[-1].split(":")[1])
            # Every front end with this net: the same search, to the node.
            seen = NET_RESULTS.setdefault("net", (learned, bench, cmd))
            check(seen[:2] == (learned, bench), f"{cmd}: {learned}, bench {bench}; {seen[2]}: {seen[0]}, bench {seen[1]}")
            bad = os.path.join(tmp, "bad.nnue")
            with open(bad, "wb") as f:
                f.write(b"RCNN" + bytes(40))
            e.send(f"setoption name EvalFile value {bad}")
            said = e.until(lambda l: "EvalFile" in l)
            check("the evaluation is unchanged" in said[-1], f"bad file: {said[-1]}")
            check(nodes_at_depth(e) == learned, "a bad file changed the evaluation")
            # A device that never ends, and a directory: refused at once, the engine answers.
            for path in ["/dev/zero", tmp]:
                e.send(f"setoption name EvalFile value {path}")
                said = e.until(lambda l: "EvalFile" in l, timeout=10)
                check("the evaluation is unchanged" in said[-1], f"{path}: {said[-1]}")
            check(nodes_at_depth(e) == learned, "a refused file changed the evaluation")
            e.send("setoption name EvalFile value <empty>")
            said = e.until(lambda l: "EvalFile" in l)
            check(said[-1] == "info string EvalFile: the hand-written evaluation alone", f"empty: {said[-1]}")
            hand_written = nodes_at_depth(e)
            check(hand_written[0] not in (plain[0], learned[0]), f"<empty> changed nothing: {hand_written}")
            e.send("bench 5")
            said = e.until(lambda l: l.startswith("Nodes searched"), timeout=120)
            hand_written_bench = int(said[-1].split(":")[1])
            e.send("setoption name EvalFile value <built-in>")
            said = e.until(lambda l: "EvalFile" in l)
            check(said[-1].startswith("info string EvalFile <built-in>: a net of 768x2 -> 64 -> 1"), f"built-in: {said[-1]}")
            check(nodes_at_depth(e) == plain, "<built-in> did not bring the default back")
            e.send("bench 5")
            said = e.until(lambda l: l.startswith("Nodes searched"), timeout=120)
            built_in_bench = int(said[-1].split(":")[1])
            seen = NET_RESULTS.setdefault("default", (plain, hand_written, hand_written_bench, built_in_bench, cmd))
            check(seen[:4] == (plain, hand_written, hand_written_bench, built_in_bench), f"{cmd} and {seen[4]} differ: {seen[:4]}")
    finally:
        e.close()


def random_sequences(cmd, seed, cases):
    rng = random.Random(seed)
    e = Raw(cmd)
    try:
        for case in range(cases):
            start_fen = rng.choice([None, None, LOCKED, SEVENTY_FIVE, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"])
            board = chess.Board(start_fen) if start_fen else chess.Board()
            gui = board.copy()
            moves = []
            kind = rng.choice(["legal", "illegal", "endings"])
            plies = rng.randint(0, 40)
            for i in range(plies):
                legal = list(board.legal_moves)
                if not legal:
                    break
                m = rng.choice(legal)
                if kind == "endings" and start_fen is None and i < 20:
                    # Knights out and back: repetitions, then fivefold.
                    m = chess.Move.from_uci(["g1f3", "g8f6", "f3g1", "f6g8"][i % 4])
                board.push(m)
                moves.append(m.uci())
            good = len(moves)
            if kind == "illegal":
                bad = rng.choice(["e2e5", "a1a8", "h9h1", "e1g1", "0000", "b1b3", "e7e8q"])
                moves.insert(rng.randint(0, len(moves)), bad)
            # The GUI's position: the legal prefix.
            for text in moves:
                try:
                    m = chess.Move.from_uci(text)
                except ValueError:
                    break
                if not m or m not in gui.legal_moves:
                    break
                gui.push(m)
            base = f"position fen {start_fen}" if start_fen else "position startpos"
            e.send(base + (" moves " + " ".join(moves) if moves else ""))
            go = rng.choice([f"go depth {rng.randint(1, 3)}", f"go nodes {rng.randint(1, 3000)}"])
            lines = e.go(go)
            best = bestmove(lines)
            where = f"case {case}: {base} moves {' '.join(moves)} / {go} ({good} legal plies)"
            if not any(gui.legal_moves):
                check(best == "0000", f"{where}: bestmove {best} with no legal move")
            else:
                check(chess.Move.from_uci(best) in gui.legal_moves, f"{where}: bestmove {best} not legal in {gui.fen()}")
    finally:
        e.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", action="append", help="NAME=COMMAND (default: native and npm)")
    ap.add_argument("--seed", type=int, default=20261203)
    ap.add_argument("--cases", type=int, default=60)
    args = ap.parse_args()
    engines = dict(ENGINES)
    if args.engine:
        engines = {}
        for spec in args.engine:
            name, _, command = spec.partition("=")
            engines[name] = shlex.split(command)
    checks = [
        refused_position_keeps_legal_prefix,
        moves_past_automatic_endings,
        illegal_searchmoves_ignored,
        ponder,
        final_info_line,
        mated_and_stalemated_roots,
        eval_file,
        lambda cmd: random_sequences(cmd, args.seed, args.cases),
    ]
    names = [c.__name__ if c.__name__ != "<lambda>" else "random_sequences" for c in checks]
    runner.run([(f"{engine}::{name}", lambda fn=fn, cmd=cmd: fn(cmd)) for engine, cmd in engines.items() for name, fn in zip(names, checks)])

if __name__ == "__main__":
    main()

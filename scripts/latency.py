#!/usr/bin/env python3
"""Protocol latencies of a chuhe binary, measured through pipes as a GUI
sees them: stop during `go infinite`, isready during a search, quit during a
search, and the wall time of clocked moves against their budget. Prints the
figures; exits non-zero if a strict limit is exceeded (stop 50 ms median,
isready 100 ms, quit 100 ms, a 200 ms last-move clock kept). These are the
numbers the test suite does not assert (tests must pass on a loaded machine).

usage: latency.py ENGINE [ROUNDS]
"""
import os
import queue
import statistics
import subprocess
import sys
import threading
import time


def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("ucci")
        self.until("ucciok")
        self.send("setoption usemillisec true")
        self.send("setoption usebook false")

    def _read(self):
        for line in self.p.stdout:
            self.q.put((time.monotonic(), line.strip()))
        self.q.put((time.monotonic(), None))

    def send(self, line):
        # the time before writing: the reply cannot come earlier
        t = time.monotonic()
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return t

    def until(self, prefix, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            at, line = self.q.get(timeout=max(0.0, deadline - time.monotonic()))
            if line is None:
                raise RuntimeError("engine closed its output")
            if line.startswith(prefix):
                return at, line

    def drain(self):
        while not self.q.empty():
            self.q.get_nowait()


def ms(x):
    return 1000.0 * x


def summary(name, values, limit, key):
    med = statistics.median(values)
    print(f"{name}: median {med:.2f} ms, min {min(values):.2f}, max {max(values):.2f} "
          f"over {len(values)} (limit {limit} ms on the {key})")
    return (med if key == "median" else max(values)) <= limit


def main():
    # the reader thread timestamps lines: let it get the interpreter soon
    sys.setswitchinterval(0.0002)
    engine = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    load = os.getloadavg()
    print(f"engine {engine}; {os.cpu_count()} cores, load average {load[0]:.2f}")
    ok = True
    e = Engine(engine)
    stops, readies = [], []
    for _ in range(rounds):
        e.send("position startpos moves h2e2 h9g7")
        e.send("go infinite")
        time.sleep(0.3)
        sent = e.send("isready")
        at, _ = e.until("readyok")
        readies.append(ms(at - sent))
        sent = e.send("stop")
        at, _ = e.until("bestmove")
        stops.append(ms(at - sent))
        e.drain()
    ok &= summary("stop during go infinite -> bestmove", stops, 50, "median")
    ok &= summary("isready during a search -> readyok", readies, 100, "median")
    moves = []
    for fen_moves in ["startpos", "startpos moves h2e2 h9g7", "startpos moves b2e2 b9c7 h0g2"]:
        e.send(f"position {fen_moves}")
        sent = e.send("go time 200 movestogo 1")
        at, _ = e.until("bestmove")
        moves.append(ms(at - sent))
    ok &= summary("clocked move, time 200 ms, movestogo 1", moves, 200, "max")
    quits = []
    for _ in range(max(3, rounds // 3)):
        q = Engine(engine)
        q.send("go infinite")
        time.sleep(0.3)
        sent = q.send("quit")
        q.p.wait(timeout=30)
        quits.append(ms(time.monotonic() - sent))
    ok &= summary("quit during go infinite -> exit", quits, 100, "max")
    e.send("quit")
    e.p.wait(timeout=30)
    print("all within limits" if ok else "LIMIT EXCEEDED")
    return 0 if ok else 1


if __name__ == "__main__":
    usage_or_exit()
    sys.exit(main())

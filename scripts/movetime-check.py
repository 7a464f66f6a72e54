#!/usr/bin/env python3
"""How long chuhe takes to answer `go movetime T` over UCCI (issue 29: an
answer in [0.9 T, T + 100 ms] on an idle machine). Wall-clock figures: run
it on a quiet machine; it is a measurement, not a test.

Usage: scripts/movetime-check.py CHUHE [T_MS ...]
       (e.g. target/release/chuhe; times default 500 1500 3000: about 10 s)"""
import subprocess, sys, time


def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


usage_or_exit()
chuhe = sys.argv[1]
times = [int(t) for t in sys.argv[2:]] or [500, 1500, 3000]
# a quiet opening position and a middlegame (no forced mates, many moves)
fens = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 2 2",
]
p = subprocess.Popen([chuhe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

def send(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()

def wait_for(prefix):
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("engine exited")
        if line.startswith(prefix):
            return line

send("ucci")
wait_for("ucciok")
send("setoption usebook false")
print(f"{'T ms':>6} {'answer ms':>10} {'ratio':>6}  position")
worst = 0.0
for t in times:
    for fen in fens:
        send(f"position fen {fen}")
        send("isready")
        wait_for("readyok")
        start = time.monotonic()
        send(f"go movetime {t}")
        wait_for("bestmove")
        ms = (time.monotonic() - start) * 1000
        ok = 0.9 * t <= ms <= t + 100
        worst = max(worst, 0 if ok else 1)
        print(f"{t:>6} {ms:>10.0f} {ms / t:>6.2f}  {fen.split()[0][:24]}… {'ok' if ok else 'OUT OF RANGE'}")
send("quit")
sys.exit(1 if worst else 0)

#!/usr/bin/env python3
"""Checks `go depth 2N+2` on the mate-puzzle set with any engine settings,
one fresh `chuhe search` process per puzzle (tests/mates.rs checks the
set in process with both evaluators; this measures other settings or
another build).

    scripts/mates-check.py run [--puzzles FILE] [--chuhe PATH] [chuhe search options...]
    scripts/mates-check.py run --algo iprobcut --set eval=classic

Run from the repository root after `cargo build --release` (default
binary ./target/release/chuhe, default puzzles tests/data/mates.tsv, 93
searches, one to two minutes). A puzzle is kept when the last iteration
reports `score mate 2N-1` (mate scores count plies) and the best move is
one of the puzzle's mating first moves; a lost one is printed with that
iteration and the depth at which the mate would be found (up to 2N+6).
Writes nothing.
"""
import re
import subprocess
import sys


def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


usage_or_exit()
if sys.argv[1] != "run":
    print(__doc__, file=sys.stderr)
    sys.exit(2)

args = sys.argv[2:]
puzzles, chuhe = 'tests/data/mates.tsv', './target/release/chuhe'
while args and args[0] in ('--puzzles', '--chuhe'):
    if args[0] == '--puzzles':
        puzzles = args[1]
    else:
        chuhe = args[1]
    args = args[2:]


def search(fen, depth):
    """The last info line and the best move of `chuhe search` to `depth`."""
    out = subprocess.run([chuhe, 'search', '--fen', fen, '--depth', str(depth)] + args,
                         capture_output=True, text=True).stdout
    last = [l for l in out.splitlines() if l.startswith('info depth')][-1]
    return last, out.split('bestmove ')[1].split()[0]


def mate_of(last):
    m = re.search(r'score mate (-?\d+)', last)
    return int(m.group(1)) if m else None


bad = n = 0
for line in open(puzzles):
    if line.startswith('#') or not line.strip():
        continue
    N, fen, moves = line.rstrip('\n').split('\t')[:3]
    N = int(N)
    n += 1
    last, bm = search(fen, 2 * N + 2)
    if mate_of(last) == 2 * N - 1 and bm in moves.split():
        continue
    bad += 1
    later = next((d for d in range(2 * N + 3, 2 * N + 7)
                  if mate_of(search(fen, d)[0]) == 2 * N - 1), None)
    print('LOST', N, fen, last[:80], bm, f'(found at depth {later})' if later else '(not by 2N+6)')
print(f'{n - bad} of {n} kept')

#!/usr/bin/env python3
"""Checks `go depth 2N+2` on the mate-puzzle set with any engine settings,
one fresh `chuhe search` process per puzzle (tests/mates.rs checks the
five-part evaluator in one process; this measures other settings, e.g.
the net, which is the default).

    scripts/mates-check.py run [chuhe search options...]   # e.g. run --algo iprobcut

Run from the repository root after `cargo build --release`; 62 searches,
about a minute. A puzzle is
kept when the last iteration reports `score mate 2N-1` (mate scores count
plies) and the best move is one of the puzzle's mating first moves.
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

bad=0;n=0
for line in open('tests/data/mates.tsv'):
    if line.startswith('#') or not line.strip(): continue
    N,fen,moves=line.rstrip('\n').split('\t')[:3]
    N=int(N); n+=1
    out=subprocess.run(['./target/release/chuhe','search','--fen',fen,'--depth',str(2*N+2)]+sys.argv[2:],capture_output=True,text=True).stdout
    last=[l for l in out.splitlines() if l.startswith('info depth')][-1]
    m=re.search(r'score mate (-?\d+)',last); bm=out.split('bestmove ')[1].split()[0]
    ok = m and int(m.group(1))==2*N-1 and bm in moves.split()
    if not ok: bad+=1; print('LOST',N,fen,last[:80],bm)
print(f'{n-bad} of {n} kept')

#!/usr/bin/env python3
"""Writes the sample of `chuhe ipc-quality` (tests/data/quality-positions.epd):
positions from real games (the arena PGNs of docs/matches/ipc-vs-ab-10+0.1-seed74
and -seed75), every 5th of the distinct positions at every 12th ply from ply 24 on. ICCS moves are
plain from-to squares, so replaying them needs no move generator.
Usage: scripts/quality-positions.py PGN[.xz]... > tests/data/quality-positions.epd"""
import re, sys



def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


usage_or_exit()

from textio import read_text  # noqa: E402 (after the usage check: no __pycache__ for it)


def board_of(fen):
    rows = fen.split()[0].split('/')
    b = []
    for r in rows:
        row = []
        for c in r:
            row.extend(['.'] * int(c) if c.isdigit() else [c])
        b.append(row)
    return b, fen.split()[1]

def fen_of(b, side):
    out = []
    for row in b:
        s, n = '', 0
        for c in row:
            if c == '.':
                n += 1
            else:
                s += (str(n) if n else '') + c
                n = 0
        out.append(s + (str(n) if n else ''))
    return '/'.join(out) + ' ' + side + ' - - 0 1'

def play(b, mv):
    f, r, tf, tr = ord(mv[0]) - 97, int(mv[1]), ord(mv[2]) - 97, int(mv[3])
    b[9 - tr][tf] = b[9 - r][f]
    b[9 - r][f] = '.'

seen = set()
for path in sys.argv[1:]:
    text = read_text(path)
    for game in text.split('[Game ')[1:]:
        fen = re.search(r'\[FEN "([^"]+)"\]', game).group(1)
        body = game.split('\n\n', 1)[1]
        moves = re.findall(r'\b[a-i][0-9][a-i][0-9]\b', body)
        b, side = board_of(fen)
        for ply, mv in enumerate(moves, 1):
            play(b, mv)
            side = 'b' if side == 'w' else 'w'
            if ply >= 24 and ply % 12 == 0 and ply < len(moves) - 4:
                f = fen_of(b, side)
                if f not in seen:
                    seen.add(f)
                    # every 5th: a few hundred positions, spread over all games
                    if len(seen) % 5 == 1:
                        print(f)

#!/usr/bin/env python3
"""Samples balanced match openings from an opening book (ElephantEye's
BOOK.DAT, or any book `chuhe book probe --file` reads): random walks from
the start position, each move drawn with probability proportional to its
book weight (moves below --min-share of the position's heaviest move are
never drawn, so that rare book lines do not make a rare opening), to a
length drawn from --plies. A line kept must reach its length inside the
book, end in a position no other line ended in, and be level: the score of
a `chuhe search --nodes N` of its last position within --max-score.

The output is the arena's opening file, `name<TAB>fen<TAB>moves`, the name
being the line's index and its moves, ready for
`chuhe arena --openings FILE` (every opening is played with both colours).

Usage: scripts/book-openings.py --chuhe PATH --book BOOK.DAT --count 60 \\
           [--plies 8-12] [--seed 1] [--nodes 200000] [--max-score 60] > openings.tsv"""
import argparse
import random
import subprocess
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def book_moves(chuhe, book, moves):
    """The book moves after `moves` from the start, [(move, weight)]."""
    out = subprocess.run(
        [chuhe, "book", "probe", "--file", book, "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            found.append((parts[0], int(parts[1])))
    return found


def searched_score(chuhe, moves, nodes):
    """The last reported score (side to move's view) of a node-limited
    search of the position after `moves`; None for a mate score."""
    cmd = [chuhe, "search", "--nodes", str(nodes)]
    if moves:
        cmd += ["--moves", *moves]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    score = None
    for line in out.splitlines():
        words = line.split()
        if words[:1] == ["info"] and "score" in words:
            value = words[words.index("score") + 1]
            if value.lstrip("-").isdigit():
                score = int(value)
            else:
                score = None  # a mate: never level
    return score


def final_position(moves):
    """The position after `moves` from the start, as a hashable key. ICCS
    moves are plain from-to squares, so replaying needs no move rules."""
    rows = []
    for r in START.split()[0].split("/"):
        row = []
        for c in r:
            row.extend(["."] * int(c) if c.isdigit() else [c])
        rows.append(row)
    for m in moves:
        (f0, r0), (f1, r1) = (ord(m[0]) - 97, 9 - int(m[1])), (ord(m[2]) - 97, 9 - int(m[3]))
        rows[r1][f1], rows[r0][f0] = rows[r0][f0], "."
    return "/".join("".join(row) for row in rows) + (" w" if len(moves) % 2 == 0 else " b")


def walk(chuhe, book, plies, min_share, rng):
    """One weighted random walk of `plies` book moves, or None when the
    book ends first."""
    moves = []
    for _ in range(plies):
        choices = book_moves(chuhe, book, moves)
        if not choices:
            return None
        heaviest = max(w for _, w in choices)
        choices = [(m, w) for m, w in choices if w >= min_share * heaviest]
        total = sum(w for _, w in choices)
        pick = rng.uniform(0, total)
        for m, w in choices:
            pick -= w
            if pick <= 0:
                break
        moves.append(m)
    return moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chuhe", required=True, help="the chuhe binary")
    ap.add_argument("--book", required=True, help="book file for `chuhe book probe --file`")
    ap.add_argument("--count", type=int, default=60, help="openings to write")
    ap.add_argument("--plies", default="8-12", help="line length, N or MIN-MAX")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-share", type=float, default=0.05,
                    help="least weight of a drawn move, as a share of the heaviest")
    ap.add_argument("--nodes", type=int, default=200000, help="nodes of the level check")
    ap.add_argument("--max-score", type=int, default=60, help="largest |score| kept")
    ap.add_argument("--max-tries", type=int, default=5000)
    args = ap.parse_args()
    lo, _, hi = args.plies.partition("-")
    lo, hi = int(lo), int(hi or lo)
    rng = random.Random(args.seed)
    seen = set()
    kept = tried = 0
    print("# name\tfen\tmoves (ICCS, played from fen): sampled from "
          f"{args.book} by scripts/book-openings.py --plies {args.plies} --seed {args.seed} "
          f"--min-share {args.min_share} --nodes {args.nodes} --max-score {args.max_score}")
    while kept < args.count and tried < args.max_tries:
        tried += 1
        moves = walk(args.chuhe, args.book, rng.randint(lo, hi), args.min_share, rng)
        if moves is None:
            continue
        position = final_position(moves)
        if position in seen:
            continue
        seen.add(position)
        score = searched_score(args.chuhe, moves, args.nodes)
        if score is None or abs(score) > args.max_score:
            print(f"dropped {' '.join(moves)}: score {score}", file=sys.stderr)
            continue
        kept += 1
        print(f"{kept:03d}.{'-'.join(moves)}\t{START}\t{' '.join(moves)}")
        sys.stdout.flush()
    print(f"{kept} openings kept of {tried} walks", file=sys.stderr)
    return 0 if kept == args.count else 1


if __name__ == "__main__":
    sys.exit(main())

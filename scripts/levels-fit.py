#!/usr/bin/env python3
"""Ratings of the strength levels from calibration matches (docs/strength-levels.md).

Each argument is an arena output directory of a match between two levels
(`chuhe:skill=N,...`; a spec without `skill=` is full strength, level 20).
Every match gives a measured Elo difference (its pentanomial estimate) and
a standard error (the half-width of its 95 % interval / 1.96, the wider
side where the interval is not symmetric). The ratings are the weighted
least-squares fit of all differences at once, level 20 held at 2000, so a
level measured against several others uses them all and a match at an
extreme score (a wide interval) counts little. Prints one row per match
and one per level with its standard error.

    python3 scripts/levels-fit.py DIR...
"""
import json
import math
import re
import sys


def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)

ANCHOR_LEVEL = 20
ANCHOR_RATING = 2000.0


def level_of(spec):
    m = re.search(r"\bskill=(\d+)", spec)
    return int(m.group(1)) if m else ANCHOR_LEVEL


def read_match(out_dir):
    with open(f"{out_dir}/summary.json") as f:
        s = json.load(f)
    e = s["pentanomial"]["elo"]
    # the arena writes an unbounded end as a string ("> +338")
    if not all(isinstance(e[k], (int, float)) and math.isfinite(e[k]) for k in ("elo", "lo", "hi")):
        sys.exit(f"{out_dir}: the interval is not finite (a score near 0 or 100 %); play a closer pair")
    half = max(e["hi"] - e["elo"], e["elo"] - e["lo"])
    return level_of(s["a"]), level_of(s["b"]), e["elo"], half / 1.96, s["games"]


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (the systems are tiny)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def invert(matrix):
    n = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def check_connected(dirs, matches):
    """Every level must reach level 20 through the matches, or its rating
    is not determined (the normal equations are singular)."""
    for d, (a, b, *_) in zip(dirs, matches):
        if a == b:
            sys.exit(f"{d}: both players are level {a}")
    reached, grown = {ANCHOR_LEVEL}, True
    while grown:
        grown = False
        for a, b, *_ in matches:
            if (a in reached) != (b in reached):
                reached |= {a, b}
                grown = True
    loose = sorted({l for m in matches for l in m[:2]} - reached)
    if loose:
        sys.exit(f"levels {loose} are not linked to level {ANCHOR_LEVEL} by these matches")


def main(dirs):
    matches = [read_match(d) for d in dirs]
    check_connected(dirs, matches)
    levels = sorted({l for m in matches for l in m[:2]} - {ANCHOR_LEVEL})
    index = {l: i for i, l in enumerate(levels)}
    n = len(levels)
    # normal equations of sum w (r_a - r_b - d)^2, r_20 fixed
    normal = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for a, b, d, se, _ in matches:
        w = 1.0 / (se * se)
        terms = []  # (index, sign) of the free ratings in r_a - r_b
        const = 0.0
        for level, sign in ((a, 1.0), (b, -1.0)):
            if level == ANCHOR_LEVEL:
                const += sign * ANCHOR_RATING
            else:
                terms.append((index[level], sign))
        for i, si in terms:
            rhs[i] += w * si * (d - const)
            for j, sj in terms:
                normal[i][j] += w * si * sj
    ratings = solve(normal, rhs)
    covariance = invert(normal)
    print("| A | B | games | Elo of A − B (pentanomial) | standard error | fitted A − B |")
    print("|---|---|---|---|---|---|")
    rating = {ANCHOR_LEVEL: ANCHOR_RATING, **{l: ratings[index[l]] for l in levels}}
    for a, b, d, se, games in matches:
        print(f"| level {a} | level {b} | {games} | {d:+.1f} | {se:.1f} | {rating[a] - rating[b]:+.1f} |")
    print()
    print("| level | rating | standard error |")
    print("|---|---|---|")
    print(f"| {ANCHOR_LEVEL} | {ANCHOR_RATING:.0f} | anchor |")
    for l in reversed(levels):
        print(f"| {l} | {rating[l]:.0f} | {math.sqrt(covariance[index[l]][index[l]]):.0f} |")


if __name__ == "__main__":
    usage_or_exit()
    main(sys.argv[1:])

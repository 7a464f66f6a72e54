#!/usr/bin/env python3
"""Gathers the games of many arena PGN files into one, each game once.

Records are often copied (a run directory and its kept record in
docs/matches hold the same games), so a game is kept only the first time
its start position and moves are seen. The output is what
`chuhe datagen --import` reads to turn recorded games into training
positions (docs/evaluation.md).

    python3 scripts/unique-games.py OUT.pgn IN.pgn[.xz] [IN.pgn[.xz] ...]
"""
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



def games(text):
    """The games of a PGN text, each with its headers."""
    return [g for g in re.split(r"(?=^\[Game )", text, flags=re.M) if g.strip()]


def key(game):
    """A game's start position and moves (comments and headers left out)."""
    fen = re.search(r'^\[FEN "([^"]*)"\]', game, flags=re.M)
    body = re.sub(r"^\[[^\]]*\]\s*$", "", game, flags=re.M)
    body = re.sub(r"\{[^}]*\}", "", body)
    return (fen.group(1) if fen else None, " ".join(body.split()))


def main():
    usage_or_exit(2)
    from textio import read_text  # after the usage check: no __pycache__ for it
    seen, kept, total = set(), [], 0
    for path in sys.argv[2:]:
        for game in games(read_text(path)):
            total += 1
            k = key(game)
            if k not in seen:
                seen.add(k)
                kept.append(game.rstrip() + "\n\n")
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.writelines(kept)
    print(f"{total} games read, {len(kept)} kept", file=sys.stderr)


if __name__ == "__main__":
    main()

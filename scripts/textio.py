"""Reading the match records' text files, plain or xz-compressed (kept
records store their games as games.pgn.xz). Imported by the scripts
beside it; not a command.

Usage: from textio import read_text   (in a script of scripts/)"""
import lzma
import sys


def read_text(path):
    """A file's text; a `.xz` file is decompressed on the way."""
    if str(path).endswith(".xz"):
        with lzma.open(path, "rt", encoding="utf-8") as f:
            return f.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


if __name__ == "__main__":
    print(__doc__, file=sys.stdout if sys.argv[1:] in (["-h"], ["--help"]) else sys.stderr)
    sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)

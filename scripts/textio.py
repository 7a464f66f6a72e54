"""Reading the match records' text files, plain or xz-compressed (kept
records store their games as games.pgn.xz). Imported by the scripts
beside it."""
import lzma


def read_text(path):
    """A file's text; a `.xz` file is decompressed on the way."""
    if str(path).endswith(".xz"):
        with lzma.open(path, "rt", encoding="utf-8") as f:
            return f.read()
    with open(path, encoding="utf-8") as f:
        return f.read()

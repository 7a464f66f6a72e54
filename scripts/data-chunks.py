#!/usr/bin/env python3
"""Keep a growing `chuhe datagen` file in the repository as xz chunks.

Both data formats are handled: text files (`NAME.txt`, chunks
`NAME.NNN.txt.xz`) and games files (`NAME.games`, chunks
`NAME.NNN.games.xz`, each a games file of its own that starts with the
file's header, so any chunk can be read alone and the chunks concatenated
are the file).

A development machine keeps nothing outside the repository from one session
to the next, and a training set takes many sessions to generate. The data
file is append-only (datagen resumes after its last game), so it is kept as
numbered chunks, each holding the lines added since the chunk before:

    scripts/data-chunks.py pack   data/train dg28-d8-s2802.txt
    scripts/data-chunks.py unpack data/train dg28-d8-s2802.txt
    scripts/data-chunks.py pack   data/train /work/datagen/dg56-n5k-s5601.games

`pack` writes the complete games the chunks do not hold yet into the next
chunk (for text the game being written last is left for the next pack,
unless `--all`; a games file says where its complete games end); `unpack`
rebuilds the file from the chunks, and rerunning the datagen command in its
first line (for games, `chuhe datagen --stats`) then resumes after the last
game.
"""

import argparse
import lzma
import os
import struct
import sys

GAMES_MAGIC = b"CHUHEGM1"


def chunk_paths(directory, stem, suffix=".txt.xz"):
    """The chunk files of `stem` in `directory`, in order."""
    if not os.path.isdir(directory):
        return []
    names = sorted(
        n
        for n in os.listdir(directory)
        if n.startswith(stem + ".") and n.endswith(suffix) and n[len(stem) + 1 : -len(suffix)].isdigit()
    )
    return [os.path.join(directory, n) for n in names]


def parse_games(data):
    """The segments and games of a games file (src/tune/games.rs):
    a list of (kind, start, end, game number or provenance, kept positions)
    for its complete records, and the end of the last complete one."""
    records = []
    i = 0
    n = len(data)

    def varint(i):
        v = shift = 0
        while True:
            if i >= n:
                raise EOFError
            b = data[i]
            i += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return v, i

    while i < n:
        start = i
        try:
            if data[i : i + 1] == b"C":
                if i + 10 > n:
                    raise EOFError
                if data[i : i + 8] != GAMES_MAGIC:
                    raise ValueError(f"byte {i}: bad magic")
                (length,) = struct.unpack_from("<H", data, i + 8)
                i += 10 + length
                if i > n:
                    raise EOFError
                records.append(("segment", start, i, data[start + 10 : i].decode("utf-8", "replace"), 0))
            elif data[i : i + 1] in (b"g", b"r"):
                ranked = data[i : i + 1] == b"r"
                game, i = varint(i + 1)
                if i + 2 > n:
                    raise EOFError
                fen_len = data[i + 1]
                i += 2 + fen_len
                count, i = varint(i)
                if ranked:
                    # ranks (varints), kept flags (a bit a move), score varints
                    for _ in range(count):
                        _, i = varint(i)
                    flags = data[i : i + (count + 7) // 8]
                    i += (count + 7) // 8
                    if i > n:
                        raise EOFError
                    for _ in range(count):
                        _, i = varint(i)
                    kept = sum(bin(b).count("1") for b in flags)
                else:
                    moves = data[i : i + 2 * count]
                    i += 4 * count
                    if i > n:
                        raise EOFError
                    kept = sum(1 for (m,) in struct.iter_unpack("<H", moves) if m & 0x8000)
                records.append(("game", start, i, game, kept))
            else:
                raise ValueError(f"byte {i}: expected a game")
        except EOFError:
            return records, start
    return records, n


def pack_games(directory, data_file):
    stem = os.path.basename(data_file).removesuffix(".games")
    paths = chunk_paths(directory, stem, ".games.xz")
    last = -1
    for p in paths:
        with lzma.open(p, "rb") as f:
            recs, _ = parse_games(f.read())
        last = max([last] + [r[3] for r in recs if r[0] == "game"])
    with open(data_file, "rb") as f:
        data = f.read()
    recs, complete = parse_games(data)
    header = next((r for r in recs if r[0] == "segment"), None)
    new = [r for r in recs if r[0] == "game" and r[3] > last]
    if header is None or not new:
        print(f"nothing new to pack (games up to {last} in {len(paths)} chunks)")
        return 0
    out = os.path.join(directory, f"{stem}.{len(paths):03d}.games.xz")
    os.makedirs(directory, exist_ok=True)
    with lzma.open(out, "wb", preset=9 | lzma.PRESET_EXTREME) as f:
        f.write(data[header[1] : header[2]])
        for r in new:
            f.write(data[r[1] : r[2]])
    positions = sum(r[4] for r in new)
    size = os.path.getsize(out)
    print(
        f"{out}: {len(new)} games ({new[0][3]}-{new[-1][3]}), {positions} positions, "
        f"{size} bytes ({size / max(positions, 1):.2f} a position)"
    )
    if complete < len(data):
        print(f"(left out: {len(data) - complete} bytes of a game still being written)")
    return 0


def chunk_lines(paths):
    """How many lines the chunks hold in all."""
    total = 0
    for p in paths:
        with lzma.open(p, "rt", encoding="utf-8") as f:
            total += sum(1 for _ in f)
    return total


def pack(directory, data_file, take_all):
    stem = os.path.basename(data_file).removesuffix(".txt")
    paths = chunk_paths(directory, stem)
    done = chunk_lines(paths)
    with open(data_file, encoding="utf-8") as f:
        lines = f.readlines()
    if lines and not lines[-1].endswith("\n"):
        lines.pop()  # a line still being written
    end = len(lines)
    if not take_all:
        # stop before the last game's marker: that game may be incomplete
        for i in range(len(lines) - 1, done - 1, -1):
            if lines[i].startswith("#g "):
                end = i
                break
        else:
            end = done
    if end <= done:
        print(f"nothing new to pack ({done} lines in {len(paths)} chunks)")
        return 0
    new = lines[done:end]
    os.makedirs(directory, exist_ok=True)
    out = os.path.join(directory, f"{stem}.{len(paths):03d}.txt.xz")
    with lzma.open(out, "wt", encoding="utf-8", preset=9) as f:
        f.writelines(new)
    games = sum(1 for line in new if line.startswith("#g "))
    positions = sum(1 for line in new if not line.startswith("#"))
    print(f"{out}: {games} games, {positions} positions, {os.path.getsize(out)} bytes")
    return 0


def unpack(directory, data_file):
    """Rebuilds `data_file` from its chunks: the chunks' contents in order
    (a text file's lines, or a games file's records after their headers)."""
    games = data_file.endswith(".games")
    stem = os.path.basename(data_file).removesuffix(".games" if games else ".txt")
    paths = chunk_paths(directory, stem, ".games.xz" if games else ".txt.xz")
    if not paths:
        print(f"no chunks of {stem} in {directory}", file=sys.stderr)
        return 1
    if os.path.exists(data_file):
        print(f"{data_file} exists; not overwritten", file=sys.stderr)
        return 1
    with open(data_file, "wb") as out:
        for p in paths:
            with lzma.open(p, "rb") as f:
                out.write(f.read())
    print(f"{data_file}: rebuilt from {len(paths)} chunks")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=["pack", "unpack"])
    ap.add_argument("directory", help="where the chunks are kept")
    ap.add_argument(
        "data_file",
        help="the datagen file (NAME.txt or NAME.games; chunks are NAME.NNN.txt.xz or NAME.NNN.games.xz)",
    )
    ap.add_argument("--all", action="store_true", help="pack the last game too (the run has stopped)")
    args = ap.parse_args()
    if args.action == "unpack":
        return unpack(args.directory, args.data_file)
    if args.data_file.endswith(".games"):
        return pack_games(args.directory, args.data_file)
    return pack(args.directory, args.data_file, args.all)


if __name__ == "__main__":
    sys.exit(main())

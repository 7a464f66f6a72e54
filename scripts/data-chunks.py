#!/usr/bin/env python3
"""Keep a growing `chuhe datagen` file in the repository as xz chunks.

A development machine keeps nothing outside the repository from one session
to the next, and a training set takes many sessions to generate. The data
file is append-only (datagen resumes after its last game), so it is kept as
numbered chunks, each holding the lines added since the chunk before:

    scripts/data-chunks.py pack   data/train dg28-d8-s2802.txt
    scripts/data-chunks.py unpack data/train dg28-d8-s2802.txt

`pack` writes the complete games the chunks do not hold yet into the next
chunk (the game being written last is left for the next pack, unless
`--all`); `unpack` rebuilds the file from the chunks, and rerunning the
datagen command in its first line then resumes after the last game.
"""

import argparse
import lzma
import os
import sys


def chunk_paths(directory, stem):
    """The chunk files of `stem` in `directory`, in order."""
    if not os.path.isdir(directory):
        return []
    names = sorted(
        n for n in os.listdir(directory) if n.startswith(stem + ".") and n.endswith(".txt.xz")
    )
    return [os.path.join(directory, n) for n in names]


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
    stem = os.path.basename(data_file).removesuffix(".txt")
    paths = chunk_paths(directory, stem)
    if not paths:
        print(f"no chunks of {stem} in {directory}", file=sys.stderr)
        return 1
    if os.path.exists(data_file):
        print(f"{data_file} exists; not overwritten", file=sys.stderr)
        return 1
    with open(data_file, "w", encoding="utf-8") as out:
        for p in paths:
            with lzma.open(p, "rt", encoding="utf-8") as f:
                for line in f:
                    out.write(line)
    print(f"{data_file}: rebuilt from {len(paths)} chunks")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=["pack", "unpack"])
    ap.add_argument("directory", help="where the chunks are kept")
    ap.add_argument("data_file", help="the datagen file (NAME.txt; chunks are NAME.NNN.txt.xz)")
    ap.add_argument("--all", action="store_true", help="pack the last game too (the run has stopped)")
    args = ap.parse_args()
    if args.action == "pack":
        return pack(args.directory, args.data_file, args.all)
    return unpack(args.directory, args.data_file)


if __name__ == "__main__":
    sys.exit(main())

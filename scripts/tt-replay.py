#!/usr/bin/env python3
"""Nodes to a fixed depth along real games, one engine process per setting.

Replays the games of an arena PGN through chuhe's UCCI front end as a GUI
would (one process, the hash table kept from move to move, `position ...
moves ...` then `go depth D` at every ply) and sums the nodes of each
search. What the hash table keeps between moves shows here, unlike in
`chuhe bench` or `scripts/ipc-nodes.sh`, which search unrelated positions
from an empty table. Node counts do not depend on machine load.

    scripts/tt-replay.py CHUHE GAMES.pgn[.xz] DEPTH HASH_MB "setting" ["setting" ...]
    scripts/tt-replay.py target/release/chuhe docs/matches/x/games.pgn.xz 9 2 "" "iir off"

A setting is `;`-separated UCCI `setoption` bodies ("" for the defaults).
Options: --games N (first N games, default 4), --skip P (plies not
searched at the start of each game, default 8).
"""
import argparse
import re
import subprocess
import sys

from textio import read_text


def games(pgn_path):
    """(start FEN, [moves]) of each game in an arena PGN."""
    text = read_text(pgn_path)
    for chunk in text.split('[Game "')[1:]:
        fen = re.search(r'\[FEN "([^"]+)"\]', chunk).group(1)
        body = chunk[chunk.rfind("]") + 1 :]
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = re.findall(r"\b([a-i][0-9][a-i][0-9])\b", body)
        yield fen, moves


def run(chuhe, setting, plan, depth, hash_mb):
    """Total nodes of every search of the plan under one setting."""
    p = subprocess.Popen(
        [chuhe],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )

    def send(line):
        p.stdin.write(line + "\n")

    def until(prefix):
        last_info = None
        for line in p.stdout:
            if line.startswith("info depth"):
                last_info = line
            if line.startswith(prefix):
                return last_info
        sys.exit(f"engine ended before {prefix!r}")

    send("ucci")
    until("ucciok")
    send("setoption usebook false")
    send(f"setoption hashsize {hash_mb}")
    for body in filter(None, (s.strip() for s in setting.split(";"))):
        send(f"setoption {body}")
    total = 0
    for fen, moves, skip in plan:
        send("setoption newgame")
        for ply in range(skip, len(moves)):
            played = f" moves {' '.join(moves[:ply])}" if ply else ""
            send(f"position fen {fen}{played}")
            send(f"go depth {depth}")
            info = until("bestmove")
            m = re.search(r" nodes (\d+)", info or "")
            if m:
                total += int(m.group(1))
    send("quit")
    p.wait()
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("chuhe")
    ap.add_argument("pgn")
    ap.add_argument("depth", type=int)
    ap.add_argument("hash_mb", type=int)
    ap.add_argument("settings", nargs="+")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--skip", type=int, default=8)
    a = ap.parse_args()
    plan = [(fen, moves, a.skip) for fen, moves in list(games(a.pgn))[: a.games]]
    base = None
    for setting in a.settings:
        nodes = run(a.chuhe, setting, plan, a.depth, a.hash_mb)
        base = base or nodes
        print(f"{setting or '(defaults)':40} nodes {nodes:12d}  ratio {nodes / base:.4f}", flush=True)


if __name__ == "__main__":
    main()

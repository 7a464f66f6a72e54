#!/usr/bin/env python3
"""Per-player move statistics of an arena run (its `moves.jsonl`): median
nodes per second, mean depth and mean time over the moves of 50 ms or more,
and the least clock left before a move.

    python3 scripts/arena-move-stats.py OUT_DIR
"""
import collections
import json
import statistics
import sys


def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


def main(out_dir):
    players = collections.defaultdict(lambda: {"nps": [], "depth": [], "time": [], "clock": []})
    with open(f"{out_dir}/moves.jsonl") as moves:
        for line in moves:
            move = json.loads(line)
            p = players[move["player"]]
            if move.get("clock_ms") is not None:
                p["clock"].append(move["clock_ms"])
            # very short moves (book, forced, a ready answer) say little about speed
            if move.get("time_ms") and move["time_ms"] >= 50 and move.get("nodes"):
                p["nps"].append(move["nodes"] * 1000 / move["time_ms"])
                if move.get("depth"):
                    p["depth"].append(move["depth"])
                p["time"].append(move["time_ms"])
    for name in sorted(players):
        p = players[name]
        clock = f"{min(p['clock'])} ms" if p["clock"] else "n/a"
        print(
            f"{name}: moves {len(p['nps'])} median nps {statistics.median(p['nps']) / 1e6:.2f} M, "
            f"mean depth {statistics.mean(p['depth']):.2f}, mean time {statistics.mean(p['time']):.0f} ms, "
            f"min clock {clock}"
        )


if __name__ == "__main__":
    usage_or_exit()
    main(sys.argv[1])

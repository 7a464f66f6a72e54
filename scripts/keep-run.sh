#!/bin/sh
# Copies what docs/matches keeps of an arena run: summary.json, table.txt,
# games.jsonl and the games as one games.pgn (not the bulky moves.jsonl).
# A kept record can be resumed or merged later (docs/arena.md).
#   scripts/keep-run.sh RUN_DIR DEST_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 RUN_DIR DEST_DIR" >&2; exit 2; }
run=$1 dest=$2
[ -f "$run/summary.json" ] && [ -f "$run/games.jsonl" ] || { echo "$run: not an arena output directory" >&2; exit 1; }
mkdir -p "$dest"
cp "$run/summary.json" "$run/games.jsonl" "$dest/"
[ -f "$run/table.txt" ] && cp "$run/table.txt" "$dest/"
if ls "$run"/game-*.pgn >/dev/null 2>&1; then
  cat "$run"/game-*.pgn > "$dest/games.pgn"
fi
echo "kept $(wc -l < "$dest/games.jsonl") games of $run in $dest" >&2

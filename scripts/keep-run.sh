#!/bin/sh
# Copies what docs/matches keeps of an arena run: summary.json, table.txt,
# games.jsonl and the games as one games.pgn (not the bulky moves.jsonl).
# A kept record can be resumed or merged later (docs/arena.md); keeping a
# resumed run into its old record keeps the record's PGNs of the games the
# run did not play.
#   scripts/keep-run.sh RUN_DIR DEST_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 RUN_DIR DEST_DIR" >&2; exit 2; }
run=$1 dest=$2
[ -f "$run/summary.json" ] && [ -f "$run/games.jsonl" ] || { echo "$run: not an arena output directory" >&2; exit 1; }
mkdir -p "$dest"
cp "$run/summary.json" "$run/games.jsonl" "$dest/"
[ -f "$run/table.txt" ] && cp "$run/table.txt" "$dest/"
if ls "$run"/game-*.pgn >/dev/null 2>&1; then
  if [ -f "$dest/games.pgn" ]; then
    # a resumed record: the run has PGNs only for the games it played
    # (the arena writes none for games read back without their moves), so
    # the kept games.pgn keeps its other games and takes the run's
    rounds=$(grep -h '^\[Round ' "$run"/game-*.pgn | tr -dc '0-9\n' | tr '\n' ' ')
    awk -v rounds=" $rounds" '
      function flush() { if (buf != "" && index(rounds, " " round " ") == 0) printf "%s", buf; buf = "" }
      /^\[Game / { flush() }
      /^\[Round / { round = $2; gsub(/[^0-9]/, "", round) }
      { buf = buf $0 "\n" }
      END { flush() }' "$dest/games.pgn" > "$dest/games.pgn.old"
    cat "$dest/games.pgn.old" "$run"/game-*.pgn > "$dest/games.pgn"
    rm -f "$dest/games.pgn.old"
  else
    cat "$run"/game-*.pgn > "$dest/games.pgn"
  fi
fi
echo "kept $(wc -l < "$dest/games.jsonl") games of $run in $dest" >&2

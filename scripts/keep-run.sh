#!/bin/sh
# Copies what docs/matches keeps of an arena run: summary.json, table.txt,
# games.jsonl and the games as one xz-compressed games.pgn.xz. The run's
# per-move log moves.jsonl, its game-NNNN.pgn files and any other raw log
# stay in the run directory (.gitignore keeps them out of docs/matches);
# scripts that need moves.jsonl take it from a run directory (docs/arena.md).
# A kept record can be resumed or merged later (docs/arena.md); keeping a
# resumed run into its old record keeps the record's PGNs of the games the
# run did not play. The kept PGN reads back with `xz -dc`, and every script
# that reads records (scripts/tt-replay.py, unique-games.py,
# quality-positions.py, examples/mate_puzzles.rs) opens .xz itself.
#   scripts/keep-run.sh RUN_DIR DEST_DIR
set -eu
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
[ $# -eq 2 ] || { echo "usage: $0 RUN_DIR DEST_DIR" >&2; exit 2; }
command -v xz >/dev/null || { echo "$0: needs xz (apt-get install xz-utils)" >&2; exit 1; }
run=$1 dest=$2
[ -f "$run/summary.json" ] && [ -f "$run/games.jsonl" ] || { echo "$run: not an arena output directory" >&2; exit 1; }
mkdir -p "$dest"
cp "$run/summary.json" "$run/games.jsonl" "$dest/"
[ -f "$run/table.txt" ] && cp "$run/table.txt" "$dest/"
if ls "$run"/game-*.pgn >/dev/null 2>&1; then
  tmp="$dest/games.pgn.tmp"
  # the record's earlier games: compressed, or a plain games.pgn of a
  # record kept before the games were compressed
  old_games() {
    if [ -f "$dest/games.pgn.xz" ]; then xz -dc "$dest/games.pgn.xz"; else cat "$dest/games.pgn"; fi
  }
  if [ -f "$dest/games.pgn.xz" ] || [ -f "$dest/games.pgn" ]; then
    # a resumed record: the run has PGNs only for the games it played
    # (the arena writes none for games read back without their moves), so
    # the kept games keep the record's other games and take the run's
    rounds=$(grep -h '^\[Round ' "$run"/game-*.pgn | tr -dc '0-9\n' | tr '\n' ' ')
    old_games | awk -v rounds=" $rounds" '
      function flush() { if (buf != "" && index(rounds, " " round " ") == 0) printf "%s", buf; buf = "" }
      /^\[Game / { flush() }
      /^\[Round / { round = $2; gsub(/[^0-9]/, "", round) }
      { buf = buf $0 "\n" }
      END { flush() }' > "$tmp"
    cat "$run"/game-*.pgn >> "$tmp"
  else
    cat "$run"/game-*.pgn > "$tmp"
  fi
  xz -9 -c "$tmp" > "$dest/games.pgn.xz"
  rm -f "$tmp" "$dest/games.pgn"
fi
echo "kept $(wc -l < "$dest/games.jsonl") games of $run in $dest" >&2

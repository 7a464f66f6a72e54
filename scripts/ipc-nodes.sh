#!/usr/bin/env bash
# Nodes to a fixed depth, summed over the positions of a FEN file (one per
# line), and of them the nodes spent in iProbcut's pre-evaluation searches
# (the `prenodes` field of `chuhe search`'s info line). Fixed-depth node
# counts do not depend on machine load.
#
#   scripts/ipc-nodes.sh CHUHE FENFILE DEPTH [chuhe search options...]
#   scripts/ipc-nodes.sh target/release/chuhe docs/iprobcut-nodes/games-48.fen 11 --algo alphabeta
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
chuhe=$1 fens=$2 depth=$3
shift 3
nodes=0 pre=0
while read -r fen; do
  [ -z "$fen" ] && continue
  line=$("$chuhe" search --fen "$fen" --depth "$depth" "$@" 2>/dev/null | grep "^info depth $depth " | tail -n 1)
  nodes=$((nodes + $(sed -E 's/.* nodes ([0-9]+) .*/\1/' <<<"$line")))
  pre=$((pre + $(sed -E 's/.* prenodes ([0-9]+) .*/\1/' <<<"$line")))
done <"$fens"
echo "${*:-(defaults)}: nodes $nodes prenodes $pre"

#!/usr/bin/env bash
# Evaluation calls of iProbcut against the plain alpha-beta baseline at the
# same depth, over the positions of tests/data/openings.tsv (the issue's
# target: iProbcut with pre=2, paper profile, no quiescence, at depth 8,
# uses at most 1/100 of the baseline's calls).
#
# usage: scripts/eval-ratio.sh [DEPTH] [FIRST] [COUNT]
#   DEPTH  search depth for both (default 8)
#   FIRST  first opening (1-based, default 1), COUNT how many (default 36)
# Extra iProbcut settings: IPC_SET="n=3 threshold=4" (default: the paper
# configuration as committed). The plain baseline at depth 8 takes minutes
# per position; run a slice with FIRST/COUNT and add the slices up.
set -euo pipefail
cd "$(dirname "$0")/.."
DEPTH=${1:-8}
FIRST=${2:-1}
COUNT=${3:-36}
cargo build --release --quiet
C=./target/release/chuhe
ipc_set=()
for kv in ${IPC_SET:-}; do ipc_set+=(--set "$kv"); done
printf "%-4s %14s %14s %10s  %s\n" "#" "iprobcut" "alphabeta" "ratio" "opening"
grep -v '^#' tests/data/openings.tsv | sed -n "${FIRST},$((FIRST + COUNT - 1))p" |
while IFS=$'\t' read -r name fen moves; do
    a=$($C search --paper --algo iprobcut --depth "$DEPTH" "${ipc_set[@]}" --fen "$fen" | tail -1 | awk '{print $4}')
    b=$($C search --paper --algo alphabeta --depth "$DEPTH" --fen "$fen" | tail -1 | awk '{print $4}')
    awk -v i="$FIRST" -v a="$a" -v b="$b" -v n="$name" 'BEGIN {printf "%-4s %14d %14d %10.5f  %s\n", i, a, b, a / b, n}'
    FIRST=$((FIRST + 1))
done | tee /dev/stderr | awk '{a += $2; b += $3} END {if (b > 0) printf "total %d %d ratio %.5f (1/%.0f)\n", a, b, a / b, b / a}'

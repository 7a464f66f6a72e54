#!/usr/bin/env bash
# Evaluation calls of iProbcut against the plain alpha-beta baseline at the
# same depth, one opening of tests/data/openings.tsv at a time (paper
# profile: iProbcut with pre=2, no quiescence, capture-first alpha-beta).
# Each opening's row is written to its own file, so slices can run anywhere
# (and again: finished rows are kept) and the table is put together after.
#
# usage:
#   scripts/eval-ratio.sh rows DIR [DEPTH] [FIRST] [COUNT]
#       measure openings FIRST..FIRST+COUNT-1 (1-based; default all 36) at
#       DEPTH (default 8) into DIR/row-NN.tsv, skipping rows already there
#   scripts/eval-ratio.sh table DIR
#       the Markdown table of DIR's rows with the total and mean ratios
#   scripts/eval-ratio.sh [DEPTH] [FIRST] [COUNT]
#       the old form: measure and print, nothing kept
# Extra iProbcut settings: IPC_SET="n=3 threshold=4" (default: the paper
# configuration as committed). Plain alpha-beta at depth 8 takes minutes per
# opening: run slices (FIRST/COUNT) one at a time on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
openings=tests/data/openings.tsv

measure() { # DEPTH INDEX NAME FEN MOVES -> one TSV row
    local depth=$1 i=$2 name=$3 fen=$4 a b ta tb t0 t1 t2
    local ipc_set=() moves=()
    for kv in ${IPC_SET:-}; do ipc_set+=(--set "$kv"); done
    # the opening is the FEN plus its moves (most rows of openings.tsv are
    # the start position and a move sequence)
    # shellcheck disable=SC2206
    [ -n "$5" ] && moves=(--moves $5)
    t0=$(date +%s.%N)
    a=$($C search --paper --algo iprobcut --depth "$depth" "${ipc_set[@]}" --fen "$fen" "${moves[@]}" | tail -1 | awk '{print $4}')
    t1=$(date +%s.%N)
    b=$($C search --paper --algo alphabeta --depth "$depth" --fen "$fen" "${moves[@]}" | tail -1 | awk '{print $4}')
    t2=$(date +%s.%N)
    ta=$(echo "$t1 - $t0" | bc)
    tb=$(echo "$t2 - $t1" | bc)
    printf "%s\t%s\t%s\t%s\t%.1f\t%.1f\n" "$i" "$a" "$b" "$name" "$ta" "$tb"
}

cargo build --release --quiet
C=./target/release/chuhe
case "${1:-}" in
rows)
    dir=$2
    depth=${3:-8}
    first=${4:-1}
    count=${5:-36}
    mkdir -p "$dir"
    i=0
    grep -v '^#' "$openings" | while IFS=$'\t' read -r name fen moves; do
        i=$((i + 1))
        [ "$i" -ge "$first" ] && [ "$i" -lt $((first + count)) ] || continue
        row=$(printf "%s/row-%02d.tsv" "$dir" "$i")
        [ -s "$row" ] && continue
        measure "$depth" "$i" "$name" "$fen" "$moves" > "$row.tmp"
        mv "$row.tmp" "$row"
        cat "$row" >&2
    done
    ;;
table)
    dir=$2
    echo "| # | opening | iProbcut evals | alpha-beta evals | ratio | 1/ratio |"
    echo "|---|---|---|---|---|---|"
    cat "$dir"/row-*.tsv | sort -n | awk -F'\t' '
        { r = $2 / $3; a += $2; b += $3; s += r; n++
          printf "| %s | %s | %.0f | %.0f | %.5f | %.0f |\n", $1, $4, $2, $3, r, 1 / r }
        END { if (n > 0) printf "| all | %d openings | %.0f | %.0f | %.5f (total) | %.0f |\n\nmean of the per-opening ratios: %.5f (1/%.0f)\n", n, a, b, a / b, b / a, s / n, n / s }'
    ;;
*)
    depth=${1:-8}
    first=${2:-1}
    count=${3:-36}
    i=0
    printf "%-4s %14s %14s %10s  %s\n" "#" "iprobcut" "alphabeta" "ratio" "opening"
    grep -v '^#' "$openings" | while IFS=$'\t' read -r name fen moves; do
        i=$((i + 1))
        [ "$i" -ge "$first" ] && [ "$i" -lt $((first + count)) ] || continue
        measure "$depth" "$i" "$name" "$fen" "$moves" |
            awk -F'\t' '{printf "%-4s %14.0f %14.0f %10.5f  %s\n", $1, $2, $3, $2 / $3, $4}'
    done | tee /dev/stderr | awk '{a += $2; b += $3} END {if (b > 0) printf "total %.0f %.0f ratio %.5f (1/%.0f)\n", a, b, a / b, b / a}'
    ;;
esac

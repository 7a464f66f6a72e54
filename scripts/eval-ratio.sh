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
# Extra iProbcut settings: IPC_SET="n=3 threshold=4" (default: the paper
# configuration as committed).
# Cost: plain alpha-beta at depth 8 needs 162-966 M evaluation calls an
# opening, 132-1084 s each on the 2-core development machine: the 36 rows
# take about 4 CPU-hours. Run slices (FIRST/COUNT) one at a time on a shared
# machine; a reduced check of the same shape: rows DIR 6 1 2 (seconds).
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
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

C=./target/release/chuhe
case "$1" in
rows)
    [ $# -ge 2 ] || { usage >&2; exit 2; }
    cargo build --release --quiet
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
    [ $# -eq 2 ] || { usage >&2; exit 2; }
    dir=$2
    echo "| # | opening | iProbcut evals | alpha-beta evals | ratio | 1/ratio |"
    echo "|---|---|---|---|---|---|"
    cat "$dir"/row-*.tsv | sort -n | awk -F'\t' '
        { r = $2 / $3; a += $2; b += $3; s += r; n++
          printf "| %s | %s | %.0f | %.0f | %.5f | %.0f |\n", $1, $4, $2, $3, r, 1 / r }
        END { if (n > 0) printf "| all | %d openings | %.0f | %.0f | %.5f (total) | %.0f |\n\nmean of the per-opening ratios: %.5f (1/%.0f)\n", n, a, b, a / b, b / a, s / n, n / s }'
    ;;
*)
    usage >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# The paper's experiment (docs/paper-experiment.md) at a size that decides
# something: iProbcut with cut-off depth 8 and
# pre-evaluation depth 2 (paper profile) against plain alpha-beta at depth 6,
# 200 games over the 100 openings of tests/data/paper-openings.tsv, each
# opening played twice with colours swapped, a game undecided after 300
# plies drawn, no book inside the engines. Played as shards (whole
# colour-swapped pairs each) that can run anywhere and are merged at the end.
#
# usage:
#   scripts/paper-experiment.sh shard I N BASE   play shard I of N into BASE/shard-I
#   scripts/paper-experiment.sh merge BASE       merge BASE/shard-* into BASE/all
#   scripts/paper-experiment.sh all BASE [N]     the N shards one after another (default
#                                                N=10), then the merge; a finished
#                                                shard (BASE/shard-I/DONE) is skipped
#   scripts/paper-experiment.sh run OUT [args...]  one unsharded run into OUT (extra
#                                                arguments go to chuhe arena)
# Environment: GAMES (200), OPENINGS (tests/data/paper-openings.tsv), DEPTH_A (8),
# DEPTH_B (6), PRE (2), MAX_PLIES (300), THRESHOLD (default: the paper
# configuration's 4), CHUHE (the binary; default: a release build of this tree).
# MOVETIME (ms): both players search by time instead (the equal-time form,
# e.g. MOVETIME=8000; the depths are then ignored).
# A reduced run of the same shape (under a minute: about 10 s of CPU):
#   GAMES=4 DEPTH_A=6 DEPTH_B=4 scripts/paper-experiment.sh run out/reduced
# Cost: the first 20-game shard of the full setting took about 31 CPU-minutes
# (about 93 s a game) on the 2-core development machine, so 200 games need
# about 5 CPU-hours (docs/paper-experiment.md); with MOVETIME a game takes
# about MOVETIME x its plies (a mean of about 120 plies).
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
OPENINGS=${OPENINGS:-tests/data/paper-openings.tsv}
DEPTH_A=${DEPTH_A:-8}
DEPTH_B=${DEPTH_B:-6}
PRE=${PRE:-2}
MAX_PLIES=${MAX_PLIES:-300}
case "$1" in shard | merge | all | run) ;; *) usage >&2; exit 2 ;; esac
if [ -z "${CHUHE:-}" ]; then
    cargo build --release --quiet
    CHUHE=./target/release/chuhe
fi
LIMIT_A="depth=${DEPTH_A}" LIMIT_B="depth=${DEPTH_B}"
if [ -n "${MOVETIME:-}" ]; then
    LIMIT_A="movetime=$MOVETIME" LIMIT_B="movetime=$MOVETIME"
fi
A="iprobcut:paper,${LIMIT_A},pre=${PRE}${THRESHOLD:+,threshold=$THRESHOLD}"
B="alphabeta:paper,${LIMIT_B}"
arena() {
    "$CHUHE" arena --a "$A" --b "$B" --games "$GAMES" --openings "$OPENINGS" \
        --max-plies "$MAX_PLIES" "$@"
}
case "${1:-}" in
shard)
    [ $# -eq 4 ] || { echo "usage: $0 shard I N BASE" >&2; exit 2; }
    arena --shard "$2/$3" --plot-games none --quiet --out "$4/shard-$2"
    # the arena rewrites summary.json after every game, so a killed shard
    # has one too: DONE marks a shard that played all its games
    touch "$4/shard-$2/DONE"
    ;;
merge)
    [ $# -eq 2 ] || { echo "usage: $0 merge BASE" >&2; exit 2; }
    "$CHUHE" arena merge "$2"/shard-* --plot-games 1,2 --force --out "$2/all"
    ;;
all)
    [ $# -ge 2 ] || { echo "usage: $0 all BASE [N]" >&2; exit 2; }
    n=${3:-10}
    for ((i = 0; i < n; i++)); do
        if [ -f "$2/shard-$i/DONE" ]; then
            echo "shard $i/$n done already" >&2
            continue
        fi
        rm -rf "$2/shard-$i"
        arena --shard "$i/$n" --plot-games none --quiet --out "$2/shard-$i"
        touch "$2/shard-$i/DONE"
    done
    "$CHUHE" arena merge "$2"/shard-* --plot-games 1,2 --force --out "$2/all"
    ;;
run)
    [ $# -ge 2 ] || { usage >&2; exit 2; }
    OUT=$2
    shift 2
    arena --plot-games 1,2 --out "$OUT" "$@"
    ;;
*)
    usage >&2
    exit 2
    ;;
esac

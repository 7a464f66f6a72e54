#!/usr/bin/env bash
# The paper's experiment (IPROBCUT.md, "The experiment to reproduce"):
# iProbcut with cut-off depth 8 and pre-evaluation depth 2 against plain
# alpha-beta at depth 6, same evaluator, 20 games from the start position
# with colours alternating, a game undecided after 300 plies is a draw,
# no opening book. Prints the Table-3-style report and writes PGNs,
# moves.jsonl, summary.json and the Fig. 5 / Fig. 6 plots into OUT.
#
# usage: scripts/paper-experiment.sh [OUT] [extra chuhe arena args...]
#   GAMES=4 DEPTH_A=6 DEPTH_B=4 scripts/paper-experiment.sh out/reduced
# (a reduced run: the same shape at lower depths; THRESHOLD defaults to
# DEPTH_A - 2, as the paper config prunes above depth 6 for depth 8)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-paper-out}
shift || true
GAMES=${GAMES:-20}
DEPTH_A=${DEPTH_A:-8}
DEPTH_B=${DEPTH_B:-6}
PRE=${PRE:-2}
THRESHOLD=${THRESHOLD:-$((DEPTH_A - 2))}
MAX_PLIES=${MAX_PLIES:-300}
cargo build --release --quiet
exec ./target/release/chuhe arena \
  --a "iprobcut:paper,depth=${DEPTH_A},pre=${PRE},threshold=${THRESHOLD}" \
  --b "alphabeta:paper,depth=${DEPTH_B}" \
  --games "$GAMES" --max-plies "$MAX_PLIES" --no-book \
  --plot-games 1,2 --out "$OUT" "$@"

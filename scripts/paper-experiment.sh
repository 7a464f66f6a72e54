#!/usr/bin/env bash
# The paper's experiment (IPROBCUT.md, "The experiment to reproduce"):
# iProbcut with cut-off depth 8 and pre-evaluation depth 2 against plain
# alpha-beta at depth 6, same evaluator, 20 games with colours alternating
# on each opening, a game undecided after 300 plies is a draw, no opening
# book inside the engines. The games start from the first ten openings of
# the built-in list (tests/data/openings.tsv): from the start position alone
# fixed-depth engines would play the same two games ten times over. Prints the Table-3-style report and writes PGNs,
# moves.jsonl, summary.json and the Fig. 5 / Fig. 6 plots into OUT.
#
# usage: scripts/paper-experiment.sh [OUT] [extra chuhe arena args...]
#   GAMES=4 DEPTH_A=6 DEPTH_B=4 scripts/paper-experiment.sh out/reduced
# (a reduced run: the same shape at lower depths). THRESHOLD, if set,
# overrides the paper configuration's (4; the paper's own reading is 6).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-paper-out}
shift || true
GAMES=${GAMES:-20}
DEPTH_A=${DEPTH_A:-8}
DEPTH_B=${DEPTH_B:-6}
PRE=${PRE:-2}
MAX_PLIES=${MAX_PLIES:-300}
cargo build --release --quiet
exec ./target/release/chuhe arena \
  --a "iprobcut:paper,depth=${DEPTH_A},pre=${PRE}${THRESHOLD:+,threshold=$THRESHOLD}" \
  --b "alphabeta:paper,depth=${DEPTH_B}" \
  --games "$GAMES" --max-plies "$MAX_PLIES" \
  --plot-games 1,2 --out "$OUT" "$@"

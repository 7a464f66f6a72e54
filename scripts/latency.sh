#!/usr/bin/env bash
# The strict latency figures the test suite does not assert (tests must pass
# on a loaded machine): stop, isready and quit during a search, and clocked
# moves against their budget, through the protocol of the release binary.
# Exits non-zero when a limit is exceeded; run it on an idle machine to
# check the engine, on a loaded one to see what load does.
#
# usage: scripts/latency.sh [ROUNDS]   (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
exec python3 scripts/latency.py ./target/release/chuhe "${1:-10}"

#!/usr/bin/env bash
# The strict latency figures the test suite does not assert (tests must pass
# on a loaded machine): stop, isready and quit during a search, and clocked
# moves against their budget, through the protocol of the release binary.
# Exits non-zero when a limit is exceeded; run it on an idle machine to
# check the engine, on a loaded one to see what load does.
#
# usage: scripts/latency.sh ROUNDS   (e.g. 10; builds the release binary
# first, then about 10 s a round)
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
cargo build --release --quiet
exec python3 scripts/latency.py ./target/release/chuhe "$1"

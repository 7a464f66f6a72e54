#!/usr/bin/env bash
# Builds chuhe (release), installs the `cchess` Python library in a fresh
# virtual environment and plays a short game through its UCCI client
# (scripts/client_check.py). Exits non-zero on any failure. Takes a few
# minutes (the build and the pip install); .ci/run calls it.
#
#   scripts/ci-client-check.sh run
#
# Environment: CLIENT_CHECK_VENV (default: a temporary directory),
# CCHESS_VERSION (default 1.25.5, the pinned client library),
# CLIENT_CHECK_MOVES (moves per side, default 10), CLIENT_CHECK_DEPTH (4).
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; run) ;; *) usage >&2; exit 2 ;; esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

venv="${CLIENT_CHECK_VENV:-}"
cleanup=""
if [ -z "$venv" ]; then
    venv="$(mktemp -d)/venv"
    cleanup="$(dirname "$venv")"
fi
trap '[ -n "$cleanup" ] && rm -rf "$cleanup"' EXIT

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# pinned: the version `pip install cchess` chose when this check was
# written; raise it deliberately after a run of this script
CCHESS_VERSION="${CCHESS_VERSION:-1.25.5}"
"$venv/bin/pip" install --quiet --disable-pip-version-check "cchess==$CCHESS_VERSION"

cargo build --release --quiet
# where cargo put it: CARGO_TARGET_DIR when set (else an old binary under
# target/ would be checked instead of the one just built)
engine="${CARGO_TARGET_DIR:-$root/target}/release/chuhe"

"$venv/bin/python" "$root/scripts/client_check.py" "$engine" \
    "${CLIENT_CHECK_MOVES:-10}" "${CLIENT_CHECK_DEPTH:-4}"

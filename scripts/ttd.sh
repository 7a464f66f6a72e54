#!/usr/bin/env bash
# Lazy SMP time to depth, counted in the main thread's nodes (less
# sensitive to machine load than wall time): runs `chuhe bench --threads 2`
# to DEPTH once per setting and prints the nodes of all threads, of the
# helper (from its debug log line) and of the main thread.
#
#   scripts/ttd.sh CHUHE DEPTH "hash=16" "hash=64" ...
#
# Compare with `chuhe bench --depth DEPTH` (one thread: the node count is
# the main thread's nodes alone).
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
chuhe=$1 depth=$2
shift 2
for setting in "$@"; do
  # shellcheck disable=SC2086 # a setting may hold several `--set` words
  RUST_LOG=chuhe::search::smp=debug "$chuhe" bench --depth "$depth" --threads 2 --set $setting 2>&1 |
    awk -v s="$setting" '
      /helper .* stopped after/ { for (i = 1; i <= NF; i++) if ($i == "after") helpers += $(i + 1) }
      / nodes .* nps/ { total = $1 }
      END { printf "%-40s total %10d helpers %10d main %10d\n", s, total, helpers, total - helpers }'
done

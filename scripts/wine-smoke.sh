#!/usr/bin/env bash
# Smoke test of the Windows build under wine: chuhe.exe answers a UCCI
# session (handshake, a search from a position with moves, quit) with a
# legal best move. Skips (exit 0) when wine or the MinGW compiler is
# missing. Wine 8 (Debian 12) lacks bcryptprimitives.dll, which Windows 10
# and later have and Rust's standard library imports (ProcessPrng, its
# random source): the script builds a one-function stand-in with MinGW
# that fills the buffer from advapi32's RtlGenRandom, beside the exe.
#
#   scripts/wine-smoke.sh run [path/to/chuhe.exe]   (.ci/run calls it; builds
#   the exe first when it is missing: a few minutes)
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; run) shift ;; *) usage >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
wine=$(command -v wine64 || ls /usr/lib/wine/wine64 2>/dev/null || true)
if [ -z "$wine" ] || ! command -v x86_64-w64-mingw32-gcc > /dev/null; then
    echo "wine-smoke.sh: wine64 or x86_64-w64-mingw32-gcc missing: skipped" >&2
    exit 0
fi
exe=${1:-target/x86_64-pc-windows-gnu/release/chuhe.exe}
if [ ! -f "$exe" ]; then
    cargo build --release --bin chuhe --target x86_64-pc-windows-gnu >&2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$exe" "$work/chuhe.exe"
cat > "$work/shim.c" <<'C'
#include <windows.h>
/* RtlGenRandom, exported by advapi32 under this name */
BOOLEAN NTAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG) length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
C
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bcryptprimitives.dll" "$work/shim.c" -ladvapi32
export WINEPREFIX="$work/prefix" WINEDEBUG=-all
"$wine" wineboot -i > /dev/null 2>&1 || true
session="ucci
setoption usebook false
isready
position startpos moves h2e2 h9g7
go depth 6
"
reply=$( (printf '%s' "$session"; sleep 10; printf 'quit\n') | timeout 120 "$wine" "$work/chuhe.exe" 2> "$work/stderr" | tr -d '\r')
echo "$reply" | grep -v '^option' >&2
best=$(echo "$reply" | sed -n 's/^bestmove \([a-i][0-9][a-i][0-9]\).*/\1/p' | head -n 1)
for expected in ucciok readyok bye; do
    echo "$reply" | grep -qx "$expected" || { echo "wine-smoke.sh: no '$expected'" >&2; cat "$work/stderr" >&2; exit 1; }
done
[ -n "$best" ] || { echo "wine-smoke.sh: no bestmove" >&2; exit 1; }
# the move must be legal where it was played: the native build says so
legal=$(printf 'ucci\nposition startpos moves h2e2 h9g7 %s\nquit\n' "$best" | cargo run --release --quiet --bin chuhe 2>/dev/null | grep -c '^info string' || true)
[ "$legal" = 0 ] || { echo "wine-smoke.sh: $best is not legal" >&2; exit 1; }
echo "wine-smoke.sh: OK, chuhe.exe answered bestmove $best under $("$wine" --version)" >&2

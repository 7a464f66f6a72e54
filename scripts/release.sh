#!/usr/bin/env bash
# Builds the release archives into dist/:
#   chuhe-<version>-x86_64-linux.tar.gz   (chuhe, README.md, LICENSE)
#   chuhe-<version>-x86_64-windows.zip    (chuhe.exe, README.md, LICENSE)
# The Windows build cross-compiles with the x86_64-pc-windows-gnu target
# and MinGW-w64 (Debian: gcc-mingw-w64-x86-64); the target is added with
# rustup when missing. Takes a few minutes (two release builds).
#
#   scripts/release.sh build
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; build) ;; *) usage >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || { echo "release.sh: no version in Cargo.toml" >&2; exit 1; }
windows_target=x86_64-pc-windows-gnu

if ! command -v x86_64-w64-mingw32-gcc > /dev/null; then
    echo "release.sh: x86_64-w64-mingw32-gcc not found (Debian: apt-get install gcc-mingw-w64-x86-64)" >&2
    exit 1
fi
if ! rustup target list --installed | grep -qx "$windows_target"; then
    rustup target add "$windows_target"
fi

echo "== building chuhe $version for Linux and Windows" >&2
cargo build --release --locked --bin chuhe
cargo build --release --locked --bin chuhe --target "$windows_target"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p dist

linux="chuhe-$version-x86_64-linux"
mkdir -p "$stage/$linux"
cp target/release/chuhe README.md LICENSE "$stage/$linux/"
strip "$stage/$linux/chuhe"
tar -C "$stage" -czf "dist/$linux.tar.gz" "$linux"

windows="chuhe-$version-x86_64-windows"
mkdir -p "$stage/$windows"
cp "target/$windows_target/release/chuhe.exe" README.md LICENSE "$stage/$windows/"
x86_64-w64-mingw32-strip "$stage/$windows/chuhe.exe"
(cd "$stage" && python3 -m zipfile -c "$OLDPWD/dist/$windows.zip" "$windows")

ls -l "dist/$linux.tar.gz" "dist/$windows.zip" >&2

#!/usr/bin/env bash
# A real GUI drives chuhe: XBoard, headless under Xvfb, with chuhe behind
# H.G. Muller's UCI2WB adapter, plays a 2-game xiangqi match, saves the PGN,
# and the games are checked: both finished with a result, and every
# position the GUI sent chuhe (the moves of both sides) replays legally in
# chuhe. Debian packages: xboard, uci2wb, xvfb.
#
#   scripts/xboard-match.sh OUT_DIR [OPPONENT]
#
# OPPONENT is another UCCI engine (e.g. ElephantEye's eleeye); chuhe plays
# itself when it is left out. PROTOCOL=uci makes UCI2WB speak UCI to chuhe
# (then chuhe's UCI_Variant option is what lets XBoard offer it for
# xiangqi). TC is XBoard's -tc (default 0:20, i.e. 20 s a game) and INC its
# increment in seconds (default 0.3).
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/xboard-match.sh OUT_DIR [OPPONENT]}
opponent=${2:-}
protocol=${PROTOCOL:-ucci}
export PATH="$PATH:/usr/games"
for tool in xvfb-run xboard uci2wb; do
    command -v "$tool" > /dev/null || {
        echo "xboard-match.sh: $tool not found (Debian: apt-get install xboard uci2wb xvfb)" >&2
        exit 2
    }
done

cargo build --release --bin chuhe >&2
mkdir -p "$out"
out=$(cd "$out" && pwd)
chuhe="$PWD/target/release/chuhe"
rm -f "$out/games.pgn" "$out/chuhe.in" "$out/chuhe.out" "$out/xboard.debug"

# chuhe behind a tee, so that what the GUI sent it can be replayed
cat > "$out/chuhe-logged.sh" <<WRAP
#!/usr/bin/env bash
tee -a "$out/chuhe.in" | "$chuhe" 2>> "$out/chuhe.err" | tee -a "$out/chuhe.out"
WRAP
chmod +x "$out/chuhe-logged.sh"
case "$protocol" in
    ucci) flag=-x ;;
    uci) flag=-c ;;
    *) echo "xboard-match.sh: PROTOCOL is ucci or uci" >&2; exit 2 ;;
esac
first="uci2wb $flag $out/chuhe-logged.sh"
if [ -n "$opponent" ]; then
    second="uci2wb -x $(realpath "$opponent")"
    second_dir=$(dirname "$(realpath "$opponent")")
else
    second="uci2wb $flag $chuhe"
    second_dir=$out
fi

echo "== XBoard: $first against $second, 2 games" >&2
timeout 1200 xvfb-run -a xboard -variant xiangqi -noGUI \
    -fcp "$first" -fd "$out" -scp "$second" -sd "$second_dir" \
    -matchGames 2 -tc "${TC:-0:20}" -inc "${INC:-0.3}" -xponder \
    -autoCallFlag true -popupExitMessage false -popupMoveErrors false \
    -oldSaveStyle false -saveSettingsOnExit false -settingsFile "$out/xboardrc" \
    -saveGameFile "$out/games.pgn" -debug -nameOfDebugFile "$out/xboard.debug" \
    2>&1 | grep -v 'aplay' | tee "$out/xboard.log" >&2

echo "== checking the games" >&2
status=0
python3 - "$out" "$chuhe" > "$out/check.txt" <<'PY' || status=$?
import re, subprocess, sys
out, chuhe = sys.argv[1], sys.argv[2]
pgn = open(f"{out}/games.pgn", encoding="utf-8", errors="replace").read()
results = re.findall(r'^\[Result "([^"]*)"\]', pgn, re.M)
endings = re.findall(r'\{([^}]*)\}\s*(?:1-0|0-1|1/2-1/2)\s*$', pgn, re.M)
problems = []
if len(results) != 2:
    problems.append(f"{len(results)} games in the PGN, not 2")
for r in results:
    if r not in ("1-0", "0-1", "1/2-1/2"):
        problems.append(f"a game without a result: {r}")
for e in endings:
    if re.search(r"illegal|false|disconnect|crash|exit", e, re.I):
        problems.append(f"a game ended badly: {e}")
# every position the GUI sent chuhe must replay legally: chuhe answers
# a bad FEN or an illegal move with an 'info string'
# (UCI2WB speaks the Cyclone dialect of UCI for xiangqi: "fen F moves ..."
# without "position", and "r" for Red to move; chuhe takes both)
sent = open(f"{out}/chuhe.in").read().splitlines()
dialect = "uci" if "uci" in sent else "ucci"
positions = [l.strip() for l in sent if l.startswith(("position ", "fen ", "startpos"))]
session = dialect + "\n" + "".join(p + "\n" for p in positions) + "quit\n"
reply = subprocess.run([chuhe], input=session, capture_output=True, text=True).stdout
errors = [l for l in reply.splitlines() if l.startswith("info string")]
problems += [f"chuhe refused a position: {e}" for e in errors]
moves = max((len(p.split(" moves ")[1].split()) if " moves " in p else 0) for p in positions or [""])
if not positions:
    problems.append("the GUI sent chuhe no position")
print(f"games: {len(results)}, results: {' '.join(results)}, endings: {endings}")
print(f"positions sent to chuhe: {len(positions)}, all legal in chuhe: {not errors} "
      f"(longest move list after a FEN: {moves})")
if problems:
    print("FAILED:\n  " + "\n  ".join(problems))
    sys.exit(1)
print("OK: both games finished legally")
PY
cat "$out/check.txt"
exit $status

#!/usr/bin/env python3
"""Drive chuhe through a real third-party UCCI client: the `cchess` Python
library's `EngineManager.load_ucci`.

What cchess does (read from cchess/engine.py, version 1.25.x): it starts the
engine with its directory as the working directory, sends `ucci` (CRLF line
ends), waits for `ucciok`, sends each option as `setoption name X value Y`
(UCI syntax even in UCCI: a mixed-dialect client), then for every move
`position fen <fen>` (no move list, short FEN `<board> w|b`) and
`go <params>`, reads `info depth ...` lines and the `bestmove`, and at the
end `quit`, expecting `bye`.

This script plays a short game (default 10 moves per side) with chuhe on both
sides, checks every `bestmove` with cchess's own board (piece rules and not
leaving the king in check) and that the engine exits after `quit`.
Exit status 0 on success, 1 on any failure.

usage: client_check.py <path-to-chuhe> [moves-per-side] [depth]
"""

import signal
import sys
import time


def usage_or_exit(min_args=1):
    """`-h`/`--help`: the usage on stdout; too few arguments: on stderr, exit 2."""
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) <= min_args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    usage_or_exit()

from cchess.board import ChessBoard
from cchess.common import FULL_INIT_FEN
from cchess.engine import EngineManager, FenCache


def fail(msg):
    print(f"client-check: FAIL: {msg}", flush=True)
    sys.exit(1)


def main():
    if len(sys.argv) < 2:
        fail("usage: client_check.py <path-to-chuhe> [moves-per-side] [depth]")
    engine = sys.argv[1]
    moves_per_side = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 4

    # cchess's run_engine loops forever on an illegal or missing bestmove:
    # a watchdog turns a hang into a failure
    signal.signal(signal.SIGALRM, lambda *_: fail("timed out (engine hung or move refused)"))
    signal.alarm(120)

    manager = EngineManager(FenCache())
    ok = manager.load_ucci(engine, {"hashsize": 16, "usebook": "false"}, {"depth": depth})
    if not ok:
        fail("the engine did not complete the UCCI handshake")
    ids = manager.engine.ids
    print(f"client-check: engine id {ids}, {len(manager.engine.options)} options")
    if "name" not in ids or not ids["name"].startswith("chuhe"):
        fail(f"unexpected id lines: {ids}")

    board = ChessBoard(FULL_INIT_FEN)
    played = []
    for ply in range(2 * moves_per_side):
        fen = board.to_fen()
        action = manager.run_engine(fen)
        if action.get("action") != "bestmove":
            fail(f"ply {ply + 1}: no move from the engine: {action.get('raw_msg')}")
        iccs = action["move"]
        if not board.is_valid_iccs_move(iccs):
            fail(f"ply {ply + 1}: {iccs} breaks the piece rules in {fen}")
        frm, to = (ord(iccs[0]) - ord("a"), int(iccs[1])), (ord(iccs[2]) - ord("a"), int(iccs[3]))
        if board.is_checked_move(frm, to):
            fail(f"ply {ply + 1}: {iccs} leaves the king in check in {fen}")
        move = board.move_iccs(iccs)
        if move is None:
            fail(f"ply {ply + 1}: cchess refused {iccs} in {fen}")
        board.next_turn()
        played.append(iccs)
        if move.is_checkmate:
            print(f"client-check: checkmate after {ply + 1} plies")
            break
    print(f"client-check: {len(played)} legal moves: {' '.join(played)}")

    manager.quit()
    proc = manager.engine.process
    try:
        proc.wait(timeout=5)
    except Exception:
        proc.kill()
        fail("the engine did not exit after quit")
    signal.alarm(0)
    print("client-check: OK")


if __name__ == "__main__":
    start = time.time()
    try:
        main()
    except SystemExit:
        raise
    except Exception as e:  # cchess raises on a dead engine
        fail(f"{type(e).__name__}: {e}")
    print(f"client-check: {time.time() - start:.1f} s")

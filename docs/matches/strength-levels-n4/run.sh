#!/usr/bin/env bash
# Strength-level calibration with the default net n4 (main 3980c77's code = release build e336b56)
set -u
B=/work/bin/chuhe-main-e336b56
run() { # name A-spec B-spec
  [ -f "$1/summary.json" ] && grep -q '"games": *100' "$1/summary.json" 2>/dev/null && return
  $B arena --a "$2" --b "$3" --games 100 --random-plies 8 --seed 5641 --concurrency 1 \
    --resign-score 400 --resign-moves 3 --report-every 10 --plot-games none --quiet --resume --out "$1" 2>>"$1.log"
  echo "$(date -u +%H:%M) done $1" >> progress.log
}
run l18-vs-full "chuhe:skill=18,nodes=20000,name=level18" "chuhe:nodes=20000,name=full"
run l15-vs-full "chuhe:skill=15,nodes=20000,name=level15" "chuhe:nodes=20000,name=full"
run l13-vs-full "chuhe:skill=13,nodes=20000,name=level13" "chuhe:nodes=20000,name=full"
run l10-vs-full "chuhe:skill=10,nodes=20000,name=level10" "chuhe:nodes=20000,name=full"
run l7-vs-10 "chuhe:skill=7,nodes=20000,name=level7" "chuhe:skill=10,nodes=20000,name=level10"
run l5-vs-10 "chuhe:skill=5,nodes=20000,name=level5" "chuhe:skill=10,nodes=20000,name=level10"
run l3-vs-5 "chuhe:skill=3,nodes=20000,name=level3" "chuhe:skill=5,nodes=20000,name=level5"
run l0-vs-5 "chuhe:skill=0,nodes=20000,name=level0" "chuhe:skill=5,nodes=20000,name=level5"
echo "$(date -u +%H:%M) all done" >> progress.log

#!/usr/bin/env bash
# Adjacent pairs, so that every level is also measured where the score is not extreme
set -u
B=/work/bin/chuhe-main-e336b56
run() {
  $B arena --a "$2" --b "$3" --games 100 --random-plies 8 --seed 5641 --concurrency 1 \
    --resign-score 400 --resign-moves 3 --report-every 10 --plot-games none --quiet --resume --out "$1" 2>>"$1.log"
  echo "$(date -u +%H:%M) done $1" >> progress.log
}
run l10-vs-13 "chuhe:skill=10,nodes=20000,name=level10" "chuhe:skill=13,nodes=20000,name=level13"
run l5-vs-7 "chuhe:skill=5,nodes=20000,name=level5" "chuhe:skill=7,nodes=20000,name=level7"
run l0-vs-3 "chuhe:skill=0,nodes=20000,name=level0" "chuhe:skill=3,nodes=20000,name=level3"
echo "$(date -u +%H:%M) run2 done" >> progress.log

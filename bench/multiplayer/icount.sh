#!/bin/sh
# Instructions per call of a multiplayer operation (see icount.mjs), by the difference of two
# runs under valgrind:  [MESSAGES="move chat state"] [SEED=1] sh bench/multiplayer/icount.sh [low=500] [high=2500]
# V8's hash and random seeds are fixed (SEED): with random ones one build's `chat` receive gave
# 4,432 and 5,122 instructions per call in two runs; with fixed ones runs agree within a few.
# Seeds still move a figure by about 100: compare builds on a few seeds.
set -eu
here=$(dirname "$0")
. "$here/../scripts/instructions.sh"
count() { instructions --hash-seed="${SEED:-1}" --random-seed="${SEED:-1}" "$here/icount.mjs" "$1" "$2" "$3"; }
lo=${1:-500}
hi=${2:-2500}
for message in ${MESSAGES:-move chat state}; do
  for op in encode pack receive unpack; do
    a=$(count "$message" "$op" "$lo")
    b=$(count "$message" "$op" "$hi")
    echo "$message $op: $(( (b - a) / (hi - lo) )) instructions per call"
  done
done

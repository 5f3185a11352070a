#!/bin/sh
# Instructions per call of a multiplayer operation (see icount.mjs), by the difference of two
# runs under valgrind:  [MESSAGES="move chat state"] sh bench/multiplayer/icount.sh [low=500] [high=2500]
set -eu
here=$(dirname "$0")
count() {
  valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
    node --single-threaded "$here/icount.mjs" "$1" "$2" "$3" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,
}
lo=${1:-500}
hi=${2:-2500}
for message in ${MESSAGES:-move chat state}; do
  for op in encode pack receive unpack; do
    a=$(count "$message" "$op" "$lo")
    b=$(count "$message" "$op" "$hi")
    echo "$message $op: $(( (b - a) / (hi - lo) )) instructions per call"
  done
done

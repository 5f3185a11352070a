#!/bin/sh
# Instructions per call of one operation with one core build (see icount.mjs):
#   sh bench/scripts/icount.sh <core/index.js> <godot-3|godot-4> <workload> <decode|encode|encode-into> [low=10] [high=40]
set -eu
here=$(dirname "$0")
count() {
  valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
    node --single-threaded ${ICOUNT_NODE_FLAGS:-} "$here/icount.mjs" "$1" "$2" "$3" "$4" "$5" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,
}
lo=${5:-10}
hi=${6:-40}
a=$(count "$1" "$2" "$3" "$4" "$lo")
b=$(count "$1" "$2" "$3" "$4" "$hi")
echo "$1 $2 $3 $4: $(( (b - a) / (hi - lo) )) instructions per call"

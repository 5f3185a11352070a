#!/bin/sh
# Instructions per call of auto-detect's decodeAny or detect with one build (see icount-auto.mjs):
#   sh bench/scripts/icount-auto.sh <auto-detect.js> <godot-3|godot-4> <workload|nil-records> <decodeAny|detect> [low=10] [high=40]
set -eu
here=$(dirname "$0")
. "$here/instructions.sh"
count() { instructions "$here/icount-auto.mjs" "$1" "$2" "$3" "$4" "$5"; }
lo=${5:-10}
hi=${6:-40}
a=$(count "$1" "$2" "$3" "$4" "$lo")
b=$(count "$1" "$2" "$3" "$4" "$hi")
echo "$1 $2 $3 $4: $(( (b - a) / (hi - lo) )) instructions per call"

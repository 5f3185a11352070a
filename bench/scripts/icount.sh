#!/bin/sh
# Instructions per call of one operation with one core build (see icount.mjs):
#   sh bench/scripts/icount.sh <core/index.js> <godot-3|godot-4> <workload> <decode|encode|encode-into> [low=10] [high=40]
set -eu
here=$(dirname "$0")
. "$here/instructions.sh"
count() { instructions "$here/icount.mjs" "$1" "$2" "$3" "$4" "$5"; }
lo=${5:-10}
hi=${6:-40}
a=$(count "$1" "$2" "$3" "$4" "$lo")
b=$(count "$1" "$2" "$3" "$4" "$hi")
echo "$1 $2 $3 $4: $(( (b - a) / (hi - lo) )) instructions per call"

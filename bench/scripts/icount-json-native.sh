#!/bin/sh
# Instructions per call of readJsonNative / writeJsonNative with one godot-4 build (see
# icount-json-native.mjs):
#   sh bench/scripts/icount-json-native.sh <godot-4/dist/index.js> <workload> <read|write|json|decode> [low=10] [high=30] [elements=4096]
set -eu
here=$(dirname "$0")
. "$here/instructions.sh"
count() { instructions "$here/icount-json-native.mjs" "$1" "$2" "$3" "$4" "$5"; }
lo=${4:-10}
hi=${5:-30}
el=${6:-4096}
a=$(count "$1" "$2" "$3" "$lo" "$el")
b=$(count "$1" "$2" "$3" "$hi" "$el")
echo "$1 $2 $3 ($el numbers): $(( (b - a) / (hi - lo) )) instructions per call"

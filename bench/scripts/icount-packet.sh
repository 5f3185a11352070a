#!/bin/sh
# Instructions per call of one small-packet operation with one core build (see icount-packet.mjs):
#   sh bench/scripts/icount-packet.sh <core/index.js> <nil|dict4> <encode-into|encode|decode>
set -eu
here=$(dirname "$0")
. "$here/instructions.sh"
count() { instructions "$here/icount-packet.mjs" "$1" "$2" "$3" "$4"; }
a=$(count "$1" "$2" "$3" 10000)
b=$(count "$1" "$2" "$3" 110000)
echo "$1 $2 $3: $(( (b - a) / 100000 )) instructions per call"

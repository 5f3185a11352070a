#!/bin/sh
# Instructions per string of one UTF-8 candidate (see utf8-icount.mjs):
#   LIM=16 sh bench/micro/utf8-icount.sh general string-array 16000
set -eu
here=$(dirname "$0")
. "$here/../scripts/instructions.sh"
c() { instructions "$here/utf8-icount.mjs" "$1" "$2" "$3"; }
a=$(c "$1" 5 "$2")
b=$(c "$1" 25 "$2")
echo "$1 $2: $(( (b - a) / 20 / $3 )) instructions per string"

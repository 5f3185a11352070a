#!/bin/sh
# Instructions per call of one operation with one core build, in one run (see icount.mjs): the
# calls from `low` to `high` counted by callgrind between two os.getPriority() calls
# (--dump-before), instead of the difference of two runs (icount.sh). Half the valgrind time
# (a Node start-up under valgrind costs more than the calls of most workloads) and no exit in
# the count.
#   sh bench/scripts/icount-once.sh <core/index.js> <godot-3|godot-4> <workload> <decode|encode|...> [low=10] [high=40]
# Extra node flags come from ICOUNT_NODE_FLAGS (e.g. "--random-seed=1 --hash-seed=1").
set -eu
here=$(dirname "$0")
lo=${5:-10}
hi=${6:-40}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --smc-check=all-non-file --dump-instr=no --collect-jumps=no \
  --dump-before=getpriority --callgrind-out-file="$out/cg" \
  node --single-threaded ${ICOUNT_NODE_FLAGS:-} "$here/icount.mjs" "$1" "$2" "$3" "$4" "$lo" "$hi" >/dev/null 2>&1
# cg.1: start-up to the first getPriority; cg.2: the counted calls; cg: the rest.
n=$(sed -n 's/^totals: *//p' "$out/cg.2")
echo "$1 $2 $3 $4: $(( n / (hi - lo) )) instructions per call"

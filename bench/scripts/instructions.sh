# Sourced by the icount scripts: `instructions <node arguments...>` prints the instructions a
# `node --single-threaded` run executes under cachegrind (no cache simulation). Extra node flags
# come from ICOUNT_NODE_FLAGS (e.g. "--random-seed=1 --hash-seed=1" for counts that repeat).
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
    node --single-threaded ${ICOUNT_NODE_FLAGS:-} "$@" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,
}

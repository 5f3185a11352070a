// The floor under plain-JS decode and encode of a workload: the least a JS reader and writer of
// the Godot wire format must do in this V8. The decode floor makes only the strings, objects,
// arrays, bigints and views of decodeJS's result (from a plan made once): every String from its
// bytes as core makes it without the checks (floor-lib.mjs), a dictionary key that comes again in
// the value made once per call (as a one-off decode's key cache), and with `decode-floor-keys`
// every key made once and reused across calls, as a codec object reuses them. The encode floor writes
// the same bytes as `encode(plain)` (checked first) into one kept buffer, with no checks, no
// growth and no result buffer of its own (msgpackr's Packr returns a view of its buffer too).
// Every workload: nil, bool, int (64-bit ones as bigints past 2^53, as decodeJS), float, String,
// Vector2/3, Color, Array (typed ones of a builtin type too), Dictionary with String keys and the
// packed float arrays (a Float32Array view, as decodeJS). Beside them, paired in rounds: the codec
// object, the functions and msgpackr's kept Packr.
//   node bench/scripts/js-floor.mjs godot-4 small-message          # wall clock, interleaved
//   valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
//     node --single-threaded bench/scripts/js-floor.mjs godot-4 small-message decode-floor 20000
// (with two iteration counts, as icount.sh: the difference is the instructions per call;
// subjects decode-floor, decode-floor-keys, encode-floor, codec-decode-js, codec-encode,
// decode-js, encode-js, unpack, pack, decode, tagged-floor; `check` only checks the floors).
// floor-table.mjs counts them all into one table. Wall mode: FLOOR_SUBJECTS=a,b times only these,
// FLOOR_CLOCK=cpu gives CPU time instead.
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { dialects } = await import("../src/subjects.mjs");
const { rounds } = await import("./rounds.mjs");
const { countedCalls, floors, workload } = await import("./floor-lib.mjs");
const { Packr } = await import("msgpackr");

const [format = "godot-4", name = "small-message", only, iterations] = process.argv.slice(2);
const g = dialects[format];
const bytes = workload(format, name);
const { plain, decodeFloor, decodeFloorKeys, taggedFloor, encodeFloor, check } = floors(g, bytes);
// Counted runs skip the checks (floor-table.mjs runs `check` once per workload, unCounted).
if (only === undefined || only === "check") check();
if (only === "check") process.exit(0);

const codec = g.createCodec();
const packr = new Packr({ useRecords: false });
const packed = packr.pack(plain);
const subjects = {
  "decode-floor": () => decodeFloor(bytes),
  "decode-floor-keys": () => decodeFloorKeys(bytes),
  "codec-decode-js": () => codec.decodeJS(bytes),
  "decode-js": () => g.decodeJS(bytes),
  "tagged-floor": () => taggedFloor(bytes),
  decode: () => g.decode(bytes),
  unpack: () => packr.unpack(packed),
  "encode-floor": () => encodeFloor(plain),
  "codec-encode": () => codec.encode(plain),
  "encode-js": () => g.encode(plain),
  pack: () => packr.pack(plain),
};

if (only !== undefined) {
  countedCalls(subjects[only], Number(iterations ?? 1000));
} else {
  // FLOOR_SUBJECTS=a,b: time only these; FLOOR_CLOCK=cpu: this process's CPU time, not wall.
  const picked = process.env.FLOOR_SUBJECTS?.split(",");
  const clock = process.env.FLOOR_CLOCK ?? "wall";
  const times = rounds(
    Object.fromEntries(
      Object.entries(subjects).filter(([k]) =>
        picked ? picked.includes(k) : k !== "decode" && k !== "tagged-floor",
      ),
    ),
    { count: 7, ms: 200, warmup: 1, clock },
  );
  if (picked) {
    const floor = times["decode-floor"] ?? times["encode-floor"];
    console.log(
      `${format}/${name}, ${clock} µs per call (median of 7 rounds${floor ? ", ÷ floor" : ""}): ` +
        Object.entries(times)
          .map(([k, t]) => `${k} ${t[3].toFixed(2)}${floor ? ` (${(t[3] / floor[3]).toFixed(2)}×)` : ""}`)
          .join(", "),
    );
    process.exit(0);
  }
  const med = (k) => times[k][3];
  const us = (k) => med(k).toFixed(2);
  const x = (a, b) => `${(med(a) / med(b)).toFixed(2)}x`;
  console.log(
    `${format}/${name}, ${clock} µs (median of 7 rounds) and ÷ floor:\n` +
      `  decode: floor ${us("decode-floor")} (keys reused ${us("decode-floor-keys")}), codec.decodeJS ${us("codec-decode-js")} (${x("codec-decode-js", "decode-floor")}), ` +
      `decodeJS ${us("decode-js")} (${x("decode-js", "decode-floor")}), msgpackr unpack ${us("unpack")} (${x("unpack", "decode-floor")})\n` +
      `  encode: floor ${us("encode-floor")}, codec.encode ${us("codec-encode")} (${x("codec-encode", "encode-floor")}), ` +
      `encode ${us("encode-js")} (${x("encode-js", "encode-floor")}), msgpackr pack ${us("pack")} (${x("pack", "encode-floor")})`,
  );
}

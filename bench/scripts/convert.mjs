#!/usr/bin/env node
// convertValue (3.x -> 4.x migration, `gdvariant convert`) against decoding the source and
// encoding the result, paired in one process (issue 33): the 3.x nested mix (~100 KB, Godot
// 3.2.3's bytes) and string-int dictionary, decoded once and converted again and again. Times
// are medians over interleaved batches; the ratio is paired per batch (src/measure.mjs).
//   node bench/scripts/convert.mjs [nested-mix,string-int-dict]
const { readFileSync } = await import("node:fs");
const core = await import("@gdvariant/core");
const g3 = await import("@gdvariant/godot-3");
const g4 = await import("@gdvariant/godot-4");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const names = (process.argv[2] ?? "nested-mix,string-int-dict").split(",");
const target = g4.godot4Dialect();
for (const name of names) {
  const bytes = new Uint8Array(readFileSync(new URL(`../workloads/godot-3/${name}.bin`, import.meta.url)));
  const value = g3.decode(bytes);
  const converted = core.convertValue(value, target).value;
  const m = measureAll(
    [
      { name: "convert", fn: () => core.convertValue(value, target) },
      { name: "decode+encode", fn: () => g4.encode(core.convertValue(g3.decode(bytes), target).value) },
      { name: "decode", fn: () => g3.decode(bytes) },
      { name: "encode", fn: () => g4.encode(converted) },
    ],
    { warmupMs: 300, sampleMs: 60, samples: 9 },
  );
  const ms = (k) => m.get(k).msPerOp.toFixed(3);
  // decode + encode alone, per batch: the sum of the two medians' samples.
  const de = m.get("decode").perSample.map((t, i) => t + m.get("encode").perSample[i]);
  console.log(
    `godot-3 ${name} -> godot-4: ms convertValue ${ms("convert")} | decode ${ms("decode")} encode ${ms("encode")} | ` +
      `decode+convert+encode ${ms("decode+encode")} | convertValue ÷ (decode + encode) ${pairedRatio(m.get("convert").perSample, de).toFixed(2)}x`,
  );
}

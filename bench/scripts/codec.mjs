#!/usr/bin/env node
// Codec objects (createCodec) against msgpackr's kept Packr, paired in one process (issue 33):
// the small message decoded and encoded again and again, and over 64 distinct messages (each key
// suffixed by the message's number), and the dictionary and string-array workloads; the stateless
// functions beside them. Every subject makes or takes the same JS value. The small message is
// decoded in two wire forms: the engine's 148 bytes (its `pos` a Vector2, which decodeJS makes
// {x, y}), and the 184 bytes `encode` writes for that plain value (`pos` a Dictionary of two
// floats, what a gdvariant peer sending plain objects writes); encode always writes the latter. Times are medians over 15 interleaved batches; ratios are
// paired per batch (src/measure.mjs).
//   node bench/scripts/codec.mjs [godot-4|godot-3] [--only=small,dict,strings]   (each row in a process of its own)
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { readFileSync } = await import("node:fs");
const { isDeepStrictEqual } = await import("node:util");
const format = process.argv.find((a) => a.startsWith("godot-")) ?? "godot-4";
const only = (process.argv.find((a) => a.startsWith("--only=")) ?? "--only=small,dict,strings")
  .slice(7)
  .split(",");
const g = await import(`@gdvariant/${format}`);
const { Packr } = await import("msgpackr");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const load = (name) =>
  new Uint8Array(readFileSync(new URL(`../workloads/${format}/${name}.bin`, import.meta.url)));

// `wires`: the bytes decoded (default: what encode writes for each message), each checked to
// decode to the message.
function run(label, messages, opts, wires = messages.map((m) => g.encode(m))) {
  const n = messages.length;
  const ours = wires;
  for (let k = 0; k < n; k++) {
    if (!isDeepStrictEqual(g.decodeJS(ours[k]), messages[k]))
      throw new Error(`${label}: wire ${k} is not its message`);
  }
  const packr = new Packr({ useRecords: false });
  const theirs = messages.map((m) => packr.pack(m));
  const codec = g.createCodec();
  let i = 0;
  const next = () => (n === 1 ? 0 : i++ % n);
  const m = measureAll(
    [
      { name: "decodeJS", fn: () => g.decodeJS(ours[next()]) },
      { name: "codec.decodeJS", fn: () => codec.decodeJS(ours[next()]) },
      { name: "unpack", fn: () => packr.unpack(theirs[next()]) },
      { name: "encode", fn: () => g.encode(messages[next()]) },
      { name: "codec.encode", fn: () => codec.encode(messages[next()]) },
      { name: "pack", fn: () => packr.pack(messages[next()]) },
    ],
    opts,
  );
  const us = (k) => (m.get(k).msPerOp * 1000).toFixed(2);
  const r = (a, b) => pairedRatio(m.get(a).perSample, m.get(b).perSample).toFixed(2);
  console.log(
    `${format} ${label}: µs decodeJS ${us("decodeJS")} codec ${us("codec.decodeJS")} unpack ${us("unpack")} | ` +
      `encode ${us("encode")} codec ${us("codec.encode")} pack ${us("pack")} | ` +
      `÷ msgpackr: codec.decodeJS ${r("codec.decodeJS", "unpack")}x, decodeJS ${r("decodeJS", "unpack")}x, ` +
      `codec.encode ${r("codec.encode", "pack")}x, encode ${r("encode", "pack")}x`,
  );
}

const small = { warmupMs: 200, sampleMs: 40, samples: 15 };
const big = { warmupMs: 300, sampleMs: 60, samples: 9 };
const smallRows = () => {
  const file = load("small-message");
  const base = g.decodeJS(file);
  const distinct = () =>
    Array.from({ length: 64 }, (_, i) =>
      Object.fromEntries(Object.entries(base).map(([k, v]) => [`${k}${i}`, v])),
    );
  // The engine's form of the 64: the model's keys suffixed, its Vector2 kept.
  const engineWires = () => {
    const model = g.decode(file);
    return Array.from({ length: 64 }, (_, i) =>
      g.encode({
        ...model,
        entries: model.entries.map(([k, v]) => [{ kind: "string", value: `${k.value}${i}` }, v]),
      }),
    );
  };
  return [
    () => run(`small-message (${file.length} B, the engine's), one message`, [base], small, [file]),
    () => run("small-message (the engine's), 64 distinct", distinct(), small, engineWires()),
    () => run(`small-message (${g.encode(base).length} B, encode's), one message`, [base], small),
    () => run("small-message (encode's), 64 distinct", distinct(), small),
  ];
};
const rows = [
  ...(only.includes("small") ? smallRows() : []),
  ...(only.includes("dict")
    ? [() => run("string-int-dict", [g.decodeJS(load("string-int-dict"))], big)]
    : []),
  ...(only.includes("strings") ? [() => run("string-array", [g.decodeJS(load("string-array"))], big)] : []),
];
// Each row in a process of its own (--row=K runs row K here): in one process the rows ran one
// after another, and a row's ratios moved with the rows before it (the same one-message encode
// read 1.12-1.15x as the first row and 0.84-0.92x as the third, the JIT's type feedback of the
// 64-distinct rows between them).
const row = process.argv.find((a) => a.startsWith("--row="));
if (row !== undefined) rows[Number(row.slice(6))]();
else {
  const { execFileSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const self = fileURLToPath(import.meta.url);
  for (let k = 0; k < rows.length; k++) {
    execFileSync(process.execPath, [self, format, `--only=${only.join(",")}`, `--row=${k}`], {
      stdio: "inherit",
    });
  }
}

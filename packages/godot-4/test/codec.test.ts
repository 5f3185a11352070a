// The codec object gives exactly what the stateless functions give (values, bytes, errors) on
// every engine fixture and cuts of them, with one codec per option set kept across all of them.
import { createCodec, decode, decodeJS, encode, encodeInto } from "@gdvariant/godot-4";
import { value4 } from "@gdvariant/test-support/arbitraries";
import { checkCodec, describeCodec } from "@gdvariant/test-support/codec-check";
import { describe, expect, it } from "vitest";
import { allValueFixtures } from "./support/fixtures.js";

const fns = { decode, decodeJS, encode, encodeInto };

describe("createCodec", () => {
  it("is the stateless functions on every engine fixture and its cuts, kept across all of them", () => {
    const cases = allValueFixtures().map((f) => ({
      label: `${f.file} ${f.label}`,
      bytes: f.bytes,
      options: { allowObjects: f.full },
    }));
    const r = checkCodec(cases, createCodec, fns, 4);
    expect(r.difference).toBeUndefined();
    expect(r.values).toBeGreaterThan(4000);
    expect(r.errors).toBeGreaterThan(10000);
  }, 300_000);

  it("writes for its target as encode does", () => {
    const v = { kind: "vector2", x: 0.1, y: 0.2 } as const;
    const o = { precision: "double" } as const;
    expect(createCodec(o).encode(v)).toEqual(encode(v, o));
    expect(createCodec(o).encode(v)).not.toEqual(encode(v));
    expect(() => createCodec({ version: "9.9" as "4.6" })).toThrow(
      expect.objectContaining({ code: "invalid-value" }),
    );
  });

  it("hands out what outgrew its chunk without writing there again", () => {
    // Values past the chunk, some at least half of the buffer they grew into (a view of it) and
    // some not (a copy), among small ones, every result held to the end.
    const codec = createCodec({ chunkSize: 1024 });
    const values: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      const n = [1, 30, 70, 200, 600][i % 5]!;
      values.push(Array.from({ length: n }, (_, j) => `s${i}-${j}${"é".repeat(j % 7)}`));
      values.push({ a: i, b: `x${i}` });
    }
    const held = values.map((v) => codec.encode(v));
    let views = 0;
    held.forEach((bytes, i) => {
      expect(bytes).toEqual(encode(values[i]));
      if (bytes.length > 1024 && bytes.buffer.byteLength > bytes.length) views++;
    });
    expect(views).toBeGreaterThan(0);
  });

  describeCodec(createCodec, fns, value4());
});

// Each codec declares its payload layout as data (Codec.layout, dialect/layout.ts); the reader's
// fast cases and the codecs' decode read the same bytes. Proven here: the parts the reader
// reports (`onPart`) tile every value's bytes with its nested values' spans, on every Godot
// 4.6.3 vector and on random values of three dialects, and the numbers in the parts are the
// decoded ones.
import { readFileSync } from "node:fs";
import {
  createDialect,
  type Dialect,
  decodeWith,
  encodeWith,
  type Layout,
  PART,
  type Part,
  type Value,
} from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import { checkLayouts } from "@gdvariant/test-support/layout-check";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PartEnum } from "../src/dialect/layout.js";
import { DIALECTS_WITH_LEAVES, modern, unhex } from "./support/dialects.js";

const FIXTURES = readFileSync(new URL("./fixtures/godot-4.6.3-vectors.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split(" ") as [string, string])
  .filter(([l]) => !l.startsWith("filestore") && !l.startsWith("streampeer"));

function check(d: Dialect, bytes: Uint8Array) {
  return checkLayouts((listeners) => decodeWith(d, bytes, { allowObjects: true, ...listeners }));
}

describe("declared layouts and the reader agree", () => {
  it("on every Godot 4.6.3 vector", () => {
    let parts = 0;
    for (const [label, h] of FIXTURES) {
      const r = check(modern, unhex(h));
      expect(r.problem, label).toBeUndefined();
      parts += r.parts;
    }
    expect(parts).toBeGreaterThan(FIXTURES.length * 2);
  });

  it("on random values of 4.x single and double, and a 2.x-like table", () => {
    for (const [d, leaves] of DIALECTS_WITH_LEAVES) {
      fc.assert(
        fc.property(valueArb(leaves, { depth: 4 }), (v) => {
          let bytes: Uint8Array;
          try {
            bytes = encodeWith(d, v);
          } catch {
            return;
          }
          expect(check(d, bytes).problem).toBeUndefined();
        }),
        { numRuns: 300, seed: 34 },
      );
    }
  });

  it("finds a layout that leaves out a field or reads one too many", () => {
    const bytes = encodeWith(modern, ["abc", { kind: "vector2", x: 1, y: 2 }]);
    const broken = (id: number, layout: Layout) =>
      createDialect({
        ...modern,
        codecs: modern.codecs.flatMap((c) =>
          c === undefined ? [] : [c.wireId === id ? { ...c, layout } : c],
        ),
      });
    expect(check(modern, bytes).problem).toBeUndefined();
    expect(check(broken(4, []), bytes).problem).toMatch(/string .* are in no part/);
    expect(check(broken(5, [{ t: "reals", n: 3 }]), bytes).problem).toMatch(/overlaps|past/);
  });

  it("reports the numbers the reader decoded (counts, reals, string lengths)", () => {
    const value: Value = {
      kind: "array",
      items: [
        { kind: "vector3", x: 1.5, y: -2, z: 8 },
        { kind: "string", value: "héllo" },
        { kind: "packedInt32Array", data: new Int32Array([7, 8, 9]) },
        { kind: "int", value: 2 ** 40 },
      ],
    };
    const bytes = encodeWith(modern, value);
    const parts: Part[] = [];
    decodeWith(modern, bytes, { onPart: (p) => parts.push(p) });
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const floats = parts.filter((p) => p.kind === "float");
    expect(floats.map((p) => [p.end - p.start, p.value])).toEqual([[12, 4]]);
    expect([0, 4, 8].map((i) => view.getFloat32(floats[0]!.start + i, true))).toEqual([1.5, -2, 8]);
    expect(parts.filter((p) => p.kind === "length").map((p) => p.value)).toEqual([6]);
    expect(parts.filter((p) => p.kind === "text").map((p) => p.end - p.start)).toEqual([6]);
    expect(parts.filter((p) => p.kind === "padding").map((p) => [p.end - p.start, p.value])).toEqual([
      [2, 2],
    ]);
    expect(parts.filter((p) => p.kind === "count").map((p) => p.value)).toEqual([3, 4]);
    const ints = parts.filter((p) => p.kind === "int");
    expect(ints.map((p) => [p.end - p.start, p.value])).toEqual([
      [12, 4],
      [8, 8],
    ]);
    expect(parts.filter((p) => p.kind === "header")).toHaveLength(5);
  });
});

// The walkers use the enum PartEnum (the bundler writes its values at each use); users see PART.
describe("PartEnum", () => {
  it("is PART, member for member", () => {
    const numbers = Object.entries(PartEnum).filter(([, v]) => typeof v === "number");
    expect(Object.fromEntries(numbers)).toEqual(PART);
  });
});

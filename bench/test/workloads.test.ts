// The benchmark workloads are real engine output (Godot 3.2.3 and 4.6.3, workloads/make-*.gd):
// decoding them takes every inline path of the decoder (scalars, vectors, colors, strings,
// dictionary keys read again from records of one shape, packed and typed arrays). Checked both
// ways against the engine's bytes: encoding the decoded value gives the engine's bytes back,
// and the inline decode gives the same value as the per-value path (taken with `onSpan`).
// decodeAny, whose walk builds the value of the large ones itself, gives the same value, and
// encoding it gives the engine's bytes back too; so does decodeAny of them as a store_var record.
import { readFileSync } from "node:fs";
import { decodeAny } from "@gdvariant/auto-detect";
import { equals } from "@gdvariant/core";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";

const manifest = JSON.parse(readFileSync(new URL("../workloads/manifest.json", import.meta.url), "utf8")) as {
  engines: Record<string, { workloads: Record<string, { bytes: number }> }>;
};
const dialects = { "godot-3": godot3, "godot-4": godot4 } as const;

// Index of the first byte that differs (or the shorter length), -1 when equal: a 1 MiB
// `toEqual` of typed arrays takes seconds.
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

describe("engine-made workloads", () => {
  for (const [format, engine] of Object.entries(manifest.engines)) {
    const g = dialects[format as keyof typeof dialects];
    for (const [name, info] of Object.entries(engine.workloads)) {
      it(`${format}/${name}: the engine's bytes back from encode, the same value on both decode paths`, () => {
        const bytes = new Uint8Array(
          readFileSync(new URL(`../workloads/${format}/${name}.bin`, import.meta.url)),
        );
        expect(bytes.length).toBe(info.bytes);
        const value = g.decode(bytes);
        expect(firstDifference(g.encode(value), bytes)).toBe(-1);
        let spans = 0;
        const slow = g.decode(bytes, { onSpan: () => spans++ });
        expect(spans).toBeGreaterThan(0);
        expect(equals(value, slow)).toBe(true);
        const any = decodeAny(bytes);
        expect(equals(value, any)).toBe(true);
        expect(firstDifference(g.encode(any), bytes)).toBe(-1);
        // The same bytes as one store_var record (a u32 length, then the value), whose value
        // the walk builds too.
        const record = new Uint8Array(bytes.length + 4);
        new DataView(record.buffer).setUint32(0, bytes.length, true);
        record.set(bytes, 4);
        const fromRecord = decodeAny(record, { framings: ["length-prefixed"] });
        expect(equals(value, fromRecord)).toBe(true);
        expect(firstDifference(g.encode(fromRecord), bytes)).toBe(-1);
      });
    }
  }
});

// Plain JavaScript both ways against the engine: where a plain value holds the engine's value
// exactly (String keys and 32-bit ints, Strings), decodeJS then encode of the plain value gives
// the engine's bytes back: the writer's plain-JS path (no model made) checked on engine output.
describe("plain JavaScript of engine-made workloads", () => {
  for (const format of ["godot-3", "godot-4"] as const) {
    for (const name of ["string-int-dict", "string-array"]) {
      it(`${format}/${name}: encode(decodeJS(bytes)) is the engine's bytes`, () => {
        const g = dialects[format];
        const bytes = new Uint8Array(
          readFileSync(new URL(`../workloads/${format}/${name}.bin`, import.meta.url)),
        );
        const plain = g.decodeJS(bytes);
        expect(typeof plain).toBe("object");
        expect(firstDifference(g.encode(plain), bytes)).toBe(-1);
      });
    }
  }
});

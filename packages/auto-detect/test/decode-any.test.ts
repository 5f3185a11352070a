// decodeAny has its own path (no evidence texts, the value decoded once) and falls back to detect
// only when the answer is not a plain value. Whatever the path, it must answer what detect's
// result says: the best reading's value, or the documented error (nothing fits with the closest
// reading's code and offset, another kind of file, full objects, different values).

import { decodeAny, detect } from "@gdvariant/auto-detect";
import { DecodeError, equals } from "@gdvariant/core";
import { encode as encode3 } from "@gdvariant/godot-3";
import { encode as encode4 } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types, run against the built package.
import { encodedCases, engineCases } from "../scripts/evaluate.mjs";
import { disagreements, expected, jsDisagreements, type Options } from "./support/agreement.js";

/** Each input cut short at a few places and with one word overwritten: mostly near misses. */
function damaged(cases: { label: string; input: unknown }[]): { label: string; input: Uint8Array }[] {
  const out: { label: string; input: Uint8Array }[] = [];
  for (const c of cases) {
    if (!(c.input instanceof Uint8Array) || c.input.length < 8) continue;
    const b = c.input;
    for (const cut of [1, 4, b.length >> 1])
      out.push({ label: `${c.label} cut ${cut}`, input: b.subarray(0, b.length - cut) });
    const bad = b.slice();
    new DataView(bad.buffer).setUint32((b.length >> 3) << 2, 0xfffffff7, true);
    out.push({ label: `${c.label} corrupt`, input: bad });
  }
  return out;
}

describe("decodeAny answers what detect says", () => {
  const engine = (engineCases("random") as { label: string; input: unknown; source: string }[]).map((c) => ({
    label: `${c.source} ${c.label}`,
    input: c.input,
  }));
  const encoder = (encodedCases(60) as { label: string; input: unknown; source: string }[]).map((c) => ({
    label: `${c.source} ${c.label}`,
    input: c.input,
  }));

  it("covers values, errors and ambiguity", () => {
    let values = 0;
    let errors = 0;
    let ambiguous = 0;
    for (const c of engine) {
      const r = detect(c.input);
      if (r.ambiguous) ambiguous++;
      if ("value" in expected(c.input, {})) values++;
      else errors++;
    }
    expect(values).toBeGreaterThan(1000);
    expect(errors).toBeGreaterThan(10);
    expect(ambiguous).toBeGreaterThan(100);
  });

  it("engine dumps of all three generations (raw, store_var, base64, engine files)", () => {
    expect(disagreements(engine, {})).toEqual([]);
  });

  it("engine dumps with ambiguous: best, allowObjects, one framing or fewer dialects", () => {
    for (const options of [
      { ambiguous: "best" },
      { allowObjects: true },
      { framings: ["raw"] },
      { framings: ["length-prefixed", "base64"] },
      { dialects: ["godot-3", "legacy-2"] },
      { maxCollectionLength: 3 },
    ] as Options[]) {
      expect(disagreements(engine, options), JSON.stringify(options)).toEqual([]);
    }
  });

  it("encoder dumps of random values", () => {
    expect(disagreements(encoder, {})).toEqual([]);
    expect(disagreements(encoder, { ambiguous: "best", allowObjects: true })).toEqual([]);
  });

  it("decodeAnyJS is exactly toJS(decodeAny(...)): values and errors, both dictionary modes", () => {
    const bad = damaged(engine.filter((_, i) => i % 4 === 0));
    for (const options of [
      {},
      { dictionaries: "map" },
      { ambiguous: "best", allowObjects: true },
    ] as (Options & {
      dictionaries?: "map";
    })[]) {
      expect(jsDisagreements(engine, options), JSON.stringify(options)).toEqual([]);
      expect(jsDisagreements(encoder, options), JSON.stringify(options)).toEqual([]);
      expect(jsDisagreements(bad, options), JSON.stringify(options)).toEqual([]);
    }
  });

  it("truncated and corrupted dumps", () => {
    const bad = damaged([...engine.filter((_, i) => i % 4 === 0), ...encoder]);
    expect(bad.length).toBeGreaterThan(1000);
    expect(disagreements(bad, {})).toEqual([]);
    expect(disagreements(bad, { ambiguous: "best" })).toEqual([]);
  });
});

describe("decodeAny on large packed arrays", () => {
  const floats = new Float32Array(65536).map((_, i) => Math.sin(i) * 100);
  const vectors = new Float32Array(3 * 20000).map((_, i) => i * 0.25 - 7);
  const cases: [string, Uint8Array][] = [
    ["4.x PackedFloat32Array", encode4({ kind: "packedFloat32Array", data: floats })],
    ["3.x PoolRealArray", encode3({ kind: "packedFloat32Array", data: floats })],
    ["4.x PackedVector3Array", encode4({ kind: "packedVector3Array", data: vectors })],
    ["3.x PoolVector3Array", encode3({ kind: "packedVector3Array", data: vectors })],
  ];

  for (const [name, bytes] of cases) {
    it(`${name}: the value detect finds, and the same errors when cut or miscounted`, () => {
      const value = decodeAny(bytes);
      expect(equals(value, detect(bytes).best!.value!)).toBe(true);
      expect((value as { data: Float32Array }).data.length).toBe(
        name.includes("Vector3") ? vectors.length : floats.length,
      );
      const miscounted = bytes.slice();
      const view = new DataView(miscounted.buffer);
      view.setUint32(4, view.getUint32(4, true) + 1, true);
      const inputs = [
        { label: "whole", input: bytes },
        { label: "cut by 4", input: bytes.subarray(0, bytes.length - 4) },
        { label: "cut by 1", input: bytes.subarray(0, bytes.length - 1) },
        { label: "4 extra bytes", input: Uint8Array.from([...bytes, 0, 0, 0, 0]) },
        { label: "count one too many", input: miscounted },
      ];
      expect(disagreements(inputs, {})).toEqual([]);
      expect(() => decodeAny(bytes.subarray(0, bytes.length - 4))).toThrow(DecodeError);
    });
  }
});

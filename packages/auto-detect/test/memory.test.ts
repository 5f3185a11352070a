// What detect holds on the heap for a file of many tiny records, and that readings sharing their
// values still each give their own dialect's reading.
import { detect } from "@gdvariant/auto-detect";
import { equals, readStoreVarFile, type Value, writeStoreVarFile } from "@gdvariant/core";
import { godot4Dialect } from "@gdvariant/godot-4";
import { heapGrowth } from "@gdvariant/test-support/memory";
import { describe, expect, it } from "vitest";
import { lines, unhex } from "./support/fixtures.js";

function candidatesReadAsTheirDialects(bytes: Uint8Array): void {
  const r = detect(bytes);
  expect(r.candidates.length).toBeGreaterThan(0);
  for (const c of r.candidates) {
    if (c.framing.kind !== "length-prefixed" || c.framing.bigEndian) continue;
    const want = readStoreVarFile(c.dialectObject, bytes).map((x) => x.value);
    const got = c.values as readonly Value[];
    expect(got.length, c.dialect).toBe(want.length);
    for (let i = 0; i < want.length; i++)
      expect(equals(got[i]!, want[i]!), `${c.dialect} record ${i}`).toBe(true);
  }
}

describe("memory on many records", () => {
  it("detect on 1 MiB of Godot 4 NIL store_var records holds under 2 B of heap per input byte, its result of 3 readings included (4 before)", () => {
    const records = 1 << 17;
    const bytes = writeStoreVarFile(
      godot4Dialect(),
      Array.from({ length: records }, () => null),
    );
    expect(bytes.length).toBe(1 << 20);
    detect(bytes); // compiled code is not the result's
    const { retained, beforeGc, result } = heapGrowth(() => detect(bytes));
    expect(result.candidates.map((c) => c.values?.length)).toEqual([records, records, records]);
    const per = (n: number) => `${(n / bytes.length).toFixed(2)} B per input byte`;
    // One array of the values is 1 B per input byte (8-byte slots, 8-byte records).
    expect(retained / bytes.length, `retained ${per(retained)}`).toBeLessThan(2);
    // Before any full collection: what the reading allocated (6 B per input byte before).
    expect(beforeGc / bytes.length, `before a collection ${per(beforeGc)}`).toBeLessThan(3);
  });

  it("readings of one chain that share values until a record differs each give their dialect's values", () => {
    // NIL records (one value in every dialect) and then records each dialect reads as its own
    // objects: the later readings copy the first's values up to the record that differs.
    const values = [null, null, null, 5, null, "x", 2.5, null];
    candidatesReadAsTheirDialects(writeStoreVarFile(godot4Dialect(), values));
    for (const file of ["godot-4.6.3", "godot-3.2.3"])
      for (const [, hex] of lines(`engine-saves/${file}.txt`)) candidatesReadAsTheirDialects(unhex(hex));
  });
});

// The verifier reads `op`, `n`, `flagMask`... of a layout's type entries on every value it walks.
// Entries built with different hidden classes make those loads polymorphic or megamorphic (V8 then
// falls back to its generic load stubs); built by spreading a base object, the 95 entries of the
// three dialects had 60 classes. Checked with V8's own %HaveSameMap.

import { setFlagsFromString } from "node:v8";
import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { describe, expect, it } from "vitest";
// The verifying walk's internals, not part of the package's API: imported from source.
import { layoutOf, type OpEntry } from "../src/layout.js";

setFlagsFromString("--allow-natives-syntax");
// Parsed after the flag is set, so the natives syntax is accepted.
const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

const dialects = [
  godot4Dialect(),
  godot4Dialect({ version: "4.2", precision: "double" }),
  godot3Dialect(),
  legacy2Dialect(),
  legacy2Dialect({ flag64: "accept" }),
];

describe("layout type entries", () => {
  it("the natives check tells objects of different classes apart", () => {
    expect(sameMap({ a: 1, b: 2 }, { a: 3, b: 4 })).toBe(true);
    expect(sameMap({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });

  it("share one hidden class across every dialect", () => {
    const entries = dialects.flatMap((d) => layoutOf(d).ops.filter((e): e is OpEntry => e !== undefined));
    expect(entries.length).toBeGreaterThan(90);
    const first = entries[0]!;
    const odd = entries.filter((e) => !sameMap(first, e)).map((e) => e.kind);
    expect(odd).toEqual([]);
  });
});

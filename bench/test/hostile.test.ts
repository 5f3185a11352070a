// Hostile shapes, each dialect: `__proto__` / `constructor` keys through toJS (no prototype
// pollution), nesting at the 1,024 limit and past it (decode and encode), and hostile counts.

import { decodeAny } from "@gdvariant/auto-detect";
import { DecodeError, EncodeError, GdVariantError, toJS, type Value } from "@gdvariant/core";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import * as legacy2 from "@gdvariant/legacy-2";
import { describe, expect, it } from "vitest";

const dialects = { "godot-4": godot4, "godot-3": godot3, "legacy-2": legacy2 } as const;

const s = (value: string): Value => ({ kind: "string", value });
const dict = (entries: [Value, Value][]): Value => ({ kind: "dictionary", entries });
const int = (value: number): Value => ({ kind: "int", value });

const polluter = dict([
  [s("__proto__"), dict([[s("polluted"), int(1)]])],
  [s("constructor"), dict([[s("prototype"), dict([[s("polluted"), int(2)]])]])],
  [s("toString"), int(3)],
  [s("nested"), dict([[s("__proto__"), dict([[s("polluted"), int(4)]])]])],
]);

function nestedArrays(depth: number): Value {
  let v: Value = { kind: "nil" };
  for (let i = 0; i < depth; i++) v = { kind: "array", items: [v] };
  return v;
}

describe.each(Object.entries(dialects))("%s", (_id, d) => {
  it("toJS keeps __proto__ and constructor keys as plain data", () => {
    const bytes = d.encode(polluter);
    for (const value of [d.decode(bytes), decodeAny(bytes, { ambiguous: "best" })]) {
      const js = toJS(value) as Record<string, unknown>;
      expect(Object.getPrototypeOf(js)).toBe(Object.prototype);
      expect(Object.hasOwn(js, "__proto__")).toBe(true);
      expect(Object.getOwnPropertyDescriptor(js, "__proto__")?.value).toEqual({ polluted: 1 });
      expect(Object.hasOwn(js, "constructor")).toBe(true);
      expect(js.toString).toBe(3);
      const nested = js.nested as Record<string, unknown>;
      expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
      expect(Object.hasOwn(nested, "__proto__")).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
      const asMap = toJS(value, { dictionaries: "map" }) as Map<unknown, unknown>;
      expect(asMap.get("__proto__")).toBeInstanceOf(Map);
    }
  });

  it("decodes 1,024 levels of nesting and refuses 1,025 with the full path", () => {
    const ok = d.encode(nestedArrays(1024));
    expect(d.decode(ok).kind).toBe("array");
    expect(() => toJS(d.decode(ok))).not.toThrow();
    const deep = d.encode(nestedArrays(1024), { maxDepth: 2000 });
    // One more level: wrap the 1,024-deep bytes in one more array header.
    const over = new Uint8Array(deep.length + 8);
    over.set(deep.subarray(0, 8));
    over.set(deep, 8);
    let err: unknown;
    try {
      d.decode(over);
    } catch (e) {
      err = e;
    }
    expect(DecodeError.is(err)).toBe(true);
    const e = err as DecodeError;
    expect(e.code).toBe("depth-exceeded");
    expect(e.path.length).toBe(1025);
    expect(e.path.every((p) => p === 0)).toBe(true);
    expect(e.message).toContain("[0][0][0]");
  });

  it("refuses to encode past the depth limit with the project's error", () => {
    let err: unknown;
    try {
      d.encode(nestedArrays(1100));
    } catch (e) {
      err = e;
    }
    expect(EncodeError.is(err)).toBe(true);
    expect((err as EncodeError).code).toBe("depth-exceeded");
    expect((err as EncodeError).path.length).toBe(1025);
  });

  it("refuses hostile counts before allocating", () => {
    const array = d.encode({ kind: "array", items: [] });
    const v = new DataView(array.buffer, array.byteOffset, array.byteLength);
    for (const count of [0x7fffffff, 0xffffffff, 0x1000000, 0xffffff]) {
      v.setUint32(4, count, true);
      let err: unknown;
      try {
        d.decode(array);
      } catch (e) {
        err = e;
      }
      expect(GdVariantError.is(err), `count ${count}`).toBe(true);
    }
  });
});

// decodeJS reads once with the plain-JS builder; its result must be exactly toJS of the model,
// and its failures exactly decode's, on every engine fixture and cuts of them.
import { toJS } from "@gdvariant/core";
import { decode, decodeJS, encode } from "@gdvariant/godot-4";
import { checkDecodeJS } from "@gdvariant/test-support/decode-js-check";
import { describe, expect, it } from "vitest";
import { allValueFixtures } from "./support/fixtures.js";

describe("decodeJS", () => {
  it("is toJS(decode) on every engine fixture and its cuts, values and errors alike", () => {
    const cases = allValueFixtures().map((f) => ({
      label: `${f.file} ${f.label}`,
      bytes: f.bytes,
      options: { allowObjects: f.full },
    }));
    const r = checkDecodeJS(cases, decodeJS, (b, o) => toJS(decode(b, o), o));
    expect(r.difference).toBeUndefined();
    expect(r.values).toBeGreaterThan(4000);
    expect(r.errors).toBeGreaterThan(10000);
  });

  it("picks objects or Maps by key kind, and keeps __proto__ an own key", () => {
    expect(decodeJS(encode({ hp: 3, name: "Ada" }))).toEqual({ hp: 3, name: "Ada" });
    const byVector = decodeJS(encode(new Map([[{ kind: "vector2", x: 1, y: 2 }, "a"]])));
    expect(byVector).toBeInstanceOf(Map);
    const proto = decodeJS(encode(new Map([["__proto__", 1]]))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(["__proto__"]);
    // A float key 1.0 is not an int key: the dictionary becomes a Map with the number 1.
    expect(decodeJS(encode(new Map([[{ kind: "float", value: 1 }, "x"]])))).toEqual(new Map([[1, "x"]]));
  });
});

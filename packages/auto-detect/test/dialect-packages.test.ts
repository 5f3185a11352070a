// One dialect-package shape: godot-4, godot-3 and legacy-2 check their options the same way (an
// unknown value builds no dialect: EncodeError `invalid-value` from the dialect function and
// encode, DecodeError `invalid-data` from decode) and name their text functions alike.
import { DecodeError, EncodeError } from "@gdvariant/core";
import * as g3 from "@gdvariant/godot-3";
import * as g3text from "@gdvariant/godot-3/text";
import * as g4 from "@gdvariant/godot-4";
import * as g4text from "@gdvariant/godot-4/text";
import * as l2 from "@gdvariant/legacy-2";
import * as l2text from "@gdvariant/legacy-2/text";
import { describe, expect, it } from "vitest";

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

type Any = (...args: unknown[]) => unknown;
const packages = [
  {
    id: "godot-4",
    m: g4,
    dialectOf: g4.godot4Dialect as Any,
    bad: [{ version: "4.9" }, { precision: "half" }],
  },
  { id: "godot-3", m: g3, dialectOf: g3.godot3Dialect as Any, bad: [{ version: "3.9" }] },
  {
    id: "legacy-2",
    m: l2,
    dialectOf: l2.legacy2Dialect as Any,
    bad: [{ flag64: "yes" }, { reals: "floor" }, { nodePathSubnames: "bug" }],
  },
];

describe("dialect packages", () => {
  for (const { id, m, dialectOf, bad } of packages) {
    it(`${id}: refuses an unknown option value the same way everywhere`, () => {
      for (const o of bad) {
        const fromDialect = thrown(() => dialectOf(o));
        expect(EncodeError.is(fromDialect), JSON.stringify(o)).toBe(true);
        expect(fromDialect).toMatchObject({ code: "invalid-value", dialect: id });
        expect((fromDialect as EncodeError).detail).toMatch(/^unknown .* \(expected one of "/);
        expect(thrown(() => (m.encode as Any)({ kind: "nil" }, o))).toMatchObject({
          code: "invalid-value",
          detail: (fromDialect as EncodeError).detail,
        });
        const fromDecode = thrown(() => (m.decode as Any)(new Uint8Array(4), o));
        expect(DecodeError.is(fromDecode)).toBe(true);
        expect(fromDecode).toMatchObject({ code: "invalid-data", offset: 0, dialect: id });
      }
      // Valid options: one cached dialect per option set, the default for none.
      expect(dialectOf({})).toBe(dialectOf());
    });
  }

  it("name their text functions alike (legacy-2's fromText is a deprecated alias)", () => {
    for (const api of [g4, g3, l2, g4text, g3text, l2text]) {
      expect(typeof (api as Record<string, unknown>).parseText).toBe("function");
      expect(typeof (api as Record<string, unknown>).toText).toBe("function");
    }
    expect(l2.fromText).toBe(l2.parseText);
  });
});

import { describe, expect, it } from "vitest";
import { VECTOR_FIELDS } from "../src/value/types.js";
import { malformed } from "../src/value/well-formed.js";

// malformed() reads the commonest kinds before its generic checks: each of them must still name
// the field that is wrong, as the generic field loop does for every other vector kind.
describe("malformed: the kinds read first", () => {
  const good: Record<string, Record<string, unknown>> = {
    string: { value: "s" },
    stringName: { value: "s" },
    int: { value: 5 },
    float: { value: 0.5 },
    bool: { value: true },
    nil: {},
    vector2: { x: 1, y: 2 },
    vector3: { x: 1, y: 2, z: 3 },
    color: { r: 1, g: 0.5, b: 0.25, a: 1 },
    array: { items: [] },
    dictionary: { entries: [] },
  };
  const wrong = ["1", undefined, null, {}, [1]];

  it("takes each well-formed value", () => {
    for (const [kind, fields] of Object.entries(good)) expect(malformed({ kind, ...fields })).toBeUndefined();
  });

  it("names each wrong field of a vector kind, as the field loop of the others does", () => {
    for (const kind of ["vector2", "vector3", "color", "vector4", "rect2"] as const) {
      const fields = VECTOR_FIELDS[kind] as readonly string[];
      const ok = Object.fromEntries(fields.map((f, i) => [f, i + 0.5]));
      expect(malformed({ kind, ...ok })).toBeUndefined();
      for (const f of fields) {
        for (const x of wrong) {
          const why = malformed({ kind, ...ok, [f]: x });
          expect(why).toMatch(new RegExp(`^${kind}\\.${f} must be a number, not `));
        }
      }
    }
  });

  it("names the value field of the scalars, and refuses what has no kind", () => {
    for (const kind of ["string", "stringName", "int", "float", "bool"]) {
      // A string is a string's value; a number is the others'.
      const bad = [...wrong.filter((x) => typeof x !== "string" || !kind.startsWith("string")), 7];
      for (const x of bad.filter((x) => typeof x !== typeof good[kind]!.value))
        expect(malformed({ kind, value: x })).toMatch(new RegExp(`^${kind}\\.value must be `));
    }
    for (const x of [0.5, 2 ** 70, 2n ** 63n])
      expect(malformed({ kind: "int", value: x })).toMatch(/^int\.value must be an int64/);
    expect(malformed({ kind: "int", value: -(2n ** 63n) })).toBeUndefined();
    expect(malformed({ kind: "array", items: 1 })).toMatch(/^array\.items must be an array/);
    expect(malformed({ kind: "dictionary", entries: [[1]] })).toMatch(/^dictionary\.entries must be/);
    expect(malformed({ kind: "dictionary", entries: [], keyType: 3 })).toMatch(
      /^dictionary\.keyType must be/,
    );
    expect(malformed({ kind: "array", items: [], shared: 1 })).toMatch(/^array\.shared must be a boolean/);
    expect(malformed({ kind: new String("int"), value: 1 })).toMatch(/^not a value \(kind /);
    expect(malformed({ kind: "Int", value: 1 })).toMatch(/^not a value \(kind /);
  });
});

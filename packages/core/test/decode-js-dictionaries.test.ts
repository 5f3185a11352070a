// decodeJS fills a dictionary's object as it reads the entries when the reader can promise plain
// keys (Decoder.readDictionary): a key that is not plain at the first entry makes a Map from
// there; past it the reading starts again without promises. Either way the result is exactly
// toJS(decode), and no input is read more than twice.
import {
  type Builder,
  createCodecWith,
  DecodeError,
  decodeJSWith,
  decodeWithLength,
  encodeWith,
  jsBuilder,
  readWith,
  type ToJSOptions,
  toJS,
  type Value,
} from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { modern } from "./support/dialects.js";

const str = (value: string): Value => ({ kind: "string", value });
const int = (value: number): Value => ({ kind: "int", value });
const vec = (x: number): Value => ({ kind: "vector2", x, y: 0 });
const dict = (...entries: [Value, Value][]): Value => ({ kind: "dictionary", entries });
const arr = (...items: Value[]): Value => ({ kind: "array", items });

function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    if (!DecodeError.is(e)) throw e;
    return `${e.code} ${e.offset} ${JSON.stringify(e.path, (_, x) => (typeof x === "bigint" ? `${x}n` : x))}`;
  }
}

// decodeJS against toJS(decode), on the bytes and every cut of them, in both dictionary modes.
function expectToJS(bytes: Uint8Array, label: string): void {
  for (const options of [{}, { dictionaries: "map" }] as ToJSOptions[]) {
    for (let cut = bytes.length; cut >= 0; cut--) {
      const b = bytes.subarray(0, cut);
      const want = outcome(() => toJS(decodeWithLength(modern, b).value, options));
      expect(
        outcome(() => decodeJSWith(modern, b, options)),
        `${label} cut ${cut}`,
      ).toEqual(want);
    }
  }
}

// The JS builder, counting the entries it is given.
function counting(): { builder: Builder; entries: () => number } {
  const b = jsBuilder();
  let n = 0;
  return {
    builder: {
      ...b,
      entry: (acc, i, key, value) => {
        n++;
        b.entry(acc, i, key, value);
      },
    },
    entries: () => n,
  };
}

// {"a": {"a": ... {"a": 1, V(0): 0} ..., V(0): 0}, V(0): 0}: each level's last key is not plain.
function chain(depth: number): Value {
  let v: Value = int(1);
  for (let i = 0; i < depth; i++) v = dict([str("a"), v], [vec(0), int(0)]);
  return v;
}

describe("decodeJS dictionaries", () => {
  it("are toJS(decode) when a key that is not plain comes first, later or never, cut anywhere", () => {
    const inner = dict([str("x"), int(1)], [int(2), str("y")]);
    const cases: [string, Value][] = [
      ["plain", dict([str("a"), int(1)], [int(5), inner], [{ kind: "stringName", value: "n" }, int(2)])],
      ["not plain first", dict([vec(1), int(1)], [str("a"), inner])],
      [
        "not plain later",
        dict([str("a"), inner], [str("b"), arr(inner, inner)], [vec(1), inner], [str("c"), inner]),
      ],
      // 5 and "5" are one key of an object and two of a Map.
      ["5 and '5'", dict([int(5), str("x")], [str("5"), str("y")], [int(5), str("z")])],
      [
        "5 and '5', then not plain",
        dict([int(5), str("x")], [str("5"), str("y")], [int(5), str("z")], [vec(2), int(0)]),
      ],
      ["a float key", dict([str("a"), int(1)], [{ kind: "float", value: 1 }, int(2)])],
      [
        "in an array, after one that is",
        arr(dict([str("a"), int(1)], [vec(1), inner]), inner, dict([str("b"), inner])),
      ],
      ["a chain", chain(6)],
    ];
    for (const [label, v] of cases) expectToJS(encodeWith(modern, v), label);
    // A codec object's decoder, kept from one reading to the next, one after another.
    const codec = createCodecWith(modern, modern);
    for (let round = 0; round < 2; round++) {
      for (const [label, v] of cases) {
        const bytes = encodeWith(modern, v);
        expect(codec.decodeJS(bytes), label).toEqual(toJS(decodeWithLength(modern, bytes).value));
      }
    }
  });

  it("read an input at most twice: a chain of dictionaries whose last key is not plain", () => {
    // Depths small enough that a reader reading again at every level (2^depth entries) still ends.
    for (const depth of [10, 16]) {
      const v = chain(depth);
      const bytes = encodeWith(modern, v);
      const c = counting();
      const got = readWith(modern, bytes, {}, c.builder).value;
      expect(got).toEqual(toJS(decodeWithLength(modern, bytes).value));
      // Each level has two entries: read again level by level, the count would grow with depth² or 2^depth.
      expect(c.entries()).toBeGreaterThanOrEqual(2 * depth);
      expect(c.entries()).toBeLessThanOrEqual(4 * depth);
    }
  });

  it("read a dictionary whose first key is not plain once", () => {
    const bytes = encodeWith(
      modern,
      arr(dict([vec(1), int(1)], [str("a"), int(2)]), dict([str("b"), int(3)])),
    );
    const c = counting();
    readWith(modern, bytes, {}, c.builder);
    expect(c.entries()).toBe(3);
  });
});

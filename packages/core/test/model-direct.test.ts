// The reader calls MODEL's entry, array and dictionary directly when its builder is MODEL
// (Decoder.readEntries, readArray, readDictionary), and through the builder object otherwise:
// a builder that is a copy of MODEL (another object, the same methods) must read the same
// values as decode, and have been called for every entry, array and dictionary.
import { type Builder, decodeWith, encodeWith, MODEL, readWith, type Value } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { modern } from "./support/dialects.js";

const str = (value: string): Value => ({ kind: "string", value });
const int = (value: number): Value => ({ kind: "int", value });
const dict = (...entries: [Value, Value][]): Value => ({ kind: "dictionary", entries });
const arr = (...items: Value[]): Value => ({ kind: "array", items });

describe("MODEL's container methods called directly", () => {
  const value = arr(
    dict([str("a"), int(1)], [str("b"), arr(int(2), str("x"))]),
    dict([int(3), dict([str("c"), arr()])]),
    arr(arr(dict())),
  );
  const bytes = encodeWith(modern, value);

  it("decode reads what a copy of MODEL builds through its methods", () => {
    const calls = { entry: 0, array: 0, dictionary: 0 };
    const copy: Builder = {
      ...MODEL,
      entry: (acc, i, key, v) => {
        calls.entry++;
        MODEL.entry(acc, i, key, v);
      },
      array: (items, type, shared) => {
        calls.array++;
        return MODEL.array(items, type, shared);
      },
      dictionary: (acc, plain, k, v, shared) => {
        calls.dictionary++;
        return MODEL.dictionary(acc, plain, k, v, shared);
      },
    };
    const model = decodeWith(modern, bytes);
    expect(model).toEqual(value);
    expect(readWith(modern, bytes, {}, copy).value).toEqual(model);
    expect(calls).toEqual({ entry: 4, array: 5, dictionary: 4 });
  });
});

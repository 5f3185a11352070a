// Malformed model values (a field of the wrong type, missing or out of the model's range), each
// refused with EncodeError invalid-value and its path: before, { kind: "string", value: 5 }
// encoded as 0 bytes and { kind: "object" } as 4 undecodable ones.
import { convertValue, EncodeError, KINDS, type Value } from "@gdvariant/core";
import { decode, decodeJS, dialect, encode, parseText, toText } from "@gdvariant/godot-3";
import { describeMalformedEncode } from "@gdvariant/test-support/malformed";
import { expect, it } from "vitest";

describeMalformedEncode({
  id: "godot-3",
  kinds: KINDS.filter((k) => dialect.codecForKind(k) !== undefined),
  objects: true,
  encode: (v) => encode(v),
});

it("takes null options as none (they were a raw TypeError or a wrapped one)", () => {
  const none = null as unknown as undefined;
  const bytes = encode([1, "a"]);
  expect(decode(bytes, none)).toEqual(decode(bytes));
  expect(decodeJS(bytes, none)).toEqual([1, "a"]);
  expect(encode([1, "a"], none)).toEqual(bytes);
  expect(toText(decode(bytes), none)).toBe(toText(decode(bytes)));
  expect(parseText('[ 1, "a" ]', none)).toEqual(decode(bytes));
});

it("refuses typed containers in every writer, naming convertValue, which writes them untyped with a loss", () => {
  // 3.2.3 and 3.6 read neither the bytes of a 4.x Array[int] (ERR_INVALID_DATA) nor its text
  // (str2var gives back the string); this writer's toText printed it untyped and said nothing.
  const items: Value[] = [
    { kind: "int", value: 1 },
    { kind: "int", value: 2 },
  ];
  for (const v of [
    { kind: "array", items, elementType: { kind: "builtin", type: "int" } },
    { kind: "dictionary", entries: [[items[0]!, items[1]!]], keyType: { kind: "builtin", type: "int" } },
  ] as Value[]) {
    for (const write of [() => encode(v), () => toText(v)]) {
      let e: unknown;
      try {
        write();
      } catch (x) {
        e = x;
      }
      expect(EncodeError.is(e) && e.code).toBe("unsupported-kind");
      expect((e as Error).message).toContain("convertValue");
    }
    const r = convertValue(v, dialect);
    expect(r.losses.length).toBe(1);
    expect(() => toText(r.value)).not.toThrow();
    expect(decode(encode(r.value))).toEqual(r.value);
  }
});

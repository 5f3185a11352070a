// Malformed model values (a field of the wrong type, missing or out of the model's range), each
// refused with EncodeError invalid-value and its path: before, { kind: "string", value: 5 }
// encoded as 0 bytes and { kind: "object" } as 4 undecodable ones.
import { convertValue, KINDS } from "@gdvariant/core";
import { decode, decodeJS, dialect, encode, parseText, toText } from "@gdvariant/legacy-2";
import { describeMalformedEncode, expectTypedContainersRefused } from "@gdvariant/test-support/malformed";
import { expect, it } from "vitest";

describeMalformedEncode({
  id: "legacy-2",
  kinds: KINDS.filter((k) => dialect.codecForKind(k) !== undefined),
  objects: false,
  encode: (v) => encode(v),
});

it("takes null options as none (they were a raw TypeError)", () => {
  const none = null as unknown as undefined;
  const bytes = encode([1, "a"]);
  expect(decode(bytes, none)).toEqual(decode(bytes));
  expect(decodeJS(bytes, none)).toEqual([1, "a"]);
  expect(encode([1, "a"], none)).toEqual(bytes);
  expect(toText(decode(bytes), none)).toBe(toText(decode(bytes)));
  expect(parseText(toText(decode(bytes)), none)).toEqual(parseText(toText(decode(bytes))));
});

it("refuses typed containers in every writer, naming convertValue, which writes them untyped with a loss", () => {
  expectTypedContainersRefused({ encode, decode, toText, convert: (v) => convertValue(v, dialect) });
});

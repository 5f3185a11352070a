// Malformed model values (a field of the wrong type, missing or out of the model's range), each
// refused with EncodeError invalid-value and its path: before, { kind: "string", value: 5 }
// encoded as 0 bytes and { kind: "object" } as 4 undecodable ones.
import { EncodeError, fromJS, KINDS, writeStoreVarFile } from "@gdvariant/core";
import { decode, decodeJS, decodeWithLength, dialect, encode, encodeInto, toText } from "@gdvariant/godot-4";
import { describeMalformedEncode } from "@gdvariant/test-support/malformed";
import { describe, expect, it } from "vitest";

describeMalformedEncode({
  id: "godot-4",
  kinds: KINDS.filter((k) => dialect.codecForKind(k) !== undefined),
  objects: true,
  encode: (v) => encode(v),
});

describe("the values of issue 36", () => {
  const refusal = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return EncodeError.is(e) ? `${e.code} ${e.pathString}` : `raw ${String(e)}`;
    }
    return "written";
  };

  it("refuses them instead of writing 0, 4 or wrong bytes", () => {
    expect(refusal(() => encode([1, { kind: "string", value: 5 }]))).toBe("invalid-value [1]");
    expect(refusal(() => encode({ kind: "object" }))).toBe("invalid-value ");
    expect(refusal(() => encode({ kind: "int", value: 2n ** 64n }))).toBe("invalid-value ");
    expect(refusal(() => encode({ kind: "int", value: 1.5 }))).toBe("invalid-value ");
    // A store_var file of it was 00000000, a valid empty record.
    expect(refusal(() => writeStoreVarFile(dialect, [1, [1, { kind: "string", value: 5 }]]))).toBe(
      "invalid-value [1][1]",
    );
  });

  it("writes a plain number too large for an int64 as a float, as fromJS infers it", () => {
    expect(decode(encode(1e300))).toEqual({ kind: "float", value: 1e300 });
    expect(fromJS(2 ** 63)).toEqual({ kind: "float", value: 2 ** 63 });
    expect(decode(encode(-(2 ** 63)))).toEqual({ kind: "int", value: -(2n ** 63n) });
  });
});

it("takes null options as none (they were a raw TypeError)", () => {
  const none = null as unknown as undefined;
  const bytes = encode([1, "a"]);
  expect(decode(bytes, none)).toEqual(decode(bytes));
  expect(decodeJS(bytes, none)).toEqual([1, "a"]);
  expect(decodeWithLength(bytes, none).length).toBe(bytes.length);
  expect(encode([1, "a"], none)).toEqual(bytes);
  expect(encodeInto([1, "a"], new Uint8Array(64), 0, none)).toBe(bytes.length);
  expect(toText(decode(bytes), none)).toBe('[1, "a"]');
});

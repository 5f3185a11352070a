// Version targeting: what each 4.x target can read (core/io/marshalls.cpp and PRs #78219,
// #98120), refused with a clear error or, with `downgrade`, written untyped as 4.0-4.2 engines
// did themselves.
import {
  array,
  builtinType,
  dictionary,
  fullObject,
  int,
  nil,
  packedVector4Array,
  string,
} from "@gdvariant/core";
import { decode, encode, featuresOf, GODOT4_VERSIONS, godot4Dialect, TYPE_ID as T } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { Bytes } from "./support/bytes.js";
import { fromHex } from "./support/fixtures.js";
import { refusal } from "./support/refusal.js";

const typedArray = array([int(1), int(2), int(3)], { elementType: builtinType("int") });
const typedDict = dictionary([[string("a"), int(1)]], {
  keyType: builtinType("string"),
  valueType: builtinType("int"),
});
// Engine bytes (vectors.txt array_typed_int) and the untyped layout of the same array.
const TYPED_ARRAY_BYTES = fromHex("1c0001000200000003000000020000000100000002000000020000000200000003000000");
const UNTYPED_ARRAY_BYTES = new Bytes()
  .u32(T.ARRAY)
  .u32(3)
  .u32(T.INT)
  .i32(1)
  .u32(T.INT)
  .i32(2)
  .u32(T.INT)
  .i32(3).bytes;

describe("version targeting", () => {
  it("knows 4.0-4.6 and their features", () => {
    expect(GODOT4_VERSIONS).toEqual(["4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6"]);
    expect(featuresOf("4.2")).toMatchObject({
      typedArrays: false,
      packedVector4Array: false,
      vector4Flag64: true,
    });
    expect(featuresOf("4.3")).toMatchObject({
      typedArrays: true,
      typedDictionaries: false,
      scriptAsPath: true,
    });
    expect(featuresOf("4.4").typedDictionaries).toBe(true);
  });

  it("typed arrays: written typed from 4.3, refused before", () => {
    for (const version of ["4.3", "4.4", "4.5", "4.6"] as const)
      expect(encode(typedArray, { version })).toEqual(TYPED_ARRAY_BYTES);
    for (const version of ["4.0", "4.1", "4.2"] as const) {
      const e = refusal(() => encode(typedArray, { version }));
      expect(e.code).toBe("unsupported-kind");
      expect(e.message).toMatch(/typed array/);
      expect(e.message).toMatch(/4\.3/);
    }
  });

  it("typed arrays with downgrade: the untyped bytes 4.0-4.2 engines wrote", () => {
    for (const version of ["4.0", "4.1", "4.2"] as const) {
      expect(encode(typedArray, { version, downgrade: true })).toEqual(UNTYPED_ARRAY_BYTES);
    }
    // downgrade changes nothing where the target reads typed arrays.
    expect(encode(typedArray, { version: "4.3", downgrade: true })).toEqual(TYPED_ARRAY_BYTES);
  });

  it("typed dictionaries: written typed from 4.4, refused or downgraded for 4.3", () => {
    const typedBytes = encode(typedDict, { version: "4.4" });
    expect(typedBytes.subarray(0, 4)).toEqual(new Uint8Array([0x1b, 0x00, 0x05, 0x00]));
    expect(encode(typedDict, { version: "4.6" })).toEqual(typedBytes);
    const e = refusal(() => encode(typedDict, { version: "4.3" }));
    expect(e.code).toBe("unsupported-kind");
    expect(e.message).toMatch(/4\.4/);
    const untyped = encode(dictionary([[string("a"), int(1)]]));
    expect(encode(typedDict, { version: "4.3", downgrade: true })).toEqual(untyped);
  });

  it("a refusal deep inside a value names its path", () => {
    const v = dictionary([[string("inv"), array([nil(), typedArray])]]);
    const e = refusal(() => encode(v, { version: "4.2" }));
    expect(e.pathString).toBe('["inv"][1]');
  });

  it("PackedVector4Array needs 4.3, with or without downgrade", () => {
    const v = packedVector4Array(new Float32Array([1, 2, 3, 4]));
    for (const version of ["4.0", "4.1", "4.2"] as const) {
      for (const downgrade of [false, true]) {
        const e = refusal(() => encode(v, { version, downgrade }));
        expect(e.code).toBe("unsupported-kind");
        expect(e.message).toMatch(/PackedVector4Array/);
      }
    }
    expect(encode(v, { version: "4.3" }).subarray(0, 4)).toEqual(new Uint8Array([38, 0, 0, 0]));
  });

  it("the `script` property of full objects follows the target", () => {
    const withPath = fullObject("Resource", [["script", string("res://a.gd")]]);
    const withObject = fullObject("Resource", [
      ["script", fullObject("GDScript", [["script/source", string("")]])],
    ]);
    const without = fullObject("Resource", [["script", nil()]]);
    expect(() => encode(withPath, { version: "4.3" })).not.toThrow();
    expect(refusal(() => encode(withPath, { version: "4.2" })).code).toBe("unsupported-kind");
    expect(refusal(() => encode(withObject, { version: "4.6" })).code).toBe("invalid-value");
    expect(refusal(() => encode(fullObject("X", [["script", string("user://a.gd")]]))).code).toBe(
      "invalid-value",
    );
    expect(() => encode(withObject, { version: "4.2" })).not.toThrow();
    for (const version of GODOT4_VERSIONS) expect(() => encode(without, { version })).not.toThrow();
  });

  it("decoding reads every 4.x form whatever the target", () => {
    const typed = decode(TYPED_ARRAY_BYTES, { version: "4.0" });
    expect(typed).toEqual(typedArray);
  });

  it("rejects unknown versions and precisions with an EncodeError", () => {
    for (const bad of [{ version: "4.7" }, { version: "3.5" }, { precision: "half" }] as const) {
      expect(refusal(() => encode(int(1), bad as never)).code).toBe("invalid-value");
      expect(refusal(() => godot4Dialect(bad as never)).code).toBe("invalid-value");
    }
  });

  it("caches one dialect per option set; option sets coexist", () => {
    const a = godot4Dialect({ version: "4.2" });
    expect(godot4Dialect({ version: "4.2" })).toBe(a);
    expect(godot4Dialect({ version: "4.2", precision: "double" })).not.toBe(a);
    expect(godot4Dialect()).toBe(godot4Dialect({ version: "4.6", precision: "single", downgrade: false }));
    expect(a.engineVersions).toBe("4.2");
    expect(godot4Dialect({ version: "4.4", precision: "double" }).engineVersions).toBe(
      "4.4, double precision",
    );
    expect(a.typeCount).toBe(39);
  });
});

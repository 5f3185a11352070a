// swapBytes is what ByteReader.typed and ByteWriter.typed use on a big-endian host (this test
// machine is little-endian, so those branches cannot run here): little-endian wire bytes,
// swapped per element, must be the big-endian form of the same values, and swapping twice must
// give the input back.
import { describe, expect, it } from "vitest";
// swapBytes is internal (not exported): imported from source.
import { swapBytes } from "../src/bytes/reader.js";

const cases = [
  { name: "Int32Array", size: 4, values: [0, 1, -2, 0x12345678, -2147483648], get: "getInt32" },
  {
    name: "Float32Array",
    size: 4,
    values: [0, 1.5, -0.25, Math.fround(3.4e38), Number.NaN],
    get: "getFloat32",
  },
  { name: "Float64Array", size: 8, values: [0, Math.PI, -1e-300, 2 ** 60], get: "getFloat64" },
  { name: "BigInt64Array", size: 8, values: [0n, -1n, 2n ** 62n + 7n, -(2n ** 63n)], get: "getBigInt64" },
] as const;

describe("swapBytes", () => {
  it.each(cases)("$name: little-endian wire bytes become the big-endian layout", (c) => {
    const n = c.values.length;
    const wire = new Uint8Array(n * c.size + 3);
    const le = new DataView(wire.buffer, 3);
    c.values.forEach((v, i) => {
      const setter = c.get.replace("get", "set") as "setInt32";
      (le[setter] as (o: number, v: unknown, little: boolean) => void).call(le, i * c.size, v, true);
    });
    const out = new Uint8Array(n * c.size + 2);
    swapBytes(wire, 3, out, 2, n * c.size, c.size);
    const be = new DataView(out.buffer, 2);
    c.values.forEach((v, i) => {
      const got = (be[c.get] as (o: number, little: boolean) => unknown).call(be, i * c.size, false);
      expect(got).toEqual(v);
    });
    expect(out.subarray(0, 2)).toEqual(new Uint8Array(2));
    const back = new Uint8Array(wire.length);
    swapBytes(out, 2, back, 3, n * c.size, c.size);
    expect(back.subarray(3)).toEqual(wire.subarray(3));
  });

  it("leaves one-byte elements as they are", () => {
    const src = Uint8Array.of(1, 2, 3, 4, 5);
    const dst = new Uint8Array(5);
    swapBytes(src, 0, dst, 0, 5, 1);
    expect(dst).toEqual(src);
  });
});

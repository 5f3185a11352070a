import type { Codec, DecodeContext } from "../dialect/contract.js";
import type {
  PackedByteArrayValue,
  PackedColorArrayValue,
  PackedFloat32ArrayValue,
  PackedFloat64ArrayValue,
  PackedInt32ArrayValue,
  PackedInt64ArrayValue,
  PackedStringArrayValue,
  PackedVector2ArrayValue,
  PackedVector3ArrayValue,
  PackedVector4ArrayValue,
} from "../value/types.js";
import { badField, checkArray } from "./check.js";
import { checkSign, defineCodec, FLAG_64 } from "./define.js";
import { BYTES_LAYOUT, packedLayout, STRINGS_LAYOUT } from "./layouts.js";
import type { MathPrecision } from "./math.js";

function count(ctx: DecodeContext, stride: number, what: string): number {
  const at = ctx.reader.pos;
  const n = ctx.reader.u32();
  checkSign(ctx, n, at, what);
  ctx.checkCount(n, stride, at);
  return n;
}

/** Byte array: u32 count, the bytes, padding (the engine checks only that the bytes exist). */
export function packedByteArrayCodec(
  wireId: number,
  name = "PACKED_BYTE_ARRAY",
): Codec<PackedByteArrayValue> {
  return defineCodec<PackedByteArrayValue>({
    wireId,
    kind: "packedByteArray",
    name,
    decode: (ctx) => {
      const n = count(ctx, 1, name);
      const data = ctx.copy
        ? ctx.reader.bytes.slice(ctx.reader.pos, ctx.reader.pos + n)
        : ctx.reader.bytesView(n);
      if (ctx.copy) ctx.reader.pos += n;
      ctx.reader.skipPadding(n, false);
      return { kind: "packedByteArray", data };
    },
    encode: (ctx, v) => {
      // Uint8Array#set takes any array-like (and 300 as 44): only a Uint8Array is a byte array.
      if (!(v.data instanceof Uint8Array)) badField(ctx, "packedByteArray", "data", v.data, "a Uint8Array");
      ctx.checkCount(v.data.length);
      ctx.writer.u32(v.data.length);
      ctx.writer.bytes(v.data);
      ctx.writer.pad(v.data.length);
    },
    layout: BYTES_LAYOUT,
  });
}

type Fixed =
  | PackedInt32ArrayValue
  | PackedInt64ArrayValue
  | PackedFloat32ArrayValue
  | PackedFloat64ArrayValue
  | PackedColorArrayValue;

/** Packed arrays of fixed-size numbers: u32 element count, then the elements. */
export function packedNumberCodec<V extends Fixed>(wireId: number, kind: V["kind"], name: string): Codec<V> {
  const ctor = (kind === "packedInt32Array"
    ? Int32Array
    : kind === "packedInt64Array"
      ? BigInt64Array
      : kind === "packedFloat64Array"
        ? Float64Array
        : Float32Array) as unknown as { new (n: number): V["data"]; BYTES_PER_ELEMENT: number };
  const stride = kind === "packedColorArray" ? 4 : 1;
  const size = ctor.BYTES_PER_ELEMENT * stride;
  return defineCodec<V>({
    wireId,
    kind,
    name,
    decode: (ctx) => {
      const n = count(ctx, size, name);
      const data = ctx.reader.typed(ctor as never, n * stride, ctx.copy);
      return { kind, data } as V;
    },
    encode: (ctx, v) => {
      const data = v.data as unknown as ArrayBufferView & { length: number; BYTES_PER_ELEMENT: number };
      if (!(data instanceof (ctor as unknown as Function)) || data.length % stride !== 0) {
        const ctorName = (ctor as unknown as Function).name;
        badField(ctx, kind, "data", data, stride > 1 ? `a ${ctorName} of whole colors` : `a ${ctorName}`);
      }
      ctx.checkCount(data.length / stride);
      ctx.writer.u32(data.length / stride);
      ctx.writer.typed(data);
    },
    layout: packedLayout(
      kind === "packedInt32Array"
        ? "i32"
        : kind === "packedInt64Array"
          ? "i64"
          : kind === "packedFloat64Array"
            ? "f64"
            : "f32",
      stride,
    ),
  });
}

type VectorArray = PackedVector2ArrayValue | PackedVector3ArrayValue | PackedVector4ArrayValue;

/**
 * Packed Vector2/3/4 arrays: u32 count, then count × stride reals (f32, or f64 with FLAG_64
 * where `precision` allows). Decodes to a Float32Array, or a Float64Array for flagged data.
 */
export function packedVectorCodec<V extends VectorArray>(
  wireId: number,
  kind: V["kind"],
  name: string,
  precision: MathPrecision = {},
): Codec<V> {
  const stride = kind === "packedVector2Array" ? 2 : kind === "packedVector3Array" ? 3 : 4;
  const flag64 = precision.flag64 === true;
  const write64 = flag64 && precision.write64 === true;
  return defineCodec<V>({
    wireId,
    kind,
    name,
    flagMask: flag64 ? FLAG_64 : 0,
    decode: (ctx, header) => {
      const wide = flag64 && (header & FLAG_64) !== 0;
      const n = count(ctx, stride * (wide ? 8 : 4), name);
      const data = wide
        ? ctx.reader.typed(Float64Array, n * stride, ctx.copy)
        : ctx.reader.typed(Float32Array, n * stride, ctx.copy);
      return { kind, data } as V;
    },
    header: () => (write64 ? wireId | FLAG_64 : wireId),
    encode: (ctx, v, header) => {
      const data = v.data;
      if (!(data instanceof Float32Array || data instanceof Float64Array) || data.length % stride !== 0)
        badField(ctx, kind, "data", data, `a Float32Array or Float64Array of ${stride} numbers a vector`);
      ctx.checkCount(data.length / stride);
      ctx.writer.u32(data.length / stride);
      const wide = (header & FLAG_64) !== 0;
      if (wide === data instanceof Float64Array) ctx.writer.typed(data);
      else ctx.writer.floats(data, wide);
    },
    layout: packedLayout("real", stride),
  });
}

/**
 * String arrays: u32 count, then per element u32 (N+1), N UTF-8 bytes, a NUL, zero padding.
 * Elements written without the NUL (length N) decode the same, as in the engine.
 */
export function packedStringArrayCodec(
  wireId: number,
  name = "PACKED_STRING_ARRAY",
): Codec<PackedStringArrayValue> {
  return defineCodec<PackedStringArrayValue>({
    wireId,
    kind: "packedStringArray",
    name,
    decode: (ctx) => {
      const n = count(ctx, 4, name);
      // Grown as elements are read, not made at the count's size first: a count that the bytes
      // could back at 4 bytes an element (a misread PoolVector3Array, say) made an 87,381-slot
      // array before its first element failed, half a millisecond per wrong guess in
      // auto-detect. V8 grows the array at amortised constant cost.
      const data: string[] = [];
      for (let i = 0; i < n; i++) data.push(ctx.reader.string());
      return { kind: "packedStringArray", data };
    },
    encode: (ctx, v) => {
      // The writer refuses an element that is not a string.
      const data = checkArray(ctx, "packedStringArray", "data", v.data) as readonly string[];
      ctx.checkCount(data.length);
      ctx.writer.u32(data.length);
      for (let i = 0; i < data.length; i++) ctx.writer.string(data[i]!, true);
    },
    layout: STRINGS_LAYOUT,
  });
}

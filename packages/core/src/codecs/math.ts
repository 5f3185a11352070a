import type { ByteReader } from "../bytes/reader.js";
import type { Codec } from "../dialect/contract.js";
import {
  MATRIX_SIZES,
  type MatrixKind,
  type ValueOf,
  VECTOR_FIELDS,
  type VectorKind,
} from "../value/types.js";
import { badField, isInt32 } from "./check.js";
import { defineCodec, FLAG_64 } from "./define.js";
import { inline, inlineTagOf, Tag } from "./inline.js";
import { intsLayout, realsLayout } from "./layouts.js";

/**
 * Precision of the real-valued math types.
 * - `flag64`: the decoder honours header bit 16 (f64 payload); 4.x decoders do, 2.x/3.x ignore it.
 * - `write64`: the encoder writes f64 with the flag (4.x `precision=double` builds).
 */
export interface MathPrecision {
  flag64?: boolean;
  write64?: boolean;
}

type Read = (r: ByteReader) => number;
const F32: Read = (r) => r.f32();
const F64: Read = (r) => r.f64();
const I32: Read = (r) => r.i32();

// Object literals for the common kinds (one hidden class each, fields in wire order); the
// others are built field by field (smaller code; they are rare in game data).
const BUILD: { [K in VectorKind]?: (r: ByteReader, n: Read) => ValueOf<K> } = {
  vector2: (r, n) => ({ kind: "vector2", x: n(r), y: n(r) }),
  vector3: (r, n) => ({ kind: "vector3", x: n(r), y: n(r), z: n(r) }),
  color: (r, n) => ({ kind: "color", r: n(r), g: n(r), b: n(r), a: n(r) }),
};

const INT_KINDS: ReadonlySet<VectorKind> = new Set(["vector2i", "rect2i", "vector3i", "vector4i"]);

/**
 * Fixed-size vector-like types: Vector2/3/4(i), Rect2(i), Plane, Quaternion, AABB, Color.
 * Integer kinds are always i32; real kinds f32, or f64 with FLAG_64 where `precision` allows.
 */
export function vectorCodec<K extends VectorKind>(
  wireId: number,
  kind: K,
  name: string,
  precision: MathPrecision = {},
): Codec<ValueOf<K>> {
  const fields = VECTOR_FIELDS[kind] as readonly string[];
  const isInt = INT_KINDS.has(kind);
  const build =
    (BUILD[kind] as ((r: ByteReader, n: Read) => ValueOf<K>) | undefined) ??
    ((r: ByteReader, n: Read) => {
      const out: Record<string, unknown> = { kind };
      for (const f of fields) out[f] = n(r);
      return out as ValueOf<K>;
    });
  const flag64 = !isInt && precision.flag64 === true;
  const write64 = flag64 && precision.write64 === true;
  const size = fields.length * 4;
  const tag = inlineTagOf(kind);
  return defineCodec<ValueOf<K>>({
    wireId,
    kind: kind as ValueOf<K>["kind"],
    name,
    flagMask: flag64 ? FLAG_64 : 0,
    decode: (ctx, header) => {
      const r = ctx.reader;
      const wide = flag64 && (header & FLAG_64) !== 0;
      r.need(wide ? size * 2 : size, name);
      return build(r, isInt ? I32 : wide ? F64 : F32);
    },
    header: () => (write64 ? wireId | FLAG_64 : wireId),
    encode: (ctx, v, header) => {
      const w = ctx.writer;
      const rec = v as unknown as Record<string, number>;
      for (const f of fields) {
        const x = rec[f]!;
        if (isInt) {
          if (!isInt32(x)) badField(ctx, kind, f, x, "an int32");
          w.i32(x);
        } else if (header & FLAG_64) w.f64(x);
        else w.f32(x);
      }
    },
    // Read inline only for f32 payloads: a header with FLAG_64 takes the codec (which honours
    // or ignores the flag per `precision`); written inline only where the writer writes f32.
    inline: tag === Tag.NONE ? undefined : inline(tag, !write64),
    layout: isInt ? intsLayout(fields.length) : realsLayout(fields.length),
  });
}

/** Matrix types (Transform2D/Matrix32, Basis/Matrix3, Transform3D, Projection): `values` in wire order. */
export function matrixCodec<K extends MatrixKind>(
  wireId: number,
  kind: K,
  name: string,
  precision: MathPrecision = {},
): Codec<ValueOf<K>> {
  const count = MATRIX_SIZES[kind];
  const flag64 = precision.flag64 === true;
  const write64 = flag64 && precision.write64 === true;
  return defineCodec<ValueOf<K>>({
    wireId,
    kind: kind as ValueOf<K>["kind"],
    name,
    flagMask: flag64 ? FLAG_64 : 0,
    decode: (ctx, header) => {
      const r = ctx.reader;
      const wide = flag64 && (header & FLAG_64) !== 0;
      r.need(count * (wide ? 8 : 4), name);
      const values = new Array<number>(count);
      for (let i = 0; i < count; i++) values[i] = wide ? r.f64() : r.f32();
      return { kind, values } as unknown as ValueOf<K>;
    },
    header: () => (write64 ? wireId | FLAG_64 : wireId),
    encode: (ctx, v, header) => {
      const values = (v as unknown as { values: readonly number[] }).values;
      // The writer's floats refuses an element that is not a number.
      if (!Array.isArray(values) || values.length !== count)
        badField(ctx, kind, "values", values, `an array of ${count} numbers`);
      ctx.writer.floats(values, (header & FLAG_64) !== 0);
    },
    layout: realsLayout(count),
  });
}

import type { Codec } from "../dialect/contract.js";
import type {
  BoolValue,
  FloatValue,
  IntValue,
  NilValue,
  StringNameValue,
  StringValue,
} from "../value/types.js";
import { badField, checkBoolean, checkInt64 } from "./check.js";
import { defineCodec, FLAG_64 } from "./define.js";
import { inline, Tag } from "./inline.js";
import { BOOL_LAYOUT, FLOAT_LAYOUT, INT_LAYOUT, NO_PAYLOAD, STRING_LAYOUT } from "./layouts.js";

/** The one nil value every decode returns (frozen). */
export const NIL: NilValue = /* @__PURE__ */ Object.freeze({ kind: "nil" });

export function nilCodec(wireId: number): Codec<NilValue> {
  return defineCodec<NilValue>({
    wireId,
    kind: "nil",
    name: "NIL",
    decode: () => NIL,
    encode: () => {},
    inline: inline(Tag.NIL, true),
    layout: NO_PAYLOAD,
  });
}

export function boolCodec(wireId: number): Codec<BoolValue> {
  return defineCodec<BoolValue>({
    wireId,
    kind: "bool",
    name: "BOOL",
    // The engine reads any nonzero u32 as true and writes 0/1.
    decode: (ctx) => ({ kind: "bool", value: ctx.reader.u32() !== 0 }),
    encode: (ctx, v) => {
      checkBoolean(ctx, "bool", "value", v.value);
      ctx.writer.u32(v.value ? 1 : 0);
    },
    inline: inline(Tag.BOOL, true),
    layout: BOOL_LAYOUT,
  });
}

/**
 * How ints are written: `"auto"` 32-bit unless the value needs 64 (3.1+, 4.x),
 * `"always-64"` every int 64-bit with FLAG_64 (the 3.0.x encoder bug), `"32-only"` never
 * 64-bit; a value outside int32 is refused with `out-of-range` (2.x).
 */
export type IntWidth = "auto" | "always-64" | "32-only";

function fitsI32(v: number | bigint): boolean {
  return typeof v === "number" && v >= -2147483648 && v <= 2147483647;
}

/** INT: header bit 16 selects i64 over i32. Decoding accepts both in every width mode. */
export function intCodec(wireId: number, width: IntWidth = "auto"): Codec<IntValue> {
  return defineCodec<IntValue>({
    wireId,
    kind: "int",
    name: "INT",
    flagMask: FLAG_64,
    decode: (ctx, header) => ({
      kind: "int",
      value: header & FLAG_64 ? ctx.reader.i64n() : ctx.reader.i32(),
    }),
    header: (v, ctx) => {
      // The writer's i64 refuses what is not an int64, but an i32 would write 1.5 as 1.
      checkInt64(ctx, "int", "value", v.value);
      if (width === "always-64") return wireId | FLAG_64;
      if (fitsI32(v.value)) return wireId;
      if (width === "32-only") {
        throw ctx.error("out-of-range", `int ${v.value} does not fit the 32-bit int of ${ctx.dialect.name}`);
      }
      return wireId | FLAG_64;
    },
    encode: (ctx, v, header) => {
      if (header & FLAG_64) ctx.writer.i64(v.value);
      else ctx.writer.i32(v.value as number);
    },
    inline: inline(Tag.INT, width === "auto"),
    layout: INT_LAYOUT,
  });
}

/**
 * How floats are written: `"auto"` f32 when `Math.fround(v) === v` (so NaN is always f64, as
 * in the engine), `"32-only"` always f32; a value that f32 cannot hold exactly is refused with
 * `out-of-range` unless `round` is set (2.x).
 */
export function floatCodec(
  wireId: number,
  width: "auto" | "32-only" = "auto",
  options: { round?: boolean; name?: string } = {},
): Codec<FloatValue> {
  return defineCodec<FloatValue>({
    wireId,
    kind: "float",
    name: options.name ?? "FLOAT",
    flagMask: FLAG_64,
    decode: (ctx, header) => ({
      kind: "float",
      value: header & FLAG_64 ? ctx.reader.f64() : ctx.reader.f32(),
    }),
    header: (v, ctx) => {
      if (typeof v.value !== "number") badField(ctx, "float", "value", v.value, "a number");
      const exact = Math.fround(v.value) === v.value;
      if (width === "auto") return exact ? wireId : wireId | FLAG_64;
      if (!exact && !Number.isNaN(v.value) && !options.round) {
        throw ctx.error(
          "out-of-range",
          `float ${v.value} is not exact in the 32-bit real of ${ctx.dialect.name} (encode with round: true to round it)`,
        );
      }
      return wireId;
    },
    encode: (ctx, v, header) => {
      if (header & FLAG_64) ctx.writer.f64(v.value);
      else ctx.writer.f32(v.value);
    },
    inline: inline(Tag.FLOAT, width === "auto"),
    layout: FLOAT_LAYOUT,
  });
}

/** STRING and STRING_NAME: u32 length, UTF-8, zero padding to 4. */
export function stringCodec(wireId: number): Codec<StringValue> {
  return defineCodec<StringValue>({
    wireId,
    kind: "string",
    name: "STRING",
    decode: (ctx) => ({ kind: "string", value: ctx.reader.string() }),
    encode: (ctx, v) => ctx.writer.string(v.value),
    inline: inline(Tag.STRING, true),
    layout: STRING_LAYOUT,
  });
}

export function stringNameCodec(wireId: number): Codec<StringNameValue> {
  return defineCodec<StringNameValue>({
    wireId,
    kind: "stringName",
    name: "STRING_NAME",
    decode: (ctx) => ({ kind: "stringName", value: ctx.reader.string() }),
    encode: (ctx, v) => ctx.writer.string(v.value),
    inline: inline(Tag.STRING_NAME, true),
    layout: STRING_LAYOUT,
  });
}

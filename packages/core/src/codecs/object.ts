import type { Codec, EncodeContext } from "../dialect/contract.js";
import type {
  CallableValue,
  NilValue,
  ObjectProperty,
  ObjectValue,
  RidValue,
  SignalValue,
} from "../value/types.js";
import { badField, checkArray, checkInt64 } from "./check.js";
import { checkSign, defineCodec, FLAG_64 } from "./define.js";
import { ID_LAYOUT, NO_PAYLOAD, OBJECT_LAYOUT, SIGNAL_LAYOUT } from "./layouts.js";

/** RID: a u64 id (4.x) or nothing at all (2.x/3.x, which decode an empty RID). */
export function ridCodec(wireId: number, payload: boolean): Codec<RidValue> {
  return defineCodec<RidValue>({
    wireId,
    kind: "rid",
    name: "RID",
    decode: (ctx) => ({ kind: "rid", id: payload ? ctx.reader.i64n() : 0 }),
    encode: (ctx, v) => {
      if (payload) ctx.writer.i64(v.id);
      // Not written, but a malformed value all the same.
      else checkInt64(ctx, "rid", "id", v.id);
    },
    layout: payload ? ID_LAYOUT : NO_PAYLOAD,
  });
}

function badForm(ctx: EncodeContext, v: ObjectValue): never {
  return badField(ctx, "object", "form", (v as { form?: unknown }).form, '"id", "full" or "null"');
}

/** The NIL type id: 3.x/4.x write a null object as a bare NIL header. */
const NIL_ID = 0;

/**
 * OBJECT, 3.x/4.x. Header bit 16 set: u64 instance id. Clear: a full object, class name then
 * u32 property count and (name, Variant) pairs; an empty class name is null. Full objects are
 * refused with `objects-not-allowed` unless the caller allows them (checked before the class
 * name is read, as in the engine). A `NullObjectValue` is written as a bare NIL header, which is
 * how 3.x (late) and 4.x write null objects.
 */
export function objectCodec(wireId: number): Codec<ObjectValue> {
  return defineCodec<ObjectValue>({
    wireId,
    kind: "object",
    name: "OBJECT",
    flagMask: FLAG_64,
    decode: (ctx, header, start) => {
      const r = ctx.reader;
      if (header & FLAG_64) return { kind: "object", form: "id", id: r.i64n() };
      if (!ctx.allowObjects) {
        throw ctx.error("objects-not-allowed", "a full object needs allowObjects: true", start);
      }
      const className = r.string();
      if (className === "") return { kind: "object", form: "full", className, properties: [] };
      const at = r.pos;
      const count = r.u32();
      checkSign(ctx, count, at, "property");
      ctx.checkCount(count, 8, at);
      const properties: ObjectProperty[] = [];
      for (let i = 0; i < count; i++) {
        const name = r.string();
        properties.push([name, ctx.decodeProperty(name)]);
      }
      return { kind: "object", form: "full", className, properties };
    },
    header: (v, ctx) =>
      v.form === "id"
        ? wireId | FLAG_64
        : v.form === "null"
          ? NIL_ID
          : v.form === "full"
            ? wireId
            : badForm(ctx, v),
    encode: (ctx, v) => {
      const w = ctx.writer;
      if (v.form === "id") w.i64(v.id);
      else if (v.form === "full") {
        w.string(v.className);
        if (v.className === "") return;
        const properties = checkArray(ctx, "object", "properties", v.properties) as readonly ObjectProperty[];
        ctx.checkCount(properties.length);
        w.u32(properties.length);
        for (let i = 0; i < properties.length; i++) {
          const p = properties[i];
          if (!Array.isArray(p) || p.length !== 2)
            badField(ctx, "object", `properties[${i}]`, p, "a [name, value] pair");
          const name = p[0];
          w.string(name);
          ctx.encodeProperty(p[1], name);
        }
      }
    },
    layout: OBJECT_LAYOUT,
  });
}

/** OBJECT in 2.x: a bare header, decoded as a null object. Only the null form can be written. */
export function bareObjectCodec(wireId: number): Codec<ObjectValue> {
  return defineCodec<ObjectValue>({
    wireId,
    kind: "object",
    name: "OBJECT",
    decode: () => ({ kind: "object", form: "null" }),
    header: (v, ctx) => {
      if (v.form !== "null") {
        if (v.form !== "id" && v.form !== "full") badForm(ctx, v);
        throw ctx.error(
          "unsupported-kind",
          `${ctx.dialect.name} cannot carry objects (only a bare null header)`,
        );
      }
      return wireId;
    },
    encode: () => {},
    layout: NO_PAYLOAD,
  });
}

/** 4.x CALLABLE: header only; the engine never sends a Callable's content. */
export function callableCodec(wireId: number): Codec<CallableValue> {
  return defineCodec<CallableValue>({
    wireId,
    kind: "callable",
    name: "CALLABLE",
    decode: () => ({ kind: "callable" }),
    encode: () => {},
    layout: NO_PAYLOAD,
  });
}

/** 4.x SIGNAL: the signal name (padded string) and the owner's u64 object id. */
export function signalCodec(wireId: number): Codec<SignalValue> {
  return defineCodec<SignalValue>({
    wireId,
    kind: "signal",
    name: "SIGNAL",
    decode: (ctx) => {
      const name = ctx.reader.string();
      return { kind: "signal", name, objectId: ctx.reader.i64n() };
    },
    encode: (ctx, v) => {
      ctx.writer.string(v.name);
      ctx.writer.i64(v.objectId);
    },
    layout: SIGNAL_LAYOUT,
  });
}

export type { NilValue };
